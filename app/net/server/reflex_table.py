"""Reflex tables on the server (Ratscrew, Nails, Spoons and Pig): one real-time driver per
table, run on the server's clock, judging presses by when they happened.

Clocks. The server's clock is ``server_ms()``; every client keeps an estimate of it
(app/net/wire/clock.py, through ``ping``/``pong``) and stamps each press on it when the key went
down (``press`` carries the stamp ``t``). Game time 0 falls ``START_MS`` after the table
starts (the countdown, while the clients sync); game time is the server's clock less that
zero (times ``speed``, which tests raise to play whole games quickly), stopping while paused.

Judging. The table runs its :class:`~games.core.realtime.RealtimeDriver` only up to the
moment by which every press stamped earlier has arrived (``known_until``), so the driver
applies presses in stamp order, with the computer players' plans on the same clock (they
are known at once). Each person at the table may still send a press stamped up to their
largest recent one-way delay ago (``LinkStats.window_need_ms``, capped at ``WINDOW_CAP_MS``;
the largest of these is the table's resolution window), unless their press is already in
hand: a person who has pressed is known up to the latest press in hand. So a press waits
only for the people who have not pressed yet, and once every person's press is in hand
the race is decided as the last one arrives, not when the window ends. A stamp
is first made believable (``LinkStats.believe``): never after its arrival, never earlier
than the connection's shortest delay allows less the tolerance, so a client that lies
gains at most the tolerance. A press that arrives after the table has judged its moment
counts at the table's clock.

What is told. Every seat gets its own view and the events redacted for it (the server's
``table`` messages), and a ``clock`` message (``clock_message``) when the table's clock
changes (the start, a pause) or the connection is new; a race between seats ends in a
``verdict`` message saying who was first and by how much ("Bob by 12 ms").

Drops. When a person at the table drops, the game pauses ("Bob is reconnecting") for up
to the server's grace period; then a computer player holds the seat until they are back.
Play resumes ``RESUME_MS`` after the pause ends. The ``clock`` message carries when the
pause ends (``until``, server clock): when a computer takes the seat, or play resumes, so
the window counts down the real grace.

Nothing lost. With a table log (app/net/server/store.py), every action the driver applies is
written, with the game time the table's clock has reached, before anyone is told of it
(``_keep``). A server started again on the same data folder replays them (``replay``: the
seed, the timed actions and that time give exactly what the players last saw), and the
table comes back paused: each person is "reconnecting" until they return with their seat
token (or a computer takes their seat after the grace period), then "the table is back:
play resumes". The computers' plans after the restart are drawn afresh.
"""

from __future__ import annotations

import asyncio
import bisect
import logging
import math
import sqlite3
import time
import weakref
from collections import deque
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from app.core.action_codec import encode_action
from app.net.wire import protocol
from app.net.wire.clock import WINDOW_CAP_MS
from app.net.wire.protocol import ActionMsg, Ping, Press, ProtocolError, not_allowed
from app.net.server.seat_figures import link_of, seat_figures
from games.core.protocol import Event, IllegalAction, Seat
from games.core.realtime import TimedAction, check_time
from games.core.words import Words
from games.registry import GAMES

if TYPE_CHECKING:
    from app.net.server.table import Conn, Post, Table
    from games.core.session import SessionCore

__all__ = ["ReflexTable", "ReflexRun", "Verdict", "run_of", "server_ms", "link_of", "pong", "replay"]

log = logging.getLogger("parlour.server")

START_MS = 3000          # from the start to game time 0: a countdown, and time to sync clocks
RESUME_MS = 2000         # after a pause, so nobody is caught with their hands off the keys
IDLE_S = 0.05            # the longest the table sleeps when nothing is due
WINDOW_MIN_MS = 2.0
RACE_SPAN_MS = 300       # presses of the race kind this close together are one race
BACK_TEXT = "the table is back: play resumes"     # after the server was started again
DECIDED_KEPT = 1000      # the last presses decided, kept in the run's record

_EPOCH = time.monotonic()


