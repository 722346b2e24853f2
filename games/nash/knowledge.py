"""What one seat knows in the Nash game, rebuilt from its memory (the events it witnessed).

- ``seen``: every card it has ever seen (its own, cards handed over face up, cards taken
  from it or by it at random, cards it drew, turned mystery cards). No seen card can be a
  mystery card.
- ``holds[p]``: cards it knows are in player p's hand: cards it lost to p, cards p was
  handed face up; gone again when p hands them over or loses them where it can see.
- ``lacks[p]``: values p's unknown cards cannot have: p failed to hand any over, or handed
  all of them. Forgotten when p gains a card this seat did not see (which might be one).
- ``shown``: cards another player has seen (so holding them keeps no secret).
- ``unsure``: players whose known cards may have moved unseen (with three players, when
  another player took a random card from a hand this seat knew part of); their hands count
  as places nothing is known about.

``remember`` limits the memory to the last events, for the easier players.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from games.core.cards import Card
from games.core.protocol import Event, Seat
from games.nash import rules as nr
from games.nash.odds import Zone, odds


@dataclass
class Knowledge:
    seat: Seat
    seats: int
    faces: bool
    seen: set[Card] = field(default_factory=set)
    holds: dict[Seat, set[Card]] = field(default_factory=dict)
    lacks: dict[Seat, set[int]] = field(default_factory=dict)
    unsure: set[Seat] = field(default_factory=set)
    shown: set[Card] = field(default_factory=set)

    @classmethod
    def from_view(cls, view: nr.NashView, remember: int | None = None) -> Knowledge:
        know = cls(view.seat, view.seats, view.faces)
        know.holds = {p: set() for p in range(view.seats) if p != view.seat}
        know.lacks = {p: set() for p in know.holds}
        log = view.log if remember is None else view.log[-remember:]
        for event in log:
            know.learn(event)
        know.seen.update(view.hand)
        know.seen.update(m for m in view.mysteries if m is not None)
        return know

    # reading events ---------------------------------------------------------------------------

    def learn(self, event: Event) -> None:
        handler = getattr(self, "_" + type(event).__name__, None)
        if handler is not None:
            handler(event)

    def _Dealt(self, event: nr.Dealt) -> None:
        self._gain_unseen(event.seat, event.cards)

    def _Drew(self, event: nr.Drew) -> None:
        self._gain_unseen(event.seat, event.cards)

    def _gain_unseen(self, seat: Seat, cards: tuple[Card | None, ...]) -> None:
        self.seen.update(c for c in cards if c is not None)
        if seat != self.seat and any(c is None for c in cards):
            self.lacks[seat].clear()

    def _Handed(self, event: nr.Handed) -> None:
        self.seen.update(event.cards)
        self.shown.update(event.cards)
        value = nr.value_of(event.cards[0])
        if event.giver != self.seat:
            self.holds[event.giver].difference_update(event.cards)
            self.lacks[event.giver].add(value)
        if event.taker != self.seat:
            self.holds[event.taker].update(event.cards)

    def _NoneHeld(self, event: nr.NoneHeld) -> None:
        for p in self.holds:
            if p != event.seat:
                self.lacks[p].add(event.value)

    def _TookRandom(self, event: nr.TookRandom) -> None:
        taker, giver, card = event.taker, event.giver, event.card
        if card is not None:
            self.seen.add(card)
            self.shown.add(card)
            if giver != self.seat:
                self.holds[giver].discard(card)
            if taker != self.seat:
                self.holds[taker].add(card)
            return
        # Someone else's random take: the taker gained a card we did not see.
        self.lacks[taker].clear()
        if self.holds[giver] or giver in self.unsure:
            self.unsure.update((giver, taker))

    def _Revealed(self, event: nr.Revealed) -> None:
        self.seen.add(event.card)

    # questions --------------------------------------------------------------------------------

    def unseen(self) -> Counter[int]:
        """How many cards of each value this seat has not seen."""
        deck = nr.deck_for(self.seats, self.faces)
        counts = Counter({v: 0 for v in range(1, nr.top_value(self.faces) + 1)})
        counts.update(nr.value_of(c) for c in deck if c not in self.seen)
        return counts

    def places(self, view: nr.NashView) -> tuple[list[Zone], int]:
        """The constrained hands and the number of free places (stacks, mysteries, the rest)."""
        zones: list[Zone] = []
        for p in self.holds:
            if p in self.unsure:
                continue
            size = view.hand_sizes[p] - len(self.holds[p])
            zones.append((size, frozenset(self.lacks[p])))
        unseen = sum(self.unseen().values())
        return zones, unseen - sum(size for size, _ in zones)

    def mystery_odds(self, view: nr.NashView) -> dict[int, float]:
        """The exact chance of each value for the next mystery card, given this knowledge."""
        zones, free = self.places(view)
        return odds(self.unseen(), zones, free)

    def pool_size(self, view: nr.NashView) -> int:
        """Cards in the stacks and face-down mystery cards."""
        return sum(view.stacks) + sum(1 for m in view.mysteries if m is None)

    def held_by_others(self, value: int) -> int:
        """Cards of ``value`` this seat knows other players hold."""
        return sum(1 for p, cards in self.holds.items() for c in cards if nr.value_of(c) == value)

    def private_share(self, hand: tuple[Card, ...]) -> float:
        """The share of this seat's hand no other player has seen: what a random card lost
        to them would give away."""
        return sum(1 for c in hand if c not in self.shown) / len(hand) if hand else 0.0
