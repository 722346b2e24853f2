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
        self.state: GameState = spec.new_game(self.options, self.seed)
        self.opening: list[Event] = list(getattr(self.state, "opening", []))
        self.actions: list[Any] = []
        self.bot_rng = random.Random(self.seed * 7919 + 1)
        self._thinking: tuple[int, Future, bool] | None = None  # seat, job, in the worker process

    @property
    def humans(self) -> list[int]:
        return [i for i, plan in enumerate(self.setup.seats) if plan.human]

    def is_human(self, seat: int) -> bool:
        return self.setup.seats[seat].human

    def apply(self, action: Any) -> list[Event]:
        """Apply an action (raises IllegalAction and changes nothing if it is illegal)."""
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
            self._thinking = self._ask(seat, away=GAMES.get(self.spec.id) is self.spec)
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

    def rematch(self) -> Session:
        """A new game with the same seats and options and a fresh seed."""
        setup = Setup(self.setup.game_id, list(self.setup.seats), dict(self.setup.options), None)
        return Session(self.spec, setup)


def _choose_here(bot: Any, view: Any, rng: random.Random) -> tuple[Any, tuple]:
    return bot(view, rng), rng.getstate()
