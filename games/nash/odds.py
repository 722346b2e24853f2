"""Exact chances for a face-down card, by counting deals.

The cards a seat has not seen lie in three kinds of places: other players' unknown cards,
the draw stacks and the face-down mystery cards. Nothing ever tells anyone anything about
the stacks and the mystery cards until they move, so all of those places are alike; so are
the unknown cards of a hand about which nothing is known. Some hands carry a constraint:
"holds no 4s" after failing to hand any over. Every way of placing the unseen cards that
respects the constraints is equally likely, so the chance that a mystery card has value v
is the expected number of v's among the free places divided by their number, counted over
all placements.

The count runs value by value over how many cards of that value each constrained hand gets
(a placement of distinct cards into distinct places weighs 1/k! per group of k), so it is
small: a state is the room left in each constrained hand.

>>> odds({1: 2, 2: 2}, [], 4)
{1: 0.5, 2: 0.5}
>>> odds({1: 2, 2: 2}, [(2, frozenset({1}))], 2)
{1: 1.0, 2: 0.0}
"""

from __future__ import annotations

from functools import lru_cache
from math import factorial
from typing import Mapping, Sequence

Zone = tuple[int, frozenset[int]]   # unknown cards in a hand, and the values it cannot hold


def odds(unseen: Mapping[int, int], zones: Sequence[Zone], free: int) -> dict[int, float]:
    """P(a free place holds value v) for each value in ``unseen`` (value -> unseen count).

    ``zones`` are the constrained hands; ``free`` is the number of places without any
    constraint (the stacks, the mystery cards, hands nothing is known about). The sizes must
    add up to the number of unseen cards.
    """
    values = tuple(sorted(unseen))
    counts = tuple(unseen[v] for v in values)
    live = tuple(z for z in zones if z[0] > 0 and z[1])
    free += sum(z[0] for z in zones if z[0] > 0 and not z[1])
    if sum(counts) != free + sum(z[0] for z in live):
        raise ValueError("the places do not match the number of unseen cards")
    if not live:
        return {v: (c / free if free else 0.0) for v, c in zip(values, counts)}
    sizes = tuple(z[0] for z in live)
    banned = tuple(tuple(v in z[1] for v in values) for z in live)
    expected = _expected_free(counts, sizes, banned)
    if expected is None:
        raise ValueError("no placement of the unseen cards fits what is known")
    if free == 0:
        return {v: 0.0 for v in values}
    return {v: e / free for v, e in zip(values, expected)}


Layer = dict[tuple[int, ...], float]


@lru_cache(maxsize=2048)
def _expected_free(counts: tuple[int, ...], sizes: tuple[int, ...],
                   banned: tuple[tuple[bool, ...], ...]) -> tuple[float, ...] | None:
    """The expected number of free places holding each value, or None if nothing fits.

    ``ahead[i]`` weighs the ways to place values before i (by room left in each hand);
    ``behind[i]`` the ways to place values from i on into that room. Joining the two around
    value i, weighted by how many of its cards stay free, gives the expectation for every
    value in three passes."""
    steps = [_splits(c, sizes, tuple(b[i] for b in banned)) for i, c in enumerate(counts)]
    ahead: list[Layer] = [{sizes: 1.0}]
    for i, count in enumerate(counts):
        ahead.append(_advance(ahead[-1], steps[i], count))
    zero = tuple(0 for _ in sizes)
    total = ahead[-1].get(zero, 0.0)
    if total <= 0:
        return None
    behind: list[Layer] = [{} for _ in counts] + [{zero: 1.0}]
    for i in range(len(counts) - 1, -1, -1):
        layer: Layer = {}
        for room in ahead[i]:
            weight = sum(w / factorial(counts[i] - sum(split)) * behind[i + 1].get(_less(room, split), 0.0)
                         for split, w in steps[i] if _fits(room, split))
            if weight:
                layer[room] = weight
        behind[i] = layer
    out = []
    for i, count in enumerate(counts):
        acc = 0.0
        for room, front in ahead[i].items():
            for split, w in steps[i]:
                kept = count - sum(split)
                if kept and _fits(room, split):
                    acc += front * w / factorial(kept) * kept * behind[i + 1].get(_less(room, split), 0.0)
        out.append(acc / total)
    return tuple(out)


def _advance(layer: Layer, splits: list[tuple[tuple[int, ...], float]], count: int) -> Layer:
    nxt: Layer = {}
    for room, weight in layer.items():
        for split, w in splits:
            if _fits(room, split):
                left = _less(room, split)
                nxt[left] = nxt.get(left, 0.0) + weight * w / factorial(count - sum(split))
    return nxt


def _fits(room: tuple[int, ...], split: tuple[int, ...]) -> bool:
    return all(k <= r for k, r in zip(split, room))


def _less(room: tuple[int, ...], split: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(r - k for r, k in zip(room, split))


def _splits(count: int, room: tuple[int, ...], banned: tuple[bool, ...]) -> list[tuple[tuple[int, ...], float]]:
    """Ways to put some of ``count`` cards into each zone: (cards per zone, 1 / product k!)."""
    out: list[tuple[tuple[int, ...], float]] = [((), 1.0)]
    for r, ban in zip(room, banned):
        top = 0 if ban else min(r, count)
        out = [(split + (k,), w / factorial(k)) for split, w in out for k in range(top + 1)
               if sum(split) + k <= count]
    return out
