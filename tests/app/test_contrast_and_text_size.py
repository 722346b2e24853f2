"""High contrast and larger text (issue 29, point 4): the theme's text is readable by WCAG's
measure, both settings apply at once and are kept, and with both at their strongest every
main screen keeps its words inside the window at 1280x800 and at 800x560."""

from __future__ import annotations

import json

import pygame
import pytest

from app.core import storage
from app.window.render import text
from app.window.ui import theme
from games.registry import GAMES
from tests.app.test_online_ui import own_server  # noqa: F401  (a fixture)
from tests.app.ui_driver import FRAME, make_app, post_key, table

SIZES = [(1280, 800), (800, 560)]
SIZE_IDS = [f"{w}x{h}" for w, h in SIZES]


@pytest.fixture(autouse=True)
def standard_looks_after():
    """The theme and text size are the process's: put them back for the tests after."""
    yield
    theme.apply(False)
    text.set_text_scale(1.0)


# --- the palette -----------------------------------------------------------------------------


def test_contrast_ratio_follows_wcag():
    assert theme.contrast_ratio((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert theme.contrast_ratio((120, 120, 120), (120, 120, 120)) == pytest.approx(1.0)
    # WCAG's own example pair: #777 on white is just under AA (4.48).
    assert theme.contrast_ratio((119, 119, 119), (255, 255, 255)) == pytest.approx(4.48, abs=0.01)
    # A translucent panel is judged as it shows over the felt.
    assert theme.over((0, 0, 0, 128), (255, 255, 255)) == (127, 127, 127)


@pytest.mark.parametrize("pair", theme.TEXT_PAIRS, ids=lambda p: f"{p[0]}-on-{p[1]}")
def test_every_text_pair_of_the_high_contrast_theme_meets_aa(pair):
    ratio = theme.pair_ratios(theme.HIGH_CONTRAST)[pair]
    assert ratio >= theme.AA_TEXT, f"{pair}: {ratio:.2f}"


def test_high_contrast_felt_is_dark_and_plain_and_its_rings_thick():
    hc = theme.HIGH_CONTRAST
    assert hc.FELT == hc.FELT_DARK == hc.FELT_LIGHT and not hc.WEAVE
    assert theme.luminance(hc.FELT) < 0.02
    assert hc.FOCUS_WIDTH >= 2 * theme.STANDARD.FOCUS_WIDTH
    assert hc.DIM_SHADE < theme.STANDARD.DIM_SHADE   # a dimmed card still reads


def test_the_high_contrast_cards_print_dark_ink_on_white():
    from app.window.render.cards import CardRenderer
    from games.core.cards import Suit

    cards = CardRenderer(high_contrast=True, four_colour=True)
    for suit in Suit:
        assert theme.contrast_ratio(cards.ink(suit), (255, 255, 255)) >= theme.AA_TEXT, suit


# --- the settings ----------------------------------------------------------------------------


def test_a_bad_value_in_settings_json_loses_only_that_setting():
    path = storage.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"version": storage.SETTINGS_VERSION, "data": {
        "high_contrast": "yes", "text_size": "huge", "volume": 0.3}}))
    settings = storage.load_settings()
    notices = storage.take_notices()
    assert (settings.high_contrast, settings.text_size, settings.volume) == (False, "normal", 0.3)
    assert any("'text_size'" in n for n in notices) and any("'high_contrast'" in n for n in notices)
    path.write_text(json.dumps({"version": storage.SETTINGS_VERSION, "data": {
        "high_contrast": True, "text_size": "larger"}}))
    settings = storage.load_settings()
    assert (settings.high_contrast, settings.text_size) == (True, "larger")


def _row(scene, label: str) -> int:
    return next(i for i, row in enumerate(scene.rows) if row.label == label)


