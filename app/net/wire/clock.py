"""The shared clock of a reflex table: the client's estimate of the server's clock, and the
server's view of each connection's delays. Pure arithmetic on times in milliseconds (no
sockets, no clock read here), so it is tested with made-up samples.

**The client** (:class:`ClockEstimate`) runs NTP-style exchanges: it sends ``t0`` on its
own clock, the server answers with its clock ``s``, the client notes ``t1``. If the message
took as long out as back, the server's clock was ``s`` at ``(t0 + t1) / 2``, so the offset
is ``s - (t0 + t1) / 2`` and it is wrong by at most half the round trip. Uneven queues make
a long round trip's offset wrong, so only the quickest exchanges count, and each direction
on its own: every exchange proves the offset lies between ``s - t1`` (had the answer taken
no time) and ``s - t0`` (had the question taken none); over the last exchanges those
bounds are set by the quickest way out and the quickest way back, which jitter rarely
lengthens both at once. The estimate is the middle of what every exchange allows. With
150 ms each way and up to 20 ms of jitter on each, 32 exchanges put it within 2.5 ms (p99),
where the median offset of the five lowest round trips is within 8 ms (tests/net/
test_clock.py). Delays never come out shorter than the line's own, so slow outliers move
nothing; should the bounds ever disagree (a clock that jumped), the median offset of the
lowest round trips is used.

>>> clock = ClockEstimate()
>>> for t0, delay_out, delay_back in [(0, 40, 40), (100, 90, 41), (200, 41, 39), (300, 40, 42)]:
...     clock.add(t0, t0 + delay_out + 5000, t0 + delay_out + delay_back)
>>> round(clock.offset_ms), clock.rtt_ms
(5000, 80)

**The server** (:class:`LinkStats`) measures every connection: its round trips (each
ping echoes the server's last answer and says how long the client held it), and its
one-way delay up (a ping's arrival less the client's estimate of the server's clock when it
sent it). From them:

- ``window_need_ms``: how long presses from this connection may take to arrive: the
  largest recent one-way delay, plus a small margin. The table waits for the largest of
  its connections' needs (capped) before it judges presses (app/net/server/reflex_table.py).
- ``earliest_believable(arrival)``: a press cannot have left before its arrival less the
  connection's shortest delay (half its lowest round trip). A stamp earlier than that,
  less ``tolerance_ms``, is moved up to it: a client that lies about its stamps gains at
  most the tolerance (see ``LIE_TOLERANCE_MS``).

>>> link = LinkStats()
>>> for rtt in (60, 62, 61):
...     link.add_rtt(rtt)
>>> link.earliest_believable(1000.0) == 1000.0 - 30 - link.tolerance_ms
True
"""

from __future__ import annotations

import statistics
from collections import deque
from dataclasses import dataclass

__all__ = ["ClockEstimate", "LinkStats", "Sample", "LIE_TOLERANCE_MS", "JITTER_ALLOWANCE_CAP_MS",
           "WINDOW_CAP_MS", "WINDOW_MARGIN_MS"]

LIE_TOLERANCE_MS = 20.0
"""What a lying client may gain at most on a steady connection: a stamp is believed down to
its arrival less the connection's shortest one-way delay less this (it also covers an
honest client's small clock error)."""

JITTER_ALLOWANCE_CAP_MS = 30.0
"""On a jittery connection an honest press may take longer than the shortest delay; the
tolerance grows by half the spread of its round trips, up to this."""

WINDOW_CAP_MS = 180.0
"""The longest a table waits before judging presses: 150 ms of one-way delay plus 30 ms of
jitter. A press slower than this still counts, at the table's clock when it arrives."""

WINDOW_MARGIN_MS = 10.0
"""Added to a connection's largest recent one-way delay: a press may queue behind other
messages on its way, and the server's loop wakes a little late."""


@dataclass(frozen=True)
class Sample:
    """One exchange, in ms: sent on the client's clock, the server's answer, received."""

    sent: float
    server: float
    received: float

    @property
    def rtt(self) -> float:
        return self.received - self.sent

    @property
    def offset(self) -> float:
        """The server's clock less the client's, if the way out took as long as the way back."""
        return self.server - (self.sent + self.received) / 2


