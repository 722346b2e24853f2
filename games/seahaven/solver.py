"""A complete solver for Seahaven Towers: it finds a winning line of single-card moves,
proves that none exists, or gives up at its node budget ("unknown").

The search is a depth-first search over positions, with reductions that never lose a win:

- Cards go home as soon as they can. In this game that is always safe: the only card that
  could ever sit on a card is the next lower one of its suit, which is already home.
- Positions are compared in a canonical form (columns as a sorted multiset, towers as a
  set), so a position reached by another order of moves is searched once.
- A tower card goes onto the next higher card of its suit as soon as it can. The position
  after that is at least as good: whatever the card could do from the tower it can still
  do, since lifting the run it joined (below) puts it back in a tower.
- So a same-suit run at the top of a column only ever moves whole: onto the next higher
  card (or, led by a King, into an empty column) when the free towers allow, or up into
  the towers to dig beneath it. Lifting part of a run would only be put straight back.
- A King-led run resting on the bottom of its column never moves again except home.

Moves are tried in a useful order: a King from a tower into an empty column, then runs
onto their places, then runs into the towers, from the columns that hide the cards the
foundations need soonest. These shortcuts are checked against a plain exhaustive search
over the rules' own moves in tests/games/test_seahaven_solver.py.

The budget is counted in positions (``max_nodes``), never in seconds, so the rules core
stays free of clocks and every answer is reproducible.

>>> from games.seahaven.rules import state_for
>>> result = solve_state(state_for(1))
>>> result.solvable, len(result.moves) > 50
(True, True)
"""

from __future__ import annotations

from random import Random
from dataclasses import dataclass
from typing import Any, Sequence

from games.core.cards import Card
from games.seahaven.rules import (
    TOWERS, FOUNDATION_SUITS, SUIT_HOME, Move, Place, Resign, SeahavenState, card_of,
    rank_of, state_for,
)

DEFAULT_NODES = 400_000
HINT_NODES = 60_000

# A card is an int: foundation index * 13 + rank - 1 (Ace 0 ... King 12 within a suit).
Code = int
# A single move in the solver: the card, the kind of place ("c", "t", "f") and its index.
Single = tuple[Code, str, int]
Plan = tuple[str, *tuple[int, ...]]  # ("run", column, length, target) | ("lift", column, length) | ("tower", slot, column)
# One move as it is undone: the card, where it came from, where it went.
Undo = list[tuple[Code, tuple[str, int], tuple[str, int]]]
Key = tuple[frozenset[tuple[Code, ...]], frozenset[Code]]


def encode(card: Card) -> Code:
    return SUIT_HOME[card.suit] * 13 + rank_of(card) - 1  # type: ignore[index]


