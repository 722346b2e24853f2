"""Two tables of Expert computers on one real ``parlour serve``: their bots think on the
server's threads at the same time, and both reach into DDS (Bo Haglund's double-dummy
solver, a C library with globals of its own). Two calls into it at once crashed the whole
server (SIGSEGV) within seconds; every call now holds one lock of the process
(games/core/dds_library.py). The server must still be running, and both tables moving,
after the Expert computers have played a good many cards each."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from app.net.client.client import BotClient
from games.core.double_dummy import dds_available
from tests.net.conftest import ServeProcess, start_server

pytestmark = pytest.mark.skipif(not dds_available(), reason="DDS (endplay) is not installed here")

TABLES = 2
CARDS_EACH = 40           # cards played at each table: most of a hand, from the second trick on by DDS
PLAY_FOR_S = 180          # the bound (a busy machine); a crash came within seconds


async def _cards_played(server: ServeProcess, counts: list[int]) -> None:
    """A Whist table per entry of ``counts``, each a host (an easy bot client) and three
    Expert computers of the server's, until each has seen ``CARDS_EACH`` actions."""
    def counting(i: int) -> BotClient:
        def seen(state: object) -> None:
            counts[i] = max(counts[i], getattr(state, "count", 0))
        create = {"game": "whist", "seats": 4, "remote": 0, "difficulty": "expert"}
        return BotClient(server.url, {"create": create}, "easy", name=f"Host {i + 1}", seed=i + 1, on_table=seen,
                         timeout_s=PLAY_FOR_S)

    tasks = [asyncio.create_task(counting(i).run()) for i in range(len(counts))]
    try:
        while min(counts) < CARDS_EACH:
            assert server.process.poll() is None, f"the server died ({server.process.returncode})"
            for task in tasks:
                if task.done():
                    task.result()        # a client that failed (the server gone) says why
            await asyncio.sleep(0.1)
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


def test_two_expert_tables_do_not_crash_the_server(tmp_path: Path) -> None:
    server = start_server(tmp_path / "data", "--no-announce")
    counts = [0] * TABLES
    try:
        asyncio.run(asyncio.wait_for(_cards_played(server, counts), PLAY_FOR_S))
    finally:
        code = server.stop()
        stderr = server.process.stderr.read() if server.process.stderr else ""
    assert code == 0, f"serve ended with {code}: {stderr[-2000:]}"
    assert min(counts) >= CARDS_EACH