class ClockEstimate:
    """A client's estimate of the server's clock from its last ``keep`` exchanges, of which
    the ``best`` with the lowest round trips are believed."""

    def __init__(self, keep: int = 32, best: int = 5) -> None:
        self.samples: deque[Sample] = deque(maxlen=keep)
        self.best = best

    def add(self, sent: float, server: float, received: float) -> None:
        """One exchange (a reply received before it was sent is ignored: a clock jumped)."""
        if received >= sent:
            self.samples.append(Sample(sent, server, received))

    @property
    def synced(self) -> bool:
        """Enough exchanges to trust the estimate (three)."""
        return len(self.samples) >= 3

    def _believed(self) -> list[Sample]:
        return sorted(self.samples, key=lambda s: s.rtt)[:self.best]

    def bounds(self) -> tuple[float, float] | None:
        """What every exchange allows of the offset: (lowest, highest), or None when they
        disagree or there are none."""
        if not self.samples:
            return None
        low = max(s.server - s.received for s in self.samples)
        high = min(s.server - s.sent for s in self.samples)
        return (low, high) if low <= high else None

    @property
    def offset_ms(self) -> float | None:
        """The server's clock less this one: the middle of ``bounds`` (else the median
        offset of the lowest round trips)."""
        bounds = self.bounds()
        if bounds is not None:
            return (bounds[0] + bounds[1]) / 2
        believed = self._believed()
        return statistics.median(s.offset for s in believed) if believed else None

    @property
    def rtt_ms(self) -> float | None:
        """The lowest round trip seen (recently)."""
        return min((s.rtt for s in self.samples), default=None)

    @property
    def error_ms(self) -> float | None:
        """How far the estimate may be off, whatever the split of the delays: half the
        width of ``bounds`` (else half the lowest round trip)."""
        bounds = self.bounds()
        if bounds is not None:
            return (bounds[1] - bounds[0]) / 2
        rtt = self.rtt_ms
        return None if rtt is None else rtt / 2

    def server_now(self, local_ms: float) -> float:
        """The server's clock when this one reads ``local_ms`` (this clock until synced)."""
        offset = self.offset_ms
        return local_ms + (offset or 0.0)


def _high(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


class LinkStats:
    """What the server measured of one connection's delays (its last ``keep`` of each)."""

    def __init__(self, keep: int = 32) -> None:
        self.rtts: deque[float] = deque(maxlen=keep)
        self.upstream: deque[float] = deque(maxlen=keep)

    def add_rtt(self, rtt_ms: float) -> None:
        if 0 <= rtt_ms <= 10_000:
            self.rtts.append(rtt_ms)

    def add_upstream(self, delay_ms: float) -> None:
        """A message's arrival less the client's estimate of the server's clock when sent."""
        if -1_000 <= delay_ms <= 10_000:
            self.upstream.append(delay_ms)

    @property
    def base_one_way_ms(self) -> float:
        """The shortest one-way delay this connection can have: half its lowest round trip
        (0 before any is measured, so an unmeasured client is believed least)."""
        return min(self.rtts) / 2 if self.rtts else 0.0

    @property
    def jitter_ms(self) -> float:
        """Half the spread of the round trips (the 90th percentile less the lowest), capped."""
        if len(self.rtts) < 2:
            return 0.0
        rtts = list(self.rtts)
        return min(JITTER_ALLOWANCE_CAP_MS, (_high(rtts, 0.9) - min(rtts)) / 2)

    @property
    def tolerance_ms(self) -> float:
        return LIE_TOLERANCE_MS + self.jitter_ms

    def earliest_believable(self, arrival_ms: float) -> float:
        """The earliest stamp believed for a press that arrived at ``arrival_ms``."""
        return arrival_ms - min(WINDOW_CAP_MS, self.base_one_way_ms) - self.tolerance_ms

    def believe(self, stamp_ms: float, arrival_ms: float) -> float:
        """``stamp_ms`` moved into what is believable: not before ``earliest_believable``,
        not after the arrival (nobody presses in the future)."""
        return min(arrival_ms, max(stamp_ms, self.earliest_believable(arrival_ms)))

    @property
    def window_need_ms(self) -> float:
        """How long this connection's presses may take to arrive: its largest recent
        one-way delay (else half its largest round trip) plus a margin; the cap before any
        is measured."""
        if self.upstream:
            longest = max(self.upstream)
        elif self.rtts:
            longest = max(self.rtts) / 2
        else:
            return WINDOW_CAP_MS
        return min(WINDOW_CAP_MS, max(0.0, longest) + WINDOW_MARGIN_MS)
