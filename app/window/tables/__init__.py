"""One table scene per game: ``app.window.tables.<game id>`` defines ``Table``."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from app.window.scenes.table import TableScene


def table_for(game_id: str) -> type[TableScene]:
    """The table scene class for a game (imported when first needed, so start-up stays quick)."""
    try:
        module = importlib.import_module(f"app.window.tables.{game_id}")
    except ModuleNotFoundError as missing:
        raise KeyError(f"no table for {game_id!r}") from missing
    table: type[TableScene] = module.Table
    return table
