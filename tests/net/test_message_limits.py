"""What one message may be (issue 26, point 3), over real sockets on 127.0.0.1: JSON nested
a thousand deep gets an error line and the connection stays; the 64 KiB cap counts bytes of
UTF-8, as the frame carries them; an error line quotes at most a short excerpt of what was
sent."""

from __future__ import annotations

import asyncio
import json
from typing import Awaitable, Callable

import pytest
from websockets.asyncio.client import ClientConnection, connect

from app.net.server.server import Server
from app.net.wire.protocol import MAX_BYTES, MAX_DEPTH, QUOTE_LIMIT, ProtocolError, nesting, parse_client
from tests.net.tables import with_server
from tests.net.test_bad_input import next_of

WAIT_S = 30


def talk(job: Callable[[ClientConnection], Awaitable[None]]) -> None:
    async def served(server: Server, url: str) -> None:
        async with connect(url, max_size=2**22) as ws:
            await job(ws)

    asyncio.run(asyncio.wait_for(with_server(served), 60))


async def answer(ws: ClientConnection, raw: str) -> dict[str, object]:
    await ws.send(raw)
    return await next_of(ws, "error")


def test_json_nested_a_thousand_deep_gets_an_error_line_and_the_connection_stays() -> None:
    async def job(ws: ClientConnection) -> None:
        deep = '{"type": "ping", "t": ' + "[" * 1000 + "]" * 1000 + "}"
        assert len(deep) < 2100
        error = await answer(ws, deep)
        assert error["message"] == f"message nests too deeply (more than {MAX_DEPTH} levels)"
        hidden = '{"type": "ping", "t": 1, "x": "' + "[" * 1000 + '"}'     # brackets in a string nest nothing
        assert "no field 'x'" in str((await answer(ws, hidden))["message"])
        await ws.send('{"type": "ping", "t": 7}')
        assert "say hello first" in str((await next_of(ws, "error"))["message"])     # still there, still read

    talk(job)


def test_the_size_cap_counts_bytes_not_characters() -> None:
    async def job(ws: ClientConnection) -> None:
        wide = json.dumps({"type": "ping", "t": 1, "pad": "é" * 40_000}, ensure_ascii=False)
        assert len(wide) < MAX_BYTES < len(wide.encode())
        error = await answer(ws, wide)
        assert error["message"] == f"message too long ({len(wide.encode())} bytes; the limit is {MAX_BYTES})"
        narrow = json.dumps({"type": "ping", "t": 1, "pad": "e" * 40_000})
        assert "no field 'pad'" in str((await answer(ws, narrow))["message"])    # the same length in ASCII is read

    talk(job)


@pytest.mark.parametrize("sent", [
    {"type": "x" * 10_000},
    {"type": "hello", "v": ["y" * 10_000], "name": "R", "code": "ABCDEF"},
    {"type": "ping", "t": 1, "z" * 10_000: 1},
    {"type": "hello", "v": 1, "name": "R", "create": {"game": "w" * 150, "seats": 2}},
])
def test_an_error_line_quotes_only_a_short_excerpt(sent: dict[str, object]) -> None:
    async def job(ws: ClientConnection) -> None:
        line = str((await answer(ws, json.dumps(sent)))["message"])
        longest = max(len(run) for run in line.replace("'", " ").replace('"', " ").split())
        assert longest <= QUOTE_LIMIT + 1, line
        assert len(line) <= 200, line

    talk(job)


def test_nesting_is_counted_outside_strings_and_a_deep_message_is_refused_before_parsing() -> None:
    assert nesting('{"a": [1, {"b": "[[[{"}], "c": "\\"]"}') == 3
    with pytest.raises(ProtocolError, match="nests too deeply"):
        parse_client("[" * 60_000)
