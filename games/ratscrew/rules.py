"""Egyptian Ratscrew for 2-6 players, in real time (see shared/rules/ratscrew.md).

Everyone holds a face-down stack. In turn, players flip their top card onto the centre
pile; a face card or Ace challenges the next player to answer with one of their own within
1-4 cards, or lose the pile to the challenger. Anyone may slap the pile at any moment: a
slap on a pattern (pair, sandwich, ...) wins it, a false slap costs a penalty card. The
player who ends with every card wins.

Timed steps: a won challenge is collected ``COLLECT_MS`` after its last card, so a pattern
made by that card can still be slapped; a player offered the rest of a challenge (because
the challenged player ran out) has ``OFFER_MS`` to flip before it counts as declining.

>>> state = new_game(RatscrewOptions(seats=2), seed=3)
>>> first = state.turn
>>> events = state.apply(Flip(first, at_ms=500))
>>> state.pile[-1].live, state.now_ms
(True, 500)
"""

from __future__ import annotations

from random import Random
from dataclasses import dataclass, field
from typing import Generic, overload

from games.core.cards import Card, standard_deck
from games.core.protocol import NOT_ALLOWED_NOW, Event, Outcome, Seat, copy_rng
from games.core.realtime import TimedAction, check_legal_timed, time_problem
from games.core.watching import SeatT
from games.core.words import T, Who, Words
from games.ratscrew.patterns import SlapRules, challenge_size, pattern_words, slap_pattern

COLLECT_MS = 1200   # a won challenge waits this long before the pile is taken: slaps still count
OFFER_MS = 3000     # a player offered the rest of a challenge declines by waiting this long
GRACE_MS = 40       # slaps this soon after the winning slap are too late, not false


@dataclass(frozen=True)
class RatscrewOptions:
    """Seats (2-6), Jokers (0-2), two decks for big tables, which patterns count, and the
    penalty for a false slap (1-3 cards)."""

    seats: int = 3
    jokers: int = 0
    decks: int = 1
    sandwich: bool = True
    sequence: bool = False
    penalty: int = 1

    def __post_init__(self) -> None:
        if not 2 <= self.seats <= 6:
            raise ValueError(f"Egyptian Ratscrew is for 2 to 6 players, not {self.seats}")
        if self.jokers not in (0, 1, 2) or self.decks not in (1, 2) or self.penalty not in (1, 2, 3):
            raise ValueError("Jokers are 0-2, decks 1-2 and the penalty 1-3 cards")

    @property
    def slap_rules(self) -> SlapRules:
        return SlapRules(sandwich=self.sandwich, jokers=self.jokers > 0, sequence=self.sequence)


# --- actions ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Flip(TimedAction):
    """Turn the top card of one's own stack onto the pile (out of turn it is a dead card)."""


@dataclass(frozen=True)
class Slap(TimedAction):
    """Slap the pile."""


@dataclass(frozen=True)
class Decline(TimedAction):
    """Refuse to carry on a challenge the previous player ran out in the middle of."""


@dataclass(frozen=True)
class PileCard:
    """A card on the pile: ``live`` cards count for challenges and patterns, dead ones never."""

    card: Card
    live: bool
    seat: Seat | None


# --- events -------------------------------------------------------------------------------

# Why a pile was won, as ``PileWon.reason`` keeps it, in a player's words.
PILE_REASONS: dict[str, Words] = {
    "nobody else can play": T("nobody else can play"), "won the challenge": T("won the challenge"),
    "challenge declined": T("challenge declined"), "last player holding cards": T("last player holding cards"),
}
SLAPPED = "slapped a "


def pile_reason(reason: str) -> Words:
    if reason.startswith(SLAPPED):
        return T("slapped a {pattern}", pattern=pattern_words(reason.removeprefix(SLAPPED)))
    return PILE_REASONS.get(reason) or T("{reason}", reason=reason)   # (another version's)


@dataclass(frozen=True)
class Dealt(Event):
    counts: tuple[int, ...]
    dealer: Seat
    first: Seat

    def message(self) -> Words:
        return T("{seat} deals {count} cards; {first} flips first", seat=Who(self.dealer),
                 count=sum(self.counts), first=Who(self.first))


