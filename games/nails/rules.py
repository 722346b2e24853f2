"""Nails for 2-6 players, in real time (see shared/rules/nails.md).

The 48 ring cards are split into two face-down draw piles. Each round both top cards turn
up at the same moment and everyone races to call "hit" (a pattern of exactly three dots is
on both cards) or "miss". Only the first call counts. Right: the caller wins the pair.
Wrong: with two players the other wins the pair and two cards from the caller's win pile;
with more, the pair and four of the caller's cards go to the dump. A player who cannot pay
owes the rest and pays it from the next cards they get, however they arrive: a won pair, or
(with two players) the penalty cards the other player gives them. After 24 rounds, most
cards wins.

Timed steps: the cards turn up ``REVEAL_MS`` after the start and ``RESULT_MS`` after each
call (time to see why it was a hit or a miss), and the game ends ``RESULT_MS`` after the
last call. Calls up to ``LATE_MS`` after the winning one count for nothing, but are shown.
A call while no pair is waiting for one (before the cards turn up, or after this pair's
call) is refused and costs nothing: the rules know no fault for touching early, so the
caller simply calls again once the next pair is up (the refusal says which of the two).

>>> state = new_game(NailsOptions(seats=2), seed=1)
>>> _ = state.advance(REVEAL_MS)
>>> a, b = state.up
>>> events = state.apply(Call(0, REVEAL_MS + 700, hit(a, b)))
>>> events[0].correct, len(state.wins[0])
(True, 2)
"""

from __future__ import annotations

from random import Random
from dataclasses import dataclass, field
from typing import Generic, overload

from games.core.protocol import Event, Outcome, Seat, copy_rng, seat_name
from games.core.realtime import TimedAction, check_legal_timed, time_problem
from games.core.watching import SeatT
from games.core.words import N, Side, T, Who, Words
from games.nails.rings import Match, Ring, deck, hit, match

__all__ = ["deck", "hit", "match", "new_game", "Call", "NailsOptions", "NailsState"]

REVEAL_MS = 1000
RESULT_MS = 2400
LATE_MS = 300
ROUNDS = 24


@dataclass(frozen=True)
class NailsOptions:
    seats: int = 2

    def __post_init__(self) -> None:
        if not 2 <= self.seats <= 6:
            raise ValueError(f"Nails is for 2 to 6 players, not {self.seats}")

    @property
    def penalty(self) -> int:
        """Cards a wrong caller gives up: two to the other player, or four to the dump."""
        return 2 if self.seats == 2 else 4


@dataclass(frozen=True)
class Call(TimedAction):
    """Call "hit" (``says_hit``) or "miss" on the two cards showing."""

    says_hit: bool

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} calls {'hit' if self.says_hit else 'miss'} {self.stamp()}"


# --- events -------------------------------------------------------------------------------

COLOUR_WORDS: dict[str, Words] = {"R": T("red"), "B": T("blue"), "Y": T("yellow")}


def ring_words(ring: Ring) -> Words:
    """A ring's five dots as their colours, "blue-red-red-yellow-blue" (not "BRRYB")."""
    return T("{a}-{b}-{c}-{d}-{e}", **{key: COLOUR_WORDS[dot] for key, dot in zip("abcde", ring)})


@dataclass(frozen=True)
class Revealed(Event):
    number: int
    a: Ring
    b: Ring

    def message(self) -> Words:
        return T("round {number}: {a} and {b} turn up", number=self.number, a=ring_words(self.a),
                 b=ring_words(self.b))


@dataclass(frozen=True)
class Called(Event):
    """The call that counts, whether it was right, and the best match that decides it."""

    seat: Seat
    at_ms: int
    says_hit: bool
    correct: bool
    match: Match
    taker: Seat | None          # who wins the pair (None: the dump)

    def message(self) -> Words:
        return N("{seat} calls {call}: {verdict} ({count} dot matches)",
                 "{seat} calls {call}: {verdict} ({count} dots match)", seat=Who(self.seat),
                 call=T("hit") if self.says_hit else T("miss"),
                 verdict=T("right") if self.correct else T("wrong"), count=self.match.count)

    def fate(self) -> Words:
        """Where the pair goes: a wrong call can hand it to the other player, so the table
        says whose pile grows rather than leaving it to be guessed from the caller."""
        if self.taker is None:
            return T("both cards go to the dump")
        return T("{seat} takes both cards", seat=Who(self.taker))


@dataclass(frozen=True)
class LateCall(Event):
    seat: Seat
    winner: Seat
    behind_ms: int

    def message(self) -> Words:
        return T("{seat} beat {other} by {ms} ms", seat=Who(self.winner), other=Who(self.seat), ms=self.behind_ms)


