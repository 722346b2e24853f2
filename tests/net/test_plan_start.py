"""A table made with a per-seat plan (the host in any seat, remote seats, computers at their
own levels), and the host's ``start``: computers take the open remote seats and the game
begins. Bad plans and a start from anyone else get one clear line and change nothing."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect

from app.net.client.client import BotClient, ClientFailure
from app.net.wire.protocol import Create, Hello, PlannedSeat, ProtocolError, Start, parse_client
from app.net.server.store import TableStore
from tests.net.tables import with_server
from tests.net.test_bad_input import hello, next_of, refused

PLAN = [{"kind": "remote", "difficulty": "hard"}, {"kind": "bot", "difficulty": "easy"},
        {"kind": "host"}, {"kind": "remote"}]


def create(**fields: Any) -> str:
    return json.dumps({"type": "hello", "v": 1, "name": "Ann", "create": {"game": "whist", **fields}})


def created(raw: str) -> Create:
    message = parse_client(raw)
    assert isinstance(message, Hello) and message.create is not None
    return message.create


def test_a_plan_is_read_and_counts_the_seats() -> None:
    assert created(create(plan=PLAN, difficulty="normal", seats=4)) == Create("whist", 4, 2, "normal", plan=(
        PlannedSeat("remote", "hard"), PlannedSeat("bot", "easy"), PlannedSeat("host"), PlannedSeat("remote")))
    assert parse_client('{"type": "start"}') == Start()


def test_the_old_form_means_the_host_first_then_remote_then_computers() -> None:
    assert [p.kind for p in created(create(seats=4, remote=1)).seat_plan()] == ["host", "remote", "bot", "bot"]


@pytest.mark.parametrize("fields, says", [
    ({"plan": [{"kind": "remote"}, {"kind": "bot"}]}, "exactly one host seat, not 0"),
    ({"plan": [{"kind": "host"}, {"kind": "host"}]}, "exactly one host seat, not 2"),
    ({"plan": [{"kind": "host"}, {"kind": "ghost"}]}, "seat 2: kind should be host, remote or bot, not 'ghost'"),
    ({"plan": [{"kind": "host", "colour": "red"}]}, "create.plan seat 1 has no field 'colour'"),
    ({"plan": [{"kind": "host"}, "bot"]}, "create.plan seat 2 should be an object"),
    ({"plan": []}, "create.plan should be a list of 1 to 8 seats"),
    ({"plan": {"kind": "host"}}, "create.plan should be a list"),
    ({"plan": PLAN, "seats": 3}, "create.seats is 3 but the plan has 4"),
    ({"plan": PLAN, "remote": True}, "create.remote is True but the plan has 2"),
    ({"plan": [{"kind": "host", "difficulty": 3}]}, "difficulty should be text"),
])
def test_a_bad_plan_is_refused_with_a_reason(fields: dict[str, Any], says: str) -> None:
    with pytest.raises(ProtocolError, match=says):
        parse_client(create(**fields))


def test_a_planned_table_seats_the_host_where_planned_and_the_host_starts_it(tmp_path: Path) -> None:
    async def job(server: Any, url: str) -> None:
        async with connect(url) as host, connect(url) as guest, connect(url) as watcher:
            await refused(host, create(plan=[*PLAN[:3], {"kind": "bot", "difficulty": "wizard"}]),
                          "level (seat 4) is one of")
            assert server.tables == {}, "a refused plan makes no table"
            await host.send(create(plan=PLAN, difficulty="normal", seed=7))
            welcome = await next_of(host, "welcome")
            assert welcome["seat"] == 2 and welcome["seats"] == 4
            code = welcome["table"]
            first = await next_of(host, "table")
            assert first["status"] == "waiting"
            assert [(p["kind"], p["taken"]) for p in first["players"]] == [
                ("remote", False), ("bot", True), ("host", True), ("remote", False)]
            assert first["players"][2]["name"] == "Ann"
            table = server.tables[code]
            assert [s.difficulty for s in table.seats] == ["hard", "easy", "normal", "normal"]

            await guest.send(hello(code=code))
            assert (await next_of(guest, "welcome"))["seat"] == 0
            await watcher.send(hello(code=code, watch=True))
            await next_of(watcher, "welcome")
            await refused(guest, '{"type": "start"}', "only the host can start the game")
            await refused(watcher, '{"type": "start"}', "only the host can start the game")
            await refused(host, '{"type": "start", "now": 1}', "start has no field 'now'")
            assert table.status == "waiting" and table.seats[3].kind == "remote"

            await host.send('{"type": "start"}')
            started = await next_of(host, "table")
            assert started["status"] == "playing"
            assert [(p["name"], p["kind"]) for p in started["players"]] == [
                ("Rogue", "remote"), ("Computer", "bot"), ("Ann", "host"), ("Computer", "bot")]
            assert table.seats[3].difficulty == "normal" and not table.core.setup.seats[3].human
            assert (await next_of(guest, "table"))["status"] == "playing"
            await refused(host, '{"type": "start"}', "the game has already started")
        assert server.store is not None
        server.store.close()
        record = TableStore(tmp_path).load_all()[0]
        assert record.status == "playing" and [s.kind for s in record.seats] == ["remote", "bot", "host", "bot"]

    asyncio.run(with_server(job, data=tmp_path))


def test_started_alone_the_computers_play_the_open_seats_to_the_end() -> None:
    async def job(server: Any, url: str) -> None:
        welcomed: asyncio.Future[str] = asyncio.get_running_loop().create_future()
        plan = [{"kind": "remote", "difficulty": "easy"}, {"kind": "host"}]
        host = BotClient(url, {"create": {"game": "abstrac", "plan": plan, "difficulty": "easy", "seed": 3}},
                         "easy", name="Ann", timeout_s=120, on_welcome=lambda m: welcomed.set_result(m["table"]))
        playing = asyncio.create_task(host.run())
        code = await asyncio.wait_for(welcomed, 30)
        assert host.seat == 1 and server.tables[code].status == "waiting"
        async with connect(url) as again:        # the host's own seat, from a second window: it takes the seat
            await again.send(hello(token=host.token))
            await next_of(again, "welcome")
            with pytest.raises(ClientFailure, match="you sat down somewhere else"):
                await asyncio.wait_for(playing, 30)
            await again.send('{"type": "start"}')
            while (await next_of(again, "table"))["status"] != "playing":
                pass
        back = BotClient(url, {}, "easy", name="Ann", token=host.token, timeout_s=120)   # and back to the first
        result = await asyncio.wait_for(back.run(), 120)
        assert result["outcome"] is not None and server.tables[code].seats[0].kind == "bot"

    asyncio.run(with_server(job))


def test_a_lobby_its_host_has_left_is_not_listed_on_the_network() -> None:
    from app.net.wire import discovery

    async def job(server: Any, url: str) -> None:
        async with connect(url) as host:
            await host.send(create(plan=PLAN))
            welcome = await next_of(host, "welcome")
            code, token = welcome["table"], welcome["token"]
            assert [t.code for t in discovery.open_tables(server.tables.values())] == [code]
        for _ in range(200):        # the server notices the host has gone
            if not discovery.open_tables(server.tables.values()):
                break
            await asyncio.sleep(0.02)
        assert discovery.open_tables(server.tables.values()) == []
        async with connect(url) as back:
            await back.send(hello(code=code))          # a friend's seat does not bring it back
            await next_of(back, "welcome")
            assert discovery.open_tables(server.tables.values()) == []
            async with connect(url) as returned:       # the host's does
                await returned.send(hello(token=token))
                await next_of(returned, "welcome")
                assert [t.code for t in discovery.open_tables(server.tables.values())] == [code]

    asyncio.run(with_server(job))
