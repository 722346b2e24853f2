"""Ninety-Nine for 2-6 players (see shared/rules/ninety_nine.md).

Each seat starts with tokens. Players take turns playing a card onto the pile and the
running count changes by the card's value; the count may never pass 99. A player who cannot
play loses a token and the cards are dealt again; the last player holding tokens wins.

>>> state = new_game(NinetyNineOptions(seats=3), seed=7)
>>> seat = state.to_act()[0]
>>> action = state.legal_actions(seat)[0]
>>> events = state.apply(action)
>>> state.count == events[0].count
True
"""

from __future__ import annotations

from random import Random
from dataclasses import dataclass, field
from typing import Generic, overload

from games.core.cards import Card, Rank, standard_deck
from games.core.protocol import (
    NOT_ALLOWED_NOW, Action, Event, IllegalAction, Outcome, Seat, check_legal, copy_rng, seat_name,
)
from games.core.watching import SeatT
from games.core.words import N, T, Who, Words

LIMIT = 99
HAND_SIZE = 4


@dataclass(frozen=True)
class NinetyNineOptions:
    """Seat count (2-6) and the tokens each seat starts with."""

    seats: int = 4
    tokens: int = 3

    def __post_init__(self) -> None:
        if not 2 <= self.seats <= 6:
            raise ValueError(f"Ninety-Nine is for 2 to 6 players, not {self.seats}")
        if not 1 <= self.tokens <= 5:
            raise ValueError(f"tokens must be 1 to 5, not {self.tokens}")


# --- the cards' effects -------------------------------------------------------------------

def choices(card: Card, count: int) -> list[int | None]:
    """The legal ways to play ``card`` at ``count``: a signed amount for Ace and Ten
    (the player's choice), ``None`` for cards with one fixed effect. Empty if it would
    take the count over 99.

    >>> choices(Card.parse("AS"), 90)
    [1]
    >>> choices(Card.parse("TS"), 5)
    [10]
    >>> choices(Card.parse("TS"), 50)
    [10, -10]
    >>> choices(Card.parse("8S"), 95)
    []
    """
    if card.rank is Rank.ACE:
        options: list[int | None] = [1, 11]
    elif card.rank is Rank.TEN:
        # The count never goes below zero, so -10 needs a count of at least 10.
        options = [10, -10] if count >= 10 else [10]
    else:
        options = [None]
    return [value for value in options if new_count(card, count, value) <= LIMIT]


def new_count(card: Card, count: int, value: int | None = None) -> int:
    """The count after ``card`` is played at ``count`` (``value`` for Ace and Ten)."""
    rank = card.rank
    if rank in (Rank.ACE, Rank.TEN):
        if value is None:
            raise IllegalAction(T("say how {card} counts: 1 or 11", card=card) if rank is Rank.ACE
                                else T("say how {card} counts: +10 or -10", card=card))
        return count + value
    if rank is Rank.NINE:
        return LIMIT
    if rank in (Rank.FOUR, Rank.KING):
        return count
    if rank in (Rank.JACK, Rank.QUEEN):
        return count + 10
    return count + int(rank)


def can_play(hand: list[Card] | tuple[Card, ...], count: int) -> bool:
    return any(choices(card, count) for card in hand)


# --- actions and events -------------------------------------------------------------------

@dataclass(frozen=True)
class Play(Action):
    """Play ``card``; ``value`` is the chosen amount for an Ace (1/11) or Ten (+10/-10)."""

    card: Card
    value: int | None = None

    def __str__(self) -> str:
        text = f"{seat_name(self.seat)} play {self.card}"
        if self.value is not None:
            text += f" as {self.value:+d}" if self.card.rank is Rank.TEN else f" as {self.value}"
        return text


