"""``parlour review FILE [--json] [--seat N]``: the coach's analysis of a saved replay, in
words or as JSON (the analysis itself: app/core/review.py and games/<game>/analysis.py)."""

from __future__ import annotations

import json

from app.core.replay_file import Replay
from app.core.review import seat_name
from games.core.analysis import Review, to_data


def as_text(replay: Replay, review: Review) -> str:
    from app.core.words.deal_words import deal_number
    from app.core.words.review_words import HEADINGS, decision_lines, summary, where

    who = seat_name(replay, review.seat)
    lines = [f"{replay.spec.title}, {deal_number(replay.seed).lower()}: review of {who if who != 'You' else 'your seat'}",
             summary(review, who), ""]
    if review.unit in HEADINGS:
        lines += [HEADINGS[review.unit] + ".", ""]
    for decision in review.decisions:
        lines.append(f"{where(decision, review.unit).capitalize()}:" + ("  MISTAKE" if decision.costly else ""))
        lines += [f"    {line}" for line in decision_lines(decision, review.unit)]
    return "\n".join(lines)


def as_json(replay: Replay, review: Review) -> str:
    from app.core.words.review_words import option_words, summary

    data = to_data(review, option_words)
    data["summary"] = summary(review, seat_name(replay, review.seat))
    data["seed"] = replay.seed
    return json.dumps(data, ensure_ascii=False, indent=1)
