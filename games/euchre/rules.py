"""Euchre for four players in two partnerships (see shared/rules/euchre.md).

Five cards each from a 32-card deck (24 as an option); the top card of the stub is the
upcard. Round one: each player in turn passes or accepts the upcard's suit as trumps, and
the dealer then takes the upcard and discards. Round two: each may name another suit. The
maker may go alone, and the partner sits the hand out. The Jack of trumps (right bower) and
the other Jack of its colour (left bower, which counts as a trump) are the top trumps.

>>> state = new_game(EuchreOptions(), seed=4)
>>> state.phase, len(state.hands[0]), len(state.stub)
('round1', 5, 12)
"""

from __future__ import annotations

from random import Random
from dataclasses import dataclass, field
from typing import Generic, overload

from games.core.cards import Card, Suit, euchre_deck, piquet_deck, suit_of
from games.core.protocol import Action, Event, IllegalAction, Outcome, Seat, check_legal, copy_rng, seat_name
from games.core.trick_events import (
    CardPlayed, CardTurned, GameOver, HandDealt, HandScored, NewDeal, PlayCard, TrickTaken,
    TrumpSet, follow_suit, not_held, partners, turn_refusal,
)
from games.core.tricks import Trick, TrickPlay, TrumpRules, side_tricks
from games.core.watching import SeatT
from games.core.words import T, Who, Words

HAND_SIZE = 5
DECKS = (32, 24)
TARGETS = (5, 10)


@dataclass(frozen=True)
class EuchreOptions:
    seats: int = 4
    deck: int = 32
    target: int = 5
    stick_the_dealer: bool = False

    def __post_init__(self) -> None:
        if self.seats != 4:
            raise ValueError(f"Euchre is for 4 players, not {self.seats}")
        if self.deck not in DECKS:
            raise ValueError(f"the deck has 32 or 24 cards, not {self.deck}")
        if self.target not in TARGETS:
            raise ValueError(f"the game is to 5 or 10 points, not {self.target}")


# --- actions and events ------------------------------------------------------------------

@dataclass(frozen=True)
class Pass(Action):
    def __str__(self) -> str:
        return f"{seat_name(self.seat)} pass"


@dataclass(frozen=True)
class OrderUp(Action):
    """Round one: accept the upcard's suit as trumps (order up, assist or take it up)."""

    alone: bool = False

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} accept the upcard" + (" and go alone" if self.alone else "")


@dataclass(frozen=True)
class NameTrump(Action):
    """Round two: name a suit other than the one turned down."""

    suit: Suit
    alone: bool = False

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} name {self.suit.title}" + (" and go alone" if self.alone else "")


@dataclass(frozen=True)
class Discard(Action):
    card: Card

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} discard {self.card}"


@dataclass(frozen=True)
class Called(Event):
    """A seat's call in the bidding, as a player would say it ("Order it up", "Hearts, alone"),
    for the speech bubble; the history adds who said it."""

    seat: Seat
    words: Words

    def message(self) -> Words:
        return T("{seat}: {call}", seat=Who(self.seat), call=self.words)


@dataclass(frozen=True)
class PickedUp(Event):
    dealer: Seat
    card: Card

    def message(self) -> Words:
        return T("{dealer} picks up {card}", dealer=Who(self.dealer), card=self.card)


@dataclass(frozen=True)
class Discarded(Event):
    """The dealer's discard, face down: only the dealer sees which card."""

    dealer: Seat
    card: Card | None

    def seen_by(self, viewer: Seat | None) -> Event:
        return self if viewer == self.dealer else Discarded(self.dealer, None)

    def message(self) -> Words:
        if self.card is None:
            return T("{dealer} discards a card", dealer=Who(self.dealer))
        return T("{dealer} discards {card}", dealer=Who(self.dealer), card=self.card)


@dataclass(frozen=True)
class TurnedDown(Event):
    card: Card

    def message(self) -> Words:
        return T("everyone passes: {card} is turned down", card=self.card)


