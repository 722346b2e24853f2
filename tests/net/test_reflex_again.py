"""Play again at a reflex table across machines: when a game is over the host's client asks
for the next (``again``); a fresh game starts for the same seats with a new seed, its clock
counts down anew, the server's computer and both players' headless clients play it to the
end, and the table log holds the new game alone."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from app.net.client import reflex_client
from app.net.server import reflex_table
from app.net.server import server as server_module
from app.net.client.reflex_client import ReflexClient
from app.net.server.server import Server
from app.net.server.store import TableStore
from tests.net.reflex_tables import CLIENT_TIMEOUT_S
from tests.net.test_reflex_restart import SPEED, Serving, replayed_from_log


AGAIN_SEED = 2     # with seed 14 first: two of the shorter three-handed games


def drawn() -> int:
    """The server's draw of the next game's seed, made known (a long game is a slow test)."""
    return AGAIN_SEED


@pytest.fixture(autouse=True)
def quick_start(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reflex_table, "START_MS", 300)
    monkeypatch.setattr(reflex_table, "RESUME_MS", 200)
    monkeypatch.setattr(server_module, "secret_seed", drawn)
    monkeypatch.setattr(reflex_client, "IN_FLIGHT_EXTRA_MS", 30)


def test_the_host_plays_again_and_a_fresh_reflex_game_runs_to_the_end(tmp_path: Path) -> None:
    async def job() -> None:
        serving = await Serving.start(tmp_path, speed=20)
        server: Server = serving.server
        create = {"game": "ratscrew", "seats": 3, "remote": 1, "difficulty": "hard", "seed": 14, "options": {}}
        welcomed: asyncio.Future[str] = asyncio.get_running_loop().create_future()
        zeros: list[float] = []
        ann = ReflexClient(serving.url, {"create": create}, "hard", name="Ann", seed=1, games=2,
                           timeout_s=CLIENT_TIMEOUT_S, on_welcome=lambda m: welcomed.set_result(m["table"]),
                           on_message=lambda m, _t: zeros.append(m["zero"]) if m["type"] == "clock" else None)
        tasks = [asyncio.create_task(ann.run())]
        code = await asyncio.wait_for(welcomed, 20)
        bob = ReflexClient(serving.url, {"code": code}, "hard", name="Bob", seed=2, games=2,
                           timeout_s=CLIENT_TIMEOUT_S)
        tasks.append(asyncio.create_task(bob.run()))
        table = server.tables[code]
        first = table.core
        try:
            results = await asyncio.wait_for(asyncio.gather(*tasks), 2 * CLIENT_TIMEOUT_S)
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            await serving.stop()
        again = table.core
        assert first.state.is_over() and {a.seat for a in first.actions} == {0, 1, 2}
        assert again is not first and again.seed == AGAIN_SEED
        assert table.status == "over" and again.state.is_over()
        assert {a.seat for a in again.actions} == {0, 1, 2}, "the computer and both players played again"
        assert [p["name"] for p in table.players()] == ["Ann", "Bob", "Computer"]
        assert len(set(zeros)) >= 2, "the new game's clock was sent"
        for result, client in zip(results, (ann, bob)):
            assert len(client.outcomes) == 2 and result["outcome"] == client.outcomes[1] is not None
        assert ann.outcomes[0] == bob.outcomes[0] and ann.outcomes[1] == bob.outcomes[1]
        logged = replayed_from_log(tmp_path, code)
        assert logged.seed == again.seed and logged.actions == again.actions
        assert logged.state.outcome() == again.state.outcome()
    asyncio.run(job())
