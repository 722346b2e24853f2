"""Playing whole games with bots, without a screen: shared by ``parlour sim``, the
conformance tests and the bots' own tests.

>>> from games.registry import GAMES
>>> spec = GAMES["ninety_nine"]
>>> record = play_out(spec, spec.make_options(seats=3), seed=5, bots=[spec.bots["easy"]] * 3)
>>> record.state.is_over()
True
"""

from __future__ import annotations

from random import Random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Sequence

from games.core.protocol import Action, Event, GameState, TurnBot

if TYPE_CHECKING:
    from games.registry import GameSpec

Bot = TurnBot[Any, Action]  # (each game has its own view type)


@dataclass
class Record:
    """A finished (or stopped) game: its final state and every action taken, in order."""

    state: GameState[Any, Any]
    actions: list[Action] = field(default_factory=list)
    events: int = 0


def play_out(spec: GameSpec, options: object, seed: int, bots: Sequence[Bot],
             bot_seed: int | None = None, max_actions: int = 100_000) -> Record:
    """Let ``bots[seat]`` play every seat until the game is over.

    The bots draw their randomness from their own generator (``bot_seed``, default the game
    seed), never from the game's, so the game's deal does not depend on how bots think.
    """
    state = spec.new_game(options, seed)
    rng = Random(seed if bot_seed is None else bot_seed)
    record = Record(state)
    while not state.is_over():
        if len(record.actions) >= max_actions:
            raise RuntimeError(f"{spec.id}: no end after {max_actions} actions (seed {seed})")
        seat = state.to_act()[0]
        action = bots[seat](state.view(seat), rng)
        record.events += len(state.apply(action))
        record.actions.append(action)
    return record


def replay(spec: GameSpec, options: object, seed: int,
           actions: Sequence[Action]) -> tuple[GameState[Any, Any], list[Event]]:
    """Rebuild a game from its seed and actions; returns the state and every event."""
    state = spec.new_game(options, seed)
    events: list[Event] = list(state.opening)
    for action in actions:
        events += state.apply(action)
    return state, events
