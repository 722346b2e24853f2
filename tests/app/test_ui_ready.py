"""A fair start in the reflex games: the table waits until each human at the keys has pressed
one of their keys, then counts down; with nobody at the keys it counts down at once. Real
key events are posted; the app's input clock is a fake one, moved on frame by frame."""

from __future__ import annotations

import pygame
import pytest

from app.window.scenes.realtime import COUNTDOWN
from app.core.session import SeatPlan, Session, Setup
from app.window.tables.nails import NailsTable
from app.window.tables.ratscrew import RatscrewTable
from games.nails import spec as nails_spec
from games.ratscrew import spec as ratscrew_spec

from tests.app.ui_driver import FRAME_MS, fake_clock_app, frame

COUNTDOWN_FRAMES = int(COUNTDOWN * 1000 / FRAME_MS) + 2


@pytest.fixture
def app():
    application = fake_clock_app(5_000)
    yield application
    pygame.quit()


def key_down(app, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))


def test_nails_plays_no_round_until_its_player_presses_a_key(app):
    """As ``parlour play nails`` opens it: one human against a computer player."""
    scene = NailsTable(app, Session(nails_spec(), Setup("nails", [SeatPlan(True), SeatPlan(False)], {}, 4)))
    app.start(scene)
    state = scene.session.state
    frame(app, 600)                                   # ten seconds of nobody looking
    assert scene.waiting and not scene.started and scene.countdown == COUNTDOWN
    assert state.now_ms == 0 and state.up is None and scene.session.actions == []
    scene.draw(app.screen)                            # the ready panel draws
    key_down(app, pygame.K_q)                         # the player's first key
    frame(app)
    assert not scene.waiting and 0 < scene.countdown < COUNTDOWN and scene.ready == {0}
    assert state.now_ms == 0                          # the countdown first
    frame(app, COUNTDOWN_FRAMES + 90)
    assert scene.playing and state.now_ms > 1000 and state.up is not None


def test_with_two_humans_the_countdown_waits_for_the_second(app):
    spec = ratscrew_spec()
    scene = RatscrewTable(app, Session(spec, Setup("ratscrew", [SeatPlan(True), SeatPlan(True)], {}, 5)))
    app.start(scene)
    key_down(app, pygame.K_w)                         # P1's second key will do
    frame(app, 30)
    assert scene.waiting and scene.ready == {0} and scene.countdown == COUNTDOWN
    assert scene.keycaps(0, 14).get_width() > scene.keycaps(1, 14).get_width()   # P1 marked Ready
    key_down(app, pygame.K_w)                         # pressed again: still only P1
    frame(app)
    assert scene.waiting
    key_down(app, pygame.K_p)                         # P2's first key
    frame(app)
    assert not scene.waiting and scene.countdown < COUNTDOWN
    frame(app, COUNTDOWN_FRAMES)
    assert scene.playing and scene.session.actions == []   # the ready keys played nothing


def test_computer_players_alone_start_with_the_countdown(app):
    spec = ratscrew_spec()
    scene = RatscrewTable(app, Session(spec, Setup("ratscrew", [SeatPlan(False), SeatPlan(False)], {}, 5)))
    app.start(scene)
    assert not scene.waiting
    frame(app, COUNTDOWN_FRAMES)
    assert scene.playing
