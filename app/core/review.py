"""The coach's jobs on a replay: which games are reviewed, a review (or part of one) run
in the worker, and the pieces the Review screen and ``parlour review`` share.

The analysis itself is pure (``games/<game>/analysis.py``); this module finds the game's
analysis, runs it for a replay (also in the worker, for the Review screen: see
:func:`review_part`) and prints it in words or as JSON.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import TYPE_CHECKING, Any, Callable, Collection, Sequence

from games.core.analysis import Review
from games.registry import GAMES

if TYPE_CHECKING:   # (the worker imports this module to review: it needs no replay files)
    from app.core.replay_file import Replay


def reviewable(game_id: str) -> bool:
    """Whether the coach reviews the game (its spec's ``analysis``: games/<id>/analysis.py)."""
    spec = GAMES.get(game_id)
    return spec is not None and spec.analysis is not None


def splits(game_id: str) -> bool:
    """Whether the game's review can be split by decision (the worker does a few at a time,
    so the screen can show progress); Seahaven's binary search is one job."""
    spec = GAMES.get(game_id)
    return spec is not None and spec.analysis is not None and spec.analysis.splits


def analysed() -> list[str]:
    """The games the coach reviews, in menu order."""
    return [game_id for game_id in GAMES if reviewable(game_id)]


def _module(game_id: str) -> ModuleType:
    if not reviewable(game_id):
        raise ValueError(f"the coach has no analysis for {game_id!r} yet")
    return importlib.import_module(f"games.{game_id}.analysis")


def options_of(game_id: str, seats: int, options: dict[str, Any]) -> Any:
    return GAMES[game_id].make_options(seats=seats, **options)


def review_part(game_id: str, seats: int, options: dict[str, Any], seed: int, actions: Sequence[Any],
                seat: int, only: Collection[int] | None = None) -> Review:
    """The review of ``seat`` (at the action indices ``only``, or all): a worker job, so
    every argument is plain data."""
    # Each game's review takes options of its own type and keywords of its own, so only
    # what every one returns is named here.
    review: Callable[..., Review] = _module(game_id).review
    made = options_of(game_id, seats, options)
    if only is not None and splits(game_id):
        return review(made, seed, actions, seat, only=set(only))
    return review(made, seed, actions, seat)


def hands_of(game_id: str, seats: int, options: dict[str, Any], seed: int, actions: Sequence[Any],
             seat: int, size: int = 4) -> tuple[list[list[int]], bool]:
    """Where ``seat`` acted, hand by hand (the hand or deal number its view shows at each
    decision), and True; the parts the Review screen asks the worker for, first hand first,
    so the first hand is on screen while the rest is analysed. A game without hands (Abstrac,
    the Nash game) is cut every ``size`` decisions, and False. Replaying the rules is quick
    (no solver is asked)."""
    state = GAMES[game_id].new_game(options_of(game_id, seats, options), seed)
    groups: dict[object, list[int]] = {}
    mine, by_hand = 0, False
    for index, action in enumerate(actions):
        if getattr(action, "seat", None) == seat:
            view = state.view(seat)
            hand = getattr(view, "hand_number", getattr(view, "deal_number", None))
            groups.setdefault(mine // size if hand is None else ("hand", hand), []).append(index)
            mine += 1
            by_hand = hand is not None
        state.apply(action)
    return list(groups.values()), by_hand


def merge(parts: Sequence[Review]) -> Review:
    """Reviews of parts of one game, as one."""
    first = parts[0]
    whole = Review(first.game_id, first.seat, first.unit, notes=list(first.notes), verdict=dict(first.verdict))
    for part in parts:
        whole.decisions.extend(part.decisions)
    whole.decisions.sort(key=lambda d: d.index)
    return whole


def default_seat(replay: Replay) -> int:
    """The first human's seat, else seat 0."""
    return next((i for i, plan in enumerate(replay.seats) if plan.human), 0)


def seat_name(replay: Replay, seat: int) -> str:
    """"You" for the one human's seat; otherwise the seat's name in the replay."""
    humans = [i for i, plan in enumerate(replay.seats) if plan.human]
    if humans == [seat]:
        return "You"
    if replay.names is not None and seat < len(replay.names) and replay.names[seat]:
        return str(replay.names[seat])
    return f"Player {seat + 1}"


def review_replay(replay: Replay, seat: int) -> Review:
    return review_part(replay.game_id, len(replay.seats), dict(replay.options), replay.seed,
                       list(replay.actions), seat)
