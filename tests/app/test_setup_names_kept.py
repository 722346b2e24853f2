"""Names typed on the setup screen for the other people at the keyboard are there the next
time that game is set up, and a damaged list of them costs nothing else."""

from __future__ import annotations

import pygame
import pytest

from app import last_setup
from app.scenes.setup import SetupScene
from app.session import SeatPlan, Setup
from games.registry import GAMES
from tests.app.ui_driver import make_app, post_key


@pytest.fixture
def app():
    application = make_app()
    yield application
    pygame.quit()


def test_names_typed_for_humans_come_back_next_time(app):
    spec = GAMES["ninety_nine"]
    setup = Setup(spec.id, [SeatPlan(True), SeatPlan(True), SeatPlan(False)], {o.key: o.default for o in spec.options}, 4)
    scene = SetupScene(app, spec, setup)
    app.start(scene)
    second = next(i for i, seat in scene.seat_rows.items() if seat == 1)
    while scene.focus != second:
        post_key(app, pygame.K_DOWN)
    for char in "Mia":
        post_key(app, pygame.key.key_code(char.lower()), char)
    post_key(app, pygame.K_RETURN)   # Start
    again = SetupScene(app, spec)
    assert [again.seat_title(seat) for seat in range(3)] == ["Player 1", "Mia", "Seat 3"]


def test_kept_names_are_checked_like_every_other_field():
    spec = GAMES["ninety_nine"]
    seats = [{"human": True, "difficulty": "normal"}, {"human": True, "difficulty": "normal"},
             {"human": False, "difficulty": "normal"}]
    setup, problems = last_setup.recall(spec, {"seats": seats, "names": ["", " Mia\t", "Otto"]})
    assert setup is not None and setup.names == ["", "Mia", ""] and problems == []
    setup, problems = last_setup.recall(spec, {"seats": seats, "names": [3, None], "seed": 5})
    assert setup is not None and setup.names is None and setup.seed == 5
    assert problems == ["unreadable player names"]


def test_your_plate_says_you_and_your_name_small_never_player_1(app):
    from tests.app.ui_driver import table

    app.settings.player_name = "Sam"
    assert table(app, "whist", seed=7).seat_label(0) == "Sam"
    app.settings.player_name = ""
    nameless = table(app, "whist", seed=7)
    assert nameless.people[0] == "Player 1" and nameless.seat_label(0) == ""
