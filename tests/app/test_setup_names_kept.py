"""Names typed on the setup screen for the other people at the keyboard are there the next
time that game is set up, and a damaged list of them costs nothing else."""

from __future__ import annotations

import pygame
import pytest

from app.core import last_setup
from app.window.scenes.setup import SetupScene
from app.core.session import SeatPlan, Setup
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


def type_name(app, scene, seat: int, name: str) -> None:
    assert app.scenes.top is scene
    row = next(i for i, s in scene.seat_rows.items() if s == seat)
    for _ in range(len(scene.rows)):
        if scene.focus == row:
            break
        post_key(app, pygame.K_DOWN)
    assert scene.focus == row
    for char in name:
        post_key(app, pygame.key.key_code(char.lower()), char)


def test_the_other_people_here_are_named_as_last_time_at_any_game(app):
    """Names typed for the second and third humans at one game are their defaults at the
    next game set up here (another game too), on the setup screen and at the table, and
    stay as they are when the settings are read again."""
    from app.core import storage
    from tests.app.ui_driver import table

    app.settings.player_name = "Sam"
    nine = GAMES["ninety_nine"]
    setup = Setup(nine.id, [SeatPlan(True), SeatPlan(True), SeatPlan(True)], {o.key: o.default for o in nine.options}, 4)
    scene = SetupScene(app, nine, setup)
    app.start(scene)
    assert [scene.seat_title(seat) for seat in range(3)] == ["Sam", "Player 2", "Player 3"]
    type_name(app, scene, 1, "Mia")
    type_name(app, scene, 2, "Bo")
    post_key(app, pygame.K_RETURN)   # Start
    assert app.settings.other_players == ["Mia", "Bo"]
    assert storage.load_settings().other_players == ["Mia", "Bo"]

    whist = GAMES["whist"]
    plans = [SeatPlan(True), SeatPlan(False), SeatPlan(True), SeatPlan(True)]
    other = SetupScene(app, whist, Setup(whist.id, plans, {o.key: o.default for o in whist.options}, 4))
    app.start(other)
    assert [other.seat_title(seat) for seat in range(4)] == ["Sam", "Seat 2", "Mia", "Bo"]
    type_name(app, other, 2, "Bo")           # Bo moves up: Mia is the next free default
    assert [other.seat_title(seat) for seat in (2, 3)] == ["Bo", "Mia"]
    seated = table(app, "whist", humans=1, seed=7)
    assert seated.people[0] == "Sam"
    hot_seat = table(app, "ninety_nine", humans=3, seats=4, seed=7)
    assert hot_seat.people[:3] == ["Sam", "Mia", "Bo"]


def test_a_damaged_list_of_the_other_people_costs_only_itself():
    from app.core import storage

    settings = storage._settings_from({"player_name": "Sam", "other_players": ["Mia", 7]})
    assert settings.player_name == "Sam" and settings.other_players == []
    assert storage._settings_from({"other_players": [" Mia "]}).other_players == ["Mia"]
