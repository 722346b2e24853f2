"""Nash Whist: bid a contract from Five-In to Thirteen, or Prop and Cop a partner, and play
it out against the rest for chips and the pot."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from games.registry import GameSpec


def spec() -> GameSpec:
    from games.nash_whist import bots, rules, text
    from games.registry import GameSpec, OptionSpec

    return GameSpec(
        id="nash_whist", title="Nash Whist", family="Tricks",
        min_seats=3, max_seats=6, default_seats=4,
        options_type=rules.NashWhistOptions, new_game=rules.new_game,
        bots=bots.BOTS, rules_text=text.RULES, blurb=text.BLURB,
        options=(OptionSpec("end", "Session ends", rules.ENDS, rules.END_ROUND),
                 OptionSpec("deals", "Deals (if by deals)", rules.DEAL_CHOICES, 8)),
        extra={"cover": ("AH", "KH", "QH"), "show_scores": True, "score_unit": "chips"},
    )
