"""The table server inside the app, for a game hosted from the menu (Play online, Host).

One per app: a :class:`~app.net.server.server.Server` keeping its tables in the app's data folder,
on a thread of its own (an asyncio loop), listening on every interface at port 8765, or on
a free port when that one is taken, and announced on the local network by mDNS. A second
Parlour on the same machine hosting at the same time keeps its tables in a folder of its
own (``hosted-2``…): each server holds a lock on its folder while it runs, so neither
forgets the other's lobbies as it starts. Where mDNS
cannot work, ``note`` says so in one line and the server serves on: the address and code
always work. ``stop`` (the app calls it as it closes) takes the announcement down and
closes the server, every table safe in its log. Damaged files in the folder (the log, the
lock) are moved aside with one notice and hosting goes on (app/net/server/host_files.py).
No pygame here.

It always serves TLS with the app's own certificate (app/net/wire/tls.py, kept in ``tls/``
beside the tables' folder), loopback included, so the host's own app, a test and a friend
all dial exactly what friends get: ``url`` and ``invitation`` carry its fingerprint.

Hosting a table for friends beyond this network, ``open_to_internet`` asks the router to
forward the port (app/net/server/router.py, on a thread of its own); ``public_address`` is
then where friends anywhere dial. The mapping is taken down once none of the tables it was
asked for is open any more (closed by its host, or over with nobody at it), and when the
server stops.
"""

from __future__ import annotations

import asyncio
import errno
import socket
import threading
import time
from concurrent.futures import Future
from pathlib import Path
from typing import IO, Any, Callable, TypeVar

from app.net.server import table_life
from app.core import storage
from app.net.server.host_files import lock_clearing, open_log
from app.net.server.router import RouterPort, Where
from app.net.server.server import Server
from app.net.server.table import Conn, Table
from app.net.wire.invitation import Invitation
from app.net.wire.tls import Identity, own_identity, pinned_url, server_context
from app.net.server.store import TableStore
from app.net.wire.addresses import DEFAULT_PORT

__all__ = ["DEFAULT_PORT", "LocalServer", "claim_folder", "close_for_guests", "guests", "local_server", "serves", "stop"]

T = TypeVar("T")

STOP_TIMEOUT_S = 5.0
MAX_FOLDERS = 20
WATCH_S = 0.5
"""How often the server looks whether a table is still open while the router's port is."""


