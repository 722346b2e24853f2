"""A game being played, without a screen: the rules state, who plays each seat (a human, or a
bot at a difficulty), the actions taken so far, the bots' own generator, and the rematch.

The app's ``Session`` is this core plus a worker process where bots think off the frame
loop; the network server will be this core plus connections. Everything here is pure: the
seed is given, never drawn, so a seed plus ``actions`` replays the game exactly, and a bot
asked here (``bot_action``) draws from the same generator, in the same order, as one asked
through the app's worker.

>>> from games.registry import GAMES
>>> spec = GAMES["ninety_nine"]
>>> core = SessionCore(spec, Setup.default(spec, seats=3, difficulty="easy"), seed=5)
>>> core.humans
[0]
>>> seat = core.to_act()[0]
>>> core.bot_seat() in (None, seat)
True
"""

from __future__ import annotations

from random import Random
from dataclasses import dataclass, field
from typing import Any, Callable

from games.core.protocol import Action, Event, GameState, IllegalAction, Seat, TurnBot, Undoable
from games.core.words import T
from games.core.realtime import RealtimeDriver, RealtimeState, ReflexBot
from games.registry import DIFFICULTIES, GameSpec, OptionValue

__all__ = ["SeatPlan", "Setup", "SessionCore", "bot_rng_for"]


@dataclass(frozen=True)
class SeatPlan:
    """Who plays a seat: a human, or a bot at a difficulty."""

    human: bool
    difficulty: str = "normal"

    def __post_init__(self) -> None:
        if self.difficulty not in DIFFICULTIES:
            raise ValueError(f"unknown difficulty {self.difficulty!r}")

    def label(self) -> str:
        return "Human" if self.human else f"Computer ({self.difficulty})"


@dataclass
class Setup:
    """Everything the setup screen decides. ``seed`` None means a fresh random seed (drawn
    by whoever starts the game: the app, or the server, never the core)."""

    game_id: str
    seats: list[SeatPlan]
    options: dict[str, OptionValue] = field(default_factory=dict)
    seed: int | None = None
    names: list[str] | None = None
    """Who sits in each seat, by name ("" where none was chosen); None until the table
    names them. Kept so a replay or a continued game shows the same people."""

    @staticmethod
    def default(spec: GameSpec, seats: int | None = None, difficulty: str = "normal") -> Setup:
        count = seats or spec.default_seats
        plans = [SeatPlan(human=(i == 0), difficulty=difficulty) for i in range(count)]
        return Setup(spec.id, plans, {o.key: o.default for o in spec.options})


def bot_rng_for(seed: int) -> Random:
    """The generator every bot at a table draws from: seeded from the game's seed, apart
    from the game's own generator, so how bots think never changes the deal."""
    return Random(seed * 7919 + 1)


