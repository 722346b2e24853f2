"""What a player reads of a deal's promise (app/core/deal_proof.py): in the lobby and at
the table before the first card, on the results screen, and from ``parlour verify``. One
place for these lines, so a translation finds them all."""

from __future__ import annotations

from app.core.deal_proof import short

__all__ = ["promise_line", "KEPT", "BROKEN", "UNPROMISED", "verdict_line"]

KEPT = "The deal was the one promised"
BROKEN = "NOT THE DEAL PROMISED: the cards were changed after the promise"
UNPROMISED = "No promise of this deal was shown before it began"


def promise_line(commitment: str) -> str:
    """The promise as a player compares it by eye ("Deal sealed: 1a2b 3c4d 5e6f")."""
    return f"Deal sealed: {short(commitment)}"


def verdict_line(kept: bool | None) -> str:
    """The results screen's line about the deal: kept, broken, or never promised (None)."""
    return UNPROMISED if kept is None else KEPT if kept else BROKEN


# parlour verify's lines ------------------------------------------------------------------------

VERIFIED = "verified: the deal was the one promised ({promise}) and its {moves} moves replay to the recorded end"
NO_PROMISE = ("not verified: this replay carries no promise of its deal (a game at home, or from an older "
              "Parlour): there is nothing to check it against")
SEED_CHANGED = "NOT VERIFIED: the seed and salt in this replay are not the deal promised ({promise})"
MOVES_CHANGED = "NOT VERIFIED: the moves are not the ones played at the table (their digest differs)"
MOVES_REFUSED = "NOT VERIFIED: the moves do not replay: {problem}"
UNFINISHED = "NOT VERIFIED: the moves stop before the game's end"
OTHER_END = "NOT VERIFIED: the moves replay to another end than the one recorded (winners {got}, not {recorded})"
UNREADABLE = "not verified: {name} cannot be read: {problem}"
