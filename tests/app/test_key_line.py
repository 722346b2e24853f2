"""The key line at a table's top right keeps off whatever the table drew up there: it
shortens, or leaves itself out, rather than print over a status bar or a score card."""

from __future__ import annotations

import pygame
import pytest

from app.window.scenes import key_line
from app.core.session import SeatPlan, Session, Setup
from app.window.tables.ninety_nine import NinetyNineTable
from app.window.ui.widgets import panel
from games.registry import GAME_IDS, GAMES

from tests.app.ui_driver import FRAME, make_app, step_until, table

SMALL = (820, 580)


class Obstructed(NinetyNineTable):
    """A real table with one extra panel wherever a test puts it (None: no extra panel)."""

    block: pygame.Rect | None = None

    def draw_table(self, surface: pygame.Surface) -> None:
        super().draw_table(surface)
        if self.block is not None:
            panel(surface, self.block, radius=10, edge=None)


@pytest.fixture
def small_app():
    app = make_app(SMALL)
    yield app
    pygame.quit()


def obstructed(app, block: pygame.Rect | None) -> Obstructed:
    spec = GAMES["ninety_nine"]
    plans = [SeatPlan(i == 0, "easy") for i in range(spec.default_seats)]
    scene = Obstructed(app, Session(spec, Setup("ninety_nine", plans, {o.key: o.default for o in spec.options}, 3)))
    scene.block = block
    app.start(scene)
    step_until(app, lambda: scene.pictured)  # the first whole picture (cards painted ahead)
    return scene


def frames(app, count: int) -> None:
    for _ in range(count):
        app.step(FRAME)


def test_the_whole_line_shows_where_the_top_right_is_bare(small_app):
    scene = obstructed(small_app, None)
    assert scene.key_line.form == 0
    assert scene.key_line.rect.right <= SMALL[0] and scene.key_line.rect.left > scene.rules_button.rect.right


def test_a_wide_status_bar_shortens_the_line_and_it_keeps_clear(small_app):
    bar = pygame.Rect(0, 0, 560, 26)
    bar.midtop = (SMALL[0] // 2, 4)                 # as wide as Seahaven's "no moves left" status
    scene = obstructed(small_app, bar)
    assert scene.key_line.form > 0                  # the full line would run into the bar
    assert scene.key_line.rect is not None and not scene.key_line.rect.colliderect(bar)


def test_a_panel_in_the_corner_leaves_the_line_out(small_app):
    corner = pygame.Rect(SMALL[0] - 200, 2, 190, 60)   # a score card right up in the corner
    scene = obstructed(small_app, corner)
    assert scene.key_line.rect is None


def test_something_passing_by_does_not_make_the_line_blink(small_app):
    scene = obstructed(small_app, None)
    scene.block = pygame.Rect(SMALL[0] - 200, 2, 190, 60)
    frames(small_app, key_line.SETTLE_FRAMES - 2)   # a card flying past for a moment
    assert scene.key_line.form == 0
    scene.block = None
    frames(small_app, key_line.SETTLE_FRAMES + 2)
    assert scene.key_line.form == 0
    scene.block = pygame.Rect(SMALL[0] - 200, 2, 190, 60)
    frames(small_app, key_line.SETTLE_FRAMES + 2)   # there to stay: the line gives way
    assert scene.key_line.rect is None


def test_a_resize_decides_afresh(small_app):
    scene = obstructed(small_app, pygame.Rect(SMALL[0] - 200, 2, 190, 60))
    assert scene.key_line.rect is None
    scene.block = None
    small_app.scenes.resize((1000, 640))
    small_app.step(FRAME)
    assert scene.key_line.form == 0


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_table_at_the_smallest_size_keeps_a_key_line_off_its_own_drawing(small_app, game_id):
    scene = table(small_app, game_id)
    frames(small_app, 240)
    # Draw the table alone and check, pixel by pixel, that the line's place was bare felt.
    canvas = pygame.Surface(SMALL).convert()
    scene.draw_table(canvas)
    if scene.key_line.rect is not None:
        assert key_line.bare_felt(canvas, scene.key_line.rect, SMALL)


def test_seahaven_with_its_longest_status_gets_a_shorter_line(small_app, monkeypatch):
    from app.window.tables import seahaven

    monkeypatch.setattr(seahaven.SeahavenTable, "_is_stuck", lambda self: True)   # "no moves left: ..."
    scene = table(small_app, "seahaven")
    step_until(small_app, lambda: scene.key_line.form is not None and scene.key_line.form > 0, frames=600)
    canvas = pygame.Surface(SMALL).convert()
    scene.draw_table(canvas)
    assert scene.key_line.rect is None or key_line.bare_felt(canvas, scene.key_line.rect, SMALL)


def test_the_key_caps_say_what_the_mouse_does_or_nothing():
    """No stray "· mouse" after the key caps: a table that takes clicks says what they do."""
    from app.window.scenes.realtime import RealtimeTableScene
    from app.window.tables.nails import NailsTable
    from app.window.tables.ratscrew import RatscrewTable
    from app.window.tables.spoons import SpoonsTable

    assert RealtimeTableScene.mouse_hint == ""
    for table in (NailsTable, RatscrewTable, SpoonsTable):
        assert table.mouse_hint.strip() != "· mouse"
        assert not table.mouse_hint or "click" in table.mouse_hint
