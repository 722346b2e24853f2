"""The hand history (L, and Nash's history panel) shows cards as a player writes them,
"10♣ A♥", not in the engine's notation "TC AH" that the events print; and Nails' rings
as their colours, "blue-red-red-yellow-blue", not "BRRYB"."""

from __future__ import annotations

import re

_SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_CARD = re.compile(r"(?<![\w])(10|[2-9TJQKA])([SHDC])(?![\w])|(?<![\w])JK(?![\w])")
_RING = re.compile(r"\b[RBY]{5}\b")
_COLOURS = {"R": "red", "B": "blue", "Y": "yellow"}


def readable(line: str) -> str:
    """``line`` with every card code written with its suit sign.

    >>> readable("P3 takes the trick (TC 5C AC 9H)")
    'P3 takes the trick (10♣ 5♣ A♣ 9♥)'
    >>> readable("JD is turned up: diamonds proposed; P2 leads JK")
    'J♦ is turned up: diamonds proposed; P2 leads Joker'
    >>> readable("P1 & P3 took 7 tricks: 1 point"), readable("nobody has 3s for you")
    ('P1 & P3 took 7 tricks: 1 point', 'Nobody has 3s for you')
    >>> readable("round 2: BBBBR and BYYRY turn up")
    'Round 2: blue-blue-blue-blue-red and blue-yellow-yellow-red-yellow turn up'
    """
    def swap(match: re.Match[str]) -> str:
        if match.group(1) is None:
            return "Joker"
        rank = "10" if match.group(1) in ("T", "10") else match.group(1)
        return rank + _SUITS[match.group(2)]

    line = _CARD.sub(swap, line)
    line = _RING.sub(lambda ring: "-".join(_COLOURS[dot] for dot in ring.group(0)), line)
    return line[:1].upper() + line[1:]   # every line starts as a sentence does
