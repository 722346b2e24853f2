"""What the server measured of each connection's line (``link_of``: its round trips and
one-way delays, from its pings), and of every seat's at a reflex table for the players' F3
overlay: each connected seat's lowest round trip and how far its clock estimate is off.

The server cannot read a client's estimate, but it sees its effect: a ping says the
client's estimate of the server's clock when it left (``est``), so its arrival less that
is the one-way delay as the client's clock makes it. With a right estimate the shortest of
those is about half the lowest round trip (the line is as quick each way); the difference
is the estimate's error (to within the line's own asymmetry).
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Any

from app.net.wire.clock import LinkStats

if TYPE_CHECKING:
    from app.net.server.table import Conn, Table

__all__ = ["link_of", "seat_figures", "clock_error_ms"]

_links: weakref.WeakKeyDictionary[Conn, LinkStats] = weakref.WeakKeyDictionary()


def link_of(conn: Conn) -> LinkStats:
    """What the server has measured of ``conn``'s delays."""
    stats = _links.get(conn)
    if stats is None:
        stats = _links[conn] = LinkStats()
    return stats


def clock_error_ms(link: LinkStats) -> float | None:
    """How far the client's clock estimate seems off, in ms (None until measured)."""
    if not link.rtts or not link.upstream:
        return None
    return abs(min(link.upstream) - min(link.rtts) / 2)


def seat_figures(table: Table) -> list[list[Any]]:
    """``[[seat, rtt_ms, error_ms], ...]`` for every seat with a measured connection."""
    rows = []
    for conn in sorted((c for c in table.conns if c.seat is not None), key=lambda c: c.seat or 0):
        link = link_of(conn)
        if link.rtts:
            error = clock_error_ms(link)
            rows.append([conn.seat, round(min(link.rtts), 1), None if error is None else round(error, 1)])
    return rows
