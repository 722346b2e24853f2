"""Headless UI tests for the Nap table: the auction panel offers exactly the legal bids,
a click or the keyboard bids, the human's first lead sets trumps, a hand is played out by
clicks, the call history scrolls, and at seven seats in a small window nothing overlaps."""

from __future__ import annotations

import pygame
import pytest

from games.core.trick_events import PlayCard
from games.nap import rules as nap

from tests.app.ui_driver import click, fast_app, post_key, step_until, table


@pytest.fixture
def app():
    yield from fast_app()


def wait_for_call(app, scene) -> None:
    step_until(app, lambda: scene.choosing_call(), frames=6000)


def test_the_panel_lists_the_legal_bids_and_a_click_bids_nap(app):
    scene = table(app, "nap", seats=4, seed=5)
    state = scene.session.state
    wait_for_call(app, scene)
    panel = scene.panel()
    legal = state.legal_actions(0)
    assert [c.action for c in panel.choices] == legal
    assert panel.choices[0].label == "Pass"
    shown = [(c.label, c.pay) for c in panel.choices[1:]]
    assert shown == [(str(a.contract), a.contract.credits) for a in legal[1:]]
    assert not any(label.startswith(("Wellington", "Blücher")) for label, _ in shown) or nap.Contract.NAP in state.bids
    index = next(i for i, c in enumerate(panel.choices) if c.label == "Nap")
    click(app, panel.rect_of(index).center)
    assert scene.session.actions[-1] == nap.Bid(0, nap.Contract.NAP)


def test_the_bidder_leads_to_set_trumps_and_plays_the_hand_by_clicks(app):
    scene = table(app, "nap", seats=3, seed=8)
    state = scene.session.state
    wait_for_call(app, scene)
    panel = scene.panel()
    click(app, panel.rect_of(next(i for i, c in enumerate(panel.choices) if c.label == "Nap")).center)
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


def test_arrows_and_enter_bid_from_the_panel(app):
    scene = table(app, "nap", seats=4, seed=5)
    wait_for_call(app, scene)
    panel = scene.panel()
    post_key(app, pygame.K_RIGHT)
    post_key(app, pygame.K_RIGHT)
    focused = panel.choices[panel.index]
    assert panel.index == 2 and isinstance(focused.action, nap.Bid)
    post_key(app, pygame.K_RETURN)
    assert scene.session.actions[-1] == focused.action


def test_the_history_keeps_the_calls_of_every_hand_and_scrolls(app):
    scene = table(app, "nap", seats=5, seed=2)
    state = scene.session.state
    history = scene.history
    while len(history.entries) <= history.rows_shown() + 3 or not scene.choosing_call():
        step_until(app, lambda: scene.human_turn, frames=6000)
        if len(history.entries) > history.rows_shown() + 3 and scene.choosing_call():
            break
        if scene.choosing_call():
            post_key(app, pygame.K_RETURN)  # pass
        else:
            click(app, next(s for s in scene.hands[0] if s.card in scene.playable_cards()).rect().center)
    calls = [(e.who, e.text) for e in history.entries if e.kind in ("bid", "pass")]
    bids = [(scene._name(s), f"{b} ({b.credits})" if b else "Pass") for s, b in enumerate(state.bids) if state.called[s]]
    assert set(bids) <= set(calls[-len(bids):]) if bids else calls
    newest = history.entries[-1]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=history.box.center, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    app.step(1 / 60)
    assert history.back == 2 and history.entries[-1] is newest
    post_key(app, pygame.K_PAGEDOWN)
    assert history.back == 0
    post_key(app, pygame.K_h, "h")
    assert history.tall and pygame.Rect((0, 0), scene.size).contains(history.box)


def test_seven_seats_in_a_small_window_keep_the_cards_apart(app):
    scene = table(app, "nap", seats=7, seed=2)
    wait_for_call(app, scene)
    small = (820, 580)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=small, w=small[0], h=small[1]))
    app.step(1 / 60)
    window = pygame.Rect((0, 0), small)
    others = [scene.seat_box(s) for s in range(7) if s != scene.viewer]
    assert window.contains(scene.score_rect) and scene.score_rect.collidelist(others) == -1
    panel = scene.panel()
    assert window.contains(panel.box) and panel.box.collidelist(others) == -1
    assert window.contains(scene.history.box) and scene.history.box.collidelist(others) == -1
    assert not panel.box.colliderect(scene.history.box)
