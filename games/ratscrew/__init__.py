"""Egyptian Ratscrew: flip, answer face cards, and slap pairs before anyone else does."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from games.registry import AnyParts, GameSpec


def spec() -> GameSpec:
    from games.ratscrew import text
    from games.registry import Dynamics, GameSpec, MenuArt, Picture

    return GameSpec(
        id="ratscrew", title="Egyptian Ratscrew", family="Reflex", min_seats=2, max_seats=6,
        default_seats=3, rules_text=text.RULES, blurb=text.BLURB, load=_parts,
        dynamics=Dynamics.REFLEX, networked=True, analysis=None,
        art=MenuArt(Picture.SLAP, ("4C", "KD", "7S", "7H")), races="Slap", keys=("flip", "slap"),
    )


def _parts() -> AnyParts:
    """The rules, bots and options: imported when the game is first set up or played."""
    from games.ratscrew import bots, rules
    from games.registry import GameParts, OptionSpec

    return GameParts(
        options_type=rules.RatscrewOptions, new_game=rules.new_game, bots=bots.BOTS,
        options=(
            OptionSpec("sandwich", "Sandwich slaps", (True, False), True),
            OptionSpec("sequence", "Three in sequence", (False, True), False),
            OptionSpec("jokers", "Jokers", (0, 1, 2), 0),
            OptionSpec("penalty", "False-slap penalty", (1, 2, 3), 1),
            OptionSpec("decks", "Decks", (1, 2), 1),
        ),
    )
