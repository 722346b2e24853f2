"""Reading the cards: how well a sampled deal fits the way the other side has followed suit.

A deal sampled for the Expert keeps to what the play has shown for certain (voids, cards
seen); this weighs what it has shown as a likelihood. A player following suit who wins the
trick for now mostly does it as cheaply as it can, and one who does not win it mostly
plays its lowest card. A deal in which an opponent's card broke that habit (it played the
nine under the king holding the two, or won with the king holding the queen over the
jack) is less likely than one in which it did not, so it is drawn less often. Cards of equal worth count as the same card
(from K-Q either is the cheapest winner), and discards and ruffs are not read at all: who
throws what is too much a matter of taste.

>>> from games.core.cards import cards
>>> from games.core.tricks import TrumpRules
>>> rules = TrumpRules(None)
>>> played = [(0, cards("KS")[0]), (1, cards("9S")[0])]   # seat 1 played the nine under the king
>>> habit_weight(played, {1: cards("2S 3H")}, rules, reader=0, seats=4)  # holding the two
0.2
>>> habit_weight(played, {1: cards("TS 3H")}, rules, reader=0, seats=4)  # nothing lower
1.0
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Mapping, Sequence

from games.core.cards import Card, Suit, standard_deck
from games.core.protocol import Seat
from games.core.tricks import TrumpRules

Plays = Sequence[tuple[Seat, Card]]
# How much less likely a deal is for each follow that breaks the habit: Hard's follows kept
# to it 369 times in 411 (15 seeded hands), so a deal that breaks it is far less likely.
OFF_HABIT = 0.2


@dataclass(frozen=True)
class _Follow:
    """One follow to read: ``seat`` played ``power`` in ``suit``, the suit led; ``wins``
    whether it beat every card before it (``best``: the power to beat, or None when a
    trump not of the suit led was winning); ``known`` the powers in the suit that were
    already played by then or that ``seat`` played later (so held by it then)."""

    seat: Seat
    suit: Suit
    power: int
    wins: bool
    best: int | None
    known: frozenset[int]


def habit_weight(played: Plays, hands: Mapping[Seat, Sequence[Card]], rules: TrumpRules, reader: Seat,
                 seats: int, sitting_out: frozenset[Seat] = frozenset()) -> float:
    """The likelihood weight (1 at most) of the sampled ``hands`` given the follows of the
    ``reader``'s opponents in ``played`` (every card of the hand so far, in order).
    Each seat's hand when it played is rebuilt from its sampled hand now and the cards it
    played since. For many deals, read the follows once with :func:`follows` and weigh each
    deal with :func:`weigh`."""
    return weigh(follows(played, rules, reader, seats, sitting_out), hands, rules)


def follows(played: Plays, rules: TrumpRules, reader: Seat, seats: int,
            sitting_out: frozenset[Seat] = frozenset()) -> list[_Follow]:
    """The opponents' follows in ``played``, read once for weighing many deals."""
    size = seats - len(sitting_out)
    out = []
    for index, (seat, card) in enumerate(played):
        trick = played[index - index % size:index]
        led = rules.suit_of(trick[0][1]) if trick else None
        if led is None or seat % 2 == reader % 2 or rules.suit_of(card) is not led:
            continue  # a lead, my side's card, a discard or a ruff: not read
        top = max((c for _, c in trick), key=lambda c: rules.strength(c, led))
        best = rules.power(top) if rules.suit_of(top) is led else None
        power = rules.power(card)
        known = {rules.power(c) for _, c in played[:index] if rules.suit_of(c) is led}
        known |= {rules.power(c) for s, c in played[index + 1:] if s == seat and rules.suit_of(c) is led}
        out.append(_Follow(seat, led, power, best is not None and power > best, best, frozenset(known)))
    return out


def weigh(reads: Sequence[_Follow], hands: Mapping[Seat, Sequence[Card]], rules: TrumpRules) -> float:
    """The likelihood weight of one sampled deal (``hands``: each other seat's cards now)."""
    weight = 1.0
    held: dict[Seat, dict[Suit, set[int]]] = {}
    for read in reads:
        if read.seat not in held:
            if read.seat not in hands:
                continue
            held[read.seat] = _by_suit(hands[read.seat], rules)
        mine = held[read.seat].get(read.suit, set())
        if read.wins:
            cheaper = [p for p in mine if read.best is not None and read.best < p < read.power]
        else:
            cheaper = [p for p in mine if p < read.power]
        habit = min(cheaper, default=read.power)
        if any(p not in mine and p not in read.known for p in range(habit + 1, read.power)):
            weight *= OFF_HABIT
    return weight


def _by_suit(hand: Sequence[Card], rules: TrumpRules) -> dict[Suit, set[int]]:
    """A hand's powers, suit by suit (the effective suit: Euchre's left bower is a trump)."""
    table = _suit_and_power(rules)
    out: dict[Suit, set[int]] = {}
    for card in hand:
        suit, power = table.get(card) or (rules.suit_of(card), rules.power(card))
        out.setdefault(suit, set()).add(power)
    return out


@lru_cache(maxsize=16)
def _suit_and_power(rules: TrumpRules) -> dict[Card, tuple[Suit, int]]:
    return {card: (rules.suit_of(card), rules.power(card)) for card in standard_deck()}
