"""Nash Whist: bid a contract from Five-In to Thirteen, or Prop and Cop a partner, and play
it out against the rest for chips and the pot."""

from __future__ import annotations

import importlib
import importlib.util
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from games.registry import GameSpec


def _bots() -> dict[str, Any]:
    """The bots, once games/nash_whist/bots.py exists (it is written alongside the rules)."""
    if importlib.util.find_spec("games.nash_whist.bots") is None:
        return {}
    return importlib.import_module("games.nash_whist.bots").BOTS


def spec() -> GameSpec:
    from games.nash_whist import rules, text
    from games.registry import GameSpec, OptionSpec

    return GameSpec(
        id="nash_whist", title="Nash Whist", family="Tricks",
        min_seats=3, max_seats=6, default_seats=4,
        options_type=rules.NashWhistOptions, new_game=rules.new_game,
        bots=_bots(), rules_text=text.RULES, blurb=text.BLURB,
        options=(OptionSpec("end", "Session ends", rules.ENDS, rules.END_ROUND),
                 OptionSpec("deals", "Deals (if by deals)", rules.DEAL_CHOICES, 8)),
        extra={"cover": ("AH", "KH", "QH"), "show_scores": True},
    )
