"""Headless UI tests for the trick table (Whist and Euchre): real pygame events are posted
and the app runs frame by frame, as a player would drive it."""

from __future__ import annotations

import pygame
import pytest

from games.core.trick_events import PlayCard
from games.euchre import rules as eu

from tests.app.ui_driver import click, drag, fast_app, post_key, step_until, table


@pytest.fixture
def app():
    yield from fast_app()


def legal_sprite(scene):
    hand = scene.hands[scene.viewer]
    playable = scene.playable_cards()
    return next(s for s in hand if s.card in playable)


@pytest.mark.slow
def test_a_whole_whist_hand_by_clicks_and_keys(app):
    scene = table(app, "whist", seed=5)
    state = scene.session.state
    turn = 0
    while state.hand_number == 1 and not state.is_over():
        step_until(app, lambda: scene.human_turn or state.hand_number > 1 or state.is_over(), frames=6000)
        if not scene.human_turn:
            break
        before = len(scene.session.actions)
        if turn % 2:
            sprite = legal_sprite(scene)
            click(app, sprite.rect().center)
        else:
            playable = scene.playable_cards()
            post_key(app, pygame.K_RIGHT)
            assert scene.hands[0][scene.selected].card in playable  # arrows skip unplayable cards
            post_key(app, pygame.K_RETURN)
        assert len(scene.session.actions) == before + 1
        turn += 1
    assert turn == 13
    mine = [a for a in scene.session.actions if a.seat == 0]
    assert len(mine) == 13 and all(isinstance(a, PlayCard) for a in mine)
    step_until(app, lambda: scene.summary[1] > 0 or state.hand_number > 1, frames=2000)
    assert state.hand_number == 2 and sum(state.scores) > 0


def test_drag_to_the_middle_plays_and_a_short_drag_back_does_not(app):
    scene = table(app, "whist", seed=6)
    step_until(app, lambda: scene.human_turn)
    sprite = legal_sprite(scene)
    start = sprite.rect().center
    drag(app, start, (start[0] + 2, start[1] - 90))  # not into the middle: glides back
    assert scene.session.actions == [a for a in scene.session.actions if a.seat != 0]
    step_until(app, lambda: scene.human_turn)
    sprite = legal_sprite(scene)
    card = sprite.card
    drag(app, sprite.rect().center, (int(scene.centre[0]), int(scene.centre[1])))
    assert PlayCard(0, card) in scene.session.actions


def test_an_unplayable_card_is_explained_and_nothing_changes(app):
    for seed in range(3, 30):
        scene = table(app, "whist", seed=seed)
        step_until(app, lambda: scene.human_turn)
        playable = scene.playable_cards()
        dull = [s for s in scene.hands[0] if s.card not in playable]
        if dull:
            before = len(scene.session.actions)
            click(app, dull[-1].rect().center)
            assert len(scene.session.actions) == before
            assert "Follow suit" in scene.message
            return
    pytest.fail("never had to follow suit")


def test_tab_shows_the_last_trick(app):
    scene = table(app, "whist", seed=7)
    step_until(app, lambda: scene.human_turn)
    click(app, legal_sprite(scene).rect().center)
    step_until(app, lambda: scene.last_trick is not None and scene.human_turn, frames=3000)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="", scancode=0))
    app.step(1 / 60)
    assert scene.review_key
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_TAB, mod=0, unicode="", scancode=0))
    app.step(1 / 60)
    assert not scene.review_key


def test_euchre_bidding_panel_and_the_dealers_discard(app):
    # Find a deal where the human is dealer's left, so the first call is ours.
    for seed in range(1, 40):
        scene = table(app, "euchre", seed=seed)
        state = scene.session.state
        if state.to_act() == [0]:
            break
    step_until(app, lambda: scene.human_turn)
    assert scene.choosing_call()
    row = scene._row()
    labels = [b.label for b in row.buttons]
    assert labels[:2] == ["Pass", "Order it up"] and "Alone" in labels[-1]
    click(app, row.buttons[1].rect.center)
    assert scene.session.actions[0] == eu.OrderUp(0)
    assert state.phase == "discard"


def reach_the_dealers_discard(app):
    """A deal the player deals, the upcard taken up (by them if it comes to them), up to
    the player's discard."""
    for seed in range(1, 60):
        scene = table(app, "euchre", seed=seed, difficulty="easy")
        if scene.session.state.dealer == 0:
            break
    state = scene.session.state
    step_until(app, lambda: scene.human_turn or state.phase != "round1", frames=4000)
    if state.phase == "round1":
        row = scene._row()
        click(app, row.buttons[1].rect.center)  # take it up
    step_until(app, lambda: scene.human_turn and state.phase == "discard" and scene.idle, frames=4000)
    return scene


def test_euchre_dealer_discards_by_click(app):
    scene = reach_the_dealers_discard(app)
    state = scene.session.state
    assert len(scene.hands[0]) == 6 and not scene.choosing_call()
    sprite = scene.hands[0][0]
    click(app, sprite.rect().center)
    assert isinstance(scene.session.actions[-1], eu.Discard)
    assert len(state.hands[0]) == 5


def reach_round_two_as_dealer_left(app):
    """A deal where the human (dealer's left) passes and round two comes back to it."""
    for seed in range(1, 80):
        scene = table(app, "euchre", seed=seed, difficulty="easy")
        state = scene.session.state
        if state.dealer != 3:
            continue
        step_until(app, lambda: scene.human_turn)
        post_key(app, pygame.K_RETURN)  # Pass is focused first
        step_until(app, lambda: scene.human_turn or state.phase not in ("round1", "round2"), frames=4000)
        if state.phase == "round2" and scene.human_turn:
            return scene
    pytest.fail("no deal reached round two")


def test_keyboard_names_a_suit_alone_in_round_two(app):
    scene = reach_round_two_as_dealer_left(app)
    assert scene.session.actions[0] == eu.Pass(0)
    post_key(app, pygame.K_a)  # alone
    post_key(app, pygame.K_RIGHT)
    post_key(app, pygame.K_RETURN)
    last = scene.session.actions[-1]
    assert isinstance(last, eu.NameTrump) and last.alone and last.seat == 0
    assert last.suit is not scene.session.state.upcard.suit
    assert scene.session.state.sitting_out == frozenset({2})


@pytest.mark.parametrize("size", [(1280, 800), (800, 560)])
def test_euchre_stub_lies_clear_of_the_dealers_six_cards(size):
    """Issue 28, 7: the stub covered the dealer's last card once the upcard was taken."""
    for app in fast_app(size):
        scene = reach_the_dealers_discard(app)
        app.step(1 / 60)
        assert len(scene.hands[0]) == 6 and scene.stub_shown
        stub = scene.stub_rect()
        cards = [sprite.rect() for sprite in scene.hands[0]]
        assert stub.collidelist(cards) < 0, (stub, cards)
        assert pygame.Rect((0, 0), size).contains(stub)
