"""How a table ends on the server: closed by its host before the game starts, closed when its
host has been gone longer than the grace period while it waits (a venue gives a host longer,
``Limits.host_away_s``: a laptop that sleeps a few minutes finds its lobby still there), closed when it has waited to
start longer than the server allows (``Limits.unstarted_s``: tables nobody starts must not
pile up), or swept out of memory once it has been finished or abandoned with nobody
connected for ``Limits.idle_s`` (an hour).

A closed or swept table is forgotten everywhere: the server's tables, its seat tokens (a
token then opens no seat) and the table log. A finished table is not kept in the log for its
replay: every seat was sent the whole replay with the game's last ``table`` message (the
window saves it in Replays), the server offers no way to ask for it again, and a record
kept would only come back into memory at the server's next start.
"""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING

from app.net.server.journal import CLOSED
from app.net.wire.protocol import ProtocolError

if TYPE_CHECKING:
    from app.net.server.table import Conn, Hall, Table

__all__ = ["SWEEP_EVERY_S", "close", "closed_line", "shut", "forget", "host_gone", "close_if_host_gone", "sweep", "sweep_every"]

SWEEP_EVERY_S = 60.0


def close(server: Hall, conn: Conn) -> None:
    """The host's ``close``: only the host, and only while the table waits (a game under
    way is not the host's alone to end: at a venue it lives on without them; the app's own
    server closes its tables for its guests as the app closes: app/net/server/hosting.py)."""
    table = conn.table
    assert table is not None
    if conn.seat is None or table.seats[conn.seat].kind != "host":
        raise ProtocolError("only the host can close the table")
    if table.status != "waiting":
        raise ProtocolError("the game has started: the table closes when it is over")
    shut(server, table, closed_line(table), "closed by its host")


def closed_line(table: Table) -> str:
    """What the others are told when the host closes ``table``."""
    return f"{_host_name(table)} closed the table"


def host_gone(server: Hall, table: Table) -> bool:
    """A waiting table whose host has been away longer than the grace period (or the
    server's ``host_away_s``)."""
    away = table.away_since.get(table.host_seat)
    return (table.status == "waiting" and server.tables.get(table.code) is table and away is not None
            and time.monotonic() - away >= (server.limits.host_away_s or server.grace_s))


def close_if_host_gone(server: Hall, table: Table) -> bool:
    """Close ``table`` if its host has been gone too long while it waits; whether it did."""
    if not host_gone(server, table):
        return False
    shut(server, table, f"{_host_name(table)} left, so the table is closed", "its host left")
    return True


def shut(server: Hall, table: Table, line: str, why: str) -> None:
    """Forget ``table`` (``why``, for the server's journal), tell everyone at it ``line`` (a
    ``closed`` message) and hang up (each connection's own task closes it once the line is
    sent: nothing waits here)."""
    forget(server, table, why)
    conns = list(table.conns)
    table.conns.clear()
    message = {"type": "closed", "message": line}
    for conn in conns:
        server.send(conn, message)
        conn.outbox.close_after(1000, "the table is closed")


def forget(server: Hall, table: Table, why: str) -> None:
    """``table`` gone from memory, its seat tokens and the log (``why``: for the journal)."""
    if server.tables.get(table.code) is not table:
        return
    server.note(CLOSED, table, why=why)
    del server.tables[table.code]
    for record in table.seats:
        if record.token_hash is not None:
            server.by_token.pop(record.token_hash, None)
    table.kind.stop()
    if server.store is not None:
        server.store.forget(table.code)


def sweep(server: Hall) -> list[str]:
    """Forget the tables finished or waiting with nobody connected for ``idle_s``, and
    close those that have waited to start for ``unstarted_s`` (telling whoever is at
    them); their codes. (A game being played with nobody connected goes on: computers
    hold the seats after the grace period, so it ends, and is swept an hour later.)"""
    now, limits = server.clock(), server.limits
    idle = [t for t in server.tables.values()
            if not t.conns and t.status in ("over", "waiting") and now - t.quiet_since >= limits.idle_s]
    for table in idle:
        forget(server, table, "idle")
    unstarted = [t for t in server.tables.values() if t.status == "waiting" and now - t.made_at >= limits.unstarted_s]
    for table in unstarted:
        shut(server, table, "nobody started the table in time, so it is closed", "not started in time")
    hostless = [t for t in list(server.tables.values()) if close_if_host_gone(server, t)]   # (a venue's longer wait)
    return [t.code for t in idle + unstarted + hostless]


async def sweep_every(server: Hall, seconds: float) -> None:
    """``sweep`` every ``seconds``, on the server's loop, until cancelled."""
    while True:
        await asyncio.sleep(seconds)
        sweep(server)


def _host_name(table: Table) -> str:
    return table.seats[table.host_seat].name or "The host"
