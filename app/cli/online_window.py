"""``parlour host GAME`` and ``parlour join ADDRESS CODE [--watch]`` without ``--bot``: the
window opens on the networked table.

Imported only when a window opens (it imports pygame). The host's table is made on the server given (``--server``) or on one started in this
process (app/net/server/hosting.py, on ``--listen``); ``table CODE at wss://H:P`` and ``invite: parlour://…``
are printed on lines of their own once the server has given the code, as the headless host prints them. The lobby
(app/window/scenes/lobby.py) then shows who has sat down and opens the game's table when it
starts; a joiner whose table is already being played goes straight to it, and one whose
app closed during the game goes back to their kept seat (app/core/kept_seats.py). Should the
lobby be missing, ``WaitingScene`` here is the fallback: one line while the table waits,
and the game's table as soon as it is played (``open_session`` is the one hook).
"""

from __future__ import annotations

import sys
import threading
import time
from typing import TYPE_CHECKING, Any, Sequence

import pygame

from app.window.render.table import felt
from app.window.render.text import render_text
from app.window.scenes.base import Scene
from app.window.ui import theme
from app.window.ui.widgets import blit_centered
from app.cli.router_said import say_router

if TYPE_CHECKING:
    from app.net.client.remote import RemoteSession
    from app.window.scenes.base import AppServices
    from app.window.shell import App

CODE_WAIT_S = 30.0


def host(game: str, server: str | None, create: dict[str, Any], name: str, listen: str, internet: bool = False) -> int:
    from app.net.wire.addresses import normalise
    from app.net.client.remote_realtime import hosting_session

    app = _app()
    name = _own_name(app, name, "Host")
    if server is not None:
        url = address = normalise(server)
    else:
        local = _local_server(listen)
        app.on_close.append(local.stop)
        if not local.wait(10) or local.failure is not None:
            print(f"parlour host: {local.failure or 'the server did not start'}", file=sys.stderr)
            return 1
        url, address = local.url, f"wss://{local.address()}"
    session = hosting_session(url, create, name)
    _print_code_when_known(session, address, str(create.get("game")), name,
                           local if internet and server is None else None)
    open_session(app, session, address, create)
    if internet and server is None:
        _show_router(app, local)
    return app.run()


def join(address: str, code: str, name: str, watch: bool, others: Sequence[str] = ()) -> int:
    from app.net.wire.addresses import normalise
    from app.net.client.remote_realtime import RemoteRealtimeSession

    app = _app()
    name = _own_name(app, name, "Guest")
    url = normalise(address)
    seat = None if watch else kept_seat_at(url, code)
    if seat is not None:
        go_back(app, seat)
    else:
        # (a RemoteSession at a turn table; ``others`` sit only at a reflex table)
        session = RemoteRealtimeSession.join(url, code, name, watch, others)
        _print_failure_when_known(session, url)
        open_session(app, session, url)
    return app.run()


def kept_seat_at(url: str, code: str) -> Any:
    """This player's seat at table ``code`` on ``url``, kept when their app closed during its
    game (app/core/kept_seats.py), or None: joining that table again sits them back in it (a
    fresh join would find no free seat: theirs is still theirs)."""
    from app.core import kept_seats

    code = code.strip().upper()
    return next((s for s in kept_seats.kept() if s.url == url and s.code.upper() == code), None)


def go_back(app: App, seat: Any) -> None:
    """Sit down again in a kept seat with its token (as the menu's "Back to your table")."""
    from app.window.scenes.back_to_table import BackToTableScene

    app.scenes.push(BackToTableScene(app, seat))


def _app() -> App:
    from app.window.scenes.menu import MenuScene
    from app.window.scenes.base import AppServices
    from app.window.shell import App

    app = App()
    app.start(MenuScene(app))
    return app


def _own_name(app: App, name: str, default: str) -> str:
    """The name given on the command line, or else the player's own from the settings."""
    from app.core.words.names import clean_name

    return (clean_name(app.settings.player_name) or name) if name == default else name