@dataclass(frozen=True)
class HandDealt(Event):
    """A new hand: ``cards`` is the seat's hand, or ``None`` entries when not the viewer's."""

    seat: Seat
    cards: tuple[Card | None, ...]
    dealer: Seat

    def seen_by(self, viewer: Seat | None) -> Event:
        if viewer == self.seat:
            return self
        return HandDealt(self.seat, tuple(None for _ in self.cards), self.dealer)

    def message(self) -> Words:
        return N("{seat} is dealt {count} card", "{seat} is dealt {count} cards", seat=Who(self.seat),
                 count=len(self.cards))


@dataclass(frozen=True)
class NewHand(Event):
    number: int
    dealer: Seat
    stock: int

    def message(self) -> Words:
        return T("hand {number}: {seat} deals", number=self.number, seat=Who(self.dealer))


@dataclass(frozen=True)
class Played(Event):
    seat: Seat
    card: Card
    value: int | None
    count: int

    def message(self) -> Words:
        return T("{seat} plays {card}: count {count}", seat=Who(self.seat), card=self.card, count=self.count)


@dataclass(frozen=True)
class Drew(Event):
    """``card`` is None for viewers other than the drawer."""

    seat: Seat
    card: Card | None
    stock: int

    def seen_by(self, viewer: Seat | None) -> Event:
        return self if viewer == self.seat else Drew(self.seat, None, self.stock)

    def message(self) -> Words:
        if self.card is None:
            return T("{seat} draws", seat=Who(self.seat))
        return T("{seat} draws {card}", seat=Who(self.seat), card=self.card)


@dataclass(frozen=True)
class Skipped(Event):
    seat: Seat

    def message(self) -> Words:
        return T("{seat} is skipped", seat=Who(self.seat))


@dataclass(frozen=True)
class Reversed(Event):
    direction: int

    def message(self) -> Words:
        return T("play reverses: now clockwise") if self.direction > 0 else T("play reverses: now anticlockwise")


@dataclass(frozen=True)
class HandLost(Event):
    """``seat`` could not play at ``count`` and loses a token; ``hand`` is shown to all."""

    seat: Seat
    count: int
    tokens: int
    hand: tuple[Card, ...]

    def message(self) -> Words:
        return T("{seat} cannot play at {count}: a token lost ({tokens} left)", seat=Who(self.seat),
                 count=self.count, tokens=self.tokens)


@dataclass(frozen=True)
class Eliminated(Event):
    seat: Seat

    def message(self) -> Words:
        return T("{seat} is out", seat=Who(self.seat))


@dataclass(frozen=True)
class GameWon(Event):
    seat: Seat

    def message(self) -> Words:
        return T("{seat} wins the game", seat=Who(self.seat))


# --- what a seat may see ------------------------------------------------------------------

@dataclass(frozen=True)
class NinetyNineView(Generic[SeatT]):
    """Everything ``seat`` may know: its own hand, the public table, and its legal plays."""

    seat: SeatT
    seats: int
    hand: tuple[Card, ...]
    count: int
    direction: int
    turn: Seat | None
    dealer: Seat
    tokens: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    stock_size: int
    pile: tuple[Card, ...]
    legal: tuple[Play, ...]
    hand_number: int

    @property
    def active(self) -> tuple[Seat, ...]:
        return tuple(s for s in range(self.seats) if self.tokens[s] > 0)


# --- the state ----------------------------------------------------------------------------

