"""Play online, headless, with real pygame events and a real server on 127.0.0.1: the menu's
Play online, Host, the seats (a friend's, a computer), the lobby with its code; a friend
joins and the lobby names them; Start gives the open seat to a computer and the table opens.
Joining by typed address and code: a wrong code shows the server's line, the right one seats
the player in the lobby."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any, Callable, Iterator

import pygame
import pytest

import app.net.server.hosting as hosting
import app.window.scenes.join as join_scene
import app.window.scenes.lobby as lobby_scene
from app.net.server.hosting import LocalServer
from app.net.client.remote import RemoteSession
from app.window.scenes.host_setup import HostSetupScene
from app.window.scenes.join import JoinScene
from app.window.scenes.lobby import LobbyScene
from app.window.scenes.menu import MenuScene
from app.window.scenes.online import OnlineScene
from app.window.shell import App
from app.net.client.table_finder import TableFinder
from app.core.words.names import CAST
from tests.app.ui_driver import FRAME, click, fast_app, post_key, texts_drawn
from tests.net.server_thread import ServerThread, running

WAIT_S = 30.0


@pytest.fixture
def app() -> Iterator[App]:
    yield from fast_app()


@pytest.fixture
def no_network_list(monkeypatch: pytest.MonkeyPatch) -> None:
    """No mDNS in tests: the Join screen's list is looked for with a look that finds nothing."""
    monkeypatch.setattr(join_scene, "look_for_tables", lambda: TableFinder(lambda seconds: []).start())


@pytest.fixture
def own_server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[LocalServer]]:
    """The app's own server, on loopback with a free port and no announcement."""
    made: list[LocalServer] = []

    def local_server(**_: Any) -> LocalServer:
        if not made:
            made.append(LocalServer(tmp_path / "hosted", port=0, host="127.0.0.1", announce=False).start())
        return made[0]

    monkeypatch.setattr(hosting, "local_server", local_server)
    yield made
    for server in made:
        server.stop()


