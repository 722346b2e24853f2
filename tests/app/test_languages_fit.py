"""Every language fits: the menu, Settings, a setup screen, the pause box, the quit
question and the results, in every language, at 1280x800 and at 800x560 (German is
long), drawn with each label measured against the box it is drawn in."""

from __future__ import annotations

import pygame
import pytest

from app.core.words import language
from app.window.render.text import font
from app.window.scenes.menu import MenuScene
from app.window.scenes.pause import PauseScene
from app.window.scenes.settings import SettingsScene
from app.window.scenes.setup import SetupScene
from app.window.ui.form import Row, value_rect
from app.window.ui.widgets import Button
from games.registry import GAMES

from tests.app.ui_driver import FRAME, make_app, table

LANGUAGES = tuple(language.LANGUAGES)     # every language the Settings row offers
SIZES = ((1280, 800), (800, 560))
PAD = 18          # a row's text starts and ends this far inside it (app/window/ui/form.py)


@pytest.fixture(params=[(code, size) for code in LANGUAGES for size in SIZES],
                ids=lambda p: f"{p[0]}-{p[1][0]}x{p[1][1]}")
def app(request, monkeypatch):
    code, size = request.param
    monkeypatch.setenv("PARLOUR_LANG", code)
    app = make_app(size)
    assert language.current() == code
    yield app
    pygame.quit()


def width(text: str, size: int, bold: bool = False) -> int:
    return font(size, bold=bold).size(text)[0]


def assert_button_fits(button: Button, window: pygame.Rect) -> None:
    assert window.contains(button.rect), button.label
    assert width(button.label, button.text_size, bold=True) <= button.rect.width - 8, button.label


def assert_row_fits(row: Row, text_size: int) -> None:
    """The label and the value (a ‹ picker › or a button) side by side, apart, in the row."""
    label_right = row.rect.left + PAD + width(row.label, text_size)
    if row.opens:
        value_left = value_rect(row, text_size).move(-12, 0).left
    else:
        value_left = row.rect.right - PAD - width(f"‹  {row.value()}  ›", text_size, bold=True)
    assert label_right + 8 <= value_left, (row.label, row.value())


def assert_lines_fit(lines: list[str], size: int, room: int) -> None:
    for line in lines:
        assert width(line, size) <= room, line


def test_the_menu_fits(app):
    menu = MenuScene(app)
    app.start(menu)
    app.step(FRAME)
    window = pygame.Rect((0, 0), menu.size)
    for button in (menu.quit_button, menu.settings_button, menu.stats_button, menu.replays_button,
                   menu.online_button):
        assert_button_fits(button, window)
    assert menu.replays_button.rect.left > 40
    size, lines = menu.hint_lines()
    assert_lines_fit(lines, size, menu.replays_button.rect.left - 20 - 12)
    bottom = menu.replays_button.rect.centery + len(lines) * (size + 4) // 2
    assert bottom - len(lines) * (size + 4) >= max(tile.bottom for tile in menu.tiles)   # under the tiles
    assert len(" · ".join(lines).split(" · ")) == 7     # every key said, none dropped for room
    assert width(language._(MenuScene_subtitle()), int(22 * menu.s)) <= window.width - 40


def MenuScene_subtitle() -> str:
    from app.window.scenes.menu import SUBTITLE

    return SUBTITLE


def test_the_quit_question_fits(app):
    menu = MenuScene(app)
    app.start(menu)
    menu.ask_quit()
    app.step(FRAME)
    assert menu.quitting is not None
    box = menu.quitting.layout(menu.size)
    s = menu.s
    assert width(menu.quitting.question, max(16, int(26 * s)), bold=True) <= box.width - 24
    assert width(language._("Enter or Y: yes · Esc or N: no"), max(12, int(17 * s))) <= box.width - 24
    for button in (menu.quitting.yes_button, menu.quitting.no_button):
        assert_button_fits(button, box)


def test_settings_fit(app):
    app.start(MenuScene(app))
    app.nav.settings()
    app.step(FRAME)
    scene = app.scenes.top
    assert isinstance(scene, SettingsScene)
    text_size = max(14, int(scene.row_h * 0.42))
    for row in scene.rows:
        assert_row_fits(row, text_size)
    assert_button_fits(scene.done_button, pygame.Rect((0, 0), scene.size))
    size, lines = scene.hint_lines()
    assert_lines_fit(lines, size, scene.size[0] - 40)
    top = scene.size[1] - int(26 * scene.s) - (len(lines) - 1) * (size + 4) - size // 2
    assert top > scene.done_button.rect.bottom


@pytest.mark.parametrize("game", ["whist", "ratscrew"])
def test_a_setup_screen_fits(app, game):
    scene = SetupScene(app, GAMES[game])
    app.start(scene)
    app.step(FRAME)
    text_size = max(14, int(scene.row_h * 0.45))
    for row in scene.rows:
        assert_row_fits(row, text_size)
    window = pygame.Rect((0, 0), scene.size)
    for button in (scene.start_button, scene.back_button):
        assert_button_fits(button, window)
    for focus in range(len(scene.rows)):    # (a seat's row has its own keys)
        scene.focus = focus
        size, lines = scene.hint_lines()
        assert_lines_fit(lines, size, scene.size[0] - 40)
        top = scene.size[1] - int(26 * scene.s) - (len(lines) - 1) * (size + 4) - size // 2
        assert top >= scene.side.bottom


def test_the_pause_box_fits(app):
    scene = table(app, "whist")
    app.step(FRAME)
    pause = PauseScene(app, scene)
    app.scenes.push(pause)
    app.step(FRAME)
    for button in pause.row.buttons:
        assert_button_fits(button, pause.box)
    assert pause.box.contains(pause.title_rect)


def test_the_results_screen_fits(app):
    from tests.app.test_replay_ui import finish_a_game

    results = finish_a_game(app, "nash")
    app.step(FRAME)
    for button in results.row.buttons:
        assert_button_fits(button, pygame.Rect((0, 0), results.size))
    assert width(results.headline, 16, bold=True) < results.size[0] - 40
