"""The real-time side of the protocol, shared by the reflex games (Ratscrew, Nails, Spoons).

A reflex game is still pure: nothing reads a clock. Every action carries the time it was
taken in milliseconds of game time (``at_ms``), and the state only moves its own clock when
told: ``advance(now_ms)`` fires the timed steps that fall due (a pile collected after a
pause, the next cards turned up). Callers keep one rule: advance to an action's time before
applying it. ``apply`` refuses an action stamped before the state's clock, or one that a
timed step due first would have changed, so the order of events never depends on how
often the caller happened to look.

A reflex bot is ``react(view, now_ms, rng) -> list[TimedAction]``: its plans, each stamped
in the future. ``RealtimeDriver`` runs a game: it takes the humans' stamped actions and the
bots' plans and applies them in time order, asking every bot again whenever something
happened (dropping the old plans, as a person would change their mind when the pile
changes). ``play_realtime`` is the driver with a bot at every seat.

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

import bisect
from random import Random
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping, Protocol, Sequence, runtime_checkable

from games.core.protocol import Action, Event, GameState, IllegalAction, Seat, seat_name
from games.core.words import T, Words

if TYPE_CHECKING:
    from games.registry import GameSpec


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
class RealtimeState(GameState[Any, Any], Protocol):
    now_ms: int

    def advance(self, now_ms: int) -> list[Event]: ...

    def next_due(self) -> int | None:
        """When the next timed step fires (None when nothing is waiting on the clock)."""
        ...


ReflexBot = Callable[[Any, int, Random], list[Any]]


def time_problem(state: Any, action: object) -> Words | None:
    """Why ``action`` may not be applied at the state's clock (None when it may)."""
    if not isinstance(action, TimedAction):
        return T("{what} carries no time", what=type(action).__name__)
    if action.at_ms < state.now_ms:
        return T("too late: the table's clock had reached {now} ms before {at} ms", now=state.now_ms,
                 at=action.at_ms)
    due = state.next_due()
    if due is not None and due <= action.at_ms:
        return T("advance the clock to {due} ms first: the table moves on then", due=due)
    return None


def check_time(state: Any, action: TimedAction) -> None:
    """Raise ``IllegalAction`` unless ``action`` may be applied at the state's clock."""
    problem = time_problem(state, action)
    if problem is not None:
        raise IllegalAction(problem)


def check_legal_timed(state: Any, action: object, why_not: Callable[[object], Words | str],
                      at_its_time: bool = False) -> None:
    """The one judge of legality for a real-time game: ``action`` is legal when it may be
    applied at the state's clock and the same action stamped now is among its seat's
    ``legal_actions`` (until the action's time nothing changes the state: a timed step due
    first makes ``time_problem`` refuse it). Otherwise it raises ``IllegalAction`` with
    the game's own sentence, ``why_not(action)``.

    ``at_its_time``: for a game whose legality depends on the clock itself (Nails' late
    calls count only within a window), ``legal_actions`` is asked of a copy of the state
    whose clock has moved on to the action's time."""
    if isinstance(action, TimedAction) and time_problem(state, action) is None \
            and 0 <= action.seat < state.seats:
        judge = state
        if at_its_time and action.at_ms > state.now_ms:
            judge = state.clone()
            judge.advance(action.at_ms)   # (no timed step falls due first: time_problem)
        if replace(action, at_ms=judge.now_ms) in judge.legal_actions(action.seat):
            return
    raise IllegalAction(why_not(action))


@dataclass
class TimedRecord:
    """A finished real-time game: its state, every applied action in order, and the game
    time it ended at (the seed, the actions and ``end_ms`` replay it exactly)."""

    state: Any
    actions: list[Any] = field(default_factory=list)
    events: int = 0
    end_ms: int = 0
    refused: int = 0


@dataclass(frozen=True)
class Refusal:
    """A human's action the rules refused, and why, for the table to say to that player."""

    action: Any
    problem: IllegalAction


