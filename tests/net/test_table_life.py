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

from websockets.asyncio.client import ClientConnection, connect

from app.net.server import Server
from app.net.store import TableStore
from tests.net.tables import with_server
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
