"""Replays and Continue in the app, driven by posted key and mouse events: the results
screen saves a replay by name, the Replays screen lists, plays and deletes, the playback
keys pause, step and change speed, a left game comes back from the menu, and bad files
never stop the app."""

from __future__ import annotations

import json

import pygame
import pytest

from app import replays, resume, storage
from app.replays import Replay
from app.scenes.menu import MenuScene
from app.scenes.replay import ReplayControls, open_replay
from app.scenes.replays import ReplaysScene
from app.scenes.results import ResultsScene
from app.session import SeatPlan
from app.shell import App
from games.registry import GAMES

from tests.app.test_replays import played
from tests.app.ui_driver import click, make_app, post_key, step_until, table


@pytest.fixture(autouse=True)
def clean_notices():
    storage.notices.clear()
    yield
    storage.notices.clear()


@pytest.fixture
def app():
    application = make_app()
    application.start(MenuScene(application))
    application.step(1 / 60)
    yield application
    pygame.quit()


def type_text(app: App, text: str) -> None:
    for char in text:
        post_key(app, pygame.key.key_code(char) if char != " " else pygame.K_SPACE, char)


def finish_a_game(app: App, game_id: str = "nash") -> ResultsScene:
    app.settings.animation_speed = "instant"
    table(app, game_id, humans=0, seats=2, seed=4)
    for _ in range(5000):  # long frames: a reflex game's clock moves by the frame's time
        if isinstance(app.scenes.top, ResultsScene):
            return app.scenes.top
        app.step(0.2)
        app.scenes.top.session.settle()
    raise AssertionError("the game did not end")


def button(scene, label: str):
    return next(b for b in scene.row.buttons if b.label == label)


# --- the results screen ------------------------------------------------------------------------


def test_a_finished_game_is_kept_and_can_be_saved_by_name(app):
    results = finish_a_game(app)
    autos = list(replays.replays_dir().glob("auto-*.json"))
    assert len(autos) == 1
    kept = replays.load(autos[0])
    assert kept.actions == results.session.actions and kept.seed == results.session.seed
    click(app, button(results, "Save replay").rect.center)
    assert results.prompt is not None
    post_key(app, pygame.K_RETURN)  # nothing typed yet: refused, the box stays open
    assert results.prompt is not None and "name" in results.prompt.problem
    type_text(app, "a/b")
    post_key(app, pygame.K_RETURN)
    assert results.prompt is not None and "letters" in results.prompt.problem
    for _ in range(3):
        post_key(app, pygame.K_BACKSPACE)
    type_text(app, "Close one")
    post_key(app, pygame.K_RETURN)
    assert results.prompt is None
    saved = replays.load(replays.replays_dir() / "Close one.json")
    assert saved is not None and saved.name == "Close one" and saved.actions == kept.actions
    assert any("Saved as 'Close one'" in message for message, _ in app.notices)


@pytest.mark.parametrize("game_id", ["abstrac", "nails"])
def test_the_kept_replay_rebuilds_the_game_as_played_at_the_table(app, game_id):
    results = finish_a_game(app, game_id)
    (path,) = replays.replays_dir().glob("auto-*.json")
    state, _ = replays.rebuild(replays.load(path))
    assert state == results.session.state


def test_escape_in_the_name_box_cancels_without_leaving(app):
    results = finish_a_game(app)
    click(app, button(results, "Save replay").rect.center)
    type_text(app, "abc")
    post_key(app, pygame.K_ESCAPE)
    assert results.prompt is None and app.scenes.top is results
    assert [p.name for p in replays.replays_dir().iterdir() if not p.name.startswith("auto-")] == []


# --- the Replays screen and playback -------------------------------------------------------------


def save(replay: Replay, name: str) -> None:
    replay.date = "2026-01-0" + name[-1]
    replays.save_named(replay, name)


