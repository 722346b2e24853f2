"""Nash Whist for 3 to 6 at the table (see shared/rules/nash_whist.md).

Four play each deal (three in the three-handed game, which has no clubs). Everyone antes a
chip to the pot; the auction, from the Hot Seat on the dealer's left, finds a declarer who
plays alone against the rest (or, after Prop and Cop, two partners against two). Trumps
start as the suit of a card turned from the other pack and may be changed by the contract.
The hand stops as soon as its result is certain; defenders and declarer settle in chips, and
a declarer who makes the contract also takes the pot.

Decisions where the rules leave room (each also told to players in text.py):
- The other pack is modelled: two packs of the same cards are in play. One is dealt while
  the other, shuffled, lies with its top card turned as the trump indicator; at the next deal
  they change places (the pack just played is gathered, shuffled and becomes the other pack).
- Five or six at the table: four must play, so with six the old dealer (the seat on the
  dealer's right) and the player to their right sit out; with five only the old dealer does.
  Sitting out, a player neither antes nor pays nor is paid.
- No Thirteen beats another Thirteen (it is the top line of the table, whatever it names).
- Payments never exceed a cache (see scoring.py); the session ends when a cache is spent.
  Chips left in the pot when the session ends stay there (no one has won them).

>>> state = new_game(NashWhistOptions(seats=4), seed=3)
>>> state.phase, [len(h) for h in state.hands], state.pot, state.chips
('bid', [13, 13, 13, 13], 4, [49, 49, 49, 49])
"""

from __future__ import annotations

from random import Random
from dataclasses import dataclass, field
from typing import Generic, overload

from games.core.auction import AllPassed as _AllPassed, Auction, Called
from games.core.auction import ContractWon as _ContractWon, session_over
from games.core.cards import Card, Suit, standard_deck
from games.core.protocol import Action, Event, IllegalAction, Outcome, Seat, check_legal, copy_rng, seat_name
from games.core.trick_events import (
    CardPlayed, HandDealt, NewDeal, PlayCard, TrickTaken, TrumpSet, follow_suit, not_held, turn_refusal,
)
from games.core.tricks import Trick, TrickPlay, TrumpRules
from games.core.watching import SeatT
from games.core.words import N, Side, T, Who, Words
from games.nash_whist.bids import (
    COP, KINDS, OUT, PROP, THIRTEEN, TRISTE, Bid, available_bids, every_bid,
)
from games.nash_whist.scoring import TRICKS_PER_HAND, Payment, clockwise_from, decided, payments

__all__ = [
    "Bid", "KINDS", "every_bid", "available_bids", "Payment", "PlayCard", "NashWhistOptions",
    "MakeBid", "Cop", "Pass", "IndicatorTurned", "Anted", "Called", "AllPassed", "ContractWon",
    "NoTrumps", "HandOpened", "Claimed", "Settled", "SessionOver", "NashWhistView",
    "NashWhistState", "new_game", "ENDS", "END_ROUND", "END_DEALS", "END_POT", "DEAL_CHOICES",
    "CACHE", "CLUMPS", "TRICKS_PER_HAND", "pack", "sitting_out",
]

CACHE = 50                                   # Decision: every cache starts at 50 chips
END_ROUND, END_DEALS, END_POT = "once round", "deals", "pot won"
ENDS = (END_ROUND, END_DEALS, END_POT)       # how a session ends, as the setup screen shows it
DEAL_CHOICES = (4, 8, 12, 16, 24)
CLUMPS = (4, 3, 3, 3)                        # the deal: a round of four, then three of three


@dataclass(frozen=True)
class NashWhistOptions:
    """``end``: "once round" (everyone deals once), "deals" (``deals`` deals) or "pot won"
    (until a declarer takes the pot); a spent cache ends the session in any case."""

    seats: int = 4
    end: str = END_ROUND
    deals: int = 8
    cache: int = CACHE

    def __post_init__(self) -> None:
        if not 3 <= self.seats <= 6:
            raise ValueError(f"Nash Whist is for 3 to 6 players, not {self.seats}")
        if self.end not in ENDS:
            raise ValueError(f"a session ends {' / '.join(ENDS)}, not {self.end!r}")
        if self.deals not in DEAL_CHOICES:
            raise ValueError(f"a session lasts {', '.join(map(str, DEAL_CHOICES))} deals, not {self.deals}")
        if self.cache < 1:
            raise ValueError(f"a cache starts with at least one chip, not {self.cache}")

    @property
    def three_handed(self) -> bool:
        return self.seats == 3


