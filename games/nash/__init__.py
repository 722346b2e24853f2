"""The Nash card game: ask for cards, remember, and guess three face-down mystery cards."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from games.registry import GameSpec


def spec() -> GameSpec:
    from games.nash import bots, rules, text
    from games.registry import GameSpec, OptionSpec

    return GameSpec(
        id="nash", title="The Nash Game", family="Thinking",
        min_seats=2, max_seats=3, default_seats=2,
        options_type=rules.NashOptions, new_game=rules.new_game,
        bots=bots.BOTS, rules_text=text.RULES, blurb=text.BLURB,
        options=(OptionSpec("faces", "Face cards (J Q K as 11-13)", (False, True), False),),
        extra={"cover": ("7H", "7S", "7D")},
    )
