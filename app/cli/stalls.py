"""Where a long round trip's time went: the pauses of a process's event loop, noted from
inside it, for ``parlour netbench`` (its clients' process, and the server it starts with
``serve --stalls FILE``).

Two kinds of pause, each kept with when it happened on ``time.monotonic()`` (one clock for
every process of the machine, so the benchmark lines them up with its round trips):

- a cyclic garbage collection (``gc.callbacks``), with its generation: every task of the
  process waits for it;
- the loop's lag: a task asks to wake every ``EVERY_S`` and notes how much later than that
  it woke, past ``NOTED_MS``. That is whatever held the loop: a long callback, a
  collection, or the process waiting for a core on a busy machine.

A round trip that overlaps none of them was slow elsewhere (the queue of other tables'
moves, the network between).
"""

from __future__ import annotations

import asyncio
import bisect
import gc
import time
from collections import Counter
from typing import Any

__all__ = ["Stalls", "SLOW_MS", "causes"]

EVERY_S = 0.005
NOTED_MS = 10.0       # a lag under this is not noted
SLOW_MS = 50.0        # a round trip over this is looked into

Span = tuple[float, float]     # (from, to) on time.monotonic()


class Stalls:
    """The pauses of the running loop's process, from ``start`` to ``stop``."""

    def __init__(self) -> None:
        self.collections: dict[int, list[Span]] = {0: [], 1: [], 2: []}
        self.lags: list[Span] = []
        self._collecting_since = 0.0
        self._watching: asyncio.Task[None] | None = None

    def start(self) -> None:
        """On the loop to watch."""
        gc.callbacks.append(self._collected)
        self._watching = asyncio.ensure_future(self._watch())

    def stop(self) -> None:
        if self._collected in gc.callbacks:
            gc.callbacks.remove(self._collected)
        if self._watching is not None:
            self._watching.cancel()

    def _collected(self, phase: str, info: dict[str, Any]) -> None:
        now = time.monotonic()
        if phase == "start":
            self._collecting_since = now
        else:
            self.collections[int(info["generation"])].append((self._collecting_since, now))

    async def _watch(self) -> None:
        while True:
            asked = time.monotonic()
            await asyncio.sleep(EVERY_S)
            woke = time.monotonic()
            late_ms = (woke - asked - EVERY_S) * 1000
            if late_ms > NOTED_MS:
                self.lags.append((woke - late_ms / 1000, woke))

    def data(self) -> dict[str, Any]:
        """Every pause noted, as JSON data (what ``serve --stalls`` writes)."""
        return {"collections": {str(g): spans for g, spans in self.collections.items()}, "lags": self.lags}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Stalls:
        stalls = cls()
        stalls.collections = {int(g): [(a, b) for a, b in spans] for g, spans in data["collections"].items()}
        stalls.lags = [(a, b) for a, b in data["lags"]]
        return stalls

    def summary(self) -> dict[str, Any]:
        """How many pauses of each kind, the longest and their sum, in ms."""
        kinds = {f"gen{g}_collections": spans for g, spans in self.collections.items()}
        kinds["loop_lags_over_10ms"] = self.lags
        return {kind: {"n": len(spans), "max_ms": _ms(max((b - a for a, b in spans), default=0.0)),
                       "total_ms": _ms(sum(b - a for a, b in spans))}
                for kind, spans in kinds.items()}

    def spans(self) -> dict[str, list[Span]]:
        """Each kind of pause and when (a full collection apart from the young ones)."""
        return {"full collection": self.collections[2], "young collection": self.collections[0] + self.collections[1],
                "loop lag": self.lags}


def causes(round_trips: list[Span], server: Stalls | None, clients: Stalls) -> dict[str, int]:
    """For the round trips (from, to on time.monotonic()) longer than ``SLOW_MS``: how many
    overlap each kind of pause of the server and of the clients (one round trip may overlap
    several), and how many overlap none."""
    slow = [(a, b) for a, b in round_trips if (b - a) * 1000 > SLOW_MS]
    where: dict[str, list[Span]] = {f"server's {kind}": spans for kind, spans in (server.spans() if server else {}).items()}
    where.update({f"clients' {kind}": spans for kind, spans in clients.spans().items()})
    counted: Counter[str] = Counter()
    for a, b in slow:
        seen = [kind for kind, spans in where.items() if _overlaps(sorted(spans), a, b)]
        counted.update(seen or ["none seen"])
    return {"slow": len(slow), **dict(counted.most_common())}


def _overlaps(spans: list[Span], a: float, b: float) -> bool:
    """Whether one of ``spans`` (sorted) overlaps (a, b)."""
    longest = max((e - s for s, e in spans), default=0.0)
    j = bisect.bisect_left(spans, (b, b)) - 1       # the last one starting before b
    while j >= 0 and spans[j][0] > a - longest:
        if spans[j][1] > a:
            return True
        j -= 1
    return False


def _ms(seconds: float) -> float:
    return round(float(seconds) * 1000, 1)
