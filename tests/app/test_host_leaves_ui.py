"""When the host leaves, headless with real pygame events and a real server on 127.0.0.1: a
host quitting the app while a friend is at their table is asked first ("Close the table for
Bo?"); Stay keeps everything, Close it tells the friend at once; the friend's table then says
"Hana closed the table", asks nobody to play, and offers the way back to the menu, which a
click takes."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Callable, Iterator

import pygame
import pytest

import app.net.server.hosting as hosting
from app.net.client.remote import RemoteSession
from app.net.server.hosting import LocalServer
from app.window.scenes.menu import MenuScene
from app.window.shell import App
from app.window.tables import table_for
from tests.app.ui_driver import FRAME, click, fast_app, post_key

WAIT_S = 20.0
TOLD_S = 1.0


@pytest.fixture
def app() -> Iterator[App]:
    yield from fast_app()


@pytest.fixture
def local(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[LocalServer]:
    """The app's own server (as Host makes it), on loopback with a free port."""
    server = LocalServer(tmp_path / "hosted", port=0, host="127.0.0.1", announce=False).start()
    assert server.wait(20)
    monkeypatch.setattr(hosting, "_running", server)
    yield server
    server.stop()


def frames_until(app: App, condition: Callable[[], bool], *others: RemoteSession, within_s: float = WAIT_S) -> float:
    began = time.monotonic()
    while not condition():
        assert time.monotonic() - began < within_s, "it never happened"
        for other in others:
            other.poll()
        app.step(FRAME)
        time.sleep(0.005)
    return time.monotonic() - began


def seated(local: LocalServer) -> tuple[RemoteSession, RemoteSession]:
    create = {"game": "whist", "seats": 4, "remote": 1, "difficulty": "easy"}
    host = RemoteSession.host(local.url, create, "Hana")
    deadline = time.monotonic() + WAIT_S
    while host.code is None:
        assert time.monotonic() < deadline
        host.poll()
        time.sleep(0.01)
    guest = RemoteSession.join(local.url, host.code, "Bo")
    while not (guest.status == "playing" and host.status == "playing"):
        assert time.monotonic() < deadline
        host.poll()
        guest.poll()
        time.sleep(0.01)
    return host, guest


def test_the_host_quitting_is_asked_first_and_stay_keeps_the_table(app: App, local: LocalServer) -> None:
    host, guest = seated(local)
    app.start(table_for("whist")(app, host))
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step(FRAME)
    assert app.running and app.asking is not None and app.asking.question == "Close the table for Bo?"
    post_key(app, pygame.K_ESCAPE)                  # Stay
    assert app.running and app.asking is None and local.guests() == ["Bo"]
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step(FRAME)
    assert app.asking is not None
    click(app, app.asking.yes_button.rect.center)   # Close it
    assert not app.running
    guest_told = 0.0
    began = time.monotonic()
    while guest.status != "failed":
        guest_told = time.monotonic() - began
        assert guest_told < TOLD_S, "the guest was not told at once"
        guest.poll()
        time.sleep(0.01)
    assert guest.failure == "Hana closed the table"


def test_a_guest_s_table_says_the_host_closed_it_and_offers_the_menu(app: App, local: LocalServer) -> None:
    host, guest = seated(local)
    app.start(table_for("whist")(app, guest))
    table: Any = app.scenes.top
    frames_until(app, lambda: table.idle, host)
    local.close_for_guests()                         # (what the host's app does as it closes)
    frames_until(app, lambda: table.link_line() != "", within_s=TOLD_S)
    assert table.link_line() == "Hana closed the table"
    assert table.table_gone() and not table.human_turn
    assert table.gone_button.label == "Back to the menu" and table.gone_button.rect.width > 0
    click(app, table.gone_button.rect.center)
    assert isinstance(app.scenes.top, MenuScene)
