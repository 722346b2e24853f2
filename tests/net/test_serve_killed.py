"""Nothing lost when ``parlour serve`` is killed for real: the server runs in a process of
its own (its own ``--data`` folder, a free port on 127.0.0.1); headless bot clients (the
``ReflexClient`` that ``parlour host/join --bot`` run) sit down and play; once some actions
are in, the server gets SIGKILL, and a new ``parlour serve`` starts on the same folder and
port. The clients come back by themselves with their seat tokens and the game is played to
the end: by the same people (no computer took a seat), with one winner for every client,
every card still in the game at every step of the log, and everything any client was shown,
before the kill or after, what the log replays to. A reflex table (Ratscrew: it comes back
paused, "the table is back: play resumes") and a turn table (Ninety-Nine, with a computer
player of the server's at it)."""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from app.core.action_codec import decode_action
from app.net.wire.protocol import decoded, outcome_data
from app.net.client.reflex_client import ReflexClient
from app.net.server.reflex_table import BACK_TEXT
from app.net.server.server import _setup
from app.net.server.store import TableRecord, TableStore
from games.core.realtime import check_time
from games.core.session import SessionCore
from games.registry import GAMES
from tests.net.conftest import ServeProcess, start_server
from tests.net.test_restart import free_port

SPEED = "10"            # the servers' reflex clock: game time per ms (a Ratscrew game in seconds)
KILL_AT = 20            # actions the clients have been shown before the kill
GAME_S = 240            # the bound on the whole game, kill and restart included (a loaded machine)
STOP_S = 20


@dataclass
class Seen:
    """One client and what it was sent: each message with the connection it came on (0:
    the first server's, then one more for each welcome)."""

    client: ReflexClient
    messages: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    connection: int = -1
    sent_before_back: int = 0

    def hear(self, message: dict[str, Any]) -> None:
        if message["type"] == "welcome":
            self.connection += 1
            if self.connection == 1:
                self.sent_before_back = self.client.sent
        self.messages.append((self.connection, message))

    def tables(self, connection: int | None = None) -> list[dict[str, Any]]:
        return [m for c, m in self.messages if m["type"] == "table" and connection in (None, c)]


@dataclass
class Killed:
    """The game as the first server left it: its log, and how far each client had seen."""

    record: TableRecord
    seen_counts: list[int]


def serve(data: Path, port: int) -> ServeProcess:
    return start_server(data, "--port", str(port), "--no-announce", "--reflex-speed", SPEED)


def load(data: Path, code: str) -> TableRecord:
    """A table as ``data``'s log holds it (opening a log can tidy it: a copy, if it must
    stay as it is)."""
    store = TableStore(data)
    try:
        return next(r for r in store.load_all() if r.code == code)
    finally:
        store.close()


def as_left(data: Path, copy: Path) -> Path:
    """A copy of the data folder's log files as they are."""
    copy.mkdir()
    for file in data.glob("tables.sqlite3*"):
        shutil.copy2(file, copy / file.name)
    return copy


def server_errors(server: ServeProcess) -> str:
    assert server.process.stderr is not None
    return "".join(line for line in server.process.stderr.read().splitlines(keepends=True)
                   if "tables kept in" not in line)


async def play_through_a_kill(data: Path, create: dict[str, Any],
                              players: list[tuple[str, str]]) -> tuple[list[Seen], Killed, str]:
    """The host's client makes the table, the others join (``players``: each client's name
    and bot level, the host's first); the first server is killed once the host has been
    shown ``KILL_AT`` actions, the second started at once on the same folder and port, its
    log untouched; every client plays to the end. Returns what each client was sent, the
    game as killed, and what the servers wrote on stderr but their start lines."""
    port = free_port()
    first = await asyncio.to_thread(serve, data, port)
    second: ServeProcess | None = None
    url = f"ws://127.0.0.1:{port}"
    killed = asyncio.Event()

    def kill_when_far_enough(message: dict[str, Any]) -> None:
        host.hear(message)
        if message["type"] == "table" and message["n"] >= KILL_AT and not killed.is_set():
            os.kill(first.process.pid, signal.SIGKILL)     # before this client answers
            killed.set()

    welcomed: asyncio.Future[str] = asyncio.get_running_loop().create_future()
    host = Seen(ReflexClient(url, {"create": create}, players[0][1], name=players[0][0], seed=1, timeout_s=GAME_S,
                             on_welcome=lambda m: welcomed.set_result(m["table"])))
    host.client.on_message = lambda m, _t: kill_when_far_enough(m)
    tasks = [asyncio.create_task(host.client.run())]
    seen = [host]
    try:
        code = await asyncio.wait_for(welcomed, 30)
        for number, (name, level) in enumerate(players[1:], 2):
            guest = Seen(ReflexClient(url, {"code": code}, level, name=name, seed=number, timeout_s=GAME_S))
            guest.client.on_message = lambda m, _t, g=guest: g.hear(m)
            seen.append(guest)
            tasks.append(asyncio.create_task(guest.client.run()))
        kill = asyncio.create_task(killed.wait())
        done, _ = await asyncio.wait([kill, *tasks], timeout=GAME_S, return_when=asyncio.FIRST_COMPLETED)
        kill.cancel()
        assert killed.is_set(), [t.result() for t in done]      # (a client's failure, raised)
        assert await asyncio.to_thread(first.process.wait, STOP_S) == -signal.SIGKILL
        left = as_left(data, data.with_name("as-killed"))
        second = await asyncio.to_thread(serve, data, port)    # the same folder, the same port
        as_killed = Killed(load(left, code), [max(m["n"] for m in s.tables(0)) for s in seen])
        await asyncio.wait_for(asyncio.gather(*tasks), GAME_S)
        assert second.stop() == 0, "the second server stopped cleanly"
        return seen, as_killed, server_errors(first) + server_errors(second)
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for server in (first, second):
            if server is not None:
                server.stop(signal.SIGKILL)
                for pipe in (server.process.stdout, server.process.stderr):
                    if pipe is not None:
                        pipe.close()