def server_ms() -> float:
    """The server's clock, in ms (monotonic; its zero is this process's start)."""
    return (time.monotonic() - _EPOCH) * 1000


def _on_server_clock(monotonic_s: float) -> float:
    """A moment of ``time.monotonic()`` on the server's clock (ms)."""
    return (monotonic_s - _EPOCH) * 1000


def replay(core: SessionCore, actions: list[Any], game_ms: int | None) -> None:
    """A reflex game from the table log: each timed action applied at its own time (the
    clock moved on to it first, firing the timed steps due), then the clock moved on to
    ``game_ms``, where the table's clock was when it last told anyone anything. Raises
    ``IllegalAction`` when the log does not fit the game."""
    state = core.timed_state()
    for action in actions:
        if not isinstance(action, TimedAction):
            raise IllegalAction(f"{type(action).__name__} carries no time")
        state.advance(action.at_ms)
        check_time(state, action)
        core.apply(action)
    if game_ms is not None and game_ms > state.now_ms and not state.is_over():
        state.advance(game_ms)



def pong(conn: Conn, ping: Ping) -> dict[str, Any]:
    """The answer to a ping: the client's time back and the server's clock. The ping's
    echo of the last answer measures the round trip, its estimate the one-way delay."""
    now = server_ms()
    link = link_of(conn)
    if ping.echo is not None and ping.held is not None:
        link.add_rtt(now - ping.echo - ping.held)
    if ping.est is not None:
        link.add_upstream(now - ping.est)
    answer: dict[str, Any] = {"type": "pong", "t": ping.t, "s": round(now, 3)}
    if conn.table is not None:
        answer.update(conn.table.kind.pong_extra())
    return answer


@dataclass(frozen=True)
class Verdict:
    """A race: ``first`` beat ``second`` by ``by_ms``; decided at ``decided_ms`` (server clock)."""

    first: Seat
    second: Seat
    by_ms: float
    kind: str
    decided_ms: float

    def message(self, names: list[str]) -> dict[str, Any]:
        text = f"{names[self.first]} by {self.by_ms:.0f} ms"
        return {"type": "verdict", "first": self.first, "second": self.second,
                "by_ms": round(self.by_ms, 1), "kind": self.kind, "text": text}


@dataclass(frozen=True)
class Held:
    """A press waiting until no earlier one can still arrive (it arrived at ``arrived``,
    server clock)."""

    at: int
    order: int
    action: Any
    conn: Conn | None
    arrived: float = 0.0


@dataclass(frozen=True)
class Decided:
    """A press handed to the driver: its game time ``at``, when it arrived and when it was
    decided (server clock), and the table's resolution window then (ms). The server's own
    record of how long presses were held, kept for tests and ``parlour netfair``."""

    seat: Seat
    at: int
    arrived_ms: float
    decided_ms: float
    window_ms: float


