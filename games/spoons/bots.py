"""Computer players for Spoons and Pig: ``react(view, now_ms, rng) -> list[TimedAction]``.

Everybody passes at once, so the table changes every few hundred milliseconds and the driver
asks every bot again each time. A bot that drew a fresh delay on every question would never
act; instead each plan is a pure function of the view: its delays come from a generator
seeded by the seat, the round and the moment the seat last got something to do
(``view.ready_ms``), so asking again gives the same plan until the seat's situation changes.

By difficulty (reaction times from games/core/reflex.py):

==========  ============  ================  ===================  ==================
difficulty  pace (take +  passes a random   notices a grab       a false grab, per
            pass), ms     card instead      (Pig: a nose) after  card taken
==========  ============  ================  ===================  ==================
easy        900           30 %              reaction + 0-1.6 s   0.4 %
normal      700           10 %              reaction + 0-0.8 s   0.2 %
hard        550           0 %               reaction + 0-0.3 s   0.1 %
==========  ============  ================  ===================  ==================

A bot keeps the ranks it holds most of and passes a card of its thinnest rank; a nose in
Pig is harder to notice than a spoon going, so the extra noticing time doubles there.

>>> from games.spoons.rules import SpoonsOptions, new_game
>>> state = new_game(SpoonsOptions(seats=3), seed=1)
>>> [plan] = BOTS["hard"](state.view(state.dealer), 0, Random(1))
>>> type(plan).__name__, plan.at_ms > 0
('Take', True)
"""

from __future__ import annotations

from random import Random
from collections import Counter
from dataclasses import dataclass
from typing import Callable

from games.core.cards import Card
from games.core.realtime import TimedAction
from games.core.reflex import MODELS, ReactionModel
from games.spoons.rules import HAND, Grab, Pass, SpoonsView, Take, four_of_a_kind

Bot = Callable[[SpoonsView, int, Random], list[TimedAction]]


@dataclass(frozen=True)
class Habits:
    sloppy: float          # chance of passing a random card
    notice_ms: int         # the most extra time before noticing a grab
    false_grab: float      # chance of a false grab on a card taken


HABITS = {
    "easy": Habits(0.30, 1600, 0.004),
    "normal": Habits(0.10, 800, 0.002),
    "hard": Habits(0.0, 300, 0.001),
}


def _moment(view: SpoonsView, anchor: int, salt: int) -> Random:
    """The generator for one decision: the same view and moment give the same plan."""
    return Random(((view.round * 10_007 + anchor) * 31 + view.seat) * 7 + salt)


def discard_choice(hand: tuple[Card, ...], rng: Random, sloppy: float) -> Card:
    """The card to pass: one of the rank held fewest times (the newest such card)."""
    if rng.random() < sloppy:
        return rng.choice(hand)
    counts = Counter(c.rank for c in hand)
    return min(reversed(hand), key=lambda c: counts[c.rank])


def plan(view: SpoonsView, model: ReactionModel, habits: Habits) -> list[TimedAction]:
    seat = view.seat
    if view.over or view.between or view.out[seat] or seat in view.grabbed:
        return []
    if view.grabbed:
        return [_scramble(view, model, habits)] + _passing(view, model, habits, noticed=False)
    if four_of_a_kind(list(view.hand)):
        rng = _moment(view, view.ready_ms, 1)
        return [Grab(seat, max(view.now_ms + 1, view.ready_ms + model.reaction(rng)))]
    return _passing(view, model, habits, noticed=False)


def _scramble(view: SpoonsView, model: ReactionModel, habits: Habits) -> TimedAction:
    assert view.first_grab_ms is not None
    rng = _moment(view, view.first_grab_ms, 2)
    extra = habits.notice_ms * (2 if view.variant == "pig" else 1)
    late = model.reaction(rng) + round(rng.random() * extra)
    if not model.notices(rng):
        late += model.reaction(rng)
    return Grab(view.seat, max(view.now_ms + 1, view.first_grab_ms + late))


def _passing(view: SpoonsView, model: ReactionModel, habits: Habits, noticed: bool) -> list[TimedAction]:
    """Take or pass after the seat's pace; Spoons stops passing in the scramble."""
    seat = view.seat
    if view.grabbed and view.variant != "pig":
        return []
    rng = _moment(view, view.ready_ms, 0)
    at = max(view.now_ms + 1, view.ready_ms + model.pace(rng) // 2)
    if len(view.hand) > HAND:
        return [Pass(seat, at, discard_choice(view.hand, rng, habits.sloppy))]
    waiting = view.stock + view.discard if seat == view.dealer else view.queues[seat]
    if not waiting:
        return []
    if rng.random() < habits.false_grab:
        return [Grab(seat, at)]
    return [Take(seat, at)]


def _bot(level: str) -> Bot:
    model, habits = MODELS[level], HABITS[level]

    def react(view: SpoonsView, now_ms: int, rng: Random) -> list[TimedAction]:
        return plan(view, model, habits)
    react.__name__ = f"spoons_{level}"
    return react


BOTS: dict[str, Bot] = {level: _bot(level) for level in HABITS}
