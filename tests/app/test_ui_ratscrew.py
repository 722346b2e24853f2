"""Headless UI tests for the real-time base and the Ratscrew table: real key events are
posted, the app's input clock is a fake one, and frames run one by one."""

from __future__ import annotations

import pygame
import pytest

from app.window.scenes.pause import PauseScene
from app.window.scenes.realtime import COUNTDOWN
from app.core.session import SeatPlan, Session, Setup
from app.window.tables.ratscrew import RatscrewTable
from games.core.cards import cards
from games.ratscrew import rules as rs
from games.ratscrew import spec as ratscrew_spec

from tests.app.ui_driver import FRAME_MS, fake_clock_app, frame, say_ready

@pytest.fixture
def app():
    application = fake_clock_app(10_000)
    yield application
    pygame.quit()


def open_table(app, humans: int, seats: int, seed: int = 5, level: str = "normal") -> RatscrewTable:
    spec = ratscrew_spec()
    plans = [SeatPlan(i < humans, level) for i in range(seats)]
    scene = RatscrewTable(app, Session(spec, Setup("ratscrew", plans, {}, seed)))
    app.start(scene)
    say_ready(app)
    frame(app, int(COUNTDOWN * 1000 / FRAME_MS) + 2)
    assert scene.playing
    return scene


def put_pile(scene: RatscrewTable, text: str) -> None:
    """Lay live cards on the pile (taken from the stacks, so no card is made up)."""
    state = scene.session.state
    for card in cards(text):
        for stack in state.stacks:
            if card in stack:
                stack.remove(card)
                break
        state.pile.append(rs.PileCard(card, True, None))
    scene.sync(scene.current_view())
    scene.view = scene.current_view()


def press(app, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))


def test_two_slaps_five_ms_apart_in_one_frame_go_to_the_first(app):
    scene = open_table(app, humans=2, seats=2)
    put_pile(scene, "7S 7H")
    before = len(scene.session.state.stacks[0])
    # P2 presses first and P1 5 ms later, both inside one frame: the shell reads input
    # between frames, stamping each key as it reads it.
    press(app, pygame.K_LEFTBRACKET)
    app.poll_input()
    app.clock_fake.now += 5
    press(app, pygame.K_w)
    app.poll_input()
    frame(app)
    events = [e for e in map(str, scene.log) if "slap" in e or "beat" in e]
    assert events[0].startswith("P2 slaps a pair")
    assert "P2 beat P1 by 5 ms" in events
    assert scene.race[0] == f"{scene.people[1]} by 5 ms" and scene.race[1] > 0
    assert scene.session.state.turn == 1 and len(scene.session.state.stacks[0]) == before  # no penalty


def test_the_order_is_the_order_of_the_keys_not_of_the_seats(app):
    scene = open_table(app, humans=2, seats=2)
    put_pile(scene, "9S 9D")
    press(app, pygame.K_w)
    app.poll_input()
    app.clock_fake.now += 5
    press(app, pygame.K_LEFTBRACKET)
    app.poll_input()
    frame(app)
    assert scene.session.state.turn == 0 and scene.race[0] == f"{scene.people[0]} by 5 ms"


def test_keys_do_nothing_during_the_countdown(app):
    spec = ratscrew_spec()
    scene = RatscrewTable(app, Session(spec, Setup("ratscrew", [SeatPlan(True), SeatPlan(True)], {}, 5)))
    app.start(scene)
    say_ready(app)
    frame(app, 10)
    press(app, pygame.K_w)
    frame(app)
    assert scene.countdown > 0 and scene.session.actions == []


def test_a_false_slap_flashes_red_and_slides_the_penalty_under_the_pile(app):
    scene = open_table(app, humans=1, seats=2)
    put_pile(scene, "7S 8H")
    before = len(scene.session.state.stacks[0])
    press(app, pygame.K_w)
    frame(app)
    state = scene.session.state
    assert len(state.stacks[0]) == before - 1
    assert scene.flash > 0 and scene.flash_seat == 0
    paid = state.pile[0]
    assert not paid.live and scene.pile[0].card == paid.card and scene.pile[0].dim
    frame(app, 40)
    assert scene.pile[0].pos == pytest.approx(scene.pile_spots()[0][:2], abs=1)


def test_flip_key_flips_on_my_turn_and_a_click_on_the_pile_slaps(app):
    scene = open_table(app, humans=1, seats=2)
    state = scene.session.state
    state.turn = 0
    count = len(state.stacks[0])
    press(app, pygame.K_q)
    frame(app)
    assert len(state.stacks[0]) == count - 1 and state.pile[-1].live
    put_pile(scene, "5C 5D")
    centre = scene.pile_rect().center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre, button=1))
    frame(app)
    assert any(line.startswith("P1 slaps a pair") for line in map(str, scene.log))


def test_losing_focus_or_esc_pauses_and_the_clock_stops(app):
    scene = open_table(app, humans=1, seats=3)
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSLOST, window=None))
    frame(app)
    assert isinstance(app.scenes.top, PauseScene)
    stopped = scene.game_ms
    frame(app, 30)
    assert scene.game_ms == stopped
    press(app, pygame.K_ESCAPE)
    frame(app)
    assert app.scenes.top is scene and scene.countdown > 0   # a short countdown to resume
    press(app, pygame.K_ESCAPE)
    frame(app)
    assert isinstance(app.scenes.top, PauseScene)


