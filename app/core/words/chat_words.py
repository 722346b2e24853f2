"""The chat's quick phrases, per kind of game: what a player says in one key at a table.
"Nice trick" belongs at a trick game, not at Ninety-Nine (no tricks) or a reflex game
(races, not tricks); each game's set follows from its spec's family, so a new game of a
family gets its phrases with nothing to add, and a translation finds them all here."""

from __future__ import annotations

from games.registry import GameSpec

__all__ = ["GENERAL", "phrases_for"]

GENERAL = ("Well played", "Good game", "Good luck", "Your turn", "Thanks")
BY_FAMILY: dict[str, tuple[str, ...]] = {
    "Tricks": ("Well played", "Good game", "Nice trick", "Your turn", "Thanks"),
    "Counting": ("Well played", "Good game", "Close call", "Your turn", "Thanks"),
    "Reflex": ("Good game", "Quick hands!", "So close", "Again?", "Thanks"),
    "Thinking": ("Well played", "Good game", "Good guess", "Your turn", "Thanks"),
}
PARTNERS = "Nice one, partner"     # at a partnership game, in place of "Well played"


def phrases_for(spec: GameSpec | None) -> tuple[str, ...]:
    """The five quick phrases at a table of ``spec``'s game (None: before the game is
    known, as in a lobby still opening)."""
    if spec is None:
        return GENERAL
    phrases = BY_FAMILY.get(spec.family, GENERAL)
    if spec.partnerships:
        phrases = tuple(PARTNERS if p == "Well played" else p for p in phrases)
    return phrases
