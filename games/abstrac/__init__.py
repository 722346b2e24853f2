"""Abstrac: take cards from a face-up row and score sets and runs; solved exactly."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from games.registry import GameSpec


def spec() -> GameSpec:
    from games.abstrac import bots, rules, text
    from games.registry import GameSpec, OptionSpec

    return GameSpec(
        id="abstrac", title="Abstrac", family="Thinking",
        min_seats=2, max_seats=2, default_seats=2,
        options_type=rules.AbstracOptions, new_game=rules.new_game,
        bots=bots.BOTS, rules_text=text.RULES, blurb=text.BLURB,
        options=(OptionSpec("deals", "Deals in the match", rules.DEAL_CHOICES, 2),),
        extra={"cover": ("AS", "KS", "QS"), "show_scores": True},
    )
