"""A game in progress as the shell sees it: the rules state, who sits where (human or
bot), the actions taken so far, and bots thinking off the frame loop."""

from __future__ import annotations

import random
from concurrent.futures import Future, wait
from dataclasses import dataclass, field
from typing import Any

from app import worker
from games.core.protocol import Event, GameState
from games.registry import DIFFICULTIES, GAMES, GameSpec


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
    """Everything the setup screen decides. ``seed`` None means a fresh random seed."""

    game_id: str
    seats: list[SeatPlan]
    options: dict[str, Any] = field(default_factory=dict)
    seed: int | None = None

    @staticmethod
    def default(spec: GameSpec, seats: int | None = None, difficulty: str = "normal") -> Setup:
        count = seats or spec.default_seats
        plans = [SeatPlan(human=(i == 0), difficulty=difficulty) for i in range(count)]
        return Setup(spec.id, plans, {o.key: o.default for o in spec.options})


class Session:
    def __init__(self, spec: GameSpec, setup: Setup) -> None:
        self.spec = spec
        self.setup = setup
        self.seed = setup.seed if setup.seed is not None else random.SystemRandom().randrange(10**9)
        self.options = spec.make_options(seats=len(setup.seats), **setup.options)
        # Dealt on first use (see ``state``), so a table may first ask for the deal to be
        # made in the worker instead (``deal_in_worker``).
        self._state: GameState | None = None
        self._opening: list[Event] | None = None
        self.dealing: Future | None = None  # a deal being searched for in the worker
        self.actions: list[Any] = []
        self.bot_rng = random.Random(self.seed * 7919 + 1)
        self._thinking: tuple[int, Future, bool] | None = None  # seat, job, in the worker process

    @property
    def state(self) -> GameState:
        if self._state is None:
            self._state = self.spec.new_game(self.options, self.seed)
        return self._state

    @state.setter
    def state(self, state: GameState) -> None:
        self._state = state

    @property
    def opening(self) -> list[Event]:
        """The events that show the first deal (resume sets it empty: the table then draws
        the position as it is)."""
        if self._opening is None:
            self._opening = list(getattr(self.state, "opening", []))
        return self._opening

    @opening.setter
    def opening(self, events: list[Event]) -> None:
        self._opening = events

    def deal_in_worker(self) -> bool:
        """Deal in the worker when dealing means a search too long for a frame (Seahaven's
        "winnable deals only": up to a third of a second), as the spec's ``stand_in`` says;
        returns True while the deal is being made. Until ``finish_dealing`` says it is
        done, ``state`` is the stand-in, to show as "dealing", not to play (``apply`` waits
        for the real deal). The deal that arrives is the one ``new_game`` makes here, so
        seeds stay exact."""
        stand_in = self.spec.extra.get("stand_in")
        if self._state is not None or self.dealing is not None or stand_in is None:
            return self.dealing is not None
        quick = stand_in(self.options, self.seed)
        if quick is None:
            return False
        if self._registered:
            self.dealing = worker.submit(worker.new_game, self.spec.id, self.options, self.seed)
        else:  # an unregistered spec (tests) cannot be found by name in the worker
            self.dealing = worker.run_here(self.spec.new_game, self.options, self.seed)
        self._state = quick
        return True

    def finish_dealing(self, wait: bool = False) -> bool:
        """True once the deal asked for by ``deal_in_worker`` is in place (at once if none
        was asked for); with ``wait``, waits for it."""
        job = self.dealing
        if job is None:
            return True
        if not wait and not job.done():
            return False
        self.dealing = None
        try:
            self._state = job.result()
        except Exception:  # the worker died or the state would not pickle: deal here
            self._state = self.spec.new_game(self.options, self.seed)
        self._opening = None
        return True

    @property
    def _registered(self) -> bool:
        """Whether the worker process can find this game by its id (a test's variant spec
        cannot: its jobs run on a thread here instead)."""
        return GAMES.get(self.spec.id) is self.spec

    @property
    def humans(self) -> list[int]:
        return [i for i, plan in enumerate(self.setup.seats) if plan.human]

    def is_human(self, seat: int) -> bool:
        return self.setup.seats[seat].human

    def apply(self, action: Any) -> list[Event]:
        """Apply an action (raises IllegalAction and changes nothing if it is illegal)."""
        self.finish_dealing(wait=True)
        events = self.state.apply(action)
        self.actions.append(action)
        return events

    def bot_seat(self) -> int | None:
        """The bot that must act now, if any."""
        if self.state.is_over():
            return None
        for seat in self.state.to_act():
            if not self.is_human(seat):
                return seat
        return None

    def think(self, seat: int) -> Any | None:
        """Start or poll the bot for ``seat``; returns its action once it has decided.

        The bot runs in the worker process (app/worker.py) on a copy of its view, so a long
        search never holds up a frame. Bots think one at a time and hand back the state of
        their shared generator, which moves on here exactly as if they had run here: a
        seeded game plays the same either way.
        """
        if self._thinking is None or self._thinking[0] != seat:
            self._thinking = self._ask(seat, away=self._registered)
        _, future, away = self._thinking
        if not future.done():
            return None
        if away and future.exception() is not None:
            # The view would not pickle or the worker died: think here instead. A bot's
            # own error is raised again here, and the generator has not moved yet.
            self._thinking = self._ask(seat, away=False)
            return None
        self._thinking = None
        action, rng_state = future.result()
        self.bot_rng.setstate(rng_state)
        return action

    def _ask(self, seat: int, away: bool) -> tuple[int, Future, bool]:
        difficulty = self.setup.seats[seat].difficulty
        view = self.state.view(seat)
        if away:  # a registered game: the worker finds the bot by name
            return seat, worker.submit(worker.choose, self.spec.id, difficulty, view,
                                       self.bot_rng.getstate()), True
        bot = self.spec.bots[difficulty]
        return seat, worker.run_here(_choose_here, bot, view, self.bot_rng), False

    def settle(self, timeout: float = 10.0) -> None:
        """Wait until a thinking bot has decided. For headless runs (tests, the self-test,
        the benchmark) that draw frames far faster than real time: without it a busy
        machine may starve the bot thread for hundreds of frames."""
        if self._thinking is not None:
            wait([self._thinking[1]], timeout=timeout)  # a failed job is redone by ``think``
        if self.dealing is not None:
            wait([self.dealing], timeout=timeout)

    def rematch(self) -> Session:
        """A new game with the same seats and options and a fresh seed."""
        setup = Setup(self.setup.game_id, list(self.setup.seats), dict(self.setup.options), None)
        return Session(self.spec, setup)


def _choose_here(bot: Any, view: Any, rng: random.Random) -> tuple[Any, tuple]:
    return bot(view, rng), rng.getstate()
