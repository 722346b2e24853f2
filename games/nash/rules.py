"""The Nash card game for 2 or 3 players (see shared/rules/nash.md): collect cards by asking
for values, then guess the values of three face-down mystery cards.

Each turn draws the top card of the current draw stack automatically and then the player
asks for a value. When a stack runs out, everyone guesses the next mystery card. Suits never
matter: a card's value is Ace = 1 up to 10 (13 with the face cards).

Every seat keeps the set of cards it has ever seen; ``hidden_from(seat)`` is every other
card, and the seat's view carries the events it witnessed (its memory), nothing more. The
table keeps what everyone saw (``public``): a spectator knows those cards and no others.

>>> state = new_game(NashOptions(seats=2), seed=1)
>>> [len(s) for s in state.stacks], len(state.hands[0]), len(state.hands[1])
([6, 5, 5], 6, 5)
>>> seat = state.to_act()[0]
>>> events = state.apply(Ask(seat, 4))
>>> str(events[0])
'P1 asks for 4s'
"""

from __future__ import annotations

from random import Random
from dataclasses import dataclass, field
from typing import Generic, overload

from games.core.cards import Card, Rank, Suit, deck_of
from games.core.protocol import (
    NOT_ALLOWED_NOW, Action, Event, Outcome, Seat, check_legal, copy_rng, seat_name,
)
from games.core.watching import SeatT
from games.core.words import N, Side, T, Value, Who, Words

HAND_SIZE = 5
BONUS = 3
STACK_SIZES = {2: (7, 5, 5), 3: (8, 7, 7)}


@dataclass(frozen=True)
class NashOptions:
    """Two or three seats; ``faces`` adds J Q K as 11, 12, 13."""

    seats: int = 2
    faces: bool = False

    def __post_init__(self) -> None:
        if self.seats not in (2, 3):
            raise ValueError(f"the Nash game is for 2 or 3 players, not {self.seats}")


def value_of(card: Card) -> int:
    """Ace 1 up to 10, Jack 11, Queen 12, King 13."""
    return card.rank.pip_value


def top_value(faces: bool) -> int:
    return 13 if faces else 10


def deck_for(seats: int, faces: bool) -> list[Card]:
    """Ace-10 (or Ace-King) of three suits for two players, of all four for three."""
    ranks = [r for r in Rank if r is not Rank.JOKER and 1 <= r.pip_value <= top_value(faces)]
    suits = list(Suit)[: 3 if seats == 2 else 4]
    return [card for card in deck_of(ranks) if card.suit in suits]


def stack_sizes(seats: int, faces: bool) -> tuple[int, int, int]:
    """The three draw stacks: the set sizes, or with face cards an even split, extras first."""
    if not faces:
        return STACK_SIZES[seats]
    rest = len(deck_for(seats, faces)) - 3 - HAND_SIZE * seats
    base, extra = divmod(rest, 3)
    return tuple(base + (1 if i < extra else 0) for i in range(3))  # type: ignore[return-value]


def plural(value: int) -> str:
    return f"{value}s"


# --- actions ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Ask(Action):
    """Ask the other players for every card of ``value``."""

    value: int

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} asks for {plural(self.value)}"


@dataclass(frozen=True)
class Guess(Action):
    """Guess the value of the mystery card being guessed."""

    value: int

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} guesses {self.value}"


# --- events -------------------------------------------------------------------------------

@dataclass(frozen=True)
class SetUp(Event):
    stacks: tuple[int, ...]
    starter: Seat

    def message(self) -> Words:
        return T("three mystery cards, stacks of {stacks}; {seat} starts", stacks="/".join(map(str, self.stacks)),
                 seat=Who(self.starter))


@dataclass(frozen=True)
class Dealt(Event):
    """``cards`` holds None for every viewer but the seat itself."""

    seat: Seat
    cards: tuple[Card | None, ...]

    def seen_by(self, viewer: Seat | None) -> Event:
        return self if viewer == self.seat else Dealt(self.seat, tuple(None for _ in self.cards))

    def message(self) -> Words:
        return N("{seat} is dealt {count} card", "{seat} is dealt {count} cards", seat=Who(self.seat),
                 count=len(self.cards))


