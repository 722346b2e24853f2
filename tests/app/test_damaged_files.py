"""Damaged files that used to stop the app (issue 19, item 8): each is written as a player's
disk might hold it, then the app starts, opens or continues as the player would. Nothing
crashes, the bad part falls back to its default with a notice, and nothing else is lost."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

import pygame
import pytest

from app.core import resume, storage
from app.core.last_setup import recall
from app.core.replay_file import Replay, entries, replays_dir, write
from app.window.scenes.menu import MenuScene
from app.window.scenes.replay_list import ReplaysScene
from app.window.scenes.setup import SetupScene
from app.core.session import SeatPlan, Session, Setup
from app.window.tables.seahaven_parts import autosave_path, load_progress
from games.registry import GAMES
from tests.app.ui_driver import FRAME, make_app, table


@pytest.fixture(autouse=True)
def fresh_notices():
    storage.notices.clear()
    yield
    storage.notices.clear()
    pygame.quit()


def write_file(path: Path, data: Any, version: int = 1) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"version": version, "data": data}))


def whist_seats() -> list[dict[str, Any]]:
    return [{"human": True, "difficulty": "normal"}] + [{"human": False, "difficulty": "hard"}] * 3


# --- settings.json: last_setup ---------------------------------------------------------------

@pytest.mark.parametrize("seed", ["abc", [1, 2]])
def test_a_seed_that_is_text_or_a_list_starts_a_random_deal_with_a_notice(private_home, seed):
    write_file(private_home / "settings.json",
               {"last_setup": {"whist": {"seats": whist_seats(), "options": {"target": 5}, "seed": seed}}})
    app = make_app()
    scene = SetupScene(app, GAMES["whist"])
    app.start(scene)
    assert scene.setup.seed is None and scene.setup.options["target"] == 5
    assert [p.difficulty for p in scene.setup.seats[1:]] == ["hard"] * 3   # the rest is kept
    scene.start()                                      # was: TypeError
    app.step(FRAME)
    assert isinstance(app.scenes.top.session.seed, int)
    assert sum("seed" in text for text, _ in app.notices) == 1


GOOD = {"seats": [{"human": True, "difficulty": "normal"}] + [{"human": False, "difficulty": "hard"}] * 4,
        "options": {"tokens": 2}, "seed": 77}


@pytest.mark.parametrize(("field", "value"), [
    ("seats", [{"human": False, "difficulty": "hard"}] * 30),
    ("seats", []),
    ("seats", "four"),
    ("options", {"tokens": -1}),
    ("options", {"tokens": "3"}),
    ("options", {"tokens": True}),                     # True == 1, but not a number of tokens
    ("options", {"colour": "red"}),
    ("options", ["tokens"]),
    ("seed", -5),
    ("seed", 2.5),
    ("seed", True),
])
def test_each_last_setup_field_falls_back_alone(field, value):
    spec = GAMES["ninety_nine"]
    setup, problems = recall(spec, {**GOOD, field: value})
    assert len(problems) == 1
    default = Setup.default(spec)
    assert setup.seats == (default.seats if field == "seats" else
                           [SeatPlan(True)] + [SeatPlan(False, "hard")] * 4)
    assert setup.options == ({"tokens": 3} if field == "options" else {"tokens": 2})
    assert setup.seed == (None if field == "seed" else 77)


def test_an_unknown_level_resets_only_that_seat():
    spec = GAMES["ninety_nine"]
    seats = [{"human": True, "difficulty": "normal"}, {"human": False, "difficulty": "godlike"},
             {"human": False, "difficulty": "easy"}, {"human": "yes", "difficulty": "easy"}]
    setup, problems = recall(spec, {"seats": seats, "options": {}, "seed": 3})
    assert setup.seats == [SeatPlan(True), SeatPlan(False, "normal"), SeatPlan(False, "easy"),
                           SeatPlan(False, "normal")]
    assert problems == ["an unknown player or level for seat 2, seat 4"]


def test_a_bad_setup_field_is_one_notice_on_the_setup_screen(private_home):
    write_file(private_home / "settings.json", {"last_setup": {"ninety_nine": {
        **GOOD, "seats": [{"human": True, "difficulty": "normal"}] * 30, "options": {"tokens": 9}}}})
    app = make_app()
    scene = SetupScene(app, GAMES["ninety_nine"])
    assert len(scene.setup.seats) == 4 and scene.setup.seed == 77
    assert len(app.notices) == 1
    assert "30 players" in app.notices[0][0] and "tokens each set to 9" in app.notices[0][0]


def test_a_long_notice_wraps_inside_a_small_window(monkeypatch):
    import app.window.ui.widgets as widgets

    drawn: list[pygame.Rect] = []
    panel = widgets.panel
    monkeypatch.setattr(widgets, "panel", lambda surface, rect, **kw: (drawn.append(rect), panel(surface, rect, **kw)))
    app = make_app((800, 560))
    app.start(MenuScene(app))
    app.notify("Your last Ninety-Nine setup had 30 players, tokens each set to -1, an unknown "
               "option 'colour' and the seed 'abc'; those are back to the default.")
    app.step(FRAME)
    notice = drawn[-1]
    assert 0 <= notice.left and notice.right <= 800 and notice.height > 40   # two lines


# --- settings.json: window_size --------------------------------------------------------------

@pytest.mark.parametrize(("saved", "opened"), [
    ([1, 1], (800, 560)), ([16384, 1], (3840, 560)), ([16384, 16384], (3840, 2160)),
])
def test_a_window_size_out_of_bounds_is_brought_within_them(private_home, saved, opened):
    write_file(private_home / "settings.json", {"window_size": saved})
    app = storage_app()
    assert app.screen.get_size() == opened and tuple(app.settings.window_size) == opened
    assert len(app.notices) == 1 and "out of bounds" in app.notices[0][0]
    app.start(MenuScene(app))
    app.step(FRAME)                                    # was: "Invalid resolution for Surface"


def storage_app():
    """The app opened at the size the settings ask for (no size named, as the player's
    app and the self-test open it)."""
    from app.window.shell import App

    return App(headless=True)


# --- seahaven_autosave.json ------------------------------------------------------------------

def seahaven_move() -> list[Any]:
    from games.seahaven import rules as sh

    move = sh.state_for(5).legal_actions(0)[0]
    return [str(move.card), move.to.kind, move.to.index, move.chained]


def test_a_seahaven_save_without_moves_is_set_aside_and_the_table_opens():
    write_file(autosave_path(), {"deal": 5, "options": {}, "elapsed": 3.0})
    app = make_app()
    scene = table(app, "seahaven", seed=9)              # was: KeyError 'moves'
    app.step(FRAME)
    assert scene.offer is None
    assert not autosave_path().exists() and list(autosave_path().parent.glob("seahaven_autosave.bad-*"))
    assert any("moves" in text for text, _ in app.notices)


@pytest.mark.parametrize("elapsed", ["NaN", "Infinity", "-Infinity", "-3"])
def test_a_seahaven_clock_that_is_not_a_time_restarts_and_the_game_is_kept(elapsed):
    autosave_path().parent.mkdir(parents=True, exist_ok=True)
    move = json.dumps([seahaven_move()])
    autosave_path().write_text(
        f'{{"version": 1, "data": {{"deal": 5, "options": {{}}, "elapsed": {elapsed}, "moves": {move}}}}}')
    saved = load_progress()
    assert saved is not None and saved["elapsed"] == 0.0 and len(saved["history"]) == 1
    assert len(storage.notices) == 1 and "clock" in storage.notices[0]


# --- replays and the autosave ----------------------------------------------------------------

def test_a_replay_name_holding_a_nul_is_listed_without_it():
    replay = Replay("nash", [SeatPlan(True), SeatPlan(False)], {}, 3, [], None, "unfinished",
                    "2026-01-01 10:00", "bad\x00name", "0.1")
    write(replay, replays_dir() / "nul.json")
    assert [e.label for e in entries()] == ["badname"]
    app = make_app()
    app.start(ReplaysScene(app))
    app.step(FRAME)                                    # was: ValueError drawing the list


def test_an_autosave_holding_a_reflex_game_is_never_continued(private_home):
    from games.ratscrew.rules import Flip

    session = Session(GAMES["ratscrew"], Setup("ratscrew", [SeatPlan(True), SeatPlan(False)], {}, 4))
    now = 0
    for _ in range(30):
        now += 400
        session.state.advance(now)
        if session.state.turn is not None:
            session.apply(Flip(session.state.turn, now))
    storage.write_json(resume.autosave_path(), Replay.from_session(session).to_data(), 1)
    app = make_app()
    menu = MenuScene(app)
    app.start(menu)
    app.step(FRAME)
    assert menu.saved is None                          # no "Continue Egyptian Ratscrew"
    menu.continue_game()                               # was: IllegalAction
    assert resume.resume() is None and not resume.autosave_path().exists()
    assert any("against the clock" in text for text, _ in app.notices)


# --- temporary files left by killed saves ----------------------------------------------------

def test_stale_temporary_files_are_cleared_at_start_up(private_home):
    old = [private_home / ".settings.json.x1y2.tmp", private_home / "replays" / ".auto-1.json.abc.tmp"]
    fresh = private_home / ".stats.json.q9.tmp"        # perhaps another Parlour saving now
    mine = private_home / "notes.tmp"                  # not a save's: left alone
    for path in (*old, fresh, mine):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("{")
    an_hour_ago = time.time() - 3600
    for path in (*old, mine):
        os.utime(path, (an_hour_ago, an_hour_ago))
    make_app()
    assert not any(path.exists() for path in old)
    assert fresh.exists() and mine.exists()