def test_the_menu_lists_replays_and_plays_one_with_the_keys(app):
    first, _ = played("abstrac", 1)
    second, final = played("nash", 2)
    save(first, "Game 1")
    save(second, "Game 2")
    post_key(app, pygame.K_r)
    listing = app.scenes.top
    assert isinstance(listing, ReplaysScene)
    assert [e.name for e in listing.entries] == ["Game 2", "Game 1"]  # newest first
    post_key(app, pygame.K_RETURN)
    scene = app.scenes.top
    assert isinstance(scene, ReplayControls) and scene.session.spec.id == "nash"
    post_key(app, pygame.K_SPACE)
    assert scene.paused
    done = scene.session.done
    for _ in range(90):  # paused: time passes, nothing is played
        app.step(1 / 60)
    assert scene.session.done == done
    post_key(app, pygame.K_RIGHT)
    step_until(app, lambda: scene.idle, 600)
    assert scene.session.done == done + 1
    post_key(app, pygame.K_n)
    step_until(app, lambda: scene.idle, 600)
    assert scene.session.done == done + 2 and scene.paused
    post_key(app, pygame.K_4)
    assert scene.speed == 4
    click(app, scene.speed_buttons[1].rect.center)
    assert scene.speed == 2
    post_key(app, pygame.K_SPACE)
    assert not scene.paused
    scene.speed = 50  # (as fast as the frames go, for the test)
    step_until(app, lambda: scene.finished, 3000)
    assert scene.session.state == final
    assert app.scenes.top is scene  # it stays on the last position
    post_key(app, pygame.K_r)  # and plays again from the start
    assert isinstance(app.scenes.top, ReplayControls) and app.scenes.top is not scene
    assert app.scenes.top.session.done == 0 and app.scenes.top.speed == 50
    post_key(app, pygame.K_ESCAPE)
    assert app.scenes.top is listing


def test_delete_asks_first(app):
    replay, _ = played("nash", 3)
    save(replay, "Game 1")
    post_key(app, pygame.K_r)
    listing = app.scenes.top
    post_key(app, pygame.K_DELETE)
    assert listing.confirm is not None
    post_key(app, pygame.K_n)  # kept
    assert listing.confirm is None and len(listing.entries) == 1
    post_key(app, pygame.K_DELETE)
    post_key(app, pygame.K_y)
    assert listing.entries == [] and not (replays.replays_dir() / "Game 1.json").exists()


def test_a_reflex_replay_plays_to_the_same_end(app):
    replay, final = played("nails", 2)
    scene = open_replay(app, replay)
    scene.speed = 4
    step_until(app, lambda: scene.finished, 6000)
    state = scene.session.state
    assert state.is_over() and scene.session.actions == replay.actions
    assert state == final
    assert scene.session.broken == ""


def test_a_recording_the_rules_refuse_stops_with_a_sentence(app):
    replay, _ = played("nash", 2)
    replay.actions[3], replay.actions[4] = replay.actions[4], replay.actions[3]
    scene = open_replay(app, replay)
    scene.speed = 50
    step_until(app, lambda: bool(scene.session.broken), 3000)
    assert "Action 4" in scene.session.broken and "not allowed" in scene.session.broken
    for _ in range(30):
        app.step(1 / 60)
    assert scene.session.done == 3 and scene.paused


def test_watching_from_another_seat_and_hiding_the_controls(app):
    replay, _ = played("whist", 1)
    scene = open_replay(app, replay)
    assert scene.viewer == 0
    post_key(app, pygame.K_v)
    assert scene.viewer == 1
    post_key(app, pygame.K_h)
    assert not scene.bar_shown
    for _ in range(60):
        app.step(1 / 60)


# --- Continue --------------------------------------------------------------------------------


def left_game(app: App) -> object:
    app.settings.animation_speed = "instant"
    scene = table(app, "ninety_nine", humans=1, seats=3, seed=7)
    for _ in range(40):
        if scene.human_turn:
            scene.act(scene.session.state.legal_actions(scene.viewer)[0])
        app.step(1 / 60)
        scene.session.settle()
    assert len(scene.session.actions) >= 4
    return scene


def test_a_left_game_continues_from_the_menu(app):
    scene = left_game(app)
    state = scene.session.state.clone()
    post_key(app, pygame.K_ESCAPE)  # pause, then leave to the menu
    pause = app.scenes.top
    pause.leave()
    menu = app.scenes.top
    assert isinstance(menu, MenuScene) and menu.saved is not None
    assert menu.continue_button.label == "Continue Ninety-Nine"
    app.settings.animation_speed = "normal"  # so no computer player moves in the frame the key takes
    post_key(app, pygame.K_c)
    again = app.scenes.top
    assert again.session.state == state and again.session.actions == scene.session.actions


def test_a_game_continues_after_the_app_quits(app):
    scene = left_game(app)
    actions = list(scene.session.actions)
    state = scene.session.state.clone()
    app.quit()
    resume.flush()
    pygame.quit()
    fresh = make_app()
    menu = MenuScene(fresh)
    fresh.start(menu)
    assert menu.saved is not None
    click(fresh, menu.continue_button.rect.center)
    assert fresh.scenes.top.session.state == state and fresh.scenes.top.session.actions == actions


