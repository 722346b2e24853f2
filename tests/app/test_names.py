"""People at the table: names follow the seed, are kept with the game (Continue, replays,
rematch), are typed on the setup screen and in the settings, and the first run asks once."""

from __future__ import annotations

import pygame
import pytest

from app.core import replay_file
from app.window.scenes.menu import MenuScene
from app.window.scenes.settings import SettingsScene
from app.window.scenes.setup import SetupScene
from app.core.session import SeatPlan, Session, Setup
from app.core.words.names import CAST, SeatNames, seat_names
from app.core.words.render import render
from games.core.cards import Card
from games.core.words import N, T, Who
from games.registry import GAMES
from tests.app.ui_driver import make_app, post_key, table


@pytest.fixture
def app():
    application = make_app()
    yield application
    pygame.quit()


def type_text(app, text: str) -> None:
    for char in text:
        post_key(app, pygame.key.key_code(char.lower()) if char.isalpha() else pygame.K_SPACE, char)


def test_the_same_seed_seats_the_same_people_and_the_player_by_name():
    plans = [SeatPlan(True), SeatPlan(False), SeatPlan(False), SeatPlan(False)]
    first = seat_names(plans, 11, "Sam")
    assert first == seat_names(plans, 11, "Sam") and first[0] == "Sam"
    assert all(name in CAST for name in first[1:]) and len(set(first)) == 4
    assert any(seat_names(plans, seed, "Sam") != first for seed in range(12, 20))


def test_a_table_names_its_seats_and_keeps_the_names_in_the_setup(app):
    app.settings.player_name = "Sam"
    scene = table(app, "whist", seed=7)
    people = scene.session.setup.names
    assert people is not None and people[0] == "Sam" and scene.people == people
    assert scene._name(0) == "You" and scene._name(1) == people[1]
    assert scene.to_player(T("{seat} leads {card}", seat=Who(1), card=Card.parse("TS"))) == f"{people[1]} leads 10♠"
    assert scene.seat_label(1) in ("Easy", "Normal", "Hard") and scene.seat_label(0) == "Sam"
    again = scene.session.rematch()
    assert again.setup.names == people    # Play again: the same people, a new deal


def test_names_survive_a_replay_file_and_old_replays_still_load(app):
    scene = table(app, "ninety_nine", seed=3)
    replay = replay_file.Replay.from_session(scene.session)
    data = replay.to_data()
    assert data["names"] == scene.people
    assert replay_file.parse_header(data).setup.names == scene.people
    del data["names"]                    # a replay from before names
    assert replay_file.parse_header(data).names is None
    data["names"] = ["only one"]
    with pytest.raises(Exception, match="names"):
        replay_file.parse_header(data)


def test_several_humans_are_player_2_and_so_on_and_named_on_the_setup_screen(app):
    spec = GAMES["ninety_nine"]
    setup = Setup(spec.id, [SeatPlan(True), SeatPlan(True), SeatPlan(False)], {o.key: o.default for o in spec.options}, 4)
    scene = SetupScene(app, spec, setup)
    app.start(scene)
    assert [scene.rows[i].label for i in sorted(scene.seat_rows)] == ["Player 1", "Player 2", "Seat 3"]
    second = next(i for i, seat in scene.seat_rows.items() if seat == 1)
    while scene.focus != second:
        post_key(app, pygame.K_DOWN)
    type_text(app, "Ann B")
    assert scene.seat_title(1) == "Ann B"
    post_key(app, pygame.K_RETURN)
    started = app.scenes.top
    assert started.session.setup.names[:2] == ["Player 1", "Ann B"]
    assert started.people[2] in CAST
    assert "Ann B" in started.to_player(T("{seat} loses a token", seat=Who(1)))


def test_the_name_is_set_in_the_settings(app):
    app.start(SettingsScene(app))
    scene = app.scenes.top
    row = next(i for i, r in enumerate(scene.rows) if r.label == "Your name")
    while scene.focus != row:
        post_key(app, pygame.K_DOWN)
    post_key(app, pygame.K_RETURN)
    assert scene.prompt is not None
    type_text(app, "Rosalind")
    post_key(app, pygame.K_RETURN)
    assert scene.prompt is None and app.settings.player_name == "Rosalind"
    assert scene.rows[row].value() == "Rosalind"


def test_a_new_player_is_asked_their_name_once_on_the_menu(app):
    app.asks_name = True
    menu = MenuScene(app)
    app.start(menu)
    post_key(app, pygame.K_RETURN)     # (nothing typed yet: "Player 1" is kept, not asked again)
    assert menu.name_prompt is None and app.settings.asked_name and app.settings.player_name == ""
    app.asks_name = True
    menu = MenuScene(app)
    app.start(menu)
    type_text(app, "Jo")
    post_key(app, pygame.K_RETURN)
    assert app.settings.player_name == "Jo" and not MenuScene(app).name_prompt


def test_the_one_human_is_you_with_verbs_that_agree():
    names = SeatNames(["Sam", "Rosa", "Otto"], you=0)
    assert render(N("False slap! {seat} pays {count} card", "False slap! {seat} pays {count} cards",
                    seat=Who(0), count=1), names) == "False slap! You pay 1 card"
    assert render(T("{seat} beat {other} by {ms} ms", seat=Who(2), other=Who(0), ms=5), names) == "Otto beat you by 5 ms"
    assert render(T("{card} cannot go on {target}", card=Card.parse("8D"), target=Card.parse("3C"))) == "8♦ cannot go on 3♣"


@pytest.mark.parametrize("game_id", ["whist", "euchre"])
def test_a_partnership_game_says_who_your_partner_is(app, game_id):
    said = []
    scene = table(app, game_id, seed=5)
    scene._banner = lambda text, seconds, **spoken_as: said.append(text)
    for _ in range(30):
        app.step(1 / 60)
    partner = scene.people[2]
    assert any(line.endswith(f"{partner} is your partner") for line in said)
    assert scene._plate_image(2) is not None and scene._partner() == 2


def test_nap_has_no_partner(app):
    scene = table(app, "nap", seats=4)
    assert scene._partner() is None


def test_continue_seats_the_same_people(app):
    from app.core import resume

    app.settings.player_name = "Sam"
    scene = table(app, "ninety_nine", seed=9)
    resume.save(scene.session).result()
    app.settings.player_name = "Someone else"   # (changed since: the saved game keeps its names)
    again = resume.resume()
    assert again is not None and again.setup.names == scene.people and again.setup.names[0] == "Sam"
    resume.clear()
