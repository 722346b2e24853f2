"""Whist: four players in two partnerships; one point for each trick over six."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from games.registry import AnyParts, GameSpec


def spec() -> GameSpec:
    from games.registry import GameSpec
    from games.whist import text

    return GameSpec(
        id="whist", title="Whist", family="Tricks", min_seats=4, max_seats=4, default_seats=4,
        rules_text=text.RULES, blurb=text.BLURB,
        extra={"cover": ("AS", "KH", "QD"), "partnerships": True}, load=_parts,
    )


def _parts() -> AnyParts:
    """The rules, bots and options: imported when the game is first set up or played."""
    from games.registry import GameParts, OptionSpec
    from games.whist import bots, rules

    return GameParts(
        options_type=rules.WhistOptions, new_game=rules.new_game, bots=bots.BOTS,
        options=(OptionSpec("target", "Points to win", rules.TARGETS, 7),),
    )
