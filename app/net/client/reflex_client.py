"""A headless client for every networked table, reflex games included: ``ReflexClient`` is
a :class:`~app.net.client.client.BotClient` that, at a reflex table (Ratscrew, Nails, Spoons),
keeps an estimate of the server's clock and plays its bot in real time.

At a turn table it is a ``BotClient``. Its clock: a burst of pings on sitting down, then
two a second (app/net/wire/clock.py keeps the quickest exchanges). Its bot: on every table message it asks the game's reflex bot for its
plans from its own view, as the server's driver asks a computer player, drops the old
plans, and presses each when its time comes, stamped on the server's clock as it presses
(``press``). A press just sent is not sent again until the table has had time to answer.

``level`` None with a seat (``scripted``) plays nothing by itself: the caller presses with
``press`` (``parlour netfair``).
"""

from __future__ import annotations

import asyncio
import json
import time
from dataclasses import dataclass, field, replace
from random import Random
from typing import Any, Callable

from websockets.asyncio.client import ClientConnection

from app.core.action_codec import encode_action
from app.net.wire import protocol
from app.net.client.client import GONE, BotClient, ClientFailure
from app.net.wire.clock import ClockEstimate
from app.net.wire.protocol import TableState, read_table
from games.core.realtime import TimedAction
from games.registry import GAMES

__all__ = ["ReflexClient", "local_ms"]

SYNC_BURST = 8          # pings on connecting, one after the other
SYNC_EVERY_S = 0.5      # then two a second
IN_FLIGHT_EXTRA_MS = 150


def local_ms() -> float:
    """This client's own clock, in ms."""
    return time.monotonic() * 1000


