"""Nap (Napoleon) for 3 to 7 players (see shared/rules/nap.md).

Five cards each from a short deck sized to the table (plus an optional Joker). One round of
bidding: Two, Three, Mis, Four, Nap, then Wellington (only over Nap) and Blücher (only over
Wellington). The high bidder leads, and the suit of that first card is trumps (Mis has
none; a Joker led first lets its player name them). The bidder plays alone against
everyone else and is paid, or pays, the bid's credits by every other player; the hand
stops as soon as the contract is made or beaten.

>>> state = new_game(NapOptions(seats=4), seed=3)
>>> state.phase, len(state.hands[0]), len(state.stub), state.chips
('bid', 5, 8, [40, 40, 40, 40])
"""

from __future__ import annotations

import enum
from random import Random
from dataclasses import dataclass, field
from typing import Generic, overload

from games.core.auction import AllPassed as AllPassed, Auction, Called as Called  # re-exported: Nap's own
from games.core.auction import ContractWon as _ContractWon, session_over
from games.core.cards import Card, Suit, nap_deck
from games.core.protocol import Action, Event, IllegalAction, Outcome, Seat, check_legal, copy_rng, seat_name
from games.core.trick_events import (
    CardPlayed, HandDealt, NewDeal, PlayCard, TrickTaken, TrumpSet, follow_suit, not_held, turn_refusal,
)
from games.core.tricks import TrickPlay, TrumpRules
from games.core.watching import SeatT
from games.core.words import N, T, Who, Words

HAND_SIZE = 5
STAKE = 40
JOKER_POWER = 32          # above every other card, bowers included
ROUNDS = (1, 2, 3, 5)     # each player deals this many times, unless someone goes broke


class Contract(enum.IntEnum):
    """The bids, lowest first: their order is the auction's order."""

    TWO = 1
    THREE = 2
    MIS = 3
    FOUR = 4
    NAP = 5
    WELLINGTON = 6
    BLUCHER = 7

    @property
    def title(self) -> str:
        return _TITLES[self]

    @property
    def credits(self) -> int:
        """What every other player pays (or is paid) when the contract is made (or not)."""
        return _CREDITS[self]

    @property
    def needs(self) -> int:
        """Tricks the bidder must win (Mis: the bidder must win none)."""
        return _NEEDS[self]

    @property
    def is_mis(self) -> bool:
        return self is Contract.MIS

    def words(self) -> Words:
        """The bid's name as a message, for a player's words (``games.core.auction.Worded``)."""
        return _WORDS[self]

    def __str__(self) -> str:
        return self.title


_TITLES = {Contract.TWO: "Two", Contract.THREE: "Three", Contract.MIS: "Mis", Contract.FOUR: "Four",
           Contract.NAP: "Nap", Contract.WELLINGTON: "Wellington", Contract.BLUCHER: "Blücher"}
_WORDS = {Contract.TWO: T("Two"), Contract.THREE: T("Three"), Contract.MIS: T("Mis"),
          Contract.FOUR: T("Four"), Contract.NAP: T("Nap"), Contract.WELLINGTON: T("Wellington"),
          Contract.BLUCHER: T("Blücher")}
_CREDITS = {Contract.TWO: 2, Contract.THREE: 3, Contract.MIS: 3, Contract.FOUR: 4,
            Contract.NAP: 10, Contract.WELLINGTON: 20, Contract.BLUCHER: 40}
_NEEDS = {Contract.TWO: 2, Contract.THREE: 3, Contract.MIS: 0, Contract.FOUR: 4,
          Contract.NAP: 5, Contract.WELLINGTON: 5, Contract.BLUCHER: 5}


def legal_bids(best: Contract | None, nap_bid: bool, wellington_bid: bool) -> list[Contract]:
    """The bids above ``best``; Wellington only once Nap was bid, Blücher only after Wellington.

    >>> [str(b) for b in legal_bids(Contract.FOUR, nap_bid=False, wellington_bid=False)]
    ['Nap']
    >>> [str(b) for b in legal_bids(Contract.NAP, nap_bid=True, wellington_bid=False)]
    ['Wellington']
    """
    out = []
    for bid in Contract:
        if best is not None and bid <= best:
            continue
        if bid is Contract.WELLINGTON and not nap_bid:
            continue
        if bid is Contract.BLUCHER and not wellington_bid:
            continue
        out.append(bid)
    return out


