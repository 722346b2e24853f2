"""Actions and events every trick game shares, so one table can animate them all.

A game may add its own (Euchre's calls), but dealing, playing a card, taking a trick,
scoring a hand and winning the game look the same everywhere. Each event says what happened
as a template with its values (``message()``, games.core.words), for the app to put in a
player's words; so do the refusals every trick game shares (``turn_refusal`` and the like).
"""

from __future__ import annotations

from dataclasses import dataclass

from games.core.cards import Card, Suit
from games.core.protocol import Action, Event, Seat, seat_name
from games.core.tricks import Trick
from games.core.words import N, Side, T, Who, Words


def partners(side: int) -> Side:
    """A partnership as a message's value (side 0 sits in seats 0 and 2)."""
    return Side((side, side + 2))


def side_words(side: int) -> Words:
    """A partnership as a message of its own, for the app to name ("You & Otto")."""
    return T("{side}", side=partners(side))


def turn_refusal(turn: Seat, seat: Seat) -> Words:
    """Why ``seat`` may not act: it is ``turn``'s turn."""
    return T("it is not {seat}'s turn: {turn} plays now", seat=Who(seat), turn=Who(turn))


def not_held(card: Card, seat: Seat) -> Words:
    """Why ``seat`` may not play ``card``: it does not hold it."""
    return T("{card} is not in {seat}'s hand", card=card, seat=Who(seat))


def follow_suit(led: Suit) -> Words:
    """Why a card of another suit may not be played: the player holds some of ``led``."""
    return T("you must follow suit: play one of your {suit}", suit=led)


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
        return T("hand {number}: {dealer} deals", number=self.number, dealer=Who(self.dealer))


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
        return N("{seat} is dealt {count} card", "{seat} is dealt {count} cards",
                 seat=Who(self.seat), count=len(self.cards))


@dataclass(frozen=True)
class CardTurned(Event):
    """A card turned face up for all to see (Whist's trump card, Euchre's upcard)."""

    card: Card
    seat: Seat

    def message(self) -> Words:
        return T("{card} is turned up", card=self.card)


@dataclass(frozen=True)
class TrumpSet(Event):
    suit: Suit
    maker: Seat | None = None
    alone: bool = False

    def message(self) -> Words:
        if self.maker is None:
            return T("{suit} are trumps", suit=self.suit)
        if self.alone:
            return T("{seat} goes alone with {suit} as trumps", seat=Who(self.maker), suit=self.suit)
        return T("{seat} makes {suit} trumps", seat=Who(self.maker), suit=self.suit)


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
    why (a message: "P1 & P3 took 8 tricks: 2 points")."""

    tricks: tuple[int, ...]
    points: tuple[int, ...]
    scores: tuple[int, ...]
    summary: Words

    def message(self) -> Words:
        return self.summary


@dataclass(frozen=True)
class GameOver(Event):
    side: int
    scores: tuple[int, ...]

    def message(self) -> Words:
        return T("{side} win the game {high}-{low}", side=partners(self.side), high=max(self.scores),
                 low=min(self.scores))
