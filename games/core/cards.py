"""Cards, ranks, suits and the decks every game deals from.

Notation follows the project style: ranks ``A K Q J T 9 8 7 6 5 4 3 2`` (``10`` is accepted
on input), suits ``S H D C``, the Joker is ``JK``.

>>> Card.parse("QH")
Card.parse('QH')
>>> Card.parse("10H") == Card.parse("TH")
True
>>> str(Card.parse("10h"))
'TH'
>>> len(standard_deck()), len(piquet_deck()), len(euchre_deck())
(52, 32, 24)
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Iterable


class Suit(enum.Enum):
    """The four suits, in bridge order (highest first)."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def letter(self) -> str:
        return self.value

    @property
    def title(self) -> str:
        """Plural name as a player says it: ``spades``."""
        return self.name.lower()

    @classmethod
    def parse(cls, text: str) -> Suit:
        key = text.strip().upper()
        for suit in cls:
            if key in (suit.value, suit.name, suit.name[:-1]):
                return suit
        raise ValueError(f"unknown suit {text!r}: use S, H, D or C")

    def __str__(self) -> str:
        return self.value


class Rank(enum.IntEnum):
    """Ranks with Ace high (14); games that treat the Ace as low use ``pip_value``."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14
    JOKER = 15

    @property
    def symbol(self) -> str:
        """The one-letter notation (``T`` for ten, ``JK`` for the Joker)."""
        return _RANK_SYMBOLS[self]

    @property
    def label(self) -> str:
        """What a card's corner shows: ``10`` rather than ``T``."""
        return "10" if self is Rank.TEN else self.symbol

    @property
    def pip_value(self) -> int:
        """Face value with Ace as 1 and courts as 11-13 (the Joker is 0)."""
        if self is Rank.ACE:
            return 1
        if self is Rank.JOKER:
            return 0
        return int(self)

    @property
    def is_court(self) -> bool:
        return self in (Rank.JACK, Rank.QUEEN, Rank.KING)

    @classmethod
    def parse(cls, text: str) -> Rank:
        key = text.strip().upper()
        if key == "10":
            key = "T"
        for rank, symbol in _RANK_SYMBOLS.items():
            if key == symbol:
                return rank
        raise ValueError(f"unknown rank {text!r}: use A K Q J T(10) 9 8 7 6 5 4 3 2")

    def __str__(self) -> str:
        return self.symbol


_RANK_SYMBOLS = {
    Rank.TWO: "2", Rank.THREE: "3", Rank.FOUR: "4", Rank.FIVE: "5", Rank.SIX: "6",
    Rank.SEVEN: "7", Rank.EIGHT: "8", Rank.NINE: "9", Rank.TEN: "T", Rank.JACK: "J",
    Rank.QUEEN: "Q", Rank.KING: "K", Rank.ACE: "A", Rank.JOKER: "JK",
}


@dataclass(frozen=True, slots=True)
class Card:
    """One playing card. The Joker has ``rank == Rank.JOKER`` and no suit."""

    rank: Rank
    suit: Suit | None

    def __post_init__(self) -> None:
        if (self.rank is Rank.JOKER) != (self.suit is None):
            raise ValueError("only the Joker has no suit")

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``QH``, ``10h``, ``TH`` or ``JK``; raise ``ValueError`` naming the problem."""
        key = text.strip().upper()
        if key in ("JK", "JOKER"):
            return JOKER
        if len(key) < 2:
            raise ValueError(f"not a card: {text!r} (write rank then suit, like QH or 10D)")
        rank = Rank.parse(key[:-1])
        if rank is Rank.JOKER:
            raise ValueError(f"not a card: {text!r} (the Joker is written JK, with no suit)")
        return _card(rank, Suit.parse(key[-1]))

    @property
    def is_joker(self) -> bool:
        return self.rank is Rank.JOKER

    @property
    def is_red(self) -> bool:
        return self.suit is not None and self.suit.is_red

    def __str__(self) -> str:
        if self.suit is None:
            return "JK"
        return self.rank.symbol + self.suit.value

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def sort_key(self) -> tuple[int, int]:
        """Group by suit (S H D C, Joker last), then rank high to low."""
        suit_order = 4 if self.suit is None else _SUIT_ORDER[self.suit]
        return (suit_order, -int(self.rank))


_SUIT_ORDER = {suit: index for index, suit in enumerate(Suit)}
_INTERNED: dict[tuple[Rank, Suit], Card] = {}


def _card(rank: Rank, suit: Suit) -> Card:
    """Return the shared instance for a rank and suit (cards are immutable values)."""
    card = _INTERNED.get((rank, suit))
    if card is None:
        card = _INTERNED[(rank, suit)] = Card(rank, suit)
    return card


JOKER = Card(Rank.JOKER, None)
SUITS: tuple[Suit, ...] = tuple(Suit)
RANKS: tuple[Rank, ...] = tuple(r for r in Rank if r is not Rank.JOKER)


def suit_of(card: Card) -> Suit:
    """The suit of a card that cannot be the Joker (an upcard in Euchre, a trump card):
    where the game deals no Joker, this says so to the type checker, and fails loudly if
    one turns up."""
    if card.suit is None:
        raise ValueError(f"{card} has no suit")
    return card.suit


def cards(text: str) -> list[Card]:
    """Parse a space-separated list: ``cards("AS 10H JK")``."""
    return [Card.parse(part) for part in text.split()]


def deck_of(ranks: Iterable[Rank], jokers: int = 0, copies: int = 1) -> list[Card]:
    """Every suit of the given ranks, ``copies`` times over, then the Jokers, in a fixed order."""
    rank_list = list(ranks)
    one = [_card(rank, suit) for suit in SUITS for rank in rank_list]
    return one * copies + [JOKER] * jokers


def standard_deck(jokers: int = 0, copies: int = 1) -> list[Card]:
    """The 52-card deck (optionally with Jokers, or several decks together)."""
    return deck_of(RANKS, jokers, copies)


def piquet_deck() -> list[Card]:
    """The 32-card deck: 7 up to Ace in each suit."""
    return deck_of(r for r in RANKS if r >= Rank.SEVEN)


def euchre_deck() -> list[Card]:
    """The 24-card deck: 9 up to Ace in each suit."""
    return deck_of(r for r in RANKS if r >= Rank.NINE)


NAP_LOWEST_RANK = {3: Rank.NINE, 4: Rank.EIGHT, 5: Rank.SEVEN, 6: Rank.SIX, 7: Rank.FIVE}


def nap_deck(seats: int, joker: bool = False) -> list[Card]:
    """Nap's deck for 3-7 players: 24 cards for three, one more rank for each extra player."""
    if seats not in NAP_LOWEST_RANK:
        raise ValueError(f"Nap is for 3 to 7 players, not {seats}")
    low = NAP_LOWEST_RANK[seats]
    return deck_of((r for r in RANKS if r >= low), jokers=1 if joker else 0)
