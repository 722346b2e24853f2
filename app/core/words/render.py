"""The one place a message from the rules core (``games.core.words``) becomes a player's
words: the log, the banners, the refusals on the table, the history panel and a spectator's
text view all come here.

A seat becomes its person's name, or "you" for the seat the table speaks to (capital at the
start of a clause, with its verb agreeing: "You have", "Your pile"); a card its rank and
suit sign (Q♥, 10♠); a suit its word; a count its number. Every template goes through
``translate`` (and ``translate_plural`` when it has a plural) first: gettext's catalogues
for the player's language (``app.core.words.language``), the English itself when none is
chosen.

>>> from games.core.cards import Card
>>> from games.core.words import N, T, Who
>>> table = SeatNames(["Sam", "Rosa", "Otto"], you=0)
>>> render(T("{seat} gives {count} to {other}", seat=Who(1), count=2, other=Who(0)), table)
'Rosa gives 2 to you'
>>> render(T("{seat} has no cards to flip; {other}'s pile grows", seat=Who(0), other=Who(0)), table)
'You have no cards to flip; your pile grows'
>>> render(T("{card} cannot go on {target}", card=Card.parse("TC"), target=Card.parse("QH")))
'10♣ cannot go on Q♥'
>>> render(N("{seat} takes {count} card", "{seat} takes {count} cards", seat=Who(2), count=3), table)
'Otto takes 3 cards'
"""

from __future__ import annotations

import re
from typing import Callable

from app.core.words.card_words import card_name, suit_word
from app.core.words.grammar import base_form
from app.core.words.language import translate, translate_plural
from app.core.words.names import SeatNames
from games.core.cards import Card, Suit
from games.core.words import Side, Value, Who, Words

__all__ = ["render", "spoken", "translate", "translate_plural", "card_text", "SUIT_SIGNS"]

SUIT_SIGNS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}

# After these a placeholder starts a clause, so its verb agrees with "you"; after the first
# ones, a sentence too, so "You" takes a capital.
_CLAUSE_START = re.compile(r"(^|[.;:!?(·]\s*|\s[-–]\s)$")
_SENTENCE_START = re.compile(r"(^|[.!?·]\s*)$")
_VERB = re.compile(r"^ (\w+)")


def render(message: Words | str, names: SeatNames | None = None) -> str:
    """``message`` in the player's words, as a sentence (its first letter a capital).
    ``names`` says who sits where and which seat is "you"; without it seats are
    "Player 1".. A ``str`` is a line already made (the server's own words, which name no
    seat and no card by code), shown as written: nothing rewrites a sentence after the fact."""
    return _sentence(message, names, card_text)


def spoken(message: Words | str, names: SeatNames | None = None) -> str:
    """``message`` as a screen reader should say it: the same sentence as ``render``, with
    each card named in words ("Ivy plays Queen of hearts", not "Q♥", which a reader spells
    out as a letter and a symbol). A line already made has its cards put into words too.

    >>> from games.core.cards import Card
    >>> from games.core.words import T, Who
    >>> spoken(T("{seat} plays {card}", seat=Who(0), card=Card.parse("QH")), SeatNames(["Ivy"]))
    'Ivy plays Queen of hearts'
    >>> spoken("Trumps: 10♦ turned up")
    'Trumps: 10 of diamonds turned up'
    >>> spoken("Six-Out ♣")
    'Six-Out clubs'
    """
    if isinstance(message, str):
        cards_said = _CARD_IN_TEXT.sub(lambda m: card_name(Card.parse(_RANK_CODE.get(m[1], m[1]) + _SIGN_CODE[m[2]])),
                                       message)
        return _SUIT_IN_TEXT.sub(lambda m: _SIGN_SUIT[m[0]].title, cards_said)   # a suit alone: "Six-Out clubs"
    return _sentence(message, names, card_name)


_SIGN_CODE = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
_RANK_CODE = {"10": "T"}
_CARD_IN_TEXT = re.compile(r"\b(10|[2-9JQKA])([♠♥♦♣])")
_SUIT_IN_TEXT = re.compile(r"[♠♥♦♣]")
_SIGN_SUIT = {sign: suit for suit, sign in SUIT_SIGNS.items()}


def _sentence(message: Words | str, names: SeatNames | None, cards: Callable[[Card], str]) -> str:
    table = names or SeatNames([])
    if isinstance(message, str):
        message = Words.plain(message)
    text = _fill(message, table, before="", cards=cards)
    return text[:1].upper() + text[1:]


def card_text(card: Card) -> str:
    """A card as a player writes it: 10♠, Q♥, Joker."""
    if card.suit is None:
        return "Joker"
    return card.rank.label + SUIT_SIGNS[card.suit]


def _template(message: Words) -> str:
    if message.plural is None:
        return translate(message.template)
    count = message.value(message.count)
    return translate_plural(message.template, message.plural, count if isinstance(count, int) else 0)


def _fill(message: Words, names: SeatNames, before: str, cards: Callable[[Card], str]) -> str:
    """The template filled; ``before``: the text it follows (a clause's start is read
    across it)."""
    values = dict(message.values)
    pieces = list(message.fields(_template(message)))
    out = ""
    for index, (literal, name) in enumerate(pieces):
        out += literal
        if name is None:
            continue
        clause = bool(_CLAUSE_START.search(before + out))
        capital = bool(_SENTENCE_START.search(before + out))
        value = values[name]
        after = pieces[index + 1][0] if index + 1 < len(pieces) else ""
        if isinstance(value, Who) and value.seat == names.you:
            word, after = _you(clause, capital, after)
            out += word
            if index + 1 < len(pieces):
                pieces[index + 1] = (after, pieces[index + 1][1])
            else:
                out += after
            continue
        out += _value(value, names, before + out, capital, cards)
    return out


def _you(clause: bool, capital: bool, after: str) -> tuple[str, str]:
    """"You" and the text after it made to agree: "your" for "'s", the verb's base form
    for a subject (``clause``); a capital at a sentence's start."""
    word = "You" if capital else "you"
    if after.startswith("'s"):
        return ("Your" if capital else "your"), after[2:]
    verb = _VERB.match(after)
    if clause and verb:
        after = f" {base_form(verb.group(1))}" + after[verb.end():]
    return word, after


def _value(value: Value, names: SeatNames, before: str, capital: bool, cards: Callable[[Card], str]) -> str:
    if isinstance(value, Words):
        return _fill(value, names, before, cards)
    if isinstance(value, Who):
        return _seat(value.seat, names)
    if isinstance(value, Side):   # (written "You & Otto"; said "you and Otto")
        return (" & " if cards is card_text else " and ").join(("You" if capital and i == 0 else "you") if seat == names.you else _seat(seat, names)
                          for i, seat in enumerate(value.seats))
    if isinstance(value, Card):
        return cards(value)
    if isinstance(value, Suit):
        return suit_word(value)
    if isinstance(value, tuple):
        return (" " if cards is card_text else ", ").join(cards(card) for card in value)
    return str(value)


def _seat(seat: int, names: SeatNames) -> str:
    return names.names[seat] if 0 <= seat < len(names.names) else f"Player {seat + 1}"
