"""Abstrac's combinations and the score of a deal, for lists of cards and for bit masks.

The solver scores millions of positions, so each of the 24 cards is one bit
(``suit * 6 + rank``, Nine lowest, Ace highest) and the scoring is a few table look-ups:
runs are looked up per suit in a 64-entry table and sets by counting the bits of a rank.

>>> combination_points(cards("AS KS QS 9H 9D 9C"))
5
>>> deal_scores(cards("AS KS QS"), cards("9H 9D 9C TD"))
(12, 6)
>>> deal_scores(cards("AS KS QS"), cards("9H TD"))
(0, 6)
"""

from __future__ import annotations

from typing import Iterable

from games.core.cards import Card, Rank, SUITS, Suit, cards  # noqa: F401  (cards: doctests)

ABSTRAC_RANKS: tuple[Rank, ...] = (Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)
"""Low to high: consecutive entries make a sequence (Ace high; Ace and Nine not adjacent)."""

SET_POINTS = {3: 2, 4: 8}
RUN_POINTS = {3: 3, 4: 4, 5: 6, 6: 12}


def card_bit(card: Card) -> int:
    """The card's bit: six bits per suit, Nine lowest."""
    if card.suit is None or card.rank not in ABSTRAC_RANKS:
        raise ValueError(f"{card} is not an Abstrac card (A K Q J 10 9 only)")
    return 1 << (SUITS.index(card.suit) * 6 + ABSTRAC_RANKS.index(card.rank))


def mask_of(hand: Iterable[Card]) -> int:
    mask = 0
    for card in hand:
        mask |= card_bit(card)
    return mask


def _runs(pattern: int) -> int:
    """Points for the runs in one suit's six-bit pattern: each maximal run once, at its length."""
    points, length = 0, 0
    for bit in range(7):
        if bit < 6 and pattern >> bit & 1:
            length += 1
            continue
        points += RUN_POINTS.get(length, 0)
        length = 0
    return points


RUN_TABLE: tuple[int, ...] = tuple(_runs(p) for p in range(64))
RANK_MASKS: tuple[int, ...] = tuple(sum(1 << (s * 6 + r) for s in range(4)) for r in range(6))
SET_TABLE: tuple[int, ...] = tuple(SET_POINTS.get(n, 0) for n in range(5))


def mask_points(mask: int) -> int:
    """Combination points of the cards in ``mask``."""
    points = (RUN_TABLE[mask & 63] + RUN_TABLE[mask >> 6 & 63]
              + RUN_TABLE[mask >> 12 & 63] + RUN_TABLE[mask >> 18 & 63])
    for rank_mask in RANK_MASKS:
        points += SET_TABLE[(mask & rank_mask).bit_count()]
    return points


def combination_points(hand: Iterable[Card]) -> int:
    """Points for the sets and sequences in ``hand`` (a card may count in one of each).

    >>> combination_points(cards("AS KS QS JS TS 9S"))
    12
    >>> combination_points(cards("AS KS QS TS 9S"))
    3
    >>> combination_points(cards("AS KS QS AH AD AC"))
    11
    """
    return mask_points(mask_of(hand))


def scores_from(points: tuple[int, int], taken: tuple[int, int]) -> tuple[int, int]:
    """A deal's scores from each side's combination points and card counts, misère included:
    a side with no combination scores what the other would have, and the other nothing."""
    a = points[0] * taken[1]
    b = points[1] * taken[0]
    if points[0] == 0 and points[1] > 0:
        return (b, 0)
    if points[1] == 0 and points[0] > 0:
        return (0, a)
    return (a, b)


def deal_scores(cards_a: Iterable[Card], cards_b: Iterable[Card]) -> tuple[int, int]:
    """The two players' scores for a deal: points times the cards the other took, with misère."""
    a, b = list(cards_a), list(cards_b)
    return scores_from((combination_points(a), combination_points(b)), (len(a), len(b)))


def misere(points: tuple[int, int]) -> int | None:
    """The index of the side whose blank hand reverses the scores, if any."""
    if points[0] == 0 and points[1] > 0:
        return 0
    if points[1] == 0 and points[0] > 0:
        return 1
    return None
