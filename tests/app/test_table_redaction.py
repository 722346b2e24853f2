"""A table's history and animations use the events as the seat it draws for may see them:
the viewer, the human whose turn it is in hot-seat play, or a spectator when no human plays."""

from __future__ import annotations

from typing import Iterator

import pygame
import pytest

from app.window.shell import App
from games.core.cards import Rank
from tests.app.ui_driver import fast_app, post_key, step_until, table


@pytest.fixture
def app() -> Iterator[App]:
    yield from fast_app()


def test_a_spectator_is_told_no_one_s_draw(app: App) -> None:
    scene = table(app, "ninety_nine", humans=0, seats=3, seed=5)
    step_until(app, lambda: sum("draws" in line for line in map(str, scene.log)) >= 4)
    draws = [line for line in map(str, scene.log) if " draws" in line]
    assert draws and all(line.endswith(" draws") for line in draws), draws


def test_the_history_is_told_again_when_the_screen_passes(app: App) -> None:
    """Hot seat: after P1 draws, the screen passes to P2, whose history must not say which
    card P1 drew (nor anything else still hidden from P2)."""
    scene = table(app, "ninety_nine", humans=2, seats=2, seed=5)
    state = scene.session.state
    step_until(app, lambda: scene.human_turn or scene.curtain_for is not None)
    if not scene.human_turn:                        # the other human starts: pass to them
        post_key(app, pygame.K_SPACE)
        step_until(app, lambda: scene.human_turn)
    first = scene.viewer
    # Not a 3, which with two players brings the turn straight back.
    scene.act(next(a for a in state.legal_actions(first) if a.card.rank is not Rank.THREE))
    step_until(app, lambda: scene.curtain_for is not None)
    assert any(line.startswith(f"P{first + 1} draws ") for line in map(str, scene.log)), list(map(str, scene.log))
    post_key(app, pygame.K_SPACE)
    other = scene.viewer
    assert other != first
    secret = {str(card) for card in state.hidden_from(other)}
    told = [line for line in map(str, scene.log) if secret & set(line.split())]
    assert not told, f"P{other + 1} is told {told}"
    assert f"P{first + 1} draws" in map(str, scene.log)


@pytest.mark.parametrize("game", ["whist", "euchre", "nap", "nash_whist", "ninety_nine", "nash"])
def test_a_table_with_no_human_draws_every_hand_face_down(app: App, game: str) -> None:
    """With no human the table draws from the spectator's view (``view(None)``), also when it
    rebuilds the picture (a resize, a rematch): no hand shows a card, not even the bottom seat's."""
    scene = table(app, game, humans=0, seed=5)
    step_until(app, lambda: len(scene.session.actions) >= 3 and scene.idle)
    view = scene.current_view()
    assert view.seat is None and not view.hand
    scene.sync(view)
    shown = [str(sprite.card) for hand in scene.hands for sprite in hand if sprite.card is not None]
    assert not shown, f"the table shows {shown}"


def test_an_all_computer_spoons_table_holds_no_hand(app: App) -> None:
    scene = table(app, "spoons", humans=0, seed=5)
    step_until(app, lambda: scene.session.state.now_ms > 2000)
    assert scene.view.seat is None and scene.view.hand == ()
