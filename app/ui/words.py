"""Small helpers for the words tables show."""

from __future__ import annotations


def counted(number: int, noun: str, plural: str | None = None) -> str:
    """``number`` with ``noun`` in the right number.

    >>> counted(1, "move"), counted(0, "card"), counted(3, "spoon")
    ('1 move', '0 cards', '3 spoons')
    >>> counted(2, "match", "matches")
    '2 matches'
    """
    return f"{number} {noun if number == 1 else plural or noun + 's'}"