@dataclass(frozen=True)
class Paid(Event):
    """``seat`` gave ``cards`` from their win pile (to a player, or None for the dump) and
    now owes ``owed``."""

    seat: Seat
    to: Seat | None
    cards: int
    owed: int

    def message(self) -> Words:
        where = T("{seat}", seat=Who(self.to)) if self.to is not None else T("the dump")
        if self.owed:
            return T("{seat} gives {count} to {where} and owes {owed}", seat=Who(self.seat), count=self.cards,
                     where=where, owed=self.owed)
        return T("{seat} gives {count} to {where}", seat=Who(self.seat), count=self.cards, where=where)


@dataclass(frozen=True)
class GameOver(Event):
    winners: tuple[Seat, ...]
    counts: tuple[int, ...]

    def message(self) -> Words:
        if len(self.winners) == 1:
            return T("after {rounds} rounds {seat} wins", rounds=ROUNDS, seat=Who(self.winners[0]))
        return T("after {rounds} rounds {side} share the win", rounds=ROUNDS, side=Side(self.winners))


# --- the view -----------------------------------------------------------------------------

@dataclass(frozen=True)
class NailsView(Generic[SeatT]):
    seat: SeatT
    seats: int
    now_ms: int
    round: int
    up: tuple[Ring, Ring] | None
    calling: bool                 # the cards are up and nobody has called yet
    up_at_ms: int
    piles: tuple[int, int]
    wins: tuple[int, ...]
    debts: tuple[int, ...]
    dump: int
    last: Called | None
    over: bool


# --- the state ----------------------------------------------------------------------------

