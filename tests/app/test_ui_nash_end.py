"""The Nash table's chances panel at the end of a game: it keeps the odds the player had for
the last mystery card and marks the answer, instead of a row of 0% for a card already known."""

from __future__ import annotations

from random import Random

import pygame
import pytest

from games.nash import rules as nr

from tests.app.ui_driver import FRAME, make_app, settle, table


@pytest.fixture
def app():
    application = make_app((820, 580))
    yield application
    pygame.quit()


def play_until(app, scene, condition, frames: int = 20000) -> None:
    """Run the table, the human seat choosing as the normal bot would, until ``condition``."""
    rng = Random(1)
    for _ in range(frames):
        if condition():
            return
        if scene.human_turn:
            view = scene.session.state.view(scene.viewer)
            scene.act(scene.session.spec.bots["normal"](view, rng))
        app.step(FRAME)
        settle(app)
    raise AssertionError("the game never got there")


@pytest.mark.slow
@pytest.mark.parametrize("seed", [5, 11])
def test_after_the_last_reveal_the_panel_shows_the_odds_that_were_and_the_answer(app, seed):
    scene = table(app, "nash", seed=seed, difficulty="normal")
    play_until(app, scene, lambda: scene.session.state.is_over() and scene.current == 3)
    assert app.scenes.top is scene                         # still on the table, before the results
    last = scene.session.state.view(scene.viewer).mysteries[2]
    answer = nr.value_of(last)
    assert scene._answer(2) == answer
    odds = scene._odds()
    assert sum(odds.values()) == pytest.approx(1.0)        # the odds from before, not all 0%
    assert odds[answer] > 0                                # what was known allowed the answer
    app.step(FRAME)                                        # and the frame draws with them


def test_while_a_card_is_face_down_the_panel_shows_its_fresh_odds(app):
    scene = table(app, "nash", seed=5, difficulty="normal")
    play_until(app, scene, lambda: scene.human_turn)
    view = scene.session.state.view(scene.viewer)
    assert view.mysteries[0] is None and scene._answer(0) is None
    assert sum(scene._odds().values()) == pytest.approx(1.0)