def _local_server(listen: str) -> Any:
    from app.net.server import hosting
    from app.net.wire.addresses import normalise

    host_name, _, port = normalise(listen).partition("://")[2].rpartition(":")
    return hosting.local_server(port=int(port), host=host_name)


def _print_code_when_known(session: RemoteSession, address: str, game: str, name: str, local: Any = None) -> None:
    """Print ``table CODE at ADDRESS`` and ``invite: parlour://…`` once the frame loop has
    read the code (the link's thread delivers it; this one only reads the attribute); with
    ``local`` (the app's server, ``--internet``), the router is asked for the table and what
    it said printed first, and the address is its public one when it opened the port."""
    from app.net.wire.invitation import for_url

    def wait() -> None:
        deadline = time.monotonic() + CODE_WAIT_S
        while session.code is None and session.status != "failed" and time.monotonic() < deadline:
            time.sleep(0.02)
        if session.code is None:
            return
        router = local.open_to_internet(session.code) if local is not None else None
        scheme, _, where = address.partition("://")
        shown = address if router is None else f"{scheme}://{say_router(router, where)}"
        print(f"table {session.code} at {shown}", flush=True)
        at, _, port = shown.partition("://")[2].rpartition(":")
        invitation = for_url(session.url, session.code, game, name, at.strip("[]") or None,
                             int(port) if port.isdigit() else None)
        if invitation is not None:
            print(f"invite: {invitation.text()}", flush=True)

    threading.Thread(target=wait, name="print-code", daemon=True).start()


def _print_failure_when_known(session: RemoteSession, address: str) -> None:
    """Say on the terminal too why joining failed (a wrong code, a full table, nobody at
    the address), in the lobby's words: the window shows it, but the command was typed
    there and its output should not stay silent."""
    from app.core.words.net_words import player_line

    def wait() -> None:
        deadline = time.monotonic() + CODE_WAIT_S
        while session.status in ("connecting", "failed") and time.monotonic() < deadline:
            if session.status == "failed":
                print(f"parlour join: {player_line(session.failure, address)}", file=sys.stderr, flush=True)
                return
            time.sleep(0.02)

    threading.Thread(target=wait, name="print-failure", daemon=True).start()


def _show_router(app: App, local: Any) -> None:  # (``local``: a LocalServer)
    """The lobby says what the router said, and gives the public address once it has one."""
    from app.window.scenes.lobby import LobbyScene

    lobby = app.scenes.top
    if isinstance(lobby, LobbyScene):
        lobby.server, lobby.internet = local, True
        lobby.address = lobby.lan_address = local.address()


def open_session(app: App, session: RemoteSession, address: str, create: dict[str, Any] | None = None) -> None:
    """Show ``session``: the lobby while the table waits (the game's table opens from it),
    or the fallback that opens the table once the game is played."""
    from games.registry import GAMES

    try:
        from app.window.scenes.lobby import LobbyScene
    except ImportError:
        app.scenes.push(WaitingScene(app, session))
        return
    spec = GAMES.get(str(create.get("game"))) if create is not None else None
    app.scenes.push(LobbyScene(app, session, address, spec, create))


class WaitingScene(Scene):
    """The fallback while the table is not being played yet: one line; Esc leaves."""

    name = "waiting"

    def __init__(self, app: AppServices, session: RemoteSession) -> None:
        super().__init__(app)
        self.session = session

    def line(self) -> str:
        session = self.session
        if session.status == "failed":
            return f"Cannot sit down: {session.failure}"
        if session.code is None:
            from app.net.client.dial import shown

            return f"Connecting to {shown(session.url)}…"
        return f"Table {session.code}: waiting for players…"

    def update(self, dt: float) -> None:
        self.session.poll()
        if self.session.status in ("playing", "over"):
            self.app.nav.table(self.session, replace=True)   # the game's own table

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.session.leave()
            self.app.scenes.pop()

    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        surface.blit(felt(size), (0, 0))
        s = theme.scale_for(size)
        blit_centered(surface, render_text(self.line(), max(16, int(26 * s)), theme.INK, bold=True),
                      (size[0] // 2, size[1] // 2))
