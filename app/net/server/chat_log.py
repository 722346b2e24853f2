"""A table's recent chat, kept with the table: a player who sits down again (after a drop,
or from "Back to your table" in a new window) is sent what was said lately, not a blank
panel.

Bounded both ways: the last ``KEPT_LINES`` lines, and no more than ``KEPT_BYTES`` of them
as sent (a line is at most 200 characters, but characters can take four bytes each). Each
line carries its number at the table (``n``), so a client that already has some lines
keeps each once. The server also writes every line to the table log, so a server started
again on the same folder keeps a kept table's chat.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from app.net.wire.protocol import dump

__all__ = ["ChatLog", "KEPT_LINES", "KEPT_BYTES"]

KEPT_LINES = 50
KEPT_BYTES = 16 * 1024


class ChatLog:
    """The table's last lines, as the ``chat`` messages they were sent as."""

    def __init__(self, lines: list[dict[str, Any]] | None = None) -> None:
        self.lines: deque[tuple[dict[str, Any], int]] = deque()
        self.bytes = 0
        self.next_n = 0
        for line in lines or []:
            self._keep(line)

    def add(self, name: str, seat: int | None, text: str) -> dict[str, Any]:
        """A new line said at the table: the ``chat`` message to send everyone, kept."""
        line = {"type": "chat", "from": name, "seat": seat, "text": text, "n": self.next_n}
        self._keep(line)
        return line

    def _keep(self, line: dict[str, Any]) -> None:
        size = len(dump(line).encode())
        self.lines.append((line, size))
        self.bytes += size
        n = line.get("n")
        self.next_n = max(self.next_n, n + 1 if isinstance(n, int) else self.next_n)
        while len(self.lines) > KEPT_LINES or self.bytes > KEPT_BYTES:
            _, gone = self.lines.popleft()
            self.bytes -= gone

    def message(self) -> dict[str, Any] | None:
        """The ``chat_log`` message a player sitting down is sent (None: nothing was said)."""
        if not self.lines:
            return None
        return {"type": "chat_log", "lines": [line for line, _ in self.lines]}