def decode(code: Code) -> Card:
    return card_of(FOUNDATION_SUITS[code // 13], code % 13 + 1)


@dataclass(frozen=True)
class Result:
    """``solvable`` is True (with ``moves``), False (proved), or None (budget reached)."""

    solvable: bool | None
    moves: tuple[Move, ...]
    nodes: int

    @property
    def verdict(self) -> str:
        return {True: "solvable", False: "unsolvable", None: "unknown"}[self.solvable]


class _OutOfNodes(Exception):
    pass


class _Search:
    """One search: the position as mutable lists, changed and restored move by move."""

    def __init__(self, columns: Sequence[Sequence[Card]], towers: Sequence[Card | None],
                 foundations: Sequence[int], max_nodes: int, wins: set[Key] | None = None) -> None:
        self.cols: list[list[Code]] = [[encode(c) for c in col] for col in columns]
        self.towers: list[Code | None] = [None if t is None else encode(t) for t in towers]
        self.found = list(foundations)
        self.max_nodes = max_nodes
        self.nodes = 0
        self.seen: set[Key] = set()
        # Positions known to be winnable (on the winning lines of earlier searches of the
        # same deal): reaching one settles the verdict, though not the line to play.
        self.wins = wins
        self.path: list[Single] = []
        self.groups: list[int] = []  # where each move group starts in ``path`` (for chaining)

    # moving cards -------------------------------------------------------------------------

    def _take(self, kind: str, index: int) -> Code:
        if kind == "c":
            return self.cols[index].pop()
        code = self.towers[index]
        self.towers[index] = None
        assert code is not None
        return code

    def _put(self, code: Code, kind: str, index: int) -> None:
        if kind == "c":
            self.cols[index].append(code)
        elif kind == "t":
            self.towers[index] = code
        else:
            self.found[index] += 1

    def _move(self, src: tuple[str, int], dst: tuple[str, int], undo: Undo) -> None:
        code = self._take(*src)
        self._put(code, *dst)
        self.path.append((code, dst[0], dst[1]))
        undo.append((code, src, dst))

    def _rewind(self, undo: Undo) -> None:
        for code, src, dst in reversed(undo):
            if dst[0] == "c":
                self.cols[dst[1]].pop()
            elif dst[0] == "t":
                self.towers[dst[1]] = None
            else:
                self.found[dst[1]] -= 1
            self._put(code, *src)
            self.path.pop()

    def _home(self, undo: Undo) -> None:
        """Make the moves that can never hurt, until none is left: cards home, and tower
        cards onto their places in the columns (a move that the freed tower can always take
        back, so the position after it is at least as good)."""
        cols, towers, found = self.cols, self.towers, self.found
        moved = True
        while moved:
            moved = False
            for i, col in enumerate(cols):
                while col and found[col[-1] // 13] == col[-1] % 13:
                    self._move(("c", i), ("f", col[-1] // 13), undo)
                    moved = True
            if towers.count(None) == TOWERS:
                continue
            tops = {col[-1]: j for j, col in enumerate(cols) if col}
            for i, code in enumerate(towers):
                if code is None:
                    continue
                if found[code // 13] == code % 13:
                    self._move(("t", i), ("f", code // 13), undo)
                    moved = True
                elif code % 13 != 12 and code + 1 in tops:
                    self._move(("t", i), ("c", tops.pop(code + 1)), undo)
                    moved = True

    # the search -------------------------------------------------------------------------

    def key(self) -> Key:
        """The position up to the order of columns and towers. Every card is unique, so the
        non-empty columns as a set (the rest are empty) and the tower cards as a set say it
        exactly, and a set is cheaper to build and hash than a sorted tuple."""
        return (frozenset([tuple(c) for c in self.cols if c]),
                frozenset([t for t in self.towers if t is not None]))

    def run(self) -> bool:
        undo: Undo = []
        self._home(undo)
        if all(n == 13 for n in self.found):
            return True
        key = self.key()
        if self.wins is not None and key in self.wins:
            return True
        if key in self.seen:
            self._rewind(undo)
            return False
        self.seen.add(key)
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise _OutOfNodes
        for plan in self.plans():
            step: Undo = []
            self.groups.append(len(self.path))
            self._execute(plan, step)
            if self.run():
                if self.wins is not None:
                    self.wins.add(key)
                return True
            self.groups.pop()
            self._rewind(step)
        self._rewind(undo)
        return False

    def _execute(self, plan: Plan, step: Undo) -> None:
        kind, *numbers = plan
        if kind == "tower":      # a King from a tower into an empty column
            slot, column = numbers
            self._move(("t", slot), ("c", column), step)
        elif kind == "lift":     # a column's top run, card by card, into free towers
            column, length = numbers
            for _ in range(length):
                self._move(("c", column), ("t", self.towers.index(None)), step)
        else:                    # a run: all but its lowest card up, the lowest across, back down
            column, length, target = numbers
            slots = [i for i, t in enumerate(self.towers) if t is None][:length - 1]
            for slot in slots:
                self._move(("c", column), ("t", slot), step)
            self._move(("c", column), ("c", target), step)
            for slot in reversed(slots):
                self._move(("t", slot), ("c", target), step)

    def plans(self) -> list[Plan]:
        """Candidate move groups, best first."""
        free = self.towers.count(None)
        tops = {col[-1]: i for i, col in enumerate(self.cols) if col}
        empty = [i for i, col in enumerate(self.cols) if not col]
        kings = [("tower", t, empty[0]) for t, code in enumerate(self.towers)
                 if empty and code is not None and code % 13 == 12]
        runs: list[Plan] = []
        lifts: list[tuple[int, int, int]] = []
        for i, col in enumerate(self.cols):
            if not col:
                continue
            length = _run_length(col)
            base = col[-length]
            if length == len(col) and base % 13 == 12:
                continue  # a King-led run on its column's bottom: it only ever goes home
            target = self._place_for(base, tops, empty, avoid=i)
            if target is not None and length - 1 <= free:
                runs.append(("run", i, length, target))
            if length <= free:
                lifts.append((self._dig_score(col), i, length))
        return kings + runs + [("lift", i, n) for _, i, n in sorted(lifts)]

    def _place_for(self, code: Code, tops: dict[Code, int], empty: list[int],
                   avoid: int = -1) -> int | None:
        if code % 13 == 12:
            return empty[0] if empty else None
        parent = tops.get(code + 1)
        return parent if parent is not None and parent != avoid else None

    def _dig_score(self, col: list[Code]) -> int:
        """How deep the soonest-needed card in this column lies (fewer cards above is better)."""
        best = 99
        for depth, code in enumerate(reversed(col)):
            need = code % 13 - self.found[code // 13]
            best = min(best, need * 3 + depth)
        return best


def _run_length(col: list[Code]) -> int:
    n = 1
    while n < len(col) and col[-n - 1] == col[-n] + 1 and col[-n] % 13 != 12:
        n += 1
    return n


def _singles_to_moves(search: _Search) -> tuple[Move, ...]:
    """The search's path as rules moves; each group's later moves are chained to its first."""
    starts = set(search.groups) | {0}
    kinds = {"c": Place.column, "t": Place.tower, "f": Place.foundation}
    return tuple(Move(0, decode(code), kinds[kind](index), chained=n not in starts)
                 for n, (code, kind, index) in enumerate(search.path))


def solve(columns: Sequence[Sequence[Card]], towers: Sequence[Card | None],
          foundations: Sequence[int] = (0, 0, 0, 0), max_nodes: int = DEFAULT_NODES) -> Result:
    """Solve a position given as columns (bottom to top), four tower cells and foundation
    heights (in FOUNDATION_SUITS order)."""
    search = _Search(columns, towers, foundations, max_nodes)
    won = _verdict(search)
    if won is None:
        return Result(None, (), search.nodes)
    if not won:
        return Result(False, (), search.nodes)
    return Result(True, _singles_to_moves(search), search.nodes)


def solve_state(state: SeahavenState, max_nodes: int = DEFAULT_NODES) -> Result:
    return solve(state.columns, state.towers, state.foundations, max_nodes)


def verdicts(states: Sequence[SeahavenState], max_nodes: int = DEFAULT_NODES) -> list[bool | None]:
    """Whether each position of one deal can still be won (None: over the budget), sooner
    than a solve each: the searches share the positions on the winning lines found so far,
    and one that reaches such a position is won there. Each search keeps its own budget.

    >>> from games.seahaven.rules import state_for
    >>> start = state_for(1)
    >>> after = [start.clone() for _ in range(3)]
    >>> for state, move in zip(after, start.legal_moves()):
    ...     _ = state.apply(move)
    >>> verdicts(after, HINT_NODES) == [solve_state(s, HINT_NODES).solvable for s in after]
    True
    """
    wins: set[Key] = set()
    return [_verdict(_Search(s.columns, s.towers, s.foundations, max_nodes, wins)) for s in states]


def _verdict(search: _Search) -> bool | None:
    """Run ``search``: won, lost, or None over its budget."""
    try:
        return search.run()
    except (_OutOfNodes, RecursionError):  # a line too deep to follow counts as over budget
        return None


def hint(state: SeahavenState, max_nodes: int = HINT_NODES) -> Result:
    """What to play next: the solver's line from this position (its first group is the hint)."""
    return solve_state(state, max_nodes)


def first_group(moves: Sequence[Move]) -> list[Move]:
    """The first move of a line with the moves chained to it (one drag, one hint)."""
    group = list(moves[:1])
    for move in moves[1:]:
        if not move.chained:
            break
        group.append(move)
    return group


def next_winnable(start: int, max_nodes: int = 30_000, tries: int = 200) -> int:
    """The first deal number from ``start`` on that the solver proves winnable. A deal the
    solver cannot decide within a small budget is skipped too, so dealing stays quick and a
    "winnable" deal is always one with a known win."""
    for deal in range(start, start + tries):
        fresh = state_for(deal)
        if solve_state(fresh, max_nodes).solvable:
            return deal
    return start


def safe_moves(state: SeahavenState) -> list[Move]:
    """Every card that can go home now (always safe in this game: nothing can use it)."""
    return [m for m in state.legal_moves() if m.to.kind == "foundation"]


def autoplay(view: Any, rng: Random) -> Any:
    """A simple automatic player for the simulator and the conformance tests: cards home
    first, otherwise any move that is not a pointless tower shuffle; it gives up when stuck
    or after a few hundred moves, so a game always ends."""
    moves = [a for a in view.legal if isinstance(a, Move)]
    if view.stuck or view.moves >= 300 or not moves:
        return Resign(view.seat)
    home = [m for m in moves if m.to.kind == "foundation"]
    if home:
        return home[0]
    onto_cards = [m for m in moves if m.to.kind == "column"]
    if onto_cards and rng.random() < 0.7:
        return rng.choice(onto_cards)
    return rng.choice(moves)

