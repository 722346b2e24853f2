"""Fair deals, shown: before the first card of a networked game every seat is sent a promise
of the deal (the hash of its secret seed and salt), the seed and salt come only with the
replay at the end and keep that promise, a new deal (Play again) gets a promise of its own
before its first card, nobody can ask for another deal of a game under way, a server
started again promises what it promised, and ``parlour verify`` says in one line whether a
replay is the game promised, catching a changed seed, salt or move. Real sockets on
127.0.0.1, bounded in time."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect

from app.core import replay_file
from app.core.action_codec import decode_action
from app.core.deal_proof import DealProof, commit, is_commitment, moves_digest, revealed
from app.core.session import SeatPlan
from app.net.client.client import BotClient
from app.net.server.server import Server
from app.net.server.store import TableStore
from app.net.wire.protocol import VERSION, Create
from tests.net.conftest import REPO
from tests.net.tables import with_server
from tests.net.test_bad_input import next_of, refused

GAME_S = 120


async def _nash_pair(url: str) -> tuple[BotClient, BotClient, list[str], list[str]]:
    """A two-seat Nash table from a secret seed, host and guest bot clients, played to the
    end; each one's every message as received."""
    welcomed: asyncio.Future[str] = asyncio.get_running_loop().create_future()
    heard: tuple[list[str], list[str]] = ([], [])
    create = {"game": "nash", "seats": 2, "remote": 1, "difficulty": "easy"}
    host = BotClient(url, {"create": create}, "easy", name="Ann", timeout_s=GAME_S, record=heard[0],
                     on_welcome=lambda m: welcomed.set_result(m["table"]))
    hosting = asyncio.create_task(host.run())
    guest = BotClient(url, {"code": await asyncio.wait_for(welcomed, 30)}, "easy", name="Bo",
                      timeout_s=GAME_S, record=heard[1])
    await asyncio.gather(hosting, guest.run())
    return host, guest, *heard


def _tables(heard: list[str]) -> list[dict[str, Any]]:
    return [m for m in map(json.loads, heard) if m["type"] == "table"]


def test_every_seat_has_the_promise_before_the_first_card_and_the_revealed_seed_keeps_it() -> None:
    host, guest, *records = asyncio.run(with_server(lambda _s, url: _nash_pair(url), chosen_seeds=False))
    promises = []
    for heard in records:
        tables = _tables(heard)
        first_cards = next(i for i, t in enumerate(tables) if t["status"] == "playing")
        promise = tables[0]["deal"]
        assert is_commitment(promise) and tables[first_cards]["deal"] == promise
        # The same promise in every message of the game, and no seed or salt before the end.
        assert {t["deal"] for t in tables} == {promise}
        assert all(t["replay"] is None for t in tables if t["status"] != "over")
        assert not any("salt" in line for line in heard[:-1] if '"over"' not in line)
        end = tables[-1]
        assert end["status"] == "over"
        replay = end["replay"]
        assert commit(replay["seed"], replay["salt"]) == promise
        assert replay["end"]["winners"] == end["outcome"]["winners"]
        promises.append(promise)
    assert promises[0] == promises[1], "both seats were promised the same deal"
    assert host.replay is not None and guest.replay is not None


async def _seat(url: str, create: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    ws = await connect(url, open_timeout=5)
    await ws.send(json.dumps({"type": "hello", "v": VERSION, "name": "Ann", "create": create}))
    await next_of(ws, "welcome")
    return ws, await next_of(ws, "table")


def test_nobody_can_ask_for_another_deal_of_a_game_under_way_and_again_promises_anew() -> None:
    async def job(server: Server, url: str) -> None:
        ws, first = await _seat(url, {"game": "whist", "seats": 4, "remote": 0, "difficulty": "easy"})
        table = next(iter(server.tables.values()))
        seed, promise = table.core.seed, first["deal"]
        assert first["status"] == "playing" and promise == table.commitment
        await refused(ws, '{"type": "again"}', "the game is not over yet")
        await refused(ws, '{"type": "start"}', "already started")
        await refused(ws, '{"type": "again", "seed": 5}', "again has no field 'seed'")
        assert (table.core.seed, table.commitment) == (seed, promise), "the deal changed under way"
        # Play the game out on the server's side, then Play again: a new promise comes with
        # (in the very message of) the new deal's first cards, and the old seed is revealed.
        while not table.core.state.is_over():
            seat = table.core.to_act()[0]
            table.core.apply(table.core.state.legal_actions(seat)[0])
        table.status = "over"
        await ws.send('{"type": "again"}')
        fresh = await next_of(ws, "table")
        while fresh["status"] != "playing":
            fresh = await next_of(ws, "table")
        assert fresh["n"] == 0 and is_commitment(fresh["deal"]) and fresh["deal"] != promise
        assert fresh["deal"] == commit(table.core.seed, table.salt) and fresh["replay"] is None
        await ws.close()

    asyncio.run(with_server(job, chosen_seeds=False))


def test_a_server_started_again_promises_what_it_promised(tmp_path: Path) -> None:
    store = TableStore(tmp_path)
    server = Server(store)
    table, _token = server.create(Create("whist", 4, 1, "easy"), "Ann", "127.0.0.1")
    promise = table.commitment
    store.close()
    again = Server(TableStore(tmp_path))
    try:
        assert again.tables[table.code].commitment == promise
    finally:
        assert again.store is not None
        again.store.close()


def _replay_file(tmp_path: Path, data: dict[str, Any], promise: str) -> Path:
    """The replay a player's window keeps of the server's ``data`` (app/window/scenes/results.py)."""
    replay = replay_file.Replay(data["game"], [SeatPlan(s["human"], s["difficulty"]) for s in data["seats"]],
                                data["options"], data["seed"], [decode_action(a, data["game"]) for a in data["actions"]],
                                deal=revealed(promise, data))
    path = tmp_path / "game.json"
    replay_file.write(replay, path)
    return path


def _verify(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "app", "verify", str(path)], cwd=REPO, capture_output=True,
                          text=True, timeout=60)


