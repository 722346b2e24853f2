"""Every reflex game played to the end by headless bot clients against a real server on
127.0.0.1 (its reflex clock sped up): Nails, Spoons and Pig in process (``ReflexClient``, as
``parlour join --bot`` runs it), and Pig through the commands themselves (``parlour host
spoons --variant pig --bot`` and ``parlour join --bot`` in processes of their own). Ratscrew's
whole game is in tests/net/test_reflex_tables.py. Each game ends the same for every client
and the server's log replays to it."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from typing import Any, Iterator

import pytest

from app.net.server import reflex_table
from games.core.realtime import replay_timed
from games.registry import GAMES
from tests.net.conftest import REPO
from tests.net.reflex_tables import sit, with_reflex_server
from tests.net.server_thread import ServerThread, running

GAME_S = 240        # the bound on one whole game (a loaded machine)
SPEED = 10.0        # game time per ms of the server's clock


@pytest.fixture(autouse=True)
def quick_start(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reflex_table, "START_MS", 300)


def check_ended(table: Any, results: list[dict[str, Any]], players: int) -> None:
    """The game is over on the server, every client was told the same result, the humans'
    seats played, and the server's log replays to exactly the finished game."""
    assert table.status == "over"
    outcomes = {json.dumps(r["outcome"], sort_keys=True) for r in results}
    assert len(outcomes) == 1 and results[0]["outcome"]["winners"], outcomes
    assert all(r["clock"]["synced"] for r in results)
    core = table.core
    assert set(range(players)) <= {a.seat for a in core.actions}, "every bot client played"
    spec = GAMES[table.game]
    options = spec.make_options(seats=len(core.setup.seats), **core.setup.options)
    state = core.timed_state()
    assert state.is_over()
    assert replay_timed(spec, options, core.seed, core.actions, state.now_ms) == state


@pytest.mark.parametrize("game, seats, options", [
    ("nails", 2, {}),
    ("spoons", 3, {}),
    ("spoons", 3, {"variant": "pig"}),
], ids=["nails", "spoons", "pig"])
def test_bot_clients_play_a_whole_reflex_game(game: str, seats: int, options: dict[str, Any]) -> None:
    async def job(server: Any, url: str) -> None:
        sat = await sit(server, url, game, ["hard", "hard"], seed=3, seats=seats, options=options)
        try:
            results = await asyncio.wait_for(asyncio.gather(*sat.tasks), GAME_S)
        finally:
            await sat.close()
        assert sat.table.core.setup.options.get("variant", "spoons") == options.get("variant", "spoons")
        check_ended(sat.table, results, players=2)
    asyncio.run(with_reflex_server(job, speed=SPEED))


@pytest.fixture
def fast_server() -> Iterator[ServerThread]:
    yield from running(reflex_speed=SPEED)


def parlour(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "app", *args], cwd=REPO, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def test_parlour_host_and_join_bots_play_pig_to_the_end(fast_server: ServerThread) -> None:
    host = parlour("host", "spoons", "--variant", "pig", "--server", fast_server.url, "--seats", "3",
                   "--remote", "1", "--bot", "hard", "--name", "Ann")
    guest = None
    try:
        assert host.stdout is not None
        first = host.stdout.readline().split()
        assert first[:1] == ["table"], (first, host.stderr.read() if host.stderr else "")
        guest = parlour("join", fast_server.url, first[1], "--bot", "hard", "--name", "Bob")
        results = []
        for process in (host, guest):
            out, err = process.communicate(timeout=GAME_S)
            assert process.returncode == 0, err
            results.append(json.loads(out.strip().splitlines()[-1]))
    finally:
        for process in (host, guest):
            if process is not None and process.poll() is None:
                process.kill()
                process.wait()
    table = fast_server.table(first[1])
    assert table.core.setup.options["variant"] == "pig", "the host's --variant reached the table"
    assert [r["seat"] for r in results] == [0, 1]
    check_ended(table, results, players=2)


def test_a_headless_seat_waits_and_plays_longer_than_ten_minutes(monkeypatch: pytest.MonkeyPatch) -> None:
    """``parlour host/join --bot``: a Spoons game with people at it ran past the client's
    ten-minute bound ("the game did not finish within 600 s") while the others still played
    on; the commands' seats are bounded by ``GAME_S`` (hours) instead."""
    from app.cli import host, join
    from app.net.client.reflex_client import ReflexClient

    bounds: list[float] = []

    async def run(self: ReflexClient) -> dict[str, Any]:
        bounds.append(self.timeout_s)
        return {}

    monkeypatch.setattr(ReflexClient, "run", run)
    assert join.run("127.0.0.1:9", "ABCDEF", "Bob", "hard", watch=False, seed=1) == 0
    assert host.run("spoons", "127.0.0.1:9", 3, 1, "normal", 1, "Ann", "hard", "127.0.0.1:0", None) == 0
    assert bounds == [host.GAME_S] * 2 and host.GAME_S >= 3600
