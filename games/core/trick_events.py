"""Actions and events every trick game shares, so one table can animate them all.

A game may add its own (Euchre's calls), but dealing, playing a card, taking a trick,
scoring a hand and winning the game look the same everywhere.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.core.cards import Card, Suit
from games.core.protocol import Action, Event, Seat, seat_name
from games.core.tricks import Trick
from games.core.words import N, Side, T, Who, Words


def side_name(side: int) -> str:
    """Partnerships are named by their seats: side 0 is P1 & P3."""
    return str(side_words(side))


def side_words(side: int) -> Words:
    """A partnership as a message's value: side 0 is seats 0 and 2 (the app names them)."""
    return T("{side}", side=Side((side, side + 2)))


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

    def message(self) -> Words:
        return T("hand {number}: {seat} deals", number=self.number, seat=Who(self.dealer))


@dataclass(frozen=True)
class HandDealt(Event):
    """A seat's cards; other viewers see only how many (``None`` entries)."""

    seat: Seat
    cards: tuple[Card | None, ...]

    def seen_by(self, viewer: Seat | None) -> Event:
        if viewer == self.seat:
            return self
        return HandDealt(self.seat, tuple(None for _ in self.cards))

    def message(self) -> Words:
        return N("{seat} is dealt {count} card", "{seat} is dealt {count} cards", seat=Who(self.seat),
                 count=len(self.cards))


@dataclass(frozen=True)
class CardTurned(Event):
    """A card turned face up for all to see (Whist's trump card, Euchre's upcard)."""

    card: Card
    seat: Seat

    def message(self) -> Words:
        if self.card.suit is None:
            return T("a card is turned up")
        return T("{card} is turned up: {suit} proposed", card=self.card, suit=self.card.suit)


@dataclass(frozen=True)
class TrumpSet(Event):
    suit: Suit
    maker: Seat | None = None
    alone: bool = False

    def message(self) -> Words:
        if self.maker is None:
            return T("trumps are {suit}", suit=self.suit)
        if self.alone:
            return T("trumps are {suit} by {seat} (alone)", suit=self.suit, seat=Who(self.maker))
        return T("trumps are {suit} by {seat}", suit=self.suit, seat=Who(self.maker))


@dataclass(frozen=True)
class CardPlayed(Event):
    seat: Seat
    card: Card

    def message(self) -> Words:
        return T("{seat} plays {card}", seat=Who(self.seat), card=self.card)


@dataclass(frozen=True)
class TrickTaken(Event):
    """A trick is complete; ``won`` is every seat's trick count after it."""

    trick: Trick
    won: tuple[int, ...]

    @property
    def winner(self) -> Seat:
        return self.trick.winner

    def message(self) -> Words:
        return T("{seat} takes the trick ({cards})", seat=Who(self.trick.winner),
                 cards=tuple(card for _, card in self.trick.plays))


@dataclass(frozen=True)
class HandScored(Event):
    """The hand is over: tricks and points per partnership, running scores, and a line saying
    why (``"P1 & P3 made 8 tricks: 2 points"``, a message; or a finished line, kept as written)."""

    tricks: tuple[int, ...]
    points: tuple[int, ...]
    scores: tuple[int, ...]
    summary: Words | str

    def message(self) -> Words:
        return self.summary if isinstance(self.summary, Words) else Words.plain(self.summary)


@dataclass(frozen=True)
class GameOver(Event):
    side: int
    scores: tuple[int, ...]

    def message(self) -> Words:
        return T("{side} win the game {high}-{low}", side=side_words(self.side), high=max(self.scores),
                 low=min(self.scores))