def check_killed_midgame(seen: list[Seen], killed: Killed) -> None:
    """The kill fell in the middle of the game, and the log held every action any client
    had been shown (an action is logged before anyone is told of it)."""
    assert killed.record.status == "playing", "the game ended before the server was killed"
    assert all(m["status"] != "over" for s in seen for m in s.tables(0))
    assert len(killed.record.actions) >= max(killed.seen_counts) >= KILL_AT


def check_played_to_the_end(seen: list[Seen], killed: Killed, final: TableRecord, seats: set[int]) -> None:
    """Every client came back (one new connection each, to the new server), the people kept
    playing their own seats, and every client was told the same end, the log's."""
    assert final.status == "over" and len(final.actions) > len(killed.record.actions)
    for s in seen:
        assert s.connection == 1, f"{s.client.name}: one reconnection, to the second server"
        assert s.client.seat is not None and s.client.sent > s.sent_before_back, f"{s.client.name} played on"
        assert s.tables(1) and min(m["n"] for m in s.tables(1)) >= len(killed.record.actions), \
            "no action lost with the kill"
    after = [decode_action(a, final.game) for a in final.actions[len(killed.record.actions):]]
    assert seats <= {a.seat for a in after}, "every seat played on after the restart"
    for s in seen:      # a seat's moves since the restart were all its client's: no computer held it
        assert sum(a.seat == s.client.seat for a in after) <= s.client.sent - s.sent_before_back, s.client.name
    results = [s.client.result() for s in seen]
    assert all(r["outcome"] is not None and r["outcome"] == results[0]["outcome"] for r in results), results
    assert [r["seat"] for r in results] == sorted({r["seat"] for r in results}), "each in a seat of their own"


def log_states(record: TableRecord) -> tuple[SessionCore, list[Any]]:
    """The game replayed from the log: its core at the end and a copy of the state after
    each action (index n: n actions applied), each checked to hold the cards dealt, each
    as many times as at the start."""
    spec = GAMES[record.game]
    core = SessionCore(spec, _setup(record), record.seed)
    deck = Counter(core.state.all_cards())
    states = [core.state.clone()]
    for data in record.actions:
        action = decode_action(data, record.game)
        if spec.realtime:
            core.timed_state().advance(action.at_ms)
            check_time(core.timed_state(), action)
        core.apply(action)
        assert Counter(core.state.all_cards()) == deck, f"a card lost or doubled by action {len(states)}"
        states.append(core.state.clone())
    return core, states


def outcome_dict(state: Any) -> dict[str, Any]:
    outcome = state.outcome()
    data = outcome_data(outcome)
    assert data is not None
    return data


def check_views_from_the_log(seen: list[Seen], final: TableRecord) -> None:
    """Every view any client was shown, on either server, is the view the log replays to
    at that many actions (a reflex game's: with its clock moved on to the view's time)."""
    core, states = log_states(final)
    realtime = GAMES[final.game].realtime
    for s in seen:
        for message in s.tables():
            view = decoded(message["view"], final.game)
            state = states[message["n"]].clone()
            if realtime:
                state.advance(view.now_ms)
            assert view == state.view(s.client.seat), f"{s.client.name} was shown a game the log does not hold"
    assert core.state.is_over()
    for s in seen:
        assert s.client.result()["outcome"] == outcome_dict(core.state), "the log's end is the one told"


def test_a_reflex_game_survives_kill_9_of_its_server(tmp_path: Path) -> None:
    """Ratscrew, Ann and Bob: the table comes back paused until both are back with their
    tokens ("the table is back: play resumes"), then they play it out. (Bots of one level
    can trade the pile for a thousand flips; Bob's easy one ends it sooner.)"""
    create = {"game": "ratscrew", "seats": 2, "remote": 1, "difficulty": "hard", "options": {}}
    seen, killed, errors = asyncio.run(play_through_a_kill(tmp_path / "data", create,
                                                           [("Ann", "hard"), ("Bob", "easy")]))
    check_killed_midgame(seen, killed)
    final = load(tmp_path / "data", killed.record.code)
    check_played_to_the_end(seen, killed, final, seats={0, 1})
    for s in seen:
        paused = [m["paused"] for c, m in s.messages if c == 1 and m["type"] == "clock"]
        assert BACK_TEXT in paused and paused[-1] is None, paused
    check_views_from_the_log(seen, final)
    assert errors == "", errors


def test_a_turn_game_survives_kill_9_of_its_server(tmp_path: Path) -> None:
    """Ninety-Nine: Ann hosts, Bob joins, a computer of the server's takes the third seat."""
    create = {"game": "ninety_nine", "seats": 3, "remote": 1, "difficulty": "normal", "options": {}}
    seen, killed, errors = asyncio.run(play_through_a_kill(tmp_path / "data", create,
                                                           [("Ann", "hard"), ("Bob", "normal")]))
    check_killed_midgame(seen, killed)
    final = load(tmp_path / "data", killed.record.code)
    assert [s.kind for s in final.seats] == ["host", "remote", "bot"]
    check_played_to_the_end(seen, killed, final, seats={0, 1, 2})
    check_views_from_the_log(seen, final)
    assert errors == "", errors