@dataclass(frozen=True)
class NapRules(TrumpRules):
    """Trumps with the Joker: it is the top trump, and in a no-trump hand (Mis, or before
    the first lead) a suit of its own that beats everything and that nothing follows."""

    def suit_of(self, card: Card) -> Suit:
        if card.is_joker:
            return self.trump  # type: ignore[return-value]  # None: a suit of its own
        return super().suit_of(card)

    def power(self, card: Card) -> int:
        return JOKER_POWER if card.is_joker else super().power(card)

    def is_trump(self, card: Card) -> bool:
        return card.is_joker or super().is_trump(card)

    def strength(self, card: Card, led: Suit | None) -> tuple[int, int]:
        if card.is_joker:
            return (3, JOKER_POWER)
        return super().strength(card, led)

    def sort_key(self, card: Card) -> tuple[int, int]:
        return (-2, 0) if card.is_joker else super().sort_key(card)


@dataclass(frozen=True)
class NapOptions:
    seats: int = 4
    joker: bool = False
    rounds: int = 2

    def __post_init__(self) -> None:
        if not 3 <= self.seats <= 7:
            raise ValueError(f"Nap is for 3 to 7 players, not {self.seats}")
        if self.rounds not in ROUNDS:
            raise ValueError(f"a session lasts {', '.join(map(str, ROUNDS))} rounds of deals, not {self.rounds}")

    @property
    def deals(self) -> int:
        return self.rounds * self.seats


# --- actions and events ------------------------------------------------------------------

@dataclass(frozen=True)
class Pass(Action):
    def __str__(self) -> str:
        return f"{seat_name(self.seat)} pass"


@dataclass(frozen=True)
class Bid(Action):
    contract: Contract

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} bid {self.contract}"


@dataclass(frozen=True)
class NameTrumps(Action):
    """After leading the Joker to the first trick, its player names trumps."""

    suit: Suit

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} name {self.suit.title}"


# The auction's calls and its end are the shared ones (games.core.auction): ``Called`` (a
# contract, or None for a pass) and ``AllPassed`` as they are; the won contract says its credits.

@dataclass(frozen=True)
class ContractWon(_ContractWon[Contract]):
    """The auction is over: who plays what (Nap has no partners)."""

    def message(self) -> Words:
        return T("{seat} plays {bid} ({credits} credits)", seat=Who(self.seat), bid=self.bid.words(),
                 credits=self.bid.credits)


@dataclass(frozen=True)
class NoTrumps(Event):
    def message(self) -> Words:
        return T("Mis: no trumps")


@dataclass(frozen=True)
class Settled(Event):
    """The hand's result: chips won (+) or paid (-) by each seat, and everyone's chips after."""

    bidder: Seat
    contract: Contract
    made: bool
    change: tuple[int, ...]
    chips: tuple[int, ...]
    tricks: int

    def message(self) -> Words:
        total = abs(self.change[self.bidder])
        if self.made:
            return T("{seat} makes {bid}: +{chips} chips", seat=Who(self.bidder), bid=self.contract.words(),
                     chips=total)
        return T("{seat} fails {bid}: -{chips} chips", seat=Who(self.bidder), bid=self.contract.words(), chips=total)


@dataclass(frozen=True)
class SessionOver(Event):
    winners: tuple[Seat, ...]
    chips: tuple[int, ...]
    reason: Words

    def message(self) -> Words:
        return session_over(self.reason, self.winners, max(self.chips))



# --- the view ----------------------------------------------------------------------------

@dataclass(frozen=True)
class NapView(Generic[SeatT]):
    """What one seat may know; the trick fields match Whist's, for the shared table and bots."""

    seat: SeatT
    seats: int
    hand: tuple[Card, ...]
    legal: tuple[Action, ...]
    turn: Seat | None
    dealer: Seat
    phase: str
    trump: Suit | None
    joker: bool
    bids: tuple[Contract | None, ...]      # each seat's call this hand (None: passed or not yet)
    called: tuple[bool, ...]               # which seats have spoken
    best: Contract | None
    bidder: Seat | None
    contract: Contract | None
    trick: tuple[tuple[Seat, Card], ...]
    leader: Seat
    last_trick: object
    won: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    played: tuple[tuple[Seat, Card], ...]
    voids: tuple[frozenset[Suit], ...]
    chips: tuple[int, ...]
    hand_number: int
    deals: int
    sitting_out: frozenset[Seat] = frozenset()
    turned: Card | None = None
    shown: tuple[tuple[Seat, Card], ...] = ()

    @property
    def rules(self) -> NapRules:
        return NapRules(self.trump)

    @property
    def maker(self) -> Seat | None:
        return self.bidder

    @property
    def scores(self) -> tuple[int, ...]:
        return self.chips


