"""The server the app runs for a hosted game: on a thread, on port 8765 or a free one when
that is taken, reachable at once, stopped cleanly; tables nobody can come back to (lobbies,
finished games) are forgotten when it starts again."""

from __future__ import annotations

import asyncio
import json
import socket
from pathlib import Path

from app.net.client.dial import dial

from app.net.server.hosting import LocalServer
from app.net.wire.protocol import VERSION
from app.net.server.store import TableStore

WAIT_S = 20


async def make_table(url: str, remote: int) -> str:
    async with dial(url) as ws:   # (pinned to the hosted server's own certificate)
        create = {"game": "whist", "seats": 4, "remote": remote, "difficulty": "easy"}
        await ws.send(json.dumps({"type": "hello", "v": VERSION, "name": "Ann", "create": create}))
        while True:
            message = json.loads(await asyncio.wait_for(ws.recv(), WAIT_S))
            if message["type"] == "welcome":
                return str(message["table"])


def test_a_taken_port_gives_a_free_one_and_stop_closes_it(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        busy = taken.getsockname()[1]
        server = LocalServer(tmp_path, port=busy, host="127.0.0.1").start()
        try:
            assert server.wait(WAIT_S), server.failure
            assert server.port not in (None, busy) and server.running
            assert server.address() == f"127.0.0.1:{server.port}"
            code = asyncio.run(make_table(server.url, remote=1))
            assert server.server is not None and code in server.server.tables
        finally:
            server.stop()
    assert not server.running
    with socket.socket() as again:       # nothing listens there any more (TIME_WAIT aside)
        again.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        again.bind(("127.0.0.1", server.port))


def test_lobbies_of_an_earlier_run_are_forgotten_games_being_played_kept(tmp_path: Path) -> None:
    first = LocalServer(tmp_path, port=0, host="127.0.0.1").start()
    assert first.wait(WAIT_S), first.failure
    try:
        lobby = asyncio.run(make_table(first.url, remote=1))
        playing = asyncio.run(make_table(first.url, remote=0))
    finally:
        first.stop()
    second = LocalServer(tmp_path, port=0, host="127.0.0.1").start()
    try:
        assert second.wait(WAIT_S), second.failure
        assert second.server is not None and set(second.server.tables) == {playing}
    finally:
        second.stop()
    assert [r.code for r in TableStore(tmp_path).load_all()] == [playing] and lobby != playing


def test_a_server_that_cannot_listen_says_why_in_one_line(tmp_path: Path) -> None:
    server = LocalServer(tmp_path, port=0, host="203.0.113.7").start()   # not this machine's
    assert not server.wait(WAIT_S)
    assert server.failure is not None and server.failure.startswith("Your table cannot be opened here: ")
    assert "\n" not in server.failure
