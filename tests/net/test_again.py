"""Play again: once a game is over, a player at the table starts a new deal with the same
seats and a fresh seed; the log starts afresh, and a watcher cannot do it."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

from app.net.client.client import BotClient
from app.net.wire.protocol import VERSION
from app.net.server.store import TableStore
from tests.net.tables import with_server
from tests.net.test_bad_input import next_of, refused


def test_a_player_starts_the_next_game_with_the_same_seats(tmp_path: Path) -> None:
    async def job(server: Any, url: str) -> None:
        create = {"game": "whist", "seats": 4, "remote": 0, "difficulty": "easy", "seed": 5}
        host = BotClient(url, {"create": create}, "easy", name="Ann", timeout_s=120)
        await host.run()
        table = server.tables[host.table]
        first = list(table.core.actions)
        async with connect(url) as watcher, connect(url) as ws:
            await watcher.send(json.dumps({"type": "hello", "v": VERSION, "name": "W", "code": host.table, "watch": True}))
            await next_of(watcher, "welcome")
            await refused(watcher, '{"type": "again"}', "you are watching")
            await ws.send(json.dumps({"type": "hello", "v": VERSION, "name": "Ann", "token": host.token}))
            assert (await next_of(ws, "welcome"))["seat"] == 0
            assert (await next_of(ws, "table"))["status"] == "over"
            await ws.send('{"type": "again"}')
            fresh = await next_of(ws, "table")
            assert fresh["status"] == "playing" and fresh["n"] == 0 and fresh["outcome"] is None
            assert table.core.seed != 5 and [p["name"] for p in fresh["players"]][0] == "Ann"
            await refused(ws, '{"type": "again"}', "the game is not over yet")
        # Ann has left: after the grace period a computer plays her seat to the end.
        for _ in range(600):
            if table.status == "over":
                break
            await asyncio.sleep(0.05)
        assert table.status == "over" and table.core.actions != first
        assert server.store is not None
        server.store.close()
        record = TableStore(tmp_path).load_all()[0]
        assert record.seed == table.core.seed and len(record.actions) == len(table.core.actions)

    asyncio.run(with_server(job, data=tmp_path, grace_s=0.1))
