"""Headless UI tests for the Nails table: keys and mouse buttons become calls at their
stamped times, the match is shown after a call, and the colour-blind switch."""

from __future__ import annotations

import pygame
import pytest

from app.window.scenes.realtime import COUNTDOWN
from app.core.session import SeatPlan, Session, Setup
from app.window.tables.nails import NailsTable
from games.nails import spec as nails_spec
from games.nails.rings import hit
from games.nails.rules import REVEAL_MS

from tests.app.ui_driver import FRAME_MS, fake_clock_app, frame, say_ready

@pytest.fixture
def app():
    application = fake_clock_app(5_000)
    yield application
    pygame.quit()


def open_table(app, humans: int, seats: int) -> NailsTable:
    plans = [SeatPlan(i < humans, "easy") for i in range(seats)]
    scene = NailsTable(app, Session(nails_spec(), Setup("nails", plans, {}, 4)))
    app.start(scene)
    say_ready(app)
    frame(app, int((COUNTDOWN * 1000 + REVEAL_MS) / FRAME_MS) + 4)
    assert scene.session.state.calling
    return scene


def press(app, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))


def test_the_faster_of_two_keys_in_one_frame_makes_the_call(app):
    scene = open_table(app, humans=2, seats=2)
    truth = hit(*scene.session.state.up)
    press(app, pygame.K_p if truth else pygame.K_LEFTBRACKET)   # P2 right, first
    app.poll_input()
    app.clock_fake.now += 5
    press(app, pygame.K_w)                                      # P1 5 ms later
    app.poll_input()
    frame(app)
    called = scene.session.state.last
    assert called.seat == 1 and called.correct
    assert scene.race[0] == f"{scene.people[1]} by 5 ms"
    assert scene.last_call == called and len(scene.session.state.wins[1]) == 2


def test_mouse_buttons_on_a_card_call_hit_and_miss(app):
    scene = open_table(app, humans=1, seats=2)
    centre = tuple(round(v) for v in scene.card_at[1])
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre, button=3))
    frame(app)
    called = scene.session.state.last
    assert called.seat == 0 and called.says_hit is False


def test_a_call_before_the_cards_turn_up_does_nothing(app):
    scene = open_table(app, humans=1, seats=2)
    press(app, pygame.K_q)
    frame(app)
    assert scene.session.state.last is not None
    frame(app, 40)                      # past the late-call window, before the next cards
    count = len(scene.session.actions)
    press(app, pygame.K_q)
    frame(app)
    assert len(scene.session.actions) == count and scene.message_time > 0


def test_c_switches_colour_blind_dots(app):
    scene = open_table(app, humans=1, seats=3)
    assert not scene.colour_blind
    press(app, pygame.K_c)
    frame(app)
    assert scene.colour_blind and app.settings.colourblind_nails


def test_the_matching_dots_are_drawn_after_a_call(app):
    scene = open_table(app, humans=1, seats=2)
    press(app, pygame.K_q)
    frame(app)
    from app.window.render.nails import dot_centre, dot_radius

    match = scene.last_call.match
    assert match.count >= 1 and len(scene.pair) == 2
    frame(app, 20)   # the rings fade in
    scene.draw(app.screen)
    for sprite, positions in zip(scene.pair, (match.on_a, match.on_b)):
        for position in positions:
            dx, dy = dot_centre(scene.diameter, position)
            edge = (round(sprite.x + dx), round(sprite.y + dy - dot_radius(scene.diameter) * 1.45 + 2))
            r, g, b, *_ = app.screen.get_at(edge)
            assert r > 200 and g > 160 and b < 140, f"no gold ring at dot {position}: {(r, g, b)}"
