"""The coach for Abstrac: each take's exact value (the mover's deal score minus the other's
with perfect play from both after it, games/abstrac/solver.py) against the best take; and
the choice to go first or second, from the solved opening.

>>> from games.abstrac.rules import AbstracOptions, new_game
>>> state = new_game(AbstracOptions(), seed=1)
>>> seat = state.to_act()[0]
>>> set(analyse(state, seat).values) == set(state.legal_actions(seat))
True
"""

from __future__ import annotations

from typing import Any, Collection, Sequence

from games.abstrac.bots import take_values
from games.abstrac.rules import AbstracOptions, AbstracState, Choose, Take
from games.abstrac.solver import solve_opening
from games.core.analysis import Analysis, Decision, Progress, Review, review_game

UNIT = "points"


def analyse(state: AbstracState, seat: int) -> Analysis:
    """Every legal action of ``seat`` with its exact value to that seat."""
    view = state.view(seat)
    if view.choosing:
        opening = solve_opening(view.row)
        return Analysis({Choose(seat, True): float(opening.first), Choose(seat, False): float(opening.second)})
    if len(view.legal) == 1:
        return Analysis({}, reason="forced")
    return Analysis({Take(seat, k): float(v) for k, v in take_values(view).items()})


def judge(state: Any, seat: int, action: Any, index: int) -> Decision | None:
    """``part`` is the deal; ``number`` the turn in it (1 for the choice and the first take)."""
    kind = "choose" if isinstance(action, Choose) else "take"
    turn = len(state.taken[0]) + len(state.taken[1])
    return Decision(index, seat, kind, turn, action, analyse(state, seat), state.deal)


def review(options: AbstracOptions, seed: int, actions: Sequence[Any], seat: int,
           progress: Progress | None = None,
           only: Collection[int] | None = None) -> Review:
    from games.registry import GAMES

    return review_game(GAMES["abstrac"], options, seed, actions, seat, judge, UNIT, progress, only)
