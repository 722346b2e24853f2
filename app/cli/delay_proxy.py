"""A TCP proxy that delays what passes through it, for measuring fairness over loopback
(``parlour netfair``) and for the tests: each direction waits its one-way delay plus or
minus a random jitter, and bytes keep their order (as on a real connection, a late
packet holds back the ones behind it).

>>> import asyncio
>>> async def demo() -> bytes:
...     async def echo(reader, writer):
...         writer.write(await reader.read(100)); await writer.drain(); writer.close()
...     server = await asyncio.start_server(echo, "127.0.0.1", 0)
...     proxy = DelayProxy("127.0.0.1", server.sockets[0].getsockname()[1], up_ms=5, down_ms=5)
...     port = await proxy.start()
...     reader, writer = await asyncio.open_connection("127.0.0.1", port)
...     writer.write(b"hello"); await writer.drain()
...     answer = await reader.read(100)
...     writer.close(); await proxy.close(); server.close()
...     return answer
>>> asyncio.run(demo())
b'hello'
"""

from __future__ import annotations

import asyncio
import time
from random import Random

__all__ = ["DelayProxy"]

CHUNK = 65536


class DelayProxy:
    """Listens on 127.0.0.1 (a free port, from ``start``) and forwards every connection to
    ``host:port``, delaying the client's bytes by ``up_ms`` and the server's by ``down_ms``,
    each chunk plus a uniform jitter of up to ``jitter_ms`` either way."""

    def __init__(self, host: str, port: int, up_ms: float, down_ms: float, jitter_ms: float = 0.0,
                 rng: Random | None = None) -> None:
        self.target = (host, port)
        self.up_ms, self.down_ms, self.jitter_ms = up_ms, down_ms, jitter_ms
        self.rng = rng or Random(0)
        self._server: asyncio.Server | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    async def start(self) -> int:
        self._server = await asyncio.start_server(self._handle, "127.0.0.1", 0)
        return int(self._server.sockets[0].getsockname()[1])

    async def close(self) -> None:
        if self._server is not None:
            self._server.close()
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    def _delay_s(self, base_ms: float) -> float:
        jitter = self.rng.uniform(-self.jitter_ms, self.jitter_ms) if self.jitter_ms else 0.0
        return max(0.0, base_ms + jitter) / 1000

    async def _handle(self, client_r: asyncio.StreamReader, client_w: asyncio.StreamWriter) -> None:
        try:
            server_r, server_w = await asyncio.open_connection(*self.target)
        except OSError:
            client_w.close()
            return
        for reader, writer, delay in ((client_r, server_w, self.up_ms), (server_r, client_w, self.down_ms)):
            task = asyncio.create_task(self._pump(reader, writer, delay))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _pump(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, delay_ms: float) -> None:
        """Read, and hand each chunk to the writer at its time (never before the one ahead)."""
        queue: asyncio.Queue[tuple[float, bytes]] = asyncio.Queue()
        sender = asyncio.create_task(self._send(queue, writer))
        last = 0.0
        try:
            while data := await reader.read(CHUNK):
                last = max(last, time.monotonic() + self._delay_s(delay_ms))
                queue.put_nowait((last, data))
            queue.put_nowait((last, b""))
            await sender
        except (OSError, asyncio.CancelledError):
            sender.cancel()
            writer.close()

    @staticmethod
    async def _send(queue: asyncio.Queue[tuple[float, bytes]], writer: asyncio.StreamWriter) -> None:
        try:
            while True:
                due, data = await queue.get()
                wait = due - time.monotonic()
                if wait > 0:
                    await asyncio.sleep(wait)
                if not data:
                    break
                writer.write(data)
                await writer.drain()
        except OSError:
            pass
        finally:
            writer.close()
