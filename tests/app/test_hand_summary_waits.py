"""The between-hands panel says "Space or click to go on" (issue 28, point 12): with a player
at the table it stays until they go on, however long they read; watched with no one at the
table it goes by itself."""

from __future__ import annotations

from random import Random

import pygame
import pytest

from games.registry import GAMES

from tests.app.ui_driver import FRAME, fast_app, post_key, step_until, table


@pytest.fixture
def app(monkeypatch):
    from app.window.tables import tricks

    monkeypatch.setattr(tricks, "SUMMARY_WAITS", True)   # (the UI tests' conftest turns it off)
    yield from fast_app()


def play_out_the_hand(scene) -> None:
    """Every seat's cards played at once (the easy bots choosing, the human's too), so the
    hand's score is queued to be shown."""
    session, rng = scene.session, Random(1)
    bot = GAMES["whist"].bots["easy"]
    while session.state.hand_number == 1:
        seat = session.state.to_act()[0]
        scene.act(bot(session.state.view(seat), rng))


def test_the_hand_summary_waits_for_the_player(app):
    scene = table(app, "whist", seed=5)
    play_out_the_hand(scene)
    step_until(app, lambda: scene.summary[1] > 0, frames=6000)
    queued = len(scene.queue)
    for _ in range(900):                     # fifteen seconds of reading
        app.step(FRAME)
    assert scene.summary[1] > 0 and len(scene.queue) == queued
    post_key(app, pygame.K_SPACE)
    assert scene.summary[1] == 0
    step_until(app, lambda: not scene.queue, frames=2000)   # and play goes on


def test_with_no_one_at_the_table_it_goes_by_itself(app):
    scene = table(app, "whist", humans=0, seed=5)
    step_until(app, lambda: scene.summary[1] > 0, frames=20000)
    step_until(app, lambda: scene.summary[1] == 0, frames=600)
