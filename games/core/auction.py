"""The auction of the bidding games (Nap, Nash Whist): the seats call in turn, each call a
bid or a pass; a seat that passes is out of the auction, and the last bid made stands until
a higher one beats it.

Each game keeps its own bids, their order, who may call what and when the auction ends.
This module keeps what is the same everywhere: the calls in order (the history every seat
sees), who has passed, the standing bid and its bidder, and the events that tell the table
about them, so one auction panel can read every game's calls. A bid says its own name as a
message (``words()``, see ``Worded``) so the calls can be put in a player's words.

>>> auction: Auction[str] = Auction()
>>> [str(auction.call(seat, bid)) for seat, bid in ((0, "Two"), (1, None), (2, "Three"))]
['P1: Two', 'P2: Pass', 'P3: Three']
>>> auction.standing, auction.standing_seat, sorted(auction.passed), auction.bid_of(1)
('Three', 2, [1], None)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar, runtime_checkable

from games.core.protocol import Event, Seat
from games.core.words import Side, T, Who, Words

B = TypeVar("B")


@runtime_checkable
class Worded(Protocol):
    """A bid that names itself as a message ("Six-Out {suit}"); a bid without ``words()``
    (a plain string in a doctest) is named by its ``str()``."""

    def words(self) -> Words: ...


def bid_words(bid: object) -> Words:
    """A call as a message: the bid's own words, or "Pass" for ``None``."""
    if bid is None:
        return T("Pass")
    if isinstance(bid, Worded):
        return bid.words()
    return T("{bid}", bid=str(bid))


@dataclass(frozen=True)
class Called(Event, Generic[B]):
    """A call in the auction: the seat's bid, or ``None`` for a pass."""

    seat: Seat
    bid: B | None

    @property
    def words(self) -> str:
        """The call in the engine's notation ("Pass", "Six-In"), for tests and logs."""
        return "Pass" if self.bid is None else str(self.bid)

    def call(self) -> Words:
        """The call as said (a bubble under the seat, the history): "Pass", "Six-Out hearts"."""
        return bid_words(self.bid)

    def message(self) -> Words:
        return T("{seat}: {call}", seat=Who(self.seat), call=self.call())


@dataclass(frozen=True)
class AllPassed(Event):
    """Nobody bid: the hand is thrown in and the deal moves on."""

    def message(self) -> Words:
        return T("everyone passes: the hand is thrown in and the deal moves on")


@dataclass(frozen=True)
class ContractWon(Event, Generic[B]):
    """The auction is over: the declarer, the winning bid and, for a bid two seats play
    together, the partner."""

    seat: Seat
    bid: B
    partner: Seat | None = None

    def message(self) -> Words:
        return T("{seat} plays {bid}", seat=Who(self.seat), bid=bid_words(self.bid))


def session_over(reason: Words, winners: tuple[Seat, ...], chips: int) -> Words:
    """The end of a session of the bidding games, which play for chips: why it ended, and who
    won with how many."""
    if len(winners) == 1:
        return T("{reason}: {seat} wins with {chips} chips", reason=reason, seat=Who(winners[0]), chips=chips)
    return T("{reason}: {seats} win with {chips} chips", reason=reason, seats=Side(winners), chips=chips)


@dataclass
class Auction(Generic[B]):
    """One hand's auction so far. Iterating gives the calls in order, ``(seat, bid)`` with
    ``None`` for a pass."""

    calls: list[tuple[Seat, B | None]] = field(default_factory=list)
    passed: frozenset[Seat] = frozenset()
    standing: B | None = None
    standing_seat: Seat | None = None

    def call(self, seat: Seat, bid: B | None, stands: bool = True) -> Called[B]:
        """Record a call and return its event. A pass puts the seat out of the auction; a
        bid becomes the one to beat unless ``stands`` is false (a call that answers the
        standing bid, such as Nash Whist's Cop, without replacing it)."""
        self.calls.append((seat, bid))
        if bid is None:
            self.passed = self.passed | {seat}
        elif stands:
            self.standing, self.standing_seat = bid, seat
        return Called(seat, bid)

    def spoken(self, seat: Seat) -> bool:
        """Whether the seat has called at all this hand."""
        return any(s == seat for s, _ in self.calls)

    def bid_of(self, seat: Seat) -> B | None:
        """The seat's last call: its bid, or ``None`` if it passed or has not spoken."""
        return next((bid for s, bid in reversed(self.calls) if s == seat), None)

    def bidders(self, seats: Iterable[Seat]) -> list[Seat]:
        """Those of ``seats`` still in the auction (who have not passed)."""
        return [s for s in seats if s not in self.passed]

    def next_bidder(self, order: Iterable[Seat]) -> Seat:
        """The first seat of ``order`` (the seats in turn after the one who just called)
        still in the auction."""
        return next(s for s in order if s not in self.passed)

    def copy(self) -> Auction[B]:
        return Auction(list(self.calls), self.passed, self.standing, self.standing_seat)

    def key(self) -> tuple[object, ...]:
        """Everything that tells two auctions apart, for a state's equality."""
        return (tuple(self.calls), self.passed, self.standing, self.standing_seat)

    def __iter__(self) -> Iterator[tuple[Seat, B | None]]:
        return iter(self.calls)

    def __len__(self) -> int:
        return len(self.calls)
