"""One client's connection to a Parlour server, kept up by itself on a background thread.

The window's frame loop must never wait for the network, so the socket lives on a daemon
thread running its own asyncio loop. The frame thread hands messages over with ``send``
(safe from any thread) and reads what came in from ``inbox`` (a thread-safe queue of
``Note``), polling it once a frame. When the connection drops, the link comes back by
itself with the seat token the server gave (backing off from 0.1 s to 2 s, for up to
``RECONNECT_FOR_S``); the server then sends the whole table as it stands. A ping every
``PING_EVERY_S`` measures the round trip.
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
from dataclasses import dataclass
from queue import SimpleQueue
from typing import Any

from websockets.asyncio.client import ClientConnection
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from app.net.client.dial import WrongCertificate, dial, shown
from app.net.wire import protocol
from app.net.wire.protocol import ProtocolError, read_error_words, read_table

__all__ = ["Link", "Note", "RECONNECT_FOR_S", "SILENT_S"]

RECONNECT_FOR_S = 60.0
PING_EVERY_S = 2.0
CHAT_LOG_MOST = 200   # lines of a table's recent chat read, whatever a server sends
SILENT_S = 10.0
"""A server that has said nothing for this long (it answers a ping every ``PING_EVERY_S``)
has stopped answering: the connection is dropped and tried again, and the table says so.
With the ping's period this tells a player within 15 s that the host's computer is gone
silent (a connection that simply closes is known at once)."""
OPEN_TIMEOUT_S = 5.0


@dataclass(frozen=True)
class Note:
    """Something the link tells the frame thread.

    ``kind`` is ``welcome`` (the server's welcome, a dict), ``table`` (a decoded
    ``TableState``), ``error`` (the server's error line), ``chat`` (the chat message),
    ``rtt`` (a round trip in ms), ``link`` (``"connected"`` or ``"reconnecting"``),
    ``replaced`` (the seat's token sat down on another connection, this window's or
    another machine's: the line to show; nothing follows it) or ``failed`` (one line saying
    why the link gave up; nothing follows it).
    """

    kind: str
    data: Any


class _Refused(Exception):
    """The server refused the hello: nothing to come back to."""


class _Replaced(Exception):
    """The seat sat down on another connection: nothing to come back to here."""


class Link:
    """The connection; ``hello`` holds the first hello's fields (create, code or watch, and
    name). It starts at once and runs until ``close`` or until it fails."""

    def __init__(self, url: str, hello: dict[str, Any]) -> None:
        self.url = url
        self.hello = hello
        self.token: str | None = hello.get("token")    # given: back to a seat kept on disk
        self.inbox: SimpleQueue[Note] = SimpleQueue()
        self._welcomed = False    # ever
        self.heard_at = time.monotonic()   # when the server last said anything (or a connection began)
        self._greeted = False     # on the current connection
        self._closing = False
        self._last: str | None = None     # sent as the link hangs up
        self._loop = asyncio.new_event_loop()
        # Made here, used only on the loop's thread (asyncio binds them on first use).
        self._outbox: asyncio.Queue[str] = asyncio.Queue()
        self._stop = asyncio.Event()
        self._thread = threading.Thread(target=self._run, name="parlour-link", daemon=True)
        self._thread.start()

    # --- the frame thread's side ------------------------------------------------------------

    def send(self, message: dict[str, Any]) -> bool:
        """Queue ``message`` for the server; False once the link has stopped."""
        return self._call(self._outbox.put_nowait, protocol.dump(message))

    def close(self, wait_s: float = 2.0, last: dict[str, Any] | None = None) -> None:
        """Hang up and stop the thread (waiting up to ``wait_s`` for it); ``last`` is sent
        just before, if the link is connected (the host's ``close``)."""
        self._closing = True
        self._call(self._hang_up, None if last is None else protocol.dump(last))
        if threading.current_thread() is not self._thread:
            self._thread.join(wait_s)

    def quiet_s(self) -> float:
        """Seconds since the server last said anything (0 while it keeps talking)."""
        return time.monotonic() - self.heard_at

    def silent(self) -> bool:
        """Whether the server has said nothing for ``SILENT_S``."""
        return self.quiet_s() >= SILENT_S

    @property
    def running(self) -> bool:
        return self._thread.is_alive()

    def _hang_up(self, last: str | None) -> None:
        if last is not None:          # (a second close does not unsay the host's close)
            self._last = last
        self._stop.set()

    def _call(self, job: Any, *args: Any) -> bool:
        try:
            self._loop.call_soon_threadsafe(job, *args)
        except RuntimeError:        # the loop has already closed
            return False
        return True

    # --- the link's own thread ----------------------------------------------------------------

    def _run(self) -> None:
        try:
            self._loop.run_until_complete(self._main())
        finally:
            self._loop.close()

    def _note(self, kind: str, data: Any = None) -> None:
        self.inbox.put(Note(kind, data))

    async def _main(self) -> None:
        away_since: float | None = None
        delay = 0.1
        while not self._closing:
            self._greeted = False
            try:
                async with dial(self.url, open_timeout=OPEN_TIMEOUT_S, max_size=2**22,
                                compression=None, ping_interval=10, ping_timeout=10) as ws:
                    await self._serve(ws)
            except InvalidURI:
                self._note("failed", f"{shown(self.url)!r} is not a ws:// or wss:// address")
                return
            except WrongCertificate as wrong:      # the same certificate would answer again
                self._note("failed", str(wrong))
                return
            except _Refused as refused:
                self._note("failed", str(refused))
                return
            except _Replaced as replaced:
                self._note("replaced", str(replaced))
                return
            except (OSError, ConnectionClosed, InvalidHandshake, asyncio.TimeoutError) as problem:
                if not self._may_come_back():
                    self._note("failed", f"cannot reach {shown(self.url)}: {problem}")
                    return
            if self._closing:
                return
            if self._greeted:     # this connection had sat down: a new absence starts now
                away_since, delay = None, 0.1
            self._note("link", "reconnecting")
            away_since = away_since or time.monotonic()
            if time.monotonic() - away_since > RECONNECT_FOR_S:
                self._note("failed", f"lost the server at {shown(self.url)} and could not come back")
                return
            try:   # the back-off, cut short by close()
                await asyncio.wait_for(self._stop.wait(), delay)
            except asyncio.TimeoutError:
                pass
            delay = min(delay * 2, 2.0)

    def _may_come_back(self) -> bool:
        """A seat comes back with its token, a watcher with the code; before the first
        welcome there is nothing to come back to."""
        return self._welcomed and (self.token is not None or bool(self.hello.get("watch")))

    def _hello(self) -> dict[str, Any]:
        base = {"type": "hello", "v": protocol.VERSION, "name": self.hello.get("name", "Player")}
        if self.token is not None:
            return {**base, "token": self.token}
        return {**base, **{k: v for k, v in self.hello.items() if k != "name"}}

    async def _serve(self, ws: ClientConnection) -> None:
        """One connection, from the hello until it closes (or ``close`` is asked)."""
        while not self._outbox.empty():   # said while away: out of date by now
            self._outbox.get_nowait()
        await ws.send(protocol.dump(self._hello()))
        began = time.monotonic()
        if not self._welcomed:   # (coming back, the silence a player is told of counts from the last word)
            self.heard_at = began
        jobs = {asyncio.ensure_future(job) for job in (self._read(ws), self._write(ws), self._ping(ws),
                                                      self._watch(began), self._stop.wait())}
        try:
            done, _ = await asyncio.wait(jobs, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for job in jobs:
                job.cancel()
        for job in done:
            if not job.cancelled():
                job.result()      # a dropped connection raises here
        if self._closing:
            if self._last is not None:    # the host's close, said as it hangs up
                await ws.send(self._last)
            await ws.close()

    async def _watch(self, began: float) -> None:
        """Raise once the server has been silent on this connection (begun at ``began``) for
        ``SILENT_S``: it is dropped and tried again, as if it had closed (a computer that
        stops answering closes nothing)."""
        while True:
            quiet = time.monotonic() - max(self.heard_at, began)
            if quiet >= SILENT_S:
                raise asyncio.TimeoutError(f"the server said nothing for {quiet:.0f} s")
            await asyncio.sleep(min(1.0, SILENT_S - quiet))

    async def _read(self, ws: ClientConnection) -> None:
        async for raw in ws:
            self.heard_at = time.monotonic()
            try:
                message = json.loads(raw)
                kind = message.get("type")
            except (ValueError, AttributeError):
                self._note("error", "the server sent a message that is not JSON")
                continue
            if kind == "welcome":
                self._greeted = self._welcomed = True
                self.token = message.get("token") or self.token
                self._note("welcome", message)
                self._note("link", "connected")
            elif kind == "error":
                line = str(message.get("message", "?"))
                if not self._greeted:
                    raise _Refused(f"the server refused: {line}")
                self._note("error", read_error_words(message) or line)   # (a refusal's message, to render)
            elif kind == "closed":        # the table is gone: one line, and no coming back
                raise _Refused(str(message.get("message") or "the table is closed"))
            elif kind == "replaced":      # the seat is played from elsewhere now
                raise _Replaced(str(message.get("message") or "you sat down somewhere else"))
            elif kind == "table":
                self._table(message)
            elif kind == "chat":
                self._note("chat", message)
            elif kind == "chat_log" and isinstance(message.get("lines"), list):
                for line in message["lines"][:CHAT_LOG_MOST]:    # (the server keeps 50)
                    if isinstance(line, dict):
                        self._note("chat", line)
            elif kind == "pong" and isinstance(message.get("t"), (int, float)):
                self._ponged(message)
            else:
                self._other(kind, message)

    def _ponged(self, message: dict[str, Any]) -> None:
        self._note("rtt", (time.monotonic() - message["t"]) * 1000)

    def _other(self, kind: Any, message: dict[str, Any]) -> None:
        """A message this link does not read itself (a reflex table's: app/net/client/clock_link.py)."""

    def _table(self, message: dict[str, Any]) -> None:
        try:       # decoded here, off the frame thread
            self._note("table", read_table(message))
        except ProtocolError as problem:
            self._note("error", str(problem))

    async def _write(self, ws: ClientConnection) -> None:
        while True:
            await ws.send(await self._outbox.get())

    async def _ping(self, ws: ClientConnection) -> None:
        while True:
            await ws.send(protocol.dump({"type": "ping", "t": time.monotonic()}))
            await asyncio.sleep(PING_EVERY_S)
