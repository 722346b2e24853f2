"""A player's words as the rules core gives them: a template with named values, never a
finished sentence.

The rules know what happened ("this card cannot go on that one"), not how a player should
read it: the people's names, "you", suit signs, and later their language, belong to the app
(``app/core/words/render.py``). So a refusal or an event says ``T("{card} cannot go on
{target}", card=c, target=t)``: the template is a literal string where it is written (a
message extractor such as Babel finds it by the keyword ``T``, and ``N`` for a template with
a plural), the values keep their types (a ``Card``, a seat as ``Who``, a ``Suit``, a count).

``str()`` of a message is a plain fallback for logs and tests, in the engine's notation
("P1", "QH"): the app never shows it to a player.

>>> line = T("{seat} cannot play {card} on {target}", seat=Who(0), card=Card.parse("4C"),
...          target=Card.parse("QH"))
>>> str(line), line.value("card")
('P1 cannot play 4C on QH', Card.parse('4C'))
>>> moves = N("won in {count} move", "won in {count} moves", count=3)
>>> str(moves), str(N("won in {count} move", "won in {count} moves", count=1))
('won in 3 moves', 'won in 1 move')
"""

from __future__ import annotations

from dataclasses import dataclass
from string import Formatter
from typing import Iterator, Union

from games.core.cards import Card, Suit


@dataclass(frozen=True)
class Who:
    """A seat, for the app to name ("Rosa", "you"); the fallback writes "P2"."""

    seat: int


@dataclass(frozen=True)
class Side:
    """A partnership, named by its seats ("You & Otto"); the fallback writes "P1 & P3"."""

    seats: tuple[int, ...]


# What a message may carry: cards (one or several, as played), suits, seats and sides,
# counts, a few words that are data rather than prose (a bid's name), and other messages
# (a place on the table, a clause).
Value = Union[Card, Suit, Who, Side, tuple[Card, ...], int, str, "Words"]


@dataclass(frozen=True)
class Words:
    """A template with named placeholders and their values. ``plural``, when given, is the
    template to use when the value named ``count`` is not one (as ngettext chooses)."""

    template: str
    values: tuple[tuple[str, Value], ...] = ()
    plural: str | None = None
    count: str = ""

    @staticmethod
    def plain(text: str) -> Words:
        """Text from outside the rules core that is no template (a line an older server
        sent), shown as written: its braces are kept, and nothing in it is rewritten."""
        return Words(text.replace("{", "{{").replace("}", "}}"))

    def value(self, name: str) -> Value:
        """The value of one placeholder (KeyError when the message has none by that name)."""
        for key, value in self.values:
            if key == name:
                return value
        raise KeyError(name)

    def chosen(self) -> str:
        """The template for this message's count: ``template`` for one, else ``plural``."""
        if self.plural is None:
            return self.template
        return self.template if self.value(self.count) == 1 else self.plural

    def fields(self, template: str) -> Iterator[tuple[str, str | None]]:
        """The template's pieces in order: (literal text, the placeholder after it or None)."""
        for literal, name, _spec, _conversion in Formatter().parse(template):
            yield literal, name

    def __str__(self) -> str:
        values = dict(self.values)
        return "".join(literal + (plain(values[name]) if name is not None else "")
                       for literal, name in self.fields(self.chosen()))


def plain(value: Value) -> str:
    """A value in the engine's notation, for the fallback."""
    if isinstance(value, Who):
        return f"P{value.seat + 1}"
    if isinstance(value, Side):
        return " & ".join(f"P{seat + 1}" for seat in value.seats)
    if isinstance(value, Suit):
        return value.title
    if isinstance(value, tuple):
        return " ".join(str(card) for card in value)
    return str(value)


def T(template: str, /, **values: Value) -> Words:
    """A message: ``template`` (a literal string, for extraction) with its named values."""
    return Words(template, tuple(values.items()))


def N(singular: str, plural: str, /, **values: Value) -> Words:
    """A message whose wording follows a count, the value named ``count``: ``singular`` when
    it is one, else ``plural`` (both literal strings, for extraction as ngettext's)."""
    if not isinstance(values.get("count"), int):
        raise KeyError(f"no count to choose between {singular!r} and {plural!r}")
    return Words(singular, tuple(values.items()), plural, "count")
