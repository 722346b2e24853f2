"""The deal is secret from everyone at a table with remote players, the host included: its
seed is 128 bits from ``secrets`` (one hand no longer singles out a seed among 10^9), and
a seed a client chooses there is refused with a clear line and makes no table. A chosen
seed stays for a table of the host and computers. The 128-bit seed goes through the table
log (SQLite's integers stop at 2^63), a server started again on that log, the replay sent
at the end and the replay file the window keeps. Over real sockets on 127.0.0.1."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

from app.core.replay_file import Replay, parse_full, rebuild
from app.core.session import SeatPlan
from app.net.client.client import BotClient
from app.net.server.deal_seeds import CHOSEN_REFUSED
from app.net.server.server import Server
from app.net.server.store import TableStore
from app.net.wire import protocol
from tests.net.conftest import REPO
from tests.net.tables import with_server

GAME_S = 120


async def _hello(url: str, create: dict[str, Any]) -> dict[str, Any]:
    async with connect(url, open_timeout=5) as ws:
        await ws.send(protocol.dump({"type": "hello", "v": protocol.VERSION, "name": "Ann", "create": create}))
        return dict(json.loads(await asyncio.wait_for(ws.recv(), 10)))


def test_a_chosen_seed_is_refused_at_a_table_with_remote_players_and_kept_without() -> None:
    async def job(server: Server, url: str) -> None:
        refused = await _hello(url, {"game": "whist", "seats": 4, "remote": 1, "seed": 5})
        assert refused == {"type": "error", "message": CHOSEN_REFUSED}
        planned = [{"kind": "host"}, {"kind": "bot"}, {"kind": "remote"}, {"kind": "bot"}]
        refused = await _hello(url, {"game": "whist", "plan": planned, "seed": 5})
        assert refused == {"type": "error", "message": CHOSEN_REFUSED}
        assert server.tables == {}, "a refused table was made"
        alone = await _hello(url, {"game": "whist", "seats": 4, "remote": 0, "seed": 5})
        assert alone["type"] == "welcome" and server.tables[alone["table"]].core.seed == 5

    asyncio.run(with_server(job, chosen_seeds=False))


async def _play_nash(url: str) -> BotClient:
    """A two-seat Nash table, host and one remote player (both bot clients), to the end."""
    welcomed: asyncio.Future[str] = asyncio.get_running_loop().create_future()
    create = {"game": "nash", "seats": 2, "remote": 1, "difficulty": "easy"}
    host = BotClient(url, {"create": create}, "easy", name="Ann", timeout_s=GAME_S,
                     on_welcome=lambda m: welcomed.set_result(m["table"]))
    hosting = asyncio.create_task(host.run())
    guest = BotClient(url, {"code": await asyncio.wait_for(welcomed, 30)}, "easy", name="Bo", timeout_s=GAME_S)
    await asyncio.gather(hosting, guest.run())
    return host


def test_a_remote_table_is_dealt_from_128_secret_bits_that_the_log_and_the_replay_keep(tmp_path: Path) -> None:
    async def job(_server: Server, url: str) -> list[BotClient]:
        return [await _play_nash(url), await _play_nash(url)]

    played = asyncio.run(with_server(job, tmp_path, chosen_seeds=False))
    seeds = [client.replay["seed"] for client in played if client.replay is not None]
    assert len(seeds) == 2 and seeds[0] != seeds[1]
    # 128 random bits: below 2^64 once in 2^64 tables; main drew below 10^9.
    assert all(2**64 <= seed < 2**128 for seed in seeds), seeds

    # The log holds each seed exactly, as a server started again on it reads it.
    store = TableStore(tmp_path)
    try:
        logged = {record.code: record.seed for record in store.load_all()}
    finally:
        store.close()
    assert sorted(logged.values()) == sorted(seeds)
    again = Server(TableStore(tmp_path))
    assert sorted(t.core.seed for t in again.tables.values()) == sorted(seeds)
    again.store.close()      # type: ignore[union-attr]

    # The replay the window keeps (Replays) reads back and plays to the same end.
    client = played[0]
    assert client.replay is not None and client.outcome is not None
    data = dict(client.replay)
    kept = Replay("nash", [SeatPlan(s["human"], s["difficulty"]) for s in data["seats"]], data["options"],
                  data["seed"], [])
    saved = {**kept.to_data(), "actions": data["actions"]}
    back = parse_full(json.loads(json.dumps(saved)))
    assert back.seed == data["seed"]
    winners = list(rebuild(back)[0].outcome().winners)
    assert winners == client.outcome["winners"]


def test_parlour_host_refuses_seed_with_remote_players() -> None:
    done = subprocess.run([sys.executable, "-m", "app", "host", "whist", "--remote", "1", "--seed", "5",
                           "--bot", "easy"], cwd=REPO, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "--seed is for a table of you and computers" in done.stderr and "secret seed" in done.stderr
    assert done.stdout == ""