# --- the state ---------------------------------------------------------------------------

@dataclass(eq=False)
class NapState:
    options: NapOptions
    rng: Random
    chips: list[int] = field(default_factory=list)
    dealer: Seat = 0
    hand_number: int = 0
    hands: list[list[Card]] = field(default_factory=list)
    stub: list[Card] = field(default_factory=list)
    phase: str = "bid"
    turn: Seat = 0
    auction: Auction[Contract] = field(default_factory=Auction)
    bidder: Seat | None = None
    contract: Contract | None = None
    tricks: TrickPlay | None = None
    trump_fixed: bool = False
    over: SessionOver | None = None
    opening: list[Event] = field(default_factory=list)

    @property
    def seats(self) -> int:
        return self.options.seats

    @property
    def best(self) -> Contract | None:
        """The highest bid so far: every bid must beat the last, so it is the standing one."""
        return self.auction.standing

    @property
    def bids(self) -> list[Contract | None]:
        """Each seat's call this hand (None: passed or not yet): one round, one call each."""
        return [self.auction.bid_of(s) for s in range(self.seats)]

    @property
    def called(self) -> list[bool]:
        """Which seats have spoken."""
        return [self.auction.spoken(s) for s in range(self.seats)]

    # protocol -----------------------------------------------------------------------------

    def to_act(self) -> list[Seat]:
        if self.over is not None:
            return []
        if self.phase == "play" and self.tricks is not None:
            return [self.tricks.to_play()]
        return [self.turn]

    def legal_actions(self, seat: Seat) -> list[Action]:
        if seat not in self.to_act():
            return []
        if self.phase == "bid":
            return [Pass(seat)] + [Bid(seat, b) for b in self._open_bids()]
        if self.phase == "name":
            return [NameTrumps(seat, s) for s in Suit]
        assert self.tricks is not None
        return [PlayCard(seat, c) for c in self.tricks.legal(self.hands[seat])]

    def apply(self, action: Action) -> list[Event]:
        check_legal(self, action, self._refusal)
        if isinstance(action, Pass):
            return self._call(action.seat, None)
        if isinstance(action, Bid):
            return self._call(action.seat, action.contract)
        if isinstance(action, NameTrumps):
            return self._name(action.suit)
        return self._play(action.seat, action.card)  # type: ignore[attr-defined]

    @overload
    def view(self, seat: Seat) -> NapView: ...
    @overload
    def view(self, seat: None) -> NapView[None]: ...
    @overload
    def view(self, seat: Seat | None) -> NapView[Seat | None]: ...
    def view(self, seat: Seat | None) -> NapView[Seat | None]:
        t = self.tricks
        return NapView(
            seat=seat, seats=self.seats, hand=tuple(self.hands[seat]) if seat is not None else (),
            legal=tuple(self.legal_actions(seat)) if seat is not None else (), turn=next(iter(self.to_act()), None),
            dealer=self.dealer, phase="over" if self.over else self.phase, trump=self.trump,
            joker=self.options.joker, bids=tuple(self.bids), called=tuple(self.called),
            best=self.best, bidder=self.bidder, contract=self.contract,
            trick=tuple(t.current) if t else (), leader=t.leader if t else self.turn,
            last_trick=t.last() if t else None, won=tuple(t.won) if t else (0,) * self.seats,
            hand_sizes=tuple(len(h) for h in self.hands),
            played=tuple(p for tr in t.done for p in tr.plays) + tuple(t.current) if t else (),
            voids=tuple(t.voids()) if t else (frozenset(),) * self.seats,
            chips=tuple(self.chips), hand_number=self.hand_number, deals=self.options.deals,
        )

    @property
    def trump(self) -> Suit | None:
        return self.tricks.rules.trump if self.tricks else None

    def is_over(self) -> bool:
        return self.over is not None

    def outcome(self) -> Outcome | None:
        if self.over is None:
            return None
        return Outcome(self.over.winners, tuple(float(c) for c in self.chips), self.over.reason)

    def clone(self) -> NapState:
        return NapState(
            self.options, copy_rng(self.rng), list(self.chips), self.dealer, self.hand_number,
            [list(h) for h in self.hands], list(self.stub), self.phase, self.turn,
            self.auction.copy(), self.bidder, self.contract,
            self.tricks.clone() if self.tricks else None, self.trump_fixed, self.over, [])

    def all_cards(self) -> list[Card]:
        played = self.tricks.played() if self.tricks else []
        return [c for hand in self.hands for c in hand] + self.stub + played

    def hidden_from(self, seat: Seat | None) -> list[Card]:
        return [c for s, hand in enumerate(self.hands) if s != seat for c in hand] + self.stub

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, NapState):
            return NotImplemented
        return self._key() == other._key()

    def _key(self) -> tuple[object, ...]:
        return (self.options, self.rng.getstate(), self.chips, self.dealer, self.hand_number,
                self.hands, self.stub, self.phase, self.turn, self.auction.key(), self.bidder,
                self.contract, self.tricks.key() if self.tricks else None, self.trump_fixed, self.over)

    # bidding ------------------------------------------------------------------------------

    def _open_bids(self) -> list[Contract]:
        nap = Contract.NAP in self.bids
        wellington = Contract.WELLINGTON in self.bids
        return legal_bids(self.best, nap, wellington)

    def _call(self, seat: Seat, contract: Contract | None) -> list[Event]:
        events: list[Event] = [self.auction.call(seat, contract)]
        if len(self.auction) < self.seats:  # one round: the next seat has not spoken yet
            self.turn = (seat + 1) % self.seats
            return events
        best, bidder = self.auction.standing, self.auction.standing_seat
        if best is None or bidder is None:
            return events + [AllPassed()] + self._next_deal()
        self.bidder, self.contract = bidder, best
        events.append(ContractWon(self.bidder, best))
        self.phase = "play"
        self.tricks = TrickPlay(self.seats, NapRules(None), self.bidder)
        if best.is_mis:
            self.trump_fixed = True
            events.append(NoTrumps())
        return events

    # play ---------------------------------------------------------------------------------

    def _play(self, seat: Seat, card: Card) -> list[Event]:
        assert self.tricks is not None
        events: list[Event] = []
        if not self.trump_fixed and not card.is_joker:
            self.trump_fixed = True
            self.tricks.rules = NapRules(card.suit)
            events.append(TrumpSet(card.suit, seat))  # type: ignore[arg-type]
        self.hands[seat].remove(card)
        events.insert(0, CardPlayed(seat, card))
        if not self.trump_fixed:  # the Joker led first: its player names trumps
            self.tricks.play(seat, card)
            self.phase, self.turn = "name", seat
            return events
        return events + self._after_card(seat, card)

    def _name(self, suit: Suit) -> list[Event]:
        assert self.tricks is not None
        self.trump_fixed, self.phase = True, "play"
        self.tricks.rules = NapRules(suit)
        return [TrumpSet(suit, self.turn)]

    def _after_card(self, seat: Seat, card: Card) -> list[Event]:
        assert self.tricks is not None
        trick = self.tricks.play(seat, card)
        if trick is None:
            return []
        events: list[Event] = [TrickTaken(trick, tuple(self.tricks.won))]
        made = self.decided()
        if made is None:
            return events
        return events + self._settle(made)

    def decided(self) -> bool | None:
        """True once the contract is certain to be made, False once it cannot be, else None."""
        assert self.tricks is not None and self.contract is not None and self.bidder is not None
        return contract_result(self.contract, self.tricks.won[self.bidder], len(self.tricks.done))

    def _settle(self, made: bool) -> list[Event]:
        assert self.contract is not None and self.bidder is not None and self.tricks is not None
        change = settlement(self.seats, self.bidder, self.contract, made)
        self.chips = [c + d for c, d in zip(self.chips, change)]
        events: list[Event] = [Settled(self.bidder, self.contract, made, tuple(change), tuple(self.chips),
                                       self.tricks.won[self.bidder])]
        return events + self._next_deal()

    # dealing and the end of the session ---------------------------------------------------

    def _next_deal(self) -> list[Event]:
        end = self._session_end()
        if end is not None:
            self.over, self.phase = end, "over"
            return [end]
        self.dealer = (self.dealer + 1) % self.seats
        return self._deal()

    def _session_end(self) -> SessionOver | None:
        broke = any(c <= 0 for c in self.chips)
        if not broke and self.hand_number < self.options.deals:
            return None
        top = max(self.chips)
        winners = tuple(s for s, c in enumerate(self.chips) if c == top)
        deals = self.options.deals
        reason = T("a player ran out of chips") if broke else N("{count} deal played", "{count} deals played",
                                                                 count=deals)
        return SessionOver(winners, tuple(self.chips), reason)

    def _deal(self) -> list[Event]:
        deck = self.all_cards() if self.hands else nap_deck(self.seats, self.options.joker)
        deck.sort(key=Card.sort_key)  # a fixed order before the shuffle, so replays match
        self.rng.shuffle(deck)
        self.hand_number += 1
        self.hands = [[] for _ in range(self.seats)]
        order = [(self.dealer + 1 + i) % self.seats for i in range(self.seats)]
        for batch in (3, 2):  # a round of threes, then a round of twos
            for seat in order:
                self.hands[seat] += [deck.pop() for _ in range(batch)]
        self.stub = deck
        self.phase, self.turn = "bid", order[0]
        self.auction = Auction()
        self.bidder, self.contract, self.tricks, self.trump_fixed = None, None, None, False
        events: list[Event] = [NewDeal(self.hand_number, self.dealer)]
        return events + [HandDealt(s, tuple(self.hands[s])) for s in order]

    def _refusal(self, action: object) -> Words:
        """Why ``action`` is not legal now, as a message (``check_legal`` asks only once
        ``legal_actions`` has refused it)."""
        if not isinstance(action, (Pass, Bid, NameTrumps, PlayCard)):
            return T("Nap has no such move ({kind})", kind=type(action).__name__)
        if self.over is not None:
            return T("the session is over")
        turn = self.to_act()[0]
        if action.seat != turn:
            return turn_refusal(turn, action.seat)
        return self._why_not(action)

    def _why_not(self, action: Action) -> Words:
        if isinstance(action, Bid):
            return self._why_not_bid(action.contract)
        if isinstance(action, Pass):
            return T("the bidding is over")
        if isinstance(action, NameTrumps):
            return T("trumps are named only by a player who leads the Joker to the first trick")
        if self.phase == "name":
            return T("name trumps first")
        if self.phase != "play":
            return T("the cards are not played until the bidding is over")
        assert isinstance(action, PlayCard)
        if action.card not in self.hands[action.seat]:
            return not_held(action.card, action.seat)
        # A card held is refused only for not following suit: after a Joker led in a hand
        # with no trumps nothing is led, and every card goes.
        led = self.tricks.led_suit() if self.tricks else None
        assert led is not None, "with nothing led every card held is legal"
        return follow_suit(led)

    def _why_not_bid(self, contract: Contract) -> Words:
        if self.phase != "bid":
            return T("the bidding is over")
        if contract is Contract.WELLINGTON and Contract.NAP not in self.bids:
            return T("Wellington may be bid only after someone has bid Nap")
        if contract is Contract.BLUCHER and Contract.WELLINGTON not in self.bids:
            return T("Blücher may be bid only after someone has bid Wellington")
        assert self.best is not None, "with no bid made every bid but Wellington and Blücher is open"
        return T("{bid} is not higher than {best}", bid=contract.words(), best=self.best.words())


