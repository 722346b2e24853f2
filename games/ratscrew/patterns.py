"""Which piles may be slapped: the patterns of Egyptian Ratscrew, on live cards only.

``live`` is the pile's live cards, top first. Dead cards (flipped out of turn, or paid as
penalties) are left out before these are asked.

>>> from games.core.cards import cards
>>> slap_pattern(cards("7S 7H 2C"), SlapRules())
'pair'
>>> slap_pattern(cards("7S 2C 7H"), SlapRules())
'sandwich'
>>> slap_pattern(cards("7S 2C 7H"), SlapRules(sandwich=False)) is None
True
>>> slap_pattern(cards("5S 6H 7C"), SlapRules(sequence=True))
'three in sequence'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from games.core.words import T, Words
from games.core.cards import Card, Rank

CHALLENGE: dict[Rank, int] = {Rank.JACK: 1, Rank.QUEEN: 2, Rank.KING: 3, Rank.ACE: 4}
"""How many cards the next player gets to answer a face card or Ace."""


@dataclass(frozen=True)
class SlapRules:
    """The patterns in play (a pair always counts)."""

    sandwich: bool = True
    jokers: bool = False
    sequence: bool = False


# Each pattern's name as a player reads it (the names above are also the events' data).
PATTERN_WORDS: dict[str, Words] = {"Joker": T("Joker"), "pair": T("pair"), "sandwich": T("sandwich"),
                                   "three in sequence": T("three in sequence")}


def pattern_words(name: str) -> Words:
    """A pattern's name in a player's words (one the rules do not know, sent by another
    version of the server, as its name)."""
    return PATTERN_WORDS.get(name) or T("{pattern}", pattern=name)


def slap_pattern(live: Sequence[Card], rules: SlapRules) -> str | None:
    """The name of the pattern on top of the live cards, or None when a slap is false."""
    if rules.jokers and live and live[0].is_joker:
        return "Joker"
    if len(live) >= 2 and live[0].rank == live[1].rank:
        return "pair"
    if rules.sandwich and len(live) >= 3 and live[0].rank == live[2].rank:
        return "sandwich"
    if rules.sequence and len(live) >= 3 and in_sequence(live[:3]):
        return "three in sequence"
    return None


def in_sequence(three: Sequence[Card]) -> bool:
    """Three ranks that run up or down by one (the Ace counts high or low; Jokers never run).

    >>> from games.core.cards import cards
    >>> in_sequence(cards("QS KH AC")), in_sequence(cards("3S 2H AC")), in_sequence(cards("KS AH 2C"))
    (True, True, False)
    """
    if any(card.is_joker for card in three):
        return False
    for ace in (14, 1):
        values = [ace if card.rank is Rank.ACE else int(card.rank) for card in three]
        steps = {values[1] - values[0], values[2] - values[1]}
        if steps in ({1}, {-1}):
            return True
    return False


def challenge_size(card: Card) -> int:
    """Cards owed in answer to ``card`` (0 for number cards and Jokers)."""
    return CHALLENGE.get(card.rank, 0)