@dataclass(frozen=True)
class AllPassed(Event):
    def message(self) -> Words:
        return T("everyone passes twice: the hand is thrown in and the deal moves on")


@dataclass(frozen=True)
class SitsOut(Event):
    seat: Seat

    def message(self) -> Words:
        return T("{seat} sits out this hand: the partner plays alone", seat=Who(self.seat))


# --- the view ----------------------------------------------------------------------------

@dataclass(frozen=True)
class EuchreView(Generic[SeatT]):
    """What one seat may know; the trick fields match Whist's, for the shared table."""

    seat: SeatT
    seats: int
    hand: tuple[Card, ...]
    legal: tuple[Action, ...]
    turn: Seat | None
    dealer: Seat
    trump: Suit | None
    turned: Card | None                     # the upcard while it is on offer
    upcard: Card                            # seen by all when the hand began
    picked_up: bool
    turned_down: bool
    shown: tuple[tuple[Seat, Card], ...]
    trick: tuple[tuple[Seat, Card], ...]
    leader: Seat
    last_trick: Trick | None
    won: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    played: tuple[tuple[Seat, Card], ...]
    voids: tuple[frozenset[Suit], ...]
    scores: tuple[int, ...]
    target: int
    hand_number: int
    sitting_out: frozenset[Seat]
    phase: str
    maker: Seat | None
    alone: bool
    discard: Card | None                    # the dealer's own discard, for the dealer only
    deck: int
    stick_the_dealer: bool
    bowers: bool = True

    @property
    def rules(self) -> TrumpRules:
        return TrumpRules(self.trump, self.bowers)


def order_words(seat: Seat, dealer: Seat) -> Words:
    """What ``seat`` says to take the upcard as trumps in round one (the dealer takes it
    up, the dealer's partner assists, the others order it up).

    >>> str(order_words(2, 2)), str(order_words(0, 2)), str(order_words(1, 2))
    ('Take it up', 'Assist', 'Order it up')
    """
    if seat == dealer:
        return T("Take it up")
    return T("Assist") if seat == (dealer + 2) % 4 else T("Order it up")


# --- the state ---------------------------------------------------------------------------

