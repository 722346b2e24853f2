"""The Spoons table draws and acts from each seat's view, never from the rules state's
hands: what a seat may know is all the table can show or use for it."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from games.core.cards import cards
from games.spoons import rules as sr

from tests.app.test_ui_spoons import open_table
from tests.app.ui_driver import fake_clock_app


@pytest.fixture
def app():
    application = fake_clock_app(10_000)
    yield application
    pygame.quit()


def test_a_key_passes_a_card_of_the_hand_the_seat_sees(app, monkeypatch):
    scene = open_table(app)
    state = scene.session.state
    assert len(state.hands[0]) == sr.HAND           # the rules state: four cards, so a key takes
    seen = tuple(cards("2C 3C 4C 5C 6C"))            # the view: five, so a key passes one
    real_view = state.view
    monkeypatch.setattr(state, "view", lambda seat: dataclasses.replace(real_view(seat), hand=seen)
                        if seat == 0 else real_view(seat))
    scene.pick, scene.chosen = 1, True
    assert scene.key_action(0, 0, 500) == sr.Pass(0, 500, seen[1])
