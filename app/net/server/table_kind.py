"""The two kinds of table a server holds (turn games, reflex games) behind one interface,
and the small protocol through which a kind talks to the server.

The server chooses a table's kind once, from its game's spec (``spec.realtime``), when the
table is made or resumed, and from then on only asks the kind: an action or a press
arrived (``act``), the table changed (``move_on``: computers move, the clock runs), what a
``pong`` adds (``pong_extra``), the table is gone (``stop``). A kind speaks to the
connections and schedules its own work only through :class:`Post`, never through the
server's private workings, so a kind can change without the server and the other way
round, and a test can give a kind a post of its own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Coroutine, Protocol, TypeVar

if TYPE_CHECKING:
    from app.net.server.server import Conn, Table
    from app.net.server.store import TableStore
    from app.net.wire.protocol import ActionMsg, Press
    from games.core.protocol import Event, Seat
    from games.core.words import Words

__all__ = ["Post", "TableKind"]

T = TypeVar("T")


class Post(Protocol):
    """What a table kind may ask of the server."""

    store: TableStore | None
    grace_s: float          # how long a person may be away before a computer holds the seat
    reflex_speed: float     # game time per ms at reflex tables (tests raise it)

    def send(self, conn: Conn, message: dict[str, Any]) -> None:
        """``message`` on its way to ``conn`` (never waits for the peer)."""

    def broadcast(self, table: Table, events: list[Event], but: Conn | None = None) -> None:
        """Every connection at ``table`` (``but`` one) its ``table`` message, with ``events``
        redacted for its seat (never waits for a peer)."""

    def error(self, conn: Conn, text: str, words: Words | None = None) -> None:
        """One error line to ``conn`` (``words``: the same as a message for its table to render)."""

    def later(self, job: Coroutine[Any, Any, Any]) -> None:
        """``job`` run on the server's loop as a task of its own (its failure is logged)."""

    async def think(self, table: Table, call: Callable[[], T]) -> T:
        """``call()`` (a computer player's choice) off the loop, on the thinking threads."""
        ...


class TableKind(Protocol):
    """How one kind of table plays its game (see the module's notes)."""

    async def act(self, conn: Conn, seat: Seat, message: ActionMsg | Press) -> None:
        """An ``action`` or ``press`` from the person at ``seat`` while the game is being
        played; raises ``ProtocolError`` (nothing changed) when it cannot stand."""

    def move_on(self) -> None:
        """The table changed (a game started, a seat was taken or left): whatever the kind
        does on its own (computers move, the table's clock runs) goes on."""

    def pong_extra(self) -> dict[str, Any]:
        """What a ``pong`` to a connection at this table carries besides the clocks."""

    def stop(self) -> None:
        """The table is gone: nothing of the kind runs on."""
