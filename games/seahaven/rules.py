"""Seahaven Towers, a one-player solitaire (see shared/rules/seahaven.md).

Ten columns of five face-up cards, four tower cells (two of them start filled) and four
foundations built up by suit from Ace to King. Cards move one at a time: onto the next
higher card of the same suit, into an empty tower, a King into an empty column, or home.

The state keeps its own history, so undo and redo live here rather than in the table:
the table, the solver's hints and replays all see the same single-card moves.

>>> state = new_game(SeahavenOptions(), seed=1)
>>> [str(c) if c else "--" for c in state.towers]
['--', 'JH', '9C', '--']
>>> move = next(a for a in state.legal_actions(0) if isinstance(a, Move))
>>> events = state.apply(move)
>>> state.moves
1
>>> undone = state.undo()
>>> state.moves, state.can_redo
(0, True)
"""

from __future__ import annotations

from random import Random
from dataclasses import dataclass, field, replace
from typing import Generic, overload

from games.core.cards import Card, Rank, Suit
from games.core.protocol import NOT_ALLOWED_NOW, Action, Event, IllegalAction, Outcome, Seat, check_legal
from games.core.watching import SeatT
from games.core.words import N, T, Words

COLUMNS = 10
TOWERS = 4
DEPTH = 5
# Foundation i holds this suit: spades above column 1, hearts above 2, diamonds above 9,
# clubs above 10 (the conventional places).
FOUNDATION_SUITS: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
SUIT_HOME = {suit: i for i, suit in enumerate(FOUNDATION_SUITS)}
# Each rank by its number on a foundation, as a player names it (the courts and the Ace are
# words, for translation).
RANK_WORDS: tuple[Words | int, ...] = (0, T("Ace"), 2, 3, 4, 5, 6, 7, 8, 9, 10, T("Jack"), T("Queen"), T("King"))


def rank_of(card: Card) -> int:
    """Ace 1 up to King 13, the order foundations are built in."""
    return _RANKS[card.rank]


# (A lookup, not Rank.pip_value's branches: the rules ask it for every card they weigh.)
_RANKS = {rank: rank.pip_value for rank in Rank}


def card_of(suit: Suit, rank: int) -> Card:
    return Card.parse(("A23456789TJQK"[rank - 1]) + suit.letter)


def deal_cards(deal: int) -> list[Card]:
    """The deck for a deal number, shuffled exactly as the published numbering says."""
    deck = [r + s for s in "CDHS" for r in "A23456789TJQK"]
    Random(deal).shuffle(deck)
    return [Card.parse(text) for text in deck]


# --- places, actions and events ---------------------------------------------------------------

@dataclass(frozen=True, order=True)
class Place:
    """A column (0-9), a tower cell (0-3) or a foundation (0-3, see FOUNDATION_SUITS)."""

    kind: str
    index: int

    @staticmethod
    def column(index: int) -> Place:
        return _PLACES["column"][index] if 0 <= index < COLUMNS else Place("column", index)

    @staticmethod
    def tower(index: int) -> Place:
        return _PLACES["tower"][index] if 0 <= index < TOWERS else Place("tower", index)

    @staticmethod
    def foundation(index: int) -> Place:
        return _PLACES["foundation"][index] if 0 <= index < 4 else Place("foundation", index)

    def words(self) -> Words:
        """The place as a player names it: "column 3", "tower 1", "the spades foundation"."""
        if self.kind == "foundation" and 0 <= self.index < len(FOUNDATION_SUITS):
            return T("the {suit} foundation", suit=FOUNDATION_SUITS[self.index])
        if self.kind == "tower":
            return T("tower {number}", number=self.index + 1)
        if self.kind == "column":
            return T("column {number}", number=self.index + 1)
        return T("{kind} {number}", kind=self.kind, number=self.index + 1)

    def __str__(self) -> str:
        return str(self.words())


# Every place on the table, made once: listing the moves asks for them thousands of times
# a game, and a frozen dataclass is slow to build.
_PLACES = {kind: tuple(Place(kind, i) for i in range(count))
           for kind, count in (("column", COLUMNS), ("tower", TOWERS), ("foundation", 4))}


