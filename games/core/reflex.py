"""How fast and how carefully a computer player reacts: one model per difficulty, shared
by the reflex games so that "hard" means the same speed in Ratscrew, Nails and Spoons.

Reaction times are drawn from a normal distribution clipped below at a floor (nobody
reacts to a card in 0 ms; a quick person needs about 200-250 ms to see and press):

=========  ===========  ==========  ========  =========  ===========
difficulty  mean (ms)   spread (sd)  floor    misses     mistakes
=========  ===========  ==========  ========  =========  ===========
easy        900          220          450      25 %       5 %
normal      550          120          300      10 %       2.5 %
hard        320           60          200       3 %       1 %
=========  ===========  ==========  ========  =========  ===========

"misses" is the chance of not noticing a chance at all (a slappable pile), "mistakes" the
chance of acting on nothing (a false slap on a fresh card, a wrong call in Nails). ``pace``
is the unhurried time a bot takes for a routine move such as flipping its card.

>>> import random
>>> model = MODELS["hard"]
>>> all(model.floor_ms <= model.reaction(Random(s)) for s in range(50))
True
"""

from __future__ import annotations

from random import Random
from dataclasses import dataclass


@dataclass(frozen=True)
class ReactionModel:
    mean_ms: float
    spread_ms: float
    floor_ms: float
    miss: float
    mistake: float
    pace_ms: float

    def reaction(self, rng: Random) -> int:
        """Milliseconds from seeing something to pressing."""
        return round(max(self.floor_ms, rng.gauss(self.mean_ms, self.spread_ms)))

    def pace(self, rng: Random) -> int:
        """Milliseconds for a routine move (about a quarter either way of ``pace_ms``)."""
        return round(max(150.0, rng.gauss(self.pace_ms, self.pace_ms / 4)))

    def notices(self, rng: Random) -> bool:
        return rng.random() >= self.miss

    def blunders(self, rng: Random) -> bool:
        return rng.random() < self.mistake


MODELS: dict[str, ReactionModel] = {
    "easy": ReactionModel(900, 220, 450, miss=0.25, mistake=0.05, pace_ms=900),
    "normal": ReactionModel(550, 120, 300, miss=0.10, mistake=0.025, pace_ms=700),
    "hard": ReactionModel(320, 60, 200, miss=0.03, mistake=0.01, pace_ms=550),
}