def test_a_finished_game_clears_continue(app):
    left_game(app)  # a game is kept...
    resume.flush()
    assert resume.peek() is not None
    app.settings.animation_speed = "instant"
    scene = table(app, "nash", humans=1, seats=2, seed=4)  # ...then another is played out
    for _ in range(3000):
        if isinstance(app.scenes.top, ResultsScene):
            break
        if scene.human_turn:
            scene.act(scene.session.state.legal_actions(scene.viewer)[0])
        app.step(1 / 60)
        scene.session.settle()
    assert isinstance(app.scenes.top, ResultsScene)
    resume.flush()
    assert resume.peek() is None


# --- bad files never stop the app -------------------------------------------------------------


@pytest.mark.parametrize("name", ["autosave.json", "replays/broken.json"])
@pytest.mark.parametrize("content", ["{\"version\": 1, \"da", json.dumps({"version": 42, "data": {}}),
                                     json.dumps({"version": 1, "data": {"game": "whist", "seed": "x"}})])
def test_bad_files_are_set_aside_and_the_app_starts(private_home, name, content):
    path = private_home / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(content)
    app = make_app()
    menu = MenuScene(app)
    app.start(menu)
    app.step(1 / 60)
    post_key(app, pygame.K_r)
    assert isinstance(app.scenes.top, ReplaysScene) and app.scenes.top.entries == []
    app.step(1 / 60)
    assert not path.exists()
    assert any(path.name in message for message, _ in app.notices), app.notices
    pygame.quit()


def test_a_replay_gone_bad_since_listing_is_set_aside_when_played(app):
    replay, _ = played("nash", 1)
    save(replay, "Game 1")
    post_key(app, pygame.K_r)
    listing = app.scenes.top
    (replays.replays_dir() / "Game 1.json").write_text("{}")
    post_key(app, pygame.K_RETURN)
    assert app.scenes.top is listing and listing.entries == []
    assert any("Game 1.json" in message for message, _ in app.notices)


def test_every_table_opens_as_a_replay(app):
    for game_id in GAMES:
        replay, _ = played(game_id, 1)
        replay.seats = [SeatPlan(i == 0, "easy") for i in range(len(replay.seats))]
        scene = open_replay(app, replay)
        scene.speed = 4
        step_until(app, lambda: scene.session.done > 1, 1200)
        assert scene.session.broken == "", game_id
        post_key(app, pygame.K_v)
        post_key(app, pygame.K_ESCAPE)
        assert isinstance(app.scenes.top, MenuScene)


@pytest.mark.parametrize("game_id", [g for g, spec in GAMES.items()
                                     if not spec.realtime and g not in resume.OWN_AUTOSAVE])
def test_every_kept_game_continues_at_its_table(app, game_id):
    spec = GAMES[game_id]
    app.settings.animation_speed = "instant"
    scene = table(app, game_id, humans=1, seed=2)
    for _ in range(400):
        if scene.human_turn:
            scene.act(scene.session.state.legal_actions(scene.viewer)[-1])
        app.step(1 / 60)
        scene.session.settle()
        if len(scene.session.actions) >= 6:
            break
    scene.pause()
    app.scenes.top.leave()
    moves = len(scene.session.actions)
    app.settings.animation_speed = "normal"  # so no computer player moves in the frame the key takes
    post_key(app, pygame.K_c)
    app.settings.animation_speed = "instant"
    again = app.scenes.top
    assert again.session.state == scene.session.state, spec.title
    for _ in range(300):  # play goes on from where it was
        if again.human_turn:
            again.act(again.session.state.legal_actions(again.viewer)[-1])
        app.step(1 / 60)
        again.session.settle()
        if len(again.session.actions) > moves + 3 or not isinstance(app.scenes.top, type(again)):
            break
    assert len(again.session.actions) > moves, spec.title


def test_a_reflex_replay_steps_to_the_next_action_while_paused(app):
    replay, _ = played("nails", 3)
    scene = open_replay(app, replay)
    post_key(app, pygame.K_SPACE)
    for _ in range(30):
        app.step(1 / 60)
    assert scene.session.done == 0 and scene.session.state.now_ms < replay.actions[0].at_ms
    post_key(app, pygame.K_RIGHT)
    assert scene.session.done >= 1 and scene.paused
    assert scene.session.actions[0] == replay.actions[0]
    assert scene.session.state.now_ms == replay.actions[0].at_ms


def test_leaving_a_reflex_game_says_it_cannot_be_continued(app):
    scene = table(app, "ratscrew", humans=1, seats=3, seed=2)
    for _ in range(400):
        app.step(1 / 30)
    assert scene.session.actions and not scene.session.state.is_over()
    scene.pause()
    app.scenes.top.leave()
    assert any("cannot be continued" in message for message, _ in app.notices)
    resume.flush()
    assert resume.peek() is None and app.scenes.top.saved is None
