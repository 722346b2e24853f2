"""Networked games inside one test: a real server (``app.net.server.server.Server``) listening on
127.0.0.1 with a free port, and headless bot clients talking to it over real sockets."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Awaitable, Callable

from app.net.client.client import BotClient
from app.net.server.limits import Limits
from app.net.server.server import Server
from app.net.server.store import TableStore

GAME_TIMEOUT_S = 120


@dataclass
class Played:
    """One networked game: each client (host first, then the remote seats, then a watcher
    if asked) with every message it received, and the server."""

    clients: list[BotClient]
    records: list[list[str]] = field(default_factory=list)


async def with_server(job: Callable[[Server, str], Awaitable[Any]], data: Path | None = None,
                      grace_s: float = 30.0, limits: Limits | None = None, chosen_seeds: bool = True,
                      **options: Any) -> Any:
    """Run ``job(server, url)`` against a server listening on loopback (``options`` for
    ``Server``); stop it afterwards. (``chosen_seeds``: a create's seed is honoured at tables
    with remote seats too, so the tests' deals are the same every run.)"""
    server = Server(TableStore(data) if data is not None else None, grace_s=grace_s, limits=limits,
                    chosen_seeds=chosen_seeds, **options)
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


async def play_table(url: str, game: str, seats: int, remote: int, seed: int, levels: list[str],
                     watch: bool = False, options: dict[str, Any] | None = None, secret: bool = False) -> Played:
    """A table with a host bot client and ``remote`` remote bot clients (levels in seat
    order; the server's computers fill the rest at ``levels[0]``), played to the end.
    (``secret``: the server deals from a seed of its own, as a server without chosen seeds must.)"""
    records: list[list[str]] = [[] for _ in range(remote + 1 + watch)]
    create = {"game": game, "seats": seats, "remote": remote, "difficulty": levels[0],
              **({} if secret else {"seed": seed}), "options": options or {}}
    welcomed: asyncio.Future[str] = asyncio.get_running_loop().create_future()
    host = BotClient(url, {"create": create}, levels[0], name="Host", seed=seed, record=records[0],
                     timeout_s=GAME_TIMEOUT_S, on_welcome=lambda m: welcomed.set_result(m["table"]))
    host_task = asyncio.create_task(host.run())
    code = await asyncio.wait_for(welcomed, 30)
    clients = [host]
    if watch:     # sits down first, so it sees the whole game
        clients.append(BotClient(url, {"code": code, "watch": True}, None, name="Watcher",
                                 record=records[remote + 1], timeout_s=GAME_TIMEOUT_S))
    watcher_task = [asyncio.create_task(c.run()) for c in clients[1:]]
    await asyncio.sleep(0.05)
    guests = [BotClient(url, {"code": code}, levels[(i + 1) % len(levels)], name=f"Guest {i + 1}",
                        seed=seed + i + 1, record=records[i + 1], timeout_s=GAME_TIMEOUT_S)
              for i in range(remote)]
    await asyncio.gather(host_task, *watcher_task, *(g.run() for g in guests))
    ordered = [host, *guests, *clients[1:]]
    return Played(ordered, records)
