"""Computer players for Ninety-Nine."""

from __future__ import annotations

import random

from games.ninety_nine.rules import NinetyNineView, Play


def easy(view: NinetyNineView, rng: random.Random) -> Play:
    """Any legal card."""
    return rng.choice(view.legal)


BOTS = {"easy": easy, "normal": easy, "hard": easy}
