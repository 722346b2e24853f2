"""Chat that lasts: a table keeps its recent chat (the last 50 lines, and 16 KiB of them at
most) with the table, in the table log too; a player who sits down again, from the same
window after a drop or from a new one with the seat's token, sees what was said, each line
once; a server started again on the same folder keeps a kept table's chat. Real sockets on
127.0.0.1, bounded in time."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest
from websockets.asyncio.client import connect

from app.net.client.remote import RemoteSession
from app.net.server.chat_log import KEPT_BYTES, KEPT_LINES, ChatLog
from app.net.server.server import Server
from app.net.wire.protocol import VERSION, dump
from tests.net.server_thread import ServerThread, running
from tests.net.tables import with_server
from tests.net.test_bad_input import next_of

WAIT_S = 15.0


@pytest.fixture
def server() -> Iterator[ServerThread]:
    yield from running()


def wait_until(condition: Callable[[], bool], *sessions: RemoteSession) -> None:
    deadline = time.monotonic() + WAIT_S
    while not condition():
        assert time.monotonic() < deadline, "it never happened"
        for session in sessions:
            session.poll()
        time.sleep(0.01)


def said(session: RemoteSession) -> list[tuple[str, str]]:
    return [(line.name, line.text) for line in session.chat]


def test_a_player_who_sits_down_again_sees_the_recent_chat_once(server: ServerThread) -> None:
    create = {"game": "whist", "seats": 4, "remote": 1, "difficulty": "easy", "seed": 8}
    ann = RemoteSession.host(server.url, create, "Ann")
    wait_until(lambda: ann.code is not None, ann)
    bob = RemoteSession.join(server.url, ann.code or "", "Bob")
    wait_until(lambda: bob.status == "playing", ann, bob)
    ann.send_chat("Evening, Bob")
    wait_until(lambda: len(bob.chat) == 1, ann, bob)     # (two connections: said in this order)
    bob.send_chat("Evening!")
    lines = [("Ann", "Evening, Bob"), ("Bob", "Evening!")]
    wait_until(lambda: said(bob) == lines, ann, bob)
    # A drop: the same window comes back and is sent the chat again, and keeps each line once.
    server.drop(ann.code or "", 1)
    wait_until(lambda: bob.link == "connected" and bob.resyncs == 1, bob)
    ann.send_chat("Welcome back")
    wait_until(lambda: said(bob) == [*lines, ("Ann", "Welcome back")], ann, bob)
    # A new window (Back to your table): its seat's token, and the chat so far.
    token = bob.token or ""
    bob.leave()
    back = RemoteSession.back(server.url, token, "Bob")
    wait_until(lambda: said(back) == [*lines, ("Ann", "Welcome back")], back)
    back.leave()
    ann.leave()


def test_the_chat_is_kept_with_the_table_through_a_server_started_again(tmp_path: Path) -> None:
    create = {"game": "whist", "seats": 4, "remote": 1, "difficulty": "easy", "seed": 9}

    async def first(_server: Server, url: str) -> tuple[str, str]:
        async with connect(url) as ws:
            await ws.send(json.dumps({"type": "hello", "v": VERSION, "name": "Ann", "create": create}))
            welcome = await next_of(ws, "welcome")
            for text in ("one", "two", "three"):
                await ws.send(dump({"type": "chat", "text": text}))
                await next_of(ws, "chat")
            return welcome["table"], welcome["token"]

    code, token = asyncio.run(with_server(first, data=tmp_path))

    async def second(server: Server, url: str) -> list[dict[str, Any]]:
        assert code in server.tables
        async with connect(url) as ws:
            await ws.send(json.dumps({"type": "hello", "v": VERSION, "name": "Ann", "token": token}))
            await next_of(ws, "welcome")
            kept = await next_of(ws, "chat_log")
            await ws.send(dump({"type": "chat", "text": "four"}))
            four = await next_of(ws, "chat")
            assert four["n"] == 3, "numbers go on from the kept lines"
            return list(kept["lines"])

    lines = asyncio.run(with_server(second, data=tmp_path))
    assert [(line["from"], line["text"], line["n"]) for line in lines] == [
        ("Ann", "one", 0), ("Ann", "two", 1), ("Ann", "three", 2)]


def test_the_kept_chat_is_bounded_in_lines_and_in_bytes() -> None:
    log = ChatLog()
    for n in range(KEPT_LINES + 20):
        log.add("Ann", 0, f"line {n}")
    message = log.message()
    assert message is not None
    kept = message["lines"]
    assert len(kept) == KEPT_LINES and kept[0]["text"] == "line 20" and kept[-1]["n"] == KEPT_LINES + 19
    wide = ChatLog()
    for _ in range(KEPT_LINES):
        wide.add("Ann", 0, "\U0001f0a1" * 200)      # 200 characters of four bytes each
    message = wide.message()
    assert message is not None
    assert sum(len(dump(line).encode()) for line in message["lines"]) <= KEPT_BYTES
    assert 0 < len(message["lines"]) < KEPT_LINES
    assert ChatLog().message() is None