@dataclass(frozen=True)
class Drew(Event):
    """Cards from a draw stack (one each turn, three for the closest guess)."""

    seat: Seat
    cards: tuple[Card | None, ...]
    stack: int
    left: int

    def seen_by(self, viewer: Seat | None) -> Event:
        if viewer == self.seat:
            return self
        return Drew(self.seat, tuple(None for _ in self.cards), self.stack, self.left)

    def message(self) -> Words:
        shown = tuple(c for c in self.cards if c is not None)
        if shown:
            return N("{seat} draws {count} card ({cards}) from stack {stack}",
                     "{seat} draws {count} cards ({cards}) from stack {stack}", seat=Who(self.seat),
                     count=len(self.cards), cards=shown, stack=self.stack + 1)
        return N("{seat} draws {count} card from stack {stack}", "{seat} draws {count} cards from stack {stack}",
                 seat=Who(self.seat), count=len(self.cards), stack=self.stack + 1)


@dataclass(frozen=True)
class Asked(Event):
    seat: Seat
    value: int

    def message(self) -> Words:
        return T("{seat} asks for {value}s", seat=Who(self.seat), value=self.value)


@dataclass(frozen=True)
class Handed(Event):
    """Cards handed over face up: everyone sees them."""

    giver: Seat
    taker: Seat
    cards: tuple[Card, ...]

    def message(self) -> Words:
        return T("{seat} hands {other} {cards}", seat=Who(self.giver), other=Who(self.taker), cards=self.cards)


@dataclass(frozen=True)
class NoneHeld(Event):
    """Nobody asked held the value (so each of them takes a random card from the asker)."""

    seat: Seat
    value: int

    def message(self) -> Words:
        return T("nobody has {value}s for {seat}", value=self.value, seat=Who(self.seat))


@dataclass(frozen=True)
class TookRandom(Event):
    """``taker`` took a random card from ``giver``: only those two see which."""

    taker: Seat
    giver: Seat
    card: Card | None

    def seen_by(self, viewer: Seat | None) -> Event:
        if viewer in (self.taker, self.giver):
            return self
        return TookRandom(self.taker, self.giver, None)

    def message(self) -> Words:
        if self.card is None:
            return T("{seat} takes a random card from {other}", seat=Who(self.taker), other=Who(self.giver))
        return T("{seat} takes a random card from {other} ({card})", seat=Who(self.taker), other=Who(self.giver),
                 card=self.card)


@dataclass(frozen=True)
class GuessingBegins(Event):
    mystery: int
    order: tuple[Seat, ...]
    repeats: bool

    def message(self) -> Words:
        rule = T("repeats allowed") if self.repeats else T("no value twice")
        return T("guess mystery card {number}: {seat} first, {rule}", number=self.mystery + 1,
                 seat=Who(self.order[0]), rule=rule)


@dataclass(frozen=True)
class Guessed(Event):
    seat: Seat
    mystery: int
    value: int

    def message(self) -> Words:
        return T("{seat} guesses {value} for mystery card {number}", seat=Who(self.seat), value=self.value,
                 number=self.mystery + 1)


@dataclass(frozen=True)
class Revealed(Event):
    """The mystery card is turned over; ``closest`` are the nearest guessers when nobody hit."""

    mystery: int
    card: Card
    right: tuple[Seat, ...]
    closest: tuple[Seat, ...]

    def message(self) -> Words:
        values: dict[str, Value] = {"number": self.mystery + 1, "card": self.card, "value": value_of(self.card)}
        if self.right:
            return T("mystery card {number} is {card} ({value}): {side} guessed it", side=Side(self.right),
                     **values)
        if self.closest:
            return T("mystery card {number} is {card} ({value}): closest {side}", side=Side(self.closest), **values)
        return T("mystery card {number} is {card} ({value}): nobody guessed it", **values)


@dataclass(frozen=True)
class Continues(Event):
    seat: Seat

    def message(self) -> Words:
        return T("{seat} continues by asking", seat=Who(self.seat))


