"""A trick-taking position with every hand open: what a double-dummy solver is asked.

The seats' hands, the trumps (a game's own ``TrumpRules``, so Euchre's bowers and Nap's
Joker come with it), who led the trick on the table and the cards played to it so far,
which seats sit the hand out, the two sides (partners opposite by default; a declarer
against the rest for Nap, Nash Whist and three hands), and whether tricks are unwanted
(misère: every side then tries to take as few as it can).

>>> from games.core.cards import Suit, cards
>>> p = Position.of([cards("AS KS"), cards("QS JS"), cards("2H 3H"), cards("4H 5H")],
...                 TrumpRules(Suit.HEARTS), leader=0)
>>> p.to_play(), p.tricks_left(), [str(c) for c in p.legal()]
(0, 2, ['AS', 'KS'])
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from games.core.cards import Card
from games.core.protocol import Seat
from games.core.tricks import TrumpRules, legal_cards

Hands = Sequence[Sequence[Card]] | Mapping[Seat, Sequence[Card]]


@dataclass(frozen=True)
class Position:
    """Every hand open, with the trick on the table. ``trick`` holds the cards played to
    the current trick in order, starting with ``leader``'s; ``sides[seat]`` is 0 or 1
    (empty: ``seat % 2``)."""

    hands: tuple[tuple[Card, ...], ...]
    rules: TrumpRules
    leader: Seat
    trick: tuple[Card, ...] = ()
    sides: tuple[int, ...] = ()
    sitting_out: frozenset[Seat] = frozenset()
    misere: bool = False

    @staticmethod
    def of(hands: Hands, rules: TrumpRules, leader: Seat, trick: Sequence[Card] = (),
           sides: Sequence[int] = (), sitting_out: frozenset[Seat] = frozenset(),
           misere: bool = False, seats: int | None = None) -> Position:
        """Build and check a position from lists (or a seat -> cards mapping)."""
        if isinstance(hands, Mapping):
            count = seats if seats is not None else max(hands) + 1
            table = tuple(tuple(hands.get(s, ())) for s in range(count))
        else:
            table = tuple(tuple(h) for h in hands)
        position = Position(table, rules, leader, tuple(trick), tuple(sides), sitting_out, misere)
        position.check()
        return position

    @property
    def seats(self) -> int:
        return len(self.hands)

    @property
    def active(self) -> list[Seat]:
        return [s for s in range(self.seats) if s not in self.sitting_out]

    def side(self, seat: Seat) -> int:
        return self.sides[seat] if self.sides else seat % 2

    def next_active(self, seat: Seat) -> Seat:
        nxt = (seat + 1) % self.seats
        while nxt in self.sitting_out:
            nxt = (nxt + 1) % self.seats
        return nxt

    def trick_seats(self) -> list[Seat]:
        """The seats that played to the current trick, in order."""
        seats = [self.leader]
        while len(seats) < len(self.trick):
            seats.append(self.next_active(seats[-1]))
        return seats[:len(self.trick)]

    def to_play(self) -> Seat:
        seat = self.leader
        for _ in self.trick:
            seat = self.next_active(seat)
        return seat

    def tricks_left(self) -> int:
        """Tricks still to be decided, the one on the table included."""
        return len(self.hands[self.leader]) + (1 if self.trick else 0)

    def legal(self) -> list[Card]:
        led = self.rules.suit_of(self.trick[0]) if self.trick else None
        return legal_cards(self.hands[self.to_play()], led, self.rules)

    def check(self) -> None:
        """Raise ``ValueError`` saying what is wrong with an impossible position."""
        active = self.active
        if self.leader not in active:
            raise ValueError(f"the leader, seat {self.leader}, does not play this hand")
        if len(active) < 2:
            raise ValueError("a trick needs at least two seats playing")
        if len(self.trick) >= len(active):
            raise ValueError("the trick on the table is already complete")
        if self.sides and (len(self.sides) != self.seats or set(self.sides) - {0, 1}):
            raise ValueError("sides must give each seat side 0 or 1")
        played = set(self.trick_seats())
        size = len(self.hands[self.leader]) + (1 if self.trick else 0)
        for seat in active:
            expected = size - (1 if seat in played else 0)
            if len(self.hands[seat]) != expected:
                raise ValueError(f"seat {seat} holds {len(self.hands[seat])} cards, not {expected}")
        every = [c for h in self.hands for c in h] + list(self.trick)
        if len(set(every)) != len(every):
            raise ValueError("a card appears twice")
