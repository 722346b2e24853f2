"""Headless UI tests for the thinking games' tables (Abstrac and the Nash game): real pygame
events are posted and the app runs frame by frame."""

from __future__ import annotations

import random

import pygame
import pytest

from app.window.scenes.results import ResultsScene
from games.abstrac import rules as ab
from games.abstrac.bots import take_values
from games.abstrac.solver import solve_opening
from games.nash import rules as nr
from games.nash.bots import BOTS as NASH_BOTS, chances
from games.nash.knowledge import Knowledge

from tests.app.ui_driver import click, make_app, post_key, step_until, table


@pytest.fixture
def app():
    application = make_app()
    yield application
    pygame.quit()


def human_actions(scene) -> list:
    return [a for a in scene.session.actions if a.seat == 0]


# --- Abstrac -------------------------------------------------------------------------------------

def chooser_seed() -> int:
    """A seed where the human (seat 0) does not deal, so it chooses who starts."""
    return next(seed for seed in range(100) if ab.new_game(ab.AbstracOptions(), seed).dealer == 1)


def test_abstrac_choose_by_key_then_take_by_clicking_the_deepest_card(app):
    scene = table(app, "abstrac", seed=chooser_seed())
    step_until(app, lambda: scene.human_turn)
    post_key(app, pygame.K_f)
    assert human_actions(scene) == [ab.Choose(0, True)]
    step_until(app, lambda: scene.human_turn)
    third = scene.row[2]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=third.rect().center, rel=(0, 0), buttons=(0, 0, 0)))
    app.step(1 / 60)
    assert scene.hover_take == 3
    assert [s.marked for s in scene.row[:4]] == [True, True, True, False]
    top = [s.card for s in scene.row[:3]]
    click(app, scene.row[2].rect().center)
    assert human_actions(scene)[-1] == ab.Take(0, 3)
    assert scene.session.state.taken[0] == top


def test_abstrac_hint_shows_the_solvers_values(app):
    scene = table(app, "abstrac", seed=chooser_seed())
    step_until(app, lambda: scene.human_turn)
    post_key(app, pygame.K_s)                       # go second: the computer takes first
    step_until(app, lambda: scene.human_turn)
    post_key(app, pygame.K_h)
    step_until(app, lambda: scene.hints is not None)  # worked out in the worker, off the frame
    assert scene.hints == take_values(scene.session.state.view(0))
    post_key(app, pygame.K_2)
    assert human_actions(scene)[-1] == ab.Take(0, 2)
    assert scene.hints is None


def test_abstrac_opening_hint_arrives_from_the_worker(app):
    scene = table(app, "abstrac", seed=chooser_seed())
    step_until(app, lambda: scene.human_turn)
    post_key(app, pygame.K_h)
    step_until(app, lambda: scene.opening_hint is not None)
    opening = solve_opening(scene.session.state.row)
    assert scene.opening_hint == (opening.first, opening.second)
    post_key(app, pygame.K_h)  # H again hides it
    assert scene.opening_hint is None


def test_abstrac_hint_for_a_position_already_left_is_dropped(app):
    scene = table(app, "abstrac", seed=chooser_seed())
    step_until(app, lambda: scene.human_turn)
    post_key(app, pygame.K_s)
    step_until(app, lambda: scene.human_turn)
    for key in (pygame.K_h, pygame.K_1):  # ask, then take before the answer can arrive
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    app.step(1 / 60)
    assert human_actions(scene)[-1] == ab.Take(0, 1)
    step_until(app, lambda: scene.hint_job is None)
    assert scene.hints is None


@pytest.mark.slow
def test_abstrac_match_runs_to_the_results(app):
    app.settings.animation_speed = "instant"
    scene = table(app, "abstrac", humans=0, seed=5, difficulty="normal")
    scene.anim.speed = 0
    step_until(app, lambda: isinstance(app.scenes.top, ResultsScene), frames=5000)
    assert scene.session.state.is_over()


# --- the Nash game -----------------------------------------------------------------------------

def asking_now(scene) -> bool:
    return scene.human_turn and scene.session.state.view(0).guessing is None


def test_nash_ask_by_clicking_a_value_and_by_key(app):
    scene = table(app, "nash", seed=4)
    scene.anim.speed = 4     # the same animations, four times as fast
    step_until(app, lambda: asking_now(scene))
    click(app, scene.ask_chips.rects[7].center)
    assert human_actions(scene)[-1] == nr.Ask(0, 7)
    step_until(app, lambda: asking_now(scene) or scene.session.state.is_over())
    if asking_now(scene):
        post_key(app, pygame.K_4)
        assert human_actions(scene)[-1] == nr.Ask(0, 4)


def test_nash_clicking_a_card_in_hand_asks_for_its_value(app):
    scene = table(app, "nash", seed=6)
    scene.anim.speed = 4
    step_until(app, lambda: asking_now(scene))
    sprite = scene.hands[0][0]
    click(app, sprite.rect().move(4, 0).topleft)
    assert human_actions(scene)[-1] == nr.Ask(0, nr.value_of(sprite.card))


