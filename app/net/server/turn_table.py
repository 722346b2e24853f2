"""Turn tables on the server (Whist, Euchre, Nap, Nash Whist, Ninety-Nine, the Nash game,
Abstrac): an action is judged by the rules, written to the table log, played and told to
every seat; a computer player whose turn it is (or who holds the seat of a person away
longer than the grace period) thinks on the server's thinking threads, from its seat's
view, while the loop serves everyone else.
"""

from __future__ import annotations

import logging
import sqlite3
import time
from typing import TYPE_CHECKING, Any

from app.core.action_codec import encode_action
from app.net.wire import protocol
from app.net.wire.protocol import ActionMsg, Press, ProtocolError, not_allowed
from games.core.protocol import IllegalAction, Seat

if TYPE_CHECKING:
    from app.net.server.table import Conn, Post, Table
    from games.core.session import SessionCore

__all__ = ["TurnTable"]

log = logging.getLogger("parlour.server")


class TurnTable:
    """One turn table's play (a :class:`~app.net.server.table.TableKind`)."""

    def __init__(self, post: Post, table: Table) -> None:
        self.post, self.table = post, table
        self.thinking = False

    @staticmethod
    def replay(core: SessionCore, actions: list[Any], game_ms: int | None) -> None:
        """A game from the table log: its actions in order (a turn game keeps no time).
        Raises ``IllegalAction`` when the log does not fit the game."""
        for action in actions:
            core.apply(action)

    async def act(self, conn: Conn, seat: Seat, message: ActionMsg | Press) -> None:
        if isinstance(message, Press):
            raise ProtocolError(f"{self.table.core.spec.title} takes actions, not presses")
        await self.apply(protocol.read_action(message, self.table.game, seat))

    async def apply(self, action: Any) -> None:
        """The rules judge ``action``; if it stands it is logged, played, and everyone told.

        A legal action is written to the log before it is played: if the disk refuses, the
        player is told and nothing has changed (the rules' refusal changes nothing either)."""
        table, store = self.table, self.post.store
        core = table.core
        if store is not None and action in core.state.legal_actions(action.seat):
            try:
                store.append(table.code, len(core.actions), encode_action(action, table.game))
            except sqlite3.Error as problem:
                log.error("table %s: the log refused an action: %s", table.code, problem)
                raise ProtocolError("the server could not keep that move; try again") from None
        try:
            events = core.apply(action)
        except IllegalAction as problem:
            raise not_allowed(problem) from None
        if core.state.is_over():
            table.status = "over"
            if store is not None:
                store.set_status(table.code, "over")
        self.post.broadcast(table, events)
        self.move_on()

    def move_on(self) -> None:
        if not self.thinking and self.bot_turn() is not None:
            self.thinking = True
            self.post.later(self._think())

    def pong_extra(self) -> dict[str, Any]:
        return {}

    def stop(self) -> None:
        """Nothing runs on its own at a turn table: a computer thinking finds the table gone."""

    def bot_turn(self) -> Seat | None:
        """The seat a computer must play now: a computer's, or that of a person away longer
        than the grace period, or who left on purpose."""
        table = self.table
        if table.status != "playing":
            return None
        now = time.monotonic()
        for seat in table.core.to_act():
            if table.seats[seat].kind == "bot":
                return seat
            away = table.away_since.get(seat)
            if away is not None and (now - away >= self.post.grace_s or seat in table.left):
                return seat
        return None

    async def _think(self) -> None:
        table = self.table
        try:
            seat = self.bot_turn()
            if seat is None:
                return
            core = table.core
            bot = core.spec.bots[table.seats[seat].difficulty]
            view, rng = core.state.view(seat), core.bot_rng
            # The view is taken here, on the loop; the bot thinks in a thread on its copy.
            action = await self.post.think(table, lambda: bot(view, rng))
            if table.core is core and seat in core.to_act() and self.bot_turn() == seat:
                await self.apply(action)
        except ProtocolError as problem:
            log.error("table %s: a computer player's move was refused: %s", table.code, problem)
        finally:
            self.thinking = False
        self.move_on()
