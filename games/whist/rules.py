"""Whist for four players in two partnerships (see shared/rules/whist.md).

Thirteen cards each; the dealer's last card is turned up for trumps and stays on show until
the dealer plays to the first trick. A partnership scores one point for each trick over six;
the first to the target wins. The deal passes to the left.

>>> state = new_game(WhistOptions(), seed=3)
>>> state.turned in state.hands[state.dealer]
True
>>> state.to_act() == [(state.dealer + 1) % 4]
True
"""

from __future__ import annotations

from random import Random
from dataclasses import dataclass, field
from typing import Generic, overload

from games.core.cards import Card, Suit, standard_deck, suit_of
from games.core.protocol import Event, IllegalAction, Outcome, Seat, check_legal, copy_rng
from games.core.trick_events import (
    CardPlayed, CardTurned, GameOver, HandDealt, HandScored, NewDeal, PlayCard, TrickTaken,
    TrumpSet, follow_suit, not_held, partners, turn_refusal,
)
from games.core.tricks import Trick, TrickPlay, TrumpRules, side_tricks
from games.core.watching import SeatT
from games.core.words import N, T, Words

TARGETS = (5, 7, 25)
HAND_SIZE = 13
BOOK = 6  # tricks a side must pass before it scores


@dataclass(frozen=True)
class WhistOptions:
    seats: int = 4
    target: int = 7

    def __post_init__(self) -> None:
        if self.seats != 4:
            raise ValueError(f"Whist is for 4 players, not {self.seats}")
        if self.target not in TARGETS:
            raise ValueError(f"the target must be one of {TARGETS}, not {self.target}")


@dataclass(frozen=True)
class WhistView(Generic[SeatT]):
    """What one seat may know. The fields the trick table reads are shared with Euchre."""

    seat: SeatT
    seats: int
    hand: tuple[Card, ...]
    legal: tuple[PlayCard, ...]
    turn: Seat | None
    dealer: Seat
    trump: Suit | None
    turned: Card | None               # the trump card while it still lies face up
    shown: tuple[tuple[Seat, Card], ...]  # cards known to be in another seat's hand
    trick: tuple[tuple[Seat, Card], ...]
    leader: Seat
    last_trick: Trick | None
    won: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    played: tuple[tuple[Seat, Card], ...]  # every card played this hand, for counting
    voids: tuple[frozenset[Suit], ...]
    scores: tuple[int, ...]
    target: int
    hand_number: int
    sitting_out: frozenset[Seat] = frozenset()
    phase: str = "play"
    maker: Seat | None = None
    bowers: bool = False

    @property
    def rules(self) -> TrumpRules:
        return TrumpRules(self.trump, self.bowers)


