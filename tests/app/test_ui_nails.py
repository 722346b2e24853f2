"""Headless UI tests for the Nails table: keys and mouse buttons become calls at their
stamped times, the match is shown after a call, and the colour-blind switch."""

from __future__ import annotations

import pygame
import pytest

from app.window.scenes.realtime import COUNTDOWN
from app.core.session import SeatPlan, Session, Setup
from app.window.tables.nails import NailsTable
from games.nails import spec as nails_spec
from games.nails.rings import hit
from games.nails import rules as nr
from games.nails.rules import REVEAL_MS

from tests.app.ui_driver import FRAME_MS, fake_clock_app, frame, say_ready

@pytest.fixture
def app():
    application = fake_clock_app(5_000)
    yield application
    pygame.quit()


def open_table(app, humans: int, seats: int) -> NailsTable:
    plans = [SeatPlan(i < humans, "easy") for i in range(seats)]
    scene = NailsTable(app, Session(nails_spec(), Setup("nails", plans, {}, 4)))
    app.start(scene)
    say_ready(app)
    frame(app, int((COUNTDOWN * 1000 + REVEAL_MS) / FRAME_MS) + 4)
    assert scene.session.state.calling
    return scene


def press(app, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))


def test_the_faster_of_two_keys_in_one_frame_makes_the_call(app):
    scene = open_table(app, humans=2, seats=2)
    truth = hit(*scene.session.state.up)
    press(app, pygame.K_p if truth else pygame.K_LEFTBRACKET)   # P2 right, first
    app.poll_input()
    app.clock_fake.now += 5
    press(app, pygame.K_w)                                      # P1 5 ms later
    app.poll_input()
    frame(app)
    called = scene.session.state.last
    assert called.seat == 1 and called.correct
    assert scene.race[0] == f"{scene.people[1]} by 5 ms"
    assert scene.last_call == called and len(scene.session.state.wins[1]) == 2


def test_mouse_buttons_on_a_card_call_hit_and_miss(app):
    scene = open_table(app, humans=1, seats=2)
    centre = tuple(round(v) for v in scene.card_at[1])
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre, button=3))
    frame(app)
    called = scene.session.state.last
    assert called.seat == 0 and called.says_hit is False


def test_a_call_before_the_cards_turn_up_does_nothing(app):
    scene = open_table(app, humans=1, seats=2)
    press(app, pygame.K_q)
    frame(app)
    assert scene.session.state.last is not None
    frame(app, 40)                      # past the late-call window, before the next cards
    count = len(scene.session.actions)
    press(app, pygame.K_q)
    frame(app)
    assert len(scene.session.actions) == count and scene.message_time > 0


def test_c_switches_colour_blind_dots(app):
    scene = open_table(app, humans=1, seats=3)
    assert not scene.colour_blind
    press(app, pygame.K_c)
    frame(app)
    assert scene.colour_blind and app.settings.colourblind_nails


def test_the_matching_dots_are_drawn_after_a_call(app):
    scene = open_table(app, humans=1, seats=2)
    press(app, pygame.K_q)
    frame(app)
    from app.window.render.nails import dot_centre, dot_radius

    match = scene.last_call.match
    assert match.count >= 1 and len(scene.pair) == 2
    frame(app, 20)   # the rings fade in
    scene.draw(app.screen)
    for sprite, positions in zip(scene.pair, (match.on_a, match.on_b)):
        for position in positions:
            dx, dy = dot_centre(scene.diameter, position)
            edge = (round(sprite.x + dx), round(sprite.y + dy - dot_radius(scene.diameter) * 1.45 + 2))
            r, g, b, *_ = app.screen.get_at(edge)
            assert r > 200 and g > 160 and b < 140, f"no gold ring at dot {position}: {(r, g, b)}"


# --- every honest press is answered (issue 28, 6) --------------------------------------------

def open_before_the_cards(app, humans: int = 1, seats: int = 2) -> NailsTable:
    """The table just after the countdown, the first two cards still face down."""
    plans = [SeatPlan(i < humans, "easy") for i in range(seats)]
    scene = NailsTable(app, Session(nails_spec(), Setup("nails", plans, {}, 4)))
    app.start(scene)
    say_ready(app)
    frame(app, int(COUNTDOWN * 1000 / FRAME_MS) + 4)
    assert scene.playing and scene.session.state.up is None
    return scene


def test_a_press_too_early_is_refused_and_the_first_press_once_the_cards_are_up_counts(app):
    scene = open_before_the_cards(app)
    press(app, pygame.K_q)
    frame(app)
    assert scene.session.actions == [] and scene.message_time > 0
    assert scene.message.startswith("Too early")
    frame(app, int(REVEAL_MS / FRAME_MS))           # the cards turn up: the refusal goes
    assert scene.session.state.calling and scene.message_time == 0
    press(app, pygame.K_w)
    frame(app)
    called = scene.session.state.last
    assert called is not None and called.seat == 0 and called.says_hit is False


def test_a_press_after_someone_else_called_says_who_and_the_next_pair_takes_presses(app):
    scene = open_table(app, humans=2, seats=2)
    press(app, pygame.K_p)                          # the second player calls this pair
    frame(app, 40)                                  # past the late-call window
    press(app, pygame.K_q)
    frame(app)
    assert scene.message.startswith(f"{scene.people[1]} called first")
    before = len(scene.session.actions)
    frame(app, int(nr.RESULT_MS / FRAME_MS))        # the next two turn up
    assert scene.session.state.calling and scene.message_time == 0
    assert "wait for the cards" not in scene.round_text(scene.view)
    press(app, pygame.K_q)
    frame(app)
    assert len(scene.session.actions) == before + 1 and scene.session.state.last.seat == 0


def test_the_round_label_says_to_wait_until_the_cards_are_up(app):
    scene = open_before_the_cards(app)
    assert scene.round_text(scene.view).endswith("wait for the cards")
    frame(app, int(REVEAL_MS / FRAME_MS) + 1)
    assert scene.round_text(scene.view).endswith("hit or miss?")


def test_a_right_call_that_pays_a_debt_says_whose_pile_grows(app):
    """Rosa (here the second player) calls right while she owes two: she takes the pair and
    the two she owed go to the first player, whose count rises: the verdict says so, and
    the "+2" shows at each pile that grew."""
    scene = open_table(app, humans=2, seats=2)
    scene.session.state.debts[1] = 2
    truth = hit(*scene.session.state.up)
    press(app, pygame.K_p if truth else pygame.K_LEFTBRACKET)
    frame(app)
    state = scene.session.state
    assert state.last.correct and len(state.wins[0]) == 2 and len(state.wins[1]) == 0
    second, first = scene.people[1], scene.people[0]
    assert scene.fate == [f"{second} takes both cards", f"{second} gives 2 to {first}"]
    assert {(seat, text) for seat, text, _ in scene.gains} == {(1, "+2"), (1, "−2"), (0, "+2")}
    box, title, why, fate = scene.verdict_box(state.last)
    assert fate.get_width() > 0 and box.width >= fate.get_width()


def test_rules_text_says_an_early_call_costs_nothing():
    from games.nails.text import RULES

    assert "refused and costs nothing" in RULES and "that call counts" in RULES


def test_a_refusal_from_the_server_also_goes_when_the_cards_turn_up(app):
    """At a networked table the server's refusal is said through the same hook."""
    scene = open_before_the_cards(app)
    scene.say_refusal("Not allowed: too early: call once both cards are face up", 2.0)
    frame(app, int(REVEAL_MS / FRAME_MS))
    assert scene.session.state.calling and scene.message_time == 0
