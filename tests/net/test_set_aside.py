"""A server never crash-loops on its own log: a table whose resumption fails (here its
options no longer fit the game, so dealing it raises) is set aside with one log line, and
every other table resumes. Over a real ``parlour serve`` on 127.0.0.1, started twice on
the same ``--data``."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

from app.net.server.store import ASIDE, SeatRecord, TableRecord, TableStore, token_hash
from app.net.wire import protocol
from tests.net.conftest import ServeProcess, start_server

GOOD, BAD = "GOODAA", "BADBAD"
GOOD_TOKEN, BAD_TOKEN = "good-token-0123456789", "bad-token-0123456789"


def _table(code: str, options: dict[str, Any], token: str) -> TableRecord:
    seats = [SeatRecord("host", "easy", "Ann", token_hash(token))] + [SeatRecord("bot", "easy") for _ in range(3)]
    return TableRecord(code, "whist", options, 7, seats, "playing")


def _logged(data: Path) -> None:
    store = TableStore(data)
    try:
        store.create(_table(BAD, {"target": "banana"}, BAD_TOKEN), time.time())      # made first: resumed first
        store.create(_table(GOOD, {}, GOOD_TOKEN), time.time() + 1)
    finally:
        store.close()


async def _first_answer(url: str, token: str) -> dict[str, Any]:
    async with connect(url, open_timeout=5) as ws:
        await ws.send(protocol.dump({"type": "hello", "v": protocol.VERSION, "name": "Ann", "token": token}))
        return dict(json.loads(await asyncio.wait_for(ws.recv(), 10)))


def _answers(server: ServeProcess) -> tuple[dict[str, Any], dict[str, Any]]:
    return (asyncio.run(_first_answer(server.url, GOOD_TOKEN)), asyncio.run(_first_answer(server.url, BAD_TOKEN)))


def _stderr(server: ServeProcess) -> list[str]:
    server.stop()
    return (server.process.stderr.read() if server.process.stderr else "").splitlines()


def test_a_table_that_cannot_be_resumed_is_set_aside_and_the_others_resume(tmp_path: Path) -> None:
    data = tmp_path / "data"
    _logged(data)
    server = start_server(data, "--no-announce")
    try:
        good, bad = _answers(server)
        assert server.process.poll() is None
    finally:
        lines = _stderr(server)
    assert good["type"] == "welcome" and good["table"] == GOOD and good["seat"] == 0
    assert bad == {"type": "error", "message": "that seat token opens no seat here"}
    about = [line for line in lines if BAD in line]
    assert len(about) == 1 and "set aside" in about[0] and "banana" in about[0], lines
    assert not any("Traceback" in line for line in lines), lines

    # Kept in the log for a look, never loaded again: the next start says nothing of it.
    server = start_server(data, "--no-announce")
    try:
        good, _ = _answers(server)
    finally:
        lines = _stderr(server)
    assert good["type"] == "welcome" and not any(BAD in line for line in lines), lines
    store = TableStore(data)
    try:
        assert [r.code for r in store.load_all()] == [GOOD]
        assert store.db.execute("SELECT status FROM tables WHERE code=?", (BAD,)).fetchone() == (ASIDE,)
    finally:
        store.close()
