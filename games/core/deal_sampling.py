"""Dealing the unseen cards quickly, for the Expert's many deals a decision.

The same draw as ``trick_bots.sample_hands`` (the cards fewest seats may hold first, each
to a seat that may hold it, chosen in proportion to the room left in each hand), written
for speed: the seats that may hold each suit are worked out once a deal rather than once
a card. It covers the games where every unseen card lies in some hand (Whist, Nash
Whist); where some lie in no hand (Euchre's stub), or where the voids cannot be kept after
a few tries, it hands over to ``sample_hands``.

>>> from random import Random
>>> from games.core.cards import cards, Suit
>>> from games.core.tricks import TrumpRules
>>> info = Knowledge(0, {1: 2, 2: 2, 3: 2}, {1: frozenset({Suit.SPADES})}, {}, tuple(cards("AS KS QS 2H 3H 4H")),
...                  TrumpRules(None))
>>> hands = deal_unseen(info, Random(1))
>>> sorted(len(h) for h in hands.values()), any(c.suit is Suit.SPADES for c in hands[1])
([2, 2, 2], False)
"""

from __future__ import annotations

from random import Random
from typing import Callable

from games.core.cards import Card
from games.core.protocol import Seat
from games.core.trick_bots import Knowledge, sample_hands

TRIES = 8
Deal = dict[Seat, list[Card]]


def deal_unseen(info: Knowledge, rng: Random) -> Deal:
    """One deal of the pool to the other hands keeping every void (see the module doc)."""
    return dealer(info)(rng)


def dealer(info: Knowledge) -> Callable[[Random], Deal]:
    """``deal_unseen`` for many deals of the same knowledge: the work that does not change
    from deal to deal is done once."""
    if sum(info.need.values()) != len(info.pool):
        return lambda rng: sample_hands(info, rng)
    suit_of = {card: info.rules.suit_of(card) for card in info.pool}
    seats_for = {suit: tuple(s for s in info.need if info.need[s] > 0 and suit not in info.voids.get(s, frozenset()))
                 for suit in set(suit_of.values())}
    takers = {card: seats_for[suit] for card, suit in suit_of.items()}
    order = {card: len(seats) for card, seats in takers.items()}

    def deal(rng: Random) -> Deal:
        for _ in range(TRIES):
            pool = list(info.pool)
            rng.shuffle(pool)
            pool.sort(key=order.__getitem__)  # the cards fewest seats may hold first
            hands = _try(pool, takers, info, rng)
            if hands is not None:
                return hands
        return sample_hands(info, rng)
    return deal


def _try(pool: list[Card], takers: dict[Card, tuple[Seat, ...]], info: Knowledge, rng: Random) -> Deal | None:
    room = dict(info.need)
    hands: Deal = {s: list(info.known.get(s, ())) for s in info.need}
    for card in pool:
        seats = [s for s in takers[card] if room[s] > 0]
        if not seats:
            return None
        pick = rng.random() * sum(room[s] for s in seats)
        for seat in seats:
            pick -= room[seat]
            if pick < 0:
                break
        hands[seat].append(card)
        room[seat] -= 1
    return hands
