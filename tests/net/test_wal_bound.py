"""The table log's WAL stays bounded while a server plays: real bot clients play whole Whist
games over 127.0.0.1 against a server keeping its log, and the ``-wal`` file, looked at all
along, never grows past a bound (it grew by about 9 KiB a move, and shrank only at a clean
stop: 51 MiB in 3 minutes of one busy server). Every move is still in the log. (A move adds
about 2.7 KiB now: the store's limit is an eighth here, so that these moves cross it
several times.)"""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from app.net.server import store
from app.net.server.server import Server
from tests.net.tables import play_table, with_server

TABLES = 6
MOVES_AT_LEAST = 600          # about 1.6 MiB of WAL had it never been cut back
LIMIT = store.WAL_LIMIT // 8
BOUND = LIMIT + 512 * 1024    # the limit, and what is written while a checkpoint runs


def test_the_wal_stays_under_its_bound_over_many_moves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store, "WAL_LIMIT", LIMIT)
    wal = tmp_path / "tables.sqlite3-wal"
    sizes: list[int] = []

    async def job(server: Server, url: str) -> int:
        async def watch() -> None:
            while True:
                sizes.append(wal.stat().st_size if wal.exists() else 0)
                await asyncio.sleep(0.005)

        watching = asyncio.create_task(watch())
        try:
            games = [play_table(url, "whist", 4, 3, seed, ["easy"]) for seed in range(1, TABLES + 1)]
            await asyncio.gather(*games)
        finally:
            watching.cancel()
        return sum(len(table.core.actions) for table in server.tables.values())

    moves = asyncio.run(with_server(job, tmp_path))
    assert moves >= MOVES_AT_LEAST
    assert max(sizes) <= BOUND, f"the WAL reached {max(sizes)} bytes"
    with sqlite3.connect(tmp_path / "tables.sqlite3") as db:
        assert db.execute("SELECT COUNT(*) FROM actions").fetchone()[0] == moves
