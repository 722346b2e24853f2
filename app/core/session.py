"""A game whose rules run on this machine, as the shell sees it: the rules state, who sits
where (human or bot), the actions taken so far, and bots thinking off the frame loop.

``PlayedHere`` is what every such session answers alike (nothing comes from elsewhere);
``LocalSession`` is a game played here, ``app.core.replay_session.ReplaySession`` one
watched from a recording. Both are ``TableSession``s (app/core/table_session.py), as a
networked game's session is.
"""

from __future__ import annotations

import random
from concurrent.futures import Future, wait
from typing import Any, TypeVar

from app.core import worker
from app.core.table_session import NetworkedSession, SessionKind, state_as
from games.core.protocol import Action, Event, GameState, RngState, TurnBot
from games.core.session import SeatPlan, SessionCore, Setup
from games.core.words import Words
from games.registry import GAMES, GameSpec

__all__ = ["LocalSession", "PlayedHere", "SeatPlan", "Session", "Setup"]  # SeatPlan and Setup live in the headless core

StateT = TypeVar("StateT")


class PlayedHere(SessionCore):
    """The headless core (games/core/session.py) with what a table asks of any game whose
    rules run here: nothing happens elsewhere, so there is no news to take and no network.
    ``seed`` None draws a fresh one."""

    def __init__(self, spec: GameSpec, setup: Setup) -> None:
        seed = setup.seed if setup.seed is not None else random.SystemRandom().randrange(10**9)
        super().__init__(spec, setup, seed)
        self._opening: list[Event] | None = None
        self.resumed = False  # continued from a save: the table shows the position as it stands

    @property
    def network(self) -> NetworkedSession | None:
        return None

    def poll(self) -> None:
        """Take in what happened elsewhere (nothing does, for a game whose rules run here)."""

    def take_events(self) -> list[Event]:
        """Events that happened elsewhere since the last call (none here: ``apply`` returns them)."""
        return []

    def take_errors(self) -> list[Words | str]:
        """Error lines from elsewhere since the last call (none here): a refusal's message,
        for the table to render, or a line already made."""
        return []

    def state_as(self, kind: type[StateT]) -> StateT:
        """The state as the game's own type, for a table that reads what only its game has
        (raises TypeError if the session holds another game)."""
        return state_as(self.state, kind, self.spec.id)

    @property
    def opening(self) -> list[Event]:
        """The events that show the first deal (resume sets it empty: the table then draws
        the position as it is)."""
        if self._opening is None:
            self._opening = list(self.state.opening)
        return self._opening

    @opening.setter
    def opening(self, events: list[Event]) -> None:
        self._opening = events

    def rematch(self, seed: int | None = None) -> LocalSession:
        """A new game played here with the same seats and options, and ``seed`` (by default a
        fresh one)."""
        setup = self._rematch_setup()
        setup.seed = seed
        return LocalSession(self.spec, setup)


class LocalSession(PlayedHere):
    """A game played here: bots think, and a slow deal is made, in the worker process, so a
    frame never waits for them; a game whose rules allow it takes moves back (``undo``)."""

    def __init__(self, spec: GameSpec, setup: Setup) -> None:
        super().__init__(spec, setup)
        self.dealing: Future[GameState[Any, Any]] | None = None  # a deal being searched for in the worker
        self._thinking: tuple[int, Future[tuple[Action, RngState]], bool] | None = None  # seat, job, in the worker process

    @property
    def kind(self) -> SessionKind:
        return "local"

    def deal_in_worker(self) -> bool:
        """Deal in the worker when dealing means a search too long for a frame (Seahaven's
        "winnable deals only": up to a third of a second), as the spec's ``stand_in`` says;
        returns True while the deal is being made. Until ``finish_dealing`` says it is
        done, ``state`` is the stand-in, to show as "dealing", not to play (``apply`` waits
        for the real deal). The deal that arrives is the one ``new_game`` makes here, so
        seeds stay exact."""
        stand_in = self.spec.stand_in
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

    def apply(self, action: Action) -> list[Event]:
        """Apply an action (raises IllegalAction and changes nothing if it is illegal),
        once a deal being made in the worker is in place."""
        self.finish_dealing(wait=True)
        return super().apply(action)

    def think(self, seat: int) -> Action | None:
        """Start or poll the bot for ``seat``; returns its action once it has decided.

        The bot runs in the worker process (app/core/worker.py) on a copy of its view, so a long
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

    def _ask(self, seat: int, away: bool) -> tuple[int, Future[tuple[Action, RngState]], bool]:
        view = self.state.view(seat)
        if away:  # a registered game: the worker finds the bot by name
            difficulty = self.setup.seats[seat].difficulty
            return seat, worker.submit(worker.choose, self.spec.id, difficulty, view,
                                       self.bot_rng.getstate()), True
        return seat, worker.run_here(_choose_here, self.bot_for(seat), view, self.bot_rng), False

    def settle(self, timeout: float = 10.0) -> None:
        """Wait until a thinking bot has decided. For headless runs (tests, the self-test,
        the benchmark) that draw frames far faster than real time: without it a busy
        machine may starve the bot thread for hundreds of frames."""
        if self._thinking is not None:
            wait([self._thinking[1]], timeout=timeout)  # a failed job is redone by ``think``
        if self.dealing is not None:
            wait([self.dealing], timeout=timeout)



Session = LocalSession   # the name most of the app and its tests know a game played here by


def _choose_here(bot: TurnBot[object, Action], view: object, rng: random.Random) -> tuple[Action, RngState]:
    """Run a bot on this side (the fallback thread), handing back its choice and the state
    of the generator, as ``worker.choose`` does from the worker process."""
    return bot(view, rng), rng.getstate()
