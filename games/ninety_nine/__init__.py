"""Ninety-Nine: keep the running count at 99 or under, or lose a token."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from games.registry import AnyParts, GameSpec


def spec() -> GameSpec:
    from games.ninety_nine import text
    from games.registry import Analysed, ChatPlace, Dynamics, GameSpec, MenuArt, Picture

    return GameSpec(
        id="ninety_nine", title="Ninety-Nine", family="Counting", min_seats=2, max_seats=6,
        default_seats=4, rules_text=text.RULES, blurb=text.BLURB,
        load=_parts, dynamics=Dynamics.TURN, networked=True, analysis=Analysed(),
        art=MenuArt(Picture.COUNT, ("9S", "TH", "9D")), chat_place=ChatPlace.BESIDE_HAND,
    )


def _parts() -> AnyParts:
    """The rules, bots and options: imported when the game is first set up or played."""
    from games.ninety_nine import bots, rules
    from games.registry import GameParts, OptionSpec

    return GameParts(
        options_type=rules.NinetyNineOptions, new_game=rules.new_game, bots=bots.BOTS,
        options=(OptionSpec("tokens", "Tokens each", (1, 2, 3, 4, 5), 3),),
    )
