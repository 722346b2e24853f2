"""A game watched from a recording: the ``replay`` kind of ``TableSession``.

The rules run here on the recorded actions, one at a time, as the replay's table asks for
them (``next_action``); each is judged by the rules as it is applied, and one they refuse (a
hand-edited file) stops the playback with a sentence saying which and why (``broken``).
Nobody plays: no seat takes input (``is_human`` is always false) and no computer thinks,
while ``humans`` still names the human seats of the original game, so the table labels them
as it did. A one-seat game is watched as a spectator. A reflex game's recording comes in
through the driver (``realtime_driver``: no computers, the recorded presses instead).
"""

from __future__ import annotations

from app.core.replay_file import Replay
from app.core.session import PlayedHere
from app.core.table_session import NotPlayedHere, SessionKind
from games.core.protocol import Action, Event, IllegalAction, Seat
from games.core.realtime import RealtimeDriver, TimedAction

__all__ = ["ReplaySession"]


class ReplaySession(NotPlayedHere, PlayedHere):
    """A session whose actions come from ``replay``; see the module's notes."""

    what = "A replay"

    def __init__(self, replay: Replay) -> None:
        super().__init__(replay.spec, replay.setup)
        self.replay = replay
        self.script: list[Action] = list(replay.actions)
        self.broken = ""

    @property
    def kind(self) -> SessionKind:
        return "replay"

    @property
    def humans(self) -> list[Seat]:
        if self.spec.max_seats == 1:
            return []
        return [i for i, plan in enumerate(self.setup.seats) if plan.human]

    def is_human(self, seat: Seat) -> bool:
        return False

    @property
    def done(self) -> int:
        """How many recorded actions have been applied."""
        return len(self.actions)

    def next_action(self) -> Action | None:
        return self.script[self.done] if self.done < len(self.script) else None

    def next_press(self) -> TimedAction | None:
        """The next recorded action of a reflex game, which carries its game time; None at
        the end of the recording (or in a turn game)."""
        action = self.next_action()
        return action if isinstance(action, TimedAction) else None

    def apply(self, action: Action) -> list[Event]:
        if self.broken:  # nothing more is applied once the recording and the rules disagree
            raise IllegalAction("the replay has stopped")
        try:
            return super().apply(action)
        except IllegalAction as problem:
            self.stop(action, str(problem))
            raise

    def stop(self, action: Action, problem: str) -> None:
        """The rules refused recorded ``action``: the playback stops, saying why."""
        self.broken = f"Action {self.done + 1} ({action}) is not allowed here: {problem}"

    def realtime_driver(self) -> RealtimeDriver:
        """A reflex game's driver with no computer players: the recorded presses are handed
        to it instead (the replay table's ``run_game``), and it logs them in ``actions``."""
        self.driver = RealtimeDriver(self.state, {}, self.bot_rng, log=self.actions)
        return self.driver
