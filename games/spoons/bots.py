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
from dataclasses import dataclass, replace
from typing import Callable, NamedTuple

from games.core.cards import Card
from games.core.protocol import Seat
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


class Situation(NamedTuple):
    """All of a seat's view that its plans depend on, apart from the clock."""

    seat: Seat
    round: int
    variant: str
    playing: bool               # in the round, with no spoon (nose) yet
    hand: tuple[Card, ...]
    ready_ms: int
    waiting: bool               # a card to take (the dealer: the stock or the discard)
    scramble: bool              # a spoon (a nose) has gone
    first_grab_ms: int | None


def situation(view: SpoonsView) -> Situation:
    seat = view.seat
    playing = not (view.over or view.between or view.out[seat] or seat in view.grabbed)
    waiting = view.stock + view.discard if seat == view.dealer else view.queues[seat]
    return Situation(seat, view.round, view.variant, playing, view.hand, view.ready_ms,
                     waiting > 0, bool(view.grabbed), view.first_grab_ms)


def _moment(s: Situation, anchor: int, salt: int) -> Random:
    """The generator for one decision: the same situation and moment give the same plan."""
    return Random(((s.round * 10_007 + anchor) * 31 + s.seat) * 7 + salt)


def discard_choice(hand: tuple[Card, ...], rng: Random, sloppy: float) -> Card:
    """The card to pass: one of the rank held fewest times (the newest such card)."""
    if rng.random() < sloppy:
        return rng.choice(hand)
    ranks = [c.rank for c in hand]
    return min(reversed(hand), key=lambda c: ranks.count(c.rank))


def plan(view: SpoonsView, model: ReactionModel, habits: Habits) -> list[TimedAction]:
    """The seat's plans for ``view``, worked out afresh (``BOTS`` remember theirs)."""
    return on_time(intentions(situation(view), model, habits), view.now_ms)


def on_time(plans: tuple[TimedAction, ...], now_ms: int) -> list[TimedAction]:
    """The plans, a moment already gone moved to the next millisecond."""
    return [p if p.at_ms > now_ms else replace(p, at_ms=now_ms + 1) for p in plans]


def intentions(s: Situation, model: ReactionModel, habits: Habits) -> tuple[TimedAction, ...]:
    """What the seat means to do and when (that moment may have passed already)."""
    if not s.playing:
        return ()
    if s.scramble:
        return (_scramble(s, model, habits), *_passing(s, model, habits, noticed=False))
    if four_of_a_kind(list(s.hand)):
        rng = _moment(s, s.ready_ms, 1)
        return (Grab(s.seat, s.ready_ms + model.reaction(rng)),)
    return _passing(s, model, habits, noticed=False)


def _scramble(s: Situation, model: ReactionModel, habits: Habits) -> TimedAction:
    assert s.first_grab_ms is not None
    rng = _moment(s, s.first_grab_ms, 2)
    extra = habits.notice_ms * (2 if s.variant == "pig" else 1)
    late = model.reaction(rng) + round(rng.random() * extra)
    if not model.notices(rng):
        late += model.reaction(rng)
    return Grab(s.seat, s.first_grab_ms + late)


def _passing(s: Situation, model: ReactionModel, habits: Habits,
             noticed: bool) -> tuple[TimedAction, ...]:
    """Take or pass after the seat's pace; Spoons stops passing in the scramble."""
    if s.scramble and s.variant != "pig":
        return ()
    rng = _moment(s, s.ready_ms, 0)
    at = s.ready_ms + model.pace(rng) // 2
    if len(s.hand) > HAND:
        return (Pass(s.seat, at, discard_choice(s.hand, rng, habits.sloppy)),)
    if not s.waiting:
        return ()
    if rng.random() < habits.false_grab:
        return (Grab(s.seat, at),)
    return (Take(s.seat, at),)


def _bot(level: str) -> Bot:
    model, habits = MODELS[level], HABITS[level]
    # The driver asks after every event at the table, but a seat's situation changes only
    # when it acts or a card reaches it: each seat's last plans are kept and reused.
    last: dict[Seat, tuple[Situation, tuple[TimedAction, ...]]] = {}

    def react(view: SpoonsView, now_ms: int, rng: Random) -> list[TimedAction]:
        current = situation(view)
        seen = last.get(view.seat)
        if seen is None or seen[0] != current:
            seen = last[view.seat] = (current, intentions(current, model, habits))
        return on_time(seen[1], view.now_ms)
    react.__name__ = f"spoons_{level}"
    return react


BOTS: dict[str, Bot] = {level: _bot(level) for level in HABITS}
