"""No waiting on computers (issue 28, point 9): once every human at a Ninety-Nine table is
knocked out, Enter or the "Play the rest" button plays the computers' moves at once and goes
straight to the results; before that, Enter keeps its usual meaning."""

from __future__ import annotations

from random import Random

import pygame

from app.core.session import SeatPlan, Session, Setup
from app.window.scenes.results import ResultsScene
from app.window.tables import table_for
from games.ninety_nine.rules import knocked_out
from games.registry import GAMES

from tests.app.ui_driver import FRAME, click, post_key, step_until, table


def human_knocked_out() -> Session:
    """A three-seat, one-token game played by the easy bots until the human (seat 0) has
    lost their token while the two computers play on."""
    spec = GAMES["ninety_nine"]
    for seed in range(60):
        session = Session(spec, Setup("ninety_nine", [SeatPlan(i == 0, "easy") for i in range(3)],
                                      {"tokens": 1}, seed))
        rng = Random(seed)
        while not session.state.is_over() and not knocked_out(session.state.view(0), 0):
            seat = session.state.to_act()[0]
            session.apply(spec.bots["easy"](session.state.view(seat), rng))
        if not session.state.is_over():
            session.opening = []   # the table draws the position as it is
            return session
    raise AssertionError("no seed knocks the human out first")


def sit_down(app, session: Session):
    scene = table_for("ninety_nine")(app, session)
    app.start(scene)
    app.step(FRAME)
    return scene


def test_enter_plays_the_rest_at_once_once_the_human_is_out(app):
    scene = sit_down(app, human_knocked_out())
    assert scene.humans_knocked_out() and not scene.rushing
    for _ in range(5):
        app.step(FRAME)
    assert not scene.session.state.is_over()     # nothing rushes until asked
    told = len(scene.log)
    post_key(app, pygame.K_RETURN)
    step_until(app, lambda: isinstance(app.scenes.top, ResultsScene), frames=600)
    assert scene.session.state.is_over() and len(scene.log) > told   # the moves are in the log


def test_the_button_plays_the_rest_too(app):
    scene = sit_down(app, human_knocked_out())
    app.step(FRAME)   # (drawn once: the button is where it shows)
    click(app, scene.rest_button.rect.center)
    assert scene.rushing
    step_until(app, lambda: isinstance(app.scenes.top, ResultsScene), frames=600)


def test_while_the_human_plays_on_there_is_no_rest_to_play(app):
    scene = table(app, "ninety_nine", seats=3)
    step_until(app, lambda: scene.human_turn)
    assert not scene.humans_knocked_out()
    played = len(scene.session.actions)
    post_key(app, pygame.K_RETURN)          # Enter plays the chosen card, as ever
    assert not scene.rushing and len(scene.session.actions) == played + 1


def test_hovering_a_card_says_what_it_would_do_to_the_count(app):
    from tests.app.test_ui_ninety_nine import give_hand

    scene = table(app, "ninety_nine", seats=3)
    give_hand(scene, "8S AH 4C", 95)
    hand = {str(sprite.card): sprite for sprite in scene.hands[scene.viewer]}
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=hand["AH"].rect().center, rel=(0, 0), buttons=(0, 0, 0)))
    app.step(FRAME)
    assert scene.hover_tip() == ("Ace of hearts: 95 → 96", False)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=hand["8S"].rect().center, rel=(0, 0), buttons=(0, 0, 0)))
    app.step(FRAME)
    assert scene.hover_tip() == ("8 of spades: would take the count past 99", True)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, scene.size[1] // 2), rel=(0, 0), buttons=(0, 0, 0)))
    app.step(FRAME)
    assert scene.hover_tip() is None