@pytest.fixture
def server() -> Iterator[ServerThread]:
    yield from running()


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text the lobby and the join screen draw."""
    return texts_drawn(monkeypatch, lobby_scene, join_scene)


def frames_until(app: App, condition: Callable[[], bool], *others: Any) -> None:
    """Frames until ``condition``, in real time (the network has its own threads); the
    ``others`` (sessions of other players) are polled meanwhile as their windows would."""
    deadline = time.monotonic() + WAIT_S
    while not condition():
        assert time.monotonic() < deadline, "it never happened"
        for other in others:
            other.poll()
        app.step(FRAME)
        time.sleep(0.005)


def type_text(app: App, text: str) -> None:
    for char in text:
        post_key(app, pygame.K_UNKNOWN, char)


def host_setup(app: App, player: str, game: str) -> HostSetupScene:
    """From the menu, as ``player``: Play online, then the game to host (its setup)."""
    app.settings.player_name = player
    app.start(MenuScene(app))
    click(app, app.scenes.top.online_button.rect.center)
    online = app.scenes.top
    assert isinstance(online, OnlineScene)
    click(app, next(b for b in online.game_buttons if b.label == game).rect.center)
    setup = app.scenes.top
    assert isinstance(setup, HostSetupScene)
    return setup


def test_host_a_table_a_friend_joins_and_start_opens_the_game(
        app: App, own_server: list[LocalServer], drawn: list[str]) -> None:
    setup = host_setup(app, "Ann", "Whist")
    click(app, setup.rows[3].rect.center)          # seat 4: a remote player becomes a computer
    assert setup.kinds == ["host", "remote", "remote", "bot"]
    click(app, setup.start_button.rect.center)     # Open table
    lobby = app.scenes.top
    assert isinstance(lobby, LobbyScene)
    frames_until(app, lambda: lobby.session is not None and lobby.session.status == "waiting")
    code = lobby.session.code
    assert lobby.session.setup.options == setup.setup.options     # the table's options, from the start
    assert code and " ".join(code) in drawn and "Invitation" in drawn
    # The invitation friends paste: this server's address and certificate, the code, the host.
    invitation = lobby.invitation
    assert invitation is not None and invitation.fingerprint == own_server[0].identity.fingerprint
    assert invitation.text().startswith(f"parlour://127.0.0.1:{own_server[0].port}/{code}?host=Ann&game=whist&fp=")
    assert invitation.text() in "".join(drawn)       # (drawn in pieces the panel's width)

    friend = RemoteSession.join(own_server[0].url, code, "Bartholomew")
    frames_until(app, lambda: "Bartholomew" in drawn, friend)
    assert "Ann (you), host" in drawn and "Waiting for a friend to join…" in drawn
    assert any(t.split(", ")[-1].startswith("computer") and t.split(", ")[0] in CAST for t in drawn)
    assert not any(text.startswith(("P2", "P3")) for text in drawn)

    post_key(app, pygame.K_t, "t")                 # the chat: T, a line, Enter
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="Evening, Bartholomew"))
    post_key(app, pygame.K_RETURN)
    frames_until(app, lambda: [(c.name, c.text) for c in friend.chat] == [("Ann", "Evening, Bartholomew")], friend)
    assert lobby.session.status == "waiting", "Enter sent the line and did not start the game"

    click(app, lobby.start_button.rect.center)     # Start: a computer takes seat 3
    frames_until(app, lambda: app.scenes.top is not lobby, friend)
    table = app.scenes.top
    assert table.session is lobby.session and lobby.session.status == "playing"
    assert type(table).__module__ == "app.window.tables.whist"
    assert [p.kind for p in lobby.session.players] == ["host", "remote", "bot", "bot"]
    frames_until(app, lambda: friend.status == "playing", friend)
    friend.leave()


def test_join_by_typed_address_a_wrong_code_says_so_then_the_right_one_seats_you(
        app: App, server: ServerThread, no_network_list: None, drawn: list[str]) -> None:
    host = RemoteSession.host(server.url, {"game": "whist", "seats": 4, "remote": 2, "difficulty": "easy"}, "Ann")
    deadline = time.monotonic() + WAIT_S
    while host.code is None:
        assert time.monotonic() < deadline
        host.poll()
        time.sleep(0.01)
    app.settings.player_name = "Bartholomew"
    app.start(MenuScene(app))
    post_key(app, pygame.K_p, "p")
    click(app, app.scenes.top.join_button.rect.center)
    join = app.scenes.top
    assert isinstance(join, JoinScene)
    type_text(app, server.url.removeprefix("ws://"))
    post_key(app, pygame.K_TAB)
    type_text(app, "zz zzz2")                      # (spaces dropped, letters made capitals)
    assert join.code.text == "ZZZZZ2"
    post_key(app, pygame.K_RETURN)
    frames_until(app, lambda: join.problem is not None, host)
    assert join.problem == "No table has the code 'ZZZZZ2'"         # the server's own line
    assert join.problem in drawn                                      # on the screen
    assert app.scenes.top is join                  # still here, to try again
    for _ in range(6):
        post_key(app, pygame.K_BACKSPACE)
    type_text(app, host.code.lower())
    click(app, join.join_button.rect.center)
    frames_until(app, lambda: isinstance(app.scenes.top, LobbyScene), host)
    lobby = app.scenes.top
    frames_until(app, lambda: "Ann, host" in drawn and "Bartholomew (you)" in drawn, host)
    assert lobby.session.seat == 1 and not lobby.start_button.enabled
    assert "The host starts the game" in drawn
    host.leave()


def test_an_address_with_no_server_is_one_line_and_nothing_else(app: App, no_network_list: None) -> None:
    import socket

    with socket.socket() as probe:           # a port where nothing listens
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    app.settings.player_name = "Cath"
    app.start(JoinScene(app, f"127.0.0.1:{port}", "ABCDEF"))
    post_key(app, pygame.K_RETURN)
    frames_until(app, lambda: app.scenes.top.problem is not None)
    problem = app.scenes.top.problem
    assert problem == f"Nothing answers at 127.0.0.1:{port}: check the address, and that the host's Parlour is open"


def test_a_table_found_on_the_network_is_joined_with_its_own_button(
        app: App, server: ServerThread, monkeypatch: pytest.MonkeyPatch) -> None:
    from app.net.wire.discovery import Found, ListedTable

    host = RemoteSession.host(server.url, {"game": "euchre", "seats": 4, "remote": 2, "difficulty": "easy"}, "Ann")
    deadline = time.monotonic() + WAIT_S
    while host.code is None:
        assert time.monotonic() < deadline
        host.poll()
        time.sleep(0.01)
    listed = [Found("den", server.url, 1, (ListedTable(host.code, "euchre", 2, 4, "Ann"),))]
    monkeypatch.setattr(join_scene, "look_for_tables", lambda: TableFinder(lambda seconds: listed).start())
    app.settings.player_name = "Dot"
    app.start(MenuScene(app))
    app.scenes.push(JoinScene(app))
    join = app.scenes.top
    frames_until(app, lambda: bool(join.rows), host)
    found, join_button, _watch = join.rows[0]
    assert found.table.code == host.code
    click(app, join_button.rect.center)
    frames_until(app, lambda: isinstance(app.scenes.top, LobbyScene), host)
    assert app.scenes.top.session.seat == 1 and app.scenes.top.address == server.url.removeprefix("ws://")
    host.leave()


def test_a_watcher_waits_in_the_lobby_and_the_table_opens_when_the_host_starts(
        app: App, server: ServerThread, no_network_list: None, drawn: list[str]) -> None:
    host = RemoteSession.host(server.url, {"game": "whist", "seats": 4, "remote": 1, "difficulty": "easy"}, "Ann")
    deadline = time.monotonic() + WAIT_S
    while host.code is None:
        assert time.monotonic() < deadline
        host.poll()
        time.sleep(0.01)
    app.settings.player_name = "Dot"
    app.start(MenuScene(app))
    app.scenes.push(JoinScene(app, server.url, host.code))
    click(app, app.scenes.top.watch_button.rect.center)
    frames_until(app, lambda: isinstance(app.scenes.top, LobbyScene), host)
    lobby = app.scenes.top
    frames_until(app, lambda: "Watching Whist" in drawn, host)
    assert lobby.session.seat is None and not lobby.is_host
    host.start_now()
    frames_until(app, lambda: app.scenes.top is not lobby, host)
    assert app.scenes.top.session is lobby.session and lobby.session.seat is None
    host.leave()


def test_a_host_whose_server_cannot_open_sees_one_line_and_try_again(
        app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, drawn: list[str]) -> None:
    from games.registry import GAMES

    failing = LocalServer(tmp_path, port=0, host="203.0.113.7", announce=False)    # not this machine's
    monkeypatch.setattr(hosting, "local_server", lambda **_: failing if failing._thread.ident else failing.start())
    app.settings.player_name = "Ann"
    app.start(MenuScene(app))
    lobby = LobbyScene.hosting(app, GAMES["nash"], {"game": "nash", "plan": [{"kind": "host"}, {"kind": "remote"}]})
    app.scenes.push(lobby)
    frames_until(app, lambda: lobby.failure is not None)
    assert lobby.failure.startswith("Your table cannot be opened here: ")
    frames_until(app, lambda: "The Nash Game: not open" in drawn)
    assert lobby.can_retry and lobby.again_button.label == "Try again"
    post_key(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, MenuScene)


class Unreachable:
    """A host's session whose server could not be reached."""

    status, failure, url, player_name = "failed", "cannot reach ws://10.9.9.9:8765: timed out", "ws://10.9.9.9:8765", "Ann"
    seat, players, code, chat = None, [], None, []

    def poll(self) -> None:
        pass

    def take_errors(self) -> list[str]:
        return []


