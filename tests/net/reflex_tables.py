"""Reflex tables inside one test: a real server on 127.0.0.1 (its reflex games at
``speed``), headless ``ReflexClient``s over real sockets, optionally behind a delay proxy."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable

from app.cli.delay_proxy import DelayProxy
from app.net.client.reflex_client import ReflexClient
from app.net.server.server import Server, Table

CLIENT_TIMEOUT_S = 120


async def with_reflex_server(job: Callable[[Server, str], Awaitable[Any]], speed: float = 1.0,
                             grace_s: float = 30.0) -> Any:
    server = Server(None, grace_s=grace_s, reflex_speed=speed, chosen_seeds=True)
    stop = asyncio.Event()
    bound: list[int] = []
    task = asyncio.create_task(server.run("127.0.0.1", 0, lambda h, p: bound.append(p), stop))
    while not bound:
        if task.done():
            task.result()
        await asyncio.sleep(0.01)
    try:
        return await job(server, f"ws://127.0.0.1:{bound[0]}")
    finally:
        stop.set()
        await task


async def until(condition: Callable[[], bool], timeout_s: float = 20.0, what: str = "") -> None:
    """Wait (polling) until ``condition()``; fail the test after ``timeout_s``."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout_s
    while not condition():
        if loop.time() > deadline:
            raise AssertionError(f"timed out waiting for {what or condition}")
        await asyncio.sleep(0.005)


@dataclass
class Sat:
    """Clients at one reflex table (host first), their tasks, and the server's table."""

    clients: list[ReflexClient]
    tasks: list[asyncio.Task[dict[str, Any]]]
    table: Table
    proxies: list[DelayProxy] = field(default_factory=list)
    records: list[list[str]] = field(default_factory=list)

    async def close(self) -> None:
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        for proxy in self.proxies:
            await proxy.close()


async def sit(server: Server, url: str, game: str, levels: list[str | None], seed: int, *,
              seats: int | None = None, options: dict[str, Any] | None = None, watch: bool = False,
              delays_ms: list[float] | None = None, names: tuple[str, ...] = ("Ann", "Bob", "Cat")) -> Sat:
    """A table of ``game`` with one client per level (None: it presses only when told);
    the server's computers take any other seats. ``delays_ms``: each client's one-way
    delay through a proxy (0: direct)."""
    seats = seats or len(levels)
    create = {"game": game, "seats": seats, "remote": len(levels) - 1, "difficulty": "hard", "seed": seed,
              "options": options or {}}
    port = int(url.rsplit(":", 1)[1])
    proxies: list[DelayProxy] = []

    async def address(index: int) -> str:
        delay = (delays_ms or [0.0] * len(levels))[index]
        if not delay:
            return url
        proxy = DelayProxy("127.0.0.1", port, delay, delay)
        proxies.append(proxy)
        return f"ws://127.0.0.1:{await proxy.start()}"

    welcomed: asyncio.Future[str] = asyncio.get_running_loop().create_future()
    records: list[list[str]] = [[] for _ in range(len(levels) + watch)]
    host = ReflexClient(await address(0), {"create": create}, levels[0], name=names[0], seed=1,
                        timeout_s=CLIENT_TIMEOUT_S, record=records[0],
                        on_welcome=lambda m: welcomed.set_result(m["table"]))
    tasks = [asyncio.create_task(host.run())]
    code = await asyncio.wait_for(welcomed, 20)
    clients = [host]
    if watch:
        watcher = ReflexClient(url, {"code": code, "watch": True}, None, name="Watcher",
                               timeout_s=CLIENT_TIMEOUT_S, record=records[-1])
        tasks.append(asyncio.create_task(watcher.run()))
        await until(lambda: watcher.table is not None, what="the watcher")
    for index in range(1, len(levels)):
        guest = ReflexClient(await address(index), {"code": code}, levels[index], name=names[index],
                             seed=index + 1, timeout_s=CLIENT_TIMEOUT_S, record=records[index])
        clients.append(guest)
        tasks.append(asyncio.create_task(guest.run()))
    if watch:
        clients.append(watcher)
    return Sat(clients, tasks, server.tables[code], proxies, records)
