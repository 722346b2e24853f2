"""Abstrac's rules: the choice of who starts, taking from the top end, the match of deals with
the dealer alternating, totals and the winner."""

from __future__ import annotations

import pytest

from games.abstrac.rules import (
    AbstracOptions, Choose, DealScored, Dealt, MatchOver, Take, Took, deal_scores, new_game,
)
from games.core.protocol import IllegalAction


def test_the_non_dealer_chooses_first() -> None:
    state = new_game(AbstracOptions(), seed=1)
    chooser = 1 - state.dealer
    assert state.to_act() == [chooser]
    assert set(state.legal_actions(chooser)) == {Choose(chooser, True), Choose(chooser, False)}
    with pytest.raises(IllegalAction):
        state.apply(Take(chooser, 1))


@pytest.mark.parametrize("first", [True, False])
def test_choosing_sets_who_takes(first: bool) -> None:
    state = new_game(AbstracOptions(), seed=2)
    chooser = 1 - state.dealer
    state.apply(Choose(chooser, first))
    assert state.to_act() == [chooser if first else state.dealer]


def test_takes_come_from_the_top_end_and_alternate() -> None:
    state = new_game(AbstracOptions(), seed=3)
    chooser = 1 - state.dealer
    state.apply(Choose(chooser, True))
    top = list(state.row[:3])
    events = state.apply(Take(chooser, 2))
    assert events == [Took(chooser, tuple(top[:2]), 22)]
    assert state.row[0] == top[2]
    assert state.to_act() == [1 - chooser]
    with pytest.raises(IllegalAction, match="take 1 to 3"):
        state.apply(Take(1 - chooser, 4))


def test_near_the_end_only_the_cards_left_may_be_taken() -> None:
    state = new_game(AbstracOptions(deals=1), seed=4)
    seat = 1 - state.dealer
    state.apply(Choose(seat, True))
    while len(state.row) > 2:
        seat = state.to_act()[0]
        state.apply(Take(seat, 1))
    seat = state.to_act()[0]
    assert [a.count for a in state.legal_actions(seat)] == [1, 2]


def play_deal(state, counts=(3, 1, 2)) -> list:
    seat = state.to_act()[0]
    events = state.apply(Choose(seat, True))
    i, deal = 0, state.deal
    while state.deal == deal and not state.is_over():
        seat = state.to_act()[0]
        events += state.apply(Take(seat, min(counts[i % len(counts)], len(state.row))))
        i += 1
    return events


def test_a_match_of_two_deals_alternates_the_dealer_and_totals() -> None:
    state = new_game(AbstracOptions(deals=2), seed=5)
    first_dealer = state.dealer
    events = play_deal(state)
    scored = [e for e in events if isinstance(e, DealScored)][0]
    assert scored.totals == scored.scores
    dealt = [e for e in events if isinstance(e, Dealt)]
    assert len(dealt) == 1 and dealt[0].dealer == 1 - first_dealer and dealt[0].number == 2
    assert state.to_act() == [first_dealer]          # the new non-dealer chooses
    events = play_deal(state)
    second = [e for e in events if isinstance(e, DealScored)][0]
    assert second.totals == tuple(a + b for a, b in zip(scored.scores, second.scores))
    over = events[-1]
    assert isinstance(over, MatchOver) and state.is_over()
    outcome = state.outcome()
    assert outcome is not None and outcome.scores == tuple(float(t) for t in second.totals)
    best = max(second.totals)
    assert set(outcome.winners) == {s for s in range(2) if second.totals[s] == best}


def test_deal_score_matches_the_scoring_api() -> None:
    state = new_game(AbstracOptions(deals=1), seed=6)
    events = play_deal(state, counts=(1, 2, 3))
    taken = state.taken
    scored = [e for e in events if isinstance(e, DealScored)][0]
    assert scored.scores == deal_scores(taken[0], taken[1])
    assert len(taken[0]) + len(taken[1]) == 24


def test_options_are_checked() -> None:
    with pytest.raises(ValueError):
        AbstracOptions(seats=3)
    with pytest.raises(ValueError):
        AbstracOptions(deals=3)