@dataclass(frozen=True)
class Move(Action):
    """Move one available card to ``to``. ``chained`` marks a move that belongs with the one
    before it (the rest of a run, or a card sent home automatically): undo and redo take
    such a group back as one step."""

    card: Card
    to: Place
    chained: bool = False

    def __str__(self) -> str:
        return f"move {self.card} to {self.to}" + (" (with the last)" if self.chained else "")


@dataclass(frozen=True)
class Resign(Action):
    """Give up this deal (it counts as lost)."""

    def __str__(self) -> str:
        return "give up the deal"


@dataclass(frozen=True)
class Dealt(Event):
    deal: int
    columns: tuple[tuple[Card, ...], ...]
    towers: tuple[Card | None, ...]

    def message(self) -> Words:
        return T("deal number {number} is laid out", number=self.deal)


@dataclass(frozen=True)
class Moved(Event):
    """``card`` went from ``source`` to ``target``; ``undo`` when an undo took it back."""

    card: Card
    source: Place
    target: Place
    moves: int
    undo: bool = False

    def message(self) -> Words:
        if self.undo:
            return T("undo: {card} goes back to {target}", card=self.card, target=self.target.words())
        return T("{card} moves from {source} to {target}", card=self.card, source=self.source.words(),
                 target=self.target.words())


@dataclass(frozen=True)
class Won(Event):
    moves: int

    def message(self) -> Words:
        return N("all 52 cards are home: won in {count} move", "all 52 cards are home: won in {count} moves",
                 count=self.moves)


@dataclass(frozen=True)
class GaveUp(Event):
    def message(self) -> Words:
        return T("the player gives up")


@dataclass(frozen=True)
class Step:
    """One move in the history, with where the card came from (what undo needs)."""

    move: Move
    source: Place


@dataclass(frozen=True)
class SeahavenOptions:
    """One seat; whether safe cards go home by themselves; whether to skip unwinnable deals."""

    seats: int = 1
    auto_safe: bool = True
    winnable_only: bool = False

    def __post_init__(self) -> None:
        if self.seats != 1:
            raise ValueError(f"Seahaven Towers is for 1 player, not {self.seats}")


@dataclass(frozen=True)
class SeahavenView(Generic[SeatT]):
    """The whole table (nothing is hidden in this game) and what may be done now."""

    seat: SeatT
    deal: int
    columns: tuple[tuple[Card, ...], ...]
    towers: tuple[Card | None, ...]
    foundations: tuple[int, ...]
    moves: int
    can_undo: bool
    can_redo: bool
    won: bool
    stuck: bool
    legal: tuple[Action, ...]


# --- the state ------------------------------------------------------------------------------

