"""The trick-taking engine shared by Whist, Euchre, Nap and Nash Whist.

A game supplies its trumps as ``TrumpRules`` (which may move a card into another suit, as
Euchre's left bower joins the trump suit) and keeps a ``TrickPlay`` for the hand: whose turn
it is, what may be played, who won each trick, which seats sit the hand out (a lone
Euchre hand), and what each seat has shown (voids). Seats go clockwise: seat + 1 is on the
left.

>>> from games.core.cards import cards
>>> rules = TrumpRules(Suit.CLUBS, bowers=True)
>>> rules.suit_of(Card.parse("JS"))
<Suit.CLUBS: 'C'>
>>> play = TrickPlay(seats=4, rules=rules, leader=1)
>>> [play.play(s, c) for s, c in zip((1, 2, 3, 0), cards("AC JS 9C KH"))][-1].winner
2
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Sequence

from games.core.cards import Card, Rank, Suit
from games.core.protocol import Seat

RIGHT_BOWER_POWER = 31
LEFT_BOWER_POWER = 30

_PARTNER_SUIT = {Suit.SPADES: Suit.CLUBS, Suit.CLUBS: Suit.SPADES,
                 Suit.HEARTS: Suit.DIAMONDS, Suit.DIAMONDS: Suit.HEARTS}


def same_colour(suit: Suit) -> Suit:
    """The other suit of the same colour (clubs for spades)."""
    return _PARTNER_SUIT[suit]


@dataclass(frozen=True)
class TrumpRules:
    """Which suit is trumps (None for no trumps) and whether the two Jacks of its colour are
    the top trumps (Euchre's bowers). Data only, so states holding it compare and copy."""

    trump: Suit | None = None
    bowers: bool = False

    def is_left_bower(self, card: Card) -> bool:
        return (self.bowers and self.trump is not None and card.rank is Rank.JACK
                and card.suit is same_colour(self.trump))

    def suit_of(self, card: Card) -> Suit:
        """The suit a card belongs to for following suit and for voids."""
        if self.is_left_bower(card):
            return self.trump  # type: ignore[return-value]
        return card.suit  # type: ignore[return-value]

    def power(self, card: Card) -> int:
        """The card's order inside its own (effective) suit; higher wins."""
        if self.bowers and card.rank is Rank.JACK and self.trump is not None:
            if card.suit is self.trump:
                return RIGHT_BOWER_POWER
            if card.suit is same_colour(self.trump):
                return LEFT_BOWER_POWER
        return int(card.rank)

    def is_trump(self, card: Card) -> bool:
        return self.trump is not None and self.suit_of(card) is self.trump

    def strength(self, card: Card, led: Suit | None) -> tuple[int, int]:
        """How strongly ``card`` bids for a trick led in ``led``: trumps beat the suit led,
        which beats anything else (a discard can never win)."""
        suit = self.suit_of(card)
        tier = 2 if suit is self.trump and self.trump is not None else (1 if suit is led else 0)
        return (tier, self.power(card) if tier else 0)

    def sort_key(self, card: Card) -> tuple[int, int]:
        """A hand-sorting key: trumps together first, then suits in S H D C order, high first."""
        suit = self.suit_of(card)
        group = -1 if suit is self.trump and self.trump is not None else list(Suit).index(suit)
        return (group, -self.power(card))


def legal_cards(hand: Sequence[Card], led: Suit | None, rules: TrumpRules) -> list[Card]:
    """Follow the suit led when able; with nothing of it (or on the lead) anything goes.

    >>> from games.core.cards import cards
    >>> [str(c) for c in legal_cards(cards("JS AH 9D"), Suit.SPADES, TrumpRules(Suit.CLUBS, True))]
    ['JS', 'AH', '9D']
    """
    if led is None:
        return list(hand)
    follow = [card for card in hand if rules.suit_of(card) is led]
    return follow or list(hand)


def trick_winner(plays: Sequence[tuple[Seat, Card]], rules: TrumpRules) -> Seat:
    """The seat whose card takes the trick: the highest trump, else the highest of the suit
    led (``plays`` in the order played, the lead first)."""
    led = rules.suit_of(plays[0][1])
    return max(plays, key=lambda play: rules.strength(play[1], led))[0]


@dataclass(frozen=True)
class Trick:
    """A finished trick: who led, each (seat, card) in order, and who took it."""

    leader: Seat
    plays: tuple[tuple[Seat, Card], ...]
    winner: Seat

    def card_of(self, seat: Seat) -> Card | None:
        return next((card for s, card in self.plays if s == seat), None)

    def __str__(self) -> str:
        cards = " ".join(str(card) for _, card in self.plays)
        return f"trick {cards} to P{self.winner + 1}"


@dataclass
class TrickPlay:
    """The tricks of one hand: who leads and plays next, the trick on the table, the tricks
    played so far and how many each seat took. Seats in ``sitting_out`` never play."""

    seats: int
    rules: TrumpRules
    leader: Seat
    sitting_out: frozenset[Seat] = frozenset()
    current: list[tuple[Seat, Card]] = field(default_factory=list)
    done: list[Trick] = field(default_factory=list)
    won: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.won:
            self.won = [0] * self.seats
        if self.leader in self.sitting_out:
            self.leader = self.next_active(self.leader)

    @property
    def active(self) -> list[Seat]:
        return [s for s in range(self.seats) if s not in self.sitting_out]

    def next_active(self, seat: Seat) -> Seat:
        """The next seat on the left that plays this hand."""
        nxt = (seat + 1) % self.seats
        while nxt in self.sitting_out:
            nxt = (nxt + 1) % self.seats
        return nxt

    def to_play(self) -> Seat:
        if not self.current:
            return self.leader
        return self.next_active(self.current[-1][0])

    def led_suit(self) -> Suit | None:
        return self.rules.suit_of(self.current[0][1]) if self.current else None

    def legal(self, hand: Sequence[Card]) -> list[Card]:
        return legal_cards(hand, self.led_suit(), self.rules)

    def play(self, seat: Seat, card: Card) -> Trick | None:
        """Add a card to the trick (the caller has checked it is legal); returns the trick
        when this card completes it, and the winner then leads."""
        self.current.append((seat, card))
        if len(self.current) < len(self.active):
            return None
        winner = trick_winner(self.current, self.rules)
        trick = Trick(self.leader, tuple(self.current), winner)
        self.done.append(trick)
        self.won[winner] += 1
        self.leader, self.current = winner, []
        return trick

    def last(self) -> Trick | None:
        return self.done[-1] if self.done else None

    def played_by(self, seat: Seat) -> list[Card]:
        """Every card ``seat`` has played this hand, in order (its trick history)."""
        out = [card for trick in self.done for s, card in trick.plays if s == seat]
        return out + [card for s, card in self.current if s == seat]

    def played(self) -> list[Card]:
        return [card for trick in self.done for _, card in trick.plays] + [c for _, c in self.current]

    def voids(self) -> list[frozenset[Suit]]:
        """The suits each seat has shown it holds none of, by failing to follow them."""
        found: list[set[Suit]] = [set() for _ in range(self.seats)]
        for plays in [t.plays for t in self.done] + [tuple(self.current)]:
            if not plays:
                continue
            led = self.rules.suit_of(plays[0][1])
            for seat, card in plays[1:]:
                if self.rules.suit_of(card) is not led:
                    found[seat].add(led)
        return [frozenset(s) for s in found]

    def clone(self) -> TrickPlay:
        return TrickPlay(self.seats, self.rules, self.leader, self.sitting_out,
                         list(self.current), list(self.done), list(self.won))

    def key(self) -> tuple[object, ...]:
        return (self.seats, self.rules, self.leader, self.sitting_out, tuple(self.current),
                tuple(self.done), tuple(self.won))


def partnership(seat: Seat) -> int:
    """Four players in two partnerships, partners opposite: seats 0 and 2 are side 0."""
    return seat % 2


def side_tricks(won: Iterable[int], sides: int = 2) -> list[int]:
    """Tricks per partnership from tricks per seat (partners opposite)."""
    totals = [0] * sides
    for seat, count in enumerate(won):
        totals[seat % sides] += count
    return totals
