"""What a table says when a player who cannot see it asks: their hand by suit, the trick so
far, the score, whose turn. Made from templates (``T``, ``N``) like every other line, so
they are translated with the rest; the speech layer (app/window/speech.py) speaks them.

>>> from games.core.cards import Card
>>> names = SeatNames(["Ivy", "Maud", "Otto", "Rosa"], you=0)
>>> hand_by_suit([Card.parse(c) for c in ("AS", "4S", "KH", "TC", "2C")])
'Spades: Ace, 4. Hearts: King. Diamonds: none. Clubs: 10, 2.'
>>> trick_so_far([(1, Card.parse("QH")), (2, Card.parse("3H"))], names)
'Maud played Queen of hearts. Otto played 3 of hearts.'
>>> trick_so_far([], names)
'No cards on the table yet.'
>>> scores_line([("Us", 3), ("Them", 5)], "points")
'Us 3, Them 5 points.'
>>> from games.core.words import T
>>> pile_line(T("column {number}", number=3), [Card.parse("KS"), Card.parse("8H"), Card.parse("7H")])
'Column 3, 3 cards: 7 of hearts, then 8 of hearts, then King of spades.'
>>> pile_line(T("tower {number}", number=1), [])
'Tower 1: empty.'
>>> playable_line([Card.parse("7H"), Card.parse("KH")])
'Your turn: you can play 7 of hearts or King of hearts.'
>>> choosing_line("Round one: take hearts as trumps?", ["Pass", "Order it up", "Alone: no"])
'Your turn: round one: take hearts as trumps? You can choose Pass, Order it up or Alone: no.'
>>> choice_focus("Three", "Three: win 3 of 5 · 3 from each player", 2, 6)
'Three: win 3 of 5, 3 from each player, 2 of 6'
>>> choice_focus("Hearts", "Hearts are trumps", 1, 4)
'Hearts are trumps, 1 of 4'
"""

from __future__ import annotations

from typing import Sequence

from app.core.words.card_words import card_name, rank_name
from app.core.words.names import SeatNames
from app.core.words.render import spoken
from games.core.cards import Card, Suit
from games.core.words import N, T, Who, Words

__all__ = ["hand_by_suit", "trick_so_far", "scores_line", "playable_line", "turn_line", "pile_line",
           "choosing_line", "choice_focus"]

# A turn's line names at most this many choices: past it, the rest are counted (a Nash Whist
# auction offers some fifty bids; the focus says each as the arrows reach it).
_NAMED_CHOICES = 13

_SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


def hand_by_suit(cards: Sequence[Card]) -> str:
    """A hand suit by suit, highest first, each suit named even when empty (a void matters)."""
    if not cards:
        return spoken(T("Your hand is empty."))
    parts = []
    for suit in _SUIT_ORDER:
        ranks = sorted((c.rank for c in cards if c.suit == suit), key=lambda r: -r.value)
        held = ", ".join(rank_name(r) for r in ranks) if ranks else _mid(spoken(T("none")))
        parts.append(spoken(T("{suit}: {cards}.", suit=suit, cards=held)))
    jokers = sum(1 for c in cards if c.suit is None)
    if jokers:
        parts.append(spoken(T("Jokers: {count}.", count=jokers)))
    return " ".join(part[:1].upper() + part[1:] for part in parts)


def trick_so_far(plays: Sequence[tuple[int, Card]], names: SeatNames) -> str:
    """The cards on the table in the order they were played."""
    if not plays:
        return spoken(T("No cards on the table yet."))
    return " ".join(spoken(T("{seat} played {card}.", seat=Who(seat), card=card), names) for seat, card in plays)


def scores_line(scores: Sequence[tuple[str, int]], unit: str) -> str:
    """Each player's or side's score, named as the table names them ("Us 3, Them 5 points")."""
    each = ", ".join(f"{who} {score}" for who, score in scores)
    return f"{each} {unit}." if unit else f"{each}."


def playable_line(cards: Sequence[Card]) -> str:
    """The player's turn and what they may play ("you can play 7 of hearts or King of hearts")."""
    if not cards:
        return turn_line()
    return spoken(T("Your turn: you can play {cards}.", cards=_either([card_name(card) for card in cards])))


def _either(named: Sequence[str]) -> str:
    """Things to choose from, said as a list: "a, b or c"."""
    if len(named) <= 1:
        return "".join(named)
    return ", ".join(named[:-1]) + _mid(spoken(T(" or "))) + named[-1]


def choosing_line(question: str, choices: Sequence[str]) -> str:
    """The player's turn to choose (a call, a bid, who goes first): what is asked and what
    may be chosen, the first few by name when there are many."""
    choices = [spoken(choice) for choice in choices]   # (a label may hold a suit's sign)
    if len(choices) > _NAMED_CHOICES:
        rest = len(choices) - _NAMED_CHOICES + 1
        listed = ", ".join(choices[:_NAMED_CHOICES - 1]) + _mid(spoken(N(
            " or one of {count} more", " or one of {count} more", count=rest)))
    else:
        listed = _either(choices)
    return spoken(T("Your turn: {question} You can choose {choices}.",
                    question=_mid(_ended(spoken(question))), choices=listed))


def _ended(text: str) -> str:
    """A phrase made a sentence (a full stop unless it has its own ending)."""
    text = " ".join(text.replace(" · ", ", ").split())
    return text if text.endswith(("?", ".", "!")) else text + "."


def choice_focus(label: str, meaning: str, index: int, count: int) -> str:
    """The choice under the focus with what it means, and where it is among them: a
    meaning that starts with the choice's name, or names it before a colon, is said alone."""
    label, meaning = spoken(label), spoken(meaning).replace(" · ", ", ")
    if meaning and not (":" in meaning or meaning.lower().startswith(label.lower())):
        meaning = f"{label}: {meaning}"
    return spoken(T("{choice}, {index} of {count}", choice=meaning or label, index=index, count=count))


def _mid(text: str) -> str:
    """A piece said mid-sentence (``spoken`` makes a sentence of it: its capital goes)."""
    return text[:1].lower() + text[1:]


def turn_line(seat: int | None = None, names: SeatNames | None = None) -> str:
    """Whose turn it is."""
    if seat is None or (names is not None and seat == names.you):
        return spoken(T("Your turn."))
    return spoken(T("{seat}'s turn.", seat=Who(seat)), names)


def pile_line(place: Words, cards: Sequence[Card], top_first: bool = True) -> str:
    """A place on a solitaire table and what lies there, the card that can move first:
    "Column 3, 3 cards: 7 of hearts, then 8 of hearts, King of spades"; "Tower 1: empty"."""
    if not cards:
        return spoken(T("{place}: empty.", place=place))
    order = list(reversed(cards)) if top_first else list(cards)
    named = card_name(order[0]) + "".join(_mid(spoken(T(", then {card}", card=c))) for c in order[1:])
    if len(cards) == 1:
        return spoken(T("{place}: {cards}.", place=place, cards=named))
    return spoken(N("{place}, {count} card: {cards}.", "{place}, {count} cards: {cards}.", place=place,
                    count=len(cards), cards=named))
