"""The history panel: long lines broken inside it, and at a reflex table the game stops
while it is open (it covers the table), going on after a countdown once it is closed."""

from __future__ import annotations

import pygame
import pytest

from app.window.render.text import font
from app.window.scenes.history import HistoryScene
from app.window.scenes.realtime import COUNTDOWN
from app.core.session import SeatPlan, Session, Setup
from app.window.tables.nails import NailsTable
from games.nails import spec as nails_spec
from games.nails.rules import REVEAL_MS

from tests.app.ui_driver import FRAME, FRAME_MS, fake_clock_app, frame, make_app, post_key, say_ready, step_until, table


@pytest.mark.parametrize("size", [(800, 560), (1280, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_history_row_stays_inside_its_panel(size):
    app = make_app(size)
    try:
        scene = table(app, "whist")
        app.step(FRAME)
        for k in range(30):
            scene.log.append(f"P{k % 4 + 1} plays a card that needs a rather long explanation, line {k}")
        scene.show_log = True
        rect, text, rows = scene.history_layout()
        assert rows and pygame.Rect((0, 0), size).contains(rect)
        for row in rows:
            assert font(text).size(row)[0] <= rect.width - 20, row
        assert " ".join(row.strip() for row in rows[-4:]).endswith("line 29")   # the latest line last
    finally:
        pygame.quit()


def test_the_history_stops_a_reflex_game_until_it_is_closed():
    app = fake_clock_app(5_000)
    try:
        plans = [SeatPlan(True, "easy"), SeatPlan(False, "easy")]
        scene = NailsTable(app, Session(nails_spec(), Setup("nails", plans, {}, 4)))
        app.start(scene)
        say_ready(app)
        frame(app, int((COUNTDOWN * 1000 + REVEAL_MS) / FRAME_MS) + 4)
        post_key(app, pygame.K_l, "l")
        assert isinstance(app.scenes.top, HistoryScene)
        clock, actions = scene.game_ms, len(scene.session.actions)
        frame(app, 300)                          # five seconds: a bot would have called
        assert scene.game_ms == clock and len(scene.session.actions) == actions
        post_key(app, pygame.K_l, "l")
        assert app.scenes.top is scene and scene.countdown > 0   # ready again, then on
    finally:
        pygame.quit()


@pytest.mark.parametrize("size", [(800, 560), (1280, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_whists_history_panel_covers_no_hand(size):
    """Issue 28, 7: with a long history the panel reached down over West's hand."""
    app = make_app(size)
    try:
        scene = table(app, "whist")
        step_until(app, lambda: scene.human_turn, frames=600)
        for k in range(30):
            scene.log.append(f"P{k % 4 + 1} plays a card, line {k}")
        post_key(app, pygame.K_l, "l")
        rect, _, rows = scene.history_layout()
        assert len(rows) >= 4, "room for a few lines still"
        cards = [sprite.rect() for hand in scene.hands for sprite in hand]
        assert rect.collidelist(cards) < 0, (rect, [c for c in cards if c.colliderect(rect)])
    finally:
        pygame.quit()
