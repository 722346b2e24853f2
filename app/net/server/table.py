"""A server's table and connection, and the two small protocols between a table's kind
and the server.

The server holds two kinds of table (turn games, reflex games) behind one interface. It
chooses a table's kind once, from its game's spec (``spec.realtime``), when the table is made
or resumed, and from then on only asks the kind: an action or a press arrived (``act``), the
table changed (``move_on``: computers move, the clock runs), what a ``pong`` adds
(``pong_extra``), the table is gone (``stop``). A kind speaks to the connections and schedules
its own work only through :class:`Post`, never through the server's private workings, so a
kind can change without the server and the other way round, and a test can give a kind a
post of its own. The server's own helpers (a table's life, who sits where) see it as a
:class:`Hall`: the post and the tables.

Everything here is what the server's modules share, so they import this module and none of
them imports the server: the server imports them.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Any, Callable, Coroutine, Protocol, TypeVar

from websockets.asyncio.server import ServerConnection

from app.core.deal_proof import commit, new_salt
from app.net.server.chat_log import ChatLog
from app.net.server.limits import Bucket, Limits
from app.net.server.outbox import Outbox
from app.net.server.store import SeatRecord, TableStore, token_hash
from app.net.wire.protocol import ActionMsg, Press
from games.core.protocol import Event, Seat
from games.core.session import SessionCore
from games.core.words import Words

__all__ = ["Conn", "Table", "Post", "TableKind", "Hall"]

T = TypeVar("T")


@dataclass(eq=False)
class Conn:
    """One connection: where it sits (``seat`` None for a watcher) and its limits."""

    ws: ServerConnection
    outbox: Outbox
    messages: Bucket
    address: str = "?"
    table: Table | None = None
    seat: Seat | None = None
    name: str = ""
    chats: Bucket = field(default_factory=lambda: Bucket(1, 5))
    refused: int = 0
    leaving: bool = False     # said ``leave``: gone on purpose when it closes


@dataclass(eq=False)
class Table:
    """One table: its game (the rules core's session), its seats, who is connected, and its
    kind (turn or reflex), given once by the server."""

    code: str
    core: SessionCore
    seats: list[SeatRecord]
    status: str = "waiting"          # waiting (for remote players), playing, over
    conns: set[Conn] = field(default_factory=set)
    away_since: dict[Seat, float] = field(default_factory=dict)
    left: set[Seat] = field(default_factory=set)   # people who left on purpose (not reconnecting)
    chat: ChatLog = field(default_factory=ChatLog, repr=False)   # what was said lately, for who sits down again
    made_by: str = ""                # the address it was made from ("" once resumed from the log)
    made_at: float = 0.0             # when (server.clock), or when it was resumed: for the sweep
    quiet_since: float = 0.0         # when its last connection left (server.clock): for the sweep
    noted: str = ""                  # the status the server's journal last said (app/net/server/journal.py)
    kind: TableKind = field(init=False, repr=False)     # turn or reflex: given by the server, once
    salt: str = field(default_factory=new_salt, repr=False)   # this deal's, secret until its end (app/core/deal_proof.py)

    @property
    def game(self) -> str:
        return self.core.spec.id

    def players(self) -> list[dict[str, Any]]:
        present = {c.seat for c in self.conns if c.seat is not None}
        return [{"name": s.name or ("Computer" if s.kind == "bot" else "Open seat"), "kind": s.kind,
                 "taken": s.kind == "bot" or s.token_hash is not None,
                 "connected": s.kind == "bot" or i in present,
                 **({"left": True} if i in self.left and i not in present else {}),
                 **({"difficulty": s.difficulty} if s.kind == "bot" else {})}   # the lobby says a computer's level
                for i, s in enumerate(self.seats)]

    @property
    def commitment(self) -> str:
        """The promise of this deal every player is shown before its first card: the hash
        of its seed and salt. The seed is fixed when the table is made (and when it plays
        again), never after, so the promise holds for the whole game."""
        return commit(self.core.seed, self.salt)

    @property
    def host_seat(self) -> Seat:
        """The seat of the person who made the table."""
        return next((i for i, s in enumerate(self.seats) if s.kind == "host"), 0)

    def open_seat(self) -> Seat | None:
        for i, s in enumerate(self.seats):
            if s.kind == "remote" and s.token_hash is None:
                return i
        return None

    def seat_of(self, token: str) -> Seat | None:
        hashed = token_hash(token)
        for i, s in enumerate(self.seats):
            if s.token_hash is not None and secrets.compare_digest(s.token_hash, hashed):
                return i
        return None


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


class Hall(Post, Protocol):
    """What the server's own helpers (app/net/server/table_life.py, seating.py) see of it:
    the post, and the tables with their seat tokens and limits."""

    tables: dict[str, Table]
    by_token: dict[str, tuple[Table, Seat]]
    limits: Limits
    clock: Callable[[], float]

    def note(self, event: str, table: Table, **fields: Any) -> None:
        """``event`` at ``table`` in the server's journal of table events, if it keeps one."""
