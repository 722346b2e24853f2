"""Computer players at busy tables do not starve a table where a person is waiting.

A real server on 127.0.0.1 with its usual two thinking threads holds eight tables of Hard
computers alone (each host connected and left, so a computer holds every seat) and one
table where a person (a bot client) plays with three Hard computers. Every move applied is
recorded in order. While a computer at the person's table thinks, the computers-only
tables go on with the other thread, but its move no longer waits behind one queued move
from each of them: counted, not timed, the moves applied at other tables between a move
at the person's table and the next one of its computers' are about one or two (before: a
queue of about eight, first come, first served). (Each move is seen where a turn table
applies it: ``TurnTable.apply``.)"""

from __future__ import annotations

import asyncio
import statistics
from typing import Any

import pytest
from websockets.asyncio.client import connect

from app.net.client.client import BotClient
from app.net.server.server import Server
from app.net.server.turn_table import TurnTable
from app.net.wire import protocol
from tests.net.tables import with_server

BUSY_TABLES = 8
GRACE_S = 0.2             # then a computer holds each left host's seat
MOVES = 24                # the person's table's computers' moves looked at
BOUND = 3                 # at most this many other tables' moves between (the median)
PLAY_FOR_S = 120


async def _computers_alone(url: str) -> None:
    """A table of Hard computers whose host sits down and leaves at once."""
    async with connect(url, open_timeout=5) as ws:
        create = {"game": "whist", "seats": 4, "remote": 0, "difficulty": "hard"}
        await ws.send(protocol.dump({"type": "hello", "v": protocol.VERSION, "name": "Gone", "create": create}))
        await asyncio.wait_for(ws.recv(), 10)


def _others_between(applied: list[tuple[str, int]], code: str) -> list[int]:
    """For each computer's move at ``code`` (seats 1-3), the moves at other tables applied
    since the move before it at ``code``."""
    counts, since = [], None
    for where, seat in applied:
        if where != code:
            since = None if since is None else since + 1
            continue
        if since is not None and seat != 0:
            counts.append(since)
        since = 0
    return counts


def test_a_table_with_a_person_is_not_starved_by_computers_only_tables(monkeypatch: pytest.MonkeyPatch) -> None:
    applied: list[tuple[str, int]] = []
    plain = TurnTable.apply

    async def recorded(kind: TurnTable, action: Any) -> None:
        applied.append((kind.table.code, action.seat))
        await plain(kind, action)

    monkeypatch.setattr(TurnTable, "apply", recorded)

    async def job(server: Server, url: str) -> list[int]:
        for _ in range(BUSY_TABLES):
            await _computers_alone(url)
        await asyncio.sleep(GRACE_S * 3)
        welcomed: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        create = {"game": "whist", "seats": 4, "remote": 0, "difficulty": "hard"}
        person = BotClient(url, {"create": create}, "easy", name="Ann", timeout_s=PLAY_FOR_S,
                           on_welcome=welcomed.set_result)
        playing = asyncio.create_task(person.run())
        code = (await asyncio.wait_for(welcomed, 10))["table"]
        try:
            while len(_others_between(applied, code)) < MOVES:
                assert not playing.done() or playing.result() is None
                await asyncio.sleep(0.05)
        finally:
            playing.cancel()
        busy = {where for where, _ in applied if where != code}
        assert len(busy) == BUSY_TABLES, "every computers-only table was playing meanwhile"
        return _others_between(applied, code)[:MOVES]

    between = asyncio.run(asyncio.wait_for(with_server(job, grace_s=GRACE_S), PLAY_FOR_S))
    assert statistics.median(between) <= BOUND, between
