"""Whist: four players in two partnerships; one point for each trick over six."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from games.registry import AnyParts, GameSpec


def spec() -> GameSpec:
    from games.registry import Analysed, Dynamics, GameSpec, MenuArt, Picture
    from games.whist import text

    return GameSpec(
        id="whist", title="Whist", family="Tricks", min_seats=4, max_seats=4, default_seats=4,
        rules_text=text.RULES, blurb=text.BLURB,
        load=_parts, dynamics=Dynamics.TURN, networked=True, analysis=Analysed(),
        art=MenuArt(Picture.TRICK, ("7H", "KH", "AH", "2S")), partnerships=True,
    )


def _parts() -> AnyParts:
    """The rules, bots and options: imported when the game is first set up or played."""
    from games.registry import GameParts, OptionSpec
    from games.whist import bots, rules

    return GameParts(
        options_type=rules.WhistOptions, new_game=rules.new_game, bots=bots.BOTS,
        options=(OptionSpec("target", "Points to win", rules.TARGETS, 7),),
    )
