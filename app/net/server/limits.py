"""What a server allows each address and everyone together, in one place.

A server faces strangers: one address must not be able to fill it (tables, connections,
memory, disk) or guess its way to a table, and a friend must not be refused because of
it. :class:`Limits` holds every limit, with defaults meant for a venue on the internet
(``parlour serve`` takes the ones an operator would change as flags); :class:`Gate` keeps
the counts per address and server-wide.

Wrong join codes are limited per address and over the whole server (many addresses
guessing at once); while either is used up, a wrong code gets "wait" and the connection
is closed, so every further guess costs a new connection, and new connections per address
are limited too. A right code is accepted at any time: the limits refuse guessing, not
the friends who share an address with a guesser.

Behind a reverse proxy (a venue's Caddy, which adds TLS) every player arrives from the
proxy's address, so one address would hold everyone's limits. With ``Limits.proxy`` set
(``parlour serve --behind-proxy ADDRESS``), a connection from that address is counted as the
address the proxy says it speaks for (the last ``X-Forwarded-For`` entry, the one the proxy
itself added); from anyone else the header is ignored, so nobody can name their own
address by sending it.
"""

from __future__ import annotations

import ipaddress
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Callable

__all__ = ["Limits", "Bucket", "Gate", "VENUE_HOST_AWAY_S", "client_address", "proxy_problem"]

FORGET_AFTER = 10_000      # addresses remembered before the rested ones are forgotten
VENUE_HOST_AWAY_S = 600.0  # a venue (serve --public) keeps a lobby while its host is away (asleep) this long


@dataclass(frozen=True)
class Limits:
    """Every limit of one server. A count of 0 means no limit (a benchmark's own server)."""

    connections_per_address: int = 64         # open at once
    connects_per_address_per_s: float = 2.0   # new connections, sustained ...
    connects_per_address_burst: int = 60      # ... and at once
    waiting_tables_per_address: int = 8       # tables made from one address, still waiting to start
    bytes_before_hello: int = 256 * 1024      # sent by a connection before a hello is accepted
    outbox_bytes: int = 1 << 20               # waiting to be sent to one connection: more, and it is cut
    socket_send_bytes: int = 128 * 1024       # the system's send buffer of a connection (0: the system's own)
    messages_per_s: float = 30.0              # from one connection, sustained ...
    messages_burst: int = 60                  # ... and at once
    floods_before_cut: int = 200              # messages refused as too many before the connection is cut
    wrong_codes_per_s: float = 0.5            # wrong join codes per address, sustained ...
    wrong_codes_burst: int = 5                # ... and at once
    wrong_codes_server_per_s: float = 5.0     # wrong join codes over the whole server
    wrong_codes_server_burst: int = 100
    unstarted_s: float = 6 * 3600.0           # a table still waiting this long after it was made is closed
    idle_s: float = 3600.0                    # finished or waiting with nobody connected this long: forgotten
    origins: tuple[str, ...] = ()             # browser pages (Origin headers) allowed besides none
    proxy: str = ""                           # a reverse proxy's address (or network) whose X-Forwarded-For is trusted
    host_away_s: float = 0.0                  # a waiting table's host may be away this long (0: the grace period)


