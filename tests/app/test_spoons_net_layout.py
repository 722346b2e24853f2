"""Spoons across machines, laid out: the spoon in the player's own hand stays clear of the
networked table's chat cap (bottom right) and of the player's own plate and key caps, at
1280x800 and 800x560. A real server on 127.0.0.1 (its own thread), the window's session."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from app.window.tables.spoons import _spoon
from tests.app.test_ui_remote_reflex import open_table, run_until
from tests.app.ui_driver import FRAME, make_app
from tests.net.server_thread import ServerThread


@pytest.mark.parametrize("size", [(1280, 800), (800, 560)])
def test_the_players_spoon_misses_the_chat_cap_and_their_plate(size: tuple[int, int]) -> None:
    server = ServerThread()
    app = make_app(size)
    try:
        session, _ = open_table(app, server, seed=2, game="spoons", seats=3)
        table: Any = app.scenes.top
        run_until(app, lambda: table.playing)
        app.step(FRAME)     # (drawn: the plate and key caps are where the frame put them)
        x, y = table._holder(table.viewer)
        length = max(28, round(table.card_w * 1.05))
        spoon = pygame.transform.rotate(_spoon(length), 30).get_rect(center=(round(x), round(y)))
        cap = table.chat._opener          # the "T to chat" cap as the last frame drew it
        assert cap is not None and cap.bottom > size[1] - 40, cap
        plate, caps = table.plate_boxes[table.viewer]
        assert not spoon.colliderect(cap), (spoon, cap)
        assert not spoon.colliderect(plate) and (caps is None or not spoon.colliderect(caps)), (spoon, plate, caps)
        assert pygame.Rect((0, 0), size).contains(spoon)
        session.leave()
    finally:
        server.stop()
        pygame.quit()
