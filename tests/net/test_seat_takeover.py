"""One connection to a seat, one person to a name, over real sockets on 127.0.0.1.

A second connection that brings a live seat token takes the seat: the older one is told
("replaced": "you sat down somewhere else") and closed, and nothing it sends counts any
more; a headless client told so stops instead of coming back. Names at a table are
unique: a second "Ann" sits down as "Ann (2)"."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from app.net.client.client import BotClient, ClientFailure
from app.net.server.server import Server
from app.net.wire import protocol
from tests.net.tables import with_server

WAIT_S = 10


async def _hello(url: str, name: str, **fields: Any) -> tuple[ClientConnection, dict[str, Any]]:
    ws = await connect(url, open_timeout=5)
    await ws.send(protocol.dump({"type": "hello", "v": protocol.VERSION, "name": name, **fields}))
    return ws, await _next(ws, "welcome")


async def _next(ws: ClientConnection, kind: str) -> dict[str, Any]:
    """The next message of ``kind`` (those of other kinds are passed over)."""
    while True:
        message = json.loads(await asyncio.wait_for(ws.recv(), WAIT_S))
        if message["type"] == kind:
            return dict(message)


async def _closed(ws: ClientConnection) -> bool:
    try:
        while True:
            await asyncio.wait_for(ws.recv(), WAIT_S)
    except ConnectionClosed:
        return True


def test_a_second_connection_with_the_token_takes_the_seat_and_the_first_is_told_and_closed() -> None:
    async def job(server: Server, url: str) -> None:
        create = {"game": "whist", "seats": 4, "remote": 1, "difficulty": "easy"}
        first, welcome = await _hello(url, "Ann", create=create)
        code, token = welcome["table"], welcome["token"]
        second, again = await _hello(url, "Ann", token=token)
        assert again["table"] == code and again["seat"] == 0 and again["token"] is None
        assert await _next(first, "replaced") == {"type": "replaced", "message": "you sat down somewhere else"}
        assert await _closed(first)
        table = server.tables[code]
        assert [c.seat for c in table.conns] == [0]
        # The seat is the second connection's: it still speaks for it.
        await second.send(protocol.dump({"type": "chat", "text": "still here"}))
        line = await _next(second, "chat")
        assert line["from"] == "Ann" and line["seat"] == 0
        await second.close()

    asyncio.run(with_server(job))


def test_names_at_a_table_are_unique() -> None:
    async def job(server: Server, url: str) -> None:
        create = {"game": "whist", "seats": 4, "remote": 3, "difficulty": "easy"}
        host, welcome = await _hello(url, "Ann", create=create)
        code = welcome["table"]
        guests = [(await _hello(url, name, code=code))[0] for name in ("Ann", "ann", "Bo")]
        table = await _next(host, "table")
        while table["status"] != "playing":
            table = await _next(host, "table")
        assert [p["name"] for p in table["players"]] == ["Ann", "Ann (2)", "ann (3)", "Bo"]
        watcher, _ = await _hello(url, "Bo", code=code, watch=True)
        await watcher.send(protocol.dump({"type": "chat", "text": "hello"}))
        assert (await _next(host, "chat"))["from"] == "Bo (2)"      # nobody passes for a player
        for ws in (host, watcher, *guests):
            await ws.close()

    asyncio.run(with_server(job))


def test_a_headless_client_whose_seat_is_taken_stops_and_says_why() -> None:
    async def job(server: Server, url: str) -> None:
        welcomed: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        create = {"game": "whist", "seats": 4, "remote": 1, "difficulty": "easy"}
        client = BotClient(url, {"create": create}, "easy", name="Ann", timeout_s=60,
                           on_welcome=welcomed.set_result)
        playing = asyncio.create_task(client.run())
        token = (await asyncio.wait_for(welcomed, WAIT_S))["token"]
        elsewhere, _ = await _hello(url, "Ann", token=token)
        with pytest.raises(ClientFailure, match="you sat down somewhere else"):
            await asyncio.wait_for(playing, WAIT_S)
        await elsewhere.close()

    asyncio.run(with_server(job))