class RealtimeDriver:
    """Runs a real-time game on any clock: the one loop behind the reflex tables, ``parlour
    sim``, skipping to the result, replays, and later the server.

    ``RealtimeDriver(state, bots, rng, log=None)``:

    - ``state``: a fresh or running real-time state, moved on in place.
    - ``bots``: the reflex bot of every seat a computer plays (seat -> bot). Other seats'
      actions come from outside, through ``submit``.
    - ``rng``: the generator every bot draws from (a session's bot generator). Bots are
      asked in seat order, on the first run and again after anything happened, so a seed
      gives the same game however the runs are sliced.
    - ``log``: the list every applied action is appended to (a session's action log, so the
      seed plus the log replays the game); a new list when None. Also ``actions``.
    - ``pace``: how much longer the bots take than their reaction model says (1: as it says;
      2: twice as long), for a player who listens to each card rather than sees it. It
      stretches when the bots act, never the rules' own timing, and their actions are logged
      with the times they were taken: the seed and the log replay the game as it was played.

    Use: ``submit`` the humans' stamped actions as they arrive, then ``run_until(t)`` for
    the game time ``t`` reached (a frame's end; on a server, now less the resolution
    window). It applies everything due by ``t`` in time order: the earliest of the next
    human action, the next bot plan and the next timed step, each after the clock is moved
    to its own time. A timed step due at or before an action's time fires first; a human
    goes before a bot stamped the same millisecond; humans' actions stamped the same
    millisecond keep the order they were submitted in (the order the keys went down).
    ``run_to_end`` plays on with no end time (the simulator, skipping to the result).
    Refused bot plans are counted in ``refused``; refused human actions are kept for
    ``take_refusals``. Nothing here reads a clock, a frame or an input device.
    """

    def __init__(self, state: Any, bots: Mapping[Seat, ReflexBot], rng: Random,
                 log: list[Any] | None = None, pace: float = 1.0) -> None:
        self.state = state
        self.pace = pace
        self.bots: dict[Seat, ReflexBot] = dict(sorted(bots.items()))
        self.rng = rng
        self.actions: list[Any] = [] if log is None else log
        self.refused = 0
        self._plans: list[Any] | None = None      # asked on first use, then after each change
        self._inbox: list[tuple[int, int, Any]] = []   # humans' actions: (at_ms, arrival, action)
        self._arrivals = 0
        self._refusals: list[Refusal] = []

    # what comes in ------------------------------------------------------------------------

    def submit(self, actions: Iterable[Any]) -> None:
        """Humans' timed actions, to be applied when the game time reaches their stamps."""
        for action in actions:
            bisect.insort(self._inbox, (action.at_ms, self._arrivals, action), key=lambda e: e[:2])
            self._arrivals += 1

    def replan(self) -> None:
        """Ask every bot again from what its seat sees now, dropping the old plans (done
        after every change; call it too after changing the state from outside)."""
        state = self.state
        plans = [self._paced(a, state.now_ms) for seat, bot in self.bots.items()
                 for a in bot(state.view(seat), state.now_ms, self.rng)]
        self._plans = sorted(plans, key=lambda a: (a.at_ms, a.seat))

    def _paced(self, action: Any, now_ms: int) -> Any:
        """A bot's plan with its delay from now stretched by ``pace``."""
        if self.pace == 1.0 or action.at_ms <= now_ms:
            return action
        return replace(action, at_ms=now_ms + round((action.at_ms - now_ms) * self.pace))

    @property
    def plans(self) -> list[Any]:
        """The bots' plans not yet due, earliest first."""
        if self._plans is None:
            self.replan()
        assert self._plans is not None
        return self._plans

    # running ------------------------------------------------------------------------------

    def run_until(self, end_ms: int) -> list[Event]:
        """Apply everything due by ``end_ms`` in time order, then move the clock there."""
        events: list[Event] = []
        while not self.state.is_over():
            happened = self._step(end_ms)
            if happened is None:
                break
            events += happened
        if not self.state.is_over() and end_ms > self.state.now_ms:
            events += self._changed(self.state.advance(end_ms))
        return events

    def run_to_end(self, max_steps: int = 200_000) -> list[Event]:
        """Play on until the game is over, or until nothing can happen without a human."""
        events: list[Event] = []
        for _ in range(max_steps):
            happened = None if self.state.is_over() else self._step(None)
            if happened is None:
                return events
            events += happened
        raise RuntimeError(f"no end after {max_steps} steps")

    def take_refusals(self) -> list[Refusal]:
        """The humans' actions refused since last asked, in the order they were tried."""
        refusals, self._refusals = self._refusals, []
        return refusals

    def _step(self, end_ms: int | None) -> list[Event] | None:
        """The next thing due by ``end_ms`` (None: no limit), or None when nothing is."""
        due = self.state.next_due()
        action, human = self._next_action()
        if action is not None and (end_ms is None or action.at_ms <= end_ms) and (due is None or action.at_ms < due):
            if human:
                self._inbox.pop(0)
            else:
                self.plans.pop(0)
            return self._apply(action, human)
        if due is not None and (end_ms is None or due <= end_ms):
            return self._changed(self.state.advance(due))
        return None

    def _next_action(self) -> tuple[Any | None, bool]:
        """The earliest waiting action, and whether a human took it."""
        plans = self.plans
        if self._inbox and (not plans or self._inbox[0][0] <= plans[0].at_ms):
            return self._inbox[0][2], True
        return (plans[0], False) if plans else (None, False)

    def _apply(self, action: Any, human: bool) -> list[Event]:
        try:
            events = self.state.apply(action)
        except IllegalAction as problem:
            if human:
                self._refusals.append(Refusal(action, problem))
            else:
                self.refused += 1
            return []
        self.actions.append(action)
        return self._changed(events)

    def _changed(self, events: list[Event]) -> list[Event]:
        if events:
            self.replan()
        return events