@dataclass(eq=False)
class SeahavenState:
    options: SeahavenOptions
    deal: int
    columns: list[list[Card]]
    towers: list[Card | None]
    foundations: list[int] = field(default_factory=lambda: [0] * 4)
    history: list[Step] = field(default_factory=list)
    redo_stack: list[Step] = field(default_factory=list)
    resigned: bool = False
    opening: list[Event] = field(default_factory=list)

    seats = 1

    # protocol -----------------------------------------------------------------------------

    def to_act(self) -> list[Seat]:
        return [] if self.is_over() else [0]

    def legal_actions(self, seat: Seat) -> list[Action]:
        if seat != 0 or self.is_over():
            return []
        return [*self.legal_moves(), Resign(0)]

    def apply(self, action: Action) -> list[Event]:
        if isinstance(action, Resign) and action.seat == 0 and not self.is_over():
            self.resigned = True
            return [GaveUp()]
        # (``chained`` only groups moves for undo: a move is legal chained or not alike)
        check_legal(self, replace(action, chained=False) if isinstance(action, Move) else action, self._refusal)
        assert isinstance(action, Move)
        source = self.place_of(action.card)
        assert source is not None
        self._shift(action.card, source, action.to)
        self.history.append(Step(action, source))
        self.redo_stack.clear()
        events: list[Event] = [Moved(action.card, source, action.to, self.moves)]
        if self.won:
            events.append(Won(self.moves))
        return events

    @overload
    def view(self, seat: Seat) -> SeahavenView: ...
    @overload
    def view(self, seat: None) -> SeahavenView[None]: ...
    @overload
    def view(self, seat: Seat | None) -> SeahavenView[Seat | None]: ...
    def view(self, seat: Seat | None) -> SeahavenView[Seat | None]:
        return SeahavenView(
            seat=seat, deal=self.deal, columns=tuple(tuple(c) for c in self.columns),
            towers=tuple(self.towers), foundations=tuple(self.foundations), moves=self.moves,
            can_undo=self.can_undo, can_redo=self.can_redo, won=self.won, stuck=self.stuck(),
            legal=tuple(self.legal_actions(seat)) if seat is not None else (),
        )

    def is_over(self) -> bool:
        return self.won or self.resigned

    def outcome(self) -> Outcome | None:
        if self.won:
            return Outcome((0,), (1.0,), N("won in {count} move", "won in {count} moves", count=self.moves))
        if self.resigned:
            return Outcome((), (0.0,), T("gave up"))
        return None

    def clone(self) -> SeahavenState:
        return SeahavenState(
            self.options, self.deal, [list(c) for c in self.columns], list(self.towers),
            list(self.foundations), list(self.history), list(self.redo_stack), self.resigned,
        )

    def all_cards(self) -> list[Card]:
        home = [card_of(suit, r) for suit, n in zip(FOUNDATION_SUITS, self.foundations)
                for r in range(1, n + 1)]
        return [c for col in self.columns for c in col] + [t for t in self.towers if t] + home

    def hidden_from(self, seat: Seat | None) -> list[Card]:
        return []  # every card is face up

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SeahavenState):
            return NotImplemented
        return self._key() == other._key()

    def _key(self) -> tuple[object, ...]:
        return (self.options, self.deal, self.columns, self.towers, self.foundations,
                self.history, self.redo_stack, self.resigned)

    # what the table asks ---------------------------------------------------------------

    @property
    def moves(self) -> int:
        """Single-card moves made so far (undone moves do not count)."""
        return len(self.history)

    @property
    def won(self) -> bool:
        return all(n == 13 for n in self.foundations)

    @property
    def can_undo(self) -> bool:
        return bool(self.history) and not self.is_over()

    @property
    def can_redo(self) -> bool:
        return bool(self.redo_stack) and not self.is_over()

    def free_towers(self) -> int:
        return sum(1 for t in self.towers if t is None)

    def place_of(self, card: Card) -> Place | None:
        """Where ``card`` is, if it is available to move (top of a column, or in a tower)."""
        for i, col in enumerate(self.columns):
            if col and col[-1] == card:
                return Place.column(i)
        for i, held in enumerate(self.towers):
            if held == card:
                return Place.tower(i)
        return None

    def available(self) -> list[tuple[Card, Place]]:
        found = [(col[-1], Place.column(i)) for i, col in enumerate(self.columns) if col]
        return found + [(t, Place.tower(i)) for i, t in enumerate(self.towers) if t is not None]

    def targets(self, card: Card, source: Place) -> list[Place]:
        """Every place ``card`` (available at ``source``) may go to now."""
        # (Every move is listed at every step, for the view and again to judge the move
        # made: hence the rank weighed once, and the places not built anew.)
        places: list[Place] = []
        rank = rank_of(card)
        home = SUIT_HOME[card.suit]  # type: ignore[index]
        if self.foundations[home] == rank - 1:
            places.append(_PLACES["foundation"][home])
        own = source.index if source.kind == "column" else -1
        for i, col in enumerate(self.columns):
            if i != own and self._fits_rank(card.suit, rank, col):
                places.append(_PLACES["column"][i])
        places += [_PLACES["tower"][i] for i, t in enumerate(self.towers) if t is None]
        return places

    def legal_moves(self) -> list[Move]:
        if self.is_over():
            return []
        return [Move(0, card, to) for card, source in self.available()
                for to in self.targets(card, source)]

    def useful_moves(self) -> list[Move]:
        """The legal moves less the pointless ones (see :meth:`pointless`): the options a
        player is offered as choices worth weighing (the coach's list)."""
        if self.is_over():
            return []
        return [Move(0, card, to) for card, source in self.available()
                for to in self.targets(card, source) if not self.pointless(source, to)]

    def pointless(self, source: Place, to: Place) -> bool:
        """A move that changes nothing but where a card sits: a tower card to another tower,
        a King alone in its column to another empty column."""
        lone_king = source.kind == "column" and len(self.columns[source.index]) == 1
        return source.kind == to.kind == "tower" or (lone_king and to.kind == "column")

    def stuck(self) -> bool:
        """No move left but pointless ones: the deal cannot go on without an undo."""
        return not self.is_over() and not self.useful_moves()

    # undo and redo -----------------------------------------------------------------------

    def undo(self) -> list[Event]:
        """Take back the last move and any moves chained to it; raise if there is none."""
        if not self.can_undo:
            raise IllegalAction(T("there is no move to undo") if not self.is_over() else T("the game is over"))
        events: list[Event] = []
        while self.history:
            step = self.history.pop()
            self._shift(step.move.card, step.move.to, step.source)
            self.redo_stack.append(step)
            events.append(Moved(step.move.card, step.move.to, step.source, self.moves, undo=True))
            if not step.move.chained:
                break
        return events

    def redo(self) -> list[Event]:
        """Make again the last undone move, with the moves chained to it."""
        if not self.can_redo:
            raise IllegalAction(T("there is no move to redo") if not self.is_over() else T("the game is over"))
        events: list[Event] = []
        first = True
        while self.redo_stack and (first or self.redo_stack[-1].move.chained):
            step = self.redo_stack.pop()
            self._shift(step.move.card, step.source, step.move.to)
            self.history.append(step)
            events.append(Moved(step.move.card, step.source, step.move.to, self.moves))
            first = False
        if self.won:
            events.append(Won(self.moves))
        return events

    def restart(self) -> list[Event]:
        """Undo everything (the moves stay redoable, as in most solitaire programs)."""
        events: list[Event] = []
        while self.can_undo:
            events += self.undo()
        return events

    def record(self) -> list[Action]:
        """The moves that made this position, oldest first (undone ones are not among them):
        with the deal, they replay it."""
        return [step.move for step in self.history]

    # rules ----------------------------------------------------------------------------------

    @staticmethod
    def _fits(card: Card, column: list[Card]) -> bool:
        return SeahavenState._fits_rank(card.suit, rank_of(card), column)

    @staticmethod
    def _fits_rank(suit: Suit | None, rank: int, column: list[Card]) -> bool:
        """Whether a card of ``suit`` and ``rank`` may go on ``column``: a King into an
        empty one, any other card on the next higher card of its suit."""
        if not column:
            return rank == 13
        top = column[-1]
        return top.suit is suit and _RANKS[top.rank] == rank + 1

    def _refusal(self, action: object) -> Words:
        """Why ``action`` is not legal now, in a player's words (``check_legal`` asks
        only once ``legal_actions`` has refused it)."""
        if not isinstance(action, Move):
            return T("Seahaven Towers has no action {what}", what=repr(action))
        if self.is_over():
            return T("the game is over")
        if action.seat != 0:
            return T("Seahaven Towers has one player")
        source = self.place_of(action.card)
        if source is None:
            return T("{card} is not free to move: only a column's last card or a tower card can move",
                     card=action.card)
        if action.to not in self.targets(action.card, source):
            return self._why_not(action.card, source, action.to)
        return NOT_ALLOWED_NOW

    def _why_not(self, card: Card, source: Place, to: Place) -> Words:
        if to == source:
            return T("{card} is already there", card=card)
        if to.kind == "tower":
            return T("{place} is not empty", place=to.words()) if 0 <= to.index < TOWERS else T("no such tower")
        if to.kind == "foundation":
            if not 0 <= to.index < 4 or FOUNDATION_SUITS[to.index] != card.suit:
                return T("{card} belongs on the {suit} foundation", card=card, suit=card.suit)  # type: ignore[arg-type]
            need = self.foundations[to.index] + 1
            if need > 13:
                return T("that foundation is complete")
            return T("the {suit} foundation needs its {rank} first", suit=FOUNDATION_SUITS[to.index],
                     rank=RANK_WORDS[need])
        if to.kind == "column" and 0 <= to.index < COLUMNS:
            col = self.columns[to.index]
            if not col:
                return T("only a King may go into an empty column")
            return T("{card} cannot go on {target}: build down in the same suit", card=card, target=col[-1])
        return T("{place} is not a place on this table", place=to.words())

    def _take(self, card: Card, place: Place) -> None:
        if place.kind == "column":
            popped = self.columns[place.index].pop()
            assert popped == card
        elif place.kind == "tower":
            self.towers[place.index] = None
        else:
            self.foundations[place.index] -= 1

    def _put(self, card: Card, place: Place) -> None:
        if place.kind == "column":
            self.columns[place.index].append(card)
        elif place.kind == "tower":
            self.towers[place.index] = card
        else:
            self.foundations[place.index] += 1

    def _shift(self, card: Card, source: Place, target: Place) -> None:
        self._take(card, source)
        self._put(card, target)


