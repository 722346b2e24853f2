"""Origin (issue 26, point 8), over real sockets on 127.0.0.1: a WebSocket opened by a web
page carries an Origin header, and a server refuses any origin it was not given
(``parlour serve --allow-origin``), so a page a player visits cannot reach their server;
Parlour's own clients send no Origin, and are welcome."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from app.net.client.client import BotClient, ClientFailure
from app.net.client.link import Link
from app.net.server.server import Server
from tests.net.conftest import start_server
from tests.net.tables import with_server

WAIT_S = 30


async def answered(url: str, origin: str | None) -> str:
    """What the server says to a ping before any hello, over a connection from ``origin``."""
    async with connect(url, origin=origin) as ws:
        await ws.send('{"type": "ping", "t": 1}')
        return str(json.loads(await asyncio.wait_for(ws.recv(), WAIT_S))["message"])


def test_a_page_from_anywhere_is_refused_and_no_origin_is_welcome() -> None:
    async def job(server: Server, url: str) -> None:
        with pytest.raises(InvalidStatus, match="403"):
            await answered(url, "http://evil.example")
        assert await answered(url, None) == "say hello first"

    asyncio.run(asyncio.wait_for(with_server(job), 60))


def test_serve_lets_in_the_origins_it_is_given(tmp_path: Path) -> None:
    served = start_server(tmp_path / "data", "--allow-origin", "https://cards.example",
                          "--allow-origin", "http://127.0.0.1:8000")
    try:
        async def job() -> None:
            assert await answered(served.url, "https://cards.example") == "say hello first"
            assert await answered(served.url, "http://127.0.0.1:8000") == "say hello first"
            assert await answered(served.url, None) == "say hello first"
            with pytest.raises(InvalidStatus, match="403"):
                await answered(served.url, "https://cards.example.evil.example")

        asyncio.run(asyncio.wait_for(job(), 60))
    finally:
        served.stop()


def test_parlours_own_clients_send_no_origin() -> None:
    async def heard() -> list[bytes]:
        requests: list[bytes] = []

        async def listen(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            requests.append(await reader.readuntil(b"\r\n\r\n"))
            writer.close()

        listening = await asyncio.start_server(listen, "127.0.0.1", 0)
        url = f"ws://127.0.0.1:{listening.sockets[0].getsockname()[1]}"
        with pytest.raises(ClientFailure):       # the headless client: nobody answers it
            await BotClient(url, {"code": "ABCDEF"}, "easy", timeout_s=WAIT_S).run()
        link = Link(url, {"code": "ABCDEF"})     # the window's link
        deadline = time.monotonic() + WAIT_S
        while len(requests) < 2 and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        link.close()
        listening.close()
        return requests

    requests = asyncio.run(heard())
    assert len(requests) >= 2
    for request in requests:
        assert request.startswith(b"GET ") and b"\r\norigin:" not in request.lower()
