"""The Abstrac solver against plain minimax, and the bots' strength and legality."""

from __future__ import annotations

import random

import pytest

from games.abstrac.bots import BOTS, take_values
from games.abstrac.rules import AbstracOptions, Choose, Take, deal_scores, new_game
from games.abstrac.scoring import mask_of
from games.abstrac.solver import Solver, final_value, solve_opening
from games.core.cards import Card, euchre_deck


def minimax(row: list[Card], mover: list[Card], other: list[Card]) -> int:
    """Plain minimax on card lists with the public scoring API: no masks, no pruning."""
    if not row:
        mine, theirs = deal_scores(mover, other)
        return mine - theirs
    return max(-minimax(row[k:], other, mover + row[:k]) for k in range(1, min(3, len(row)) + 1))


def shuffled(seed: int) -> list[Card]:
    deck = euchre_deck()
    random.Random(seed).shuffle(deck)
    return deck


@pytest.mark.parametrize("seed", range(8))
def test_solver_matches_plain_minimax_on_short_rows(seed: int) -> None:
    deck = shuffled(seed)
    length = 9 + seed % 4
    row, held_a, held_b = deck[:length], deck[length:length + 4], deck[length + 4:length + 9]
    solver = Solver(row, held_a + held_b)
    values = solver.take_values(0, mask_of(held_a))
    expected = {k: -minimax(row[k:], held_b, held_a + row[:k]) for k in range(1, 4)}
    assert values == expected


def test_final_value_agrees_with_deal_scores() -> None:
    deck = shuffled(99)
    a, b = deck[:11], deck[11:]
    mine, theirs = deal_scores(a, b)
    assert final_value(mask_of(a), mask_of(b)) == mine - theirs


def test_going_second_is_worth_minus_going_first() -> None:
    opening = solve_opening(shuffled(3))
    assert opening.second == -opening.first == -max(opening.takes.values())
    assert opening.go_first == (opening.first >= 0)
    assert opening.nodes > 0


def test_hard_bot_gets_at_least_the_solved_value() -> None:
    """With perfect play from the choice on, the chooser's result is at least the solved value."""
    for seed in range(3):
        state = new_game(AbstracOptions(deals=1), seed)
        hard = 1 - state.dealer
        value = solve_opening(state.row).first
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.to_act()[0]
            bot = BOTS["hard"] if seat == hard else BOTS["easy"]
            state.apply(bot(state.view(seat), rng))
        # The chooser goes first when that is worth V >= 0, else second, worth -V: |V| at least.
        assert state.totals[hard] - state.totals[1 - hard] >= abs(value)


def test_hint_values_come_from_the_view() -> None:
    state = new_game(AbstracOptions(deals=1), seed=8)
    seat = state.to_act()[0]
    state.apply(Choose(seat, True))
    state.apply(Take(seat, 2))
    view = state.view(1 - seat)
    values = take_values(view)
    assert set(values) == {1, 2, 3}
    best = max(values.values())
    after = BOTS["hard"](view, random.Random(0))
    assert values[after.count] == best
