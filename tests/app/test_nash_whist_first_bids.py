"""Nash Whist's auction panel for a newcomer, driven by posted pygame events: the first
choices are Pass and the bids that matter now, each with what it asks and pays; the line
under the title is the computer's own reading of the hand; a bid is made by a click on
the new panel; M (or "More bids") shows every bid and M again the first few; at 800x560 the
list fits without wrapping or scrolling and the pot does not show at the panel's edge."""

from __future__ import annotations

from random import Random

import pygame
import pytest

from app.window.tables import nash_whist as table_module
from games.nash_whist import bids as nwb
from games.nash_whist import bots
from games.nash_whist import rules as nw
from tests.app.ui_driver import FRAME, click, make_app, post_key, step_until, table


def first_call(size: tuple[int, int], seed: int = 3):
    app = make_app(size)
    app.settings.animation_speed = "fast"
    scene = table(app, "nash_whist", seats=4, seed=seed)
    step_until(app, lambda: scene.choosing_call(), frames=8000)
    app.step(FRAME)
    return app, scene


@pytest.fixture
def big():
    app, scene = first_call((1280, 800))
    yield app, scene
    pygame.quit()


def test_the_first_choices_are_pass_and_the_bids_that_matter_each_with_its_meaning(big):
    app, scene = big
    panel = scene.panel()
    legal = scene.session.state.legal_actions(scene.viewer)
    bids = [c for c in panel.choices if isinstance(c.action, nw.MakeBid)]
    assert panel.listed and panel.choices[0].label == "Pass" and panel.choices[-1].label == "More bids"
    assert 3 <= len(bids) <= 6 < len([a for a in legal if isinstance(a, nw.MakeBid)])
    assert all(c.action in legal for c in bids)
    kinds = {c.action.bid.kind for c in bids}
    assert {nwb.IN, nwb.OUT, nwb.NO_TRUMPS} <= kinds       # each way to play, at its cheapest
    for choice in bids:
        bid = choice.action.bid
        assert f"win {bid.pay} chip" in choice.meaning, choice.meaning
        same_way = [a.bid for a in legal if isinstance(a, nw.MakeBid) and a.bid.kind == bid.kind and a.bid.suit == bid.suit]
        assert bid == min(same_way) or bid == scene._suggested(scene.view_now())[0]   # the cheapest, or the advice
    six_out = next(c for c in bids if c.action.bid.kind == nwb.OUT)
    suit = six_out.action.bid.suit
    assert six_out.meaning == f"Take {six_out.action.bid.level} tricks alone with {suit.title} as trumps, " \
                              f"win {six_out.action.bid.pay} chips from each"
    assert "♠♥♦♣"["SHDC".index(suit.value)] in six_out.label          # "Six-Out ♣": the suit's sign


def test_the_suggestion_is_the_computers_own_estimate_of_the_hand(big):
    app, scene = big
    view = scene.view_now()
    estimate = bots.estimates(view)
    best = max(estimate, key=lambda t: estimate[t])
    note = " · ".join(scene.panel().note_lines)
    trumps = "no trumps" if best is None else f"{best.title} as trumps"
    assert note.startswith(f"Your hand looks good for about {round(estimate[best])} tricks alone, with {trumps}")
    action = bots.normal_bid(view, Random(0))
    said = "pass" if isinstance(action, nw.Pass) else "Cop" if isinstance(action, nw.Cop) else "bid "
    assert f"a computer player would {said}" in note


def test_a_bid_is_made_by_a_click_on_the_first_panel(big):
    app, scene = big
    panel = scene.panel()
    index = next(i for i, c in enumerate(panel.choices) if isinstance(c.action, nw.MakeBid))
    wanted = panel.choices[index].action
    click(app, panel.rect_of(index).center)
    assert scene.session.actions[-1] == wanted


def test_m_shows_every_bid_and_m_again_the_first_few(big):
    app, scene = big
    first = [c.action for c in scene.panel().choices]
    post_key(app, pygame.K_m, "m")
    every = scene.panel()
    assert scene.all_bids and not every.listed and every.choices[-1].label == "Fewer bids"
    assert len(every.choices) > len(first)
    click(app, every.rect_of(len(every.choices) - 1).center)     # "Fewer bids" by the mouse
    assert not scene.all_bids and [c.action for c in scene.panel().choices] == first
    assert scene.session.actions == [] or not isinstance(scene.session.actions[-1], nw.MakeBid)


def test_at_800x560_the_list_fits_unwrapped_and_the_pot_does_not_show_through(monkeypatch):
    drawn: list[str] = []
    real = table_module.render_text
    monkeypatch.setattr(table_module, "render_text", lambda text, *a, **k: drawn.append(text) or real(text, *a, **k))
    app, scene = first_call((800, 560))
    try:
        panel = scene.panel()
        window = pygame.Rect(0, 0, 800, 560)
        assert window.contains(panel.box) and not panel.scrollable and not panel.overflows
        assert len({panel.rect_of(i).width for i in range(len(panel.choices))}) == 1   # one width, one a line
        assert len(panel.lines) == len(panel.choices)
        assert panel.box.collidepoint(*map(round, scene.pot_at))
        drawn.clear()
        app.step(FRAME)
        assert not any(text.startswith("Pot ") for text in drawn)
    finally:
        pygame.quit()