def _changed(path: Path, change: Any) -> Path:
    data = json.loads(path.read_text())
    change(data["data"] if "data" in data else data)
    out = path.with_name("changed.json")
    out.write_text(json.dumps(data))
    return out


def test_verify_says_a_replay_keeps_its_promise_and_catches_a_changed_seed_salt_or_move(tmp_path: Path) -> None:
    host, _guest, heard, _ = asyncio.run(with_server(lambda _s, url: _nash_pair(url), chosen_seeds=False))
    promise = _tables(heard)[0]["deal"]
    assert host.replay is not None
    path = _replay_file(tmp_path, host.replay, promise)

    good = _verify(path)
    assert good.returncode == 0, good.stdout + good.stderr
    lines = good.stdout.splitlines()
    assert len(lines) == 1 and lines[0].startswith("verified: the deal was the one promised (")

    def seed(data: dict[str, Any]) -> None:
        data["seed"] += 1

    def salt(data: dict[str, Any]) -> None:
        data["deal"]["salt"] = "0" * 32

    def move(data: dict[str, Any]) -> None:   # two different moves of one seat swapped
        actions = data["actions"]
        mine = [i for i, a in enumerate(actions) if a.get("seat") == actions[0].get("seat")]
        a, b = next((a, b) for a in mine for b in mine if actions[a] != actions[b])
        actions[a], actions[b] = actions[b], actions[a]

    def cut(data: dict[str, Any]) -> None:
        data["actions"] = data["actions"][:-1]

    for change, says in ((seed, "NOT VERIFIED: the seed and salt"), (salt, "NOT VERIFIED: the seed and salt"),
                         (move, "NOT VERIFIED: the moves are not the ones played"),
                         (cut, "NOT VERIFIED: the moves are not the ones played")):
        bad = _verify(_changed(path, change))
        assert bad.returncode == 1 and bad.stdout.startswith(says), (change.__name__, bad.stdout, bad.stderr)
        assert len(bad.stdout.splitlines()) == 1

    # Moves and digest changed together, so only the rules can tell: the game does not
    # reach its recorded end (cut short), or reaches another one.
    def cut_both(data: dict[str, Any]) -> None:
        cut(data)
        data["deal"]["moves"] = moves_digest(data["actions"])

    def other_end(data: dict[str, Any]) -> None:
        data["deal"]["winners"] = [1 - w for w in data["deal"]["winners"]] or [0]

    for change, says in ((cut_both, "NOT VERIFIED: the moves stop before"), (other_end, "NOT VERIFIED: the moves replay to another end")):
        bad = _verify(_changed(path, change))
        assert bad.returncode == 1 and bad.stdout.startswith(says), (change.__name__, bad.stdout, bad.stderr)


def test_verify_says_plainly_when_there_is_nothing_to_check(tmp_path: Path) -> None:
    replay = replay_file.Replay("nash", [SeatPlan(True, "easy"), SeatPlan(False, "easy")], {}, 3, [])
    replay_file.write(replay, tmp_path / "home.json")
    home = _verify(tmp_path / "home.json")
    assert home.returncode == 1 and home.stdout.startswith("not verified: this replay carries no promise")
    (tmp_path / "junk.json").write_text("{")
    junk = _verify(tmp_path / "junk.json")
    assert junk.returncode == 1 and junk.stdout.startswith("not verified: junk.json cannot be read")
    missing = _verify(tmp_path / "nothing.json")
    assert missing.returncode == 1 and len(missing.stdout.splitlines()) == 1


def test_a_proof_is_read_back_as_written_and_a_bad_one_is_refused() -> None:
    proof = DealProof(commit(9, "ab" * 16), "ab" * 16, (1,), (3.0, 7.0))
    assert DealProof.from_data(json.loads(json.dumps(proof.to_data()))) == proof and proof.kept(9)
    assert not proof.kept(10) and not DealProof(proof.commitment, "").kept(9)
    for bad in ({"commitment": "xyz"}, {"commitment": proof.commitment, "winners": ["a"]},
                {"commitment": proof.commitment, "scores": [float("nan")]}, []):
        with pytest.raises(ValueError):
            DealProof.from_data(bad)