def pack(three_handed: bool) -> list[Card]:
    """One pack: 52 cards, or 39 with the clubs taken out for three players."""
    return [c for c in standard_deck() if not (three_handed and c.suit is Suit.CLUBS)]


def sitting_out(seats: int, dealer: Seat) -> tuple[Seat, ...]:
    """Who sits out a deal: with six, the old dealer (on the dealer's right) and the player
    on their right; with five, the old dealer only; with three or four, nobody.

    >>> sitting_out(6, 0), sitting_out(5, 0), sitting_out(4, 0)
    ((4, 5), (4,), ())
    """
    out = {(dealer - 1) % seats, (dealer - 2) % seats}
    if seats == 5:
        out = {(dealer - 1) % seats}
    return tuple(sorted(out)) if seats > 4 else ()


# --- actions -------------------------------------------------------------------------------

@dataclass(frozen=True)
class MakeBid(Action):
    """A bid in the auction (Prop included)."""

    bid: Bid

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} bid {self.bid}"


@dataclass(frozen=True)
class Cop(Action):
    """Accept the standing Prop: proposer and copper play Prop-and-Cop together."""

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} cop"


@dataclass(frozen=True)
class Pass(Action):
    def __str__(self) -> str:
        return f"{seat_name(self.seat)} pass"


# --- events --------------------------------------------------------------------------------

@dataclass(frozen=True)
class IndicatorTurned(Event):
    """The top card of the other pack is turned: its suit is the initial trump suit."""

    card: Card

    @property
    def suit(self) -> Suit:
        return self.card.suit  # type: ignore[return-value]

    def message(self) -> Words:
        return T("{card} is turned from the other pack: {suit} are the initial trumps", card=self.card,
                 suit=self.suit)


@dataclass(frozen=True)
class Anted(Event):
    """Chips put in the pot: ``paid`` the seats that put one in, ``chips`` every cache after,
    ``pot`` the pot after. Used for the ante and for the extra chip when all pass."""

    chips: tuple[int, ...]
    pot: int
    paid: tuple[Seat, ...] = ()

    def message(self) -> Words:
        return N("{count} player antes a chip: the pot holds {pot}",
                 "{count} players ante a chip each: the pot holds {pot}", count=len(self.paid), pot=self.pot)


# A call in the auction is the shared ``Called`` (games.core.auction): a bid, Cop (``Bid``
# "Cop"), or ``None`` for a pass.


@dataclass(frozen=True)
class AllPassed(_AllPassed):
    """Nobody plays: everyone playing adds a chip to the pot and the deal moves on."""

    chips: tuple[int, ...]
    pot: int

    def message(self) -> Words:
        return T("everyone passes: a chip more each makes the pot {pot}, and the deal moves on", pot=self.pot)


@dataclass(frozen=True)
class ContractWon(_ContractWon[Bid]):
    """The auction is over: the declarer, the contract and (Prop-and-Cop) the partner."""

    def message(self) -> Words:
        if self.partner is not None:
            return N("{side} play Prop-and-Cop: 8 tricks together ({count} chip each)",
                     "{side} play Prop-and-Cop: 8 tricks together ({count} chips each)",
                     side=Side((self.seat, self.partner)), count=self.bid.pay)
        return N("{seat} plays {bid} ({count} chip each)", "{seat} plays {bid} ({count} chips each)",
                 seat=Who(self.seat), bid=self.bid.words(), count=self.bid.pay)


@dataclass(frozen=True)
class NoTrumps(Event):
    def message(self) -> Words:
        return T("no trumps this hand")


@dataclass(frozen=True)
class HandOpened(Event):
    """Open Misere: after the first trick the declarer's hand is laid face up for all."""

    seat: Seat
    cards: tuple[Card, ...]

    def message(self) -> Words:
        return T("{seat} lays the hand face up: {cards}", seat=Who(self.seat), cards=self.cards)


