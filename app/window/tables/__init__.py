"""One table scene per game: ``app.window.tables.<game id>`` defines ``Table``, the game
played; ``Replay``, the same table watched from a recording (the replay controls in front
of it: app/window/scenes/replay_watch.py); and, for a game the coach reviews, ``Review``
(the coach's controls: app/window/scenes/review.py). Each is a class of its own, named and
made in the game's module, so mypy checks it like any table."""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from app.window.scenes.replay_watch import ReplayControls
    from app.window.scenes.review import ReviewControls
    from app.window.scenes.table import TableScene


def table_for(game_id: str) -> type[TableScene]:
    """The table scene class for a game (imported when first needed, so start-up stays quick)."""
    table: type[TableScene] = _module(game_id).Table
    return table


def replay_table_for(game_id: str) -> type[ReplayControls]:
    """The game's table watched from a recording."""
    table: type[ReplayControls] = _module(game_id).Replay
    return table


def review_table_for(game_id: str) -> type[ReviewControls]:
    """The game's table reviewed with the coach (KeyError for a game the coach does not review)."""
    table: type[ReviewControls] | None = getattr(_module(game_id), "Review", None)
    if table is None:
        raise KeyError(f"the coach does not review {game_id!r}")
    return table


def _module(game_id: str) -> ModuleType:
    try:
        return importlib.import_module(f"app.window.tables.{game_id}")
    except ModuleNotFoundError as missing:
        raise KeyError(f"no table for {game_id!r}") from missing
