"""A state seen from one seat (what a network client is sent) answers a table's questions as
the rules state does for that seat: who acts, what the seat may do, how many seats."""

from __future__ import annotations

import random

import pytest

from games.core.protocol import Outcome
from games.core.view_state import ViewOnly, ViewState
from games.registry import GAMES

# The tables a server plays by turns.
TURN_GAMES = [g for g, spec in GAMES.items() if spec.networked and not spec.realtime]


@pytest.mark.parametrize("game_id", TURN_GAMES)
def test_a_seats_view_answers_as_the_state_does(game_id: str) -> None:
    spec = GAMES[game_id]
    for seed in range(3):
        state = spec.new_game(spec.make_options(), seed)
        rng = random.Random(seed)
        steps = 0
        while not state.is_over():
            acting = state.to_act()
            for seat in [*range(state.seats), None]:
                seen = ViewState.of(state, seat)
                assert seen.to_act() == acting
                assert seen.seats == state.seats
                assert not seen.is_over() and seen.outcome() is None
                assert seen.view(seat) == state.view(seat)
                for asked in range(state.seats):
                    mine = asked == seat
                    expected = state.legal_actions(asked) if mine else []
                    assert seen.legal_actions(asked) == expected, (game_id, seed, steps, seat, asked)
            state.apply(rng.choice(state.legal_actions(acting[0])))
            steps += 1
            assert steps < 5000
        seen = ViewState.of(state, 0)
        assert seen.is_over() and seen.outcome() == state.outcome()
        assert seen.to_act() == [] and seen.legal_actions(0) == []


def test_the_seat_may_act_only_when_told_so() -> None:
    """The view's legal list counts only while the seat is among those to act."""
    spec = GAMES["abstrac"]
    state = spec.new_game(spec.make_options(), 1)
    seat = state.to_act()[0]
    view = state.view(seat)
    assert ViewState(view, [seat], False, None).legal_actions(seat) == list(view.legal)
    assert ViewState(view, [1 - seat], False, None).legal_actions(seat) == []
    over = Outcome((seat,), (1.0, 0.0))
    assert ViewState(view, [seat], True, over).legal_actions(seat) == []


def test_a_view_never_applies_an_action() -> None:
    spec = GAMES["nap"]
    state = spec.new_game(spec.make_options(), 2)
    seat = state.to_act()[0]
    seen = ViewState.of(state, seat)
    with pytest.raises(ViewOnly, match="rules state"):
        seen.apply(state.legal_actions(seat)[0])
