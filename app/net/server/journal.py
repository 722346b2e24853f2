"""A venue's table events, one JSON line each (``parlour serve`` writes them to stdout, where
a container's log collector or ``journalctl`` picks them up): a table made, started, ended
or closed, a seat joined or left.

Nothing secret goes in a line. A join code opens a table to anyone who has it, so a line
names its table by a keyed hash of the code (``table``: 12 hex digits, the key drawn once
per server process), which lets an operator follow one table through the log without the
log letting anyone sit at it; seat tokens, seeds and names are never written. The key is
not kept, so after a restart a resumed table goes by another name: the ``resumed`` line
of each says which game it is and how far it had got.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import time
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from app.net.server.table import Table

__all__ = ["Journal", "MADE", "STARTED", "ENDED", "CLOSED", "JOINED", "LEFT", "RESUMED"]

MADE, STARTED, ENDED, CLOSED = "table_made", "table_started", "table_ended", "table_closed"
JOINED, LEFT, RESUMED = "seat_joined", "seat_left", "table_resumed"
# A table's status, as the broadcast that follows a change sees it: what the change was.
BY_STATUS = {"playing": STARTED, "over": ENDED}


class Journal:
    """Writes each event as one JSON line through ``write`` (a line, without its newline)."""

    def __init__(self, write: Callable[[str], None], clock: Callable[[], float] = time.time) -> None:
        self.write, self.clock = write, clock
        self._key = secrets.token_bytes(16)

    def table_id(self, code: str) -> str:
        """The name a table goes by in the log: never its join code."""
        return hmac.new(self._key, code.encode(), hashlib.sha256).hexdigest()[:12]

    def event(self, event: str, table: Table, **fields: Any) -> None:
        line = {"ts": round(self.clock(), 3), "event": event, "table": self.table_id(table.code),
                "game": table.game, **fields}
        self.write(json.dumps(line, separators=(",", ":")))

    def status_changed(self, table: Table) -> None:
        """The table's status moved on (the game started, or ended): said once."""
        event = BY_STATUS.get(table.status)
        if event is not None:
            self.event(event, table, seats=len(table.seats), actions=len(table.core.actions))
