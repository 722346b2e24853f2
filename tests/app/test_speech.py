"""What a player who cannot see the screen hears: with ``PARLOUR_SPEECH_LOG`` set, every
spoken line goes to a file, and these tests drive the app with real key events and read
only that file (issue 29, point 2)."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest

from app.core.words.card_words import card_name
from app.window.scenes.menu import MenuScene
from app.window.speech import Speech
from tests.app.ui_driver import make_app, post_key, step_until, table


@pytest.fixture
def app(log):
    application = make_app()
    application.settings.animation_speed = "fast"
    yield application
    pygame.quit()


def heard(log: Path) -> list[str]:
    return log.read_text(encoding="utf-8").splitlines() if log.exists() else []


def press(app, key: int, frames: int = 2) -> None:
    post_key(app, key)
    for _ in range(frames):
        app.step(1 / 60)


def test_the_menu_says_each_game_as_the_focus_moves(app, log):
    app.start(MenuScene(app))
    app.step(1 / 60)
    menu = app.scenes.top
    first, second = menu.specs[0], menu.specs[1]
    assert heard(log)[-1].startswith(f"{first.title}, ")
    press(app, pygame.K_RIGHT)
    assert heard(log)[-1] == f"{second.title}, {second.family}, {second.seat_range}, game 2 of {len(menu.specs)}"
    said = len(heard(log))
    for _ in range(5):
        app.step(1 / 60)
    assert len(heard(log)) == said   # said once as the focus came, not every frame
    press(app, pygame.K_ESCAPE)
    assert heard(log)[-1] == "Quit Parlour? Enter: Quit. Escape: Stay."


def test_settings_rows_are_said_with_their_values(app, log):
    app.start(MenuScene(app))
    app.step(1 / 60)
    press(app, pygame.K_o)
    assert heard(log)[-1] == "Language, System, adjustable"
    press(app, pygame.K_DOWN)
    assert heard(log)[-1] == "Sound volume, 70%, adjustable"
    press(app, pygame.K_RIGHT)
    assert heard(log)[-1] == "Sound volume, 80%, adjustable"   # a change is said at once


def test_a_whist_table_is_heard_in_words_and_answers_the_keys(app, log):
    scene = table(app, "whist", seed=5)
    step_until(app, lambda: scene.human_turn, frames=4000)
    app.step(1 / 60)
    lines = heard(log)
    assert any(re.fullmatch(r"\w+ plays (Ace|King|Queen|Jack|\d+) of \w+", line) for line in lines), lines
    assert lines[-2].startswith("Your turn: you can play ") or lines[-1].startswith("Your turn: you can play ")
    assert not any(sign in line for line in lines for sign in "♠♥♦♣"), "cards are said in words, not signs"
    assert not any(re.search(r"\bP\d\b", line) for line in lines), "seats are people, not numbers"

    press(app, pygame.K_F2)
    hand = heard(log)[-1]
    assert hand.startswith("Spades: ") and "Hearts: " in hand and "Clubs: " in hand
    held = sum(len(part.split(", ")) for part in re.findall(r": ([^.]+)\.", hand) if part != "none")
    assert held == len(scene.session.state.view(0).hand)

    before = scene.hands[0][scene.selected].card
    press(app, pygame.K_RIGHT)
    now = scene.hands[0][scene.selected].card
    if now != before:   # (a hand with one playable card has nowhere to move)
        assert heard(log)[-1] == card_name(now)   # the card under the cursor, as it moves

    press(app, pygame.K_F4)
    assert re.fullmatch(r"Us \d+, Them \d+( \w+)?\.", heard(log)[-1])   # the sides, as the table names them

    press(app, pygame.K_F5)
    assert heard(log)[-1] == "Your turn."
    press(app, pygame.K_F6)
    assert heard(log)[-1] == "Your turn."


def test_speech_is_off_unless_asked_or_a_reader_runs():
    said: list[str] = []

    class Ears:
        def speak(self, text: str, interrupt: bool) -> None:
            said.append(text)

    quiet = Speech(Ears(), on=False)
    quiet.say("nothing")
    assert said == []
    quiet.follow(True)
    quiet.say("now   heard\n")
    assert said == ["now heard"]
    reader = Speech(Ears(), on=False, always=True)   # a screen reader is running
    reader.follow(False)
    reader.say("still heard")
    assert said[-1] == "still heard"


def test_seahaven_says_the_place_under_the_cursor_and_its_cards(app, log):
    scene = table(app, "seahaven", seed=7)
    step_until(app, lambda: scene.human_turn, frames=2000)
    places = scene.geo.places()
    column = next(i for i, p in enumerate(places) if p.kind == "column")
    for _ in range(column + 1):
        press(app, pygame.K_RIGHT)
    place = places[scene.cursor]
    cards = scene.state.columns[place.index]
    line = heard(log)[-1]
    assert line.startswith(f"Column {place.index + 1}, {len(cards)} cards: {card_name(cards[-1])}, then "), line
    assert line.endswith(f"then {card_name(cards[0])}.")
