"""What a Whist hand's tricks are worth toward winning the game.

A partnership scores one point for each trick over six, so the seventh trick is worth two
points of difference (it takes the point from the other side and scores one) and the
others one; and near the target only reaching it counts: at 6-6 to 7 every trick past the
seventh is worth nothing. The Expert plays for the chance of winning the game, not for
tricks.

The chance of winning from a score is worked out exactly for a simple model of the hands
to come: each gives a side a number of tricks drawn from a normal curve around 6.5 with
a spread of 2.7 tricks (double-dummy counts of 400 seeded deals spread by 2.77).

>>> round(win_chance(0, 0, 7), 3)
0.5
>>> win_chance(6, 0, 7) > win_chance(0, 0, 7) > win_chance(0, 6, 7)
True
>>> after_hand(6, 6, 7, target=7), after_hand(6, 6, 6, target=7)
(1.0, 0.0)
>>> worth = hand_worth(6, 6, 7, won=3)
>>> worth(4) > worth(3) + 0.9 and 0 < worth(10) - worth(4) < 0.01
True
"""

from __future__ import annotations

from functools import lru_cache
from math import erf, sqrt
from typing import Callable

HAND = 13
BOOK = 6
SPREAD = 2.7  # tricks: the spread of a side's tricks from one deal to the next


@lru_cache(maxsize=1)
def _trick_odds() -> tuple[float, ...]:
    """The chance that a side takes 0..13 tricks in a hand, equal sides."""
    def below(x: float) -> float:
        return 0.5 * (1 + erf((x - HAND / 2) / (SPREAD * sqrt(2))))
    odds = [below(t + 0.5) - below(t - 0.5) for t in range(HAND + 1)]
    return tuple(p / sum(odds) for p in odds)


def after_hand(mine: int, theirs: int, tricks: int, target: int) -> float:
    """The chance of winning the game once this hand gives my side ``tricks`` tricks."""
    mine += max(0, tricks - BOOK)
    theirs += max(0, HAND - tricks - BOOK)
    if mine >= target:
        return 1.0
    if theirs >= target:
        return 0.0
    return win_chance(mine, theirs, target)


@lru_cache(maxsize=4096)
def win_chance(mine: int, theirs: int, target: int) -> float:
    """The chance that my side, at ``mine`` points to ``theirs``, wins the game to
    ``target`` (between equal sides). Every hand scores a point for one side, so the
    recursion ends."""
    return sum(p * after_hand(mine, theirs, t, target) for t, p in enumerate(_trick_odds()))


def hand_worth(mine: int, theirs: int, target: int, won: int) -> Callable[[int], float]:
    """The worth of taking ``future`` more tricks this hand, my side having ``won`` already:
    the chance of winning the game, plus a hair for each trick so that where the game is
    already settled either way the Expert still takes what it can."""
    def worth(future: int) -> float:
        tricks = won + future
        return after_hand(mine, theirs, tricks, target) + tricks * 1e-4
    return worth
