"""The server's two kinds of table, turn and reflex, behind one interface chosen once from
the game's spec, talking to the server only through its small ``Post`` protocol."""

from __future__ import annotations

import asyncio
import json
from typing import Any, Callable, Coroutine, TypeVar

from websockets.asyncio.client import connect

from app.net.server.reflex_table import ReflexTable, run_of
from app.net.server.server import Server, Table
from app.net.server.turn_table import TurnTable
from app.net.wire.protocol import Create
from games.core.protocol import Event
from tests.net.tables import with_server
from tests.net.test_bad_input import hello, next_of

T = TypeVar("T")
WAIT_S = 30


def test_a_tables_kind_comes_from_its_games_spec() -> None:
    server = Server()
    whist, _ = server.create(Create("whist", 4, 0, "easy", 1), "Ann")
    ratscrew, _ = server.create(Create("ratscrew", 3, 0, "easy", 1), "Ann")
    assert isinstance(whist.kind, TurnTable) and run_of(whist) is None
    assert isinstance(ratscrew.kind, ReflexTable)


def test_a_press_at_a_turn_table_is_refused_for_what_it_is() -> None:
    async def job(server: Server, url: str) -> str:
        async with connect(url) as ws:
            await ws.send(hello(create={"game": "whist", "seats": 4, "remote": 0, "difficulty": "easy", "seed": 2}))
            await next_of(ws, "welcome")
            await ws.send(json.dumps({"type": "press", "action": {"type": "PlayCard", "seat": 0, "card": "2C"}, "t": 1}))
            return str((await next_of(ws, "error"))["message"])

    assert asyncio.run(asyncio.wait_for(with_server(job), 60)) == "Whist takes actions, not presses"


class RecordingPost:
    """A post of the test's own: what a kind tells, kept; its jobs run on the test's loop."""

    store = None
    grace_s = 30.0
    reflex_speed = 1.0

    def __init__(self) -> None:
        self.told: list[list[Event]] = []
        self.jobs: set[asyncio.Task[Any]] = set()

    def send(self, conn: Any, message: dict[str, Any]) -> None:
        raise AssertionError("nobody is connected")

    def broadcast(self, table: Table, events: list[Event], but: Any = None) -> None:
        self.told.append(events)

    def error(self, conn: Any, text: str) -> None:
        raise AssertionError(text)

    def later(self, job: Coroutine[Any, Any, Any]) -> None:
        task = asyncio.ensure_future(job)
        self.jobs.add(task)
        task.add_done_callback(self.jobs.discard)

    async def think(self, table: Table, call: Callable[[], T]) -> T:
        return call()


def test_a_turn_table_plays_through_its_post_alone() -> None:
    """Computers play a whole game at a turn table that has only a post: no server, no socket."""
    async def play() -> tuple[Table, RecordingPost]:
        table, _ = Server().create(Create("whist", 4, 0, "easy", 5), "Ann")
        table.seats[0] = type(table.seats[0])("bot", "easy")
        post = RecordingPost()
        table.kind = TurnTable(post, table)
        table.status = "playing"
        table.kind.move_on()
        while table.status != "over":
            await asyncio.sleep(0)
        return table, post

    table, post = asyncio.run(asyncio.wait_for(play(), WAIT_S))
    assert table.core.state.is_over()
    assert len(post.told) == len(table.core.actions), "every action told once, through the post"
