"""A deal's number, in the words a player reads: one name for it on every screen and in
every command's output ("Deal number", as Seahaven's published numbering has always said,
never "Seed"), and the digits grouped in threes so a person can read it out to a friend.

A table with players on other machines is dealt from 128 secret bits: 39 digits nobody
reads out. Those show a short form, the first nine digits and an ellipsis; the replay file
keeps the whole number for `parlour verify` and for playing it back.
"""

from __future__ import annotations

DEAL_NUMBER = "Deal number"
"""The one name for the number a game's cards are dealt from (setup, results, review...)."""

SHORT_DIGITS = 12
"""A number of at most this many digits is shown whole; a longer one by its start."""


def grouped(number: int) -> str:
    """The digits in threes, split by spaces, the way a number is read out.

    >>> grouped(668399809)
    '668 399 809'
    >>> grouped(7)
    '7'
    """
    return f"{number:,}".replace(",", " ")


def readable(seed: int) -> str:
    """A deal's number as a player reads it: grouped, and short when it is a long secret.

    >>> readable(668399809)
    '668 399 809'
    >>> readable(2**127 + 5)
    '170 141 183…'
    """
    digits = str(seed)
    if len(digits) <= SHORT_DIGITS:
        return grouped(seed)
    return grouped(int(digits[:9])) + "…"


def deal_number(seed: int) -> str:
    """The label and the number together, for a screen or a command's first line.

    >>> deal_number(617)
    'Deal number 617'
    """
    return f"{DEAL_NUMBER} {readable(seed)}"
