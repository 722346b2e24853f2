"""Abstrac for two players (see shared/rules/abstrac.md): a row of 24 face-up cards, each
player in turn taking 1, 2 or 3 from its top end, scored by sets and sequences multiplied
by the cards the other player took. Everything is public, so no view hides anything.

>>> state = new_game(AbstracOptions(), seed=3)
>>> chooser = state.to_act()[0]
>>> chooser == 1 - state.dealer
True
>>> _ = state.apply(Choose(chooser, first=True))
>>> _ = state.apply(Take(chooser, 3))
>>> len(state.row), len(state.taken[chooser])
(21, 3)
"""

from __future__ import annotations

from random import Random
from dataclasses import dataclass, field
from typing import Generic, overload

from games.abstrac.scoring import (  # noqa: F401  (re-exported: the scoring API lives here too)
    combination_points, deal_scores, misere,
)
from games.core.cards import Card, euchre_deck
from games.core.protocol import NOT_ALLOWED_NOW, Action, Event, Outcome, Seat, check_legal, copy_rng, seat_name
from games.core.watching import SeatT
from games.core.words import T, Value, Who, Words

MAX_TAKE = 3
DEAL_CHOICES = (1, 2, 4, 6)


@dataclass(frozen=True)
class AbstracOptions:
    """Always two seats; ``deals`` is the length of the match (the dealer alternates)."""

    seats: int = 2
    deals: int = 2

    def __post_init__(self) -> None:
        if self.seats != 2:
            raise ValueError(f"Abstrac is for 2 players, not {self.seats}")
        if self.deals not in DEAL_CHOICES:
            raise ValueError(f"a match is {', '.join(map(str, DEAL_CHOICES))} deals, not {self.deals}")


# --- actions ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Choose(Action):
    """The non-dealer decides to take first (``first``) or to let the dealer start."""

    first: bool

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} chooses to go {'first' if self.first else 'second'}"


@dataclass(frozen=True)
class Take(Action):
    """Take ``count`` cards from the top end of the row."""

    count: int

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} takes {self.count}"


# --- events -------------------------------------------------------------------------------

@dataclass(frozen=True)
class Dealt(Event):
    number: int
    dealer: Seat
    row: tuple[Card, ...]

    def message(self) -> Words:
        return T("deal {number}: {seat} lays out the row", number=self.number, seat=Who(self.dealer))


@dataclass(frozen=True)
class Chose(Event):
    seat: Seat
    first: bool

    def message(self) -> Words:
        return T("{seat} goes first", seat=Who(self.seat)) if self.first else T("{seat} goes second", seat=Who(self.seat))


@dataclass(frozen=True)
class Took(Event):
    seat: Seat
    cards: tuple[Card, ...]
    left: int

    def message(self) -> Words:
        return T("{seat} takes {cards} ({count} left)", seat=Who(self.seat), cards=self.cards, count=self.left)


@dataclass(frozen=True)
class DealScored(Event):
    number: int
    points: tuple[int, int]
    scores: tuple[int, int]
    misere: Seat | None
    totals: tuple[int, int]

    def message(self) -> Words:
        values: dict[str, Value] = {"number": self.number, "first": Who(0), "a": self.scores[0], "second": Who(1),
                                    "b": self.scores[1], "total_a": self.totals[0], "total_b": self.totals[1]}
        if self.misere is not None:
            return T("deal {number} scores {first} {a}, {second} {b} (misère: {seat} made no combination); "
                     "totals {total_a}-{total_b}", seat=Who(self.misere), **values)
        return T("deal {number} scores {first} {a}, {second} {b}; totals {total_a}-{total_b}", **values)


@dataclass(frozen=True)
class MatchOver(Event):
    winners: tuple[Seat, ...]
    totals: tuple[int, int]

    def message(self) -> Words:
        if len(self.winners) != 1:
            return T("the match is drawn at {a}-{b}", a=self.totals[0], b=self.totals[1])
        return T("{seat} wins the match {high}-{low}", seat=Who(self.winners[0]), high=max(self.totals),
                 low=min(self.totals))


# --- the view -----------------------------------------------------------------------------

@dataclass(frozen=True)
class AbstracView(Generic[SeatT]):
    """Everything is public: the view is the whole position plus the seat's legal actions."""

    seat: SeatT
    row: tuple[Card, ...]
    taken: tuple[tuple[Card, ...], tuple[Card, ...]]
    turn: Seat | None
    choosing: bool
    dealer: Seat
    deal: int
    deals: int
    totals: tuple[int, int]
    legal: tuple[Action, ...]

    @property
    def seats(self) -> int:
        return len(self.taken)


# --- the state ----------------------------------------------------------------------------

