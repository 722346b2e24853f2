"""Spoons for 3-12 players (two decks from 7), and its variant Pig, in real time (see
shared/rules/spoons.md).

Nobody takes turns. Each round everyone holds four cards; the dealer takes from the stock,
everyone else from the queue of cards passed to them at their left, and passes one card face
down to the right (the seat numbered one lower). The last seat of the chain (the dealer's
left) discards. A hand never holds more than
five cards: take, then pass, then take again. Four of a kind lets a player grab a spoon,
and from that moment everyone may grab; spoons are one fewer than players, so one player is
left out and gets a letter of SPOON. Five letters and they are out, taking a spoon with
them. The last player left wins.

Decisions the rules leave open: a first grab without four of a kind is a false grab that
ends the round with a letter for the grabber; a grab holding five cards passes the odd card
on first; once the scramble starts, Spoons stops passing. In Pig the "grab" is touching
one's nose (three letters, P-I-G); players keep passing while the noses go, and a player
with a finger on their nose sends every card on unseen.

Timed steps: the next round is dealt ``NEXT_ROUND_MS`` after a round ends.

>>> state = new_game(SpoonsOptions(seats=3), seed=2)
>>> dealer = state.dealer
>>> events = state.apply(Take(dealer, 300))
>>> len(state.hands[dealer]), type(state.legal_actions(dealer)[0]).__name__
(5, 'Pass')
"""

from __future__ import annotations

from random import Random
from collections import Counter
from dataclasses import dataclass, field
from typing import Generic, overload, Sequence

from games.core.cards import Card, standard_deck
from games.core.protocol import NOT_ALLOWED_NOW, Event, Outcome, Seat, copy_rng
from games.core.words import T, Who, Words
from games.core.realtime import TimedAction, check_legal_timed, time_problem
from games.spoons.events import (Dealt, Eliminated, FalseGrab, GameWon, Grab, Grabbed, Pass,
                                 Passed, Recycled, RoundLost, Take, Took)
from games.core.watching import SeatT

__all__ = ["new_game", "SpoonsOptions", "SpoonsState", "SpoonsView", "Take", "Pass", "Grab",
           "four_of_a_kind", "NEXT_ROUND_MS", "HAND", "VARIANTS"]

NEXT_ROUND_MS = 2500
HAND = 4
VARIANTS = ("spoons", "pig")
WORDS = {"spoons": "SPOON", "pig": "PIG"}


@dataclass(frozen=True)
class SpoonsOptions:
    seats: int = 4
    variant: str = "spoons"

    def __post_init__(self) -> None:
        if not 3 <= self.seats <= 12:
            raise ValueError(f"Spoons is for 3 to 12 players, not {self.seats}")
        if self.variant not in VARIANTS:
            raise ValueError(f"the variant is spoons or pig, not {self.variant!r}")

    @property
    def decks(self) -> int:
        return 1 if self.seats <= 6 else 2

    @property
    def word(self) -> str:
        return WORDS[self.variant]


def four_of_a_kind(hand: list[Card]) -> bool:
    # Counting in a list of five is quicker than a Counter, and bots ask on every card.
    ranks = [c.rank for c in hand]
    return any(ranks.count(rank) >= 4 for rank in ranks)


@dataclass(frozen=True)
class SpoonsView(Generic[SeatT]):
    """What one seat knows: its own hand, and counts (never cards) for everything else."""

    seat: SeatT
    seats: int
    variant: str
    now_ms: int
    round: int
    dealer: Seat
    players: tuple[Seat, ...]          # seats still in, in passing order: dealer, to the right
    hand: tuple[Card, ...]
    queues: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    stock: int
    discard: int
    spoons: int                        # spoons (nose places) still free this round
    grabbed: tuple[Seat, ...]          # in the order they grabbed
    first_grab_ms: int | None
    letters: tuple[int, ...]
    out: tuple[bool, ...]
    ready_ms: int                      # when this seat last acted or got a card to act on
    between: bool                      # the round is over; the next deal is due
    last_loser: Seat | None
    over: bool

    @property
    def word(self) -> str:
        return WORDS[self.variant]


