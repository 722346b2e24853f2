"""The tables waiting for players on the local network, looked for again and again on a
thread of its own while the Join screen is open, so the frame loop never waits for mDNS.

``tables`` is what the last look found (address and table, newest look first); ``problem``
one line when mDNS cannot work here (then the address and code still work). No pygame.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Callable

from app.net.wire.discovery import DiscoveryUnavailable, Found, ListedTable, browse
from app.net.wire.protocol import VERSION

__all__ = ["FoundTable", "TableFinder"]

LOOK_S = 2.0          # how long one look listens
PAUSE_S = 1.0         # between looks


@dataclass(frozen=True)
class FoundTable:
    address: str      # the url to dial: wss://IP:PORT pinned to the announced certificate
    server: str
    table: ListedTable


class TableFinder:
    def __init__(self, look: Callable[[float], list[Found]] = browse) -> None:
        self.look = look
        self.tables: list[FoundTable] = []
        self.problem: str | None = None
        self.looks = 0                      # how many looks have finished
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="parlour-find-tables", daemon=True)

    def start(self) -> TableFinder:
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop looking (the look under way ends by itself, within ``LOOK_S``)."""
        self._stop.set()

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                found = self.look(LOOK_S)
            except DiscoveryUnavailable as problem:
                self.problem, self.looks = str(problem), self.looks + 1
                return                      # it will not work better in a second
            except Exception as problem:    # (a broken network stack: one line, never a crash)
                self.problem, self.looks = f"cannot look for tables: {problem}", self.looks + 1
                return
            self.tables = [FoundTable(f.url(t), f.server, t) for f in found if f.version == VERSION
                           for t in f.tables]
            self.looks += 1
            self._stop.wait(PAUSE_S)
