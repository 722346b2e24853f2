"""Headless UI tests for the Spoons table: real key events, a fake input clock, frame by
frame. A human marks a card with a number key, and one press takes the next card and passes
the marked one; then grabs, and sees (and hears) the others grab."""

from __future__ import annotations

import pygame
import pytest

from app.window.scenes.realtime import COUNTDOWN
from app.core.session import SeatPlan, Session, Setup
from app.window.tables.spoons import SpoonsTable
from games.core.cards import cards
from games.spoons import rules as sr
from games.spoons import spec as spoons_spec

from tests.games.test_spoons_rules import give
from tests.app.ui_driver import FRAME_MS, fake_clock_app, frame, say_ready

@pytest.fixture
def app():
    application = fake_clock_app(10_000)
    yield application
    pygame.quit()


def press(app, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))


def open_table(app, variant: str = "spoons", seats: int = 4, humans: int = 1) -> SpoonsTable:
    plans = [SeatPlan(i < humans, "easy") for i in range(seats)]
    scene = SpoonsTable(app, Session(spoons_spec(), Setup("spoons", plans, {"variant": variant}, 4)))
    app.start(scene)
    state = scene.session.state
    state.dealer = 0                  # the human deals: the stock is always there to take from
    say_ready(app)
    frame(app, int(COUNTDOWN * 1000 / FRAME_MS) + 2)
    assert scene.playing
    return scene


def second_player_takes_the_5d(app, state: sr.SpoonsState) -> None:
    """P2, holding two fives and two eights, takes the 5D waiting at their left. (P1 deals and
    passes to their right, P4: P2 is the dealer's left, fed by P3.)"""
    give(state, 1, "5S 5H 8D 8C")
    five = cards("5D")[0]
    if five in state.stock:
        state.stock.remove(five)
    else:                                        # a swap with the stock: no card made up
        zone = next(z for z in (*state.hands, *state.queues, state.discard) if five in z)
        zone[zone.index(five)] = state.stock.pop(0)
    state.queues[1].insert(0, five)
    press(app, pygame.K_p)                       # P2 takes the 5D


def test_mark_a_card_then_one_press_takes_the_next_and_passes_it(app):
    scene = open_table(app)
    state = scene.session.state
    chosen = state.hands[0][1]
    press(app, pygame.K_2)                       # mark the second card
    press(app, pygame.K_q)                       # one press: take from the stock, pass the mark
    frame(app, 3)
    assert chosen not in state.hands[0] and len(state.hands[0]) == 4
    assert any(line.startswith(f"P1 passes {chosen} to P4") for line in map(str, scene.log))   # to the right
    assert not scene.chosen                      # the mark is spent: the next press passes the thinnest rank


def test_each_press_passes_one_card_so_the_cards_waiting_do_not_pile_up(app):
    """The issue's 30 cards waiting: at two presses a card a keyboard player fell behind.
    Now every press moves one card through the hand, and the hand stays at four."""
    scene = open_table(app, humans=1)
    state = scene.session.state
    passed = sum(1 for line in map(str, scene.log) if line.startswith("P1 passes"))
    for _ in range(10):
        press(app, pygame.K_q)
        frame(app, 3)
        assert len(state.hands[0]) == sr.HAND
    assert sum(1 for line in map(str, scene.log) if line.startswith("P1 passes")) == passed + 10


def test_a_five_card_hand_passes_at_one_press(app):
    scene = open_table(app)
    state = scene.session.state
    state.hands[0].append(state.stock.pop())     # (a take answered, its pass not yet sent)
    press(app, pygame.K_q)
    frame(app, 2)
    assert len(state.hands[0]) == sr.HAND


def test_grab_a_spoon_with_four_of_a_kind_and_the_scramble_follows(app):
    scene = open_table(app)
    state = scene.session.state
    give(state, 0, "9S 9H 9D 9C")
    scene.replan()
    press(app, pygame.K_w)
    frame(app, 2)
    assert state.grabbed[:1] == [0]
    owned = [s for s in scene.spoons if s.owner == 0]
    assert len(owned) == 1
    frame(app, 400)                              # the bots scramble for the rest
    assert state.letters[0] == 0 and sum(state.letters) == 1