@dataclass(frozen=True)
class Flipped(Event):
    """``needed`` is the challenge this card starts (0 for none); ``left`` the flips the
    challenged player still owes after it (0 when no challenge runs)."""

    seat: Seat
    card: Card
    live: bool
    at_ms: int
    needed: int = 0
    left: int = 0

    def message(self) -> Words:
        if not self.live:
            return T("{seat} flips {card} out of turn (dead card)", seat=Who(self.seat), card=self.card)
        if self.needed:
            return T("{seat} flips {card}: challenge of {count}", seat=Who(self.seat), card=self.card,
                     count=self.needed)
        return T("{seat} flips {card}", seat=Who(self.seat), card=self.card)


@dataclass(frozen=True)
class Slapped(Event):
    """A slap on a valid pattern (the pile follows in ``PileWon``)."""

    seat: Seat
    at_ms: int
    pattern: str

    def message(self) -> Words:
        return T("{seat} slaps a {pattern}", seat=Who(self.seat), pattern=pattern_words(self.pattern))


@dataclass(frozen=True)
class LateSlap(Event):
    """A slap just after the winning one: no penalty, but it shows who was first, by how much."""

    seat: Seat
    at_ms: int
    winner: Seat
    behind_ms: int

    def message(self) -> Words:
        return T("{seat} beat {other} by {ms} ms", seat=Who(self.winner), other=Who(self.seat), ms=self.behind_ms)


@dataclass(frozen=True)
class FalseSlap(Event):
    """A slap on no pattern: ``paid`` cards go under the pile as dead cards."""

    seat: Seat
    at_ms: int
    paid: tuple[Card, ...]
    eliminated: bool = False

    def message(self) -> Words:
        if self.eliminated:
            return T("{seat} slaps falsely while out, and leaves the game", seat=Who(self.seat))
        if not self.paid:
            return T("{seat} slaps falsely and pays nothing (no cards)", seat=Who(self.seat))
        return T("{seat} slaps falsely and pays {cards}", seat=Who(self.seat), cards=self.paid)


@dataclass(frozen=True)
class PileWon(Event):
    seat: Seat
    cards: int
    reason: str

    def message(self) -> Words:
        return T("{seat} takes the pile of {count} ({why})", seat=Who(self.seat), count=self.cards,
                 why=pile_reason(self.reason))


@dataclass(frozen=True)
class Offered(Event):
    """``seat`` may carry on the challenge (``left`` flips) or decline."""

    seat: Seat
    left: int
    until_ms: int

    def message(self) -> Words:
        return T("{seat} may carry on the challenge ({count} to flip) or decline", seat=Who(self.seat),
                 count=self.left)


@dataclass(frozen=True)
class Declined(Event):
    seat: Seat

    def message(self) -> Words:
        return T("{seat} declines the challenge", seat=Who(self.seat))


@dataclass(frozen=True)
class RanOut(Event):
    seat: Seat

    def message(self) -> Words:
        return T("{seat} has no cards left (a good slap brings them back)", seat=Who(self.seat))


@dataclass(frozen=True)
class GameWon(Event):
    seat: Seat

    def message(self) -> Words:
        return T("{seat} holds every card and wins", seat=Who(self.seat))


# --- the view -----------------------------------------------------------------------------

@dataclass(frozen=True)
class RatscrewView(Generic[SeatT]):
    """What every seat sees (nobody sees any stack, not even their own)."""

    seat: SeatT
    seats: int
    now_ms: int
    stacks: tuple[int, ...]
    pile: tuple[PileCard, ...]
    turn: Seat | None
    owner: Seat | None
    left: int
    collecting: tuple[Seat, int] | None
    offer: tuple[Seat, int] | None
    out: tuple[bool, ...]
    eliminated: tuple[bool, ...]
    top_at_ms: int
    pattern: str | None
    winner: Seat | None

    @property
    def live(self) -> tuple[Card, ...]:
        return tuple(p.card for p in reversed(self.pile) if p.live)

    can_slap: tuple[bool, ...] = ()

    @property
    def my_turn(self) -> bool:
        """This seat should flip now (its turn, or offered the rest of a challenge); never
        for a spectator, who has no stack."""
        if self.seat is None:
            return False
        offered = self.offer is not None and self.offer[0] == self.seat
        return (self.turn == self.seat or offered) and self.stacks[self.seat] > 0


# --- the state ----------------------------------------------------------------------------

