"""Nails: two ring cards turn up; call hit or miss before anyone else."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from games.registry import AnyParts, GameSpec


def spec() -> GameSpec:
    from games.nails import text
    from games.registry import GameSpec

    return GameSpec(
        id="nails", title="Nails", family="Reflex", min_seats=2, max_seats=6, default_seats=2,
        rules_text=text.RULES, blurb=text.BLURB, realtime=True,
        extra={"keys": ("hit", "miss"), "show_scores": True, "score_unit": "cards won",
               "cover": (("B", "B", "R", "Y", "Y"), ("R", "R", "B", "Y", "B"), ("R", "Y", "Y", "B", "Y"))},
        load=_parts,
    )


def _parts() -> AnyParts:
    """The rules, bots and options: imported when the game is first set up or played."""
    from games.nails import bots, rules
    from games.registry import GameParts

    return GameParts(
        options_type=rules.NailsOptions, new_game=rules.new_game, bots=bots.BOTS,
    )