class Bucket:
    """A token bucket: ``rate`` per second, up to ``burst`` at once."""

    def __init__(self, rate: float, burst: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate, self.burst, self.level, self.clock = rate, burst, burst, clock
        self.at = clock()

    def full_enough(self) -> bool:
        """Whether one may be taken now (taking none)."""
        now = self.clock()
        self.level = min(self.burst, self.level + (now - self.at) * self.rate)
        self.at = now
        return self.level >= 1

    def take(self) -> bool:
        if not self.full_enough():
            return False
        self.level -= 1
        return True

    def give_back(self) -> None:
        self.level = min(self.burst, self.level + 1)

    def wait_s(self) -> float:
        return max(0.0, (1 - self.level) / self.rate)


@dataclass
class Gate:
    """The counts behind ``limits``: connections and wrong codes per address and in all."""

    limits: Limits = field(default_factory=Limits)
    clock: Callable[[], float] = time.monotonic
    open: Counter[str] = field(default_factory=Counter)
    connects: dict[str, Bucket] = field(default_factory=dict)
    wrong: dict[str, Bucket] = field(default_factory=dict)
    wrong_all: Bucket = field(init=False)

    def __post_init__(self) -> None:
        self.wrong_all = Bucket(self.limits.wrong_codes_server_per_s, self.limits.wrong_codes_server_burst, self.clock)

    def admit(self, address: str) -> str | None:
        """A new connection from ``address`` counted in; or why it is refused (not counted)."""
        most = self.limits.connections_per_address
        if most and self.open[address] >= most:
            return f"too many connections from your address (at most {most} at once)"
        if self.limits.connections_per_address:
            connects = self._bucket(self.connects, address, self.limits.connects_per_address_per_s,
                                    self.limits.connects_per_address_burst)
            if not connects.take():
                return f"too many new connections from your address: wait {connects.wait_s():.0f} s"
        self.open[address] += 1
        return None

    def left(self, address: str) -> None:
        """A connection ``admit`` counted in has closed."""
        self.open[address] -= 1
        if self.open[address] <= 0:
            del self.open[address]

    def wrong_code(self, address: str) -> str | None:
        """A wrong join code from ``address``, counted; None, or the line that says to wait
        (a lockout: the address's or the server's wrong codes are used up)."""
        mine = self._bucket(self.wrong, address, self.limits.wrong_codes_per_s, self.limits.wrong_codes_burst)
        if not mine.full_enough():
            return f"too many wrong codes: wait {mine.wait_s():.0f} s"
        if not self.wrong_all.full_enough():
            return f"too many wrong codes on this server: wait {self.wrong_all.wait_s():.0f} s"
        mine.take()
        self.wrong_all.take()
        return None

    def _bucket(self, buckets: dict[str, Bucket], address: str, rate: float, burst: int) -> Bucket:
        if len(buckets) > FORGET_AFTER:       # forget the addresses that have rested long enough
            for rested in [a for a, b in buckets.items() if b.full_enough() and b.level >= b.burst]:
                del buckets[rested]
        bucket = buckets.get(address)
        if bucket is None:
            bucket = buckets[address] = Bucket(rate, burst, self.clock)
        return bucket


def proxy_problem(proxy: str) -> str | None:
    """Why ``proxy`` is not an address or network a proxy can be at (None: it is)."""
    try:
        ipaddress.ip_network(proxy, strict=False)
    except ValueError:
        return f"--behind-proxy takes the proxy's IP address (or a network, 10.0.0.0/8), not {proxy!r}"
    return None


def client_address(peer: str, forwarded: list[str], proxy: str) -> str:
    """The address a connection's limits are counted for: ``peer`` (the socket's), or, when
    ``peer`` is the trusted ``proxy``, the last address the proxy put in ``forwarded`` (the
    X-Forwarded-For headers' values, in order). A header from anyone else, or one whose last
    entry is not an address, changes nothing."""
    if not proxy or not forwarded or not _within(peer, proxy):
        return peer
    last = forwarded[-1].rsplit(",", 1)[-1].strip()
    try:
        return str(_plain(ipaddress.ip_address(last)))
    except ValueError:
        return peer


def _within(peer: str, proxy: str) -> bool:
    try:
        return _plain(ipaddress.ip_address(peer)) in ipaddress.ip_network(proxy, strict=False)
    except ValueError:
        return False


def _plain(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> ipaddress.IPv4Address | ipaddress.IPv6Address:
    """An IPv4 address as itself, even when a dual-stack socket gives it as ::ffff:a.b.c.d."""
    mapped = getattr(address, "ipv4_mapped", None)
    return mapped if mapped is not None else address
