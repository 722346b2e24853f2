"""Spoons' actions and events: small frozen values with a readable ``str()``."""

from __future__ import annotations

from dataclasses import dataclass

from games.core.cards import Card
from games.core.protocol import Event, Seat, seat_name
from games.core.realtime import TimedAction

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

    def __str__(self) -> str:
        return (f"round {self.round}: {seat_name(self.dealer)} deals four cards to each of "
                f"{len(self.players)} players; {self.spoons} on the table")


@dataclass(frozen=True)
class Took(Event):
    """``seat`` picked up a card; only that seat sees which (``card`` is None for others)."""

    seat: Seat
    card: Card | None
    from_stock: bool

    def seen_by(self, viewer: Seat | None) -> Event:
        return self if viewer == self.seat else Took(self.seat, None, self.from_stock)

    def __str__(self) -> str:
        where = "the stock" if self.from_stock else "their queue"
        what = f" {self.card}" if self.card is not None else " a card"
        return f"{seat_name(self.seat)} takes{what} from {where}"


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

    def __str__(self) -> str:
        where = seat_name(self.to) if self.to is not None else "the discard pile"
        what = str(self.card) if self.card is not None else "a card"
        return f"{seat_name(self.seat)} passes {what} to {where}"


@dataclass(frozen=True)
class Recycled(Event):
    cards: int

    def __str__(self) -> str:
        return f"the stock ran out: {self.cards} discards are shuffled into a new stock"


@dataclass(frozen=True)
class Grabbed(Event):
    """A true grab: ``first`` when it started the scramble (four of a kind shown)."""

    seat: Seat
    at_ms: int
    first: bool
    left: int                   # spoons (or nose places) still free

    def __str__(self) -> str:
        how = "with four of a kind" if self.first else "in the scramble"
        return f"{seat_name(self.seat)} grabs {how} @{self.at_ms}ms ({self.left} left)"


@dataclass(frozen=True)
class FalseGrab(Event):
    seat: Seat
    at_ms: int

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} grabs without four of a kind @{self.at_ms}ms: a false grab"


@dataclass(frozen=True)
class RoundLost(Event):
    """``seat`` lost the round and now has ``letters`` letters of ``word``."""

    seat: Seat
    letters: int
    word: str
    false_grab: bool

    def __str__(self) -> str:
        why = "for a false grab" if self.false_grab else "left out"
        return f"{seat_name(self.seat)} is {why} and has {self.word[:self.letters]}"


@dataclass(frozen=True)
class Eliminated(Event):
    seat: Seat
    word: str

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} has spelled {self.word} and is out"


@dataclass(frozen=True)
class GameWon(Event):
    seat: Seat

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} is the last player left and wins"
