"""A headless client: a computer player (or a watcher) at a networked table, with no window.

It is a real client: it sits down with a hello, receives its seat's view and events over
the wire, chooses with the game's own bot from that view alone, sends the action and times
the round trip until the table answers. If the connection drops it comes back by itself
with its seat token (backing off), and carries on. ``parlour host --bot``, ``parlour join
--bot`` and the tests run it; the table UI's ``RemoteSession`` is a later step.
"""

from __future__ import annotations

import asyncio
import json
import ssl
import statistics
import time
from dataclasses import dataclass, field
from random import Random
from typing import Any, Callable

from websockets.asyncio.client import ClientConnection
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from app.core.action_codec import encode_action
from app.net.client.dial import WrongCertificate, dial, shown
from app.net.wire import protocol
from app.net.wire.protocol import ProtocolError, TableState, decoded, read_table
from games.registry import GAMES

__all__ = ["ClientFailure", "BotClient", "GONE", "percentile"]

RECONNECT_FOR_S = 60.0      # how long a dropped client keeps trying to come back
GONE = {"closed": "the table is closed", "replaced": "you sat down somewhere else"}
"""The server's last words, with their default lines: the table is gone, or this seat sat
down on another connection. Either way there is nothing to come back to."""


class ClientFailure(RuntimeError):
    """The client cannot go on; the message is the one line the command prints."""


def percentile(values: list[float], share: float) -> float | None:
    """The value below which ``share`` of ``values`` lie (nearest rank); None if empty."""
    if not values:
        return None
    ordered = sorted(values)
    rank = max(0, min(len(ordered) - 1, int(round(share * len(ordered) + 0.5)) - 1))
    return ordered[rank]