def new_timed_game(spec: GameSpec, options: object, seed: int) -> RealtimeState:
    """``spec.new_game`` for a real-time game, typed as one (TypeError for a turn game)."""
    state = spec.new_game(options, seed)
    if not isinstance(state, RealtimeState):
        raise TypeError(f"{spec.id} is not a real-time game")
    return state


def play_realtime(spec: GameSpec, options: object, seed: int, bots: Sequence[ReflexBot],
                  bot_seed: int | None = None, max_steps: int = 200_000) -> TimedRecord:
    """Let ``bots[seat]`` play every seat on a simulated clock until the game is over.

    Bot plans that the rules refuse when they fall due (the chance passed) are counted in
    ``refused`` and dropped. A lost or duplicated card raises ``AssertionError``.
    """
    state = new_timed_game(spec, options, seed)
    initial = Counter(state.all_cards())
    driver = RealtimeDriver(state, dict(enumerate(bots)), Random(seed if bot_seed is None else bot_seed))
    try:
        events = driver.run_to_end(max_steps)
    except RuntimeError:
        raise RuntimeError(f"{spec.id}: no end after {max_steps} steps (seed {seed})") from None
    if not state.is_over():
        raise RuntimeError(f"{spec.id}: stuck: no timed step and no bot wants to act (seed {seed})")
    assert Counter(state.all_cards()) == initial, f"{spec.id}: a card was lost (seed {seed})"
    return TimedRecord(state, driver.actions, len(events), state.now_ms, driver.refused)


def replay_timed(spec: GameSpec, options: object, seed: int, actions: Sequence[TimedAction],
                 end_ms: int | None = None) -> RealtimeState:
    """Rebuild a real-time game from its seed and timed actions."""
    state, _ = replay_timed_events(spec, options, seed, actions, end_ms)
    return state


def replay_timed_events(spec: GameSpec, options: object, seed: int, actions: Sequence[TimedAction],
                        end_ms: int | None = None) -> tuple[RealtimeState, list[Event]]:
    state = new_timed_game(spec, options, seed)
    events: list[Event] = list(state.opening)
    for action in actions:
        events += state.advance(action.at_ms)
        events += state.apply(action)
    if end_ms is not None:
        events += state.advance(end_ms)
    return state, events
