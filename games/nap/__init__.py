"""Nap (Napoleon): bid how many of five tricks you will take, then play alone against the rest."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from games.registry import AnyParts, GameSpec


def spec() -> GameSpec:
    from games.nap import text
    from games.registry import Analysed, Dynamics, GameSpec, MenuArt, Picture

    return GameSpec(
        id="nap", title="Nap", family="Tricks", min_seats=3, max_seats=7, default_seats=4,
        rules_text=text.RULES, blurb=text.BLURB,
        load=_parts, dynamics=Dynamics.TURN, networked=True, analysis=Analysed(),
        art=MenuArt(Picture.FAN_AND_CHIPS, ("AS", "KS", "QS", "JS", "9S")), score_unit="chips",
    )


def _parts() -> AnyParts:
    """The rules, bots and options: imported when the game is first set up or played."""
    from games.nap import bots, rules
    from games.registry import GameParts, OptionSpec

    return GameParts(
        options_type=rules.NapOptions, new_game=rules.new_game, bots=bots.BOTS,
        options=(OptionSpec("joker", "Joker", (False, True), False),
                 OptionSpec("rounds", "Deals each", rules.ROUNDS, 2)),
    )
