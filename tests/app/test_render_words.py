"""The renderer: a rules message (template and typed values) becomes a player's words in one
place; seats as names or "you", cards with suit signs, counts choosing their wording, and
every template through the one ``translate`` hook."""

from __future__ import annotations

import importlib
import pickle
import pkgutil

import pytest

import games
from app.core.words import render as render_module
from app.core.words.names import SeatNames
from app.core.words.render import render
from games.core.cards import Card, Suit
from games.core.protocol import Event, IllegalAction, check_legal
from games.core.words import N, Side, T, Who, Words
from games.registry import GAMES

TABLE = SeatNames(["Sam", "Rosa", "Otto", "Ivy"], you=0)


def card(text: str) -> Card:
    return Card.parse(text)


@pytest.mark.parametrize("message, expected", [
    (T("{seat} plays {card}", seat=Who(2), card=card("TS")), "Otto plays 10♠"),
    (T("{seat} plays {card}", seat=Who(0), card=card("QH")), "You play Q♥"),
    (T("{seat} has no cards to flip", seat=Who(0)), "You have no cards to flip"),
    (T("{seat} gives {count} to {other}", seat=Who(3), count=2, other=Who(0)), "Ivy gives 2 to you"),
    (T("{seat}'s pile goes to {other}", seat=Who(0), other=Who(1)), "Your pile goes to Rosa"),
    (T("{seat}'s pile goes to {other}", seat=Who(1), other=Who(0)), "Rosa's pile goes to you"),
    (T("the trick goes to {seat}; {other} leads", seat=Who(1), other=Who(0)), "The trick goes to Rosa; you lead"),
    (T("done. {seat} wins", seat=Who(0)), "Done. You win"),
    (T("{side} took {count} tricks", side=Side((0, 2)), count=7), "You & Otto took 7 tricks"),
    (T("{side} took {count} tricks", side=Side((1, 3)), count=6), "Rosa & Ivy took 6 tricks"),
    (T("{card} is turned up: {suit} proposed", card=card("3D"), suit=Suit.DIAMONDS), "3♦ is turned up: diamonds proposed"),
    (T("{seat} takes the trick ({cards})", seat=Who(1), cards=(card("TC"), card("5C"), card("JK"))),
     "Rosa takes the trick (10♣ 5♣ Joker)"),
    (T("{card} moves to {place}", card=card("AS"), place=T("tower {number}", number=2)), "A♠ moves to tower 2"),
    (T("{what}", what=T("{seat} wins", seat=Who(0))), "You win"),
])
def test_render_fills_each_kind_of_value(message, expected):
    assert render(message, TABLE) == expected


def test_render_without_names_says_player_numbers_not_seat_codes():
    assert render(T("{seat} plays {card}", seat=Who(1), card=card("9H"))) == "Player 2 plays 9♥"


def test_a_count_chooses_its_wording():
    one = N("{seat} takes {count} card", "{seat} takes {count} cards", seat=Who(1), count=1)
    three = N("{seat} takes {count} card", "{seat} takes {count} cards", seat=Who(1), count=3)
    assert (render(one, TABLE), render(three, TABLE)) == ("Rosa takes 1 card", "Rosa takes 3 cards")
    with pytest.raises(KeyError):
        N("{number} card", "{number} cards", number=2)   # the count must be named "count"


def test_every_template_goes_through_the_one_translate_hook(monkeypatch):
    french = {"{seat} plays {card}": "{seat} joue {card}", "{count} card": "{count} carte",
              "{count} cards": "{count} cartes"}
    monkeypatch.setattr(render_module, "translate", lambda template: french.get(template, template))
    monkeypatch.setattr(render_module, "translate_plural",
                        lambda one, many, count: french[one if count == 1 else many])
    assert render(T("{seat} plays {card}", seat=Who(1), card=card("KC")), TABLE) == "Rosa joue K♣"
    assert render(N("{count} card", "{count} cards", count=4), TABLE) == "4 cartes"


def test_the_fallback_text_is_the_engines_notation():
    message = T("{card} cannot go on {target} for {seat}", card=card("4C"), target=card("QH"), seat=Who(0))
    assert str(message) == "4C cannot go on QH for P1"
    assert str(T("{side} win", side=Side((0, 2)))) == "P1 & P3 win"


def test_a_refusal_carries_its_message_and_keeps_it_when_copied():
    message = T("{card} cannot go on {target}", card=card("4C"), target=card("QH"))
    problem = IllegalAction(message)
    assert problem.message == message and str(problem) == "4C cannot go on QH"
    assert pickle.loads(pickle.dumps(problem)).message == message
    old = IllegalAction("the game is over")          # a plain line is kept as written
    assert render(old.message, TABLE) == "The game is over"


def test_check_legal_raises_the_games_message():
    spec = GAMES["abstrac"]
    state = spec.new_game(spec.make_options(), 1)
    message = T("no such action: {what}", what="pass")
    with pytest.raises(IllegalAction) as refused:
        check_legal(state, "pass", lambda action: message)
    assert refused.value.message == message


def test_a_line_that_is_no_template_is_shown_as_written_and_not_rewritten():
    """No regular expression rewrites a sentence after the fact: text that is not a template
    (an event made outside the games, an older server's line) keeps its codes and braces."""
    class Old(Event):
        def __str__(self) -> str:
            return "P2 plays {QH}"

    assert Old().message() == Words.plain("P2 plays {QH}")
    assert render(Old().message(), TABLE) == "P2 plays {QH}"
    assert render("p1 & P3 reached 7", TABLE) == "P1 & P3 reached 7"


def test_every_games_events_say_themselves_in_templates():
    """No event of any game falls back on its text as written (which no one could put in a
    player's words): each has a ``message()`` of its own."""
    found = []
    for module in pkgutil.walk_packages(games.__path__, "games."):
        for value in vars(importlib.import_module(module.name)).values():
            if isinstance(value, type) and issubclass(value, Event) and value is not Event:
                found.append(value)
    assert len(found) > 40 and not [e.__qualname__ for e in found if e.message is Event.message]
