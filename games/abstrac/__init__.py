"""Abstrac: take cards from a face-up row and score sets and runs; solved exactly."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from games.registry import AnyParts, GameSpec


def spec() -> GameSpec:
    from games.abstrac import text
    from games.registry import Analysed, ChatPlace, Dynamics, GameSpec, MenuArt, Picture

    return GameSpec(
        id="abstrac", title="Abstrac", family="Thinking", min_seats=2, max_seats=2,
        default_seats=2, rules_text=text.RULES, blurb=text.BLURB,
        load=_parts, dynamics=Dynamics.TURN, networked=True, analysis=Analysed(),
        art=MenuArt(Picture.ROW, ("3S", "8H", "8C", "QD", "5S", "6S", "7S", "KH")),
        score_unit="points", chat_place=ChatPlace.UNDER_TAKEN,
    )


def _parts() -> AnyParts:
    """The rules, bots and options: imported when the game is first set up or played."""
    from games.abstrac import bots, rules
    from games.registry import GameParts, OptionSpec

    return GameParts(
        options_type=rules.AbstracOptions, new_game=rules.new_game, bots=bots.BOTS,
        options=(OptionSpec("deals", "Deals in the match", rules.DEAL_CHOICES, 2),),
    )
