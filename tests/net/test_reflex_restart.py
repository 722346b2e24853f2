"""Reflex tables lose nothing when their server is killed: real servers on 127.0.0.1 with a
table log, headless ``ReflexClient``s over real sockets. The first server is stopped
without closing its table or its log (its tasks cancelled, as a kill would leave them); a
second one on the same data folder and port replays the game to where it was and holds it
paused until the players are back with their seat tokens (or a computer takes a seat after
the grace period); then the game plays to the end."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from app.core.action_codec import decode_action
from app.net.server import reflex_table
from app.net.server.reflex_table import BACK_TEXT, run_of
from app.net.server.server import Server, _setup
from app.net.server.store import TableStore
from games.core.session import SessionCore
from games.registry import GAMES
from tests.net.reflex_tables import sit, until

SPEED = 10
NEW_CLOCK_S = 40.0     # the second server's clock reads this much less than the first's
GAME_TIMEOUT_S = 150


@pytest.fixture(autouse=True)
def quick_start(monkeypatch: pytest.MonkeyPatch) -> None:
    """The countdown before game time 0, and after a pause: short in tests (and the
    server's clock put back as it was afterwards)."""
    monkeypatch.setattr(reflex_table, "START_MS", 300)
    monkeypatch.setattr(reflex_table, "RESUME_MS", 200)
    monkeypatch.setattr(reflex_table, "_EPOCH", reflex_table._EPOCH)


@dataclass
class Serving:
    """A server listening on 127.0.0.1 with a table log in ``data``."""

    server: Server
    task: asyncio.Task[None]
    port: int

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    @classmethod
    async def start(cls, data: Path, port: int = 0, grace_s: float = 30.0, speed: float = SPEED) -> Serving:
        server = Server(TableStore(data), grace_s=grace_s, reflex_speed=speed, chosen_seeds=True)
        return await cls.listen(server, port)

    @classmethod
    async def listen(cls, server: Server, port: int) -> Serving:
        bound: list[int] = []
        task = asyncio.create_task(server.run("127.0.0.1", port, lambda h, p: bound.append(p)))
        while not bound:
            if task.done():
                task.result()
            await asyncio.sleep(0.01)
        return cls(server, task, bound[0])

    async def kill(self) -> None:
        """Every task of the server stopped where it stands: no clean end of its tables,
        its log never closed (a killed process closes nothing either)."""
        for _ in range(2):      # (the connections it drops start tasks of their own)
            tasks = [*self.server._tasks, self.task]
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
        self.server.executor.shutdown(wait=False, cancel_futures=True)

    async def stop(self) -> None:
        await self.kill()
        if self.server.store is not None:
            self.server.store.close()


def cards(state: Any) -> dict[str, Any]:
    """A Ratscrew game's cards and whose move it is: every stack card by card, the pile,
    the challenge waiting and who is out (everything but the clock)."""
    return {"stacks": state.stacks, "pile": state.pile, "turn": state.turn, "owner": state.owner,
            "left": state.left, "collect": state.collect, "offer": state.offer,
            "eliminated": state.eliminated, "winner": state.winner}


def replayed_from_log(data: Path, code: str) -> Any:
    """The table's game rebuilt from the log alone."""
    store = TableStore(data)
    try:
        record = next(r for r in store.load_all() if r.code == code)
    finally:
        store.close()
    core = SessionCore(GAMES[record.game], _setup(record), record.seed)
    reflex_table.replay(core, [decode_action(a, record.game) for a in record.actions], record.game_ms)
    return core


async def midgame(data: Path, stop_bob: bool) -> tuple[Any, ...]:
    """Ann (the host) and Bob play Ratscrew until 20 actions, then the server is killed
    (with Bob's client too when ``stop_bob``). Returns the table sat at, the first server,
    the game as it stood and Ann's list of clock messages."""
    first = await Serving.start(data)
    sat = await sit(first.server, first.url, "ratscrew", ["hard", "hard"], seed=6)
    clocks: list[dict[str, Any]] = []
    sat.clients[0].on_message = lambda m, _t: clocks.append(m) if m["type"] == "clock" else None
    await until(lambda: len(sat.table.core.actions) >= 20, 60, "some play")
    if stop_bob:
        sat.tasks[1].cancel()
    await first.kill()
    assert sat.table.status == "playing", "the game ended before the server was killed"
    # A server process started again has a clock of its own (it counts from its start): the
    # clients must estimate it afresh.
    reflex_table._EPOCH += NEW_CLOCK_S
    return sat, first, sat.table.core, clocks


def test_a_killed_server_resumes_a_reflex_game_where_it_was_and_it_plays_to_the_end(tmp_path: Path) -> None:
    async def job() -> None:
        sat, first, old, clocks = await midgame(tmp_path, stop_bob=False)
        try:
            server = Server(TableStore(tmp_path), grace_s=30.0, reflex_speed=SPEED)
            back = server.tables[sat.table.code]
            assert back.status == "playing" and back.core.seed == 6
            assert back.core.actions == old.actions, "every action applied was in the log"
            assert cards(back.core.state) == cards(old.state), "the cards are where they were"
            assert back.core.timed_state().now_ms <= old.timed_state().now_ms
            clocks.clear()
            second = await Serving.listen(server, first.port)    # the clients come back by themselves
            try:
                await until(lambda: run_of(back) is not None and run_of(back).paused_since is None, 30, "play to resume")
                for client in sat.clients:      # each estimates the new server's clock, not the old one's
                    assert abs(client.server_now() - reflex_table.server_ms()) < 50
                results = await asyncio.wait_for(asyncio.gather(*sat.tasks), GAME_TIMEOUT_S)
            finally:
                await second.stop()
            said = [c["paused"] for c in clocks]
            assert BACK_TEXT in said, said
            assert said[-1] is None, "play resumed"
            assert back.status == "over" and not run_of(back).held_seats, "no computer took a seat"
            assert {a.seat for a in back.core.actions[len(old.actions):]} == {0, 1}, "both played on"
            assert results[0]["outcome"] == results[1]["outcome"] is not None
            assert replayed_from_log(tmp_path, back.code).state.outcome() == back.core.state.outcome()
        finally:
            await sat.close()
            assert first.server.store is not None
            first.server.store.close()
    asyncio.run(job())


def test_a_player_who_does_not_come_back_after_a_restart_is_played_by_a_computer(tmp_path: Path) -> None:
    """Bob's client is gone with the first server. The second holds the game paused, saying
    when a computer will take his seat (the real grace, 1 s here); then it does, and Ann
    and the computer play to the end."""
    async def job() -> None:
        sat, first, old, clocks = await midgame(tmp_path, stop_bob=True)
        try:
            server = Server(TableStore(tmp_path), grace_s=1.0, reflex_speed=SPEED)
            back = server.tables[sat.table.code]
            assert cards(back.core.state) == cards(old.state)
            clocks.clear()
            second = await Serving.listen(server, first.port)
            try:
                await until(lambda: any(c["paused"] == "Bob is reconnecting" for c in clocks), 30, "Ann back, Bob not")
                waiting = next(c for c in clocks if c["paused"] == "Bob is reconnecting")
                assert waiting["until"] == round(reflex_table._on_server_clock(back.away_since[1] + 1.0), 1)
                await until(lambda: 1 in run_of(back).held_seats, 30, "a computer in Bob's seat")
                result = await asyncio.wait_for(sat.tasks[0], GAME_TIMEOUT_S)
            finally:
                await second.stop()
            assert back.status == "over" and result["outcome"] is not None
            assert {a.seat for a in back.core.actions[len(old.actions):]} == {0, 1}
            assert BACK_TEXT in [c["paused"] for c in clocks]
        finally:
            await sat.close()
            assert first.server.store is not None
            first.server.store.close()
    asyncio.run(job())
