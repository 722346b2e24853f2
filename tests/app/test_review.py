"""The coach in the app: ``parlour review FILE`` in words and JSON, and the Review screen
opened from the results screen with real events, stepping to a mistake."""

from __future__ import annotations

import json
import re

import pygame
import pytest

from app.core import replay_file
from app.cli.main import main
from app.window.scenes.review import ReviewControls
from tests.app.test_replay_ui import button, finish_a_game
from tests.app.test_replays import played
from tests.app.ui_driver import click, post_key, step_until

CARD_CODE = re.compile(r"\b(?:[2-9TJQKA][SHDC]|JK)\b")


def _saved(game_id: str, seed: int, tmp_path) -> str:
    replay, _ = played(game_id, seed)
    path = tmp_path / f"{game_id}.json"
    replay_file.write(replay, path)
    return str(path)


def test_review_json_has_each_decision_with_its_values(tmp_path, capsys):
    path = _saved("abstrac", 2, tmp_path)
    assert main(["review", path, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "abstrac" and data["seat"] == 0 and data["unit"] == "points"
    takes = [d for d in data["decisions"] if d["kind"] == "take" and d["values"]]
    assert takes and all(d["chosen"] in d["values"] for d in takes)
    assert all(d["cost"] == round(d["best"] - d["values"][d["chosen"]], 3) for d in takes)
    assert data["summary"] and not CARD_CODE.search(data["summary"])


def test_review_in_words_for_another_seat(tmp_path, capsys):
    path = _saved("abstrac", 2, tmp_path)
    assert main(["review", path, "--seat", "2"]) == 0
    out = capsys.readouterr().out
    assert "review of Player 2" in out and ("Best play." in out or "Cost:" in out)


@pytest.mark.parametrize("args, words", [
    (["--seat", "5"], "--seat must be between 1 and 2"),
])
def test_review_refuses_a_seat_that_is_not_there(tmp_path, capsys, args, words):
    path = _saved("abstrac", 2, tmp_path)
    with pytest.raises(SystemExit) as stop:
        main(["review", path, *args])
    assert stop.value.code == 2 and words in capsys.readouterr().err


def test_review_of_a_game_the_coach_does_not_cover_says_so(tmp_path, capsys):
    path = _saved("ratscrew", 2, tmp_path)
    with pytest.raises(SystemExit):
        main(["review", path])
    assert "does not review Egyptian Ratscrew" in capsys.readouterr().err


def test_review_from_the_results_screen_steps_to_a_mistake(app):
    results = finish_a_game(app, "abstrac")
    click(app, button(results, "Review").rect.center)
    scene = app.scenes.top
    assert isinstance(scene, ReviewControls) and scene.paused and scene.session.done == 0
    step_until(app, lambda: app.scenes.top.coach.job.poll(), frames=20_000)
    review = scene.coach.review
    assert review is not None and review.mistakes, "easy players make mistakes"
    post_key(app, pygame.K_m, "m")
    top = app.scenes.top
    assert isinstance(top, ReviewControls) and top.session.done == review.mistakes[0].index
    decision, _ = top.current_decision(review)
    assert decision is review.mistakes[0]
    app.step(1 / 60)  # the panel draws that decision
    if len(review.mistakes) > 1:
        post_key(app, pygame.K_m, "m")
        assert app.scenes.top.session.done == review.mistakes[1].index
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m, mod=pygame.KMOD_LSHIFT, unicode="M"))
        app.step(1 / 60)
        assert app.scenes.top.session.done == review.mistakes[0].index
    post_key(app, pygame.K_ESCAPE)
    assert app.scenes.top is results