@dataclass(frozen=True)
class Claimed(Event):
    """The hand stops: the contract is made (``made``) or can no longer be, and why."""

    made: bool
    reason: Words

    def message(self) -> Words:
        return self.reason


@dataclass(frozen=True)
class Settled(Event):
    """The hand's money: every payment, the pot taken (0 if none), each seat's change, every
    cache after and the pot after."""

    declarer: Seat
    partner: Seat | None
    bid: Bid
    made: bool
    payments: tuple[Payment, ...]
    pot_won: int
    change: tuple[int, ...]
    chips: tuple[int, ...]
    pot: int

    def message(self) -> Words:
        head = _result_words(self.declarer, self.partner, self.bid, self.made)
        paid = _listed([p.message() for p in self.payments]) or T("nobody has chips to pay")
        if self.pot_won:
            return T("{result}: {payments}; {seat} takes the pot of {pot}", result=head, payments=paid,
                     seat=Who(self.declarer), pot=self.pot_won)
        return T("{result}: {payments}", result=head, payments=paid)


@dataclass(frozen=True)
class SessionOver(Event):
    """The session's end: the winners, every cache, why it ended and the standings (seats,
    most chips first)."""

    winners: tuple[Seat, ...]
    chips: tuple[int, ...]
    reason: Words
    pot: int = 0

    @property
    def standings(self) -> tuple[Seat, ...]:
        return tuple(sorted(range(len(self.chips)), key=lambda s: (-self.chips[s], s)))

    def message(self) -> Words:
        return session_over(self.reason, self.winners, max(self.chips))


# --- the view ------------------------------------------------------------------------------

@dataclass(frozen=True)
class NashWhistView(Generic[SeatT]):
    """What one seat may know. The trick fields (``trick``, ``leader``, ``last_trick``,
    ``won``, ``played``, ``voids``, ``legal``, ``turn``) match Whist's and Nap's."""

    seat: SeatT
    seats: int
    phase: str                                   # "bid" | "play" | "over"
    active: tuple[Seat, ...]
    sitting_out: tuple[Seat, ...]
    dealer: Seat
    hot_seat: Seat
    indicator: Card
    initial_trump: Suit
    trump: Suit | None                           # the contract's trumps once the auction ends
    auction: tuple[tuple[Seat, Bid | None], ...]
    standing: Bid | None
    standing_seat: Seat | None
    passed: frozenset[Seat]
    cop_chance: bool                             # the Hot Seat's second chance to Cop
    contract: Bid | None
    declarer: Seat | None
    partner: Seat | None
    tricks_won: tuple[int, ...]
    needs: int
    chips: tuple[int, ...]
    pot: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    trick: tuple[tuple[Seat, Card], ...]
    leader: Seat
    last_trick: Trick | None
    won: tuple[int, ...]
    played: tuple[tuple[Seat, Card], ...]
    voids: tuple[frozenset[Suit], ...]
    open_hands: dict[Seat, tuple[Card, ...]]
    deal_number: int
    legal: tuple[Action, ...]
    turn: Seat | None
    three_handed: bool
    end: str
    deals: int                                   # deals the session lasts; 0 until the pot is won
    result: Settled | None = None                # the last hand's settlement, if any
    over: SessionOver | None = None
    turned: Card | None = None                   # for the shared trick table: nothing lies by the dealer
    shown: tuple[tuple[Seat, Card], ...] = ()

    @property
    def rules(self) -> TrumpRules:
        return TrumpRules(self.trump)

    @property
    def maker(self) -> Seat | None:
        return self.declarer

    @property
    def scores(self) -> tuple[int, ...]:
        return self.chips

    @property
    def hand_number(self) -> int:
        return self.deal_number


# --- the state -----------------------------------------------------------------------------

