"""The one real-time driver (games/core/realtime.py): humans' stamped actions and bots' plans
applied in time order, however the game time is sliced, with refusals reported."""

from __future__ import annotations

from random import Random

import pytest

from games.core.cards import cards
from games.core.realtime import RealtimeDriver, play_realtime, replay_timed
from games.ratscrew import rules
from games.ratscrew.rules import COLLECT_MS, FalseSlap, Flip, PileCard, RatscrewOptions, Slap
from games.registry import GAMES


def two_humans(pile: str = "") -> rules.RatscrewState:
    state = rules.new_game(RatscrewOptions(seats=2), seed=1)
    state.stacks = [cards("2C 3C 4C"), cards("5D 6D 8D")]
    state.pile = [PileCard(c, True, None) for c in cards(pile)]
    state.turn = 0
    return state


@pytest.mark.slow
@pytest.mark.parametrize("game_id", [g for g, s in GAMES.items() if s.realtime])
@pytest.mark.parametrize("slice_ms", [1, 16, 97, 250])
def test_any_slicing_of_the_game_time_plays_the_simulators_game(game_id, slice_ms):
    """A table runs the driver frame by frame, the simulator in one go: the same game."""
    spec = GAMES[game_id]
    options = spec.make_options(seats=3)
    bots = [spec.bots[level] for level in ("easy", "normal", "hard")]
    record = play_realtime(spec, options, seed=2, bots=bots)
    state = spec.new_game(options, 2)
    driver = RealtimeDriver(state, dict(enumerate(bots)), Random(2))
    end = 0
    while not state.is_over():
        end += slice_ms
        driver.run_until(end)
    assert driver.actions == record.actions and driver.refused == record.refused
    assert replay_timed(spec, options, 2, driver.actions, state.now_ms) == state


def test_presses_go_in_the_order_of_their_stamps_not_of_their_arrival():
    state = two_humans("7S 7H")
    driver = RealtimeDriver(state, {}, Random(0))
    driver.submit([Slap(0, 105), Slap(1, 100)])     # P2 pressed 5 ms before P1, read after
    events = driver.run_until(116)
    assert [a.seat for a in driver.actions] == [1, 0]
    assert type(events[0]).__name__ == "Slapped" and events[0].seat == 1 and state.now_ms == 116


def test_presses_stamped_the_same_millisecond_keep_the_order_they_came_in():
    state = two_humans("7S 7H")
    driver = RealtimeDriver(state, {}, Random(0))
    driver.submit([Slap(1, 100)])
    driver.submit([Slap(0, 100)])
    driver.run_until(100)
    assert driver.actions[0] == Slap(1, 100)


def test_a_human_goes_before_a_bot_stamped_the_same_millisecond():
    state = two_humans("9S 9H")

    def slaps_at_100(view, now_ms, rng):
        return [Slap(view.seat, 100)] if view.now_ms < 100 else []

    driver = RealtimeDriver(state, {1: slaps_at_100}, Random(0))
    driver.submit([Slap(0, 100)])
    driver.run_until(200)
    assert driver.actions[0] == Slap(0, 100)


def test_a_refused_human_action_is_reported_with_its_reason_and_not_logged():
    state = two_humans()
    log: list = []
    driver = RealtimeDriver(state, {}, Random(0), log=log)
    driver.run_until(60)
    driver.submit([Flip(0, 50)])                     # stamped before the table's clock
    driver.run_until(65)
    refusals = driver.take_refusals()
    assert [r.action for r in refusals] == [Flip(0, 50)] and "too late" in str(refusals[0].problem)
    assert log == [] and driver.take_refusals() == []
    driver.submit([Flip(0, 70)])
    driver.run_until(80)
    assert log == [Flip(0, 70)] and driver.actions is log


def test_a_timed_step_due_at_an_actions_time_fires_first():
    state = two_humans()
    state.stacks[0] = cards("2C 3C JS")
    driver = RealtimeDriver(state, {}, Random(0))
    driver.submit([Flip(0, 10), Flip(1, 20)])       # a jack, unanswered: P1 collects
    driver.run_until(20)
    assert state.next_due() == 20 + COLLECT_MS
    driver.submit([Slap(1, 20 + COLLECT_MS)])       # the same ms as the collection: after it
    events = driver.run_until(20 + COLLECT_MS)
    assert type(events[0]).__name__ == "PileWon" and isinstance(events[1], FalseSlap)


def test_bots_are_asked_again_after_anything_happens():
    state = two_humans()
    asked: list[int] = []

    def bot(view, now_ms, rng):
        asked.append(now_ms)
        return [Flip(1, now_ms + 100)] if view.turn == 1 else []

    driver = RealtimeDriver(state, {1: bot}, Random(0))
    driver.submit([Flip(0, 40)])
    driver.run_until(1000)
    assert asked[:3] == [0, 40, 140] and driver.actions[:2] == [Flip(0, 40), Flip(1, 140)]


def test_run_to_end_stops_when_only_a_human_can_move():
    state = two_humans()
    driver = RealtimeDriver(state, {}, Random(0))
    assert driver.run_to_end() == [] and not state.is_over()


@pytest.mark.parametrize("game_id", [g for g, s in GAMES.items() if s.realtime])
def test_a_listening_pace_slows_the_bots_and_the_game_still_replays_from_its_log(game_id):
    """``pace=2``: each bot takes twice the time its reaction model drew (the same draws, so
    the same first moves, each at twice its delay); the rules' timing is untouched, and the
    seed with the logged actions rebuilds the paced game exactly."""
    spec = GAMES[game_id]
    options = spec.make_options(seats=3)
    bots = {seat: spec.bots["normal"] for seat in range(3)}
    brisk = RealtimeDriver(spec.new_game(options, 4), bots, Random(4))
    paced_state = spec.new_game(options, 4)
    paced = RealtimeDriver(paced_state, bots, Random(4), pace=2.0)
    for driver in (brisk, paced):   # to the first moment a bot wants to act (Nails: the cards turned up)
        while not driver.plans:
            driver.run_until(driver.state.next_due())
    start = paced_state.now_ms
    assert brisk.state.now_ms == start, "the rules' own timing is the same"
    first, slow = brisk.plans[0], paced.plans[0]
    assert (slow.seat, type(slow)) == (first.seat, type(first))
    assert slow.at_ms - start == round((first.at_ms - start) * 2) > 0
    end = 0
    while not paced_state.is_over() and end < 600_000:
        end += 50
        paced.run_until(end)
    assert paced.actions
    assert replay_timed(spec, options, 4, paced.actions, paced_state.now_ms) == paced_state
