"""The Nash card game: ask for cards, remember, and guess three face-down mystery cards."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from games.registry import AnyParts, GameSpec


def spec() -> GameSpec:
    from games.nash import text
    from games.registry import Analysed, ChatPlace, Dynamics, GameSpec, MenuArt, Picture

    return GameSpec(
        id="nash", title="The Nash Game", family="Thinking", min_seats=2, max_seats=3,
        default_seats=2, rules_text=text.RULES, blurb=text.BLURB,
        load=_parts, dynamics=Dynamics.TURN, networked=True, analysis=Analysed(),
        art=MenuArt(Picture.MYSTERY), chat_place=ChatPlace.UNDER_CHANCES,
    )


def _parts() -> AnyParts:
    """The rules, bots and options: imported when the game is first set up or played."""
    from games.nash import bots, rules
    from games.registry import GameParts, OptionSpec

    return GameParts(
        options_type=rules.NashOptions, new_game=rules.new_game, bots=bots.BOTS,
        options=(OptionSpec("faces", "Face cards (J Q K as 11-13)", (False, True), False),),
    )