def test_m_jumps_to_a_bid_that_cost_chips_and_the_panel_marks_it(app):
    """A Nap bid that cost chips is listed with the mistakes in the summary: M reaches it
    too, though no card play was a mistake (a bid's cost is not in tricks)."""
    from app.window.routes import open_review

    replay, _ = played("nap", 3)  # seat 0 bids Two in hand 4 and it costs 3 chips
    scene = open_review(app, replay)
    step_until(app, lambda: app.scenes.top.coach.job.poll(), frames=20_000)
    review = scene.coach.review
    assert review is not None and not review.mistakes
    bids = [d for d in review.decisions if d.bid_cost > 0]
    assert bids and review.costly == bids
    post_key(app, pygame.K_m, "m")
    top = app.scenes.top
    assert isinstance(top, ReviewControls) and top.session.done == bids[0].index
    assert top.current_decision(review)[0] is bids[0]


# --- Seahaven's "still winnable" lamp ---------------------------------------------------------


def _seahaven_table(app, actions):
    from app.core.session import SeatPlan, Session, Setup
    from app.window.tables import table_for
    from games.registry import GAMES

    spec = GAMES["seahaven"]
    session = Session(spec, Setup("seahaven", [SeatPlan(True, "normal")], {o.key: o.default for o in spec.options}, 1))
    for action in actions:
        session.apply(action)
    session.resumed = True
    scene = table_for("seahaven")(app, session)
    app.start(scene)
    return scene


def test_the_winnable_lamp_follows_the_worker_and_the_setting(app, monkeypatch):
    from app.window.tables.seahaven import SeahavenTable
    from tests.games.test_analysis import _seahaven_loss

    lit = []
    monkeypatch.setattr(SeahavenTable, "_draw_lamp", lambda self, surface, rect: lit.append(self.winnable_now()))
    actions, lost_at = _seahaven_loss()
    scene = _seahaven_table(app, actions[:lost_at])
    step_until(app, lambda: scene.winnable_now() != "checking")
    assert scene.winnable_now() == "yes" and lit == []  # off by default: no lamp drawn
    app.settings.winnable_light = True
    app.step(1 / 60)
    assert lit[-1] == "yes"
    scene = _seahaven_table(app, actions[:lost_at + 1])
    step_until(app, lambda: scene.winnable_now() != "checking")
    app.step(1 / 60)
    assert scene.winnable_now() == "no" and lit[-1] == "no"


def test_the_replays_list_reviews_the_chosen_replay_with_r(app):
    from app.window.scenes.replay_list import ReplaysScene

    replay, _ = played("abstrac", 1)
    replay.date = "2026-01-01"
    replay_file.save_named(replay, "Game 1")
    post_key(app, pygame.K_r)  # the menu's Replays
    assert isinstance(app.scenes.top, ReplaysScene)
    post_key(app, pygame.K_r)  # review the chosen one
    scene = app.scenes.top
    assert isinstance(scene, ReviewControls) and scene.coach.replay.actions == replay.actions
    step_until(app, lambda: app.scenes.top.coach.job.poll(), frames=20_000)
    assert scene.coach.review is not None and scene.coach.review.decisions
    post_key(app, pygame.K_v)  # the other seat's review starts
    assert scene.coach.seat == 1
    post_key(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, ReplaysScene)


def test_review_json_judges_euchre_calls_by_the_tricks_each_trump_suit_takes(tmp_path, capsys):
    path = _saved("euchre", 3, tmp_path)
    assert main(["review", path, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    calls = [d for d in data["decisions"] if d["kind"] == "call"]
    assert calls, "seat 0 spoke in the calling"
    for call in calls:
        table = call["extra"]["bid"]["double_dummy"]
        assert set(table) == {"S", "H", "D", "C"} and all(0 <= t <= 5 for t in table.values())
        bid = call["extra"]["bid"]  # single-dummy for the suits it could make trumps then
        assert bid["single_dummy"] and set(bid["make_chance"]) == set(bid["single_dummy"]) == set(bid["expected_points"])
        assert all(0 <= p <= 1 for p in bid["make_chance"].values())
    assert data["notes"] == []  # calls, the discard and the cards are all reviewed