def test_a_false_grab_costs_the_human_a_letter(app):
    scene = open_table(app)
    state = scene.session.state
    give(state, 0, "9S 9H 9D 2C")
    scene.replan()
    press(app, pygame.K_w)
    frame(app, 2)
    assert state.letters[0] == 1
    assert any("false grab" in line for line in map(str, scene.log))


def test_pig_nose_key_and_the_table_draws(app):
    scene = open_table(app, "pig", seats=5)
    state = scene.session.state
    give(state, 0, "KS KH KD KC")
    scene.replan()
    press(app, pygame.K_w)
    frame(app, 3)
    assert state.grabbed[:1] == [0]
    frame(app, 30)
    scene.draw(app.screen)


def test_a_second_keyboard_player_passes_their_thinnest_rank(app):
    scene = open_table(app, humans=2)
    state = scene.session.state
    give(state, 1, "5S 5H 8D 8C")
    second_player_takes_the_5d(app, state)      # and in the same press passes an eight
    frame(app, 3)
    assert sorted(map(str, state.hands[1]))[:3] == ["5D", "5H", "5S"] and len(state.hands[1]) == 4


def test_a_second_keyboard_player_chooses_the_card_with_their_choose_key(app):
    scene = open_table(app, humans=2)
    state = scene.session.state
    give(state, 1, "5S 5H 8D 8C")
    hand = list(state.hands[1])
    default = scene._default_pick(hand)
    press(app, pygame.K_RIGHTBRACKET)            # P2's choose key marks the card after the default
    frame(app)
    wanted = hand[(default + 1) % len(hand)]
    second_player_takes_the_5d(app, state)      # one press: take the 5D, pass the marked card
    frame(app, 3)
    assert wanted not in state.hands[1] and len(state.hands[1]) == 4


def test_once_out_for_good_the_keys_go_and_enter_skips_to_the_result(app):
    from collections import Counter

    from app.window.scenes.results import ResultsScene

    scene = open_table(app)
    state = scene.session.state
    before = Counter(state.all_cards())
    assert scene.keycaps(0, 14) is not None and not scene.humans_out
    state.letters[0] = len(state.options.word) - 1  # one letter short, and P2 holds four
    give(state, 1, "5S 5H 5D 5C")                     # fives: the bots grab, the human is out
    scene.replan()
    for _ in range(20_000):
        if scene.humans_out:
            break
        app.clock_fake.now += 50
        app.scenes.update(0.05)
    frame(app, 2)
    assert scene.humans_out and scene.keycaps(0, 14) is None
    assert scene.skip_offer().startswith("You are out")
    press(app, pygame.K_RETURN)
    frame(app, 2)
    assert isinstance(app.scenes.top, ResultsScene) and state.is_over()
    assert Counter(state.all_cards()) == before


def test_the_first_grab_by_another_sounds_the_alarm_and_shows_until_you_have_a_spoon(app, monkeypatch):
    from app.window import synth

    heard: list[str] = []
    monkeypatch.setattr(synth, "play", heard.append)
    scene = open_table(app)
    state = scene.session.state
    give(state, 2, "9S 9H 9D 9C")                # a computer player holds four of a kind
    scene.driver.submit([sr.Grab(2, state.now_ms + 1)])
    frame(app, 2)
    assert state.grabbed[:1] == [2] and "alarm" in heard
    assert scene.alarm > 0 and scene.banner[0] == f"{scene.people[2]} grabs a spoon! Grab!"
    free = next(s for s in scene.spoons if s.owner is None)
    scene.draw(app.screen)
    edge = app.screen.get_at((1, app.screen.get_height() // 2))
    assert edge.r > 150 and edge.g < 120, f"no red edge round the window: {edge}"
    shaken = [scene.alarm]
    frame(app)
    assert scene.alarm < shaken[0] and free.owner is None
    press(app, pygame.K_w)                       # you grab: the alarm has done its work
    frame(app, 2)
    assert 0 in state.grabbed and scene.alarm == 0
