"""A venue's table events, one JSON line each (``parlour serve`` writes them to stdout, where
a container's log collector or ``journalctl`` picks them up): a table made, started, ended
or closed, a seat joined or left.

Nothing secret goes in a line. A join code opens a table to anyone who has it, so a line
names its table by a keyed hash of the code (``table``: 12 hex digits, the key drawn once
per server process), which lets an operator follow one table through the log without the
log letting anyone sit at it; seat tokens, seeds and names are never written. The key is
not kept, so after a restart a resumed table goes by another name: the ``resumed`` line
of each says which game it is and how far it had got.

The lines are written by a thread of their own (:class:`Lines`), never by the event loop: a
reader that stops reading (a full pipe, a stuck log collector) must not hold up a table.
What it cannot take waits in a bounded queue, and beyond that is dropped and counted (a
``lines_dropped`` line says how many, once writing goes on).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import queue
import secrets
import threading
import time
from typing import IO, TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from app.net.server.table import Table

__all__ = ["Journal", "Lines", "MADE", "STARTED", "ENDED", "CLOSED", "JOINED", "LEFT", "RESUMED"]

MADE, STARTED, ENDED, CLOSED = "table_made", "table_started", "table_ended", "table_closed"
JOINED, LEFT, RESUMED = "seat_joined", "seat_left", "table_resumed"
# A table's status, as the broadcast that follows a change sees it: what the change was.
BY_STATUS = {"playing": STARTED, "over": ENDED}
WAITING_LINES = 10_000      # lines the writer may fall behind by before they are dropped


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


class Lines:
    """Lines to ``stream`` from a thread of their own: ``__call__`` never waits (a line that
    does not fit the queue is dropped, and counted)."""

    def __init__(self, stream: IO[str], most: int = WAITING_LINES) -> None:
        self.stream = stream
        self.waiting: queue.Queue[str | None] = queue.Queue(most)
        self.dropped = 0
        self._thread = threading.Thread(target=self._write, name="parlour-journal", daemon=True)
        self._thread.start()

    def __call__(self, line: str) -> None:
        try:
            self.waiting.put_nowait(line)
        except queue.Full:
            self.dropped += 1

    def close(self, timeout_s: float = 2.0) -> None:
        """Write what waits (for up to ``timeout_s``), then stop."""
        try:
            self.waiting.put(None, timeout=timeout_s)
        except queue.Full:
            return
        self._thread.join(timeout_s)

    def _write(self) -> None:
        while (line := self.waiting.get()) is not None:
            try:
                if self.dropped:
                    dropped, self.dropped = self.dropped, 0
                    self.stream.write(json.dumps({"event": "lines_dropped", "count": dropped}) + "\n")
                self.stream.write(line + "\n")
                self.stream.flush()
            except (OSError, ValueError):      # the reader is gone: nothing more can be written
                return