def test_try_again_makes_the_table_again_on_the_server_it_was_asked_of(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    from games.registry import GAMES

    made: list[tuple[str, str]] = []
    monkeypatch.setattr(lobby_scene, "host_session", lambda url, create, name: made.append((url, name)) or Unreachable())
    monkeypatch.setattr(hosting, "local_server", lambda **_: pytest.fail("the app's own server is not wanted here"))
    lobby = LobbyScene(app, Unreachable(), "ws://10.9.9.9:8765", GAMES["whist"], {"game": "whist"})
    app.start(lobby)
    app.step(FRAME)
    assert lobby.can_retry     # (the failure in the Join screen's words)
    assert lobby.failure == "No answer from ws://10.9.9.9:8765: is it on your network, and the address right?"
    click(app, lobby.again_button.rect.center)
    assert made == [("ws://10.9.9.9:8765", "Ann")]


def test_the_host_s_seats_you_move_computers_keep_their_level_and_the_plan_says_so(app: App) -> None:
    from games.registry import GAMES

    app.settings.player_name = "Ann"
    setup = HostSetupScene(app, GAMES["nap"])
    app.start(setup)
    row = {seat: i for i, seat in setup.seat_rows.items()}
    assert [setup.rows[row[s]].value() for s in range(3)] == ["You (Ann)", "Remote player", "Remote player"]
    setup.rows[row[2]].change(-1)                  # seat 3: Remote player -> You (you move there)
    assert setup.kinds[:3] == ["remote", "remote", "host"]
    setup.rows[row[1]].change(1)                   # seat 2: Remote player -> Computer (easy)
    setup.rows[row[1]].change(1)                   # -> Computer (normal)
    assert setup.rows[row[1]].value() == "Computer (normal)"
    create = setup.create()
    assert create["plan"][:3] == [{"kind": "remote", "difficulty": "normal"},
                                  {"kind": "bot", "difficulty": "normal"}, {"kind": "host"}]
    assert create["seats"] == len(create["plan"]) and create["remote"] == create["plan"].count(
        {"kind": "remote", "difficulty": "normal"})
    while len(setup.setup.seats) > 4:
        setup.change_seats(-1)
    setup.rows[row[3]].change(-1)                  # you move to seat 4, the last
    assert setup.kinds == ["remote", "bot", "remote", "host"]
    setup.change_seats(-1)                         # seat 4 goes: you sit in seat 1
    assert setup.kinds == ["host", "bot", "remote"] and len(setup.setup.seats) == 3


def test_ctrl_v_pastes_the_address_and_a_code_keeps_only_its_letters(app: App, no_network_list: None) -> None:
    app.start(JoinScene(app))
    join = app.scenes.top
    pygame.scrap.put_text("  ws://192.168.1.23:8765 \n")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v, mod=pygame.KMOD_CTRL, unicode="", scancode=0))
    app.step(FRAME)
    post_key(app, pygame.K_TAB)
    type_text(app, "k7q-1Om2x")                    # (1 and O are in no code)
    assert join.address.text == "ws://192.168.1.23:8765" and join.code.text == "K7QM2X"