@dataclass(eq=False)
class NinetyNineState:
    options: NinetyNineOptions
    rng: Random
    tokens: list[int]
    hands: list[list[Card]] = field(default_factory=list)
    stock: list[Card] = field(default_factory=list)
    pile: list[Card] = field(default_factory=list)
    count: int = 0
    direction: int = 1
    dealer: Seat = 0
    turn: Seat | None = None
    hand_number: int = 0
    out_order: list[Seat] = field(default_factory=list)
    opening: list[Event] = field(default_factory=list)  # the first deal, for the table to animate

    @property
    def seats(self) -> int:
        return self.options.seats

    # protocol -----------------------------------------------------------------------------

    def to_act(self) -> list[Seat]:
        return [] if self.turn is None else [self.turn]

    def legal_actions(self, seat: Seat) -> list[Play]:
        if seat != self.turn:
            return []
        return [Play(seat, card, value) for card in self.hands[seat] for value in choices(card, self.count)]

    def apply(self, action: Play) -> list[Event]:
        check_legal(self, action, self._refusal)
        seat, card = action.seat, action.card
        self.hands[seat].remove(card)
        self.pile.append(card)
        self.count = new_count(card, self.count, action.value)
        events: list[Event] = [Played(seat, card, action.value, self.count)]
        if self.stock:
            drawn = self.stock.pop()
            self.hands[seat].append(drawn)
            events.append(Drew(seat, drawn, len(self.stock)))
        events += self._pass_turn(seat, card)
        return events

    @overload
    def view(self, seat: Seat) -> NinetyNineView: ...
    @overload
    def view(self, seat: None) -> NinetyNineView[None]: ...
    @overload
    def view(self, seat: Seat | None) -> NinetyNineView[Seat | None]: ...
    def view(self, seat: Seat | None) -> NinetyNineView[Seat | None]:
        return NinetyNineView(
            seat=seat, seats=self.seats, hand=tuple(self.hands[seat]) if seat is not None else (), count=self.count,
            direction=self.direction, turn=self.turn, dealer=self.dealer,
            tokens=tuple(self.tokens), hand_sizes=tuple(len(h) for h in self.hands),
            stock_size=len(self.stock), pile=tuple(self.pile),
            legal=tuple(self.legal_actions(seat)) if seat is not None else (), hand_number=self.hand_number,
        )

    def is_over(self) -> bool:
        return len(self.active_seats()) <= 1

    def outcome(self) -> Outcome | None:
        if not self.is_over():
            return None
        winners = tuple(self.active_seats())
        # Placing: the first seat out scores 0, the next 1, ..., the winner seats - 1.
        scores = [0.0] * self.seats
        for place, seat in enumerate(self.out_order + list(winners)):
            scores[seat] = float(place)
        return Outcome(winners, tuple(scores), T("last player with tokens"))

    def clone(self) -> NinetyNineState:
        return NinetyNineState(
            self.options, copy_rng(self.rng), list(self.tokens), [list(h) for h in self.hands],
            list(self.stock), list(self.pile), self.count, self.direction, self.dealer,
            self.turn, self.hand_number, list(self.out_order),
        )

    def all_cards(self) -> list[Card]:
        return [c for hand in self.hands for c in hand] + self.stock + self.pile

    def hidden_from(self, seat: Seat | None) -> list[Card]:
        return [c for s, hand in enumerate(self.hands) if s != seat for c in hand] + self.stock

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, NinetyNineState):
            return NotImplemented
        return self._key() == other._key()

    def _key(self) -> tuple[object, ...]:
        return (self.options, self.rng.getstate(), self.tokens, self.hands, self.stock, self.pile,
                self.count, self.direction, self.dealer, self.turn, self.hand_number, self.out_order)

    # rules --------------------------------------------------------------------------------

    def active_seats(self) -> list[Seat]:
        return [s for s in range(self.seats) if self.tokens[s] > 0]

    def next_seat(self, seat: Seat, direction: int | None = None) -> Seat:
        """The next seat still in the game, going ``direction`` (default: current)."""
        step = self.direction if direction is None else direction
        nxt = (seat + step) % self.seats
        while self.tokens[nxt] == 0:
            nxt = (nxt + step) % self.seats
        return nxt

    def _refusal(self, action: object) -> Words:
        """Why ``action`` is not legal now, in a player's words (``check_legal`` asks
        only once ``legal_actions`` has refused it)."""
        if not isinstance(action, Play):
            return T("Ninety-Nine has no action {what}", what=repr(action))
        if self.turn is None:
            return T("the game is over")
        if action.seat != self.turn:
            return T("it is not {seat}'s turn: {other} plays now", seat=Who(action.seat), other=Who(self.turn))
        if action.card not in self.hands[action.seat]:
            return T("{card} is not in {seat}'s hand", card=action.card, seat=Who(action.seat))
        allowed = choices(action.card, self.count)
        if not allowed:
            return T("{card} would take the count past {limit}", card=action.card, limit=LIMIT)
        if action.value not in allowed:
            if allowed == [None]:
                return T("{card} counts one way only: play it without a value", card=action.card)
            shown = [f"{v:+d}" if action.card.rank is Rank.TEN else str(v) for v in allowed]
            if len(shown) == 1:
                return T("{card} can count {value} here", card=action.card, value=shown[0])
            return T("{card} can count {value} or {other} here", card=action.card, value=shown[0], other=shown[1])
        return NOT_ALLOWED_NOW

    def _pass_turn(self, seat: Seat, card: Card) -> list[Event]:
        events: list[Event] = []
        if card.rank is Rank.FOUR and len(self.active_seats()) > 2:
            self.direction = -self.direction
            events.append(Reversed(self.direction))
        nxt = self.next_seat(seat)
        if card.rank is Rank.THREE:
            events.append(Skipped(nxt))
            nxt = self.next_seat(nxt)  # with two players this comes back to the player of the 3
        self.turn = nxt
        if not can_play(self.hands[nxt], self.count):
            events += self._lose_hand(nxt)
        return events

    def _lose_hand(self, seat: Seat) -> list[Event]:
        self.tokens[seat] -= 1
        events: list[Event] = [HandLost(seat, self.count, self.tokens[seat], tuple(self.hands[seat]))]
        if self.tokens[seat] == 0:
            self.out_order.append(seat)
            events.append(Eliminated(seat))
        if self.is_over():
            self.turn = None
            events.append(GameWon(self.active_seats()[0]))
            return events
        self.dealer = self.next_seat(self.dealer, direction=1)
        return events + self._deal()

    def _deal(self) -> list[Event]:
        deck = [c for hand in self.hands for c in hand] + self.stock + self.pile
        self.rng.shuffle(deck)
        self.hands = [[] for _ in range(self.seats)]
        self.pile, self.count, self.direction = [], 0, 1
        self.hand_number += 1
        order = self._deal_order()
        for _ in range(HAND_SIZE):
            for seat in order:
                self.hands[seat].append(deck.pop())
        self.stock = deck
        events: list[Event] = [NewHand(self.hand_number, self.dealer, len(self.stock))]
        events += [HandDealt(s, tuple(self.hands[s]), self.dealer) for s in order]
        self.turn = order[0]
        return events

    def _deal_order(self) -> list[Seat]:
        """Active seats starting left of the dealer."""
        order = [self.next_seat(self.dealer, direction=1)]
        while len(order) < len(self.active_seats()):
            order.append(self.next_seat(order[-1], direction=1))
        return order


def new_game(options: NinetyNineOptions, seed: int) -> NinetyNineState:
    """Start a game: the first dealer is drawn at random, then the first hand is dealt."""
    rng = Random(seed)
    state = NinetyNineState(options, rng, [options.tokens] * options.seats)
    state.pile = standard_deck()
    state.dealer = rng.randrange(options.seats)
    state.opening = state._deal()
    return state


def knocked_out(view: NinetyNineView, seat: Seat) -> bool:
    """Whether ``seat`` has lost its last token: it plays no more this game. Read from a
    view (tokens are public), so a table can ask it of whatever state its session holds.

    >>> state = new_game(NinetyNineOptions(seats=3, tokens=1), 1)
    >>> knocked_out(state.view(0), 0)
    False
    >>> state.tokens[0] = 0
    >>> knocked_out(state.view(0), 0)
    True
    """
    return view.tokens[seat] == 0