class LocalServer:
    """A server on a background thread. ``start`` returns at once; ``port`` is set once it
    listens, ``failure`` (one line) if it cannot."""

    def __init__(self, data: Path, port: int = DEFAULT_PORT, host: str = "0.0.0.0",
                 announce: bool = True, grace_s: float = 30.0, identity: Path | None = None) -> None:
        self.data, self.wanted_port, self.host = data, port, host
        self.identity_folder = identity or data.parent / "tls"
        self.identity: Identity | None = None      # the certificate, once the thread has it
        self.folder = data            # where its tables are kept: ``data``, or hosted-2… if taken
        self.announce, self.grace_s = announce, grace_s
        self.port: int | None = None
        self.failure: str | None = None
        self.note: str | None = None
        """Why the tables are not listed on the local network, if they are not."""
        self.notices: list[str] = []
        """What was moved aside for this server to host (also said once in storage's notices)."""
        self.server: Server | None = None
        self.router: RouterPort | None = None
        """The router's port mapping, once asked for (``open_to_internet``)."""
        self._for_tables: tuple[str, ...] = ()     # the codes of the tables it was asked for
        self._router_lock = threading.Lock()      # (the lobby and ``parlour host``'s printer both ask)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._main, name="parlour-host", daemon=True)

    def start(self) -> LocalServer:
        self._thread.start()
        return self

    def wait(self, timeout: float) -> bool:
        """Wait until it listens (True) or has failed (False)."""
        self._ready.wait(timeout)
        return self.port is not None

    @property
    def running(self) -> bool:
        return self.port is not None and self._thread.is_alive()

    @property
    def url(self) -> str:
        """Where this app's own player connects (pinned to the server's own certificate)."""
        assert self.identity is not None
        return pinned_url(f"wss://127.0.0.1:{self.port}", self.identity.fingerprint)

    def address(self) -> str:
        """What to send friends: this machine's address on the local network and the port."""
        from app.net.wire.addresses import lan_address

        host = self.host if self.host not in ("", "0.0.0.0", "::") else lan_address()
        return f"{host}:{self.port}"

    def invitation(self, code: str, game: str | None = None, host_name: str | None = None) -> Invitation:
        """The line friends paste to join table ``code`` here: at the router's public address
        while it forwards the port (``open_to_internet``), else on the local network."""
        assert self.identity is not None
        address, _, port = (self.public_address or self.address()).rpartition(":")
        return Invitation(address, int(port), code, game, host_name, self.identity.fingerprint)

    def open_to_internet(self, code: str, where: Where | None = None) -> RouterPort | None:
        """Ask the router to forward this server's port to friends anywhere, for the table
        ``code`` (made already): the port stays open while a table it was asked for is, and
        asking again while it is gives the same mapping. None until the server listens.
        ``where`` says where the router is (tests); by default it is searched for."""
        with self._router_lock:
            loop = self._loop
            if self.port is None or loop is None or loop.is_closed():
                return None
            if self.router is not None and not self.router.closed:
                self._for_tables = (*self._for_tables, code)
                return self.router
            self._for_tables = (code,)
            router = self.router = RouterPort(self.port, where).start()
        try:
            asyncio.run_coroutine_threadsafe(self._release_when_closed(router), loop)
        except RuntimeError:             # the server stopped meanwhile: nothing to keep open
            router.close(timeout=0)
        return router

    @property
    def public_address(self) -> str | None:
        """``host:port`` where friends beyond this network reach the server: the router's
        public address, while it forwards the port (None otherwise)."""
        router = self.router
        outcome = router.outcome if router is not None and not router.closed else None
        return outcome.address if outcome is not None else None

    def guests(self) -> list[str]:
        """The people at this server's tables now, but their hosts (watchers too): whom
        closing the app would leave at a table that is gone. [] when it does not run."""
        def names(server: Server) -> list[str]:
            return [c.name for t in server.tables.values() for c in t.conns
                    if c.seat is None or t.seats[c.seat].kind != "host"]

        return self._on_loop(names, [])

    def close_for_guests(self) -> None:
        """Close every table someone other than its host is at, telling them at once
        ("Ann closed the table"), and wait (a second at most) until they have been told."""
        def close(server: Server) -> list[Conn]:
            shut = [t for t in server.tables.values()
                    if any(c.seat is None or t.seats[c.seat].kind != "host" for c in t.conns)]
            conns = [c for t in shut for c in t.conns]
            for table in shut:
                table_life.shut(server, table, table_life.closed_line(table), "closed by its host as its app closed")
            return conns

        conns: list[Conn] = self._on_loop(close, [])
        for _ in range(100):      # each outbox sends its line, then closes (its own task)
            if all(c.ws.state.name == "CLOSED" for c in conns):
                break
            time.sleep(0.01)

    def _on_loop(self, job: Callable[[Server], T], otherwise: T) -> T:
        """``job(server)`` run on the server's loop, where its tables may be read; ``otherwise``
        when the server does not run (or does not answer within a second)."""
        loop, server = self._loop, self.server
        if loop is None or server is None or loop.is_closed() or not self._thread.is_alive():
            return otherwise
        done: Future[T] = Future()

        def run() -> None:
            try:
                done.set_result(job(server))
            except BaseException as problem:
                done.set_exception(problem)

        try:
            loop.call_soon_threadsafe(run)
            return done.result(1.0)
        except (RuntimeError, TimeoutError):
            return otherwise

    def stop(self) -> None:
        if self.router is not None:
            self.router.close()
        loop, stop = self._loop, self._stop
        if loop is not None and stop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(stop.set)
            except RuntimeError:      # the loop closed meanwhile: nothing left to stop
                pass
        if self._thread.is_alive():
            self._thread.join(STOP_TIMEOUT_S)

    # --- the server's thread ------------------------------------------------------------------

    def _main(self) -> None:
        try:
            self.identity = own_identity(self.identity_folder)
            self.folder, lock = claim_folder(self.data, self.notices)
            with lock:                   # held while serving
                asyncio.run(self._serve())
        except Exception as problem:     # one line for the lobby, whatever went wrong
            where = f"{self.host}:{self.wanted_port}" if isinstance(problem, OSError) else ""
            self.failure = f"Your table cannot be opened here: {_why(problem)}" + (f" ({where})" if where else "")
        finally:
            self._ready.set()

    async def _serve(self) -> None:
        self._loop, self._stop = asyncio.get_running_loop(), asyncio.Event()
        try:
            store, moved = open_log(self.folder)
            self.notices += [moved] if moved is not None else []
        finally:      # (what was moved aside is said, shown once wherever the app is, even if this fails)
            for line in self.notices:
                storage.notice(line)
        forget_idle(store)
        self.server = Server(store, grace_s=self.grace_s)
        assert self.identity is not None
        tls = server_context(self.identity.cert, self.identity.key)
        announcing: list[asyncio.Task[None]] = []

        def listening(_host: str, port: int) -> None:
            self.port = port
            self._ready.set()
            if self.announce:
                announcing.append(asyncio.ensure_future(self._announce(port)))

        for port in dict.fromkeys((self.wanted_port, 0)):
            try:
                await self.server.run(self.host, port, listening, self._stop, tls)
                break
            except OSError as problem:   # the port is taken (another Parlour): any free one
                if self.port is not None or port == 0 or problem.errno != errno.EADDRINUSE:
                    raise
        if announcing:
            await asyncio.wait(announcing, timeout=STOP_TIMEOUT_S)

    async def _release_when_closed(self, router: RouterPort) -> None:
        """(On the server's loop) take the router's mapping down once none of the tables it
        was asked for is open. Only looks: the router's thread does the asking."""
        while not router.closed:
            tables = self.server.tables if self.server is not None else {}
            if not any(code in tables and is_open(tables[code]) for code in self._for_tables):
                router.close(timeout=0)
            await asyncio.sleep(WATCH_S)

    async def _announce(self, port: int) -> None:
        assert self.server is not None and self._stop is not None
        try:
            from app.net.wire.discovery import Announcer, DiscoveryUnavailable, should_announce
        except ImportError as problem:   # a build without zeroconf still hosts
            self.note = f"Not listed on the local network (zeroconf is missing: {problem.name})"
            return
        if not should_announce(self.host):
            return                       # on loopback only: nobody else could join anyway
        try:
            await Announcer(socket.gethostname(), self.host, port,
                            fingerprint=self.identity.fingerprint if self.identity else None
                            ).keep_up(self.server, self._stop)
        except DiscoveryUnavailable as problem:
            self.note = f"Not listed on the local network: {problem}"