def test_settings_turn_on_high_contrast_and_larger_text_at_once_and_keep_them(app):
    from app.window.scenes.settings import SettingsScene

    app.nav.settings()
    app.step(FRAME)
    scene = app.scenes.top
    assert isinstance(scene, SettingsScene)
    label_before = text.font(20).size("Settings")
    for _ in range(_row(scene, "High contrast")):
        post_key(app, pygame.K_DOWN)
    post_key(app, pygame.K_RIGHT)
    assert theme.high_contrast() and theme.INK == theme.HIGH_CONTRAST.INK
    assert app.screen.get_at((2, 2))[:3] == theme.HIGH_CONTRAST.FELT   # drawn so at once
    post_key(app, pygame.K_DOWN)
    post_key(app, pygame.K_RIGHT)
    post_key(app, pygame.K_RIGHT)
    assert app.settings.text_size == "larger"
    assert text.font(20).size("Settings")[0] >= label_before[0] * 1.4
    kept = storage.load_settings()
    assert (kept.high_contrast, kept.text_size) == (True, "larger")
    post_key(app, pygame.K_RIGHT)   # round to normal again
    assert text.font(20).size("Settings") == label_before


def test_a_new_app_starts_in_the_kept_looks():
    storage.save_settings(storage.Settings(high_contrast=True, text_size="large"))
    app = make_app()
    try:
        assert theme.high_contrast() and text.text_scale() == theme.TEXT_SIZES["large"]
        assert app.cards.high_contrast
    finally:
        pygame.quit()


# --- every main screen, both settings at their strongest ----------------------------------------


class Recording(pygame.Surface):
    """A window stand-in that notes where each rendered string is blitted."""

    def __init__(self, size: tuple[int, int], texts: dict[int, str]) -> None:
        super().__init__(size)
        self.texts = texts
        self.placed: list[tuple[str, pygame.Rect]] = []

    def blit(self, source, dest, area=None, special_flags=0):  # type: ignore[override]
        self._note(source, dest, area)
        return super().blit(source, dest, area, special_flags)

    def blits(self, blit_sequence, doreturn=True):  # type: ignore[override]
        items = list(blit_sequence)
        for item in items:
            self._note(item[0], item[1], item[2] if len(item) > 2 else None)
        return super().blits(items, doreturn)

    def fblits(self, blit_sequence, special_flags=0):  # type: ignore[override]
        items = list(blit_sequence)
        for source, dest in items:
            self._note(source, dest, None)
        return super().fblits(items, special_flags)

    def _note(self, source, dest, area) -> None:
        words = getattr(self, "texts", {}).get(id(source))   # (a subsurface is not noted)
        if words is None or not words.strip():
            return
        size = pygame.Rect(area).size if area is not None else source.get_size()
        at = (round(dest[0]), round(dest[1]))   # a point or a rect: its top left either way
        self.placed.append((words, pygame.Rect(at, size)))


def _words_outside(app) -> list[str]:
    """Draw the top scene once onto a recording window; the strings that run past it."""
    made: dict[int, str] = {}
    keep: list[pygame.Surface] = []
    put = text._texts.put

    def noting(key, surface):
        made[id(surface)] = key[0]
        keep.append(surface)
        return put(key, surface)

    text._texts.clear()
    text._texts.put = noting  # type: ignore[method-assign]
    try:
        window = Recording(app.screen.get_size(), made)
        app.scenes.draw(window)
    finally:
        del text._texts.put
    bounds = window.get_rect()
    assert window.placed, "no text was drawn"
    return [f"{words!r} at {rect}" for words, rect in window.placed if not bounds.contains(rect)]


def _strongest(size):
    storage.save_settings(storage.Settings(high_contrast=True, text_size="larger"))
    app = make_app(size)
    assert theme.high_contrast() and text.text_scale() == max(theme.TEXT_SIZES.values())
    return app


def _buttons(scene) -> list:
    """The scene's buttons: its own, in lists, and in button rows."""
    from app.window.ui.widgets import Button, ButtonRow

    found = []
    for value in vars(scene).values():
        items = value if isinstance(value, list) else value.buttons if isinstance(value, ButtonRow) else [value]
        found += [item for item in items if isinstance(item, Button)]
    return found


