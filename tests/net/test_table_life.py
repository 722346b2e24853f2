"""A table's life on the server, over real sockets on 127.0.0.1: the players list says each
computer's level; the host may close the table while it waits (nobody else may), and a
waiting table whose host has been gone longer than the grace period closes by itself;
tables finished or abandoned for an hour leave the server's memory (a sweep on the loop,
on a clock the test moves)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from app.net.server import table_life
from app.net.client.client import BotClient, ClientFailure
from app.net.server.limits import Limits
from app.net.server.server import Server
from app.net.server.store import TableStore
from tests.net.tables import play_table, with_server
from tests.net.test_bad_input import hello, next_of, refused

PLAN = [{"kind": "host"}, {"kind": "remote"}, {"kind": "bot", "difficulty": "hard"}, {"kind": "bot", "difficulty": "easy"}]


def create(name: str = "Ann", **fields: Any) -> str:
    return json.dumps({"type": "hello", "v": 1, "name": name,
                       "create": {"game": "whist", "plan": PLAN, **fields}})


async def host_table(ws: ClientConnection, **fields: Any) -> str:
    await ws.send(create(**fields))
    code = str((await next_of(ws, "welcome"))["table"])
    await next_of(ws, "table")
    return code


def test_the_players_list_says_each_computer_s_level() -> None:
    async def job(server: Server, url: str) -> None:
        async with connect(url) as ws:
            await ws.send(create())
            await next_of(ws, "welcome")
            players = (await next_of(ws, "table"))["players"]
            assert [p.get("difficulty") for p in players] == [None, None, "hard", "easy"]

    asyncio.run(asyncio.wait_for(with_server(job), 60))


TWO_OPEN = [{"kind": "host"}, {"kind": "remote"}, {"kind": "remote"}, {"kind": "bot", "difficulty": "hard"}]
WAIT_S = 30


async def closed_with(ws: ClientConnection) -> str:
    """The ``closed`` line this connection is told; then the server hangs up."""
    line = str((await next_of(ws, "closed"))["message"])
    try:
        while True:
            await asyncio.wait_for(ws.recv(), WAIT_S)
    except ConnectionClosed:
        return line


async def until(condition: Any, seconds: float = WAIT_S) -> None:
    deadline = asyncio.get_running_loop().time() + seconds
    while not condition():
        assert asyncio.get_running_loop().time() < deadline, "it never happened"
        await asyncio.sleep(0.01)


def test_only_the_host_closes_a_waiting_table_and_everyone_at_it_is_told(tmp_path: Path) -> None:
    async def job(server: Server, url: str) -> None:
        async with connect(url) as host, connect(url) as guest, connect(url) as watcher:
            code = await host_table(host, plan=TWO_OPEN)
            await guest.send(hello(code=code, name="Bob"))
            token = (await next_of(guest, "welcome"))["token"]
            await watcher.send(hello(code=code, watch=True))
            await next_of(watcher, "welcome")
            await refused(guest, '{"type": "close"}', "only the host can close the table")
            await refused(watcher, '{"type": "close"}', "only the host can close the table")
            await refused(host, '{"type": "close", "now": true}', "close has no field 'now'")
            assert code in server.tables, "a refused close changes nothing"

            await host.send('{"type": "close"}')
            assert await closed_with(guest) == "Ann closed the table"
            assert await closed_with(watcher) == "Ann closed the table"
            assert code not in server.tables and server.by_token == {}
            assert code not in [r.code for r in TableStore(tmp_path).load_all()], "the log forgets it"
        async with connect(url) as back:
            await refused(back, hello(token=token), "that seat token opens no seat here")
            await refused(back, hello(code=code), f"no table has the code {code!r}")

    asyncio.run(asyncio.wait_for(with_server(job, tmp_path), 60))


def test_a_table_being_played_is_not_closed() -> None:
    async def job(server: Server, url: str) -> None:
        async with connect(url) as host:
            code = await host_table(host, plan=TWO_OPEN)
            await host.send('{"type": "start"}')
            await refused(host, '{"type": "close"}', "the game has started")
            assert server.tables[code].status == "playing"

    asyncio.run(asyncio.wait_for(with_server(job), 60))


def test_a_waiting_table_closes_once_its_host_is_gone_longer_than_the_grace() -> None:
    async def job(server: Server, url: str) -> None:
        async with connect(url) as guest:
            async with connect(url) as host:
                code = await host_table(host, plan=TWO_OPEN)
                await guest.send(hello(code=code, name="Bob"))
                await next_of(guest, "welcome")
            assert await closed_with(guest) == "Ann left, so the table is closed"
            assert code not in server.tables

    asyncio.run(asyncio.wait_for(with_server(job, grace_s=0.3), 60))


def test_a_host_back_within_the_grace_keeps_the_table() -> None:
    async def job(server: Server, url: str) -> None:
        async with connect(url) as host:
            await host.send(create(plan=TWO_OPEN))
            welcome = await next_of(host, "welcome")
        async with connect(url) as host:
            await host.send(hello(token=welcome["token"]))
            await next_of(host, "welcome")
            await asyncio.sleep(server.grace_s + 0.3)      # past the first absence's grace
            assert welcome["table"] in server.tables

    asyncio.run(asyncio.wait_for(with_server(job, grace_s=1.0), 60))


async def served(server: Server, job: Any) -> None:
    """``job(server, url)`` against ``server`` listening on loopback (a free port)."""
    stop = asyncio.Event()
    bound: list[int] = []
    task = asyncio.create_task(server.run("127.0.0.1", 0, lambda h, p: bound.append(p), stop))
    await until(lambda: bool(bound) or task.done())
    try:
        await job(server, f"ws://127.0.0.1:{bound[0]}")
    finally:
        stop.set()
        await task


def test_tables_finished_or_abandoned_for_an_hour_are_swept_from_memory_and_the_log(tmp_path: Path) -> None:
    now = [0.0]

    async def job(server: Server, url: str) -> None:
        played = await play_table(url, "whist", 4, 0, seed=5, levels=["easy"])
        over = str(played.clients[0].table)
        async with connect(url) as ws:
            abandoned = await host_table(ws, plan=TWO_OPEN)
        async with connect(url) as ws:
            playing = await host_table(ws, plan=[{"kind": "host"}, {"kind": "bot"}, {"kind": "bot"}, {"kind": "bot"}])
        async with connect(url) as present:
            waiting = await host_table(present, plan=TWO_OPEN)
            await until(lambda: sum(len(t.conns) for t in server.tables.values()) == 1)
            assert server.tables[over].status == "over" and server.tables[playing].status == "playing"
            now[0] = Limits().idle_s - 1
            assert table_life.sweep(server) == [], "not yet an hour"
            now[0] = Limits().idle_s + 1
            await until(lambda: set(server.tables) == {playing, waiting})      # the loop's own sweep
            assert {r.code for r in TableStore(tmp_path).load_all()} == {playing, waiting}
            assert {t.code for t, _ in server.by_token.values()} == {playing, waiting}

    server = Server(TableStore(tmp_path), grace_s=30.0, clock=lambda: now[0], sweep_every_s=0.02)
    asyncio.run(asyncio.wait_for(served(server, job), 120))


def test_a_headless_client_at_a_closed_table_stops_with_the_line() -> None:
    async def job(server: Server, url: str) -> None:
        async with connect(url) as host:
            code = await host_table(host, plan=TWO_OPEN)
            guest = BotClient(url, {"code": code}, "easy", name="Bob", timeout_s=WAIT_S)
            playing = asyncio.create_task(guest.run())
            await until(lambda: guest.table is not None)
            await host.send('{"type": "close"}')
            with pytest.raises(ClientFailure, match="^Ann closed the table$"):
                await playing

    asyncio.run(asyncio.wait_for(with_server(job), 60))