def guessing_table(app, seats: int = 3):
    """A table where the human must guess after others have guessed (the state is advanced
    with bots first, then shown)."""
    for seed in range(40):
        scene = table(app, "nash", seats=seats, seed=seed)
        state, rng = scene.session.state, random.Random(seed)
        while not state.is_over() and not (state.order and state.order[0] == 0):
            seat = state.to_act()[0]
            scene.session.apply(NASH_BOTS["hard"](state.view(seat), rng))
        if not state.is_over() and state.guesses:
            scene.queue.clear()
            scene.sync(scene.current_view())
            app.step(1 / 60)
            return scene
    raise AssertionError("no seed gave the human a guess after another player's")


def test_nash_guessing_dialog_greys_out_guessed_values(app):
    scene = guessing_table(app)
    state = scene.session.state
    taken = {v for _, v in state.guesses}
    assert scene.guess_chips.disabled == (taken if state.resolved < 2 else set())
    before = len(scene.session.actions)
    if state.resolved < 2:
        click(app, scene.guess_chips.rects[min(taken)].center)   # greyed: nothing happens
        assert len(scene.session.actions) == before
    free = next(v for v in range(1, 11) if v not in taken)
    click(app, scene.guess_chips.rects[free].center)
    assert scene.session.actions[-1] == nr.Guess(0, free)


def test_nash_odds_panel_shows_exact_chances_from_the_humans_knowledge(app):
    scene = table(app, "nash", seed=9)
    step_until(app, lambda: asking_now(scene))
    assert scene.show_odds
    view = scene.session.state.view(0)
    assert scene._odds() == chances(view, Knowledge.from_view(view))
    post_key(app, pygame.K_o)
    assert not scene.show_odds


def test_nash_random_take_is_shown_as_a_pick(app):
    scene = table(app, "nash", humans=0, seed=2, difficulty="easy")
    scene.anim.speed = 4
    sweeps = []
    original = scene._on_TookRandom

    def watch(event):
        hold = original(event)
        sweeps.append(scene.sweep)
        return hold
    scene._on_TookRandom = watch
    step_until(app, lambda: sweeps, frames=6000)
    giver = sweeps[0][0]
    assert scene.sweep is not None               # a ring hops over the giver's cards ...
    step_until(app, lambda: any(s.marked and s.tags.get("busy") for s in scene.hands[giver]), frames=120)
    assert scene.sweep is None                   # ... then the picked card rises


@pytest.mark.slow
def test_nash_three_player_game_runs_to_the_results(app):
    app.settings.animation_speed = "instant"
    scene = table(app, "nash", humans=0, seats=3, seed=8, difficulty="hard")
    scene.anim.speed = 0
    step_until(app, lambda: isinstance(app.scenes.top, ResultsScene), frames=6000)
    assert scene.session.state.is_over()
    assert any("asks for" in line for line in scene.history)
    state = scene.session.state
    assert [len(hand) for hand in scene.hands] == [len(hand) for hand in state.hands]


def test_nash_hot_seat_history_shows_only_the_new_players_memory(app):
    import re

    scene = table(app, "nash", humans=2, seed=3)
    scene.anim.speed = 4
    step_until(app, lambda: scene.human_turn)
    first = scene.viewer
    post_key(app, pygame.K_5)
    step_until(app, lambda: scene.curtain_for is not None)
    post_key(app, pygame.K_SPACE)
    assert scene.viewer != first
    known = {str(c) for c in scene.session.state.seen[scene.viewer]}
    suits = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}   # the history writes 10♠, the state TS
    shown = {("T" if rank == "10" else rank) + suits[suit] for line in scene.history
             for rank, suit in re.findall(r"(10|[A2-9JQK])([♠♥♦♣])", line)}
    assert shown and shown <= known


def test_nash_table_shows_exactly_the_hands_of_the_rules_state(app):
    scene = table(app, "nash", seats=3, seed=12)
    scene.anim.speed = 4
    step_until(app, lambda: scene.human_turn)
    state = scene.session.state
    assert [len(hand) for hand in scene.hands] == [len(hand) for hand in state.hands]
    assert [s.card for s in scene.hands[0]] == state.hands[0]


@pytest.mark.slow
@pytest.mark.parametrize("seats", [2, 3])
def test_nash_cards_shown_in_other_hands_are_really_there(app, seats):
    """The table shows the human the cards it knows in other hands; at every quiet moment of
    a whole game those must be in that hand, and the hand sizes must match."""
    scene = table(app, "nash", seats=seats, seed=21 + seats, difficulty="hard")
    scene.anim.speed = 0
    state, rng = scene.session.state, random.Random(1)
    for _ in range(20000):
        if isinstance(app.scenes.top, ResultsScene):
            break
        if scene.idle and not state.is_over():
            for seat in range(seats):
                shown = [s.card for s in scene.hands[seat] if s.face_up and s.card is not None]
                assert len(scene.hands[seat]) == len(state.hands[seat])
                assert set(shown) <= set(state.hands[seat]), f"seat {seat} shows {shown}"
            if scene.human_turn:
                scene.act(NASH_BOTS["hard"](state.view(0), rng))
        app.step(1 / 60)
    assert state.is_over()
