"""Actions and events every trick game shares, so one table can animate them all.

A game may add its own (Euchre's calls), but dealing, playing a card, taking a trick,
scoring a hand and winning the game look the same everywhere.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.core.cards import Card, Suit
from games.core.protocol import Action, Event, Seat, seat_name
from games.core.tricks import Trick


def side_name(side: int) -> str:
    """Partnerships are named by their seats: side 0 is P1 & P3."""
    return f"P{side + 1} & P{side + 3}"


@dataclass(frozen=True)
class PlayCard(Action):
    card: Card

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} play {self.card}"


@dataclass(frozen=True)
class NewDeal(Event):
    """A hand begins: its number and dealer."""

    number: int
    dealer: Seat

    def __str__(self) -> str:
        return f"hand {self.number}: {seat_name(self.dealer)} deals"


@dataclass(frozen=True)
class HandDealt(Event):
    """A seat's cards; other viewers see only how many (``None`` entries)."""

    seat: Seat
    cards: tuple[Card | None, ...]

    def seen_by(self, viewer: Seat | None) -> Event:
        if viewer == self.seat:
            return self
        return HandDealt(self.seat, tuple(None for _ in self.cards))

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} is dealt {len(self.cards)} cards"


@dataclass(frozen=True)
class CardTurned(Event):
    """A card turned face up for all to see (Whist's trump card, Euchre's upcard)."""

    card: Card
    seat: Seat

    def __str__(self) -> str:
        return f"{self.card} is turned up: {self.card.suit.title} proposed" if self.card.suit else "card turned"


@dataclass(frozen=True)
class TrumpSet(Event):
    suit: Suit
    maker: Seat | None = None
    alone: bool = False

    def __str__(self) -> str:
        who = f" by {seat_name(self.maker)}" if self.maker is not None else ""
        return f"trumps are {self.suit.title}{who}" + (" (alone)" if self.alone else "")


@dataclass(frozen=True)
class CardPlayed(Event):
    seat: Seat
    card: Card

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} plays {self.card}"


@dataclass(frozen=True)
class TrickTaken(Event):
    """A trick is complete; ``won`` is every seat's trick count after it."""

    trick: Trick
    won: tuple[int, ...]

    @property
    def winner(self) -> Seat:
        return self.trick.winner

    def __str__(self) -> str:
        return f"{seat_name(self.trick.winner)} takes the trick ({' '.join(str(c) for _, c in self.trick.plays)})"


@dataclass(frozen=True)
class HandScored(Event):
    """The hand is over: tricks and points per partnership, running scores, and a line saying
    why (``"P1 & P3 made 8 tricks: 2 points"``)."""

    tricks: tuple[int, ...]
    points: tuple[int, ...]
    scores: tuple[int, ...]
    summary: str

    def __str__(self) -> str:
        return self.summary


@dataclass(frozen=True)
class GameOver(Event):
    side: int
    scores: tuple[int, ...]

    def __str__(self) -> str:
        return f"{side_name(self.side)} win the game {max(self.scores)}-{min(self.scores)}"
