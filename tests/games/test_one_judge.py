"""One judge of legality: every game's apply accepts exactly what legal_actions lists, and
every refusal comes with the game's own sentence (never the judge's bare fallback)."""

from __future__ import annotations

from dataclasses import replace
from random import Random

import pytest

from games.core.protocol import IllegalAction
from games.core.realtime import TimedAction
from games.registry import GAMES

FALLBACK = "is not allowed now"


def _refusal(state, action) -> str | None:
    """The message ``apply`` refuses ``action`` with on a copy of ``state`` (None if taken)."""
    try:
        state.clone().apply(action)
    except IllegalAction as problem:
        return str(problem)
    return None


@pytest.mark.parametrize("game_id", [g for g, s in GAMES.items() if not s.realtime])
def test_turn_games_take_every_listed_action_and_explain_every_refusal(game_id: str) -> None:
    spec = GAMES[game_id]
    state = spec.new_game(spec.make_options(), 3)
    rng = Random(3)
    stale: list = []
    for _ in range(40):
        if state.is_over():
            break
        for seat in range(state.seats):
            for action in state.legal_actions(seat):
                assert _refusal(state, action) is None, f"{game_id}: {action} listed but refused"
        for action in stale:   # legal a move ago: if refused now, the game says why
            if action not in state.legal_actions(action.seat):
                message = _refusal(state, action)
                assert message and FALLBACK not in message, f"{game_id}: {action}: {message!r}"
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        stale = legal
        state.apply(rng.choice(legal))


@pytest.mark.parametrize("game_id", [g for g, s in GAMES.items() if s.realtime])
def test_real_time_games_explain_every_refusal(game_id: str) -> None:
    spec = GAMES[game_id]
    state = spec.new_game(spec.make_options(), 5)
    rng = Random(5)
    stale: list[TimedAction] = []
    for _ in range(60):
        if state.is_over():
            break
        now = [a for seat in range(state.seats) for a in state.legal_actions(seat)]
        for action in stale:
            again = replace(action, at_ms=state.now_ms)
            if again not in now:
                message = _refusal(state, again)
                assert message and FALLBACK not in message, f"{game_id}: {again}: {message!r}"
        stale = now
        due = state.next_due()
        if now and (due is None or rng.random() < 0.7):
            action = rng.choice(now)
            at = state.now_ms + rng.randrange(0, 50)
            if due is None or at < due:
                state.advance(at)
                state.apply(replace(action, at_ms=at))
                continue
        state.advance(due if due is not None else state.now_ms + 100)
