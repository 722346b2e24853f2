"""Computer players for Nails: ``react(view, now_ms, rng)`` plans one call per pair of cards.

Seeing whether two rings share exactly three dots takes longer than spotting a pair, so a
Nails bot's time to call is its difficulty's reaction time (games/core/reflex.py) plus a
thinking time drawn from a normal distribution clipped at a third of its mean:

==========  ==================  ==============
difficulty  thinking mean (sd)  right answers
==========  ==================  ==============
easy        1800 ms (450)       75 %
normal      1100 ms (280)       88 %
hard         650 ms (160)       96 %
==========  ==================  ==============

A wrong answer is the opposite call. Bots plan when the cards turn up and keep their plan
until something changes (another player's call ends the round).

>>> from games.nails.rules import NailsOptions, REVEAL_MS, new_game
>>> state = new_game(NailsOptions(seats=2), seed=1)
>>> _ = state.advance(REVEAL_MS)
>>> [plan] = BOTS["hard"](state.view(0), state.now_ms, Random(2))
>>> plan.at_ms > REVEAL_MS + 200
True
"""

from __future__ import annotations

from random import Random
from dataclasses import dataclass
from typing import Callable

from games.core.reflex import MODELS
from games.nails.rules import Call, NailsView
from games.nails.rings import hit

Bot = Callable[[NailsView, int, Random], list[Call]]


@dataclass(frozen=True)
class Thinking:
    mean_ms: float
    spread_ms: float
    accuracy: float

    def time(self, rng: Random) -> int:
        return round(max(self.mean_ms / 3, rng.gauss(self.mean_ms, self.spread_ms)))


THINKING = {
    "easy": Thinking(1800, 450, 0.75),
    "normal": Thinking(1100, 280, 0.88),
    "hard": Thinking(650, 160, 0.96),
}


def _bot(level: str) -> Bot:
    model, thinking = MODELS[level], THINKING[level]

    def react(view: NailsView, now_ms: int, rng: Random) -> list[Call]:
        if not view.calling or view.up is None:
            return []
        answer = hit(*view.up)
        if rng.random() >= thinking.accuracy:
            answer = not answer
        at = max(now_ms + 1, view.up_at_ms + model.reaction(rng) + thinking.time(rng))
        return [Call(view.seat, at, answer)]
    react.__name__ = f"nails_{level}"
    return react


BOTS: dict[str, Bot] = {level: _bot(level) for level in THINKING}
