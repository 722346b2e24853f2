"""The settings and statistics screens, driven by posted key and mouse events."""

from __future__ import annotations

import pygame
import pytest

from app.core import storage
from app.window.render.text import font
from app.window.scenes.menu import MenuScene
from app.window.scenes.settings import SettingsScene
from app.window.scenes.stats import StatsScene

from tests.app.ui_driver import FRAME, click, make_app, post_key


def test_settings_change_at_once_and_persist(app):
    post_key(app, pygame.K_o)
    scene = app.scenes.top
    assert isinstance(scene, SettingsScene)
    before = app.settings.volume
    post_key(app, pygame.K_DOWN)  # past the first row, Language, to the volume
    post_key(app, pygame.K_LEFT)  # volume down a step
    assert app.settings.volume == pytest.approx(before - 0.1)
    assert storage.load_settings().volume == pytest.approx(before - 0.1)
    four = next(r for r in scene.rows if r.label == "Four-colour deck")
    click(app, four.rect.center)
    assert app.settings.four_colour and app.cards.four_colour
    assert storage.load_settings().four_colour
    post_key(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, MenuScene)


def test_window_size_setting_resizes_the_window(app):
    post_key(app, pygame.K_o)
    scene = app.scenes.top
    size_row = next(r for r in scene.rows if r.label == "Window size")
    click(app, size_row.rect.center)
    app.step(1 / 60)
    assert app.screen.get_size() == (1440, 900)
    assert tuple(app.settings.window_size) == (1440, 900)


def test_statistics_show_and_reset_after_confirmation(app):
    storage.record_result("ninety_nine", True, 80.0)
    storage.record_result("ninety_nine", True)
    post_key(app, pygame.K_s)
    scene = app.scenes.top
    assert isinstance(scene, StatsScene)
    first = next(row for row in scene.rows() if row[0] == "Ninety-Nine")
    assert first[:4] == ("Ninety-Nine", "2", "2", "100%") and first[5] == "2" and first[6] == "1:20"
    for _ in range(scene.ids.index("ninety_nine")):
        post_key(app, pygame.K_DOWN)
    post_key(app, pygame.K_r)
    assert scene.confirming == "ninety_nine"
    post_key(app, pygame.K_n)  # changed my mind: nothing is lost
    assert storage.load_stats().for_game("ninety_nine").played == 2
    post_key(app, pygame.K_r)
    post_key(app, pygame.K_y)
    assert storage.load_stats().for_game("ninety_nine").played == 0


def test_reflex_keys_are_rebound_and_a_conflict_is_refused(app):
    from app.window.input.bindings import slot_keys
    from app.window.scenes.keys import KeyBindingsScene

    post_key(app, pygame.K_o)
    settings = app.scenes.top
    for _ in range(next(i for i, r in enumerate(settings.rows) if r.label == "Keys for reflex games")):
        post_key(app, pygame.K_DOWN)
    post_key(app, pygame.K_RETURN)          # a button: Enter opens it
    scene = app.scenes.top
    assert isinstance(scene, KeyBindingsScene)
    post_key(app, pygame.K_RETURN)          # Player 1's first key...
    post_key(app, pygame.K_a, "a")          # ...is now A
    assert slot_keys(storage.load_settings().key_bindings, 0)[0] == pygame.K_a
    post_key(app, pygame.K_DOWN)
    post_key(app, pygame.K_RETURN)          # Player 1's second key cannot also be A
    post_key(app, pygame.K_a, "a")
    assert "already" in scene.message
    assert slot_keys(storage.load_settings().key_bindings, 0)[1] == pygame.K_w
    post_key(app, pygame.K_RETURN)          # nor P2's key
    post_key(app, pygame.K_p, "p")
    assert "already Player 2" in scene.message
    post_key(app, pygame.K_BACKSPACE)       # the usual keys again
    assert slot_keys(storage.load_settings().key_bindings, 0) == (pygame.K_q, pygame.K_w)


@pytest.mark.parametrize("size", [(800, 560), (1280, 800)])
def test_the_statistics_headings_keep_a_gap_between_columns(size):
    from app.window.scenes.stats import COLUMNS, WIDTHS

    app = make_app(size)
    try:
        scene = StatsScene(app)
        app.start(scene)
        app.step(FRAME)
        row = max(12, int(scene.line * 0.45))
        head = scene.heading_size(row)
        assert 10 <= head <= row
        for text, frac in zip(COLUMNS, WIDTHS):
            assert font(head, bold=True).size(text)[0] <= scene.table_rect.width * frac - 8, text
    finally:
        pygame.quit()
