"""Seahaven Towers: a one-player solitaire with four tower cells, undo, hints and a solver."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from games.registry import GameSpec


def spec() -> GameSpec:
    from games.registry import GameSpec, OptionSpec
    from games.seahaven import rules, solver, text

    return GameSpec(
        id="seahaven", title="Seahaven Towers", family="Solitaire",
        min_seats=1, max_seats=1, default_seats=1,
        options_type=rules.SeahavenOptions, new_game=rules.new_game,
        bots={}, rules_text=text.RULES, blurb=text.BLURB,
        options=(
            OptionSpec("auto_safe", "Send cards home automatically", (True, False), True),
            OptionSpec("winnable_only", "Winnable deals only", (False, True), False),
        ),
        extra={"cover": ("KS", "QS", "AH"), "autoplay": solver.autoplay, "seed_label": "Deal number",
               "solitaire": True},
    )