def layout(deal: int) -> tuple[list[list[Card]], list[Card | None]]:
    """The columns (bottom to top) and towers of a deal number."""
    deck = deal_cards(deal)
    columns = [deck[DEPTH * c: DEPTH * c + DEPTH] for c in range(COLUMNS)]
    return columns, [None, deck[50], deck[51], None]


def state_for(deal: int, options: SeahavenOptions | None = None) -> SeahavenState:
    columns, towers = layout(deal)
    state = SeahavenState(options or SeahavenOptions(), deal, columns, towers)
    state.opening = [Dealt(deal, tuple(tuple(c) for c in columns), tuple(towers))]
    return state


def new_game(options: SeahavenOptions, seed: int) -> SeahavenState:
    """Deal number ``seed``; with ``winnable_only``, the first deal from there on that the
    solver proves winnable."""
    deal = seed
    if options.winnable_only:
        from games.seahaven.solver import next_winnable

        deal = next_winnable(seed)
    return state_for(deal, options)


def run_length(column: list[Card] | tuple[Card, ...]) -> int:
    """How many cards at the top of ``column`` form a same-suit run going down by one."""
    n = 1 if column else 0
    while n < len(column):
        upper, lower = column[-n], column[-n - 1]
        if upper.suit != lower.suit or rank_of(lower) != rank_of(upper) + 1:
            break
        n += 1
    return n