def is_open(table: Table) -> bool:
    """Whether a table still wants friends to reach it: waiting, being played, or over with
    someone still at it (who may play again)."""
    return table.status in ("waiting", "playing") or bool(table.conns)


def claim_folder(base: Path, said: list[str] | None = None) -> tuple[Path, IO[bytes]]:
    """The first of ``base``, ``base-2``, ``base-3``… no other running server holds, and its
    lock file, open and locked: keep it open while serving. What was in the way of a lock file
    is moved aside (a line in ``said``); a folder that cannot be used at all is passed over."""
    refused: OSError | None = None
    for number in range(1, MAX_FOLDERS + 1):
        folder = base if number == 1 else base.with_name(f"{base.name}-{number}")
        try:
            handle = lock_clearing(folder, [] if said is None else said)
        except OSError as problem:       # (a file where the folder belongs, a folder not ours)
            refused = refused or problem
            continue
        if handle is not None:
            return folder, handle
    raise refused or OSError(f"{MAX_FOLDERS} Parlour servers are already hosting from {base.parent}")


def forget_idle(store: TableStore) -> None:
    """Tables from an earlier run that nobody can come back to: lobbies (their host's app
    closed with them) and finished games. A game being played stays: its players come
    back to it, and a computer holds the seat of anyone who does not."""
    for record in store.load_all():
        if record.status != "playing":
            store.forget(record.code)


def _why(problem: BaseException) -> str:
    """The reason, without the address asyncio puts before it ("error while attempting to
    bind on address (...): address already in use")."""
    text = getattr(problem, "strerror", None) or str(problem) or type(problem).__name__
    return text.rsplit("): ", 1)[-1]


_running: LocalServer | None = None


def local_server(data: Path | None = None, **options: Any) -> LocalServer:
    """The app's server, started on first use (and again if it failed or stopped)."""
    global _running
    if _running is None or (_running.failure is not None or not _running._thread.is_alive()):
        if data is None:
            data = storage.data_dir() / "hosted"
        _running = LocalServer(data, **options).start()
    return _running


def serves(url: str) -> bool:
    """Whether ``url`` is the app's own server, running now."""
    server = _running
    return server is not None and server.running and server.url == url


def guests() -> list[str]:
    """The people other than their hosts at the app's server's tables now ([] if none runs)."""
    return _running.guests() if _running is not None else []


def close_for_guests() -> None:
    """Close the tables others are at on the app's server, telling them (the app is closing)."""
    if _running is not None:
        _running.close_for_guests()


def stop() -> None:
    """Stop the app's server, if one was started."""
    global _running
    if _running is not None:
        _running.stop()
        _running = None
