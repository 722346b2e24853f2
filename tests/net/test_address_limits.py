"""What one address, and everyone together, may take of a server (issue 26, point 4), over
real sockets on 127.0.0.1: tables waiting to start, connections open and new, bytes sent
before a hello, tables nobody starts, wrong join codes per address and server-wide; and a
right code is accepted even while the wrong ones are locked out."""

from __future__ import annotations

import asyncio
import json
from typing import Any, Awaitable, Callable

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from app.net.server.limits import Limits
from app.net.server.server import Server
from tests.net.tables import with_server
from tests.net.test_bad_input import hello, next_of

WAIT_S = 30
WAITING = {"game": "whist", "seats": 4, "remote": 1, "difficulty": "easy"}


def serve(job: Callable[[Server, str], Awaitable[Any]], limits: Limits, **options: Any) -> Any:
    return asyncio.run(asyncio.wait_for(with_server(job, limits=limits, **options), 60))


async def made(ws: ClientConnection) -> str:
    await ws.send(hello(create=WAITING))
    return str((await next_of(ws, "welcome"))["table"])


async def closed(ws: ClientConnection) -> bool:
    """Whether the server closes ``ws`` (reading past what it still says)."""
    try:
        while True:
            await asyncio.wait_for(ws.recv(), WAIT_S)
    except ConnectionClosed:
        return True


def test_an_address_may_keep_only_so_many_tables_waiting() -> None:
    async def job(server: Server, url: str) -> None:
        async with connect(url) as first, connect(url) as second, connect(url) as third:
            await made(first)
            await made(second)
            await third.send(hello(create=WAITING))
            error = await next_of(third, "error")
            assert error["message"] == "your address has 2 tables waiting to start; start or close one first"
            await first.send('{"type": "close"}')
            await next_of(first, "closed")
            assert await made(third) in server.tables

    serve(job, Limits(waiting_tables_per_address=2))


def test_an_address_may_open_only_so_many_connections_at_once_and_so_many_new_ones() -> None:
    async def job(server: Server, url: str) -> None:
        async with connect(url) as a, connect(url) as b, connect(url) as c:
            async with connect(url) as d:
                error = json.loads(await asyncio.wait_for(d.recv(), WAIT_S))
                assert error["message"] == "too many connections from your address (at most 3 at once)"
                assert await closed(d)
            for ws in (a, b, c):      # those let in are served
                await ws.send('{"type": "ping", "t": 1}')
                assert "say hello first" in (await next_of(ws, "error"))["message"]
        async with connect(url) as e:     # the burst of new ones (3) is spent; the refused one took none
            error = json.loads(await asyncio.wait_for(e.recv(), WAIT_S))
            assert error["message"].startswith("too many new connections from your address: wait ")

    serve(job, Limits(connections_per_address=3, connects_per_address_burst=3, connects_per_address_per_s=0.01))


def test_a_connection_that_sends_too_much_before_its_hello_is_cut() -> None:
    async def job(server: Server, url: str) -> None:
        async with connect(url) as ws:
            padded = json.dumps({"type": "ping", "t": 1, "pad": "p" * 4000})
            for _ in range(2):
                await ws.send(padded)
                await next_of(ws, "error")
            await ws.send(padded)            # past 10,000 bytes with no hello
            assert await closed(ws)

    serve(job, Limits(bytes_before_hello=10_000))


def test_a_table_nobody_starts_is_closed_after_its_time() -> None:
    now = [0.0]

    async def job(server: Server, url: str) -> None:
        async with connect(url) as ws:
            code = await made(ws)
            now[0] = 99.0
            await asyncio.sleep(0.2)          # some sweeps: not yet
            assert code in server.tables
            now[0] = 101.0
            line = await next_of(ws, "closed")
            assert line["message"] == "nobody started the table in time, so it is closed"
            assert code not in server.tables and await closed(ws)

    serve(job, Limits(unstarted_s=100.0), clock=lambda: now[0], sweep_every_s=0.02)


def test_wrong_codes_are_limited_over_the_whole_server_too() -> None:
    async def job(server: Server, url: str) -> None:
        async with connect(url) as ws:
            for guess in ("AAAAA2", "AAAAA3", "AAAAA4"):
                await ws.send(hello(code=guess))
                assert (await next_of(ws, "error"))["message"] == f"no table has the code '{guess}'"
            await ws.send(hello(code="AAAAA5"))
            error = await next_of(ws, "error")
            assert error["message"].startswith("too many wrong codes on this server: wait ")
            assert await closed(ws), "a guess during a lockout costs the connection"

    serve(job, Limits(wrong_codes_burst=100, wrong_codes_server_burst=3, wrong_codes_server_per_s=0.01))


@pytest.mark.parametrize("limits", [Limits(), Limits(wrong_codes_burst=100, wrong_codes_server_burst=5)])
def test_a_right_code_is_accepted_during_a_lockout(limits: Limits) -> None:
    async def job(server: Server, url: str) -> None:
        async with connect(url) as host:
            code = await made(host)
            async with connect(url) as guesser:
                for n in range(5):
                    await guesser.send(hello(code=f"ZZZZZ{n + 2}"))
                    assert "no table has the code" in (await next_of(guesser, "error"))["message"]
                await guesser.send(hello(code="ZZZZZ9"))
                assert "too many wrong codes" in (await next_of(guesser, "error"))["message"]
            async with connect(url) as friend:        # the same address, the right code
                await friend.send(hello(code=code))
                welcome = await next_of(friend, "welcome")
                assert welcome["table"] == code and welcome["seat"] == 1

    serve(job, limits)