@dataclass(frozen=True)
class GameOver(Event):
    winners: tuple[Seat, ...]

    def message(self) -> Words:
        if not self.winners:
            return T("nobody guessed the last card: nobody wins")
        if len(self.winners) == 1:
            return T("{seat} wins", seat=Who(self.winners[0]))
        return T("{side} win", side=Side(self.winners))


# --- the view -----------------------------------------------------------------------------

@dataclass(frozen=True)
class NashView(Generic[SeatT]):
    """What ``seat`` knows: its hand, the table's public state, and its memory (``log``: every
    event as this seat saw it). Hidden cards are absent, never masked in place."""

    seat: SeatT
    seats: int
    faces: bool
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    stacks: tuple[int, ...]
    mysteries: tuple[Card | None, ...]       # revealed mystery cards; None while face down
    turn: Seat | None
    starter: Seat
    guessing: int | None                    # the mystery being guessed, if a guessing round is on
    guesses: tuple[tuple[Seat, int], ...]   # this round's guesses so far
    legal: tuple[Action, ...]
    log: tuple[Event, ...]

    @property
    def top(self) -> int:
        return top_value(self.faces)

    @property
    def current(self) -> int:
        """The mystery card guessed next (0, 1 or 2)."""
        return sum(1 for m in self.mysteries if m is not None)


# --- the state ----------------------------------------------------------------------------

