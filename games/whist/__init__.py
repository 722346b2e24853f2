"""Whist: four players in two partnerships; one point for each trick over six."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from games.registry import GameSpec


def spec() -> GameSpec:
    from games.registry import GameSpec, OptionSpec
    from games.whist import bots, rules, text

    return GameSpec(
        id="whist", title="Whist", family="Tricks",
        min_seats=4, max_seats=4, default_seats=4,
        options_type=rules.WhistOptions, new_game=rules.new_game,
        bots=bots.BOTS, rules_text=text.RULES, blurb=text.BLURB,
        options=(OptionSpec("target", "Points to win", rules.TARGETS, 7),),
        extra={"cover": ("AS", "KH", "QD"), "partnerships": True},
    )