@dataclass(eq=False)
class WhistState:
    options: WhistOptions
    rng: Random
    scores: list[int] = field(default_factory=lambda: [0, 0])
    dealer: Seat = 0
    hand_number: int = 0
    hands: list[list[Card]] = field(default_factory=list)
    trump_card: Card | None = None
    dealer_played: bool = False
    tricks: TrickPlay = field(default_factory=lambda: TrickPlay(4, TrumpRules(), 0))
    winner: int | None = None
    opening: list[Event] = field(default_factory=list)

    @property
    def seats(self) -> int:
        return self.options.seats

    @property
    def trump(self) -> Suit | None:
        return self.trump_card.suit if self.trump_card else None

    @property
    def turned(self) -> Card | None:
        """The trump card lies face up until the dealer plays to the first trick."""
        return None if self.dealer_played else self.trump_card

    # protocol -----------------------------------------------------------------------------

    def to_act(self) -> list[Seat]:
        return [] if self.winner is not None else [self.tricks.to_play()]

    def legal_actions(self, seat: Seat) -> list[PlayCard]:
        if seat not in self.to_act():
            return []
        return [PlayCard(seat, card) for card in self.tricks.legal(self.hands[seat])]

    def apply(self, action: PlayCard) -> list[Event]:
        check_legal(self, action, self._refusal)
        seat, card = action.seat, action.card
        self.hands[seat].remove(card)
        if seat == self.dealer:
            self.dealer_played = True
        events: list[Event] = [CardPlayed(seat, card)]
        trick = self.tricks.play(seat, card)
        if trick is not None:
            events.append(TrickTaken(trick, tuple(self.tricks.won)))
            if len(self.tricks.done) == HAND_SIZE:
                events += self._score_hand()
        return events

    @overload
    def view(self, seat: Seat) -> WhistView: ...
    @overload
    def view(self, seat: None) -> WhistView[None]: ...
    @overload
    def view(self, seat: Seat | None) -> WhistView[Seat | None]: ...
    def view(self, seat: Seat | None) -> WhistView[Seat | None]:
        return WhistView(
            seat=seat, seats=self.seats, hand=tuple(self.hands[seat]) if seat is not None else (),
            legal=tuple(self.legal_actions(seat)) if seat is not None else (), turn=next(iter(self.to_act()), None),
            dealer=self.dealer, trump=self.trump, turned=self.turned, shown=self._shown(seat),
            trick=tuple(self.tricks.current), leader=self.tricks.leader,
            last_trick=self.tricks.last(), won=tuple(self.tricks.won),
            hand_sizes=tuple(len(h) for h in self.hands),
            played=tuple(p for t in self.tricks.done for p in t.plays) + tuple(self.tricks.current),
            voids=tuple(self.tricks.voids()), scores=tuple(self.scores), target=self.options.target,
            hand_number=self.hand_number, phase="over" if self.winner is not None else "play",
        )

    def is_over(self) -> bool:
        return self.winner is not None

    def outcome(self) -> Outcome | None:
        if self.winner is None:
            return None
        winners = tuple(s for s in range(self.seats) if s % 2 == self.winner)
        scores = tuple(float(self.scores[s % 2]) for s in range(self.seats))
        return Outcome(winners, scores, T("{side} reached {target}", side=partners(self.winner), target=self.options.target))

    def clone(self) -> WhistState:
        return WhistState(self.options, copy_rng(self.rng), list(self.scores), self.dealer,
                          self.hand_number, [list(h) for h in self.hands], self.trump_card,
                          self.dealer_played, self.tricks.clone(), self.winner)

    def all_cards(self) -> list[Card]:
        return [c for hand in self.hands for c in hand] + self.tricks.played()

    def hidden_from(self, seat: Seat | None) -> list[Card]:
        shown = {card for _, card in self._shown(seat)}
        return [c for s, hand in enumerate(self.hands) if s != seat for c in hand if c not in shown]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, WhistState):
            return NotImplemented
        return self._key() == other._key()

    def _key(self) -> tuple[object, ...]:
        return (self.options, self.rng.getstate(), self.scores, self.dealer, self.hand_number,
                self.hands, self.trump_card, self.dealer_played, self.tricks.key(), self.winner)

    # rules --------------------------------------------------------------------------------

    def _shown(self, seat: Seat | None) -> tuple[tuple[Seat, Card], ...]:
        """Everyone saw the trump card: while the dealer still holds it, its place is known."""
        card = self.trump_card
        if card is None or seat == self.dealer or card not in self.hands[self.dealer]:
            return ()
        return ((self.dealer, card),)

    def _refusal(self, action: object) -> Words:
        """Why ``action`` is not legal now, as a message (``check_legal`` asks only once
        ``legal_actions`` has refused it). A card held on one's turn is refused only for
        not following suit: with nothing led, any card goes."""
        if not isinstance(action, PlayCard):
            return T("Whist has no such move ({kind})", kind=type(action).__name__)
        if self.winner is not None:
            return T("the game is over")
        turn = self.tricks.to_play()
        if action.seat != turn:
            return turn_refusal(turn, action.seat)
        if action.card not in self.hands[action.seat]:
            return not_held(action.card, action.seat)
        led = self.tricks.led_suit()
        assert led is not None, "with nothing led every card held is legal"
        return follow_suit(led)

    def _score_hand(self) -> list[Event]:
        tricks = side_tricks(self.tricks.won)
        points = [max(0, t - BOOK) for t in tricks]
        for side in (0, 1):
            self.scores[side] += points[side]
        side = 0 if points[0] else 1
        summary = N("{side} took {tricks} tricks: {count} point", "{side} took {tricks} tricks: {count} points",
                    side=partners(side), tricks=tricks[side], count=points[side])
        events: list[Event] = [HandScored(tuple(tricks), tuple(points), tuple(self.scores), summary)]
        leaders = [s for s in (0, 1) if self.scores[s] >= self.options.target]
        if leaders:
            self.winner = leaders[0]
            return events + [GameOver(self.winner, tuple(self.scores))]
        self.dealer = (self.dealer + 1) % self.seats
        return events + self._deal()

    def _deal(self) -> list[Event]:
        deck = self.all_cards() if self.hands else standard_deck()
        deck.sort(key=Card.sort_key)  # a fixed order before the shuffle, so replays match
        self.rng.shuffle(deck)
        self.hand_number += 1
        self.hands = [[] for _ in range(self.seats)]
        order = [(self.dealer + 1 + i) % self.seats for i in range(self.seats)]
        for i, card in enumerate(deck):
            self.hands[order[i % self.seats]].append(card)
        self.trump_card = deck[-1]  # the dealer's last card
        self.dealer_played = False
        self.tricks = TrickPlay(self.seats, TrumpRules(self.trump_card.suit), order[0])
        events: list[Event] = [NewDeal(self.hand_number, self.dealer)]
        events += [HandDealt(s, tuple(self.hands[s])) for s in order]
        return events + [CardTurned(self.trump_card, self.dealer), TrumpSet(suit_of(self.trump_card))]


def new_game(options: WhistOptions, seed: int) -> WhistState:
    """Start a game: the first dealer is drawn at random, then the first hand is dealt."""
    rng = Random(seed)
    state = WhistState(options, rng)
    state.dealer = rng.randrange(options.seats)
    state.opening = state._deal()
    return state
