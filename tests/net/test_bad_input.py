"""Bad input over real sockets: malformed JSON, unknown types, a message over 64 KiB, a
wrong version, a wrong seat token or join code, actions for another seat or against the
rules, a flood. Each gets one clear error line, nothing changes, and the tables go on:
the table the rogue sits at, and another one beside it, both finish."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect

from app.net.client.client import BotClient
from app.net.wire.protocol import MAX_BYTES, VERSION, outcome_data
from app.core.replay_file import Replay, rebuild
from games.core.session import SeatPlan
from tests.net.tables import play_table, with_server

WAIT_S = 30


async def next_of(ws: ClientConnection, kind: str) -> dict[str, Any]:
    """The next message of ``kind``, skipping others (tables and chat go on arriving)."""
    while True:
        message = json.loads(await asyncio.wait_for(ws.recv(), WAIT_S))
        if message["type"] == kind:
            return message


async def refused(ws: ClientConnection, raw: str | bytes, says: str) -> None:
    await ws.send(raw)
    error = await next_of(ws, "error")
    assert says in error["message"], error


def hello(**fields: Any) -> str:
    return json.dumps({"type": "hello", "v": VERSION, "name": "Rogue", **fields})


async def rogue_at_table(server: Any, url: str) -> dict[str, Any]:
    welcomed: asyncio.Future[str] = asyncio.get_running_loop().create_future()
    create = {"game": "whist", "seats": 4, "remote": 1, "difficulty": "easy", "seed": 21}
    host = BotClient(url, {"create": create}, "easy", seed=4, timeout_s=120,
                     on_welcome=lambda m: welcomed.set_result(m["table"]))
    host_task = asyncio.create_task(host.run())
    code = await asyncio.wait_for(welcomed, WAIT_S)
    table = server.tables[code]
    async with connect(url, max_size=2**22) as ws:
        await refused(ws, "{nope", "message is not JSON")
        await refused(ws, b"\xff\x00", "message is not JSON")
        await refused(ws, '{"type": "dance"}', "unknown message type 'dance'")
        await refused(ws, json.dumps({"type": "hello", "v": VERSION + 1, "name": "R", "code": code}),
                      f"protocol version {VERSION}, not {VERSION + 1}")
        await refused(ws, hello(token="A" * 22), "that seat token opens no seat here")
        await refused(ws, json.dumps({"type": "chat", "text": "x" * MAX_BYTES}), "message too long")
        await refused(ws, '{"type": "ping", "t": 1}', "say hello first")
        await ws.send(hello(code=code.lower()))
        welcome = await next_of(ws, "welcome")
        assert welcome["seat"] == 1 and len(welcome["token"]) >= 22
        first = await next_of(ws, "table")
        assert first["status"] == "playing"
        mine = first["view"]
        before = list(table.core.actions)
        await refused(ws, json.dumps({"type": "action", "action": {"type": "PlayCard", "seat": 0, "card": "2C"}}),
                      "you cannot act for another seat")
        await refused(ws, json.dumps({"type": "action", "action": {"type": "Nonsense", "seat": 1}}),
                      "the action cannot be read")
        await refused(ws, json.dumps({"type": "action", "action": {"type": "PlayCard", "seat": 1, "card": "ZZ"}}),
                      "the action cannot be read")
        # A card P2 does not hold (a P1 card), or any card out of turn: the rules say no.
        await refused(ws, json.dumps({"type": "action", "action": {"type": "PlayCard", "seat": 1,
                                                                  "card": _not_mine(mine)}}), "not allowed: ")
        await refused(ws, json.dumps({"type": "hello", "v": VERSION, "name": "R", "code": code}),
                      "you are already at a table")
        await ws.send(json.dumps({"type": "chat", "text": "Well\x00 played\x1b[2J"}))
        chat = await next_of(ws, "chat")
        numbered = chat.pop("n")   # (each line of a table's chat has its number: kept lines are shown once)
        assert isinstance(numbered, int) and chat == {"type": "chat", "from": "Rogue", "seat": 1, "text": "Well played [2J"}
        for _ in range(100):
            await ws.send('{"type": "ping", "t": 0}')
        await next_of(ws, "error")     # some of the flood is refused: "too many messages"
        assert [a for a in table.core.actions if a.seat == 1] == [], "nothing the rogue sent was played"
        assert table.core.actions[:len(before)] == before
    # The rogue is gone: after the grace period a computer holds its seat, and the game ends.
    async with connect(url) as ws:
        for _ in range(5):
            await refused(ws, hello(code="ZZZZZ2"), "no table has the code")
        await refused(ws, hello(code="ZZZZZ3"), "too many wrong codes")
    await host_task
    return {"host": host.result(), "table": table}


def _not_mine(view_data: dict[str, Any]) -> str:
    text = json.dumps(view_data)
    for card in ("AS", "KS", "QS", "JS", "TS", "9S", "AH", "KH", "QH", "2C", "3C", "4D"):
        if f'"{card}"' not in text:
            return card
    raise AssertionError("P2 holds every card tried")


@pytest.mark.slow
def test_bad_input_gets_an_error_line_and_the_tables_go_on() -> None:
    async def job(server: Any, url: str) -> tuple[Any, Any]:
        beside = asyncio.create_task(play_table(url, "whist", 4, 2, 8, ["easy"]))
        rogue = await rogue_at_table(server, url)
        return rogue, await beside

    rogue, beside = asyncio.run(with_server(job, grace_s=0.3))
    table = rogue["table"]
    assert table.status == "over" and rogue["host"]["outcome"] is not None
    assert rogue["host"]["errors"] == 0
    assert any(a.seat == 1 for a in table.core.actions), "a computer held the rogue's seat"
    replay = Replay("whist", [SeatPlan(True, "easy")] * 4, {}, table.core.seed, list(table.core.actions))
    final, _ = rebuild(replay)
    outcome = final.outcome()
    assert rogue["host"]["outcome"] == outcome_data(outcome)
    for client in beside.clients:
        assert client.outcome is not None and not client.errors