def contract_result(contract: Contract, bidder_tricks: int, played: int) -> bool | None:
    """Whether the contract is decided after ``played`` tricks with the bidder holding
    ``bidder_tricks``: True made, False beaten, None still open.

    >>> contract_result(Contract.NAP, 2, 3), contract_result(Contract.TWO, 2, 2)
    (False, True)
    >>> contract_result(Contract.MIS, 0, 4), contract_result(Contract.MIS, 0, 5)
    (None, True)
    """
    if contract.is_mis:
        if bidder_tricks:
            return False
        return True if played == HAND_SIZE else None
    if bidder_tricks >= contract.needs:
        return True
    if bidder_tricks + HAND_SIZE - played < contract.needs:
        return False
    return None


def settlement(seats: int, bidder: Seat, contract: Contract, made: bool) -> list[int]:
    """Chips gained by each seat: every other player pays the bidder the credits, or is paid.

    >>> settlement(4, 1, Contract.NAP, True), settlement(3, 0, Contract.TWO, False)
    ([-10, 30, -10, -10], [-4, 2, 2])
    """
    each = contract.credits if made else -contract.credits
    change = [-each] * seats
    change[bidder] = each * (seats - 1)
    return change


def new_game(options: NapOptions, seed: int) -> NapState:
    """Start a session: everyone gets the stake, the first dealer is drawn at random."""
    rng = Random(seed)
    state = NapState(options, rng, chips=[STAKE] * options.seats)
    state.dealer = rng.randrange(options.seats)
    state.opening = state._deal()
    return state
