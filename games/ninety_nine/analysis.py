"""The coach for Ninety-Nine: for each card the player could play, the count it would make
and the chance it was safe (that the player did not lose the hand at their next turn),
from what they could know: the unseen cards by rank and every hand's size. The model is
the Hard player's (games/ninety_nine/bots.py ``Odds``): another hand is a random set of
the unseen cards, and a player plays a random card that fits. It is a probability, not a
solved game: it says which card was the safer bet, not what would have happened.
"""

from __future__ import annotations

from typing import Any, Collection, Sequence

from games.core.analysis import Analysis, Decision, Progress, Review, review_game
from games.ninety_nine.bots import Odds, _my_risk, after_play, count_after, seats_before_me
from games.ninety_nine.rules import NinetyNineOptions, NinetyNineState, Play

UNIT = "chance"
MISTAKE = 0.10  # ten points of safety given away is a mistake


def safe_chance(view: Any, odds: Odds, play: Play) -> float:
    """The chance that, after ``play``, the player is not stuck when the turn comes back."""
    first, direction = after_play(view, play)
    count = count_after(view.count, play)
    kept = list(view.hand)
    kept.remove(play.card)
    if first == view.seat:  # (two players and a 3: the turn comes straight back)
        at_me = {count: 1.0}
    else:
        order = seats_before_me(view, first, direction)
        _, at_me = odds.walk(tuple(view.hand_sizes[s] for s in order), count)
    return 1.0 - _my_risk(odds, kept, view.stock_size > 0, at_me)


def analyse(state: NinetyNineState, seat: int) -> Analysis:
    view = state.view(seat)
    plays = [p for p in view.legal if isinstance(p, Play)]
    counts = {p: count_after(view.count, p) for p in plays}
    if len(plays) <= 1:
        return Analysis({}, reason="forced", extra={"counts": counts})
    odds = Odds.from_view(view)
    return Analysis({p: safe_chance(view, odds, p) for p in plays}, extra={"counts": counts},
                    mistake_at=MISTAKE)


def judge(state: Any, seat: int, action: Any, index: int) -> Decision | None:
    if not isinstance(action, Play):
        return None
    view = state.view(seat)
    return Decision(index, seat, "card", len(view.pile) + 1, action, analyse(state, seat), view.hand_number)


def review(options: NinetyNineOptions, seed: int, actions: Sequence[Any], seat: int,
           progress: Progress | None = None, only: Collection[int] | None = None) -> Review:
    from games.registry import GAMES

    return review_game(GAMES["ninety_nine"], options, seed, actions, seat, judge, UNIT, progress, only)
