"""Euchre: four players in two partnerships, bowers, ordering up and going alone."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from games.registry import AnyParts, GameSpec


def spec() -> GameSpec:
    from games.euchre import text
    from games.registry import Analysed, Dynamics, GameSpec, MenuArt, Picture

    return GameSpec(
        id="euchre", title="Euchre", family="Tricks", min_seats=4, max_seats=4,
        default_seats=4, rules_text=text.RULES, blurb=text.BLURB,
        load=_parts, dynamics=Dynamics.TURN, networked=True, analysis=Analysed(),
        art=MenuArt(Picture.BOWERS, ("9C", "JS", "JC")), partnerships=True,
    )


def _parts() -> AnyParts:
    """The rules, bots and options: imported when the game is first set up or played."""
    from games.euchre import bots, rules
    from games.registry import GameParts, OptionSpec

    return GameParts(
        options_type=rules.EuchreOptions, new_game=rules.new_game, bots=bots.BOTS,
        options=(OptionSpec("deck", "Cards in the deck", rules.DECKS, 32,
                            names=("32 (7 to Ace)", "24 (9 to Ace, North American)")),
                 OptionSpec("target", "Points to win", rules.TARGETS, 5),
                 OptionSpec("stick_the_dealer", "Stick the dealer", (False, True), False)),
        sits_out=rules.sits_out,
    )
