"""One line of a table's chat as a client keeps it: who said it and what.

Kept apart from the protocol's message readers so both the network client
(:mod:`app.net.client.remote`, no pygame) and the chat panel (:mod:`app.window.ui.chat`) can import it.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["ChatLine"]


@dataclass(frozen=True)
class ChatLine:
    """``name`` as the server gave it; ``seat`` None for someone watching (or the server
    itself); ``text`` already cleaned by the server (no control characters, capped)."""

    name: str
    seat: int | None
    text: str
