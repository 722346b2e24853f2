"""Who sits where at a server table: one connection to a seat, and one person to a name.

A seat token is the only way back into a seat, and a second connection that brings a live
token takes the seat (the player's window came back on another link, or they moved to
another machine): the older connection is told (a ``replaced`` message, "you sat down
somewhere else") and closed, so two connections never play for one seat while the first
is told nothing. The telling and the closing go through the older connection's own
outgoing queue: a table never waits for a peer.

Names at a table are unique, so nobody can pass for another player in the chat or on a
plate: a second "Ann" sits down as "Ann (2)" (compared without regard to case).
"""

from __future__ import annotations

from itertools import count
from typing import TYPE_CHECKING, Iterable

from app.core.words.names import NAME_LIMIT

if TYPE_CHECKING:
    from app.net.server.table import Hall, Table

__all__ = ["REPLACED", "unique_name", "take_over"]

REPLACED = "you sat down somewhere else"


def unique_name(wanted: str, taken: Iterable[str]) -> str:
    """``wanted``, or with " (2)", " (3)"... when someone at the table has it already.

    >>> unique_name("Ann", ["Bo"]), unique_name("Ann", ["ann", "Ann (2)"])
    ('Ann', 'Ann (3)')
    >>> long = "x" * NAME_LIMIT
    >>> unique_name(long, [long]) == "x" * (NAME_LIMIT - 4) + " (2)"
    True
    """
    used = {name.casefold() for name in taken}
    if wanted.casefold() not in used:
        return wanted
    for number in count(2):
        suffix = f" ({number})"
        name = wanted[:NAME_LIMIT - len(suffix)].rstrip() + suffix
        if name.casefold() not in used:
            return name
    raise AssertionError("unreachable")


def take_over(server: Hall, table: Table, seat: int) -> None:
    """The connections sitting in ``seat`` leave it: out of the table at once (nothing they
    send counts any more), told ``REPLACED`` and closed by their own outgoing queues."""
    for older in [c for c in table.conns if c.seat == seat]:
        table.conns.discard(older)
        older.table, older.seat = None, None
        server.send(older, {"type": "replaced", "message": REPLACED})
        older.outbox.close_after(1000, REPLACED)
