"""Each setting changed from a game in progress (Esc, Settings) shows on that table at once,
and is still there after the app is closed and opened again."""

from __future__ import annotations

import pygame
import pytest

from app.core import storage
from app.window import synth
from app.window.render.nails import ring_back
from app.window.scenes.pause import PauseScene
from app.window.scenes.settings import SettingsScene
from games.registry import GAMES
from tests.app.ui_driver import FRAME, click, make_app, post_key, step_until, table


@pytest.fixture
def app():
    application = make_app()
    yield application
    pygame.quit()


def open_settings(app, game_id: str = "whist"):
    """A table, paused with Esc, and the pause menu's Settings button clicked."""
    scene = table(app, game_id)
    for _ in range(5):
        app.step(FRAME)
    post_key(app, pygame.K_ESCAPE)
    pause = app.scenes.top
    assert isinstance(pause, PauseScene)
    click(app, next(b for b in pause.row.buttons if b.label == "Settings").rect.center)
    assert isinstance(app.scenes.top, SettingsScene)
    return scene, app.scenes.top


def change(app, settings: SettingsScene, label: str, presses: int = 1) -> None:
    """Move the focus to the row called ``label`` with the arrow keys and press Right."""
    target = next(i for i, row in enumerate(settings.rows) if row.label == label)
    while settings.focus != target:
        post_key(app, pygame.K_DOWN)
    for _ in range(presses):
        post_key(app, pygame.K_RIGHT)


def back_to_table(app, scene) -> None:
    post_key(app, pygame.K_ESCAPE)   # settings -> pause
    post_key(app, pygame.K_ESCAPE)   # pause -> the table
    assert app.scenes.top is scene


def reopen():
    """Close the app and start a new one, as a player restarting Parlour would."""
    pygame.quit()
    return make_app(size=None)


def test_card_looks_change_on_the_open_table_and_persist(app):
    scene, settings = open_settings(app)
    change(app, settings, "Four-colour deck")
    change(app, settings, "Large card corners")
    change(app, settings, "Card back")            # blue -> red
    back_to_table(app, scene)
    renderer = scene.drawer.renderer
    assert renderer is app.cards and renderer.four_colour and renderer.large_index
    assert scene.drawer.back == "red"
    step_until(app, lambda: any(s.face_up for s in scene.hands[scene.viewer]))
    own = next(s for s in scene.hands[scene.viewer] if s.face_up)
    assert scene.drawer.image(own) is renderer.face(own.card, max(20, round(own.width)))
    again = reopen()
    assert (again.settings.four_colour, again.settings.large_index, again.settings.card_back) == (True, True, "red")
    fresh = table(again, "euchre")
    assert fresh.drawer.renderer.four_colour and fresh.drawer.renderer.large_index and fresh.drawer.back == "red"


def test_instant_animation_applies_to_the_open_table_and_persists(app):
    scene, settings = open_settings(app)
    change(app, settings, "Animation speed", presses=2)   # normal -> fast -> instant
    assert app.settings.animation_speed == "instant"
    back_to_table(app, scene)
    assert scene.anim.speed == 0
    assert reopen().settings.animation_speed == "instant"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_instant_animation_leaves_nothing_moving_in_any_game(app, game_id):
    app.settings.animation_speed = "instant"
    scene = table(app, game_id, seed=5)
    scene.on_enter()
    # (A table paints its cards ahead, a few milliseconds a frame, before its first whole
    # picture, and Seahaven its 52 faces before it deals: on a busy machine that takes
    # more frames, and nothing moves meanwhile.)
    step_until(app, lambda: scene.pictured and not getattr(scene, "preparing", False), frames=2000)
    for _ in range(3):
        app.step(FRAME)
    assert not scene.anim.busy and not scene.queue and scene.hold == 0


def test_sound_volume_and_mute_reach_the_mixer_at_once_and_persist(app, monkeypatch):
    scene, settings = open_settings(app)
    synth.init(app.settings.volume, app.settings.muted, wait=True)  # the sounds are made by now
    played: list[str] = []
    monkeypatch.setitem(synth._state, "ready", True)   # even where the test machine has no mixer
    monkeypatch.setattr(synth, "_sounds", {"play": _Recorder(played)})
    change(app, settings, "Sound volume")   # 70% -> 80%, and a sample at the new level
    assert synth._state["volume"] == pytest.approx(0.8)
    assert played == ["volume 0.4", "play"]  # effects are mixed at half the chosen volume
    change(app, settings, "Sound")
    assert synth._state["muted"] is True
    synth.play("play")
    assert played == ["volume 0.4", "play"]  # muted: nothing more is heard
    again = reopen()
    assert again.settings.muted and again.settings.volume == pytest.approx(0.8)


class _Recorder:
    def __init__(self, log: list[str]) -> None:
        self.log = log

    def set_volume(self, volume: float) -> None:
        self.log.append(f"volume {volume}")

    def play(self) -> None:
        self.log.append("play")


def test_colour_blind_nails_turn_on_at_the_open_table_and_persist(app):
    scene, settings = open_settings(app, "nails")
    assert not scene.colour_blind
    change(app, settings, "Colour-blind Nails cards")
    change(app, settings, "Card back", presses=2)   # blue -> red -> green
    back_to_table(app, scene)
    assert scene.colour_blind and app.settings.card_back == "green"
    app.step(FRAME)  # the table draws its rings and green backs
    assert reopen().settings.colourblind_nails


def test_nails_ring_backs_follow_the_card_back_choice():
    pygame.init()
    try:
        # between two petals of the rosette, the disc shows the field colour of the back
        field = {style: tuple(ring_back(120, style).get_at((78, 36)))[:3] for style in ("blue", "red", "green")}
        assert len(set(field.values())) == 3
        assert field["red"][0] > field["red"][2] and field["blue"][2] > field["blue"][0]
    finally:
        pygame.quit()


def test_window_size_persists_across_a_restart(app):
    scene, settings = open_settings(app)
    change(app, settings, "Window size")     # 1280 x 800 -> 1440 x 900
    app.step(FRAME)
    assert app.screen.get_size() == (1440, 900) and scene.size == (1440, 900)
    assert storage.load_settings().window_size == (1440, 900)
    assert reopen().screen.get_size() == (1440, 900)


def test_reflex_keys_changed_during_a_game_work_at_once(app):
    from app.window.scenes.keys import KeyBindingsScene

    scene, settings = open_settings(app, "ratscrew")
    change(app, settings, "Keys for reflex games", presses=0)
    post_key(app, pygame.K_RETURN)            # a button: Enter opens it (Right steps pickers only)
    keys = app.scenes.top
    assert isinstance(keys, KeyBindingsScene)
    post_key(app, pygame.K_RETURN)            # Player 1's first key (flip)...
    post_key(app, pygame.K_g, "g")            # ...is now G
    post_key(app, pygame.K_ESCAPE)            # keys -> settings
    back_to_table(app, scene)
    assert scene.keys.lookup(pygame.K_g) == (0, 0)
    assert scene.keys.lookup(pygame.K_q) is None
    assert scene.keys.labels(0)[0] == "G"      # the key shown at the seat changes too
