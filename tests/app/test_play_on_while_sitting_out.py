"""No waiting on computers beyond Ninety-Nine (issue 28, point 9): a human who sits a deal
out (Nash Whist at five or six, Euchre when the partner goes alone) has nothing to decide
until the next deal, so Enter or the visible "Play the rest" button plays the computers'
moves at once, and stops where the human plays again; before that, nothing rushes."""

from __future__ import annotations

from random import Random

import pygame
import pytest

from app.core.session import SeatPlan, Session, Setup
from app.window.tables import table_for
from games.registry import GAMES

from tests.app.ui_driver import FRAME, click, fast_app, post_key, step_until


@pytest.fixture
def app():
    yield from fast_app()


def human_sits_out(game_id: str, seats: int, options: dict | None = None) -> Session:
    """A session the easy bots play (the human's seat too) until the human, seat 0, sits
    the deal out while the game goes on (the partner, seat 2, goes alone when it may)."""
    spec = GAMES[game_id]
    sits_out = spec.parts.sits_out
    assert sits_out is not None
    opts = {o.key: o.default for o in spec.options} | (options or {})
    for seed in range(80):
        session = Session(spec, Setup(game_id, [SeatPlan(i == 0, "easy") for i in range(seats)], opts, seed))
        rng = Random(seed)
        for _ in range(400):
            if session.state.is_over() or sits_out(session.state.view(0), 0):
                break
            seat = session.state.to_act()[0]
            alone = [a for a in session.state.legal_actions(seat) if getattr(a, "alone", False)]
            session.apply(alone[0] if seat == 2 and alone else spec.bots["easy"](session.state.view(seat), rng))
        if not session.state.is_over() and sits_out(session.state.view(0), 0):
            session.opening = []   # the table draws the position as it is
            return session
    raise AssertionError(f"no seed has the human sit a deal out at {game_id}")


def sit_down(app, game_id: str, session: Session):
    scene = table_for(game_id)(app, session)
    app.start(scene)
    app.step(FRAME)
    return scene


def test_enter_plays_on_to_the_next_deal_the_human_plays_at_nash_whist(app):
    scene = sit_down(app, "nash_whist", human_sits_out("nash_whist", 5))
    deal = scene.session.state.view(0).deal_number
    assert scene.humans_knocked_out() and not scene.rushing
    for _ in range(5):
        app.step(FRAME)
    acted = len(scene.session.actions)
    assert scene.session.state.view(0).deal_number == deal   # nothing rushes until asked
    post_key(app, pygame.K_RETURN)             # (a quick machine plays it all in that frame)
    step_until(app, lambda: not scene.rushing, frames=600)
    view = scene.session.state.view(0)
    assert len(scene.session.actions) > acted
    assert scene.session.state.is_over() or (view.deal_number > deal and 0 not in view.sitting_out)
    assert not scene.humans_knocked_out()


def test_the_button_plays_out_a_euchre_hand_whose_partner_went_alone(app):
    scene = sit_down(app, "euchre", human_sits_out("euchre", 4))
    hand = scene.session.state.view(0).hand_number
    app.step(FRAME)   # (drawn once: the button is where it shows)
    assert scene.rest_button.label.startswith("Play the rest")
    acted = len(scene.session.actions)
    click(app, scene.rest_button.rect.center)
    step_until(app, lambda: not scene.rushing, frames=600)
    assert len(scene.session.actions) > acted
    assert scene.session.state.is_over() or scene.session.state.view(0).hand_number > hand


def test_a_human_who_plays_this_deal_has_no_rest_to_play(app):
    from tests.app.ui_driver import table

    scene = table(app, "nash_whist", seats=5, seed=3)
    step_until(app, lambda: scene.human_turn, frames=8000)
    assert 0 not in scene.session.state.view(0).sitting_out and not scene.humans_knocked_out()
