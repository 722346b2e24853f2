"""What a Ninety-Nine card would do to the count, said before it is played: the line shown
while the mouse rests on a card of the player's hand, so nobody has to work out an Ace, a
Ten or a Four in their head to find out whether it is safe."""

from __future__ import annotations

from games.core.cards import Card, Rank
from games.ninety_nine.rules import choices, new_count


def count_effect(card: Card, count: int, players_in: int) -> str:
    """The card's effect at ``count`` with ``players_in`` players still holding tokens.

    >>> count_effect(Card.parse("8S"), 50, 3)
    '50 → 58'
    >>> count_effect(Card.parse("AS"), 50, 3)
    '50 → 51 or 61'
    >>> count_effect(Card.parse("TS"), 95, 3)
    '95 → 85'
    >>> count_effect(Card.parse("4S"), 50, 3)
    'stays 50, and play turns round'
    >>> count_effect(Card.parse("8S"), 95, 3)
    'would take the count past 99'
    """
    values = choices(card, count)
    if not values:
        return "would take the count past 99"
    after = " or ".join(str(new_count(card, count, value)) for value in values)
    if card.rank is Rank.FOUR and players_in > 2:
        return f"stays {count}, and play turns round"
    if card.rank in (Rank.FOUR, Rank.KING):
        return f"stays {count}"
    line = f"{count} → {after}"
    return line + ", and the next player is skipped" if card.rank is Rank.THREE else line