class ReflexRun:
    """One game of a reflex table, running on the server's clock (see the module's notes)."""

    def __init__(self, post: Post, table: Table, speed: float = 1.0) -> None:
        self.post, self.table, self.core = post, table, table.core
        self.speed = speed
        self.driver = self.core.realtime_driver()
        now = server_ms()
        reached = self.driver.state.now_ms
        # A game replayed from the log (the server was started again) goes on from the time
        # it had reached, paused until its people are back; a new one counts down first.
        self.back = reached > 0 or bool(self.core.actions)
        self.zero = now - reached / speed if self.back else now + START_MS
        self.paused_since: float | None = now if self.back else None
        self.pause_text: str | None = BACK_TEXT if self.back else None
        self.resume_at: float | None = None
        self.pause_ends: float | None = None    # when a computer takes a seat, or play resumes (server clock)
        self.held_seats: set[Seat] = set()      # people's seats a computer holds
        self.inbox: list[Held] = []
        self.window_ms = WINDOW_CAP_MS
        self.race: list[tuple[int, Seat]] = []
        self.verdicts: list[Verdict] = []
        self.decided: deque[Decided] = deque(maxlen=DECIDED_KEPT)
        self.moved = 0        # presses whose stamps were earlier than believable
        self.late = 0         # presses that came after the window had passed their stamps
        self.wake = asyncio.Event()
        self._order = 0
        self._told: weakref.WeakSet[Conn] = weakref.WeakSet()    # who has the clock as it is
        self._told_key: tuple[Any, ...] = ()

    # clocks ------------------------------------------------------------------------------

    def game_at(self, server_t: float) -> float:
        """The game time of a moment on the server's clock (pauses already taken out)."""
        return (server_t - self.zero) * self.speed

    def now_server(self) -> float:
        """The server's clock as the game sees it: stopped while paused."""
        return self.paused_since if self.paused_since is not None else server_ms()

    def clock_message(self) -> dict[str, Any]:
        """What a client needs to stamp presses and show the table: game time 0 on the
        server's clock, the speed, the window, and why the game is paused (or None)."""
        until = round(self.pause_ends, 1) if self.pause_ends is not None and self.pause_text else None
        return {"type": "clock", "zero": round(self.zero, 3), "speed": self.speed,
                "window": round(self.window_ms, 1), "now": self.driver.state.now_ms, "paused": self.pause_text,
                "until": until}

    def _send_clock(self) -> None:
        """The clock to every connection when it changed, and to each newcomer."""
        message = self.clock_message()
        key = (message["zero"], message["paused"], message["until"], round(self.window_ms / 5))
        fresh = [c for c in self.table.conns if c not in self._told] if key == self._told_key else list(self.table.conns)
        self._told_key = key
        self._told.update(fresh)
        for conn in fresh:
            self.post.send(conn, message)

    def _needs(self) -> dict[Conn, float]:
        """How long a press may take to arrive from each person connected at the table
        (ms, capped): a computer's, or a held seat's, is known at once."""
        return {c: max(WINDOW_MIN_MS, link_of(c).window_need_ms) for c in self.table.conns
                if c.seat is not None and c.seat not in self.held_seats}

    def table_window(self) -> float:
        """The largest need of the people connected at the table (capped)."""
        return max([WINDOW_MIN_MS, *self._needs().values()])

    def known_until(self, now: float) -> float:
        """The game time up to which every press has arrived, at ``now`` (server clock).
        A person who has not pressed may still send a press stamped up to their need ago;
        one whose press is in hand is known up to the latest press in hand (so a press is
        decided once every other person has pressed or is past its time plus their need).
        """
        needs = self._needs()
        if not needs:
            return self.game_at(now - WINDOW_MIN_MS)
        pressed = {h.conn for h in self.inbox}
        latest = max((h.at for h in self.inbox), default=-math.inf)
        return min(max(self.game_at(now - need), latest if conn in pressed else -math.inf)
                   for conn, need in needs.items())

    def _wait_after(self, at: float) -> float:
        """How long after game time ``at`` (ms, server clock) ``known_until`` reaches it."""
        pressed = {h.conn for h in self.inbox}
        latest = max((h.at for h in self.inbox), default=-math.inf)
        needs = self._needs()
        if not needs:
            return WINDOW_MIN_MS
        return max((need for conn, need in needs.items() if conn not in pressed or latest < at), default=0.0)

    # presses -----------------------------------------------------------------------------

    def receive(self, conn: Conn, action: TimedAction, stamp: float) -> None:
        """A press from ``conn`` stamped ``stamp`` on the server's clock: made believable,
        held until the window has passed it."""
        if self.pause_text is not None:
            raise ProtocolError(f"the game is paused: {self.pause_text}")
        arrival = server_ms()
        believed = link_of(conn).believe(stamp, arrival)
        self.moved += believed > stamp
        at = math.floor(self.game_at(believed))
        if at < 0:
            raise ProtocolError("the game has not started yet")
        self.late += at < self.driver.state.now_ms
        at = max(at, self.driver.state.now_ms)      # arrived after its moment was judged
        bisect.insort(self.inbox, Held(at, self._order, replace(action, at_ms=at), conn, arrival),
                      key=lambda h: (h.at, h.order))
        self._order += 1
        self.wake.set()

    # running -----------------------------------------------------------------------------

    async def run(self) -> None:
        while run_of(self.table) is self and self.table.core is self.core:
            if self._watch_seats():
                self.post.broadcast(self.table, [])
            self._send_clock()
            if self.paused_since is None:
                self._advance()
                if self.driver.state.is_over():
                    self._finish()
                    return
            await self._sleep()

    def _advance(self) -> None:
        now = server_ms()
        self.window_ms = self.table_window()
        horizon = math.floor(self.known_until(now))
        state = self.driver.state
        if horizon <= state.now_ms:
            return
        due = [h for h in self.inbox if h.at <= horizon]
        del self.inbox[:len(due)]
        self.decided.extend(Decided(h.action.seat, h.at, h.arrived, now, self.window_ms) for h in due)
        self.driver.submit(h.action for h in due)
        before = len(self.driver.actions)
        events = self.driver.run_until(horizon)
        if events or len(self.driver.actions) > before:
            self._keep(before)
        refusals = self.driver.take_refusals()
        verdicts = self._judge(self.driver.actions[before:] + [r.action for r in refusals], now)
        for refusal in refusals:
            refused = not_allowed(refusal.problem)
            self._tell_seat(refusal.action.seat, str(refused), refused.words)
        if events or verdicts:
            self.post.broadcast(self.table, events)
        for verdict in verdicts:
            line = verdict.message(self._names())
            for conn in list(self.table.conns):
                self.post.send(conn, line)

    def _judge(self, actions: list[Any], now: float) -> list[Verdict]:
        """The races among ``actions`` (applied or refused): the first press of another
        seat within ``RACE_SPAN_MS`` of a race's first press settles it."""
        kind = GAMES[self.table.game].races   # the presses that race
        found = []
        for action in sorted((a for a in actions if type(a).__name__ == kind), key=lambda a: a.at_ms):
            if self.race and action.at_ms - self.race[0][0] <= RACE_SPAN_MS:
                seats = {seat for _, seat in self.race}
                if action.seat not in seats and len(seats) == 1:
                    first_at, first = self.race[0]
                    verdict = Verdict(first, action.seat, (action.at_ms - first_at) / self.speed, kind or "", now)
                    found.append(verdict)
                    self.verdicts.append(verdict)
                self.race.append((action.at_ms, action.seat))
            else:
                self.race = [(action.at_ms, action.seat)]
        return found

    async def _sleep(self) -> None:
        """Until the next thing can be decided, a press arrives, or ``IDLE_S``."""
        state = self.driver.state
        times = [t for t in (state.next_due(), self.inbox[0].at if self.inbox else None,
                             self.driver.plans[0].at_ms if self.driver.plans else None) if t is not None]
        wait = IDLE_S
        if times and self.paused_since is None:
            first = min(times)
            due = self.zero + first / self.speed + self._wait_after(first)
            wait = min(IDLE_S, max(0.001, (due - server_ms()) / 1000))
        try:
            await asyncio.wait_for(self.wake.wait(), wait)
        except asyncio.TimeoutError:
            pass
        self.wake.clear()

    def _keep(self, first: int) -> None:
        """The actions applied from number ``first`` on and the game time reached, into the
        table log before anyone is told (a disk that refuses is logged: the game goes on)."""
        store = self.post.store
        if store is None:
            return
        game = self.table.game
        try:
            store.append_timed(self.table.code, first, [encode_action(a, game) for a in self.driver.actions[first:]],
                               self.driver.state.now_ms)
        except sqlite3.Error as problem:
            log.error("table %s: the log refused reflex actions: %s", self.table.code, problem)

    def _finish(self) -> None:
        table = self.table
        table.status = "over"
        if self.post.store is not None:
            self.post.store.set_status(table.code, "over")
        self.post.broadcast(table, [])

    # people away ---------------------------------------------------------------------------

    def _watch_seats(self) -> bool:
        """Pause while a person is away (up to the grace period), then let a computer hold
        their seat; give it back when they return. True when what is shown changed."""
        changed = False
        waiting = []
        now = time.monotonic()
        for seat, record in enumerate(self.table.seats):
            if record.kind == "bot":
                continue
            away = self.table.away_since.get(seat)
            if away is None and seat in self.held_seats:
                self._hold(seat, False)
                changed = True
            elif away is not None and seat not in self.held_seats:
                if now - away >= self.post.grace_s or seat in self.table.left:   # (left on purpose: at once)
                    self._hold(seat, True)
                    changed = True
                else:
                    waiting.append(seat)
        return self._pause_for(waiting) or changed

    def _hold(self, seat: Seat, computer: bool) -> None:
        bots = dict(self.driver.bots)
        if computer:
            bots[seat] = self.core.spec.bots[self.table.seats[seat].difficulty]
            self.held_seats.add(seat)
        else:
            bots.pop(seat, None)
            self.held_seats.discard(seat)
        self.driver.bots = dict(sorted(bots.items()))
        self.driver.replan()

    def _pause_for(self, waiting: list[Seat]) -> bool:
        now = server_ms()
        if waiting:
            text = " and ".join(self._names()[s] for s in waiting) + (" is" if len(waiting) == 1 else " are")
            text += " reconnecting"
            if self.paused_since is None:
                self.paused_since = now
            self.resume_at = None
            # The first of them whose seat a computer takes, if nobody comes back first.
            self.pause_ends = min(_on_server_clock(self.table.away_since[s] + self.post.grace_s) for s in waiting)
            if text != self.pause_text:
                self.pause_text = text
                return True
            return False
        if self.paused_since is None:
            return False
        if self.resume_at is None:
            self.resume_at = self.pause_ends = now + RESUME_MS
            self.pause_text = BACK_TEXT if self.back else "play resumes"
            return True
        if now < self.resume_at:
            return False
        self.zero += now - self.paused_since     # the game's clock stood still meanwhile
        self.paused_since = self.resume_at = self.pause_text = self.pause_ends = None
        self.back = False
        return True

    # telling -----------------------------------------------------------------------------

    def _names(self) -> list[str]:
        return [p["name"] for p in self.table.players()]

    def _tell_seat(self, seat: Seat, text: str, words: Words | None = None) -> None:
        for conn in list(self.table.conns):
            if conn.seat == seat:
                self.post.error(conn, text, words)


