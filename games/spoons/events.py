"""Spoons' actions and events: small frozen values; an action's ``str()`` is its notation, an
event's ``message()`` what the log says (``games.core.words``)."""

from __future__ import annotations

from dataclasses import dataclass

from games.core.cards import Card
from games.core.protocol import Event, Seat, seat_name
from games.core.realtime import TimedAction
from games.core.words import T, Who, Words

# --- actions ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Take(TimedAction):
    """Pick up the next card: the dealer from the stock, everyone else from their queue."""

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} takes a card {self.stamp()}"


@dataclass(frozen=True)
class Pass(TimedAction):
    """Pass ``card`` face down to the right (the last seat of the chain discards it)."""

    card: Card

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} passes {self.card} {self.stamp()}"


@dataclass(frozen=True)
class Grab(TimedAction):
    """Grab a spoon (in Pig: touch one's nose)."""

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} grabs {self.stamp()}"


# --- events -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Dealt(Event):
    round: int
    dealer: Seat
    players: tuple[Seat, ...]
    spoons: int

    def message(self) -> Words:
        return T("round {number}: {seat} deals four cards to each of {count} players; {spoons} on the table",
                 number=self.round, seat=Who(self.dealer), count=len(self.players), spoons=self.spoons)


@dataclass(frozen=True)
class Took(Event):
    """``seat`` picked up a card; only that seat sees which (``card`` is None for others)."""

    seat: Seat
    card: Card | None
    from_stock: bool

    def seen_by(self, viewer: Seat | None) -> Event:
        return self if viewer == self.seat else Took(self.seat, None, self.from_stock)

    def message(self) -> Words:
        where = T("the stock") if self.from_stock else T("their queue")
        if self.card is None:
            return T("{seat} takes a card from {where}", seat=Who(self.seat), where=where)
        return T("{seat} takes {card} from {where}", seat=Who(self.seat), card=self.card, where=where)


@dataclass(frozen=True)
class Passed(Event):
    """A card went face down from ``seat`` to ``to`` (None: the discard pile). ``through`` is
    true when a Pig player with a finger on their nose sent it on unseen. Only the passer
    sees which card, and not even they when it went through: the receiver sees it when they
    take it (``Took``)."""

    seat: Seat
    to: Seat | None
    card: Card | None
    through: bool = False

    def seen_by(self, viewer: Seat | None) -> Event:
        if viewer == self.seat and not self.through:
            return self
        return Passed(self.seat, self.to, None, self.through)

    def message(self) -> Words:
        where = T("{seat}", seat=Who(self.to)) if self.to is not None else T("the discard pile")
        if self.card is None:
            return T("{seat} passes a card to {where}", seat=Who(self.seat), where=where)
        return T("{seat} passes {card} to {where}", seat=Who(self.seat), card=self.card, where=where)


@dataclass(frozen=True)
class Recycled(Event):
    cards: int

    def message(self) -> Words:
        return T("the stock ran out: {count} discards are shuffled into a new stock", count=self.cards)


@dataclass(frozen=True)
class Grabbed(Event):
    """A true grab: ``first`` when it started the scramble (four of a kind shown)."""

    seat: Seat
    at_ms: int
    first: bool
    left: int                   # spoons (or nose places) still free

    def message(self) -> Words:
        if self.first:
            return T("{seat} grabs with four of a kind ({count} left)", seat=Who(self.seat), count=self.left)
        return T("{seat} grabs in the scramble ({count} left)", seat=Who(self.seat), count=self.left)


@dataclass(frozen=True)
class FalseGrab(Event):
    seat: Seat
    at_ms: int

    def message(self) -> Words:
        return T("{seat} grabs without four of a kind: a false grab", seat=Who(self.seat))


@dataclass(frozen=True)
class RoundLost(Event):
    """``seat`` lost the round and now has ``letters`` letters of ``word``."""

    seat: Seat
    letters: int
    word: str
    false_grab: bool

    def message(self) -> Words:
        if self.false_grab:
            return T("{seat} is out of the round for a false grab and has {letters}", seat=Who(self.seat),
                     letters=self.word[:self.letters])
        return T("{seat} is left out and has {letters}", seat=Who(self.seat), letters=self.word[:self.letters])


@dataclass(frozen=True)
class Eliminated(Event):
    seat: Seat
    word: str

    def message(self) -> Words:
        return T("{seat} has spelled {word} and is out", seat=Who(self.seat), word=self.word)


@dataclass(frozen=True)
class GameWon(Event):
    seat: Seat

    def message(self) -> Words:
        return T("{seat} is the last player left and wins", seat=Who(self.seat))