@dataclass(eq=False)
class NailsState:
    options: NailsOptions
    rng: Random
    piles: list[list[Ring]]                    # two draw piles, the top is the last card
    wins: list[list[Ring]] = field(default_factory=list)
    debts: list[int] = field(default_factory=list)
    dump: list[Ring] = field(default_factory=list)
    up: tuple[Ring, Ring] | None = None
    calling: bool = False
    next_at: int | None = REVEAL_MS            # when the next cards turn up (or the game ends)
    round: int = 0
    now_ms: int = 0
    up_at_ms: int = 0
    last: Called | None = None
    over: bool = False
    opening: list[Event] = field(default_factory=list)   # none: the deal is two face-down piles

    @property
    def seats(self) -> int:
        return self.options.seats

    # protocol -----------------------------------------------------------------------------

    def to_act(self) -> list[Seat]:
        return [s for s in range(self.seats) if self.legal_actions(s)]

    def legal_actions(self, seat: Seat) -> list[Call]:
        if self.over or not 0 <= seat < self.seats:
            return []
        if self.calling or self._late_window():
            return [Call(seat, self.now_ms, True), Call(seat, self.now_ms, False)]
        return []

    def apply(self, action: Call) -> list[Event]:
        # (a late call counts only within LATE_MS of the winning one: judged at its own time)
        check_legal_timed(self, action, self._refusal, at_its_time=True)
        self.now_ms = action.at_ms
        if not self.calling:
            assert self.last is not None
            return [LateCall(action.seat, self.last.seat, action.at_ms - self.last.at_ms)]
        return self._resolve(action)

    def advance(self, now_ms: int) -> list[Event]:
        events: list[Event] = []
        while self.next_at is not None and self.next_at <= now_ms:
            self.now_ms = max(self.now_ms, self.next_at)
            events += self._reveal() if self.round < ROUNDS else self._end()
        self.now_ms = max(self.now_ms, now_ms)
        return events

    def next_due(self) -> int | None:
        return None if self.over else self.next_at

    @overload
    def view(self, seat: Seat) -> NailsView: ...
    @overload
    def view(self, seat: None) -> NailsView[None]: ...
    @overload
    def view(self, seat: Seat | None) -> NailsView[Seat | None]: ...
    def view(self, seat: Seat | None) -> NailsView[Seat | None]:
        return NailsView(
            seat=seat, seats=self.seats, now_ms=self.now_ms, round=self.round, up=self.up,
            calling=self.calling, up_at_ms=self.up_at_ms,
            piles=(len(self.piles[0]), len(self.piles[1])), wins=tuple(len(w) for w in self.wins),
            debts=tuple(self.debts), dump=len(self.dump), last=self.last, over=self.over,
        )

    def is_over(self) -> bool:
        return self.over

    def outcome(self) -> Outcome | None:
        if not self.over:
            return None
        counts = [len(w) for w in self.wins]
        best = max(counts)
        winners = tuple(s for s in range(self.seats) if counts[s] == best)
        return Outcome(winners, tuple(float(c) for c in counts), T("most cards won"))

    def clone(self) -> NailsState:
        return NailsState(
            self.options, copy_rng(self.rng), [list(p) for p in self.piles],
            [list(w) for w in self.wins], list(self.debts), list(self.dump), self.up,
            self.calling, self.next_at, self.round, self.now_ms, self.up_at_ms, self.last, self.over,
        )

    def all_cards(self) -> list[Ring]:
        up = list(self.up) if self.up and self.calling else []
        return [c for p in self.piles for c in p] + [c for w in self.wins for c in w] + self.dump + up

    def hidden_from(self, seat: Seat | None) -> list[Ring]:
        return [c for p in self.piles for c in p]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, NailsState):
            return NotImplemented
        return self._key() == other._key()

    def _key(self) -> tuple[object, ...]:
        return (self.options, self.rng.getstate(), self.piles, self.wins, self.debts, self.dump,
                self.up, self.calling, self.next_at, self.round, self.now_ms, self.up_at_ms,
                self.last, self.over)

    # rules --------------------------------------------------------------------------------

    def _late_window(self) -> bool:
        return (not self.calling and self.last is not None and not self.over
                and self.now_ms - self.last.at_ms <= LATE_MS)

    def _refusal(self, action: object) -> Words:
        """Why ``action`` is not legal now, in a player's words (``check_legal_timed`` asks
        only once it has refused the action)."""
        if not isinstance(action, Call):
            return T("Nails has no action {what}", what=repr(action))
        if self.over:
            return T("the game is over")
        problem = time_problem(self, action)
        if problem is not None:
            return problem
        if not 0 <= action.seat < self.seats:
            return T("there is no seat {number} at this table", number=action.seat + 1)
        if self.up is not None and self.last is not None:   # this pair has had its call
            return T("{seat} called first, and only the first call counts: wait for the next two",
                     seat=Who(self.last.seat))
        return T("too early: call once both cards are face up")

    def _reveal(self) -> list[Event]:
        self.round += 1
        self.up = (self.piles[0].pop(), self.piles[1].pop())
        self.calling, self.next_at, self.up_at_ms = True, None, self.now_ms
        return [Revealed(self.round, *self.up)]

    def _resolve(self, action: Call) -> list[Event]:
        assert self.up is not None
        a, b = self.up
        found = match(a, b)
        correct = action.says_hit == found.is_hit
        seat = action.seat
        two = self.seats == 2
        taker: Seat | None = seat if correct else (1 - seat if two else None)
        self.calling, self.next_at = False, self.now_ms + RESULT_MS
        self.last = Called(seat, action.at_ms, action.says_hit, correct, found, taker)
        events: list[Event] = [self.last]
        pair = [a, b]
        if taker is None:
            self.dump += pair
        else:
            events += self._receive(taker, pair)
        if not correct:
            events += self._pay(seat, self.options.penalty, taker)
        return events

    def _receive(self, seat: Seat, cards: list[Ring]) -> list[Event]:
        """Cards reaching ``seat`` pay its debt first, whatever way they arrive: the rules say
        a debtor pays "as soon as they have cards, however those arrive (won pairs or penalty
        cards received)". With two players the creditor is the other player, whose own debt
        the cards then pay in turn; with more, debts go to the dump."""
        owed = min(self.debts[seat], len(cards))
        self.wins[seat] += cards[owed:]
        if not owed:
            return []
        self.debts[seat] -= owed
        creditor = 1 - seat if self.seats == 2 else None
        events: list[Event] = [Paid(seat, creditor, owed, self.debts[seat])]
        if creditor is None:
            self.dump += cards[:owed]
        else:
            events += self._receive(creditor, cards[:owed])
        return events

    def _pay(self, seat: Seat, count: int, to: Seat | None) -> list[Event]:
        """A wrong call's penalty: ``count`` cards from the caller's win pile, the rest owed.
        The debt is written down before the cards land, so cards coming straight back (the
        receiver's own debt) pay it."""
        pile = self.wins[seat]
        paid = [pile.pop() for _ in range(min(count, len(pile)))]
        self.debts[seat] += count - len(paid)
        if to is not None and self.debts[to] and self.debts[seat]:   # two debts cancel out
            cancel = min(self.debts[to], self.debts[seat])
            self.debts[to] -= cancel
            self.debts[seat] -= cancel
        events: list[Event] = [Paid(seat, to, len(paid), self.debts[seat])]
        if to is None:
            self.dump += paid
        else:
            events += self._receive(to, paid)
        return events

    def _end(self) -> list[Event]:
        self.over, self.next_at, self.up = True, None, None
        outcome = self.outcome()
        assert outcome is not None
        return [GameOver(outcome.winners, tuple(len(w) for w in self.wins))]


def new_game(options: NailsOptions, seed: int) -> NailsState:
    """Shuffle the 48 cards and split them into two draw piles of 24."""
    rng = Random(seed)
    cards = deck()
    rng.shuffle(cards)
    half = len(cards) // 2
    return NailsState(options, rng, [cards[:half], cards[half:]],
                      wins=[[] for _ in range(options.seats)], debts=[0] * options.seats)
