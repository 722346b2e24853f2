"""Fuzz: random bytes and random well-formed messages thrown at a server with live tables,
by a stranger and by a player sitting at one of them. The server never falls over, every
table finishes, and each outcome is that of a replay of the table's log."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from app.core.action_codec import action_classes
from app.net.client.client import BotClient
from app.net.wire.protocol import VERSION, outcome_data
from app.core.replay_file import Replay, rebuild
from games.core.session import SeatPlan
from tests.net.tables import play_table, with_server

MESSAGES = 300          # per fuzzer
CARDS = [r + s for r in "23456789TJQKA" for s in "CDHS"] + ["JK", "ZZ", "", "10H"]


def random_value(rng: random.Random, depth: int = 0) -> Any:
    kind = rng.randrange(8 if depth < 3 else 5)
    if kind == 0:
        return None
    if kind == 1:
        return rng.choice([True, False, 0, -1, 2**70, 1.5, float("1e308")])
    if kind == 2:
        return "".join(chr(rng.randrange(0x110000) if rng.random() < 0.1 else rng.randrange(32, 127))
                       for _ in range(rng.randrange(12))).encode("utf-8", "replace").decode("utf-8", "replace")
    if kind == 3:
        return rng.choice(CARDS)
    if kind == 4:
        return rng.randrange(-3, 9)
    if kind == 5:
        return [random_value(rng, depth + 1) for _ in range(rng.randrange(4))]
    return {rng.choice(["type", "seat", "card", "v", "x", "$t", "$c"]): random_value(rng, depth + 1)
            for _ in range(rng.randrange(4))}


def random_message(rng: random.Random, code: str, seat: int) -> str | bytes:
    roll = rng.randrange(7)
    if roll == 0:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 64)))
    if roll == 1:
        return json.dumps(random_value(rng))
    if roll == 2:
        hello: dict[str, Any] = {"type": "hello", "v": rng.choice([VERSION, VERSION, 0, "1"]), "name": random_value(rng)}
        hello[rng.choice(["code", "token", "create", "watch"])] = rng.choice(
            [code, code.lower(), "ZZZZZZ", random_value(rng), {"game": rng.choice(["whist", "spoons", "x"]),
                                                             "seats": rng.randrange(-1, 10), "remote": rng.randrange(5)}])
        return json.dumps(hello)
    if roll in (3, 4):
        name = rng.choice(sorted(action_classes("whist")))
        action = {"type": name, "seat": rng.choice([seat, seat, rng.randrange(-1, 5)]), "card": rng.choice(CARDS)}
        if rng.random() < 0.2:
            action[rng.choice(["trumps", "bid", "x"])] = random_value(rng)
        return json.dumps({"type": "action", "action": action})
    if roll == 5:
        return json.dumps({"type": "chat", "text": random_value(rng)})
    return json.dumps({"type": rng.choice(["ping", "pong", "table", "welcome", "error"]), "t": random_value(rng)})


async def fuzz(url: str, code: str, seed: int, sit: bool) -> int:
    """Throw ``MESSAGES`` random messages; with ``sit``, from a seat at the table. Returns
    how many error lines came back."""
    rng = random.Random(seed)
    errors, sent, token, seat = 0, 0, None, 1
    while sent < MESSAGES:
        try:
            async with connect(url, max_size=2**22) as ws:
                if sit:
                    hello = {"token": token} if token else {"code": code}
                    await ws.send(json.dumps({"type": "hello", "v": VERSION, "name": "Fuzz", **hello}))
                while sent < MESSAGES:
                    await ws.send(random_message(rng, code, seat))
                    sent += 1
                    await asyncio.sleep(0.005)
                    while True:      # read what is there without waiting
                        try:
                            message = json.loads(await asyncio.wait_for(ws.recv(), 0.001))
                        except asyncio.TimeoutError:
                            break
                        if message["type"] == "error":
                            errors += 1
                        if message["type"] == "welcome" and message.get("token"):
                            token, seat = message["token"], message["seat"]
        except ConnectionClosed:
            continue
    return errors


def outcome_of_log(table: Any) -> dict[str, Any]:
    replay = Replay("whist", [SeatPlan(True, "easy")] * 4, {}, table.core.seed, list(table.core.actions))
    outcome = rebuild(replay)[0].outcome()
    data = outcome_data(outcome)
    assert data is not None
    return data


def test_random_messages_never_bring_the_server_down() -> None:
    async def job(server: Any, url: str) -> None:
        welcomed: asyncio.Future[str] = asyncio.get_running_loop().create_future()
        create = {"game": "whist", "seats": 4, "remote": 1, "difficulty": "easy", "seed": 40}
        host = BotClient(url, {"create": create}, "easy", seed=2, timeout_s=150,
                         on_welcome=lambda m: welcomed.set_result(m["table"]))
        host_task = asyncio.create_task(host.run())
        code = await asyncio.wait_for(welcomed, 30)
        beside = asyncio.create_task(play_table(url, "whist", 4, 2, 41, ["easy"]))
        errors = await asyncio.gather(fuzz(url, code, 1, sit=True), fuzz(url, code, 2, sit=False))
        assert min(errors) > 0, "the fuzzers were answered with error lines"
        await host_task                    # the fuzzer has left; a computer holds its seat
        played = await beside
        for table_code, clients in ((code, [host]), (played.clients[0].table, played.clients)):
            table = server.tables[table_code]
            assert table.status == "over"
            for client in clients:
                assert client.outcome == outcome_of_log(table) and not client.errors
        # Still answering.
        async with connect(url) as ws:
            await ws.send(json.dumps({"type": "hello", "v": VERSION, "name": "Late", "code": code, "watch": True}))
            assert json.loads(await asyncio.wait_for(ws.recv(), 10))["type"] == "welcome"

    asyncio.run(with_server(job, grace_s=0.2))
