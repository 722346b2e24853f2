"""Cards named in words for the player ("the Queen of hearts"), where the notation the
engine and the log use ("QH") would read like a code.

Each language puts a card's words in its own order ("Queen of hearts", "Dame de cœur",
"Herz-Dame", "reina de corazones"), so a card is the template "{rank} of {suit}", and the
rank and suit words are each translated on their own (``app.core.words.language``)."""

from __future__ import annotations

from app.core.words.language import _
from games.core.cards import Card, Rank, Suit


def _rank_words() -> dict[Rank, str]:
    # Made on each call: the words follow the language chosen now.
    return {Rank.JACK: _("Jack"), Rank.QUEEN: _("Queen"), Rank.KING: _("King"), Rank.ACE: _("Ace"),
            Rank.JOKER: _("Joker")}


def suit_word(suit: Suit) -> str:
    """A suit as a player says it, in their language: "hearts", "cœur", "Herz".

    >>> suit_word(Suit.HEARTS)
    'hearts'
    """
    words = {Suit.SPADES: _("spades"), Suit.HEARTS: _("hearts"), Suit.DIAMONDS: _("diamonds"),
             Suit.CLUBS: _("clubs")}
    return words[suit]


def rank_name(rank: Rank) -> str:
    """A rank as a player says it: "Queen", "10".

    >>> rank_name(Rank.QUEEN), rank_name(Rank.TEN)
    ('Queen', '10')
    """
    return _rank_words().get(rank, rank.label)


def card_name(card: Card) -> str:
    """A card as a player says it.

    >>> card_name(Card.parse("4C")), card_name(Card.parse("QH")), card_name(Card.parse("TS"))
    ('4 of clubs', 'Queen of hearts', '10 of spades')
    >>> card_name(Card.parse("JK"))
    'Joker'
    """
    if card.suit is None:
        return _("Joker")
    return _("{rank} of {suit}", rank=rank_name(card.rank), suit=suit_word(card.suit))
