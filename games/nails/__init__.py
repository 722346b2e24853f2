"""Nails: two ring cards turn up; call hit or miss before anyone else."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from games.registry import AnyParts, GameSpec


def spec() -> GameSpec:
    from games.nails import text
    from games.registry import Dynamics, GameSpec, MenuArt, Picture

    return GameSpec(
        id="nails", title="Nails", family="Reflex", min_seats=2, max_seats=6, default_seats=2,
        rules_text=text.RULES, blurb=text.BLURB, load=_parts,
        dynamics=Dynamics.REFLEX, networked=True, analysis=None,
        art=MenuArt(Picture.RINGS, ("BBRYY", "RRBYB", "RYYBY")),
        races="Call", keys=("hit", "miss"), score_unit="cards won",
    )


def _parts() -> AnyParts:
    """The rules, bots and options: imported when the game is first set up or played."""
    from games.nails import bots, rules
    from games.registry import GameParts

    return GameParts(
        options_type=rules.NailsOptions, new_game=rules.new_game, bots=bots.BOTS,
    )
