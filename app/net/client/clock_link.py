"""A window's connection that, at a reflex table, keeps an estimate of the server's clock.

``ClockLink`` is a :class:`~app.net.client.link.Link` whose pings are NTP-style exchanges
(app/net/wire/clock.py): a burst when it sits down at a reflex table, then two a second, each
saying the client's estimate of the server's clock (``est``: the server learns the one-way
delay) and echoing the last answer (``echo``/``held``: the server learns the round trip),
as the headless ``ReflexClient`` does. The estimate lives on the link's thread, where each
answer's arrival is timed; the frame thread reads ``estimate`` (a tuple replaced whole, so
it is never seen half-made). A reflex table's ``clock`` and ``verdict`` messages and the
server's figures (``pong`` may carry every seat's round trip and clock error) are handed
to the frame thread as notes like the others.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from typing import Any

from websockets.asyncio.client import ClientConnection

from app.net.wire import protocol
from app.net.wire.clock import ClockEstimate
from app.net.client.link import Link, Note
from games.registry import GAMES

__all__ = ["ClockLink", "Estimate", "local_ms"]

SYNC_BURST = 8          # pings on sitting down at a reflex table, one after the other
SYNC_EVERY_S = 0.5      # then two a second, so the estimate follows the line during play
TURN_PING_S = 2.0       # at a turn table, a ping only to measure the round trip
BURST_WAIT_S = 1.0


def local_ms() -> float:
    """This machine's clock in ms (the clock every estimate here is made against)."""
    return time.monotonic() * 1000


@dataclass(frozen=True)
class Estimate:
    """The server's clock less this one (``offset_ms``), the lowest round trip, and how far
    the offset may be off (``error_ms``), from ``samples`` exchanges."""

    offset_ms: float
    rtt_ms: float
    error_ms: float
    samples: int

    def server_now(self, local: float) -> float:
        return local + self.offset_ms


class ClockLink(Link):
    """A ``Link`` keeping the server's clock (see the module's notes)."""

    def __init__(self, url: str, hello: dict[str, Any]) -> None:
        self.clock = ClockEstimate()
        self.estimate: Estimate | None = None
        self.reflex = False
        self._last_pong: tuple[float, float] | None = None
        self._ponged_now: asyncio.Event | None = None
        super().__init__(url, hello)

    def server_now(self, local: float) -> float | None:
        """The server's clock when this one reads ``local`` (None until synced)."""
        estimate = self.estimate
        return None if estimate is None else estimate.server_now(local)

    def _note(self, kind: str, data: Any = None) -> None:
        if kind == "welcome" and isinstance(data, dict):
            spec = GAMES.get(str(data.get("game")))
            self.reflex = bool(spec is not None and spec.realtime)
        super()._note(kind, data)

    def _ponged(self, message: dict[str, Any]) -> None:
        arrived = local_ms()
        sent, server = message.get("t"), message.get("s")
        if not isinstance(server, (int, float)) or not isinstance(sent, (int, float)):
            super()._ponged(message)    # (an older server: a round trip only)
            return
        self.clock.add(sent, server, arrived)
        self._last_pong = (server, arrived)
        offset, rtt, error = self.clock.offset_ms, self.clock.rtt_ms, self.clock.error_ms
        if self.clock.synced and offset is not None and rtt is not None and error is not None:
            self.estimate = Estimate(offset, rtt, error, len(self.clock.samples))
        self._note("rtt", arrived - sent)
        if isinstance(message.get("seats"), list):
            self._note("figures", message["seats"])
        if self._ponged_now is not None:
            self._ponged_now.set()

    def _other(self, kind: Any, message: dict[str, Any]) -> None:
        if kind in ("clock", "verdict"):
            self.inbox.put(Note(kind, message))

    async def _ping(self, ws: ClientConnection) -> None:
        self._last_pong = None            # (a new connection: the server has no answer to echo)
        # ... and perhaps a server started again, whose clock began anew: estimate it afresh.
        self.clock, self.estimate = ClockEstimate(), None
        self._ponged_now = asyncio.Event()
        burst = SYNC_BURST
        while True:
            self._ponged_now.clear()
            await ws.send(protocol.dump(self._ping_message()))
            if self.reflex and burst > 0:
                burst -= 1
                try:
                    await asyncio.wait_for(self._ponged_now.wait(), BURST_WAIT_S)
                except asyncio.TimeoutError:
                    pass
            elif self.reflex:
                await asyncio.sleep(SYNC_EVERY_S)
            else:    # (until the welcome says the table is a reflex one: then the burst)
                for _ in range(int(TURN_PING_S / 0.05)):
                    await asyncio.sleep(0.05)
                    if self.reflex:
                        break

    def _ping_message(self) -> dict[str, Any]:
        now = local_ms()
        message: dict[str, Any] = {"type": "ping", "t": round(now, 3)}
        estimate = self.estimate
        if estimate is not None:
            message["est"] = round(estimate.server_now(now), 3)
        if self._last_pong is not None:
            message["echo"], message["held"] = self._last_pong[0], round(now - self._last_pong[1], 3)
        return message
