"""Replays and Continue in the app, driven by posted key and mouse events: the results
screen saves a replay by name, the Replays screen lists, plays and deletes, the playback
keys pause, step and change speed, a left game comes back from the menu, and bad files
never stop the app."""

from __future__ import annotations

import json

import pygame
import pytest

from app.core import replay_file, resume, storage
from app.window.input.bindings import slot_choose_key, slot_keys
from app.window.render import text as text_module
from app.window.render.surface_cache import MB, SurfaceLRU
from app.core.replay_file import Replay
from app.window.scenes.menu import MenuScene
from app.window.routes import open_replay
from app.window.scenes.replay_watch import ReplayControls
from app.window.scenes.replay_list import ReplaysScene
from app.window.scenes.results import ResultsScene
from app.core.session import SeatPlan
from app.window.shell import App
from games.registry import GAMES

from tests.app.test_replays import played
from tests.app.ui_driver import click, make_app, post_key, say_ready, step_until, table


@pytest.fixture(autouse=True)
def clean_notices():
    storage.notices.clear()
    yield
    storage.notices.clear()


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
    autos = list(replay_file.replays_dir().glob("auto-*.json"))
    assert len(autos) == 1
    kept = replay_file.load(autos[0])
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
    saved = replay_file.load(replay_file.replays_dir() / "Close one.json")
    assert saved is not None and saved.name == "Close one" and saved.actions == kept.actions
    assert any("Saved as 'Close one'" in message for message, _ in app.notices)


@pytest.mark.parametrize("game_id", ["abstrac", "nails"])
def test_the_kept_replay_rebuilds_the_game_as_played_at_the_table(app, game_id):
    results = finish_a_game(app, game_id)
    (path,) = replay_file.replays_dir().glob("auto-*.json")
    state, _ = replay_file.rebuild(replay_file.load(path))
    assert state == results.session.state


def test_escape_in_the_name_box_cancels_without_leaving(app):
    results = finish_a_game(app)
    click(app, button(results, "Save replay").rect.center)
    type_text(app, "abc")
    post_key(app, pygame.K_ESCAPE)
    assert results.prompt is None and app.scenes.top is results
    assert [p.name for p in replay_file.replays_dir().iterdir() if not p.name.startswith("auto-")] == []


# --- the Replays screen and playback -------------------------------------------------------------


def save(replay: Replay, name: str) -> None:
    replay.date = "2026-01-0" + name[-1]
    replay_file.save_named(replay, name)


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
    assert listing.entries == [] and not (replay_file.replays_dir() / "Game 1.json").exists()


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
    (replay_file.replays_dir() / "Game 1.json").write_text("{}")
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
                                     if not spec.realtime and not spec.own_autosave])
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
    say_ready(app)
    for _ in range(400):
        app.step(1 / 30)
    assert scene.session.actions and not scene.session.state.is_over()
    scene.pause()
    app.scenes.top.leave()
    assert any("cannot be continued" in message for message, _ in app.notices)
    resume.flush()
    assert resume.peek() is None and app.scenes.top.saved is None


# --- a replay is watched, not played ------------------------------------------------------------

# Words only a player is shown: turn prompts, mouse and key help, the tables' own controls.
PLAYER_PROMPTS = ("Your turn", "your turn", "click", "Drag", "H taller", "H smaller", "undo or restart",
                  "1-5", "take the next card", "Undo", "New deal", "Deal #", "H hint", "O: show",
                  "go first or second", "· mouse", "Study the row")


class TextsDrawn(SurfaceLRU):
    """Stands in for the text cache and notes every text asked for while a frame is drawn."""

    def __init__(self) -> None:
        super().__init__("the texts of a frame", 64 * MB)
        self.asked: list[str] = []

    def get(self, key):  # type: ignore[override]
        self.asked.append(key[0])
        return super().get(key)


def texts_of_a_frame(app: App, monkeypatch) -> list[str]:
    drawn = TextsDrawn()
    monkeypatch.setattr(text_module, "_texts", drawn)
    app.step(1 / 60)
    monkeypatch.undo()
    return drawn.asked


def prompts_in(texts: list[str], scene) -> list[str]:
    caps = {f" {name}   " for name in getattr(scene, "key_names", ())}  # a key cap's label
    return [t for t in texts if t in caps or any(p in t for p in PLAYER_PROMPTS)]


def at_the_viewers_turn(app: App, scene) -> None:
    """Step the replay, paused, to a position where its human is to act, everything shown."""
    scene.paused = True
    for _ in range(400):
        step_until(app, lambda: scene.idle, 600)
        state = scene.session.state
        if scene.session.done > 0 and not state.is_over() and scene.viewer in state.to_act():
            return
        scene.step()
        app.step(1 / 60)
    raise AssertionError("the human never had a turn")