@dataclass(eq=False)
class NashState:
    options: NashOptions
    rng: Random
    hands: list[list[Card]] = field(default_factory=list)
    stacks: list[list[Card]] = field(default_factory=list)     # the top card is the last
    mysteries: list[Card] = field(default_factory=list)
    resolved: int = 0
    turn: Seat | None = None
    starter: Seat = 0
    order: list[Seat] = field(default_factory=list)             # seats still to guess, in order
    guesses: list[tuple[Seat, int]] = field(default_factory=list)
    winners: tuple[Seat, ...] = ()
    over: bool = False
    seen: list[set[Card]] = field(default_factory=list)
    memory: list[list[Event]] = field(default_factory=list)
    opening: list[Event] = field(default_factory=list)
    public: set[Card] = field(default_factory=set)             # shown to all: what a spectator saw

    @property
    def seats(self) -> int:
        return self.options.seats

    @property
    def guessing(self) -> bool:
        return bool(self.order)

    # protocol -------------------------------------------------------------------------------

    def to_act(self) -> list[Seat]:
        if self.over:
            return []
        return [self.order[0]] if self.order else [self.turn] if self.turn is not None else []

    def legal_actions(self, seat: Seat) -> list[Action]:
        if seat not in self.to_act():
            return []
        top = top_value(self.options.faces)
        if not self.order:
            return [Ask(seat, v) for v in range(1, top + 1)]
        taken = set() if self.resolved == 2 else {v for _, v in self.guesses}
        return [Guess(seat, v) for v in range(1, top + 1) if v not in taken]

    def apply(self, action: Action) -> list[Event]:
        check_legal(self, action, self._refusal)
        if isinstance(action, Guess):
            events = self._guess(action)
        else:
            assert isinstance(action, Ask)
            events = self._ask(action.seat, action.value)
        self._witness(events)
        return events

    @overload
    def view(self, seat: Seat) -> NashView: ...
    @overload
    def view(self, seat: None) -> NashView[None]: ...
    @overload
    def view(self, seat: Seat | None) -> NashView[Seat | None]: ...
    def view(self, seat: Seat | None) -> NashView[Seat | None]:
        return NashView(
            seat=seat, seats=self.seats, faces=self.options.faces, hand=tuple(self.hands[seat]) if seat is not None else (),
            hand_sizes=tuple(len(h) for h in self.hands), stacks=tuple(len(s) for s in self.stacks),
            mysteries=tuple(m if i < self.resolved else None for i, m in enumerate(self.mysteries)),
            turn=None if self.over else self.turn, starter=self.starter,
            guessing=self.resolved if self.order else None, guesses=tuple(self.guesses),
            legal=tuple(self.legal_actions(seat)) if seat is not None else (),
            log=tuple(self.memory[seat]) if seat is not None else (),
        )

    def is_over(self) -> bool:
        return self.over

    def outcome(self) -> Outcome | None:
        if not self.over:
            return None
        scores = tuple(1.0 if s in self.winners else 0.0 for s in range(self.seats))
        reason = (T("guessed mystery card {number}", number=self.resolved) if self.winners
                  else T("nobody guessed the last card"))
        return Outcome(self.winners, scores, reason)

    def clone(self) -> NashState:
        return NashState(
            self.options, copy_rng(self.rng), [list(h) for h in self.hands], [list(s) for s in self.stacks],
            list(self.mysteries), self.resolved, self.turn, self.starter, list(self.order),
            list(self.guesses), self.winners, self.over, [set(s) for s in self.seen],
            [list(m) for m in self.memory], public=set(self.public),
        )

    def all_cards(self) -> list[Card]:
        return [c for h in self.hands for c in h] + [c for s in self.stacks for c in s] + self.mysteries

    def hidden_from(self, seat: Seat | None) -> list[Card]:
        known = self.public if seat is None else self.seen[seat]
        return [c for c in self.all_cards() if c not in known]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, NashState):
            return NotImplemented
        return self._key() == other._key()

    def _key(self) -> tuple[object, ...]:
        return (self.options, self.rng.getstate(), self.hands, self.stacks, self.mysteries, self.resolved,
                self.turn, self.starter, self.order, self.guesses, self.winners, self.over, self.seen,
                self.memory, self.public)

    # rules ----------------------------------------------------------------------------------

    def left_of(self, seat: Seat) -> Seat:
        return (seat + 1) % self.seats

    def _refusal(self, action: object) -> Words:
        """Why ``action`` is not legal now, in a player's words (``check_legal`` asks
        only once ``legal_actions`` has refused it)."""
        if not isinstance(action, (Ask, Guess)):
            return T("the Nash game has no action {what}", what=repr(action))
        if self.over:
            return T("the game is over")
        actor = self.to_act()[0]
        if action.seat != actor:
            return T("it is not {seat}'s turn: {other} plays now", seat=Who(action.seat), other=Who(actor))
        top = top_value(self.options.faces)
        if self.order and isinstance(action, Ask):
            return T("first guess mystery card {number}", number=self.resolved + 1)
        if not self.order and isinstance(action, Guess):
            return T("there is nothing to guess yet: ask for a value")
        if not 1 <= action.value <= top:
            return T("values run from 1 (Ace) to {top}, not {value}", top=top, value=action.value)
        if action not in self.legal_actions(action.seat):
            return T("{value} has already been guessed for this card", value=action.value)
        return NOT_ALLOWED_NOW

    def _ask(self, seat: Seat, value: int) -> list[Event]:
        events: list[Event] = [Asked(seat, value)]
        others = [(seat + k) % self.seats for k in range(1, self.seats)]
        handed = False
        for other in others:
            cards = tuple(c for c in self.hands[other] if value_of(c) == value)
            if cards:
                handed = True
                self.hands[other] = [c for c in self.hands[other] if value_of(c) != value]
                self._receive(seat, cards)
                events.append(Handed(other, seat, cards))
        if not handed:
            events.append(NoneHeld(seat, value))
            for other in others:
                if self.hands[seat]:
                    card = self.hands[seat].pop(self.rng.randrange(len(self.hands[seat])))
                    self._receive(other, (card,))
                    events.append(TookRandom(other, seat, card))
        return events + self._after_ask(seat)

    def _after_ask(self, seat: Seat) -> list[Event]:
        """The turn is over: guess if the current stack ran out, else the next player draws."""
        if not self.stacks[self.resolved]:
            return self._begin_guessing(self.left_of(seat))
        return self._start_turn(self.left_of(seat))

    def _start_turn(self, seat: Seat) -> list[Event]:
        self.turn = seat
        return [self._draw(seat, 1, self.resolved)]

    def _draw(self, seat: Seat, count: int, index: int) -> Drew:
        stack = self.stacks[index]
        cards = tuple(stack.pop() for _ in range(min(count, len(stack))))
        self._receive(seat, cards)
        return Drew(seat, cards, index, len(stack))

    def _receive(self, seat: Seat, cards: tuple[Card, ...]) -> None:
        self.hands[seat].extend(cards)
        self.hands[seat].sort(key=lambda c: (value_of(c), c.sort_key()))

    def _begin_guessing(self, first: Seat) -> list[Event]:
        self.order = [(first + k) % self.seats for k in range(self.seats)]
        self.guesses = []
        self.turn = None
        return [GuessingBegins(self.resolved, tuple(self.order), self.resolved == 2)]

    def _guess(self, action: Guess) -> list[Event]:
        self.order.pop(0)
        self.guesses.append((action.seat, action.value))
        events: list[Event] = [Guessed(action.seat, self.resolved, action.value)]
        if not self.order:
            events += self._reveal()
        return events

    def _reveal(self) -> list[Event]:
        index = self.resolved
        card = self.mysteries[index]
        self.resolved += 1
        target = value_of(card)
        right = tuple(s for s, v in self.guesses if v == target)
        final = index == 2
        if right or final:
            self.winners, self.over, self.turn = right, True, None
            return [Revealed(index, card, right, ()), GameOver(right)]
        nearest = min(abs(v - target) for _, v in self.guesses)
        closest = [s for s, v in self.guesses if abs(v - target) == nearest]
        closest.sort(key=lambda s: (s - self.starter) % self.seats)
        events: list[Event] = [Revealed(index, card, (), tuple(closest))]
        self.guesses = []
        if len(closest) == 1:
            events.append(self._draw(closest[0], BONUS, self.resolved))
            continuing = closest[0]
        else:
            events.append(self._draw(closest[0], 2, self.resolved))
            events.append(self._draw(closest[1], 1, self.resolved))
            continuing = closest[1]
        self.turn = continuing
        return events + [Continues(continuing)]

    def _witness(self, events: list[Event]) -> None:
        """Every seat remembers the events as it saw them. What it has seen is worked out
        from the rules, apart from the events' own masking, so a masking mistake shows up as
        a view holding a card its seat never saw."""
        for seat in range(self.seats):
            self.memory[seat].extend(e.seen_by(seat) for e in events)
            for event in events:
                self.seen[seat].update(shown_to(event, seat))
            self.seen[seat].update(self.hands[seat])
        self.public.update(card for event in events for card in shown_to(event, None))