@dataclass(eq=False)
class EuchreState:
    options: EuchreOptions
    rng: Random
    scores: list[int] = field(default_factory=lambda: [0, 0])
    dealer: Seat = 0
    hand_number: int = 0
    hands: list[list[Card]] = field(default_factory=list)
    stub: list[Card] = field(default_factory=list)
    upcard: Card | None = None
    discard: list[Card] = field(default_factory=list)
    phase: str = "round1"
    turn: Seat = 0
    trump: Suit | None = None
    maker: Seat | None = None
    alone: bool = False
    tricks: TrickPlay | None = None
    winner: int | None = None
    opening: list[Event] = field(default_factory=list)
    _made_in_round1: bool = False  # the upcard was taken (round one) rather than turned down

    @property
    def seats(self) -> int:
        return self.options.seats

    @property
    def up(self) -> Card:
        """The upcard of the hand being played (every hand deals one before anyone acts)."""
        assert self.upcard is not None, "no hand has been dealt"
        return self.upcard

    @property
    def sitting_out(self) -> frozenset[Seat]:
        return frozenset({(self.maker + 2) % 4}) if self.alone and self.maker is not None else frozenset()

    # protocol -----------------------------------------------------------------------------

    def to_act(self) -> list[Seat]:
        if self.winner is not None:
            return []
        if self.phase == "play" and self.tricks is not None:
            return [self.tricks.to_play()]
        return [self.turn]

    def legal_actions(self, seat: Seat) -> list[Action]:
        if seat not in self.to_act():
            return []
        if self.phase == "round1":
            return [Pass(seat), OrderUp(seat), OrderUp(seat, alone=True)]
        if self.phase == "round2":
            names: list[Action] = [NameTrump(seat, s, a) for s in Suit if s is not self.up.suit
                                   for a in (False, True)]
            stuck = self.options.stick_the_dealer and seat == self.dealer
            return names if stuck else [Pass(seat)] + names
        if self.phase == "discard":
            return [Discard(seat, card) for card in self.hands[seat]]
        assert self.tricks is not None
        return [PlayCard(seat, card) for card in self.tricks.legal(self.hands[seat])]

    def apply(self, action: Action) -> list[Event]:
        check_legal(self, action, self._refusal)
        if isinstance(action, Pass):
            return self._pass(action.seat)
        if isinstance(action, OrderUp):
            return self._make(action.seat, suit_of(self.up), action.alone, "round1")
        if isinstance(action, NameTrump):
            return self._make(action.seat, action.suit, action.alone, "round2")
        if isinstance(action, Discard):
            return self._discard(action.seat, action.card)
        assert isinstance(action, PlayCard)  # (``_check`` let no other action through)
        return self._play(action.seat, action.card)

    @overload
    def view(self, seat: Seat) -> EuchreView: ...
    @overload
    def view(self, seat: None) -> EuchreView[None]: ...
    @overload
    def view(self, seat: Seat | None) -> EuchreView[Seat | None]: ...
    def view(self, seat: Seat | None) -> EuchreView[Seat | None]:
        tricks = self.tricks
        return EuchreView(
            seat=seat, seats=self.seats, hand=tuple(self.hands[seat]) if seat is not None else (),
            legal=tuple(self.legal_actions(seat)) if seat is not None else (), turn=next(iter(self.to_act()), None),
            dealer=self.dealer, trump=self.trump,
            turned=self.up if self.phase == "round1" else None, upcard=self.up,
            picked_up=self._made_in_round1,
            turned_down=self.phase == "round2" or (self.maker is not None and not self._made_in_round1),
            shown=(), trick=tuple(tricks.current) if tricks else (),
            leader=tricks.leader if tricks else (self.dealer + 1) % 4,
            last_trick=tricks.last() if tricks else None,
            won=tuple(tricks.won) if tricks else (0,) * self.seats,
            hand_sizes=tuple(len(h) for h in self.hands),
            played=tuple(p for t in tricks.done for p in t.plays) + tuple(tricks.current) if tricks else (),
            voids=tuple(tricks.voids()) if tricks else (frozenset(),) * self.seats,
            scores=tuple(self.scores), target=self.options.target, hand_number=self.hand_number,
            sitting_out=self.sitting_out, phase="over" if self.winner is not None else self.phase,
            maker=self.maker, alone=self.alone,
            discard=self.discard[0] if self.discard and seat == self.dealer else None,
            deck=self.options.deck, stick_the_dealer=self.options.stick_the_dealer,
        )

    def is_over(self) -> bool:
        return self.winner is not None

    def outcome(self) -> Outcome | None:
        if self.winner is None:
            return None
        winners = tuple(s for s in range(self.seats) if s % 2 == self.winner)
        scores = tuple(float(self.scores[s % 2]) for s in range(self.seats))
        return Outcome(winners, scores, T("{side} reached {target}", side=partners(self.winner), target=self.options.target))

    def clone(self) -> EuchreState:
        return EuchreState(
            self.options, copy_rng(self.rng), list(self.scores), self.dealer, self.hand_number,
            [list(h) for h in self.hands], list(self.stub), self.upcard, list(self.discard),
            self.phase, self.turn, self.trump, self.maker, self.alone,
            self.tricks.clone() if self.tricks else None, self.winner, [], self._made_in_round1)

    def all_cards(self) -> list[Card]:
        played = self.tricks.played() if self.tricks else []
        return [c for hand in self.hands for c in hand] + self.stub + self.discard + played

    def hidden_from(self, seat: Seat | None) -> list[Card]:
        """Other hands, the stub and the dealer's discard; never the upcard, which all saw."""
        hidden = [c for s, hand in enumerate(self.hands) if s != seat for c in hand]
        hidden += self.stub + (self.discard if seat != self.dealer else [])
        return [c for c in hidden if c != self.upcard]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, EuchreState):
            return NotImplemented
        return self._key() == other._key()

    def _key(self) -> tuple[object, ...]:
        return (self.options, self.rng.getstate(), self.scores, self.dealer, self.hand_number,
                self.hands, self.stub, self.upcard, self.discard, self.phase, self.turn,
                self.trump, self.maker, self.alone, self.tricks.key() if self.tricks else None,
                self.winner, self._made_in_round1)

    # bidding ------------------------------------------------------------------------------

    def _call_words(self, seat: Seat, suit: Suit, alone: bool, phase: str) -> Words:
        """The call as said: round one's words for taking the upcard, round two's suit."""
        said = order_words(seat, self.dealer) if phase == "round1" else T("{suit}", suit=suit)
        return T("{call}, alone", call=said) if alone else said

    def _pass(self, seat: Seat) -> list[Event]:
        events: list[Event] = [Called(seat, T("Pass"))]
        if seat != self.dealer:
            self.turn = (seat + 1) % 4
            return events
        if self.phase == "round1":
            self.phase, self.turn = "round2", (self.dealer + 1) % 4
            return events + [TurnedDown(self.up)]
        self.dealer = (self.dealer + 1) % 4
        return events + [AllPassed()] + self._deal()

    def _make(self, seat: Seat, suit: Suit, alone: bool, phase: str) -> list[Event]:
        events: list[Event] = [Called(seat, self._call_words(seat, suit, alone, phase))]
        self.trump, self.maker, self.alone = suit, seat, alone
        events.append(TrumpSet(suit, seat, alone))
        if alone:
            events.append(SitsOut((seat + 2) % 4))
        if phase == "round1":
            self._made_in_round1 = True
            self.stub.remove(self.up)
            self.hands[self.dealer].append(self.up)
            self.phase, self.turn = "discard", self.dealer
            return events + [PickedUp(self.dealer, self.up)]
        return events + self._start_play()

    def _discard(self, seat: Seat, card: Card) -> list[Event]:
        self.hands[seat].remove(card)
        self.discard.append(card)
        return [Discarded(seat, card)] + self._start_play()

    def _start_play(self) -> list[Event]:
        self.phase = "play"
        rules = TrumpRules(self.trump, bowers=True)
        self.tricks = TrickPlay(self.seats, rules, (self.dealer + 1) % 4, self.sitting_out)
        return []

    # play ---------------------------------------------------------------------------------

    def _play(self, seat: Seat, card: Card) -> list[Event]:
        assert self.tricks is not None
        self.hands[seat].remove(card)
        events: list[Event] = [CardPlayed(seat, card)]
        trick = self.tricks.play(seat, card)
        if trick is not None:
            events.append(TrickTaken(trick, tuple(self.tricks.won)))
            if len(self.tricks.done) == HAND_SIZE:
                events += self._score_hand()
        return events

    def _score_hand(self) -> list[Event]:
        assert self.tricks is not None and self.maker is not None
        side = self.maker % 2
        tricks = side_tricks(self.tricks.won)
        points, result = hand_points(tricks[side], self.alone)
        gained = [0, 0]
        if points > 0:
            gained[side] = points
        else:
            gained[1 - side] = 2
        for s in (0, 1):
            self.scores[s] += gained[s]
        line = T("{side} made trumps and took {tricks}: {result}", side=partners(side), tricks=tricks[side],
                 result=result)
        events: list[Event] = [HandScored(tuple(tricks), tuple(gained), tuple(self.scores), line)]
        leaders = [s for s in (0, 1) if self.scores[s] >= self.options.target]
        if leaders:
            self.winner = leaders[0]
            self.phase = "over"
            return events + [GameOver(self.winner, tuple(self.scores))]
        self.dealer = (self.dealer + 1) % 4
        return events + self._deal()

    # dealing ------------------------------------------------------------------------------

    def _deal(self) -> list[Event]:
        deck = self.all_cards() if self.hands else self._new_deck()
        deck.sort(key=Card.sort_key)  # a fixed order before the shuffle, so replays match
        self.rng.shuffle(deck)
        self.hand_number += 1
        self.hands = [[] for _ in range(self.seats)]
        order = [(self.dealer + 1 + i) % self.seats for i in range(self.seats)]
        for batch in ((3, 2, 3, 2), (2, 3, 2, 3)):  # threes and twos, as dealers do
            for seat, count in zip(order, batch):
                self.hands[seat] += [deck.pop() for _ in range(count)]
        self.stub, self.upcard, self.discard = deck, deck[-1], []
        self.phase, self.turn = "round1", order[0]
        self.trump, self.maker, self.alone, self.tricks = None, None, False, None
        self._made_in_round1 = False
        events: list[Event] = [NewDeal(self.hand_number, self.dealer)]
        events += [HandDealt(s, tuple(self.hands[s])) for s in order]
        return events + [CardTurned(self.upcard, self.dealer)]

    def _new_deck(self) -> list[Card]:
        return piquet_deck() if self.options.deck == 32 else euchre_deck()

    def _refusal(self, action: object) -> Words:
        """Why ``action`` is not legal now, as a message (``check_legal`` asks only once
        ``legal_actions`` has refused it)."""
        if not isinstance(action, (Pass, OrderUp, NameTrump, Discard, PlayCard)):
            return T("Euchre has no such move ({kind})", kind=type(action).__name__)
        if self.winner is not None:
            return T("the game is over")
        turn = self.to_act()[0]
        if action.seat != turn:
            return turn_refusal(turn, action.seat)
        return self._why_not(action)

    def _why_not(self, action: Action) -> Words:
        if isinstance(action, PlayCard):
            if self.phase != "play":
                return T("the cards are not being played yet: trumps must be made first")
            if action.card not in self.hands[action.seat]:
                return not_held(action.card, action.seat)
            led = self.tricks.led_suit() if self.tricks else None
            assert led is not None, "with nothing led every card held is legal"
            return follow_suit(led)
        if isinstance(action, Discard):
            if self.phase != "discard":
                return T("only the dealer discards, after picking up the upcard")
            return not_held(action.card, action.seat)
        if isinstance(action, Pass):
            if self.phase == "round2":
                return T("stick the dealer: the dealer must name a suit")
            return T("there is nothing to pass on now")
        if isinstance(action, NameTrump):
            if self.phase != "round2":
                return T("suits are named only in the second round")
            return T("{suit} were turned down: name another suit", suit=action.suit)
        return T("the upcard can be accepted only in the first round")


