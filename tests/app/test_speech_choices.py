"""Calls and choices by ear (issue 29, point 2): when a player's turn is a choice rather than
a card (Euchre's order-up, Nap's and Nash Whist's bids, Abstrac's first-or-second and how
many to take, the Nash game's values), the turn line says what is asked and what may be
chosen, and the arrows say each choice with what it means. Only the speech log is read."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest

from tests.app.test_speech import app, heard  # noqa: F401 (the fixtures, shared)
from tests.app.ui_driver import post_key, step_until, table

TURN = re.compile(r"^Your turn: (.+) You can choose (.+)\.$")
FOCUS = re.compile(r"^(.+), (\d+) of (\d+)$")


def press(app, key: int) -> None:
    post_key(app, key)
    app.step(1 / 60)
    app.step(1 / 60)


def reach_choice(app, log: Path, game: str, seed: int = 3) -> tuple[str, list[str]]:
    """A table of ``game`` stepped to the player's turn: the question and the choices heard."""
    scene = table(app, game, seed=seed)
    step_until(app, lambda: scene.human_turn, frames=6000)
    app.step(1 / 60)
    turns = [TURN.match(line) for line in heard(log)]
    said = [m for m in turns if m]
    assert said, heard(log)[-5:]
    question, listed = said[-1][1], said[-1][2]
    return question, re.split(r", | or ", listed)


# (game, question heard, a choice listed, what the second choice's focus line says: a pattern)
CALLS = [
    ("euchre", "round one: take spades as trumps?", "Order it up",
     re.escape("Order it up: spades are trumps, the dealer takes the turned card, 2 of 3")),
    ("nap", "beat Two by Rosa, or pass.", "Nap", re.escape("Three: win 3 tricks of 5, 3 from each player, 2 of 5")),
    ("nash_whist", "your bid, pot 4.", "Six-Out clubs", r"Prop: ask for a partner: 8 tricks together, .+, 2 of (\d+)"),
]


@pytest.mark.parametrize("game, question, listed, second", CALLS)
def test_a_call_is_heard_with_its_choices_and_each_choice_with_its_meaning(app, log, game, question, listed, second):
    asked, choices = reach_choice(app, log, game)
    assert asked == question
    assert listed in choices and "Pass" in choices
    assert not any(sign in line for line in heard(log) for sign in "♠♥♦♣·")
    first = heard(log)[-1]
    assert FOCUS.match(first) and FOCUS.match(first)[2] == "1", first
    press(app, pygame.K_RIGHT)
    assert re.fullmatch(second, heard(log)[-1]), heard(log)[-1]
    assert FOCUS.match(heard(log)[-1])[3] == FOCUS.match(first)[3]
    press(app, pygame.K_LEFT)
    assert heard(log)[-1] == first   # back again: said again
    press(app, pygame.K_RETURN)       # the call is made: it is heard as the others' are
    step_until(app, lambda: any(line.startswith("You: ") or line.startswith("You ") for line in heard(log)[-6:]),
               frames=600)


def test_the_nash_game_says_the_values_to_ask_for(app, log):
    asked, choices = reach_choice(app, log, "nash")
    assert asked == "ask the others for a value."
    assert choices == ["Ace", "2", "3", "4", "5", "6", "7", "8", "9", "10"]
    press(app, pygame.K_RIGHT)
    assert heard(log)[-1] == "Ace: ask for every Ace, 1 of 10"
    press(app, pygame.K_RIGHT)
    assert heard(log)[-1] == "2: ask for every 2, 2 of 10"
    press(app, pygame.K_RETURN)
    step_until(app, lambda: "You ask for 2s" in heard(log), frames=600)


def test_abstrac_says_how_many_to_take_and_which_cards(app, log):
    asked, choices = reach_choice(app, log, "abstrac")
    top = re.fullmatch(r"take from the row's top end: (.+)\.", asked)
    assert top, asked
    cards = top[1].split(", ")
    assert choices == ["1 card", "2 cards", "3 cards"] and len(cards) == 3
    press(app, pygame.K_LEFT)
    assert heard(log)[-1] == f"2 cards: {cards[0]}, {cards[1]}, 2 of 3"
    press(app, pygame.K_RETURN)
    step_until(app, lambda: any(line.startswith(f"You take {cards[0]}, {cards[1]} (") for line in heard(log)),
               frames=600)


def test_abstrac_says_first_or_second(app, log):
    for seed in range(3, 12):   # a deal where the player is the one who chooses
        asked, choices = reach_choice(app, log, "abstrac", seed)
        if choices[0].startswith("Go first"):
            break
    assert asked == "you study the row: go first or second?"
    assert heard(log)[-1] == "Go first: you take from the row first, 1 of 2"
    press(app, pygame.K_RIGHT)
    assert heard(log)[-1] == "Go second: your opponent takes first, 2 of 2"