@dataclass(eq=False)
class SpoonsState:
    options: SpoonsOptions
    rng: Random
    letters: list[int]
    dealer: Seat = 0
    round: int = 0
    hands: list[list[Card]] = field(default_factory=list)
    queues: list[list[Card]] = field(default_factory=list)   # oldest card first
    stock: list[Card] = field(default_factory=list)          # the top is the last card
    discard: list[Card] = field(default_factory=list)
    pack: list[Card] = field(default_factory=list)           # gathered between rounds
    grabbed: list[Seat] = field(default_factory=list)
    first_grab_ms: int | None = None
    ready: list[int] = field(default_factory=list)
    now_ms: int = 0
    next_at: int | None = None
    last_loser: Seat | None = None
    winner: Seat | None = None
    out_order: list[Seat] = field(default_factory=list)      # who spelled the word, first out first
    opening: list[Event] = field(default_factory=list)
    # What every seat sees alike, built once per change: with everyone passing at once the
    # driver asks every seat's view after every event.
    _public: dict[str, object] | None = field(default=None, repr=False)

    @property
    def seats(self) -> int:
        return self.options.seats

    @property
    def pig(self) -> bool:
        return self.options.variant == "pig"

    # protocol -----------------------------------------------------------------------------

    def to_act(self) -> list[Seat]:
        return [s for s in range(self.seats) if self.legal_actions(s)]

    def legal_actions(self, seat: Seat) -> list[TimedAction]:
        if not self._playing(seat):
            return []
        now = self.now_ms
        actions: list[TimedAction] = []
        if self._can_take(seat):
            actions.append(Take(seat, now))
        if self._can_pass(seat):
            actions += [Pass(seat, now, c) for c in dict.fromkeys(self.hands[seat])]
        if seat not in self.grabbed:
            actions.append(Grab(seat, now))
        return actions

    def apply(self, action: TimedAction) -> list[Event]:
        check_legal_timed(self, action, self._refusal)
        self._public = None
        self.now_ms = action.at_ms
        if isinstance(action, Take):
            return self._take(action.seat)
        if isinstance(action, Pass):
            return self._pass(action.seat, action.card)
        return self._grab(action.seat)

    def advance(self, now_ms: int) -> list[Event]:
        events: list[Event] = []
        self._public = None
        if self.next_at is not None and self.next_at <= now_ms:
            self.now_ms = max(self.now_ms, self.next_at)
            events += self._deal()
        self.now_ms = max(self.now_ms, now_ms)
        return events

    def next_due(self) -> int | None:
        return self.next_at

    @overload
    def view(self, seat: Seat) -> SpoonsView: ...
    @overload
    def view(self, seat: None) -> SpoonsView[None]: ...
    @overload
    def view(self, seat: Seat | None) -> SpoonsView[Seat | None]: ...
    def view(self, seat: Seat | None) -> SpoonsView[Seat | None]:
        if self._public is None:
            self._public = self._shared()
        # The driver asks every seat's view after every event: filling the frozen view's
        # fields in one go is several times quicker than its generated __init__, which sets
        # them one by one through object.__setattr__.
        view = object.__new__(SpoonsView)
        if seat is None:  # a spectator: no hand, and nothing of its own to act on
            view.__dict__.update(self._public, seat=None, hand=(), ready_ms=self.now_ms)
        else:
            view.__dict__.update(self._public, seat=seat, hand=tuple(self.hands[seat]),
                                 ready_ms=self.ready[seat])
        return view

    def _shared(self) -> dict[str, object]:
        players = tuple(self.players())
        return dict(
            seats=self.seats, variant=self.options.variant, now_ms=self.now_ms,
            round=self.round, dealer=self.dealer, players=players,
            queues=tuple(map(len, self.queues)), hand_sizes=tuple(map(len, self.hands)),
            stock=len(self.stock), discard=len(self.discard),
            spoons=self.spoons_left(players), grabbed=tuple(self.grabbed),
            first_grab_ms=self.first_grab_ms, letters=tuple(self.letters),
            out=tuple(map(self.is_out, range(self.seats))),
            between=self.next_at is not None, last_loser=self.last_loser, over=self.is_over(),
        )

    def is_over(self) -> bool:
        return self.winner is not None

    def outcome(self) -> Outcome | None:
        if self.winner is None:
            return None
        # One out a round, so every place is different: the winner first, then the others
        # by when they went out, the last out ranking highest (a score is a place, not letters).
        scores = [0.0] * self.seats
        for place, seat in enumerate([*self.out_order, self.winner]):
            scores[seat] = float(place)
        return Outcome((self.winner,), tuple(scores), T("the last player not to spell {word}", word=self.options.word))

    def clone(self) -> SpoonsState:
        return SpoonsState(
            self.options, copy_rng(self.rng), list(self.letters), self.dealer, self.round,
            [list(h) for h in self.hands], [list(q) for q in self.queues], list(self.stock),
            list(self.discard), list(self.pack), list(self.grabbed), self.first_grab_ms,
            list(self.ready), self.now_ms, self.next_at, self.last_loser, self.winner,
            list(self.out_order),
        )

    def all_cards(self) -> list[Card]:
        held = [c for h in self.hands for c in h] + [c for q in self.queues for c in q]
        return held + self.stock + self.discard + self.pack

    def hidden_from(self, seat: Seat | None) -> list[Card]:
        others = [c for s, h in enumerate(self.hands) if s != seat for c in h]
        return others + [c for q in self.queues for c in q] + self.stock + self.discard + self.pack

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SpoonsState):
            return NotImplemented
        return self._key() == other._key()

    def _key(self) -> tuple[object, ...]:
        return (self.options, self.rng.getstate(), self.letters, self.dealer, self.round,
                self.hands, self.queues, self.stock, self.discard, self.pack, self.grabbed,
                self.first_grab_ms, self.ready, self.now_ms, self.next_at, self.last_loser,
                self.winner, self.out_order)

    # seats --------------------------------------------------------------------------------

    def is_out(self, seat: Seat) -> bool:
        return self.letters[seat] >= len(self.options.word)

    def players(self) -> list[Seat]:
        """Seats still in, in passing order: the dealer, then round to the dealer's right.

        Seats are numbered clockwise, so a seat's left is the next number and its right the
        one before. The seed rules pass to the right: the dealer discards "to their right",
        each player picks up at their left and discards to their right, and the dealer's
        left is last in the chain, discarding into the discard pile."""
        n, limit, letters = self.seats, len(self.options.word), self.letters
        seats = [(self.dealer - k) % n for k in range(n)]
        return [s for s in seats if letters[s] < limit]

    def right_of(self, seat: Seat) -> Seat | None:
        """Where ``seat`` passes to: the next seat still in on its right, or None for the
        last of the chain (the dealer's left), who discards."""
        order = self.players()
        index = order.index(seat)
        return order[index + 1] if index + 1 < len(order) else None

    def spoons_left(self, players: Sequence[Seat] | None = None) -> int:
        """One spoon fewer than the players still in, less those grabbed (``players``:
        ``self.players()`` when the caller has it already)."""
        return max(0, len(self.players() if players is None else players) - 1 - len(self.grabbed))

    # rules --------------------------------------------------------------------------------

    def _playing(self, seat: Seat) -> bool:
        return (0 <= seat < self.seats and self.winner is None and self.next_at is None
                and not self.is_out(seat))

    def _passing(self, seat: Seat) -> bool:
        """Spoons stops passing once a spoon is gone; Pig passes on, except for the noses."""
        if seat in self.grabbed:
            return False
        return self.pig or not self.grabbed

    def _can_take(self, seat: Seat) -> bool:
        if not self._passing(seat) or len(self.hands[seat]) != HAND:
            return False
        if seat == self.dealer:
            return bool(self.stock or self.discard)
        return bool(self.queues[seat])

    def _can_pass(self, seat: Seat) -> bool:
        return self._passing(seat) and len(self.hands[seat]) > HAND

    def _refusal(self, action: object) -> Words:
        """Why ``action`` is not legal now, in a player's words (``check_legal_timed`` asks
        only once it has refused the action)."""
        if not isinstance(action, (Take, Pass, Grab)):
            return T("Spoons has no action {what}", what=repr(action))
        if self.winner is not None:
            return T("the game is over")
        problem = time_problem(self, action)
        if problem is not None:
            return problem
        seat = action.seat
        if not 0 <= seat < self.seats:
            return T("there is no seat {number} at this table", number=seat + 1)
        if self.is_out(seat):
            return T("{seat} is out of the game", seat=Who(seat))
        if self.next_at is not None:
            return T("the round is over: wait for the next deal")
        if isinstance(action, Take):
            return self._why_not_take(seat)
        if isinstance(action, Pass):
            return self._why_not_pass(seat, action.card)
        if seat in self.grabbed:
            if self.pig:
                return T("{seat} already has a finger on the nose", seat=Who(seat))
            return T("{seat} already has a spoon", seat=Who(seat))
        return NOT_ALLOWED_NOW

    def _why_not_take(self, seat: Seat) -> Words:
        if not self._passing(seat):
            return T("no more passing this round")
        if len(self.hands[seat]) > HAND:
            return T("pass a card first: a hand never holds more than five")
        return T("there is no card waiting for {seat}", seat=Who(seat))

    def _why_not_pass(self, seat: Seat, card: Card) -> Words:
        if not self._can_pass(seat):
            return T("take a card before passing one") if self._passing(seat) else T("no more passing this round")
        return T("{card} is not in {seat}'s hand", card=card, seat=Who(seat))

    def _take(self, seat: Seat) -> list[Event]:
        events: list[Event] = []
        self.ready[seat] = self.now_ms
        if seat != self.dealer:
            card = self.queues[seat].pop(0)
            self.hands[seat].append(card)
            return [Took(seat, card, False)]
        if not self.stock:
            events.append(self._recycle())
        card = self.stock.pop()
        self.hands[seat].append(card)
        return events + [Took(seat, card, True)]

    def _recycle(self) -> Recycled:
        self.stock, self.discard = self.discard, []
        self.rng.shuffle(self.stock)
        return Recycled(len(self.stock))

    def _pass(self, seat: Seat, card: Card, through: bool = False) -> list[Event]:
        self.hands[seat].remove(card)
        self.ready[seat] = self.now_ms
        return self._send(seat, card, through)

    def _send(self, seat: Seat, card: Card, through: bool) -> list[Event]:
        """Put ``card`` at the right of ``seat``; a nose in Pig sends it straight on."""
        to = self.right_of(seat)
        events: list[Event] = [Passed(seat, to, card, through)]
        if to is None:
            self.discard.append(card)
        elif to in self.grabbed:
            events += self._send(to, card, True)
        else:
            if not self.queues[to] and len(self.hands[to]) == HAND:
                self.ready[to] = self.now_ms      # a card to act on arrives
            self.queues[to].append(card)
        return events

    def _grab(self, seat: Seat) -> list[Event]:
        first = not self.grabbed
        if first and not four_of_a_kind(self.hands[seat]):
            return [FalseGrab(seat, self.now_ms)] + self._lose(seat, True)
        events: list[Event] = []
        if first:
            self.first_grab_ms = self.now_ms
            events += self._lay_down(seat)
        self.grabbed.append(seat)
        if self.pig:
            events += self._flush(seat)
        events.append(Grabbed(seat, self.now_ms, first, self.spoons_left()))
        if self.spoons_left() == 0:
            loser = next(s for s in self.players() if s not in self.grabbed)
            events += self._lose(loser, False)
        return events

    def _lay_down(self, seat: Seat) -> list[Event]:
        """A fifth card beside the four of a kind is passed on before the grab."""
        hand = self.hands[seat]
        if len(hand) <= HAND:
            return []
        counts = Counter(c.rank for c in hand)
        odd = next(c for c in reversed(hand) if counts[c.rank] < 4 or len(hand) - counts[c.rank] == 0)
        return self._pass(seat, odd)

    def _flush(self, seat: Seat) -> list[Event]:
        """A Pig player with a finger on the nose sends on, unseen, what waits at their left
        (and a fifth card still in hand, if a scramble caught them between take and pass)."""
        events: list[Event] = []
        while len(self.hands[seat]) > HAND:   # a card they held, so not sent on unseen
            events += self._pass(seat, self.hands[seat][-1])
        while self.queues[seat]:
            events += self._send(seat, self.queues[seat].pop(0), True)
        return events

    def _lose(self, seat: Seat, false_grab: bool) -> list[Event]:
        word = self.options.word
        self.letters[seat] += 1
        self.last_loser = seat
        events: list[Event] = [RoundLost(seat, self.letters[seat], word, false_grab)]
        if self.is_out(seat):
            self.out_order.append(seat)
            events.append(Eliminated(seat, word))
        self._gather()
        left = self.players()
        if len(left) == 1:
            self.winner = left[0]
            return events + [GameWon(left[0])]
        self.next_at = self.now_ms + NEXT_ROUND_MS
        return events

    def _gather(self) -> None:
        """Every card comes back to the pack between rounds."""
        for zone in (*self.hands, *self.queues, self.stock, self.discard):
            self.pack += zone
            zone.clear()

    def _deal(self) -> list[Event]:
        self.next_at = None
        if self.round:
            self.dealer = self._next_dealer()
        self.round += 1
        self.grabbed, self.first_grab_ms = [], None
        self.rng.shuffle(self.pack)
        players = self.players()
        for seat in players:
            self.hands[seat] = [self.pack.pop() for _ in range(HAND)]
            self.ready[seat] = self.now_ms
        self.stock, self.pack = self.pack, []
        return [Dealt(self.round, self.dealer, tuple(players), len(players) - 1)]

    def _next_dealer(self) -> Seat:
        n = self.seats
        return next((self.dealer + k) % n for k in range(1, n + 1) if not self.is_out((self.dealer + k) % n))


def new_game(options: SpoonsOptions, seed: int) -> SpoonsState:
    """Shuffle, pick a dealer and deal the first round."""
    rng = Random(seed)
    seats = options.seats
    state = SpoonsState(options, rng, [0] * seats, dealer=rng.randrange(seats),
                        hands=[[] for _ in range(seats)], queues=[[] for _ in range(seats)],
                        pack=standard_deck(copies=options.decks), ready=[0] * seats)
    state.opening = state._deal()
    return state
