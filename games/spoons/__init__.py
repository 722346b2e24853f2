"""Spoons: everyone passes cards at once; four of a kind, grab a spoon. Pig is a variant."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from games.registry import AnyParts, GameSpec


def spec() -> GameSpec:
    from games.registry import Dynamics, GameSpec, MenuArt, NamedVariant, Picture
    from games.spoons import text

    return GameSpec(
        id="spoons", title="Spoons", family="Reflex", min_seats=3, max_seats=12,
        default_seats=4, rules_text=text.RULES, blurb=text.BLURB, load=_parts,
        dynamics=Dynamics.REFLEX, networked=True, analysis=None,
        art=MenuArt(Picture.SPOON, ("QS", "QH", "QD", "QC")), races="Grab",
        keys=("take/pass", "grab/nose", "choose"),
        variants=(NamedVariant("variant", "pig", "Pig"),),   # what a player reads for a game of Pig
    )


def _parts() -> AnyParts:
    """The rules, bots and options: imported when the game is first set up or played."""
    from games.registry import GameParts, OptionSpec
    from games.spoons import bots, rules

    return GameParts(
        options_type=rules.SpoonsOptions, new_game=rules.new_game, bots=bots.BOTS,
        options=(OptionSpec("variant", "Variant", rules.VARIANTS, "spoons"),),
    )