@dataclass(eq=False)
class NashWhistState:
    options: NashWhistOptions
    rng: Random
    chips: list[int] = field(default_factory=list)
    pot: int = 0
    dealer: Seat = 0
    deal_number: int = 0
    active: tuple[Seat, ...] = ()
    hands: list[list[Card]] = field(default_factory=list)
    other_pack: list[Card] = field(default_factory=list)   # its top card, [0], is the indicator
    phase: str = "bid"
    turn: Seat = 0
    auction: Auction[Bid] = field(default_factory=Auction)
    cop_chance: bool = False
    contract: Bid | None = None
    declarer: Seat | None = None
    partner: Seat | None = None
    tricks: TrickPlay | None = None
    opened: bool = False
    result: Settled | None = None
    over: SessionOver | None = None
    opening: list[Event] = field(default_factory=list)

    @property
    def seats(self) -> int:
        return self.options.seats

    @property
    def sitting_out(self) -> tuple[Seat, ...]:
        return tuple(s for s in range(self.seats) if s not in self.active)

    @property
    def passed(self) -> frozenset[Seat]:
        return self.auction.passed

    @property
    def standing(self) -> Bid | None:
        """The bid to beat (a Prop stays standing when it is copped)."""
        return self.auction.standing

    @property
    def standing_seat(self) -> Seat | None:
        return self.auction.standing_seat

    @property
    def hot_seat(self) -> Seat:
        return (self.dealer + 1) % self.seats

    @property
    def indicator(self) -> Card:
        return self.other_pack[0]

    @property
    def initial_trump(self) -> Suit:
        return self.indicator.suit  # type: ignore[return-value]

    @property
    def trump(self) -> Suit | None:
        return self.tricks.rules.trump if self.tricks else None

    @property
    def suits(self) -> tuple[Suit, ...]:
        return tuple(s for s in Suit if not (self.options.three_handed and s is Suit.CLUBS))

    # protocol ------------------------------------------------------------------------------

    def to_act(self) -> list[Seat]:
        if self.over is not None:
            return []
        if self.phase == "play" and self.tricks is not None:
            return [self.tricks.to_play()]
        return [self.turn]

    def legal_actions(self, seat: Seat) -> list[Action]:
        if seat not in self.to_act():
            return []
        if self.phase == "play":
            assert self.tricks is not None
            return [PlayCard(seat, c) for c in self.tricks.legal(self.hands[seat])]
        actions: list[Action] = [Pass(seat)]
        if self._may_cop(seat):
            actions.append(Cop(seat))
        if not self.cop_chance:
            actions += [MakeBid(seat, b) for b in self.open_bids()]
        return actions

    def apply(self, action: Action) -> list[Event]:
        check_legal(self, action, self._refusal)
        if isinstance(action, Pass):
            return self._call(action.seat, None)
        if isinstance(action, MakeBid):
            return self._call(action.seat, action.bid)
        if isinstance(action, Cop):
            return self._call(action.seat, Bid(COP))
        return self._play(action.seat, action.card)  # type: ignore[attr-defined]

    @overload
    def view(self, seat: Seat) -> NashWhistView: ...
    @overload
    def view(self, seat: None) -> NashWhistView[None]: ...
    @overload
    def view(self, seat: Seat | None) -> NashWhistView[Seat | None]: ...
    def view(self, seat: Seat | None) -> NashWhistView[Seat | None]:
        t = self.tricks
        won = tuple(t.won) if t else (0,) * self.seats
        return NashWhistView(
            seat=seat, seats=self.seats, phase="over" if self.over else self.phase,
            active=self.active, sitting_out=self.sitting_out, dealer=self.dealer,
            hot_seat=self.hot_seat, indicator=self.indicator, initial_trump=self.initial_trump,
            trump=self.trump, auction=tuple(self.auction), standing=self.standing,
            standing_seat=self.standing_seat, passed=self.passed, cop_chance=self.cop_chance,
            contract=self.contract, declarer=self.declarer, partner=self.partner,
            tricks_won=won, needs=self.needs(), chips=tuple(self.chips), pot=self.pot,
            hand=tuple(self.hands[seat]) if seat is not None else (), hand_sizes=tuple(len(h) for h in self.hands),
            trick=tuple(t.current) if t else (), leader=t.leader if t else self.hot_seat,
            last_trick=t.last() if t else None, won=won,
            played=tuple(p for tr in t.done for p in tr.plays) + tuple(t.current) if t else (),
            voids=tuple(t.voids()) if t else (frozenset(),) * self.seats,
            open_hands=self.open_hands(), deal_number=self.deal_number,
            legal=tuple(self.legal_actions(seat)) if seat is not None else (), turn=next(iter(self.to_act()), None),
            three_handed=self.options.three_handed, end=self.options.end,
            deals=self.planned_deals(), result=self.result, over=self.over,
        )

    def is_over(self) -> bool:
        return self.over is not None

    def outcome(self) -> Outcome | None:
        if self.over is None:
            return None
        return Outcome(self.over.winners, tuple(float(c) for c in self.chips), self.over.reason)

    def clone(self) -> NashWhistState:
        return NashWhistState(
            self.options, copy_rng(self.rng), list(self.chips), self.pot, self.dealer,
            self.deal_number, self.active, [list(h) for h in self.hands], list(self.other_pack),
            self.phase, self.turn, self.auction.copy(), self.cop_chance, self.contract, self.declarer, self.partner,
            self.tricks.clone() if self.tricks else None, self.opened, self.result, self.over, [])

    def all_cards(self) -> list[Card]:
        """Both packs: the hands and the cards played from this deal's pack, and the whole
        other pack (its turned top card included)."""
        played = self.tricks.played() if self.tricks else []
        return [c for hand in self.hands for c in hand] + played + self.other_pack

    def hidden_from(self, seat: Seat | None) -> list[Card]:
        """Other players' hands (not an Open Misere hand once laid down) and the other pack
        below its turned card."""
        shown = self.open_hands()
        hands = [c for s, hand in enumerate(self.hands) if s != seat and s not in shown for c in hand]
        return hands + self.other_pack[1:]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, NashWhistState):
            return NotImplemented
        return self._key() == other._key()

    def _key(self) -> tuple[object, ...]:
        return (self.options, self.rng.getstate(), self.chips, self.pot, self.dealer,
                self.deal_number, self.active, self.hands, self.other_pack, self.phase, self.turn,
                self.auction.key(), self.cop_chance,
                self.contract, self.declarer, self.partner,
                self.tricks.key() if self.tricks else None, self.opened, self.result, self.over)

    # questions the view and the bots ask -----------------------------------------------------

    def open_hands(self) -> dict[Seat, tuple[Card, ...]]:
        if self.opened and self.declarer is not None:
            return {self.declarer: tuple(self.hands[self.declarer])}
        return {}

    def side_tricks(self) -> int:
        if self.tricks is None or self.declarer is None:
            return 0
        partner = self.tricks.won[self.partner] if self.partner is not None else 0
        return self.tricks.won[self.declarer] + partner

    def needs(self) -> int:
        """Tricks the declaring side still needs (0 for Misere; Triste needs its one)."""
        if self.contract is None:
            return 0
        return max(0, self.contract.tricks - self.side_tricks())

    def planned_deals(self) -> int:
        """How many deals the session lasts, or 0 when it runs until the pot is won."""
        return {END_ROUND: self.seats, END_DEALS: self.options.deals}.get(self.options.end, 0)

    def open_bids(self) -> list[Bid]:
        """The bids that may be made now (Cop is an action of its own, not among them)."""
        bids = available_bids(self.initial_trump, len(self.active), self.suits)
        return [b for b in bids if b.kind != COP and b.beats(self.standing)]

    def _may_cop(self, seat: Seat) -> bool:
        prop = self.standing is not None and self.standing.kind == PROP
        return prop and seat != self.standing_seat and (self.cop_chance or seat not in self.passed)

    # the auction -------------------------------------------------------------------------------

    def _call(self, seat: Seat, bid: Bid | None) -> list[Event]:
        cop = bid is not None and bid.kind == COP  # accepts the Prop rather than beating it
        events: list[Event] = [self.auction.call(seat, bid, stands=not cop)]
        if cop:
            assert self.standing_seat is not None and self.standing is not None
            return events + self._contract(self.standing_seat, self.standing, seat)
        if bid is None and self.cop_chance:  # the Hot Seat declined its second chance: nobody plays
            return events + self._all_passed()
        return events + self._after_call(seat)

    def _after_call(self, seat: Seat) -> list[Event]:
        bidders = self.auction.bidders(self.active)
        if self.standing is None and not bidders:
            return self._all_passed()
        if self.standing is None or bidders != [self.standing_seat]:
            self.turn = self._next_bidder(seat)
            return []
        if self.standing.kind != PROP:  # (bidders is [standing_seat] here)
            return self._contract(bidders[0], self.standing, None)
        if self.hot_seat != self.standing_seat:  # Decision: the Hot Seat may still Cop
            self.cop_chance, self.turn = True, self.hot_seat
            return []
        return self._all_passed()  # an uncopped Prop with everyone else passed

    def _next_bidder(self, seat: Seat) -> Seat:
        return self.auction.next_bidder(clockwise_from(seat, self.active, self.seats))

    def _all_passed(self) -> list[Event]:
        for seat in self.active:
            self._pay_pot(seat)
        events: list[Event] = [AllPassed(tuple(self.chips), self.pot)]
        return events + self._next_deal(pot_taken=False)

    def _pay_pot(self, seat: Seat) -> bool:
        if self.chips[seat] <= 0:
            return False
        self.chips[seat] -= 1
        self.pot += 1
        return True

    def _contract(self, declarer: Seat, bid: Bid, partner: Seat | None) -> list[Event]:
        self.cop_chance = False
        self.contract, self.declarer, self.partner = bid, declarer, partner
        self.phase = "play"
        trump = bid.trump(self.initial_trump)
        self.tricks = TrickPlay(self.seats, TrumpRules(trump), self.hot_seat,
                                frozenset(self.sitting_out))
        events: list[Event] = [ContractWon(declarer, bid, partner)]
        return events + [TrumpSet(trump, declarer) if trump is not None else NoTrumps()]

    # the play ------------------------------------------------------------------------------------

    def _play(self, seat: Seat, card: Card) -> list[Event]:
        assert self.tricks is not None and self.contract is not None
        self.hands[seat].remove(card)
        events: list[Event] = [CardPlayed(seat, card)]
        trick = self.tricks.play(seat, card)
        if trick is None:
            return events
        events.append(TrickTaken(trick, tuple(self.tricks.won)))
        made = decided(self.contract, self.side_tricks(), len(self.tricks.done))
        if made is not None:
            return events + self._finish(made)
        if self.contract.is_open and len(self.tricks.done) == 1:
            self.opened = True
            declarer = self.declarer
            assert declarer is not None
            events.append(HandOpened(declarer, tuple(self.hands[declarer])))
        return events

    def _finish(self, made: bool) -> list[Event]:
        assert self.contract is not None and self.declarer is not None and self.tricks is not None
        claim = Claimed(made, self._claim_reason(made))
        before = list(self.chips)
        paid = payments(self.chips, self.active, self.declarer, self.partner, self.contract, made)
        for p in paid:
            self.chips[p.payer] -= p.chips
            self.chips[p.payee] += p.chips
        pot_won = self.pot if made and self.partner is None else 0
        self.chips[self.declarer] += pot_won
        self.pot -= pot_won
        change = tuple(a - b for a, b in zip(self.chips, before))
        self.result = Settled(self.declarer, self.partner, self.contract, made, tuple(paid), pot_won,
                              change, tuple(self.chips), self.pot)
        return [claim, self.result] + self._next_deal(pot_taken=pot_won > 0)

    def _claim_reason(self, made: bool) -> Words:
        """Why the hand stops now, as a message. Misere and Triste are played alone; only
        Prop-and-Cop has a partner."""
        assert self.contract is not None and self.declarer is not None and self.tricks is not None
        seat = Who(self.declarer)
        tricks = self.side_tricks()
        left = TRICKS_PER_HAND - len(self.tricks.done)
        bid = self.contract.title_words()
        if self.contract.is_misere:
            if made:
                return T("{seat} lost every trick: {bid} is made", seat=seat, bid=bid)
            return T("{seat} took a trick: {bid} fails", seat=seat, bid=bid)
        if self.contract.kind == TRISTE:
            if made:
                return T("{seat} won exactly one trick: Triste is made", seat=seat)
            return T("{seat} won {tricks} tricks: Triste fails", seat=seat, tricks=tricks)
        return self._tricks_reason(made, tricks, left, bid)

    def _tricks_reason(self, made: bool, tricks: int, left: int, bid: Words) -> Words:
        """Why a contract to take tricks stops: made, or out of reach (the declarer alone, or
        with a partner in Prop-and-Cop, when the verb agrees with two)."""
        assert self.contract is not None and self.declarer is not None
        side: Who | Side = Who(self.declarer) if self.partner is None else Side((self.declarer, self.partner))
        if made and self.partner is not None:
            return T("{side} have taken {tricks} tricks: {bid} is made", side=side, tricks=tricks, bid=bid)
        if made:
            return T("{side} has taken {tricks} tricks: {bid} is made", side=side, tricks=tricks, bid=bid)
        if not left:
            return T("{side} took only {tricks} tricks: {bid} fails", side=side, tricks=tricks, bid=bid)
        return T("{side} cannot reach {need} tricks with {left} left: {bid} fails", side=side,
                 need=self.contract.tricks, left=left, bid=bid)

    # deals and the end of the session ------------------------------------------------------------

    def _next_deal(self, pot_taken: bool) -> list[Event]:
        end = self._session_end(pot_taken)
        if end is not None:
            self.over, self.phase = end, "over"
            return [end]
        self.dealer = self.hot_seat  # the Hot Seat deals next
        return self._deal()

    def _session_end(self, pot_taken: bool) -> SessionOver | None:
        spent = [s for s, c in enumerate(self.chips) if c <= 0]
        planned = self.planned_deals()
        reason: Words
        if len(spent) == 1:
            reason = T("{seat} spent the cache", seat=Who(spent[0]))
        elif spent:
            reason = T("{seats} spent their caches", seats=Side(tuple(spent)))
        elif self.options.end == END_POT and pot_taken:
            reason = T("a declarer took the pot")
        elif planned and self.deal_number >= planned and self.options.end == END_ROUND:
            reason = T("once round the table")
        elif planned and self.deal_number >= planned:
            reason = N("{count} deal played", "{count} deals played", count=planned)
        else:
            return None
        top = max(self.chips)
        winners = tuple(s for s, c in enumerate(self.chips) if c == top)
        return SessionOver(winners, tuple(self.chips), reason, self.pot)

    def _deal(self) -> list[Event]:
        three = self.options.three_handed
        if self.other_pack:  # the packs change places: deal the other one, gather this one
            deck, gathered = list(self.other_pack), self.all_cards()[:-len(self.other_pack)]
        else:
            deck, gathered = pack(three), pack(three)
        self.deal_number += 1
        self.active = tuple(s for s in range(self.seats) if s not in sitting_out(self.seats, self.dealer))
        events: list[Event] = [NewDeal(self.deal_number, self.dealer)]
        paid = tuple(s for s in self.active if self._pay_pot(s))
        events.append(Anted(tuple(self.chips), self.pot, paid))
        self.hands = self._deal_hands(_shuffled(deck, self.rng))
        self.other_pack = _shuffled(gathered, self.rng)
        self._reset_auction()
        events += [HandDealt(s, tuple(self.hands[s])) for s in self.deal_order()]
        return events + [IndicatorTurned(self.indicator)]

    def deal_order(self) -> list[Seat]:
        """The seats playing this deal, from the dealer's left round to the dealer."""
        return sorted(self.active, key=lambda s: (s - self.dealer - 1) % self.seats)

    def _deal_hands(self, deck: list[Card]) -> list[list[Card]]:
        hands: list[list[Card]] = [[] for _ in range(self.seats)]
        for clump in CLUMPS:
            for seat in self.deal_order():
                hands[seat] += [deck.pop() for _ in range(clump)]
        assert not deck, "the pack must be dealt out exactly"
        return hands

    def _reset_auction(self) -> None:
        self.phase, self.turn = "bid", self.hot_seat
        self.auction = Auction()
        self.cop_chance, self.contract, self.declarer, self.partner = False, None, None, None
        self.tricks, self.opened = None, False

    # checking actions ------------------------------------------------------------------------------

    def _refusal(self, action: object) -> Words:
        """Why ``action`` is not legal now, as a message (``check_legal`` asks only once
        ``legal_actions`` has refused it)."""
        if not isinstance(action, (Pass, MakeBid, Cop, PlayCard)):
            return T("Nash Whist has no such move ({kind})", kind=type(action).__name__)
        if self.over is not None:
            return T("the session is over")
        turn = self.to_act()[0]
        if self.phase == "bid" and action.seat in self.passed and not self.cop_chance:
            return T("{seat} has passed and may not bid again", seat=Who(action.seat))
        if action.seat != turn:
            return turn_refusal(turn, action.seat)
        return self._why_not(action)

    def _why_not(self, action: Action) -> Words:
        if self.phase == "play" and not isinstance(action, PlayCard):
            return T("the auction is over")
        if isinstance(action, PlayCard):
            return self._why_not_card(action)
        if isinstance(action, Cop):
            # The only Cop refused on one's turn: a seat that has passed never has the turn
            # (but for the Hot Seat's second chance, when it may Cop), and the proposer never
            # has it while the Prop stands (a Prop left alone goes to that second chance).
            return T("there is no Prop standing to Cop")
        assert isinstance(action, MakeBid)
        return self._why_not_bid(action.bid)

    def _why_not_bid(self, bid: Bid) -> Words:
        if self.cop_chance:
            return T("you passed earlier: now you may only Cop the Prop or pass")
        if bid.kind == COP:
            return T("to accept a Prop, Cop (it is not a bid)")
        if bid.is_partnership and len(self.active) != 4:
            return T("Prop and Cop is played only with four at the table")
        if bid.kind == TRISTE and not self.options.three_handed:
            return T("Triste is bid only in the three-handed game")
        if bid.suit is not None and bid.suit not in self.suits:
            return T("there are no clubs in the three-handed pack")
        if bid.kind == OUT and bid.suit is self.initial_trump:
            return T("an Out bid must name a suit other than the initial trumps ({suit})", suit=self.initial_trump)
        if bid.kind == THIRTEEN and self.standing is not None and self.standing.kind == THIRTEEN:
            return T("nothing beats a Thirteen")
        assert self.standing is not None, "with no bid standing every bid the table allows is open"
        return T("{bid} does not beat the standing {standing}", bid=bid.words(), standing=self.standing.words())

    def _why_not_card(self, action: PlayCard) -> Words:
        if self.phase != "play":
            return T("the cards are not played until the auction is over")
        if action.card not in self.hands[action.seat]:
            return not_held(action.card, action.seat)
        led = self.tricks.led_suit() if self.tricks else None
        assert led is not None, "with nothing led every card held is legal"
        return follow_suit(led)


