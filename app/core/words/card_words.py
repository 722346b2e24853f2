"""Cards named in words for the player ("the Queen of hearts"), where the notation the
engine and the log use ("QH") would read like a code."""

from __future__ import annotations

from games.core.cards import Card, Rank

_RANK_WORDS = {Rank.JACK: "Jack", Rank.QUEEN: "Queen", Rank.KING: "King", Rank.ACE: "Ace", Rank.JOKER: "Joker"}


def rank_name(rank: Rank) -> str:
    """A rank as a player says it: "Queen", "10".

    >>> rank_name(Rank.QUEEN), rank_name(Rank.TEN)
    ('Queen', '10')
    """
    return _RANK_WORDS.get(rank, rank.label)


def card_name(card: Card) -> str:
    """A card as a player says it.

    >>> card_name(Card.parse("4C")), card_name(Card.parse("QH")), card_name(Card.parse("TS"))
    ('4 of clubs', 'Queen of hearts', '10 of spades')
    >>> card_name(Card.parse("JK"))
    'Joker'
    """
    if card.suit is None:
        return "Joker"
    return f"{_RANK_WORDS.get(card.rank, card.rank.label)} of {card.suit.title}"
