"""How fast a game moves at a table, apart from how fast its cards move.

The game's pace is the time between things happening: a computer player's unhurried move,
the hold after an event is shown before the next one, the pause on the final position before
the results. The animator's speed is only how long a card takes to fly. Today the one
"Animation speed" setting feeds both, and "instant" means nobody waits either; that choice
is made here, once, and a table reads game time from its ``game_pace``, never from its
animator. (The reflex games' own clock runs at real time whatever the setting: reactions
are measured in real milliseconds.)

>>> pace = GamePace(1.8)
>>> round(pace.elapsed(0.5), 2), pace.hold(0.6), pace.waited(1.0, 1.6)
(0.9, 0.6, False)
>>> GamePace(0.0).hold(0.6), GamePace(0.0).waited(0.0, 1.6)
(0.0, True)
"""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True)
class GamePace:
    """``factor``: game seconds per real second; 0 means nothing waits at all."""

    factor: float = 1.0

    @staticmethod
    def from_animation_speed(speed: float) -> GamePace:
        """The pace the settings give today: the game moves as fast as its cards."""
        return GamePace(max(0.0, speed))

    @property
    def instant(self) -> bool:
        return self.factor <= 0

    def elapsed(self, dt: float) -> float:
        """The game time that ``dt`` real seconds stand for (without bound when instant)."""
        return math.inf if self.instant else dt * self.factor

    def hold(self, seconds: float) -> float:
        """How long to hold after a shown event that asks for ``seconds`` (none when instant)."""
        return 0.0 if self.instant else seconds

    def waited(self, clock: float, seconds: float) -> bool:
        """Whether a pause of ``seconds`` real seconds (the final position) is over after
        ``clock`` seconds: at once when instant."""
        return self.instant or clock >= seconds