@dataclass
class ReflexClient(BotClient):
    clock: ClockEstimate = field(default_factory=ClockEstimate)
    zero: float | None = None           # game time 0 on the server's clock
    speed: float = 1.0
    window_ms: float = 0.0
    paused: str | None = None
    verdicts: list[dict[str, Any]] = field(default_factory=list)
    on_message: Callable[[dict[str, Any], float], None] | None = None
    """Every message as read, with this clock's time it arrived (``parlour netfair``)."""
    scripted: bool = False
    games: int = 1
    """How many games to play at the table: after each but the last, the host's client
    asks for the next (``again``) and every client stays for it."""
    outcomes: list[dict[str, Any] | None] = field(default_factory=list)
    """Each finished game's outcome, in order."""
    _ws: ClientConnection | None = None
    _last_pong: tuple[float, float] | None = None     # the server's ``s``, and when it came
    _pong: asyncio.Event = field(default_factory=asyncio.Event)
    _plans: asyncio.Task[None] | None = None
    _syncing: asyncio.Task[None] | None = None
    _in_flight: dict[str, float] = field(default_factory=dict)   # action kind -> until (local ms)
    _asked: int = 0
    _state: TableState | None = None        # the last table message (a reflex table's)
    _ended = False                          # the last table message said the game was over

    @property
    def reflex(self) -> bool:
        return self.game is not None and GAMES[self.game].realtime

    # the clock ----------------------------------------------------------------------------

    def server_now(self) -> float:
        return self.clock.server_now(local_ms())

    def game_now(self) -> float | None:
        """The game's time now, as this client estimates it (None before the clock is known)."""
        if self.zero is None:
            return None
        return (self.server_now() - self.zero) * self.speed

    async def _sync(self, ws: ClientConnection) -> None:
        for _ in range(SYNC_BURST):
            self._pong.clear()
            await self._ping(ws)
            try:
                await asyncio.wait_for(self._pong.wait(), 1.0)
            except asyncio.TimeoutError:
                pass
        while True:
            await asyncio.sleep(SYNC_EVERY_S)
            await self._ping(ws)

    async def _ping(self, ws: ClientConnection) -> None:
        now = local_ms()
        message: dict[str, Any] = {"type": "ping", "t": round(now, 3)}
        if self.clock.synced:
            message["est"] = round(self.clock.server_now(now), 3)
        if self._last_pong is not None:
            message["echo"], message["held"] = self._last_pong[0], round(now - self._last_pong[1], 3)
        await ws.send(protocol.dump(message))

    def _ponged(self, message: dict[str, Any], arrived: float) -> None:
        if isinstance(message.get("s"), (int, float)) and isinstance(message.get("t"), (int, float)):
            self.clock.add(message["t"], message["s"], arrived)
            self._last_pong = (message["s"], arrived)
            self._pong.set()

    def _clocked(self, message: dict[str, Any]) -> None:
        self.zero, self.speed = float(message["zero"]), float(message["speed"])
        self.window_ms, self.paused = float(message["window"]), message.get("paused")

    # the connection -----------------------------------------------------------------------

    async def _listen(self, ws: ClientConnection) -> None:
        self._pending, self._acted_at, self._ws = None, -1, ws
        self._last_pong = None
        # A new connection may reach a server started again, whose clock began anew: the
        # estimate and the game's zero are made afresh (the welcome's burst, its clock).
        self.clock, self.zero = ClockEstimate(), None
        try:
            async for raw in ws:
                arrived = local_ms()
                text = raw if isinstance(raw, str) else raw.decode()
                if self.record is not None:
                    self.record.append(text)
                message = json.loads(text)
                if self.on_message is not None:
                    self.on_message(message, arrived)
                if await self._read(ws, message, arrived):
                    return
        finally:
            if self._syncing is not None:
                self._syncing.cancel()
                self._syncing = None
            self._drop_plans()

    async def _read(self, ws: ClientConnection, message: dict[str, Any], arrived: float) -> bool:
        """One message; True once the game is over."""
        kind = message.get("type")
        if kind == "welcome":
            self._welcomed(message)
            if self.reflex and self._syncing is None:    # (a turn game needs no clock)
                self._syncing = asyncio.create_task(self._sync(ws))
        elif kind == "pong":
            self._ponged(message, arrived)
        elif kind == "clock":
            self._clocked(message)
            if self._state is not None:      # the clock known (or moved by a pause): plan again
                self._replan(self._state)
        elif kind == "verdict":
            self.verdicts.append(message)
        elif kind == "error":
            await self._refused(ws, message.get("message", "?"))
        elif kind in GONE:            # nothing to come back to
            raise ClientFailure(str(message.get("message") or GONE[kind]))
        elif kind == "table":
            reflex = self.reflex
            await self._table(ws, read_table(message, decode=self.on_table is not None or reflex))
            return self.outcome is not None
        return False

    async def _table(self, ws: ClientConnection, state: TableState) -> None:
        if not self.reflex:
            await super()._table(ws, state)
            return
        if self.on_table is not None:
            self.on_table(state)
        if state.status == "over":
            self._drop_plans()
            if not self._ended:      # (not the same end told again)
                self._ended, self._state = True, None
                await self._game_over(ws, state)
            return
        self._ended = False
        if self.level is not None and self.seat is not None and state.status == "playing":
            self._state = state
            self._replan(state)

    async def _game_over(self, ws: ClientConnection, state: TableState) -> None:
        """One game is over: the last one ends the run; otherwise the host asks for the next."""
        self.outcomes.append(state.outcome)
        if len(self.outcomes) >= self.games:
            self.outcome, self.replay = state.outcome, state.replay
        elif "create" in self.hello and self.seat is not None:
            await ws.send(protocol.dump({"type": "again"}))

    # the bot --------------------------------------------------------------------------------

    def _drop_plans(self) -> None:
        if self._plans is not None:
            self._plans.cancel()
            self._plans = None

    def _replan(self, state: TableState) -> None:
        """The bot's plans from this view, replacing the old ones (as the server's driver
        asks its computer players after every change)."""
        now = self.game_now()
        if now is None or self.level is None or not self.clock.synced:
            return
        bot = GAMES[state.game].bots[self.level]
        self._asked += 1
        plans = bot(state.view, max(0, int(now)), Random(self.seed * 1_000_003 + self._asked))
        self._drop_plans()
        if plans:
            self._plans = asyncio.create_task(self._carry_out(sorted(plans, key=lambda a: a.at_ms)))

    async def _carry_out(self, plans: list[TimedAction]) -> None:
        for plan in plans:
            if self.zero is None:
                return
            due_local = self.zero + plan.at_ms / self.speed - (self.clock.offset_ms or 0.0)
            # A press of this kind just sent: wait for the table's answer (which plans
            # again, ending this task) before pressing again.
            due_local = max(due_local, self._in_flight.get(type(plan).__name__, 0.0))
            await asyncio.sleep(max(0.0, (due_local - local_ms()) / 1000))
            if self.paused is None:
                await self.press(plan)

    async def press(self, action: TimedAction, stamp: float | None = None) -> float:
        """Press now: ``action`` sent stamped with the server's clock as of now (or with
        ``stamp``: a test's lie). Returns the stamp."""
        ws = self._ws
        if ws is None or self.game is None:
            raise RuntimeError("not at a table")
        stamp = self.server_now() if stamp is None else stamp
        game_at = max(0, int(((stamp - self.zero) * self.speed) if self.zero is not None else 0))
        data = encode_action(replace(action, at_ms=game_at), self.game)
        self._in_flight[type(action).__name__] = local_ms() + (self.clock.rtt_ms or 0.0) + \
            self.window_ms + IN_FLIGHT_EXTRA_MS
        self.sent += 1
        await ws.send(protocol.dump({"type": "press", "action": data, "t": round(stamp, 3)}))
        return stamp

    def result(self) -> dict[str, Any]:
        line = super().result()
        if self.reflex:
            offset, rtt = self.clock.offset_ms, self.clock.rtt_ms
            line["clock"] = {"rtt_ms": round(rtt, 2) if rtt is not None else None,
                             "error_ms": round(rtt / 2, 2) if rtt is not None else None,
                             "synced": offset is not None}
            line["verdicts"] = len(self.verdicts)
        return line