def shown_to(event: Event, seat: Seat | None) -> tuple[Card, ...]:
    """The cards ``event`` lets ``seat`` see, by the rules: a hand-over and a turned mystery
    card to everyone, a random take to its two players, a deal or a draw to its receiver
    (``seat`` None, a spectator, sees only what everyone sees)."""
    if isinstance(event, Handed):
        return event.cards
    if isinstance(event, Revealed):
        return (event.card,)
    if isinstance(event, TookRandom) and event.card is not None and seat in (event.taker, event.giver):
        return (event.card,)
    if isinstance(event, (Dealt, Drew)) and seat == event.seat:
        return tuple(c for c in event.cards if c is not None)
    return ()


def new_game(options: NashOptions, seed: int) -> NashState:
    """Shuffle, lay out three mystery cards, deal five each, build the stacks, draw a starter
    at random, and play the starter's first draw."""
    rng = Random(seed)
    deck = deck_for(options.seats, options.faces)
    rng.shuffle(deck)
    state = NashState(options, rng, seen=[set() for _ in range(options.seats)],
                      memory=[[] for _ in range(options.seats)])
    state.mysteries = [deck.pop() for _ in range(3)]
    state.hands = [[] for _ in range(options.seats)]
    events: list[Event] = []
    for seat in range(options.seats):
        cards = tuple(deck.pop() for _ in range(HAND_SIZE))
        state._receive(seat, cards)
        events.append(Dealt(seat, cards))
    for size in stack_sizes(options.seats, options.faces):
        state.stacks.append([deck.pop() for _ in range(size)])
    state.starter = rng.randrange(options.seats)
    events.insert(0, SetUp(tuple(len(s) for s in state.stacks), state.starter))
    events += state._start_turn(state.starter)
    state._witness(events)
    state.opening = events
    return state