@dataclass(eq=False)
class AbstracState:
    options: AbstracOptions
    rng: Random
    dealer: Seat = 0
    deal: int = 0
    row: list[Card] = field(default_factory=list)        # row[0] is the top end
    taken: list[list[Card]] = field(default_factory=lambda: [[], []])
    turn: Seat | None = None
    choosing: bool = False
    totals: list[int] = field(default_factory=lambda: [0, 0])
    opening: list[Event] = field(default_factory=list)

    seats = 2

    def to_act(self) -> list[Seat]:
        return [] if self.turn is None else [self.turn]

    def legal_actions(self, seat: Seat) -> list[Action]:
        if seat != self.turn:
            return []
        if self.choosing:
            return [Choose(seat, True), Choose(seat, False)]
        return [Take(seat, k) for k in range(1, min(MAX_TAKE, len(self.row)) + 1)]

    def apply(self, action: Action) -> list[Event]:
        check_legal(self, action, self._refusal)
        if isinstance(action, Choose):
            self.choosing = False
            self.turn = action.seat if action.first else 1 - action.seat
            return [Chose(action.seat, action.first)]
        assert isinstance(action, Take)
        cards = tuple(self.row[:action.count])
        del self.row[:action.count]
        self.taken[action.seat].extend(cards)
        events: list[Event] = [Took(action.seat, cards, len(self.row))]
        if self.row:
            self.turn = 1 - action.seat
            return events
        return events + self._score_deal()

    @overload
    def view(self, seat: Seat) -> AbstracView: ...
    @overload
    def view(self, seat: None) -> AbstracView[None]: ...
    @overload
    def view(self, seat: Seat | None) -> AbstracView[Seat | None]: ...
    def view(self, seat: Seat | None) -> AbstracView[Seat | None]:
        return AbstracView(
            seat=seat, row=tuple(self.row), taken=(tuple(self.taken[0]), tuple(self.taken[1])),
            turn=self.turn, choosing=self.choosing, dealer=self.dealer, deal=self.deal,
            deals=self.options.deals, totals=(self.totals[0], self.totals[1]),
            legal=tuple(self.legal_actions(seat)) if seat is not None else (),
        )

    def is_over(self) -> bool:
        return self.turn is None

    def outcome(self) -> Outcome | None:
        if not self.is_over():
            return None
        best = max(self.totals)
        winners = tuple(s for s in range(2) if self.totals[s] == best)
        return Outcome(winners, (float(self.totals[0]), float(self.totals[1])), T("highest total"))

    def clone(self) -> AbstracState:
        return AbstracState(self.options, copy_rng(self.rng), self.dealer, self.deal, list(self.row),
                            [list(t) for t in self.taken], self.turn, self.choosing, list(self.totals))

    def all_cards(self) -> list[Card]:
        return self.row + self.taken[0] + self.taken[1]

    def hidden_from(self, seat: Seat | None) -> list[Card]:
        return []

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, AbstracState):
            return NotImplemented
        return self._key() == other._key()

    def _key(self) -> tuple[object, ...]:
        return (self.options, self.rng.getstate(), self.dealer, self.deal, self.row, self.taken,
                self.turn, self.choosing, self.totals)

    # rules --------------------------------------------------------------------------------

    def _refusal(self, action: object) -> Words:
        """Why ``action`` is not legal now, in a player's words (``check_legal`` asks
        only once ``legal_actions`` has refused it)."""
        if not isinstance(action, (Choose, Take)):
            return T("Abstrac has no action {what}", what=repr(action))
        if self.turn is None:
            return T("the match is over")
        if action.seat != self.turn:
            return T("it is not {seat}'s turn: {other} plays now", seat=Who(action.seat), other=Who(self.turn))
        if self.choosing and not isinstance(action, Choose):
            return T("first choose whether to go first or second")
        if not self.choosing and isinstance(action, Choose):
            return T("the order of play is already chosen")
        if isinstance(action, Take) and not 1 <= action.count <= min(MAX_TAKE, len(self.row)):
            return T("take 1 to {most} cards, not {count}", most=min(MAX_TAKE, len(self.row)), count=action.count)
        return NOT_ALLOWED_NOW

    def _score_deal(self) -> list[Event]:
        a, b = self.taken
        points = (combination_points(a), combination_points(b))
        scores = deal_scores(a, b)
        self.totals = [self.totals[0] + scores[0], self.totals[1] + scores[1]]
        events: list[Event] = [DealScored(self.deal, points, scores, misere(points), (self.totals[0], self.totals[1]))]
        if self.deal >= self.options.deals:
            self.turn = None
            outcome = self.outcome()
            assert outcome is not None
            return events + [MatchOver(outcome.winners, (self.totals[0], self.totals[1]))]
        self.dealer = 1 - self.dealer
        return events + self._deal()

    def _deal(self) -> list[Event]:
        deck = euchre_deck()
        self.rng.shuffle(deck)
        self.deal += 1
        self.row = deck
        self.taken = [[], []]
        self.turn, self.choosing = 1 - self.dealer, True
        return [Dealt(self.deal, self.dealer, tuple(deck))]


def new_game(options: AbstracOptions, seed: int) -> AbstracState:
    """Start a match: the first dealer is drawn at random, then the first row is laid out."""
    rng = Random(seed)
    state = AbstracState(options, rng)
    state.dealer = rng.randrange(2)
    state.opening = state._deal()
    return state