@pytest.mark.parametrize("game_id", [g for g, spec in GAMES.items() if not spec.realtime and spec.max_seats > 1])
def test_a_turn_table_shows_no_prompt_and_takes_no_input_at_the_humans_turn(app, game_id, monkeypatch):
    app.settings.animation_speed = "instant"
    scene = open_replay(app, played(game_id, 2)[0])
    at_the_viewers_turn(app, scene)
    assert not scene.human_turn
    for check in ("playable_cards", "choosing_call", "_choosing", "_taking"):
        if hasattr(scene, check):
            assert not getattr(scene, check)(), (game_id, check)
    texts = texts_of_a_frame(app, monkeypatch)
    assert texts and prompts_in(texts, scene) == [], game_id
    done, state = scene.session.done, scene.session.state.clone()
    w, h = scene.size
    for spot in [(w * x // 8, h * y // 8) for x in range(1, 8) for y in range(2, 8)]:
        click(app, spot)  # everywhere on the table: cards, piles, the table's own buttons
    for key in (pygame.K_RETURN, pygame.K_1, pygame.K_3, pygame.K_LEFT, pygame.K_UP, pygame.K_z):
        post_key(app, key)
    assert scene.session.done == done and scene.session.state == state, game_id
    assert app.scenes.top is scene


@pytest.mark.parametrize("game_id", ["whist", "nap", "abstrac"])
def test_the_same_turn_table_played_shows_its_prompts(app, game_id, monkeypatch):
    """(The other side of the test above: the words it looks for are there for a player.)"""
    app.settings.animation_speed = "instant"
    scene = table(app, game_id, humans=1, seed=2)
    step_until(app, lambda: scene.human_turn, 3000)
    assert prompts_in(texts_of_a_frame(app, monkeypatch), scene) != [], game_id


@pytest.mark.parametrize("game_id", [g for g, spec in GAMES.items() if spec.realtime])
def test_a_reflex_table_shows_no_key_caps_and_its_keys_do_not_play(app, game_id, monkeypatch):
    replay, _ = played(game_id, 2)
    scene = open_replay(app, replay)
    assert scene.mouse_seat is None
    assert all(scene.keycaps(seat, 14) is None for seat in range(scene.session.state.seats))
    step_until(app, lambda: scene.session.done >= 2, 6000)
    texts = texts_of_a_frame(app, monkeypatch)
    assert texts and prompts_in(texts, scene) == [], game_id
    post_key(app, pygame.K_SPACE)
    done = scene.session.done
    bindings = app.settings.key_bindings  # the first human's keys, as they were at the table
    for key in (*slot_keys(bindings, 0), slot_choose_key(bindings, 0), pygame.K_1, pygame.K_LEFT):
        post_key(app, key)
    click(app, (scene.size[0] // 2, scene.size[1] // 2))
    assert scene.session.done == done and scene.inbox == []


def test_the_same_reflex_table_played_shows_its_key_caps(app):
    """(The other side of the test above: a human at the table is shown their keys.)"""
    scene = table(app, "ratscrew", humans=1, seats=3, seed=2)
    assert scene.keycaps(0, 14) is not None and scene.mouse_seat == 0


@pytest.mark.parametrize("size", [(820, 580), (1280, 800)])
def test_the_controls_have_a_strip_of_their_own_under_the_table(size):
    app = make_app(size)
    app.start(MenuScene(app))
    try:
        for game_id in GAMES:
            scene = open_replay(app, played(game_id, 1)[0])
            app.step(1 / 60)
            assert scene.size == (size[0], size[1] - scene.strip_height()), game_id
            for button in scene.controls:
                assert button.rect.top >= scene.size[1] and button.rect.bottom <= size[1], game_id
                assert button.rect.left >= 0 and button.rect.right <= size[0], game_id
            if game_id == "seahaven":  # its own buttons (hidden in a replay) are laid out above it
                assert scene.geo.buttons_y < scene.size[1]
            post_key(app, pygame.K_h)  # hidden: the table has the whole window
            assert scene.size == size and not scene.bar_shown
            post_key(app, pygame.K_h)
            assert scene.size[1] < size[1]
            post_key(app, pygame.K_ESCAPE)
    finally:
        pygame.quit()


def test_a_resized_window_keeps_the_strip(app):
    scene = open_replay(app, played("whist", 1)[0])
    app.scenes.resize((900, 640))
    assert scene.size == (900, 640 - scene.strip_height())
    post_key(app, pygame.K_v)  # another seat: the same room for the table
    assert scene.size == (900, 640 - scene.strip_height())


def test_seahaven_watched_has_no_player_buttons(app, monkeypatch):
    scene = open_replay(app, played("seahaven", 2)[0])
    step_until(app, lambda: scene.session.done >= 2, 3000)
    post_key(app, pygame.K_SPACE)
    texts = texts_of_a_frame(app, monkeypatch)
    assert not any(word in texts for word in ("Undo", "Redo", "Hint", "Restart", "New deal", "Deal #"))
    assert any(t.startswith("Deal ") for t in texts)  # the deal and its moves are still shown
    assert scene.hint_job is None  # and no solver runs for hints nobody can ask for


def test_the_end_of_a_replay_says_how_it_ended_and_space_plays_it_again(app, monkeypatch):
    replay, final = played("nash", 2)
    scene = open_replay(app, replay)
    scene.speed = 50
    step_until(app, lambda: scene.finished, 3000)
    texts = texts_of_a_frame(app, monkeypatch)
    assert any("End of the replay" in t and replay_file.describe(final.outcome(), [0]) in t for t in texts)
    assert scene.pause_button.label == "Again" and not scene.step_button.enabled
    post_key(app, pygame.K_SPACE)
    again = app.scenes.top
    assert isinstance(again, ReplayControls) and again is not scene and again.session.done == 0


def test_the_nails_table_ends_with_the_last_verdict_and_no_rings_left_behind(app, monkeypatch):
    replay, final = played("nails", 2)
    scene = open_replay(app, replay)
    scene.speed = 4
    step_until(app, lambda: scene.finished, 6000)
    for _ in range(60):  # the last pair flies to its taker
        app.step(1 / 60)
    assert scene.pair == [] and scene.leaving == []
    texts = texts_of_a_frame(app, monkeypatch)
    assert any(" called " in t for t in texts)


def test_spoons_says_you_win_to_its_lone_human(app):
    scene = table(app, "spoons", humans=1, seats=3, seed=2)
    scene._on_GameWon(type("Won", (), {"seat": 0})())
    assert scene.banner[0] == "You win!"
    scene._on_GameWon(type("Won", (), {"seat": 1})())
    assert scene.banner[0] == f"{scene.people[1]} wins!"