@dataclass(eq=False)
class RatscrewState:
    options: RatscrewOptions
    rng: Random
    stacks: list[list[Card]]          # the top of a stack is its last card
    pile: list[PileCard] = field(default_factory=list)  # the top is the last card
    turn: Seat | None = None
    owner: Seat | None = None         # who flipped the face card now being answered
    left: int = 0                     # flips the challenged player still owes
    collect: tuple[Seat, int] | None = None   # (seat, at_ms): a won challenge waiting
    offer: tuple[Seat, int] | None = None     # (seat, until_ms): carry on or decline
    eliminated: list[bool] = field(default_factory=list)
    now_ms: int = 0
    top_at_ms: int = 0
    last_win: tuple[Seat, int] | None = None  # the last winning slap, for the grace window
    winner: Seat | None = None
    out_order: list[Seat] = field(default_factory=list)
    opening: list[Event] = field(default_factory=list)

    @property
    def seats(self) -> int:
        return self.options.seats

    # protocol -----------------------------------------------------------------------------

    def to_act(self) -> list[Seat]:
        return [s for s in range(self.seats) if self.legal_actions(s)]

    def legal_actions(self, seat: Seat) -> list[TimedAction]:
        if self.winner is not None or self.eliminated[seat]:
            return []
        now = self.now_ms
        actions: list[TimedAction] = []
        if self.may_slap(seat):
            actions.append(Slap(seat, now))
        if self.stacks[seat] and self.collect is None:
            actions.append(Flip(seat, now))
        if self.offer is not None and self.offer[0] == seat:
            actions.append(Decline(seat, now))
        return actions

    def apply(self, action: TimedAction) -> list[Event]:
        check_legal_timed(self, action, self._refusal)
        self.now_ms = action.at_ms
        if isinstance(action, Slap):
            events = self._slap(action)
        elif isinstance(action, Flip):
            events = self._flip(action)
        else:
            events = self._decline(action.seat)
        return events + self._settle()

    def advance(self, now_ms: int) -> list[Event]:
        """Fire what falls due up to ``now_ms`` (collections, lapsed offers)."""
        events: list[Event] = []
        due = self.next_due()
        while due is not None and due <= now_ms:
            self.now_ms = max(self.now_ms, due)
            if self.collect is not None:
                seat, _ = self.collect
                events += self._award(seat, "won the challenge")
            elif self.offer is not None:
                events += self._decline(self.offer[0])
            events += self._settle()
            due = self.next_due()
        self.now_ms = max(self.now_ms, now_ms)
        return events

    def next_due(self) -> int | None:
        if self.winner is not None:
            return None
        if self.collect is not None:
            return self.collect[1]
        if self.offer is not None:
            return self.offer[1]
        return None

    @overload
    def view(self, seat: Seat) -> RatscrewView: ...
    @overload
    def view(self, seat: None) -> RatscrewView[None]: ...
    @overload
    def view(self, seat: Seat | None) -> RatscrewView[Seat | None]: ...
    def view(self, seat: Seat | None) -> RatscrewView[Seat | None]:
        live = tuple(p.card for p in reversed(self.pile) if p.live)
        return RatscrewView(
            seat=seat, seats=self.seats, now_ms=self.now_ms,
            stacks=tuple(len(s) for s in self.stacks), pile=tuple(self.pile), turn=self.turn,
            owner=self.owner, left=self.left, collecting=self.collect, offer=self.offer,
            out=tuple(self.is_out(s) for s in range(self.seats)), eliminated=tuple(self.eliminated),
            top_at_ms=self.top_at_ms, pattern=slap_pattern(live, self.options.slap_rules),
            winner=self.winner,
            can_slap=tuple(bool(self.legal_actions(s)) and self.may_slap(s) for s in range(self.seats)),
        )

    def is_over(self) -> bool:
        return self.winner is not None

    def outcome(self) -> Outcome | None:
        if self.winner is None:
            return None
        scores = [0.0] * self.seats
        order = [s for s in self.out_order if s != self.winner] + [self.winner]
        for place, seat in enumerate(order):
            scores[seat] = float(place + self.seats - len(order))
        return Outcome((self.winner,), tuple(scores), T("holds every card"))

    def clone(self) -> RatscrewState:
        return RatscrewState(
            self.options, copy_rng(self.rng), [list(s) for s in self.stacks], list(self.pile),
            self.turn, self.owner, self.left, self.collect, self.offer, list(self.eliminated),
            self.now_ms, self.top_at_ms, self.last_win, self.winner, list(self.out_order),
        )

    def all_cards(self) -> list[Card]:
        return [c for stack in self.stacks for c in stack] + [p.card for p in self.pile]

    def hidden_from(self, seat: Seat | None) -> list[Card]:
        return [c for stack in self.stacks for c in stack]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, RatscrewState):
            return NotImplemented
        return self._key() == other._key()

    def _key(self) -> tuple[object, ...]:
        return (self.options, self.rng.getstate(), self.stacks, self.pile, self.turn, self.owner,
                self.left, self.collect, self.offer, self.eliminated, self.now_ms, self.top_at_ms,
                self.last_win, self.winner, self.out_order)

    # questions ----------------------------------------------------------------------------

    def holders(self) -> list[Seat]:
        return [s for s in range(self.seats) if self.stacks[s]]

    def is_out(self, seat: Seat) -> bool:
        """Out of turn play: no cards, and no challenge of theirs still being answered."""
        waiting = seat == self.owner or (self.collect is not None and self.collect[0] == seat)
        return not self.stacks[seat] and not waiting and not self.eliminated[seat]

    def may_slap(self, seat: Seat) -> bool:
        if self.stacks[seat] or seat == self.owner:
            return True
        return len(self.holders()) >= 2  # slapping back in needs two players still holding

    def live_cards(self) -> list[Card]:
        return [p.card for p in reversed(self.pile) if p.live]

    def next_holder(self, seat: Seat) -> Seat | None:
        """The next seat to the left that holds cards (never ``seat`` itself)."""
        for step in range(1, self.seats):
            other = (seat + step) % self.seats
            if self.stacks[other]:
                return other
        return None

    # the rules ----------------------------------------------------------------------------

    def _refusal(self, action: object) -> Words:
        """Why ``action`` is not legal now, in a player's words (``check_legal_timed`` asks
        only once it has refused the action)."""
        if not isinstance(action, (Flip, Slap, Decline)):
            return T("Egyptian Ratscrew has no action {what}", what=repr(action))
        if self.winner is not None:
            return T("the game is over")
        problem = time_problem(self, action)
        if problem is not None:
            return problem
        seat = action.seat
        if not 0 <= seat < self.seats:
            return T("there is no seat {number} at this table", number=seat + 1)
        if self.eliminated[seat]:
            return T("{seat} has left the game", seat=Who(seat))
        if isinstance(action, Slap) and not self.may_slap(seat):
            return T("{seat} has no cards and only one player holds any", seat=Who(seat))
        if isinstance(action, Flip) and not self.stacks[seat]:
            return T("{seat} has no cards to flip", seat=Who(seat))
        if isinstance(action, Flip) and self.collect is not None:
            return T("wait: {seat} is taking the pile", seat=Who(self.collect[0]))
        if isinstance(action, Decline) and (self.offer is None or self.offer[0] != seat):
            return T("{seat} has no challenge to decline", seat=Who(seat))
        return NOT_ALLOWED_NOW

    def _flip(self, action: Flip) -> list[Event]:
        seat = action.seat
        offered = self.offer is not None and self.offer[0] == seat
        if offered:
            self.offer, self.turn = None, seat   # flipping means carrying on the challenge
        card = self.stacks[seat].pop()
        live = seat == self.turn
        self.pile.append(PileCard(card, live, seat))
        if not live:
            return [Flipped(seat, card, False, action.at_ms)]
        self.top_at_ms = action.at_ms
        needed = challenge_size(card)
        if needed:
            self.owner, self.left = seat, needed
            self.turn = self.next_holder(seat)
        elif self.left:
            self.left -= 1
            if not self.left:
                self.turn = None
                assert self.owner is not None  # (the face card being answered has an owner)
                self.collect = (self.owner, action.at_ms + COLLECT_MS)
        else:
            self.turn = self.next_holder(seat)
        events: list[Event] = [Flipped(seat, card, True, action.at_ms, needed, self.left)]
        if self.turn is None and self.collect is None:
            events += self._award(seat, "nobody else can play")  # the flipper holds the rest
        return events

    def _slap(self, action: Slap) -> list[Event]:
        seat, at = action.seat, action.at_ms
        pattern = slap_pattern(self.live_cards(), self.options.slap_rules)
        if pattern is not None:
            self.last_win = (seat, at)
            return [Slapped(seat, at, pattern)] + self._award(seat, SLAPPED + pattern)
        if self.last_win is not None and at - self.last_win[1] <= GRACE_MS:
            winner, won_at = self.last_win
            return [LateSlap(seat, at, winner, at - won_at)]
        return self._false_slap(seat, at)

    def _false_slap(self, seat: Seat, at: int) -> list[Event]:
        if self.is_out(seat):
            self.eliminated[seat] = True
            if seat not in self.out_order:
                self.out_order.append(seat)
            return [FalseSlap(seat, at, (), eliminated=True)]
        stack = self.stacks[seat]
        paid = tuple(stack.pop() for _ in range(min(self.options.penalty, len(stack))))
        self.pile[:0] = [PileCard(card, False, seat) for card in paid]  # under the pile, dead
        return [FalseSlap(seat, at, paid)]

    def _decline(self, seat: Seat) -> list[Event]:
        self.offer = None
        owner = self.owner if self.owner is not None else seat
        return [Declined(seat)] + self._award(owner, "challenge declined")

    def _award(self, seat: Seat, reason: str) -> list[Event]:
        """``seat`` takes the pile under their stack and leads next; challenges end."""
        taken = [p.card for p in self.pile]
        self.stacks[seat][:0] = taken
        self.pile = []
        self.turn, self.owner, self.left, self.collect, self.offer = seat, None, 0, None, None
        return [PileWon(seat, len(taken), reason)]

    def _settle(self) -> list[Event]:
        """After any change: pass a turn its player cannot take, offer a broken challenge,
        note who ran out, and end the game when one player is left holding cards."""
        # Who was still in before this change: out_order is brought up to date just below.
        before = [s for s in range(self.seats) if s not in self.out_order and not self.eliminated[s]]
        events = self._note_out()
        if self.winner is not None:
            return events
        holders = self.holders()
        if len(before) == 2 and len(holders) == 1:
            # "When only two players remain and one runs out, the other takes the pile and
            # wins", at once: even if the last card was a face card, and a challenge is on.
            return events + self._finish(holders[0])
        if self.collect is not None or self.offer is not None:
            return events
        if self.left and self.turn is not None and not self.stacks[self.turn]:
            return events + self._broken_challenge(self.turn)
        if not self.left and len(holders) <= 1:
            return events + self._finish(holders[0] if holders else self.turn)
        if self.turn is None or not self.stacks[self.turn]:
            self.turn = self.next_holder(self.turn if self.turn is not None else 0)
        return events

    def _broken_challenge(self, seat: Seat) -> list[Event]:
        """The challenged player ran out: the next holder may carry on, unless that is the
        challenger themselves (or nobody), who then simply wins the pile."""
        nxt = self.next_holder(seat)
        if nxt is None or nxt == self.owner:
            self.turn = None
            self.collect = (self.owner if self.owner is not None else seat, self.now_ms + COLLECT_MS)
            return []
        self.turn = None
        self.offer = (nxt, self.now_ms + OFFER_MS)
        return [Offered(nxt, self.left, self.offer[1])]

    def _finish(self, seat: Seat | None) -> list[Event]:
        winner = seat if seat is not None else (self.owner if self.owner is not None else 0)
        events = self._award(winner, "last player holding cards") if self.pile else []
        self.winner, self.turn = winner, None
        return events + [GameWon(winner)]

    def _note_out(self) -> list[Event]:
        events: list[Event] = []
        for seat in range(self.seats):
            if self.is_out(seat) and seat not in self.out_order:
                self.out_order.append(seat)
                events.append(RanOut(seat))
            elif self.stacks[seat] and seat in self.out_order:
                self.out_order.remove(seat)   # slapped back in
        return events


def new_game(options: RatscrewOptions, seed: int) -> RatscrewState:
    """Shuffle and deal every card, one at a time from the dealer's left."""
    rng = Random(seed)
    deck = standard_deck(jokers=options.jokers, copies=options.decks)
    rng.shuffle(deck)
    dealer = rng.randrange(options.seats)
    stacks: list[list[Card]] = [[] for _ in range(options.seats)]
    for i, card in enumerate(deck):
        stacks[(dealer + 1 + i) % options.seats].append(card)
    first = (dealer + 1) % options.seats
    state = RatscrewState(options, rng, stacks, eliminated=[False] * options.seats, turn=first)
    state.opening = [Dealt(tuple(len(s) for s in stacks), dealer, first)]
    return state
