"""Seahaven Towers: a one-player solitaire with four tower cells, undo, hints and a solver."""

from __future__ import annotations

from random import Random
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from games.registry import AnyParts, GameSpec


def spec() -> GameSpec:
    from games.registry import Analysed, Dynamics, GameSpec, MenuArt, Picture
    from games.seahaven import text

    return GameSpec(
        id="seahaven", title="Seahaven Towers", family="Solitaire", min_seats=1, max_seats=1,
        default_seats=1, rules_text=text.RULES, blurb=text.BLURB,
        load=_parts, dynamics=Dynamics.TURN, networked=False, analysis=Analysed(splits=False),
        art=MenuArt(Picture.TOWERS, ("7D", "QC", "KS", "QH", "JS", "TH")),
        own_autosave=True, autoplay=_autoplay, stand_in=_stand_in,
    )


def _parts() -> AnyParts:
    """The rules, bots and options: imported when the game is first set up or played."""
    from games.registry import GameParts, OptionSpec
    from games.seahaven import rules

    return GameParts(
        options_type=rules.SeahavenOptions, new_game=rules.new_game, bots={},
        options=(
            OptionSpec("auto_safe", "Send cards home automatically", (True, False), True),
            OptionSpec("winnable_only", "Winnable deals only", (False, True), False),
        ),
    )


def _autoplay(view: Any, rng: Random) -> Any:
    """The solver's simple automatic player, imported on first use (the menu needs no solver)."""
    from games.seahaven.solver import autoplay

    return autoplay(view, rng)


def _stand_in(options: Any, seed: int) -> Any:
    """With "winnable deals only", ``new_game`` searches for a deal the solver can win, up to
    a third of a second: the app deals this stand-in (deal ``seed`` as it lies) at once and
    makes the real deal in its worker. None when ``new_game`` is quick anyway."""
    if not options.winnable_only:
        return None
    from games.seahaven.rules import state_for

    return state_for(seed, options)