@pytest.mark.slow
def test_bots_play_a_whole_game_to_the_results(app):
    from app.window.scenes.results import ResultsScene

    app.settings.animation_speed = "fast"
    scene = open_table(app, humans=0, seats=2, seed=2, level="hard")
    for i in range(40_000):
        if isinstance(app.scenes.top, ResultsScene):
            break
        app.clock_fake.now += 50
        app.scenes.update(0.05)   # the table's logic; a frame is drawn now and then
        if i % 50 == 0:
            app.scenes.draw(app.screen)
    assert isinstance(app.scenes.top, ResultsScene)
    assert scene.session.state.is_over()


def test_each_human_sees_their_keys_at_their_seat(app):
    scene = open_table(app, humans=2, seats=3)
    assert scene.keys.labels(0) == ("Q", "W") and scene.keys.labels(1) == ("P", "[")
    assert scene.keycaps(0, 14) is not None and scene.keycaps(2, 14) is None


def test_the_setup_screen_shows_each_humans_keys(app):
    from app.window.scenes.setup import SetupScene
    from app.core.session import Setup as GameSetup

    spec = ratscrew_spec()
    plans = [SeatPlan(True), SeatPlan(False), SeatPlan(True)]
    scene = SetupScene(app, spec, GameSetup("ratscrew", plans, {}, None))
    labels = [scene.rows[i].value() for i in sorted(scene.seat_rows)]
    assert labels == ["Human · Q flip · W slap", "Computer (normal)", "Human · P flip · [ slap"]


def test_a_gamepad_button_slaps_for_the_first_human(app):
    scene = open_table(app, humans=1, seats=2)
    put_pile(scene, "6C 6D")
    pygame.event.post(pygame.event.Event(pygame.JOYBUTTONDOWN, button=1, joy=0, instance_id=0))
    frame(app)
    assert any(line.startswith("P1 slaps a pair") for line in map(str, scene.log))


def test_the_top_three_live_cards_fan_out_even_under_a_dead_card(app):
    scene = open_table(app, humans=1, seats=2)
    put_pile(scene, "2C 3C 4C 5C")
    scene.session.state.turn = 0
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q, mod=0, unicode="", scancode=0))
    scene.session.state.turn = 1           # so P1's flip is out of turn: a dead card on top
    frame(app)
    assert scene.pile[-1].dim
    spots = scene.pile_spots()
    live_x = [spots[i][0] for i in (-4, -3, -2)]
    assert live_x[0] < live_x[1] < live_x[2]          # 3C, 4C, 5C side by side
    assert spots[-1][1] > spots[-2][1]                # the dead card sits lower


def test_a_human_who_is_out_may_skip_to_the_result(app):
    """Out of cards, the human may wait to slap back in (the keys stay) or press Enter,
    which plays the rest at once, as the simulator would; the results follow."""
    from collections import Counter

    from app.window.scenes.results import ResultsScene

    scene = open_table(app, humans=1, seats=3)
    state = scene.session.state
    before = Counter(state.all_cards())
    press(app, pygame.K_RETURN)
    frame(app, 2)
    assert app.scenes.top is scene and not state.is_over()   # Enter does nothing while in
    state.stacks[1].extend(state.stacks[0])                    # the human's cards go to P2
    state.stacks[0].clear()
    scene.replan()
    frame(app, 2)
    assert scene.humans_out and scene.keycaps(0, 14) is not None and "slap" in scene.skip_offer()
    acted = len(scene.session.actions)
    press(app, pygame.K_RETURN)
    frame(app, 2)
    assert isinstance(app.scenes.top, ResultsScene)
    assert state.is_over() and len(scene.session.actions) > acted
    assert Counter(state.all_cards()) == before


@pytest.mark.parametrize("top, said", [("AS", "You flip an Ace: 4 to answer"), ("JH", "You flip a Jack: 1 to answer")])
def test_flipping_a_challenge_card_says_it_in_plain_words(app, top, said):
    scene = open_table(app, humans=1, seats=2)
    state = scene.session.state
    state.turn = 0
    card = cards(top)[0]
    for stack in state.stacks:
        if card in stack:
            stack.remove(card)
    state.stacks[0].append(card)       # the top of the stack: the next card flipped
    press(app, pygame.K_q)
    frame(app)
    assert state.pile[-1].card == card
    assert scene.banner is not None and scene.banner[0] == said


@pytest.mark.parametrize("size", [(1280, 800), (800, 560)])
@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_the_status_line_never_covers_a_seat_s_key_caps(size, seats):
    """Everyone at the keys (up to four) sees their key caps whole: the "… to flip" line
    between the top seat and the pile keeps clear of them (at 800x560 the top seat's caps
    go beside its plate), and so does the band a longer line may take."""
    app = fake_clock_app(10_000, size)
    try:
        scene = open_table(app, humans=min(4, seats), seats=seats)
        frame(app)
        assert scene.status_box is not None and "flip" in scene.status_text(scene.view)
        assert sorted(scene.caps_boxes) == list(range(min(4, seats)))
        for seat, caps in scene.caps_boxes.items():
            assert pygame.Rect((0, 0), size).contains(caps)
            assert not caps.colliderect(scene.status_box), (seat, caps, scene.status_box)
            assert not caps.colliderect(scene.status_strip()), (seat, caps, scene.status_strip())
            assert caps.collidelist([r for r in scene.taken if r is not caps]) < 0, (seat, caps)
    finally:
        pygame.quit()
