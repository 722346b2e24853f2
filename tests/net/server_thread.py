"""A real Parlour server on 127.0.0.1 (a free port) running on its own thread, for tests that
drive clients from the test's own thread the way the window does (polling, never awaiting)."""

from __future__ import annotations

import asyncio
import threading
import time
from concurrent.futures import Future
from typing import Any, Callable, Iterator, TypeVar

from app.net.client.client import BotClient
from app.net.server.server import Server, Table

T = TypeVar("T")
START_S = 20.0


class ServerThread:
    def __init__(self, grace_s: float = 30.0, reflex_speed: float = 1.0) -> None:
        self.server = Server(None, grace_s=grace_s, reflex_speed=reflex_speed, chosen_seeds=True)
        self.loop = asyncio.new_event_loop()
        self.port = 0
        self._ready = threading.Event()
        self._stop = asyncio.Event()
        self._thread = threading.Thread(target=self._run, name="test-server", daemon=True)
        self._thread.start()
        if not self._ready.wait(START_S):
            raise AssertionError("the server did not start")

    def _run(self) -> None:
        def ready(host: str, port: int) -> None:
            self.port = port
            self._ready.set()

        self.loop.run_until_complete(self.server.run("127.0.0.1", 0, ready, self._stop))

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def on_loop(self, job: Callable[[], T]) -> T:
        """``job()`` run on the server's loop (where its tables may be read safely)."""
        future: Future[T] = Future()

        def run() -> None:
            try:
                future.set_result(job())
            except BaseException as problem:   # handed back to the test
                future.set_exception(problem)

        self.loop.call_soon_threadsafe(run)
        return future.result(10)

    def table(self, code: str) -> Table:
        return self.on_loop(lambda: self.server.tables[code])

    def drop(self, code: str, seat: int) -> int:
        """Close, from the server's side, every connection sitting in ``seat``; how many."""
        async def close() -> int:
            conns = [c for c in self.server.tables[code].conns if c.seat == seat]
            for conn in conns:
                await conn.ws.close(1011, "dropped by the test")
            return len(conns)

        return asyncio.run_coroutine_threadsafe(close(), self.loop).result(10)

    def bot_client(self, code: str, level: str, name: str, seed: int = 1) -> threading.Thread:
        """A headless bot client taking a free seat at ``code``, on a thread of its own."""
        client = BotClient(self.url, {"code": code}, level, name=name, seed=seed, timeout_s=120)
        thread = threading.Thread(target=lambda: asyncio.run(client.run()), daemon=True)
        thread.start()
        return thread

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(10)


def running(grace_s: float = 30.0, reflex_speed: float = 1.0) -> Iterator[ServerThread]:
    """For a fixture: ``yield from running()`` (``reflex_speed``: game time per ms at reflex
    tables, raised to play whole games in seconds)."""
    server = ServerThread(grace_s, reflex_speed)
    try:
        yield server
    finally:
        server.stop()


def wait_for(condition: Callable[[], Any], seconds: float = 30.0, poll: Callable[[], None] | None = None) -> None:
    """Until ``condition()`` holds (calling ``poll`` between tries); fails after ``seconds``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if poll is not None:
            poll()
        if condition():
            return
        time.sleep(0.005)
    raise AssertionError("the condition never came true")