class ReflexTable:
    """One reflex table's play (a :class:`~app.net.server.table.TableKind`): a
    :class:`ReflexRun` for each game, started when the game starts."""

    replay = staticmethod(replay)

    def __init__(self, post: Post, table: Table) -> None:
        self.post, self.table = post, table
        self.run: ReflexRun | None = None

    def move_on(self) -> None:
        """Start the table's run when a game of it starts (a new table or a new deal)."""
        table = self.table
        if table.status != "playing" or (self.run is not None and self.run.core is table.core):
            return
        self.run = ReflexRun(self.post, table, self.post.reflex_speed)
        self.post.later(self.run.run())

    async def act(self, conn: Conn, seat: Seat, message: ActionMsg | Press) -> None:
        """A press (an ``action`` without a stamp counts when it arrives)."""
        run, table = self.run, self.table
        if run is None or run.core is not table.core:
            raise ProtocolError("the game has not started yet")
        action = protocol.read_action(ActionMsg(message.data), table.game, seat)
        if not isinstance(action, TimedAction):
            raise ProtocolError(f"{type(action).__name__} is not a press of {table.game}")
        run.receive(conn, action, message.t if isinstance(message, Press) else server_ms())

    def pong_extra(self) -> dict[str, Any]:
        return {"seats": seat_figures(self.table)}     # every seat's line, for the players' F3

    def stop(self) -> None:
        self.run = None          # its loop ends when it is no longer the table's


def run_of(table: Table) -> ReflexRun | None:
    """A reflex table's game as it runs (None at a turn table, or before the start)."""
    return table.kind.run if isinstance(table.kind, ReflexTable) else None
