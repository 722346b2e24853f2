"""The Nails deck as data: rings of five coloured dots, and when two of them hit.

A ring is a tuple of five colours ``"R"``, ``"B"``, ``"Y"`` in clockwise order. Rotating a
card in the plane gives the same card, so each card is stored as its smallest rotation.

>>> len(deck())
48
>>> hit(("R", "R", "B", "B", "Y"), ("R", "R", "B", "Y", "Y"))
False
>>> match(("R", "R", "B", "B", "Y"), ("R", "R", "B", "Y", "Y")).count
4
>>> hit(("R", "B", "Y", "R", "B"), ("R", "R", "R", "B", "Y"))
False
>>> hit(("R", "R", "B", "B", "Y"), ("R", "Y", "Y", "B", "Y"))
True
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product

COLOURS = ("R", "B", "Y")
SIZE = 5
HIT_AT = 3

Ring = tuple[str, ...]


def rotate(ring: Ring, by: int) -> Ring:
    """``ring`` turned so that position p shows what position p + by showed."""
    by %= len(ring)
    return ring[by:] + ring[:by]


def canonical(ring: Ring) -> Ring:
    """The smallest rotation: one name for every way a card can lie on the table."""
    return min(rotate(ring, r) for r in range(len(ring)))


def deck() -> list[Ring]:
    """The 48 cards: every ring of five up to rotation, except the three single-colour ones."""
    rings = {canonical(colours) for colours in product(COLOURS, repeat=SIZE)}
    return sorted(ring for ring in rings if len(set(ring)) > 1)


@dataclass(frozen=True)
class Match:
    """The best way to lay ``b`` on ``a``: turned by ``rotation``, ``count`` positions agree.
    ``on_a`` are those positions on ``a``; ``on_b`` the same dots on ``b`` as it lies."""

    count: int
    rotation: int
    on_a: tuple[int, ...]
    on_b: tuple[int, ...]

    @property
    def is_hit(self) -> bool:
        return self.count == HIT_AT


def match(a: Ring, b: Ring) -> Match:
    """The rotation of ``b`` that agrees with ``a`` in the most places (the first such one).

    >>> m = match(("R", "B", "B", "B", "B"), ("B", "B", "R", "B", "Y"))
    >>> m.count, m.rotation, m.on_a, m.on_b
    (4, 2, (0, 1, 3, 4), (2, 3, 0, 1))
    """
    best: Match | None = None
    for r in range(SIZE):
        on_a = tuple(p for p in range(SIZE) if a[p] == b[(p + r) % SIZE])
        if best is None or len(on_a) > best.count:
            best = Match(len(on_a), r, on_a, tuple((p + r) % SIZE for p in on_a))
    assert best is not None
    return best


def hit(a: Ring, b: Ring) -> bool:
    """True when a pattern of three dots, and no pattern of four, appears on both cards."""
    return match(a, b).count == HIT_AT
