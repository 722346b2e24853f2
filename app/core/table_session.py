"""What a table may ask of the game it shows: ``TableSession``, one protocol for every kind
of session, so every table draws from a game played here, on a server or from a recording
unchanged, and mypy checks each table against it.

Three kinds implement it, each saying what it is (``kind``) instead of a table looking at
its class or sniffing its attributes:

- ``local`` (:class:`app.core.session.LocalSession`): the rules run here, computers think
  in the worker, and a game that allows it takes moves back (``undo``, ``redo``);
- ``remote`` (:class:`app.net.client.remote.RemoteSession`): the game lives on a server;
  this machine shows its seat's view and sends its moves (``network`` is the session's
  networked side: the server's moves, the link, the chat);
- ``replay`` (:class:`app.core.replay_session.ReplaySession`): the rules run here on the
  actions of a recording, and nobody plays.

A session that is not played from here (a recording, a server's game) shares the answers
of :class:`NotPlayedHere`: no computer thinks on this machine and no move is taken back.
"""

from __future__ import annotations

from typing import Any, Literal, NamedTuple, Protocol, TypeVar, runtime_checkable

from app.core.deal_proof import DealProof
from games.core.protocol import Action, Event, GameState, IllegalAction, Seat, TakesMovesBack
from games.core.realtime import RealtimeDriver, RealtimeState
from games.core.session import Setup
from games.core.view_state import ViewState
from games.core.words import Words
from games.registry import GameSpec

__all__ = ["Move", "NetworkedSession", "NotPlayedHere", "SessionKind", "TableSession", "state_as"]

SessionKind = Literal["local", "remote", "replay"]
StateT = TypeVar("StateT")


class Move(NamedTuple):
    """One ``table`` message of a networked game: the view after it, its events, and
    whether it answers this player's own move."""

    view: ViewState[Any]
    events: list[Event]
    mine: bool


@runtime_checkable
class TableSession(TakesMovesBack, Protocol):
    """What a table scene asks of its session: the game to draw, the seats, the moves (its
    players', its computers', or from elsewhere), what this kind of session allows, and
    taking moves back (``undo``, ``redo``: only a local game whose rules allow it does)."""

    spec: GameSpec
    setup: Setup
    seed: int
    options: Any
    actions: list[Action]
    resumed: bool   # continued from a save: the table shows the position as it stands

    @property
    def kind(self) -> SessionKind: ...

    @property
    def network(self) -> NetworkedSession | None:
        """The networked side of a game played on a server; None for any other kind."""
        ...

    @property
    def title(self) -> str: ...

    # the game ------------------------------------------------------------------------------

    @property
    def state(self) -> GameState[Any, Any]: ...

    @property
    def opening(self) -> list[Event]:
        """The events that show the first deal (none for a table opened later)."""
        ...

    def state_as(self, kind: type[StateT]) -> StateT: ...

    def timed_state(self) -> RealtimeState: ...

    def realtime_driver(self) -> RealtimeDriver: ...

    # seats and moves -----------------------------------------------------------------------

    @property
    def humans(self) -> list[Seat]: ...

    def is_human(self, seat: Seat) -> bool: ...

    def to_act(self) -> list[Seat]: ...

    def apply(self, action: Action) -> list[Event]: ...

    def bot_seat(self) -> Seat | None:
        """The computer that must move now and thinks on this machine, if any."""
        ...

    def think(self, seat: Seat) -> Action | None: ...

    def settle(self, timeout: float = 10.0) -> None: ...

    def deal_in_worker(self) -> bool: ...

    def finish_dealing(self, wait: bool = False) -> bool: ...

    def rematch(self, seed: int | None = None) -> TableSession | None:
        """A new game here with the same seats and options; None for a networked game,
        which its server deals again (``NetworkedSession.again``)."""
        ...

    # news from elsewhere (a game played here has none) -------------------------------------

    def poll(self) -> None: ...

    def take_events(self) -> list[Event]: ...

    def take_errors(self) -> list[Words | str]: ...


@runtime_checkable
class NetworkedSession(TableSession, Protocol):
    """What a table asks only of a game played on a server: its moves one message at a
    time, the state of its link, a seat's note ("reconnecting"), the chat, and the end."""

    status: str
    failure: str | None
    link: str
    resyncs: int        # returns after a drop: the table redraws from the view
    game_number: int    # the deals played at this table so far
    seat: Seat | None
    chat: list[Any]     # the chat lines kept for the panel (app.net.wire.chat_line.ChatLine)
    promised: str | None   # the promise of the deal being played (app/core/deal_proof.py), once shown

    @property
    def silent(self) -> bool:
        """The server has stopped answering (the link drops and tries again meanwhile)."""
        ...

    @property
    def host_name(self) -> str: ...

    @property
    def hosting(self) -> bool: ...

    def next_move(self) -> Move | None: ...

    def take_move(self) -> list[Event]: ...

    def seat_note(self, seat: Seat) -> str | None: ...

    def send_chat(self, text: str) -> None: ...

    def leave(self) -> None: ...

    def again(self) -> None: ...

    def next_game(self) -> bool: ...

    def finished(self) -> TableSession | None: ...

    def deal_proof(self) -> DealProof | None: ...


def state_as(state: GameState[Any, Any], kind: type[StateT], game_id: str) -> StateT:
    """``state`` as the game's own type, for a table that reads what only its game has
    (raises TypeError if it is another game's)."""
    if not isinstance(state, kind):
        raise TypeError(f"{game_id} is played with {type(state).__name__}, not {kind.__name__}")
    return state


class NotPlayedHere:
    """The answers of a session whose moves are not made on this machine (a recording's, or
    a server's): no computer thinks here, nothing is dealt in the worker, and no move is
    taken back. ``what`` names the kind in the refusal ("A replay")."""

    what = "This game"

    def bot_seat(self) -> Seat | None:
        return None

    def think(self, seat: Seat) -> Action | None:
        return None

    def settle(self, timeout: float = 10.0) -> None:
        """Nothing thinks here to wait for."""

    def deal_in_worker(self) -> bool:
        return False

    def finish_dealing(self, wait: bool = False) -> bool:
        return True

    @property
    def can_undo(self) -> bool:
        return False

    @property
    def can_redo(self) -> bool:
        return False

    def undo(self) -> list[Event]:
        raise IllegalAction(f"{self.what} takes no moves back")

    def redo(self) -> list[Event]:
        raise IllegalAction(f"{self.what} takes no moves back")
