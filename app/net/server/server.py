"""The Parlour server: tables, seats and connections, over WebSockets (asyncio).

The server is the referee. A table is a :class:`~games.core.session.SessionCore` (seed,
seats, action log, the rules state) plus the connections sitting at it. Every action goes
through the rules core here; a connection only ever receives its own seat's view and the
events redacted for its seat (a watcher: the spectator's view and events). Computer
players think here, on a few threads shared by every table, so the event loop never waits
for them, and the tables where a person is connected are thought for first
(:mod:`app.net.server.thinking`).

A table is made by a host and gets a short join code (6 letters from 32, drawn with
``secrets``); a join code gives a free remote seat and a seat token (128 random bits), and
the token is then the only way back into that seat. Wrong codes are rate-limited per
address and over the whole server, messages per connection, and connections, bytes and
tables per address (:mod:`app.net.server.limits`). Each action is appended to the table log
(:mod:`app.net.server.store`) before anyone is told of it, and a server started again on the same
data folder resumes every table.

A person whose connection drops keeps the seat: when their turn comes and they have been
away longer than ``grace_s``, a computer player moves for them until they come back.

A table is one of two kinds, chosen once from its game's spec: a turn table
(:mod:`app.net.server.turn_table`) or a reflex table (:mod:`app.net.server.reflex_table`),
which reach the server only through the small protocol of :mod:`app.net.server.table`.
Nothing on a table's path ever waits for a peer: what a connection is told goes on its own
bounded queue (:mod:`app.net.server.outbox`), sent by its own task; a peer that does not
keep up, or floods, is cut at once.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import sqlite3
import ssl
import time
from typing import Any, Callable, Coroutine, TypeVar

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.typing import Origin

from app.core.action_codec import decode_action
from app.net.wire import protocol
from app.net.server import metrics, reflex_table, seating, table_life, thinking
from app.net.wire.protocol import (
    ActionMsg, Again, Chat, Close, Create, Hello, Leave, Ping, Press, ProtocolError, Start, dump, error_message,
)
from app.core.deal_proof import new_salt
from app.net.server.deal_seeds import secret_seed, table_seed
from app.net.server.chat_log import ChatLog
from app.net.server.journal import JOINED, LEFT, MADE, RESUMED, Journal
from app.net.server.limits import Bucket, Gate, Limits, client_address
from app.net.server.outbox import Outbox
from app.net.server.reflex_table import ReflexTable
from app.net.server.store import ASIDE, SeatRecord, TableRecord, TableStore, token_hash
from app.net.server.table import Conn, Table
from app.net.server.table_texts import TableTexts
from app.net.server.turn_table import TurnTable
from games.core.protocol import Event, Seat
from games.core.session import SeatPlan, SessionCore, Setup
from games.core.words import Words
from games.registry import GAMES, GameSpec, networked

__all__ = ["Server", "Table", "Conn", "HangUp"]

log = logging.getLogger("parlour.server")
T = TypeVar("T")

HELLO_TIMEOUT_S = 10.0
MAX_TABLES = 5000
PING_S = 20.0            # the WebSocket keepalive: a dead peer found, and round trips measured
READ_LIMIT = 1 << 20     # a frame over this closes the connection; over MAX_BYTES gets an error line
# Connections the system holds for the loop to accept (asyncio's default is 100; the system
# caps it, at 4096 on Linux). Past it a new connection's SYN is dropped and tried again after
# 1 s, then 3 s: 4,000 players sitting down at once ran past their 5 s opening timeout.
BACKLOG = 2048


class HangUp(ProtocolError):
    """A refusal after which the connection is closed (its error line is sent first)."""


class Server:
    """Every table of one server process, and the handler of its connections."""

    def __init__(self, store: TableStore | None = None, grace_s: float = 30.0, workers: int = 2,
                 reflex_speed: float = 1.0, clock: Callable[[], float] = time.monotonic,
                 sweep_every_s: float = table_life.SWEEP_EVERY_S, limits: Limits | None = None,
                 chosen_seeds: bool = False, journal: Journal | None = None) -> None:
        self.store = store
        self.journal = journal               # one JSON line per table event (parlour serve: stdout)
        self.chosen_seeds = chosen_seeds     # a create's seed honoured at remote tables too (app/net/server/deal_seeds.py)
        self.grace_s = grace_s
        self.clock = clock                   # for the sweep of idle tables (tests move it)
        self.sweep_every_s = sweep_every_s
        self.reflex_speed = reflex_speed     # game time per ms at reflex tables (tests raise it)
        self.tables: dict[str, Table] = {}
        self.by_token: dict[str, tuple[Table, Seat]] = {}
        self.limits = limits or Limits()
        self.gate = Gate(self.limits)
        self.executor = thinking.ThinkingPool(workers)    # the computers' threads, people's tables first
        self._tasks: set[asyncio.Task[Any]] = set()
        self.figures = metrics.Figures(lambda: self.tables.values(), lambda: sum(self.gate.open.values()))
        if store is not None:
            for record in store.load_all():
                self._restore_or_set_aside(record)

    # --- tables ----------------------------------------------------------------------------

    def _restore_or_set_aside(self, record: TableRecord) -> None:
        """``_restore``, and a table whose resumption fails however it fails is set aside
        (one log line, its status ``aside`` in the log, kept there for a look but never
        loaded again): a server never crash-loops on its own log, and every other table
        resumes."""
        try:
            self._restore(record)      # (the table joins the server as its last step)
        except Exception as problem:
            log.error("table %s (%s) cannot be resumed and is set aside: %s: %s",
                      record.code, record.game, type(problem).__name__, problem)
            if self.store is not None:
                self.store.set_status(record.code, ASIDE)

    def _restore(self, record: TableRecord) -> None:
        """A table from the log, replayed through the rules to where it was (raises when
        it cannot be)."""
        spec = GAMES.get(record.game)
        if spec is None:
            raise LookupError(f"no game is called {record.game!r}")
        core = SessionCore(spec, _setup(record), record.seed)
        actions = [decode_action(data, record.game) for data in record.actions]
        _kind_for(spec).replay(core, actions, record.game_ms)
        table = Table(record.code, core, record.seats, record.status, chat=ChatLog(record.chat))
        if record.salt is not None:
            table.salt = record.salt
        elif self.store is not None:       # a log from before salts: promised from now on
            self.store.set_salt(record.code, table.salt)
        if core.state.is_over():
            table.status = "over"
        now = time.monotonic()
        table.away_since = {i: now for i, s in enumerate(record.seats) if s.kind != "bot"}
        self._add(table)

    def _add(self, table: Table) -> None:
        table.kind = _kind_for(table.core.spec)(self, table)
        self.tables[table.code] = table
        table.made_at = table.quiet_since = self.clock()
        table.noted = table.status
        for seat, record in enumerate(table.seats):
            if record.token_hash is not None:
                self.by_token[record.token_hash] = (table, seat)

    def _new_code(self) -> str:
        while True:
            code = "".join(secrets.choice(protocol.CODE_ALPHABET) for _ in range(protocol.CODE_LENGTH))
            if code not in self.tables:
                return code

    def create(self, request: Create, host_name: str, address: str = "") -> tuple[Table, str]:
        """A new table for ``request`` from ``address``; the host sits in the plan's host
        seat (seat 0 without a plan). Returns it and the host's seat token. Raises
        ``ProtocolError`` when the request cannot be met."""
        spec = GAMES.get(request.game)
        if spec is None or not spec.networked:
            raise ProtocolError(f"no table for {protocol.quote(request.game)}: choose from "
                                + ", ".join(s.id for s in networked()))
        if not spec.min_seats <= request.seats <= spec.max_seats:
            raise ProtocolError(f"{spec.title} is for {spec.seat_range}, not {request.seats}")
        plan = request.seat_plan()
        for number, level in enumerate([request.difficulty] + [p.difficulty for p in plan]):
            if level is not None and level not in spec.bots:
                where = f" (seat {number})" if number else ""
                raise ProtocolError(f"the computer players' level{where} is one of {', '.join(spec.bots)}, "
                                    f"not {protocol.quote(level)}")
        if len(self.tables) >= MAX_TABLES:
            raise ProtocolError("this server holds as many tables as it can; try again later")
        self._check_waiting(address)
        _check_options(spec, request.options)
        token = secrets.token_urlsafe(16)
        seats = [SeatRecord(p.kind, p.difficulty or request.difficulty) for p in plan]
        host = next(i for i, p in enumerate(plan) if p.kind == "host")
        seats[host] = SeatRecord("host", seats[host].difficulty, host_name, token_hash(token))
        seed = table_seed(request, self.chosen_seeds)
        salt = new_salt()
        record = TableRecord(self._new_code(), spec.id, dict(request.options), seed, seats, salt=salt)
        table = Table(record.code, SessionCore(spec, _setup(record), seed), seats, made_by=address, salt=salt)
        if self.store is not None:
            self.store.create(record, time.time())
        self._add(table)
        self.note(MADE, table, seats=len(seats), plan=[s.kind for s in seats])
        return table, token

    # --- connections ----------------------------------------------------------------------

    async def handler(self, ws: ServerConnection) -> None:
        peer = str(ws.remote_address[0]) if ws.remote_address else "?"
        forwarded = ws.request.headers.get_all("X-Forwarded-For") if ws.request is not None else []
        address = client_address(peer, forwarded, self.limits.proxy)     # (a proxy's: whom it speaks for)
        refused = self.gate.admit(address)
        if refused is not None:
            await _refuse(ws, refused)
            return
        limits = self.limits
        conn = Conn(ws, Outbox(ws, limits.outbox_bytes, limits.socket_send_bytes), Bucket(limits.messages_per_s, limits.messages_burst), address)
        sending = asyncio.ensure_future(conn.outbox.drain())
        try:
            if await self._greet(conn):
                async for raw in ws:
                    await self._receive(conn, raw)
        except ConnectionClosed:
            pass
        finally:
            self.gate.left(address)
            self._leave(conn)
            if not sending.done():
                conn.outbox.close_after(1000, "")
                await asyncio.wait([sending], timeout=1)
            sending.cancel()

    async def _greet(self, conn: Conn) -> bool:
        """The hello, within ``HELLO_TIMEOUT_S``; then the table as this seat sees it. A
        connection that sends more than ``limits.bytes_before_hello`` first is cut."""
        heard = 0
        while True:
            try:
                raw = await asyncio.wait_for(conn.ws.recv(), HELLO_TIMEOUT_S)
            except asyncio.TimeoutError:
                self.error(conn, "no hello: say hello first")
                return False
            heard += protocol.size_of(raw)
            if heard > self.limits.bytes_before_hello:
                conn.outbox.abort(f"{heard} bytes and no hello")
                return False
            try:
                message = protocol.parse_client(raw)
                if not isinstance(message, Hello):
                    raise ProtocolError("say hello first")
                self._seat(conn, message)
            except HangUp as problem:
                self.error(conn, str(problem), problem.words)
                conn.outbox.close_after(1008, "refused")
                return False
            except ProtocolError as problem:
                self.error(conn, str(problem), problem.words)
                if not conn.messages.take():
                    return False
                continue
            return True

    def _seat(self, conn: Conn, hello: Hello) -> None:
        token: str | None = None
        if hello.create is not None:
            table, token = self.create(hello.create, hello.name, conn.address)
            seat: Seat | None = table.host_seat
        elif hello.token is not None:
            found = self.by_token.get(token_hash(hello.token))
            if found is None:
                raise ProtocolError("that seat token opens no seat here")
            table, seat = found
            seating.take_over(self, table, seat)       # an older connection in the seat leaves it
        else:
            table = self._table_for_code(conn, hello.code or "")
            seat = None
            if not hello.watch:
                seat = table.open_seat() if hello.seat is None else _wanted_seat(table, hello.seat)
                if seat is None:
                    raise ProtocolError(f"table {table.code} has no free seat; you may watch it")
                token = secrets.token_urlsafe(16)
                name = seating.unique_name(hello.name, [s.name for s in table.seats if s.name])
                table.seats[seat] = SeatRecord("remote", table.seats[seat].difficulty, name, token_hash(token))
                self.by_token[table.seats[seat].token_hash or ""] = (table, seat)
                if self.store is not None:
                    self.store.set_seat(table.code, seat, table.seats[seat])
        # A person goes by their seat's name, a watcher by one no seat has.
        name = table.seats[seat].name if seat is not None else seating.unique_name(
            hello.name, [s.name for s in table.seats if s.name])
        conn.table, conn.seat, conn.name = table, seat, name or hello.name
        table.conns.add(conn)
        if seat is not None:
            table.away_since.pop(seat, None)
            table.left.discard(seat)
            self.note(JOINED, table, seat=seat, kind=table.seats[seat].kind, back=token is None)
        self._welcome(conn, token)

    def _table_for_code(self, conn: Conn, code: str) -> Table:
        """The table of a join code. A right code is welcome at any time, even while the
        address's or the server's wrong codes are used up: the limits refuse guessing, not
        friends. In such a lockout a wrong code closes the connection."""
        table = self.tables.get(code)
        if table is not None:
            return table
        wait = self.gate.wrong_code(conn.address)
        if wait is not None:
            raise HangUp(wait)
        raise ProtocolError(f"no table has the code {protocol.quote(code)}")

    def _check_waiting(self, address: str) -> None:
        """Refuse a new table from ``address`` when it has as many waiting as it may."""
        most = self.limits.waiting_tables_per_address
        if address and most and sum(t.status == "waiting" and t.made_by == address for t in self.tables.values()) >= most:
            raise ProtocolError(f"your address has {most} tables waiting to start; start or close one first")

    def _welcome(self, conn: Conn, token: str | None) -> None:
        table = conn.table
        assert table is not None
        self.send(conn, {"type": "welcome", "v": protocol.VERSION, "table": table.code,
                         "game": table.game, "seat": conn.seat, "token": token,
                         "seats": len(table.seats),
                         "options": dict(table.core.setup.options)})   # a joiner's table shows them
        said = table.chat.message()      # what was said lately: someone coming back sees it
        if said is not None:
            self.send(conn, said)
        starting = table.status == "waiting" and table.open_seat() is None
        if starting:
            table.status = "playing"
            if self.store is not None:
                self.store.set_status(table.code, "playing")
            self.broadcast(table, list(table.core.state.opening))
        else:
            self.broadcast(table, [])        # the newcomer sees the table, the others who sat down
        table.kind.move_on()

    async def _receive(self, conn: Conn, raw: str | bytes) -> None:
        if conn.table is None:        # its seat was taken over (app/net/server/seating.py): it is leaving
            return
        if not conn.messages.take():
            conn.refused += 1
            if conn.refused > self.limits.floods_before_cut:
                conn.outbox.abort("flooding")
                return
            self.error(conn, "too many messages: slow down")
            return
        try:
            message = protocol.parse_client(raw)
            if isinstance(message, (ActionMsg, Press)):
                table, seat = self.playing_table(conn)
                heard = time.perf_counter()
                await table.kind.act(conn, seat, message)
                conn.messages.give_back()       # a move the rules accepted is no flood
                self.figures.actions += 1
                self.figures.answers.observe(time.perf_counter() - heard)
            elif isinstance(message, Chat):
                self._chat(conn, message)
            elif isinstance(message, Again):
                self._again(conn)
            elif isinstance(message, Start):
                self._start(conn)
            elif isinstance(message, Close):
                table_life.close(self, conn)
            elif isinstance(message, Leave):
                conn.leaving = True      # (it hangs up next: ``_leave``)
            elif isinstance(message, Ping):
                self.send(conn, reflex_table.pong(conn, message))
            else:
                raise ProtocolError("you are already at a table")
        except ProtocolError as problem:
            self.error(conn, str(problem), problem.words)

    @staticmethod
    def playing_table(conn: Conn) -> tuple[Table, Seat]:
        """The table and seat of a connection that may act now (turn or reflex game);
        raises ``ProtocolError`` saying why not."""
        table = conn.table
        assert table is not None
        if conn.seat is None:
            raise ProtocolError("you are watching: you have no seat to play")
        if table.status == "waiting":
            raise ProtocolError("the game starts when every seat is taken")
        if table.status == "over":
            raise ProtocolError("the game is over")
        return table, conn.seat

    def _again(self, conn: Conn) -> None:
        """A new deal at the same table with the same seats and a fresh seed and salt: its
        promise goes out with its first cards (a deal's seed is only ever drawn here and
        when the table is made, and only once a game is over: nobody can ask for another
        deal of a game under way)."""
        table = conn.table
        assert table is not None
        if conn.seat is None:
            raise ProtocolError("you are watching: a player at the table starts the next game")
        if table.status != "over":
            raise ProtocolError("the game is not over yet")
        table.core, table.salt = table.core.rematch(secret_seed()), new_salt()
        if self.store is not None:
            self.store.new_game(table.code, table.core.seed, table.salt)
        table.status = "playing"
        self.broadcast(table, list(table.core.state.opening))
        table.kind.move_on()

    def _start(self, conn: Conn) -> None:
        """The host starts now: computers (at each seat's level) take the open remote seats."""
        table = conn.table
        assert table is not None
        if conn.seat is None or table.seats[conn.seat].kind != "host":
            raise ProtocolError("only the host can start the game")
        if table.status != "waiting":
            raise ProtocolError("the game has already started")
        for seat, record in enumerate(table.seats):
            if record.kind == "remote" and record.token_hash is None:
                table.seats[seat] = SeatRecord("bot", record.difficulty)
                table.core.setup.seats[seat] = SeatPlan(False, record.difficulty)
                if self.store is not None:
                    self.store.set_seat(table.code, seat, table.seats[seat])
        table.status = "playing"
        if self.store is not None:
            self.store.set_status(table.code, "playing")
        self.broadcast(table, list(table.core.state.opening))
        table.kind.move_on()

    def _chat(self, conn: Conn, message: Chat) -> None:
        if not conn.chats.take():
            raise ProtocolError("chat: one line a second, please")
        table = conn.table
        assert table is not None
        line = table.chat.add(conn.name, conn.seat, message.text)
        if self.store is not None:
            try:
                self.store.add_chat(table.code, line)
            except sqlite3.Error as problem:    # the line is still said; only its keeping failed
                log.error("table %s: the log refused a chat line: %s", table.code, problem)
        for other in list(table.conns):
            self.send(other, line)

    def _leave(self, conn: Conn) -> None:
        table = conn.table
        if table is None or self.tables.get(table.code) is not table:    # (a closed table)
            return
        table.conns.discard(conn)
        if not table.conns:
            table.quiet_since = self.clock()
        if conn.seat is not None and not any(c.seat == conn.seat for c in table.conns):
            table.away_since[conn.seat] = time.monotonic()
            self.note(LEFT, table, seat=conn.seat)
            if conn.leaving:      # gone on purpose: shown as left, and a computer holds the seat now
                table.left.add(conn.seat)
            self.broadcast(table, [])
            if conn.leaving:
                table.kind.move_on()
            self.later(self._hold_seat_later(table))

    async def _hold_seat_later(self, table: Table) -> None:
        await asyncio.sleep(self.grace_s + 0.05)
        if table_life.close_if_host_gone(self, table):    # a lobby its host left
            return
        table.kind.move_on()

    # --- what a table kind may ask (app/net/server/table.py's Post) -------------------------------

    def broadcast(self, table: Table, events: list[Event], but: Conn | None = None) -> None:
        if table.noted != table.status:     # the game started or ended: once in the journal
            table.noted = table.status
            if self.journal is not None:
                self.journal.status_changed(table)
        for conn, frame in _table_frames(table, events, [c for c in table.conns if c is not but]):
            conn.outbox.put(frame)

    def send(self, conn: Conn, message: dict[str, Any]) -> None:
        conn.outbox.put(dump(message).encode())

    def error(self, conn: Conn, text: str, words: Words | None = None) -> None:
        self.send(conn, error_message(protocol.cut(text), words))

    def note(self, event: str, table: Table, **fields: Any) -> None:
        if self.journal is not None:
            self.journal.event(event, table, **fields)

    def later(self, job: Coroutine[Any, Any, Any]) -> None:
        task = asyncio.ensure_future(job)
        self._tasks.add(task)
        task.add_done_callback(self._done)

    async def think(self, table: Table, call: Callable[[], T]) -> T:
        result: T = await self.executor.think(_urgency(table), call)
        return result

    def _done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("a server task failed", exc_info=task.exception())

    # --- running -------------------------------------------------------------------------------

    async def run(self, host: str, port: int, ready: Any = None, stop: asyncio.Event | None = None,
                  tls: ssl.SSLContext | None = None) -> None:
        """Serve until ``stop`` is set; ``ready(host, port)`` is called once listening.
        With ``tls`` (app/net/wire/tls.py) it serves ``wss://``, else plain ``ws://``."""
        # No per-message compression: a view is a few KiB, and deflating one for every seat
        # after every action was a fifth of the server's time per action.
        # A browser page's connection carries an Origin header; Parlour's own clients send
        # none. Only the origins an operator allowed may come from a page (None: no header).
        origins: list[Origin | None] = [None, *map(Origin, self.limits.origins)]
        # /healthz and /metrics are plain HTTP on the same port (app/net/server/metrics.py).
        async with serve(self.handler, host, port, max_size=READ_LIMIT, ping_interval=PING_S,
                         ping_timeout=20, compression=None, origins=origins, backlog=BACKLOG, ssl=tls,
                         process_request=lambda ws, request: metrics.answer_http(self.figures, ws, request)) as server:
            real_port = next(iter(server.sockets)).getsockname()[1]
            if ready is not None:
                ready(host, real_port)
            for table in self.tables.values():     # resumed tables: computers move on at once
                self.note(RESUMED, table, status=table.status, actions=len(table.core.actions))
                table.kind.move_on()
                self.later(self._hold_seat_later(table))
            sweeping = asyncio.ensure_future(table_life.sweep_every(self, self.sweep_every_s))
            sampling = asyncio.ensure_future(metrics.sample_every(self.figures, self._sockets, PING_S))
            try:
                await (stop or asyncio.Event()).wait()
            finally:
                sweeping.cancel()
                sampling.cancel()
        # The computers' threads finish the moves they are on (one each at most) while the loop
        # is still there to be told: a move told to a closed uvloop loop crashed the process
        # (SIGSEGV at the stop, 3 runs in 4 of tests/net/test_expert_tables.py).
        self.executor.shutdown(wait=True, cancel_futures=True)
        if self.store is not None:
            self.store.close()

    def _sockets(self) -> list[ServerConnection]:
        return [conn.ws for table in self.tables.values() for conn in table.conns]


def _urgency(table: Table) -> int:
    """How soon a computer's move at ``table`` is thought of: first where a person is
    connected in a seat, waiting for it (app/net/server/thinking.py)."""
    return thinking.PEOPLE if any(c.seat is not None for c in table.conns) else thinking.ALONE


def _wanted_seat(table: Table, seat: Seat) -> Seat:
    """The free remote seat a hello asked for (by the host's app, for a player at its keyboard)."""
    if seat >= len(table.seats) or table.seats[seat].kind != "remote" or table.seats[seat].token_hash is not None:
        raise ProtocolError(f"seat {seat + 1} of table {table.code} is not free")
    return seat


def _setup(record: TableRecord) -> Setup:
    plans = [SeatPlan(s.kind != "bot", s.difficulty) for s in record.seats]
    return Setup(record.game, plans, dict(record.options), record.seed, [s.name for s in record.seats])


def _kind_for(spec: GameSpec) -> type[TurnTable] | type[ReflexTable]:
    """The kind of table a game is played at: the one place the server tells them apart."""
    return ReflexTable if spec.realtime else TurnTable


async def _refuse(ws: ServerConnection, line: str) -> None:
    """A connection refused before it is counted in: one error line, then closed."""
    try:
        await ws.send(dump({"type": "error", "message": line}))
        await ws.close(1013, "refused")
    except ConnectionClosed:
        pass


def _check_options(spec: Any, options: dict[str, Any]) -> None:
    known = {o.key: o for o in spec.options}
    for key, value in options.items():
        if key not in known or not any(value == c and type(value) is type(c) for c in known[key].choices):
            raise ProtocolError(f"{spec.title} has no option {protocol.quote(key)} = {protocol.quote(value)}")


def _table_frames(table: Table, events: list[Event], conns: list[Conn]) -> list[tuple[Conn, bytes]]:
    """Each connection's ``table`` message, as the UTF-8 it is sent as: its seat's view (a
    watcher, seat None: the spectator's) and the events redacted for it. What the seats
    share is written once (app/net/server/table_texts.py), and each text encoded once."""
    core = table.core
    over = table.status == "over"
    texts = TableTexts(
        table=table.code, game=table.game, status=table.status, count=len(core.actions),
        to_act=core.to_act() if table.status == "playing" else [], players=table.players(),
        outcome=core.state.outcome() if over else None, replay=_replay(table) if over else None,
        deal=table.commitment)
    by_seat: dict[Seat | None, bytes] = {}
    written = []
    for conn in conns:
        frame = by_seat.get(conn.seat)
        if frame is None:
            frame = by_seat[conn.seat] = texts.text(conn.seat, core.state.view(conn.seat), events).encode()
        written.append((conn, frame))
    return written


def _replay(table: Table) -> dict[str, Any]:
    seats = [{"human": s.kind != "bot", "difficulty": s.difficulty} for s in table.seats]
    return protocol.encode_replay(table.game, seats, dict(table.core.setup.options), table.core.seed,
                                  table.core.actions, table.salt, table.core.state.outcome())

