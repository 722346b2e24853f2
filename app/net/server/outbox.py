"""Each connection's own outgoing queue, so that no table ever waits for a peer.

A table tells its connections what happened by putting frames on their queues, which
returns at once; each connection's own task sends them, and it alone waits for that peer
to read. A queue is bounded in bytes (of UTF-8, as they go on the wire): a peer that
falls that far behind (it does not read, or reads too slowly) is aborted at once, its
transport cut with no closing handshake to wait for, since a peer that does not read
would not answer one either. Closing politely (a table closed by its host) goes through
the queue too: the last frames are sent, then the close, all on the connection's task.
"""

from __future__ import annotations

import asyncio
import logging
import socket
from collections import deque

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

__all__ = ["Outbox", "CLOSE_TIMEOUT_S"]

log = logging.getLogger("parlour.server")

CLOSE_TIMEOUT_S = 5.0      # a polite close waits this long for the peer's answer, on the connection's task


class Outbox:
    """The frames waiting for one connection, at most ``limit`` bytes of them."""

    def __init__(self, ws: ServerConnection, limit: int, socket_limit: int = 0) -> None:
        self.ws, self.limit = ws, limit
        if socket_limit:      # the system's buffer is bounded too, else it grows to megabytes for a peer that does not read
            sock = ws.transport.get_extra_info("socket")
            if sock is not None:
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, socket_limit)
        self.frames: deque[bytes] = deque()
        self.size = 0
        self.aborted = False
        self._closing: tuple[int, str] | None = None
        self._ready = asyncio.Event()

    def put(self, frame: bytes) -> None:
        """``frame`` (a text message, UTF-8) queued; a queue that would overflow aborts."""
        if self.aborted or self._closing is not None:
            return
        if self.size + len(frame) > self.limit:
            self.abort(f"{self.size + len(frame)} bytes waiting for it")
            return
        self.frames.append(frame)
        self.size += len(frame)
        self._ready.set()

    def close_after(self, code: int, reason: str) -> None:
        """Close politely once what is queued has been sent."""
        if self._closing is None:
            self._closing = (code, reason)
            self._ready.set()

    def abort(self, why: str) -> None:
        """Cut the connection now: no frame more, no handshake awaited."""
        if self.aborted:
            return
        self.aborted = True
        self.frames.clear()
        self.size = 0
        log.info("connection from %s cut: %s", _address(self.ws), why)
        self.ws.transport.abort()
        self._ready.set()

    async def drain(self) -> None:
        """Send what is queued, in order, until the connection closes (the connection's task)."""
        try:
            while not self.aborted:
                await self._ready.wait()
                self._ready.clear()
                while self.frames and not self.aborted:
                    frame = self.frames.popleft()
                    self.size -= len(frame)
                    await self.ws.send(frame, text=True)
                if self._closing is not None and not self.aborted:
                    await asyncio.wait_for(self.ws.close(*self._closing), CLOSE_TIMEOUT_S)
                    return
        except ConnectionClosed:
            pass
        except asyncio.TimeoutError:      # the peer never answered the close: cut it
            self.abort("it did not answer the close")


def _address(ws: ServerConnection) -> str:
    return str(ws.remote_address[0]) if ws.remote_address else "?"
