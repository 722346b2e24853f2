"""Computer players for Abstrac.

- ``hard`` plays perfectly: every decision is the exact solver's (the choice to go first
  or second included).
- ``normal`` looks four takes ahead (two each) and scores the deal as if it stopped there.
- ``easy`` looks at its own take only, and one time in four takes any legal number.

All of them aim at the deal's score difference, which is what the match total adds up.

>>> from games.abstrac.rules import AbstracOptions, new_game
>>> state = new_game(AbstracOptions(), seed=4)
>>> seat = state.to_act()[0]
>>> all(bot(state.view(seat), Random(0)) in state.legal_actions(seat) for bot in BOTS.values())
True
"""

from __future__ import annotations

from random import Random
from typing import Callable

from games.abstrac.rules import AbstracView, Choose, Take
from games.abstrac.scoring import mask_of
from games.abstrac.solver import Solver, solve_opening
from games.core.protocol import Action

Bot = Callable[[AbstracView, Random], Action]


def solver_for(view: AbstracView) -> tuple[Solver, int]:
    """A solver for the view's position and the mover's mask in it."""
    held = view.taken[0] + view.taken[1]
    return Solver(view.row, held), mask_of(view.taken[view.seat])


def take_values(view: AbstracView, depth: int | None = None) -> dict[int, int]:
    """The value of each legal take for the seat to move: exact, or ``depth`` takes deep."""
    solver, mine = solver_for(view)
    if depth is None:
        return solver.take_values(0, mine)
    return solver.shallow_values(0, mine, depth)


def _best(values: dict[int, int], rng: Random) -> int:
    top = max(values.values())
    return rng.choice(sorted(k for k, v in values.items() if v == top))


def _chooser(depth: int | None) -> Callable[[AbstracView, Random], bool]:
    def go_first(view: AbstracView, rng: Random) -> bool:
        if depth is None:
            return solve_opening(view.row).go_first
        values = take_values(view, depth)
        return max(values.values()) >= 0
    return go_first


def _bot(depth: int | None, wander: float = 0.0) -> Bot:
    choose_first = _chooser(depth)

    def choose(view: AbstracView, rng: Random) -> Action:
        if view.choosing:
            first = rng.random() < 0.5 if rng.random() < wander else choose_first(view, rng)
            return Choose(view.seat, first)
        if rng.random() < wander:
            return rng.choice([a for a in view.legal if isinstance(a, Take)])
        return Take(view.seat, _best(take_values(view, depth), rng))
    return choose


BOTS: dict[str, Bot] = {"easy": _bot(1, wander=0.25), "normal": _bot(4), "hard": _bot(None)}
