"""Fitting a game's blurb into the box left for it on a menu tile: whole, a point or two
smaller if that is what it takes, else its whole first sentences, and only as a last resort
cut with an ellipsis. A player reads a finished sentence; "Ace…" looks like a bug."""

from __future__ import annotations

import re

from app.window.render.text import font, px, wrap

SHRINK = 2          # points a blurb may lose to be shown whole
LEADING = 5         # pixels between lines


def sentences(text: str) -> list[str]:
    """``text`` cut after each full stop, question or exclamation mark.

    >>> sentences("Flip fast. Slap pairs! Win?")
    ['Flip fast.', 'Slap pairs!', 'Win?']
    """
    return [part for part in re.split(r"(?<=[.!?])\s+", text.strip()) if part]


def _sentence_cuts(text: str) -> list[str]:
    """Its whole first sentences, longest first."""
    parts = sentences(text)
    return [" ".join(parts[:keep]) for keep in range(len(parts) - 1, 0, -1)]


def _clause_cuts(text: str) -> list[str]:
    """Cut after a comma, colon or semicolon, longest first, saying that there is more.

    >>> _clause_cuts("Five cards, one bid: go Nap.")
    ['Five cards, one bid…', 'Five cards…']
    """
    parts = re.split(r"(?<=[,;:])\s+", text.strip())
    return [" ".join(parts[:keep]).rstrip(",;:") + "…" for keep in range(len(parts) - 1, 0, -1)]


def rows(size: int, height: int) -> int:
    """How many lines of ``size`` fit in ``height`` pixels."""
    return max(0, height // (px(size) + LEADING))


def fit_blurb(text: str, largest: int, room: int, height: int, smallest: int = 11) -> tuple[int, list[str]]:
    """The size and lines of ``text`` in a box ``room`` wide and ``height`` tall."""
    low = max(smallest, largest - SHRINK)
    for size in range(largest, low - 1, -1):
        lines = wrap(text, font(size), room)
        if len(lines) <= rows(size, height):
            return size, lines
    for shorter in (*_sentence_cuts(text), *_clause_cuts(text)):
        for size in range(largest, low - 1, -1):
            lines = wrap(shorter, font(size), room)
            if len(lines) <= rows(size, height):
                return size, lines
    lines = wrap(text, font(largest), room)
    shown = lines[:rows(largest, height)]
    if shown and len(lines) > len(shown):
        shown[-1] = _with_ellipsis(shown[-1], largest, room)
    return largest, shown


def _with_ellipsis(line: str, size: int, room: int) -> str:
    """``line`` ending in "…", words dropped from its end until that fits in ``room``."""
    words = line.split()
    while len(words) > 1 and font(size).size(" ".join(words).rstrip(".,;: ") + "…")[0] > room:
        words.pop()
    return " ".join(words).rstrip(".,;: ") + "…"
