"""The coach reviews Nash Whist's bids: the tricks the hand could take with each choice of
trumps (an estimate: a declarer alone against three is beyond the solvers), and a Cop with
the proposer opposite solved double-dummy as the partnership it is."""

from __future__ import annotations

from random import Random
from typing import Any

from app.core.words.review_words import decision_lines
from games.core.double_dummy import Position, solve
from games.core.tricks import TrumpRules
from games.nash_whist import analysis
from games.nash_whist.bots import estimates
from games.nash_whist.rules import Cop, MakeBid, NashWhistOptions, new_game


def auction(seed: int) -> tuple[NashWhistOptions, list[Any]]:
    """The first auction of a four-handed game, bid by normal players."""
    from games.nash_whist.bots import normal

    options = NashWhistOptions(seats=4)
    state, rng, actions = new_game(options, seed), Random(seed), []
    while state.phase == "bid":
        action = normal(state.view(state.to_act()[0]), rng)
        actions.append(action)
        state.apply(action)
    return options, actions


def bids_of(seed: int, seat: int) -> list[Any]:
    options, actions = auction(seed)
    return [d for d in analysis.review(options, seed, actions, seat).decisions if d.kind == "bid"]


def test_every_call_of_the_seat_is_judged_against_its_estimates() -> None:
    _, actions = auction(7)  # seat 2 bids Seven-In
    decisions = bids_of(7, 2)
    assert [d.index for d in decisions] == [i for i, a in enumerate(actions) if a.seat == 2]
    bid = next(d for d in decisions if isinstance(actions[d.index], MakeBid))
    data = bid.analysis.extra["bid"]
    assert data["bid"] == "Seven-In" and data["needs"] == 7 and data["trumps"] == data["initial"]
    assert set(data["estimate"]) == {"NT", "S", "H", "D", "C"}
    assert data["expected"] == data["estimate"][data["initial"]]
    assert "double_dummy" not in data  # alone against three: not solved
    words = decision_lines(bid, "tricks")
    assert any(line.startswith("Tricks alone, estimated:") for line in words)
    assert words[-1].startswith("Seven-In (needs 7): estimated ")


def test_the_estimates_are_the_hand_evaluators() -> None:
    options, actions = auction(7)
    state = new_game(options, 7)
    for index, action in enumerate(actions):
        if action.seat == 2:
            table = estimates(state.view(2))
            data = analysis.bid_analysis(state, 2, action).extra["bid"]
            assert data["estimate"] == {("NT" if t is None else t.value): round(v, 1) for t, v in table.items()}
        state.apply(action)


def test_a_cop_opposite_the_proposer_is_solved_as_a_partnership() -> None:
    options, actions = auction(4)  # seat 2 Props, seat 3 passes, seat 0 Cops
    assert isinstance(actions[2], Cop) and actions[2].seat == 0
    cop = next(d for d in bids_of(4, 0) if d.index == 2)
    data = cop.analysis.extra["bid"]
    state = new_game(options, 4)
    for action in actions[:2]:
        state.apply(action)
    trump = state.view(0).initial_trump
    position = Position.of(state.hands, TrumpRules(trump), state.view(0).hot_seat, sides=(0, 1, 0, 1))
    together = max(solve(position).values())
    if position.side(state.view(0).hot_seat) != 0:
        together = 13 - together
    assert data["double_dummy"] == {trump.value: together}
    assert data["makes"] == (together >= 8) and data["needs"] == 8
    assert decision_lines(cop, "tricks")[-1].startswith(f"Cop (needs 8 together): with every hand open the two take {together}")