@pytest.mark.parametrize("size", [(1280, 800), (800, 560)])
def test_each_table_found_says_its_free_seats_whole_in_its_row(
        size: tuple[int, int], monkeypatch: pytest.MonkeyPatch, drawn: list[str]) -> None:
    from app.net.wire.discovery import Found, ListedTable
    from app.window.render.text import font

    listed = [Found("den", "ws://192.168.1.23:8765", 1, (ListedTable("K7QM2X", "whist", 2, 4, "Ann"),)),
              Found("attic", "ws://192.168.1.40:8765", 1, (ListedTable("PQ3ZT8", "nash_whist", 1, 5, "Bartholomew"),
                                                             ListedTable("ZZ8QM2", "euchre", 3, 4, "W" * 16)))]
    monkeypatch.setattr(join_scene, "look_for_tables", lambda: TableFinder(lambda seconds: listed).start())
    for app in fast_app(size):
        join = JoinScene(app)
        app.start(join)
        deadline = time.monotonic() + WAIT_S
        while len(join.rows) < 3:
            assert time.monotonic() < deadline, "the tables were never listed"
            app.step(FRAME)
        drawn.clear()
        app.step(FRAME)
        for found, join_button, _watch in join.rows:
            table = found.table
            line = next(text for text in drawn if text.endswith(" free") and table.host[:4] in text)
            assert re.search(rf" · {table.free}( of |/){table.seats}( seats)? free$", line), line  # the count, whole
            room = join_button.rect.left - join.list_panel.left - int(20 * join.s) - 24
            assert font(max(12, join.text_size - 3)).size(line)[0] <= room, line
        if size == (800, 560):
            assert any(text == "Bartholomew · 1 of 5 free" for text in drawn)   # the name stays whole
