"""The real-time side of the protocol, shared by the reflex games (Ratscrew, Nails, Spoons).

A reflex game is still pure: nothing reads a clock. Every action carries the time it was
taken in milliseconds of game time (``at_ms``), and the state only moves its own clock when
told: ``advance(now_ms)`` fires the timed steps that fall due (a pile collected after a
pause, the next cards turned up). Callers keep one rule: advance to an action's time before
applying it. ``apply`` refuses an action stamped before the state's clock, or one that a
timed step due first would have changed, so the order of events never depends on how
often the caller happened to look.

A reflex bot is ``react(view, now_ms, rng) -> list[TimedAction]``: its plans, each stamped
in the future. The driver asks every bot again whenever something happened and drops the
old plans, as a person would change their mind when the pile changes.

>>> from games.registry import GAMES
>>> spec = GAMES["ratscrew"]
>>> options = spec.make_options(seats=3)
>>> record = play_realtime(spec, options, seed=4, bots=[spec.bots["hard"]] * 3)
>>> record.state.is_over()
True
>>> again = replay_timed(spec, options, 4, record.actions, record.end_ms)
>>> again == record.state
True
"""

from __future__ import annotations

from random import Random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, Protocol, Sequence, runtime_checkable

from games.core.protocol import Action, Event, GameState, IllegalAction, Seat, seat_name


@dataclass(frozen=True)
class TimedAction(Action):
    """An action taken at ``at_ms`` milliseconds of game time."""

    at_ms: int

    def stamp(self) -> str:
        return f"@{self.at_ms}ms"

    def __str__(self) -> str:
        verb = type(self).__name__.lower()
        return f"{seat_name(self.seat)} {verb} {self.stamp()}"


@runtime_checkable
class RealtimeState(GameState, Protocol):
    now_ms: int

    def advance(self, now_ms: int) -> list[Event]: ...

    def next_due(self) -> int | None:
        """When the next timed step fires (None when nothing is waiting on the clock)."""
        ...


ReflexBot = Callable[[Any, int, Random], list[Any]]


def check_time(state: Any, action: TimedAction) -> None:
    """Raise ``IllegalAction`` unless ``action`` may be applied at the state's clock."""
    if not isinstance(action, TimedAction):
        raise IllegalAction(f"{action!r} carries no time")
    if action.at_ms < state.now_ms:
        raise IllegalAction(f"too late: {action} came before the table's clock ({state.now_ms} ms)")
    due = state.next_due()
    if due is not None and due <= action.at_ms:
        raise IllegalAction(f"advance the clock to {due} ms before applying {action}")


@dataclass
class TimedRecord:
    """A finished real-time game: its state, every applied action in order, and the game
    time it ended at (the seed, the actions and ``end_ms`` replay it exactly)."""

    state: Any
    actions: list[Any] = field(default_factory=list)
    events: int = 0
    end_ms: int = 0
    refused: int = 0


def play_realtime(spec: Any, options: Any, seed: int, bots: Sequence[ReflexBot],
                  bot_seed: int | None = None, max_steps: int = 200_000) -> TimedRecord:
    """Let ``bots[seat]`` play every seat on a simulated clock until the game is over.

    Bot plans that the rules refuse when they fall due (the chance passed) are counted in
    ``refused`` and dropped. A lost or duplicated card raises ``AssertionError``.
    """
    state = spec.new_game(options, seed)
    rng = Random(seed if bot_seed is None else bot_seed)
    record = TimedRecord(state)
    initial = Counter(state.all_cards())
    plans = _ask(state, bots, rng)
    for _ in range(max_steps):
        if state.is_over():
            break
        events = _step(state, plans, record)
        if events:
            record.events += len(events)
            plans = _ask(state, bots, rng)
    else:
        raise RuntimeError(f"{spec.id}: no end after {max_steps} steps (seed {seed})")
    assert Counter(state.all_cards()) == initial, f"{spec.id}: a card was lost (seed {seed})"
    record.end_ms = state.now_ms
    return record


def _ask(state: Any, bots: Sequence[ReflexBot], rng: Random) -> list[Any]:
    """Every bot's fresh plans, earliest first (ties: lower seat first, as stamped)."""
    plans = [a for seat, bot in enumerate(bots) for a in bot(state.view(seat), state.now_ms, rng)]
    return sorted(plans, key=lambda a: (a.at_ms, a.seat))


def _step(state: Any, plans: list[Any], record: TimedRecord) -> list[Event]:
    """Fire the next timed step or apply the next plan, whichever comes first."""
    due = state.next_due()
    if plans and (due is None or plans[0].at_ms < due):
        action = plans.pop(0)
        try:
            events = state.apply(action)
        except IllegalAction:
            record.refused += 1
            return []
        record.actions.append(action)
        return events
    if due is None:
        raise RuntimeError("stuck: no timed step and no bot wants to act")
    return state.advance(due)


def replay_timed(spec: Any, options: Any, seed: int, actions: Sequence[Any],
                 end_ms: int | None = None) -> Any:
    """Rebuild a real-time game from its seed and timed actions."""
    state, _ = replay_timed_events(spec, options, seed, actions, end_ms)
    return state


def replay_timed_events(spec: Any, options: Any, seed: int, actions: Sequence[Any],
                        end_ms: int | None = None) -> tuple[Any, list[Event]]:
    state = spec.new_game(options, seed)
    events: list[Event] = list(getattr(state, "opening", []))
    for action in actions:
        events += state.advance(action.at_ms)
        events += state.apply(action)
    if end_ms is not None:
        events += state.advance(end_ms)
    return state, events
