"""Headless UI tests for the Nap table: the auction panel offers exactly the legal bids,
a click bids, the human's first lead sets trumps, and a hand is played out by clicks."""

from __future__ import annotations

import pygame
import pytest

from games.core.trick_events import PlayCard
from games.nap import rules as nap

from tests.app.ui_driver import click, make_app, post_key, step_until, table


@pytest.fixture
def app():
    application = make_app()
    application.settings.animation_speed = "fast"
    yield application
    pygame.quit()


def wait_for_call(app, scene) -> None:
    step_until(app, lambda: scene.choosing_call(), frames=6000)


def test_the_panel_lists_the_legal_bids_and_a_click_bids_nap(app):
    scene = table(app, "nap", seats=4, seed=5)
    state = scene.session.state
    wait_for_call(app, scene)
    row = scene._row()
    legal = state.legal_actions(0)
    assert len(row.buttons) == len(legal)
    assert row.buttons[0].label == "Pass"
    labels = [b.label for b in row.buttons[1:]]
    assert labels == [f"{a.contract} · {a.contract.credits}" for a in legal[1:]]
    assert not any(label.startswith(("Wellington", "Blücher")) for label in labels) or nap.Contract.NAP in state.bids
    nap_button = next(b for b in row.buttons if b.label.startswith("Nap"))
    click(app, nap_button.rect.center)
    assert scene.session.actions[-1] == nap.Bid(0, nap.Contract.NAP)


def test_the_bidder_leads_to_set_trumps_and_plays_the_hand_by_clicks(app):
    scene = table(app, "nap", seats=3, seed=8)
    state = scene.session.state
    wait_for_call(app, scene)
    click(app, next(b for b in scene._row().buttons if b.label.startswith("Nap")).rect.center)
    plays = 0
    while state.hand_number == 1 and not state.is_over():
        step_until(app, lambda: scene.human_turn or state.hand_number > 1, frames=6000)
        if state.hand_number > 1 or not scene.human_turn:
            break
        if state.phase == "name":
            post_key(app, pygame.K_RETURN)
            continue
        sprite = next(s for s in scene.hands[0] if s.card in scene.playable_cards())
        first = plays == 0
        click(app, sprite.rect().center)
        assert isinstance(scene.session.actions[-1], PlayCard)
        if first and not sprite.card.is_joker:
            assert state.trump is sprite.card.suit or state.hand_number > 1
        plays += 1
    step_until(app, lambda: state.hand_number > 1 or state.is_over(), frames=6000)
    assert plays >= 1
    assert sum(state.chips) == 3 * nap.STAKE and state.chips != [nap.STAKE] * 3


def test_enter_passes_from_the_panel(app):
    scene = table(app, "nap", seats=5, seed=2)
    wait_for_call(app, scene)
    post_key(app, pygame.K_RETURN)
    assert scene.session.actions[-1] == nap.Pass(0)