def run_moves(state: SeahavenState, column: int, count: int, to: Place) -> list[Move]:
    """The single moves that carry the top ``count`` cards of ``column`` to ``to`` as a unit:
    all but the lowest into free towers, the lowest to ``to``, then the rest back on top of
    it. Raises ``IllegalAction`` saying why when the run cannot go.

    >>> state = new_game(SeahavenOptions(), seed=1)
    >>> [str(m) for m in run_moves(state, 0, 1, Place.tower(0))]
    ['move 3C to tower 1']
    """
    col = state.columns[column]
    if count < 1 or count > len(col):
        raise IllegalAction(N("column {number} has no run of {count} card", "column {number} has no run of {count} cards",
                              number=column + 1, count=count))
    if count > run_length(col):
        raise IllegalAction(T("only cards in one suit going down by one move together"))
    if count == 1:
        return [Move(0, col[-1], to)]
    if count > state.free_towers() + 1:
        raise IllegalAction(N("a run of {cards} cards needs {count} free tower",
                              "a run of {cards} cards needs {count} free towers", cards=count, count=count - 1))
    base = col[-count]
    other = to.kind == "column" and 0 <= to.index < COLUMNS and to.index != column
    if not other or not SeahavenState._fits(base, state.columns[to.index]):
        if other and not state.columns[to.index]:
            raise IllegalAction(T("only a run that starts with a King may go into an empty column"))
        raise IllegalAction(T("a run starting with {card} cannot go to {place}", card=base, place=to.words()))
    free = [Place.tower(i) for i, t in enumerate(state.towers) if t is None]
    lifted = list(reversed(col[-count + 1:]))
    moves = [Move(0, card, spot, chained=i > 0) for i, (card, spot) in enumerate(zip(lifted, free))]
    moves.append(Move(0, base, to, chained=True))
    moves += [Move(0, card, to, chained=True) for card in reversed(lifted)]
    return moves
