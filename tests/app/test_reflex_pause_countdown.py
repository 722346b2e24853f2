"""The pause at a networked reflex table counts down the server's real grace: "Bob is
reconnecting" / "5 s, then a computer holds the seat" with the server's ``grace_s`` (not a
fixed 30 s), from the ``until`` of the server's clock message; then "Get ready: play
resumes in 1 s" (after a restart: "The table is back: play resumes in 2 s"). A real
server on 127.0.0.1 (its own thread), the window's session, at both window sizes."""

from __future__ import annotations

import re
import time
from typing import Any, Iterator

import pygame
import pytest

from app.net.server.reflex_table import BACK_TEXT
from app.window.shell import App
from tests.app.test_ui_remote_reflex import ann_and_bob_at_ratscrew
from tests.app.ui_driver import FRAME, fast_app
from tests.net.server_thread import ServerThread

GRACE_S = 6.0


@pytest.fixture(params=[(1280, 800), (800, 560)], ids=lambda s: f"{s[0]}x{s[1]}")
def app(request: pytest.FixtureRequest) -> Iterator[App]:
    yield from fast_app(request.param)


def run_until(app: App, condition: Any, what: str, limit_s: float = 60.0) -> None:
    """Frames until ``condition()`` (the server's grace runs on real time: a bound, no assertion on it)."""
    deadline = time.monotonic() + limit_s
    while not condition():
        assert time.monotonic() < deadline, f"the table never got to {what}"
        app.step(FRAME)
        time.sleep(0.005)


def test_the_pause_counts_down_the_servers_grace_then_play_resumes(app: App) -> None:
    running = ServerThread(grace_s=GRACE_S)
    try:
        session, bob, table = ann_and_bob_at_ratscrew(app, running)
        run_until(app, lambda: table.playing, "play")
        bob._link.close(wait_s=0.5)     # his connection ends without a word (a "leave" is left at once)
        run_until(app, lambda: session.paused is not None and session.pause_left_s() is not None, "the pause")
        title, grace = table.net.pause_lines()
        assert title == "Bob is reconnecting"
        seconds = re.fullmatch(r"(\d+) s, then a computer holds the seat", grace)
        assert seconds is not None, grace
        assert 1 <= int(seconds.group(1)) <= GRACE_S, "the server's grace, not a fixed 30 s"
        pygame.image.save(app.screen, f"/tmp/parlour_pause_countdown_{app.screen.get_width()}.png")
        first = int(seconds.group(1))
        run_until(app, lambda: (session.pause_left_s() or 0) < first, "a second less")
        assert table.net.pause_lines()[1] == f"{session.pause_left_s()} s, then a computer holds the seat"
        run_until(app, lambda: session.paused == "play resumes", "the computer in Bob's seat", GRACE_S + 30)
        line = table.net.pause_lines()
        assert re.fullmatch(r"Get ready: play resumes in \d s", line[0]) and len(line) == 1, line
        # (after a server restart, the words the server sends once everyone is back)
        session.paused, session.pause_until = BACK_TEXT, (session.server_now() or 0.0) + 1500
        assert table.net.pause_lines() == ["The table is back: play resumes in 2 s"]
        session.leave()
    finally:
        running.stop()