class SessionCore:
    """A game in progress: ``state``, ``setup.seats``, ``actions``, and the bots' generator.

    ``apply`` is the one way an action enters the game (the rules judge it; an illegal one
    raises ``IllegalAction`` and changes nothing, not even ``actions``).
    """

    def __init__(self, spec: GameSpec, setup: Setup, seed: int) -> None:
        self.spec = spec
        self.setup = setup
        self.seed = seed
        self.options: Any = spec.make_options(seats=len(setup.seats), **setup.options)
        # Dealt on first use (see ``state``): the app may first have the deal made elsewhere.
        self._state: GameState[Any, Any] | None = None
        self.actions: list[Action] = []
        self.bot_rng = bot_rng_for(seed)
        # A real-time game's driver (``realtime_driver``); None for turn games.
        self.driver: RealtimeDriver | None = None

    @property
    def title(self) -> str:
        """The game's name as a player reads it: "Pig" for Spoons played as Pig."""
        return self.spec.title_for(self.setup.options)

    @property
    def state(self) -> GameState[Any, Any]:
        if self._state is None:
            self._state = self.spec.new_game(self.options, self.seed)
        return self._state

    @state.setter
    def state(self, state: GameState[Any, Any]) -> None:
        self._state = state

    def timed_state(self) -> RealtimeState:
        """The state of a real-time game as one (its clock, ``advance``, ``next_due``);
        raises TypeError for a turn game."""
        state = self.state
        if not isinstance(state, RealtimeState):
            raise TypeError(f"{self.spec.id} is not a real-time game")
        return state

    # seats --------------------------------------------------------------------------------

    @property
    def humans(self) -> list[Seat]:
        return [i for i, plan in enumerate(self.setup.seats) if plan.human]

    def is_human(self, seat: Seat) -> bool:
        return self.setup.seats[seat].human

    def to_act(self) -> list[Seat]:
        """The seats that may act now (none once the game is over)."""
        return [] if self.state.is_over() else self.state.to_act()

    def bot_seat(self) -> Seat | None:
        """The bot that must act now, if any (turn games)."""
        for seat in self.to_act():
            if not self.is_human(seat):
                return seat
        return None

    # actions ------------------------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Apply an action and record it (raises IllegalAction and changes nothing if the
        rules refuse it)."""
        events = self.state.apply(action)
        self.actions.append(action)
        return events

    # taking moves back ---------------------------------------------------------------------

    @property
    def can_undo(self) -> bool:
        """Whether ``undo`` would take a move back now (only a game whose state takes moves
        back itself, ``Undoable``, ever does: Seahaven)."""
        state = self.state
        return isinstance(state, Undoable) and state.can_undo

    @property
    def can_redo(self) -> bool:
        state = self.state
        return isinstance(state, Undoable) and state.can_redo

    def undo(self) -> list[Event]:
        """Take back the last move, with the moves that go with it: they leave ``actions``,
        which stays the record that replays the position (a save or replay written now holds
        no move taken back). Raises IllegalAction, changing nothing, when there is none."""
        state = self._undoable()
        events = state.undo()
        del self.actions[len(state.record()):]
        return events

    def redo(self) -> list[Event]:
        """Make the last moves taken back again: they rejoin ``actions``. Raises
        IllegalAction, changing nothing, when there is none (any new move forgets them)."""
        state = self._undoable()
        events = state.redo()
        self.actions += state.record()[len(self.actions):]
        return events

    def _undoable(self) -> Undoable:
        state = self.state
        if not isinstance(state, Undoable):
            raise IllegalAction(T("{game} takes no moves back", game=self.title))
        return state

    def bot_for(self, seat: Seat) -> Callable[..., Any]:
        """The bot that plays ``seat``, at its difficulty (a turn bot or a reflex bot)."""
        return self.spec.bots[self.setup.seats[seat].difficulty]

    def bot_action(self, seat: Seat) -> Action:
        """A turn bot's choice for ``seat``, made here and now on the seat's view with the
        session's bot generator (the app's worker makes the same choice elsewhere)."""
        bot: TurnBot[Any, Action] = self.bot_for(seat)
        action: Action = bot(self.state.view(seat), self.bot_rng)
        return action

    def realtime_driver(self) -> RealtimeDriver:
        """A real-time game's driver over the current state (made anew, and kept in
        ``driver``): a reflex bot for every computer seat, drawing from the session's bot
        generator, and every action it applies logged in ``actions``. The humans' timed
        actions go in through its ``submit``; ``run_until`` moves the game on."""
        bots: dict[Seat, ReflexBot] = {seat: self.bot_for(seat)
                                       for seat in range(len(self.setup.seats)) if not self.is_human(seat)}
        self.driver = RealtimeDriver(self.state, bots, self.bot_rng, log=self.actions)
        return self.driver

    def rematch(self, seed: int) -> SessionCore:
        """A new game with the same seats and options and the given seed."""
        return SessionCore(self.spec, self._rematch_setup(), seed)

    def _rematch_setup(self) -> Setup:
        names = list(self.setup.names) if self.setup.names is not None else None  # the same people
        return Setup(self.setup.game_id, list(self.setup.seats), dict(self.setup.options), None, names)
