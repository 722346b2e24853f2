"""Nash Whist: bid a contract from Five-In to Thirteen, or Prop and Cop a partner, and play
it out against the rest for chips and the pot."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from games.registry import AnyParts, GameSpec


def spec() -> GameSpec:
    from games.nash_whist import text
    from games.registry import Analysed, Dynamics, GameSpec, MenuArt, Picture

    return GameSpec(
        id="nash_whist", title="Nash Whist", family="Tricks", min_seats=3, max_seats=6,
        default_seats=4, rules_text=text.RULES, blurb=text.BLURB,
        load=_parts, dynamics=Dynamics.TURN, networked=True, analysis=Analysed(),
        art=MenuArt(Picture.AUCTION, ("AH", "KH")), score_unit="chips",
    )


def _parts() -> AnyParts:
    """The rules, bots and options: imported when the game is first set up or played."""
    from games.nash_whist import bots, rules
    from games.registry import GameParts, OptionSpec

    return GameParts(
        options_type=rules.NashWhistOptions, new_game=rules.new_game, bots=bots.BOTS,
        options=(OptionSpec("end", "Session ends", rules.ENDS, rules.END_ROUND,
                            names=("once round the table", "after a number of deals", "when a declarer wins the pot")),
                 OptionSpec("deals", "Deals in the session", rules.DEAL_CHOICES, 8,
                            only_if=("end", rules.END_DEALS))),
        sits_out=rules.sits_out,
    )
