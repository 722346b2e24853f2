"""One table scene per game. ``TABLES`` maps a registry id to its table class."""

from __future__ import annotations

from typing import Any


def table_for(game_id: str) -> Any:
    """The table scene class for a game (imported lazily so start-up stays quick)."""
    if game_id == "ninety_nine":
        from app.tables.ninety_nine import NinetyNineTable

        return NinetyNineTable
    raise KeyError(f"no table for {game_id!r}")
