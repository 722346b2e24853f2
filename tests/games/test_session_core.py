"""The headless session core: seats, the action log, bots asked in place, rematch."""

from __future__ import annotations

import pytest

from games.core.protocol import IllegalAction
from games.core.session import SeatPlan, SessionCore, Setup
from games.registry import GAMES

TURN_GAMES = [g for g, spec in GAMES.items() if spec.bots and not spec.realtime]


def bot_core(game_id: str, seed: int) -> SessionCore:
    spec = GAMES[game_id]
    seats = [SeatPlan(False, ("hard", "normal", "easy")[i % 3]) for i in range(spec.default_seats)]
    return SessionCore(spec, Setup(game_id, seats, {}), seed)


def play(core: SessionCore, decisions: int) -> None:
    for _ in range(decisions):
        seat = core.bot_seat()
        if seat is None:
            return
        core.apply(core.bot_action(seat))


@pytest.mark.slow
@pytest.mark.parametrize("game_id", TURN_GAMES)
def test_a_seed_and_the_action_log_replay_the_game(game_id: str) -> None:
    core = bot_core(game_id, 4)
    play(core, 15)
    assert core.actions
    again = GAMES[game_id].new_game(core.options, 4)
    for action in core.actions:
        again.apply(action)
    assert again == core.state


def test_the_same_seed_gives_the_same_bot_choices() -> None:
    first, second = bot_core("whist", 9), bot_core("whist", 9)
    play(first, 30)
    play(second, 30)
    assert first.actions == second.actions


def test_an_illegal_action_is_not_logged() -> None:
    core = bot_core("whist", 2)
    seat = core.to_act()[0]
    other = (seat + 1) % 4
    hand = core.state.view(other).hand
    from games.core.trick_events import PlayCard

    with pytest.raises(IllegalAction):
        core.apply(PlayCard(other, hand[0]))
    assert core.actions == []


def test_only_bots_are_asked_to_act() -> None:
    spec = GAMES["whist"]
    core = SessionCore(spec, Setup.default(spec), 3)
    assert core.humans == [0]
    for _ in range(8):
        seat = core.bot_seat()
        if seat is None:
            assert core.to_act() == [0]
            return
        core.apply(core.bot_action(seat))
    raise AssertionError("the human was never asked to play")


def test_a_rematch_keeps_the_seats_and_options_with_the_new_seed() -> None:
    spec = GAMES["nap"]
    setup = Setup.default(spec, seats=3, difficulty="hard")
    core = SessionCore(spec, setup, 5)
    play(core, 3)
    again = core.rematch(6)
    assert again.setup.seats == setup.seats and again.setup is not setup
    assert again.seed == 6 and again.actions == [] and again.options == core.options


@pytest.mark.slow
@pytest.mark.parametrize("game_id", [g for g, spec in GAMES.items() if spec.realtime])
def test_a_real_time_core_runs_its_bots_through_the_driver(game_id: str) -> None:
    from games.core.realtime import play_realtime

    spec = GAMES[game_id]
    seats = [SeatPlan(False, ("hard", "normal", "easy")[i % 3]) for i in range(spec.default_seats)]
    core = SessionCore(spec, Setup(game_id, seats, {}), 7)
    driver = core.realtime_driver()
    assert core.driver is driver
    driver.run_to_end()
    bots = [spec.bots[plan.difficulty] for plan in seats]
    record = play_realtime(spec, core.options, 7, bots, bot_seed=7 * 7919 + 1)
    assert core.state.is_over() and core.actions == record.actions