@dataclass
class BotClient:
    """One seat (or a watcher) at one table. ``hello`` is the first hello's fields (create,
    code or watch); ``level`` the bot's difficulty, None to only watch."""

    url: str
    hello: dict[str, Any]
    level: str | None
    name: str = "Bot"
    seed: int = 1
    on_welcome: Callable[[dict[str, Any]], None] | None = None
    on_table: Callable[[TableState], None] | None = None
    record: list[str] | None = None
    """Every message received, as text, when a list is given (the leak test reads it)."""
    timeout_s: float = 600.0
    think_s: float = 0.0
    """How long the bot waits before each move, as a person would (the benchmark's pace)."""
    context: ssl.SSLContext | None = None
    """The TLS context for a ``wss://`` url, instead of the one its pin or the system gives."""
    token: str | None = None
    table: str | None = None
    seat: int | None = None
    game: str | None = None
    sent: int = 0
    errors: list[str] = field(default_factory=list)
    rtts_ms: list[float] = field(default_factory=list)
    sent_at: list[float] = field(default_factory=list)
    """When each round trip in ``rtts_ms`` began (``time.perf_counter``)."""
    outcome: dict[str, Any] | None = None
    replay: dict[str, Any] | None = None
    _pending: tuple[int, float] | None = None   # the action count when we acted, and when
    _acted_at: int = -1
    _last: str | None = None          # the last action sent, as sent

    async def run(self) -> dict[str, Any]:
        """Play until the game is over; the result line as a dict. Raises ``ClientFailure``."""
        try:
            await asyncio.wait_for(self._play(), self.timeout_s)
        except asyncio.TimeoutError:
            raise ClientFailure(f"the game did not finish within {self.timeout_s:.0f} s") from None
        return self.result()

    def result(self) -> dict[str, Any]:
        p50, p99 = percentile(self.rtts_ms, 0.5), percentile(self.rtts_ms, 0.99)
        return {"game": self.game, "table": self.table, "seat": self.seat, "outcome": self.outcome,
                "actions": self.sent,
                "rtt_ms": {"p50": round(p50, 2) if p50 is not None else None,
                           "p99": round(p99, 2) if p99 is not None else None},
                "errors": len(self.errors)}

    async def _play(self) -> None:
        away_since: float | None = None
        delay = 0.1
        while self.outcome is None:
            try:
                async with dial(self.url, self.context, max_size=2**22, compression=None, open_timeout=5) as ws:
                    away_since, delay = None, 0.1
                    await ws.send(protocol.dump(self._hello()))
                    await self._listen(ws)
            except WrongCertificate as wrong:      # the same certificate would answer again
                raise ClientFailure(str(wrong)) from None
            except (OSError, ConnectionClosed, InvalidHandshake, asyncio.TimeoutError) as problem:
                if self.token is None:
                    raise ClientFailure(f"cannot reach {shown(self.url)}: {problem}") from None
                away_since = away_since or time.monotonic()
                if time.monotonic() - away_since > RECONNECT_FOR_S:
                    raise ClientFailure(f"lost the server at {shown(self.url)} and could not come back") from None
                await asyncio.sleep(delay)
                delay = min(delay * 2, 2.0)
            except InvalidURI:
                raise ClientFailure(f"{shown(self.url)!r} is not a ws:// or wss:// address") from None

    def _hello(self) -> dict[str, Any]:
        base = {"type": "hello", "v": protocol.VERSION, "name": self.name}
        if self.token is not None:
            return {**base, "token": self.token}
        return {**base, **self.hello}

    async def _listen(self, ws: ClientConnection) -> None:
        self._pending, self._acted_at = None, -1     # an action lost with the connection is asked again
        async for raw in ws:
            if self.record is not None:
                self.record.append(raw if isinstance(raw, str) else raw.decode())
            message = json.loads(raw)
            kind = message.get("type")
            if kind == "welcome":
                self._welcomed(message)
            elif kind == "error":
                await self._refused(ws, message.get("message", "?"))
            elif kind in GONE:            # nothing to come back to
                raise ClientFailure(str(message.get("message") or GONE[kind]))
            elif kind == "table":
                # A bot decodes the view only when it must choose; a watcher reads every event.
                await self._table(ws, read_table(message, decode=self.on_table is not None))
                if self.outcome is not None:
                    return

    def _welcomed(self, message: dict[str, Any]) -> None:
        first = self.table is None
        self.table, self.seat, self.game = message["table"], message["seat"], message["game"]
        self.token = message.get("token") or self.token
        if first and self.on_welcome is not None:
            self.on_welcome(message)

    async def _refused(self, ws: ClientConnection, text: str) -> None:
        self.errors.append(text)
        if self.table is None:        # the hello itself was refused: nothing to wait for
            raise ClientFailure(f"the server refused: {text}")
        if self._pending is not None and self._last is not None and text.startswith("too many messages"):
            await asyncio.sleep(0.5)  # the move was not read: say it again, later
            self._pending = (self._pending[0], time.perf_counter())
            await ws.send(self._last)
            return
        self._pending = None

    async def _table(self, ws: ClientConnection, state: TableState) -> None:
        if self._pending is not None and state.count > self._pending[0]:
            self.rtts_ms.append((time.perf_counter() - self._pending[1]) * 1000)
            self.sent_at.append(self._pending[1])
            self._pending = None
        if self.on_table is not None:
            self.on_table(state)
        if state.status == "over":
            self.outcome, self.replay = state.outcome, state.replay
            return
        seat = self.seat
        if (self.level is None or seat is None or state.status != "playing" or seat not in state.to_act
                or self._acted_at == state.count):
            return
        bot = GAMES[state.game].bots[self.level]
        view = state.view if self.on_table is not None else decoded(state.view, state.game)
        action = bot(view, Random(self.seed * 1_000_003 + state.count))
        if self.think_s > 0:
            await asyncio.sleep(self.think_s)
        self._acted_at = state.count
        self._pending = (state.count, time.perf_counter())
        self.sent += 1
        self._last = protocol.dump({"type": "action", "action": encode_action(action, state.game)})
        await ws.send(self._last)


def fail_line(problem: BaseException) -> str:
    """One line saying why a client stopped."""
    if isinstance(problem, (ClientFailure, ProtocolError)):
        return str(problem)
    return f"{type(problem).__name__}: {problem}"