def _result_words(declarer: Seat, partner: Seat | None, bid: Bid, made: bool) -> Words:
    """"P2 makes Six-In", "P1 & P3 fail Prop-and-Cop": the head of a settlement."""
    title = bid.title_words()
    if partner is None:
        seat = Who(declarer)
        return T("{seat} makes {bid}", seat=seat, bid=title) if made else T("{seat} fails {bid}", seat=seat, bid=title)
    side = Side((declarer, partner))
    return T("{side} make {bid}", side=side, bid=title) if made else T("{side} fail {bid}", side=side, bid=title)


def _listed(parts: list[Words]) -> Words | None:
    """Several clauses as one message, joined by semicolons (None for none)."""
    if not parts:
        return None
    joined = parts[-1]
    for part in reversed(parts[:-1]):
        joined = T("{first}; {rest}", first=part, rest=joined)
    return joined


def _shuffled(cards: list[Card], rng: Random) -> list[Card]:
    """A fixed order before the shuffle, so a seed replays the same deal."""
    out = sorted(cards, key=Card.sort_key)
    rng.shuffle(out)
    return out


def sits_out(view: NashWhistView[Seat], seat: Seat) -> bool:
    """Whether ``seat`` sits this deal out (five or six at the table): nothing for it to
    decide until the next deal. Read from a view (who sits out is public), so a table can
    ask it of whatever state its session holds.

    >>> state = new_game(NashWhistOptions(seats=5), 1)
    >>> [seat for seat in range(5) if sits_out(state.view(seat), seat)] == list(state.sitting_out)
    True
    >>> sits_out(new_game(NashWhistOptions(seats=4), 1).view(0), 0)
    False
    """
    return view.phase != "over" and seat in view.sitting_out


def new_game(options: NashWhistOptions, seed: int) -> NashWhistState:
    """Start a session: every cache full, the first dealer drawn at random, the first deal."""
    rng = Random(seed)
    state = NashWhistState(options, rng, chips=[options.cache] * options.seats)
    state.dealer = rng.randrange(options.seats)
    state.opening = state._deal()
    return state