def hand_points(tricks: int, alone: bool) -> tuple[int, Words]:
    """The makers' points for ``tricks`` taken, or 0 when euchred (the defenders get 2),
    and what the hand was, as a message.

    >>> [(points, str(words)) for points, words in (hand_points(5, True), hand_points(3, False), hand_points(2, False))]
    [(4, 'a lone march, 4 points'), (1, '1 point'), (0, 'euchred! the defenders score 2')]
    """
    if tricks < 3:
        return 0, T("euchred! the defenders score 2")
    if tricks == 5:
        return (4, T("a lone march, 4 points")) if alone else (2, T("a march, 2 points"))
    return 1, T("1 point")


def sits_out(view: EuchreView[Seat], seat: Seat) -> bool:
    """Whether ``seat`` sits this hand out (its partner went alone): nothing for it to
    decide until the next deal. Read from a view (a lone call is public).

    >>> sits_out(new_game(EuchreOptions(), 1).view(0), 0)
    False
    """
    return view.phase != "over" and seat in view.sitting_out


def new_game(options: EuchreOptions, seed: int) -> EuchreState:
    """Start a game: the first dealer is drawn at random, then the first hand is dealt."""
    rng = Random(seed)
    state = EuchreState(options, rng)
    state.dealer = rng.randrange(options.seats)
    state.opening = state._deal()
    return state