def _rows_overrun(scene) -> list[str]:
    """Form rows (setup, settings) whose label and value do not fit inside the row."""
    from app.window.ui.form import Row, _value_text, row_text_size

    listed = vars(scene).get("rows", [])
    rows = [row for row in listed if isinstance(row, Row) and row.rect.width] if isinstance(listed, list) else []
    wrong = []
    for row in rows:
        size = row_text_size(row, 40)
        wide = text.font(size).size(row.label)[0] + text.font(size, bold=True).size(_value_text(row))[0]
        if wide > row.rect.width or text.font(size, bold=True).get_linesize() > row.rect.height:
            wrong.append(row.label)
    return wrong


def _check(app, frames: int = 3) -> None:
    for _ in range(frames):
        app.step(FRAME)
    scene = app.scenes.top
    outside = _words_outside(app)
    assert not outside, f"{type(scene).__name__}: " + "; ".join(outside)
    for button in _buttons(scene):   # a label stays inside its button
        if button.rect.width > 20:
            size = button.label_size()
            assert text.font(size, bold=True).size(button.label)[0] <= button.rect.width, button.label
    assert not _rows_overrun(scene), _rows_overrun(scene)


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("place", ["menu", "settings", "stats", "replays", "online"])
def test_the_menus_keep_their_words_in_the_window(size, place):
    from app.window.scenes.menu import MenuScene

    app = _strongest(size)
    try:
        app.start(MenuScene(app))
        if place != "menu":
            getattr(app.nav, place)()
        _check(app)
    finally:
        pygame.quit()


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_setup_rules_and_table_of_each_game_keep_their_words_in_the_window(size, game_id):
    from app.window.scenes.menu import MenuScene

    app = _strongest(size)
    try:
        app.start(MenuScene(app))
        app.nav.setup(GAMES[game_id])
        _check(app)
        app.nav.rules(GAMES[game_id])
        _check(app)
        table(app, game_id)
        _check(app, frames=60)
    finally:
        pygame.quit()


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_the_results_keep_their_words_in_the_window(size):
    from tests.app.test_replay_ui import finish_a_game

    app = _strongest(size)
    try:
        finish_a_game(app, "nash")
        _check(app)
    finally:
        pygame.quit()


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_the_lobby_its_chat_and_the_table_it_opens_keep_their_words_in_the_window(size, own_server):
    from app.net.client.remote import RemoteSession
    from tests.app.test_online_ui import frames_until, host_setup
    from tests.app.ui_driver import click

    app = _strongest(size)
    try:
        setup = host_setup(app, "Ann", "Whist")
        _check(app)
        click(app, setup.start_button.rect.center)     # Open table
        lobby = app.scenes.top
        frames_until(app, lambda: lobby.session is not None and lobby.session.status == "waiting")
        friend = RemoteSession.join(own_server[0].url, lobby.session.code, "Bartholomew")
        frames_until(app, lambda: len(lobby.session.players) > 1 and lobby.session.players[1].taken, friend)
        post_key(app, pygame.K_t, "t")
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="Evening, Bartholomew"))
        post_key(app, pygame.K_RETURN)
        frames_until(app, lambda: len(friend.chat) == 1, friend)
        _check(app)
        click(app, lobby.start_button.rect.center)
        frames_until(app, lambda: app.scenes.top is not lobby, friend)
        post_key(app, pygame.K_t, "t")                 # the chat open over the table
        _check(app)
        friend.leave()
    finally:
        pygame.quit()


@pytest.mark.parametrize("game_id", ["whist", "seahaven"])
def test_a_table_left_for_the_settings_comes_back_in_the_new_looks(game_id):
    app = make_app()
    try:
        table(app, game_id)
        for _ in range(30):
            app.step(FRAME)
        corner = (app.screen.get_width() // 2, app.screen.get_height() * 2 // 3)
        before = tuple(app.screen.get_at(corner))[:3]
        app.nav.settings()
        app.step(FRAME)
        settings = app.scenes.top
        for _ in range(_row(settings, "High contrast")):
            post_key(app, pygame.K_DOWN)
        post_key(app, pygame.K_RIGHT)
        post_key(app, pygame.K_ESCAPE)
        assert app.scenes.top is not settings
        app.step(FRAME)
        after = tuple(app.screen.get_at(corner))[:3]
        assert before != after and after == theme.HIGH_CONTRAST.FELT, (before, after)
    finally:
        pygame.quit()
