"""Computer players for Egyptian Ratscrew: ``react(view, now_ms, rng)`` returns the bot's
plans, stamped in the future by the difficulty's reaction model (games/core/reflex.py).

- A slappable pile is slapped one reaction time after its top card landed, unless the bot
  misses it (the model's miss rate).
- On a fresh card that makes no pattern, a bot sometimes slaps anyway (the mistake rate).
- On its turn a bot flips after its unhurried pace. Offered the rest of a broken
  challenge, easy bots always carry on, normal ones half the time, hard ones only with
  three or more flips to go (the best chance of turning up a face card).

>>> from games.ratscrew.rules import RatscrewOptions, new_game
>>> state = new_game(RatscrewOptions(seats=2), seed=1)
>>> plans = BOTS["hard"](state.view(state.turn), 0, Random(1))
>>> [type(p).__name__ for p in plans], plans[0].at_ms > 0
(['Flip'], True)
"""

from __future__ import annotations

from random import Random
from typing import Callable

from games.core.realtime import TimedAction
from games.core.reflex import MODELS, ReactionModel
from games.ratscrew.rules import Decline, Flip, RatscrewView, Slap

Bot = Callable[[RatscrewView, int, Random], list[TimedAction]]


def plan(view: RatscrewView, now_ms: int, rng: Random, model: ReactionModel,
         level: str) -> list[TimedAction]:
    seat = view.seat
    if view.winner is not None or view.eliminated[seat]:
        return []
    plans: list[TimedAction] = []
    if view.can_slap[seat]:
        slap = _slap_time(view, now_ms, rng, model)
        if slap is not None:
            plans.append(Slap(seat, slap))
    offered = view.offer is not None and view.offer[0] == seat
    if offered and not _carry_on(view, rng, level):
        plans.append(Decline(seat, now_ms + model.pace(rng)))
    elif view.my_turn and view.collecting is None:
        plans.append(Flip(seat, now_ms + model.pace(rng)))
    return plans


def _slap_time(view: RatscrewView, now_ms: int, rng: Random, model: ReactionModel) -> int | None:
    if view.pattern is not None:
        if not model.notices(rng):
            return None
        return max(now_ms + 1, view.top_at_ms + model.reaction(rng))
    fresh = view.top_at_ms == now_ms and bool(view.pile) and view.pile[-1].live
    if fresh and model.blunders(rng):
        return now_ms + model.reaction(rng)
    return None


def _carry_on(view: RatscrewView, rng: Random, level: str) -> bool:
    if level == "easy":
        return True
    if level == "normal":
        return rng.random() < 0.5
    return view.left >= 3


def _bot(level: str) -> Bot:
    model = MODELS[level]

    def react(view: RatscrewView, now_ms: int, rng: Random) -> list[TimedAction]:
        return plan(view, now_ms, rng, model, level)
    react.__name__ = f"ratscrew_{level}"
    return react


BOTS: dict[str, Bot] = {level: _bot(level) for level in MODELS}
