"""The lobby when the table goes away, on a real server over 127.0.0.1: the host's Leave (or
the app closing) closes a table still waiting, and whoever joined is told in one line with a
way back; a joiner whose connection gives up reads the Join screen's plain words, not the
socket's; and a joiner's lobby and seat plates say each computer's level."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Iterator

import pytest

import app.net.server.hosting as hosting
import app.net.client.link as link
import app.window.scenes.lobby as lobby_scene
from app.net.server.hosting import LocalServer
from app.net.client.remote import RemoteSession
from app.window.scenes.lobby import LobbyScene
from app.window.scenes.menu import MenuScene
from app.window.shell import App
from app.core.words.names import level_word
from games.registry import GAMES
from tests.app.test_online_ui import drawn, frames_until   # noqa: F401  (a fixture)
from tests.app.ui_driver import click, fast_app
from tests.net.server_thread import ServerThread, running

WAIT_S = 30.0
PLAN = [{"kind": "host"}, {"kind": "remote"}, {"kind": "remote"}, {"kind": "bot", "difficulty": "hard"}]
CREATE = {"game": "whist", "plan": PLAN, "difficulty": "easy"}


@pytest.fixture
def app() -> Iterator[App]:
    yield from fast_app()


@pytest.fixture
def server() -> Iterator[ServerThread]:
    yield from running()


def seated(session: RemoteSession) -> RemoteSession:
    deadline = time.monotonic() + WAIT_S
    while session.status in ("connecting",) or not session.players:
        assert time.monotonic() < deadline and session.status != "failed", session.failure
        session.poll()
        time.sleep(0.01)
    return session


def lobby_of(app: App, session: RemoteSession, address: str, host: bool = False) -> LobbyScene:
    app.start(MenuScene(app))
    lobby = LobbyScene(app, session, address, GAMES["whist"], CREATE if host else None)
    app.scenes.push(lobby)
    lobby.resize(app.screen.get_size())
    return lobby


def test_the_host_s_leave_closes_the_waiting_table_and_the_friend_is_told(app: App, server: ServerThread) -> None:
    host = seated(RemoteSession.host(server.url, CREATE, "Ann"))
    lobby = lobby_of(app, host, server.url, host=True)
    friend = seated(RemoteSession.join(server.url, str(host.code), "Bob"))
    frames_until(app, lambda: lobby.is_host and [p.taken for p in host.players][:2] == [True, True], friend)
    click(app, lobby.leave_button.rect.center)
    assert app.scenes.top is not lobby and lobby.app_closing not in app.on_close
    frames_until(app, lambda: friend.status == "failed", friend)
    assert friend.failure == "Ann closed the table"
    assert server.on_loop(lambda: dict(server.server.tables)) == {}


def test_the_app_closing_with_the_host_s_lobby_open_closes_the_table(app: App, server: ServerThread) -> None:
    host = seated(RemoteSession.host(server.url, CREATE, "Ann"))
    lobby = lobby_of(app, host, server.url, host=True)
    friend = seated(RemoteSession.join(server.url, str(host.code), "Bob"))
    frames_until(app, lambda: lobby.is_host, friend)
    assert app.on_close[0] == lobby.app_closing, "before the app's own server stops"
    app.on_close[0]()
    frames_until(app, lambda: friend.status == "failed", friend)
    assert friend.failure == "Ann closed the table"


def test_closing_the_app_that_hosts_tells_the_friend_before_its_own_server_stops(
        app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    own = LocalServer(tmp_path / "hosted", port=0, host="127.0.0.1", announce=False).start()
    monkeypatch.setattr(hosting, "_running", own)        # the app's own server, as local_server keeps it
    app.settings.player_name = "Ann"
    app.start(MenuScene(app))
    lobby = LobbyScene.hosting(app, GAMES["whist"], CREATE)
    app.scenes.push(lobby)
    frames_until(app, lambda: lobby.session is not None and lobby.session.status == "waiting")
    friend = seated(RemoteSession.join(own.url, str(lobby.session.code), "Bob"))
    frames_until(app, lambda: friend.status == "waiting", friend)
    for close in list(app.on_close):      # as the app does as it closes
        close()
    assert not own.running
    frames_until(app, lambda: friend.status == "failed", friend)
    assert friend.failure == "Ann closed the table"


def test_a_friend_in_the_lobby_is_told_the_host_closed_it_and_goes_back(
        app: App, server: ServerThread, drawn: list[str]) -> None:
    host = seated(RemoteSession.host(server.url, CREATE, "Ann"))
    friend = seated(RemoteSession.join(server.url, str(host.code), "Bob"))
    lobby = lobby_of(app, friend, "127.0.0.1:" + str(server.port))
    frames_until(app, lambda: lobby.session.status == "waiting", host)
    host.close_table()
    frames_until(app, lambda: "Ann closed the table" in drawn)
    assert lobby.failure == "Ann closed the table" and lobby.leave_button.label == "Back"
    click(app, lobby.leave_button.rect.center)
    assert app.scenes.top is not lobby


def test_a_friend_whose_connection_gives_up_reads_plain_words(
        app: App, drawn: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(link, "RECONNECT_FOR_S", 0.5)
    server = ServerThread()
    try:
        host = seated(RemoteSession.host(server.url, CREATE, "Ann"))
        address = f"127.0.0.1:{server.port}"
        lobby = lobby_of(app, seated(RemoteSession.join(server.url, str(host.code), "Bob")), address)
        frames_until(app, lambda: lobby.session.status == "waiting", host)
    finally:
        server.stop()
    frames_until(app, lambda: lobby.failure is not None)
    assert lobby.session.failure.startswith("lost the server at ws://")
    said = f"Nothing answers at {address} any more: check that the host's Parlour is open, and your network"
    assert lobby.failure == said
    frames_until(app, lambda: said in " ".join(drawn))      # (wrapped over lines)
    assert not any("ws://" in text for text in drawn)
    host.leave()


def test_a_friend_s_lobby_and_plates_say_the_computer_s_level(
        app: App, server: ServerThread, drawn: list[str]) -> None:
    host = seated(RemoteSession.host(server.url, CREATE, "Ann"))
    friend = seated(RemoteSession.join(server.url, str(host.code), "Bob"))
    lobby = lobby_of(app, friend, "127.0.0.1:" + str(server.port))
    frames_until(app, lambda: any(t.endswith(", computer (hard)") for t in drawn), host)
    host.start_now()
    frames_until(app, lambda: app.scenes.top is not lobby, host)
    table: Any = app.scenes.top
    assert table.session is friend and friend.players[3].level == "hard"
    assert table.seat_label(3) == level_word("hard")
    host.leave()
    friend.leave()


def test_lobby_module_shares_the_join_screen_s_words() -> None:
    from app.window.scenes import join

    assert lobby_scene.player_line is join.player_line
