"""Nothing is lost to one key (issue 28, point 2): giving up a Seahaven deal (G, or N for a
new deal once a move is made), quitting from
the menu with Esc, and starting a game over an unfinished one each ask first, by keyboard
and by mouse, and a "no" changes nothing."""

from __future__ import annotations

from random import Random

import pygame

from app.core import resume
from app.core.session import SeatPlan, Session, Setup
from app.window.scenes.menu import MenuScene
from app.window.scenes.setup import SetupScene
from app.window.tables.seahaven import SeahavenTable
from games.registry import GAMES

from tests.app.ui_driver import click, post_key, step_until, table


def test_g_asks_before_giving_up_a_seahaven_deal(app):
    scene = table(app, "seahaven", seed=1, options={"auto_safe": False, "winnable_only": False})
    step_until(app, lambda: scene.human_turn and not scene.anim.busy)
    post_key(app, pygame.K_g)
    assert scene.asking is not None and not scene.state.is_over()
    post_key(app, pygame.K_h)                 # other keys do nothing while it asks
    post_key(app, pygame.K_n)                 # no
    assert scene.asking is None and not scene.state.is_over() and scene.session.actions == []
    post_key(app, pygame.K_g)
    post_key(app, pygame.K_ESCAPE)            # no, and Esc does not pause the table either
    assert scene.asking is None and app.scenes.top is scene and not scene.state.is_over()
    post_key(app, pygame.K_g)
    post_key(app, pygame.K_y)
    assert scene.state.is_over() and not scene.state.won


def test_the_give_up_question_answers_to_the_mouse(app):
    scene = table(app, "seahaven", seed=1, options={"auto_safe": False, "winnable_only": False})
    step_until(app, lambda: scene.human_turn and not scene.anim.busy)
    post_key(app, pygame.K_g)
    assert isinstance(scene, SeahavenTable) and scene.asking is not None
    click(app, scene.asking.no_button.rect.center)
    assert scene.asking is None and not scene.state.is_over()
    post_key(app, pygame.K_g)
    click(app, scene.asking.yes_button.rect.center)
    assert scene.state.is_over()


def test_n_asks_before_leaving_a_seahaven_deal_under_way(app):
    from app.core import storage
    from games.seahaven.rules import Move

    scene = table(app, "seahaven", seed=1, options={"auto_safe": False, "winnable_only": False})
    step_until(app, lambda: scene.human_turn and not scene.anim.busy)
    post_key(app, pygame.K_n)                 # nothing moved yet: a new deal at once, nothing lost
    fresh = app.scenes.top
    assert isinstance(fresh, SeahavenTable) and fresh is not scene and fresh.asking is None
    step_until(app, lambda: fresh.human_turn and not fresh.anim.busy)
    fresh.act(next(a for a in fresh.state.legal_actions(0) if isinstance(a, Move)))
    played = storage.load_stats().for_game("seahaven").played
    post_key(app, pygame.K_n)
    assert fresh.asking is not None and fresh.asking.question == "Start a new deal?"
    post_key(app, pygame.K_n)                 # no: the deal and its move stay
    assert fresh.asking is None and app.scenes.top is fresh and fresh.state.moves == 1
    new_deal = next(b for b in fresh.buttons if b.label == "New deal")
    click(app, new_deal.rect.center)          # the button asks too
    assert fresh.asking is not None and app.scenes.top is fresh
    click(app, fresh.asking.yes_button.rect.center)
    assert app.scenes.top is not fresh and storage.load_stats().for_game("seahaven").played == played + 1


def test_esc_on_the_menu_asks_before_quitting(app):
    menu = app.scenes.top
    assert isinstance(menu, MenuScene)
    post_key(app, pygame.K_ESCAPE)
    assert app.running and menu.quitting is not None
    post_key(app, pygame.K_RIGHT)             # the tiles do not move under the question
    assert menu.index == 0
    post_key(app, pygame.K_ESCAPE)            # a second Esc means "no", as it means "back"
    assert app.running and menu.quitting is None
    post_key(app, pygame.K_ESCAPE)
    post_key(app, pygame.K_RETURN)
    assert not app.running


def _unfinished(game_id: str, moves: int = 6) -> None:
    """A game of ``game_id`` left half played, kept for Continue as a table keeps it."""
    spec = GAMES[game_id]
    session = Session(spec, Setup(game_id, [SeatPlan(i == 0, "easy") for i in range(spec.default_seats)],
                                  {o.key: o.default for o in spec.options}, 5))
    rng = Random(5)
    for _ in range(moves):
        seat = session.state.to_act()[0]
        session.apply(spec.bots["easy"](session.state.view(seat), rng))
    resume.save(session).result()


def _setup(app, game_id: str) -> SetupScene:
    scene = SetupScene(app, GAMES[game_id])
    app.scenes.push(scene)
    app.step(1 / 60)
    return scene


def test_starting_another_game_asks_before_replacing_the_unfinished_one(app):
    _unfinished("whist")
    setup = _setup(app, "nash_whist")
    post_key(app, pygame.K_RETURN)
    assert app.scenes.top is setup and setup.replacing is not None
    assert "Whist" in setup.replacing[0].detail
    post_key(app, pygame.K_ESCAPE)            # back: the form, and the kept game, as they were
    assert app.scenes.top is setup and setup.replacing is None
    assert resume.peek().game_id == "whist"
    post_key(app, pygame.K_RETURN)
    post_key(app, pygame.K_RETURN)            # yes: the new game starts
    assert app.scenes.top.session.spec.id == "nash_whist"


def test_with_nothing_unfinished_start_starts_at_once(app):
    setup = _setup(app, "whist")
    post_key(app, pygame.K_RETURN)
    assert app.scenes.top is not setup and app.scenes.top.session.spec.id == "whist"


def test_a_game_that_is_never_kept_does_not_ask(app):
    _unfinished("whist")
    setup = _setup(app, "ratscrew")           # played against the clock: never kept
    post_key(app, pygame.K_RETURN)
    assert app.scenes.top is not setup and resume.peek().game_id == "whist"
