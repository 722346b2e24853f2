"""A game played at a table on a Parlour server: the ``remote`` kind of ``TableSession``
(app/core/table_session.py).

``RemoteSession`` is what a table scene holds when the game lives on a server: the same
questions (``state``, ``to_act``, ``humans``, ``apply``, ``opening``) answered from the
last ``table`` message, whose view becomes a ``ViewState`` so every turn table draws and
plays unchanged. The socket itself is a ``Link`` (app/net/client/link.py) on a background thread;
``poll`` (every frame) takes what it received. Actions are checked against the view's
legal list here, then sent; their events come back from the server, redacted for this
seat, through ``take_events``. Others' moves, the computers' included, come from the
server: this session never thinks and never applies a rule.

Once the game is over the server sends the whole replay (game, seats, options, seed,
actions: nothing is hidden any more) and ``finished`` plays it again locally into an
ordinary ``LocalSession``, which the results, the review and the saved replay use.

Names: every seat is named from the server's ``players`` list; computer players get names
from the app's cast, drawn from the table's code, so every client at the table calls them
the same.
"""

from __future__ import annotations

import sys
import zlib
from dataclasses import dataclass
from queue import Empty
from typing import Any, TypeVar

from app.core.action_codec import CodecError, decode_action, encode_action
from app.core.deal_proof import DealProof, revealed
from app.net.wire.chat_line import ChatLine
from app.net.client.link import Link, Note
from app.net.wire.protocol import CHAT_LIMIT, LINE_LIMIT, TableState, clean_text, read_outcome
from app.core.session import LocalSession, SeatPlan, Setup
from app.core.table_session import Move, NetworkedSession, NotPlayedHere, SessionKind, state_as
from app.core.table_code import is_table_code
from app.core.words.names import NAME_LIMIT, seat_names
from app.core.words.net_words import NOT_A_CODE
from games.core.protocol import NOT_ALLOWED_NOW, Action, Event, GameState, IllegalAction, Seat
from games.core.realtime import RealtimeDriver, RealtimeState
from games.core.session import bot_rng_for
from games.core.view_state import ViewState
from games.core.words import T, Who, Words
from games.registry import DIFFICULTIES, GAMES, GameSpec

__all__ = ["ChatLine", "Move", "Player", "RemoteSession"]   # ChatLine from app/net/wire/chat_line.py, Move from app/core/table_session.py

CHAT_KEPT = 200      # chat lines kept for the panel


@dataclass(frozen=True)
class Player:
    """Who sits in a seat, as the server says: ``kind`` is host, remote or bot; ``taken``
    whether someone (or a computer) has the seat; ``connected`` whether they are here now."""

    name: str
    kind: str
    taken: bool
    connected: bool
    level: str | None = None   # a computer's difficulty, when the server says it
    left: bool = False         # gone on purpose (not reconnecting): a computer holds the seat

    @property
    def away(self) -> bool:
        """A person who has the seat but whose connection is down."""
        return self.kind != "bot" and self.taken and not self.connected
StateT = TypeVar("StateT")


class RemoteSession(NotPlayedHere):
    """A seat (or a watcher's place) at a networked table; see the module's docstring.

    ``status``: connecting, waiting (for players), playing, over, or failed (``failure``
    says why in one line). ``link``: connecting, connected, or reconnecting while the
    connection is down (the link comes back by itself). ``seat`` None: watching.
    """

    what = "A networked game"
    # The game (``_begin`` sets them once it is known: a joiner learns it from the welcome).
    spec: GameSpec
    setup: Setup
    seed: int
    options: Any
    actions: list[Action]
    driver: RealtimeDriver | None

    def __init__(self, url: str, hello: dict[str, Any], name: str) -> None:
        self.url = url
        self.player_name = name
        self.status = "connecting"
        self.failure: str | None = None
        self.link = "connecting"
        self.code: str | None = None
        self.seat: Seat | None = None
        self.players: list[Player] = []
        self.chat: list[ChatLine] = []
        self._chat_n = -1            # the number of the last chat line kept (the server numbers them)
        self.rtt_ms: float | None = None
        self.game_number = 0         # counts the deals played at this table (again() adds one)
        self.resyncs = 0             # counts the returns after a drop: a table redraws from the view
        self.watching = bool(hello.get("watch"))
        self._began = False
        self._early: list[TableState] = []   # tables sent before this seat's welcome, read after it
        self._shown: ViewState[Any] | None = None   # the game as far as its events were taken
        self._opening_events: list[Event] = []
        self._backlog: list[Move] = []   # received, not yet taken
        self._next: list[Move] | None = None   # a newer game, held
        self._next_replay: dict[str, Any] | None = None
        self._answer_due = False     # an action is on its way: nobody acts until the table answers
        self._sent_at = -1
        self._count = 0
        self._errors: list[Words | str] = []   # (a refusal's message, rendered by the table)
        self._welcomes = 0
        self._back = False           # welcomed again after a drop: the next table resyncs
        self._replay: dict[str, Any] | None = None
        self._finished: LocalSession | None = None
        self.promised: str | None = None     # the commitment to the deal shown, as first seen (app/core/deal_proof.py)
        self._next_promised: str | None = None
        self.resumed = False
        self._keep_due = False       # sat down: keep the seat (app/core/kept_seats.py) once the table is seen
        create = hello.get("create") or {}
        self._levels = _planned_levels(create)   # each seat's computer level, when this client made the table
        options = create.get("options")
        self._options: dict[str, Any] = dict(options) if isinstance(options, dict) else {}
        self._link = self._make_link(url, {**hello, "name": name})

    def _make_link(self, url: str, hello: dict[str, Any]) -> Link:
        """The connection (a reflex table's keeps the server's clock: app/net/client/remote_realtime.py)."""
        return Link(url, hello)

    # --- making one -------------------------------------------------------------------------

    @classmethod
    def host(cls, url: str, create: dict[str, Any], name: str) -> RemoteSession:
        """Make a table (``create``: game, seats, remote, difficulty, seed, options, or a
        plan of the seats) and sit in its host seat."""
        return cls(url, {"create": dict(create)}, name)

    @classmethod
    def join(cls, url: str, code: str, name: str, watch: bool = False) -> RemoteSession:
        """Take a free seat at the table ``code`` (or watch it)."""
        return cls(url, {"code": code, **({"watch": True} if watch else {})}, name)

    @classmethod
    def back(cls, url: str, token: str, name: str) -> RemoteSession:
        """Sit down again in the seat ``token`` opens (kept by app/core/kept_seats.py after the
        app closed): the server sends the table as it stands."""
        return cls(url, {"token": token}, name)

    @property
    def token(self) -> str | None:
        """The seat token the server gave (the only way back into the seat)."""
        return self._link.token

    def _begin(self, game: str, seats: int, options: dict[str, Any]) -> None:
        spec = GAMES.get(game)
        if spec is None:
            self._fail(f"this Parlour does not know the game {game!r}: use the same version as the host")
            return
        plans = [SeatPlan(i == 0, self._level(i, None)) for i in range(seats)]
        try:
            self.options = spec.make_options(seats=len(plans), **options)
        except (TypeError, ValueError) as problem:
            self._fail(f"the table's options cannot be read: {problem}")
            return
        self.spec, self.setup, self.seed = spec, Setup(spec.id, plans, options, 0, None), 0
        self.actions, self.driver = [], None
        self._began = True

    @property
    def kind(self) -> SessionKind:
        return "remote"

    @property
    def network(self) -> NetworkedSession:
        return self

    @property
    def title(self) -> str:
        """The game's name as a player reads it: "Pig" for Spoons played as Pig."""
        return self.spec.title_for(self.setup.options)

    def _level(self, seat: int, level: str | None) -> str:
        """A seat's computer level: as the server says, else as this client planned it."""
        chosen = level or (self._levels[seat] if seat < len(self._levels) else None)
        return chosen if chosen in DIFFICULTIES else "normal"

    # --- the frame loop ---------------------------------------------------------------------

    def poll(self) -> None:
        """Take everything the link has received since the last call."""
        while True:
            try:
                note = self._link.inbox.get_nowait()
            except Empty:
                return
            self._read(note)

    def _read(self, note: Note) -> None:
        if note.kind == "welcome":
            self._welcomed(note.data)
        elif note.kind == "table":
            self._table(note.data)
        elif note.kind == "error":
            self._errors.append(note.data if isinstance(note.data, Words) else clean_text(str(note.data), LINE_LIMIT))
            self._answer_due = False     # (a refused move: it is the player's turn again)
        elif note.kind == "chat":
            self._chat(note.data)
        elif note.kind == "rtt":
            self.rtt_ms = float(note.data)
        elif note.kind == "link":
            self.link = str(note.data)
        elif note.kind == "failed":
            self._fail(clean_text(str(note.data), LINE_LIMIT))
        elif note.kind == "replaced":
            self._fail(clean_text(str(note.data), LINE_LIMIT), forget=False)

    def _fail(self, line: str, forget: bool = True) -> None:
        """The link has given up; ``forget``: and this seat's kept token with it (not when
        the seat sat down elsewhere: that is where the token is used now)."""
        self.status, self.failure = "failed", line
        self._link.close(wait_s=0)
        if forget and not line.startswith(("cannot reach ", "lost the server ")):
            self._forget_seat()    # refused (a token that opens nothing) or closed: no way back

    def _welcomed(self, message: dict[str, Any]) -> None:
        code = message.get("table")
        if not is_table_code(code):     # (it is drawn, and kept on disk for the way back)
            self._fail(NOT_A_CODE, forget=False)
            return
        self._welcomes += 1
        self._back = self._welcomes > 1
        self._answer_due = False
        self.code, self.seat = code, message.get("seat")
        self._keep_due = self.seat is not None
        if not self._began:   # the table's options: as the server says, else as this client asked
            options = message.get("options")
            self._begin(str(message.get("game")), int(message.get("seats") or 0),
                        dict(options) if isinstance(options, dict) else self._options)
        if self._began:
            # Computer players' names follow from this number, the same for every client.
            self.seed = self.setup.seed = table_seed(code)
        early, self._early = self._early, []
        for table in early:
            self._table(table)

    def _table(self, table: TableState) -> None:
        if self.status == "failed":
            return
        if not self._began:
            # The server counts a seat at the table as soon as it is taken, so a game that
            # starts meanwhile (another friend's seat, the host's Start) is sent before the
            # welcome: kept, it is this seat's first deal, shown like everyone else's.
            if self._welcomes == 0:
                self._early.append(table)
            return
        new_game = (self.status == "over" and table.status != "over") or table.count < self._count
        started = self.status in ("connecting", "waiting") and table.status == "playing"
        self.players = [player_of(p) for p in table.players]
        self._seat_people()
        self._count, self.status = table.count, table.status
        self._keep_seat()
        mine = not new_game and self._answer_due and table.count > self._sent_at
        if new_game:
            self.game_number += 1
            self._answer_due = False
        elif table.count > self._sent_at or table.status == "over":
            self._answer_due = False
        message = Move(_view_state(table), list(table.events), mine)
        held = self._next
        if new_game or held is not None:
            # A newer game waits until ``next_game`` (a table still showing the last one's end
            # must not see it change under it).
            fresh = new_game or self._back or held is None
            self._next = [message] if fresh or held is None else [*held, message]
            self._next_replay = table.replay if fresh else (table.replay or self._next_replay)
            # The first promise seen for a deal is the one held to at its end: one the server
            # changed meanwhile would not match the seed it reveals.
            self._next_promised = table.deal if new_game else (self._next_promised or table.deal)
            self._back = False
            return
        self.promised = self.promised or table.deal
        if self._shown is None or started or self._back:
            # The first picture of this game (its first deal's events are the opening), or
            # back after a drop: what happened meanwhile is only in the view.
            self.resyncs += self._back
            self._back = False
            self._start([message], table.replay)
        else:
            self._backlog.append(message)
            self._replay = table.replay or self._replay

    def _keep_seat(self) -> None:
        """Keep this seat for "Back to your table" while its game is on; forget it once over."""
        from app.core import kept_seats

        if self.status == "over":
            self._keep_due = self.seat is not None     # (Play again keeps it once more)
            self._forget_seat()
            return
        token = self.token
        if not self._keep_due or token is None or self.seat is None or self.code is None:
            return
        self._keep_due = False
        host = next((p.name for p in self.players if p.kind == "host"), "")
        kept_seats.keep(kept_seats.KeptSeat(self.url, self.code, self.spec.id, self.seat, token,
                                            self.player_name, host, _hosted_here(self.url), kept_seats.now(),
                                            dict(self.setup.options)))   # (Pig is offered as Pig)

    def _forget_seat(self) -> None:
        from app.core import kept_seats

        if self.token is not None:
            kept_seats.forget(self.token)

    def _start(self, messages: list[Move], replay: dict[str, Any] | None) -> None:
        self._shown, self._opening_events, _ = messages[0]
        self._backlog = messages[1:]
        self._replay, self._finished = replay, None
        self.actions = []

    def next_game(self) -> bool:
        """Move on to the newer game the server has begun (after ``again``), if there is one:
        ``state`` becomes its first deal and ``opening`` its events. The table that shows it
        is made after this; the one that showed the last game ends first."""
        if self._next is None:
            return False
        self._start(self._next, self._next_replay)
        self.promised, self._next_promised = self._next_promised, None
        self._next = None
        return True

    def _seat_people(self) -> None:
        """The seats' plans and names from the players list."""
        seats = self.setup.seats
        for i, player in enumerate(self.players[:len(seats)]):
            seats[i] = SeatPlan(player.kind != "bot", self._level(i, player.level))
        self.setup.names = seat_names(seats, self.seed, self.player_name, given_names(self.players))

    def _chat(self, message: dict[str, Any]) -> None:
        n = message.get("n")
        if isinstance(n, int) and not isinstance(n, bool):
            if n <= self._chat_n:       # already here (a table's recent chat, sent again on coming back)
                return
            self._chat_n = n
        seat = message.get("seat")
        self.chat.append(ChatLine(clean_text(str(message.get("from", "")), NAME_LIMIT),
                                  seat if isinstance(seat, int) else None,
                                  clean_text(str(message.get("text", "")), CHAT_LIMIT)))
        del self.chat[:-CHAT_KEPT]

    def take_events(self) -> list[Event]:
        """The events (redacted for this seat by the server) since the last call; ``state``
        moves on to the view that follows them (until then it stays with the events already
        taken, so a table's picture and its state never disagree)."""
        events, self._opening_events = self._opening_events, []
        for move in self._backlog:
            self._shown = move.view
            events += move.events
        self._backlog = []
        return events

    def next_move(self) -> Move | None:
        """The next message not yet taken (a table paces the others' moves as at home)."""
        return self._backlog[0] if self._backlog else None

    def take_move(self) -> list[Event]:
        """The events of the next message only (the opening's first, if still there);
        ``state`` moves on to the view after them."""
        events, self._opening_events = self._opening_events, []
        if self._backlog:
            move = self._backlog.pop(0)
            self._shown = move.view
            events += move.events
        return events

    def take_errors(self) -> list[Words | str]:
        """The server's error lines since the last call."""
        errors, self._errors = self._errors, []
        return errors

    # --- what a table asks ------------------------------------------------------------------

    @property
    def state(self) -> GameState[Any, Any]:
        """The game as this seat knows it (a ``ViewState``); while an action is on its way,
        nobody may act."""
        latest = self._shown
        if latest is None:
            raise RuntimeError("the table has not been seen yet: wait until status is 'playing'")
        if self._answer_due or self.status == "failed" or self.silent:
            # (nobody acts while a move is on its way, nor at a table that is gone or silent)
            return ViewState(latest.view(self.seat), [], latest.over, latest.outcome())
        return latest

    def state_as(self, kind: type[StateT]) -> StateT:
        return state_as(self.state, kind, self.spec.id)

    def timed_state(self) -> RealtimeState:
        """Never: a networked reflex game's clock is the server's (``RemoteRealtimeSession``)."""
        raise TypeError(f"a networked {self.spec.id} keeps no game clock here")

    def realtime_driver(self) -> RealtimeDriver:
        """A driver with no computer players over the view: a networked table's game is
        run by the server (the table sends presses and shows the server's events)."""
        self.driver = RealtimeDriver(self.state, {}, bot_rng_for(self.seed), log=[])
        return self.driver

    @property
    def opening(self) -> list[Event]:
        """The first deal's events when the game is still at its first deal; otherwise none
        (a table opened later draws the position as it is)."""
        events, self._opening_events = self._opening_events, []
        return events

    @opening.setter
    def opening(self, events: list[Event]) -> None:
        self._opening_events = list(events)

    @property
    def humans(self) -> list[Seat]:
        """Only this client's own seat: the other people play on their own machines."""
        return [] if self.seat is None else [self.seat]

    def is_human(self, seat: Seat) -> bool:
        return seat == self.seat

    def to_act(self) -> list[Seat]:
        """The seats that may act now (none once the game is over, or while this seat's
        move is on its way)."""
        return [] if self.state.is_over() else self.state.to_act()

    @property
    def silent(self) -> bool:
        """Whether the server has said nothing for ``SILENT_S`` (app/net/client/link.py; it
        answers a ping every two seconds): the host's computer has stopped answering, or the
        network between."""
        return self.status != "failed" and self._link.silent()

    @property
    def host_name(self) -> str:
        """The host's name, as the players list gives it ("" before it is known)."""
        return next((p.name for p in self.players if p.kind == "host"), "")

    @property
    def hosting(self) -> bool:
        """Whether this seat is the table's host's."""
        seat = self.seat
        return seat is not None and seat < len(self.players) and self.players[seat].kind == "host"

    def seat_note(self, seat: Seat) -> str | None:
        """What a seat's plate should say instead of its usual line: "reconnecting" for a
        person whose connection is down; "Computer" for a computer whose level is not known."""
        if seat >= len(self.players):
            return None
        player = self.players[seat]
        if player.away and seat != self.seat:
            return "left" if player.left else "reconnecting"
        if player.kind == "bot" and player.level is None and not self._levels:
            return "Computer"
        return None

    # --- what the player does ---------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Check ``action`` against this seat's legal moves and send it; the events come back
        from the server (``take_events``). Raises ``IllegalAction`` (a line for the player)
        and sends nothing when it cannot be played now."""
        self._check(action)
        try:
            data = encode_action(action, self.spec.id)
        except CodecError as problem:
            raise IllegalAction(T("that move cannot be sent: {problem}", problem=str(problem))) from None
        if not self._link.send({"type": "action", "action": data}):
            raise IllegalAction("The connection is closed: the move was not sent")
        self._answer_due, self._sent_at = True, self._count
        self.actions.append(action)
        return []

    def _check(self, action: Action) -> None:
        if self.seat is None:
            raise IllegalAction("You are watching: you have no seat to play")
        if self.link != "connected":
            raise IllegalAction("The connection is lost: wait until it is back, then play")
        if self.status != "playing":
            raise IllegalAction("The game is not being played now")
        if self._answer_due:
            raise IllegalAction("Wait: the table has not answered your last move yet")
        if getattr(action, "seat", None) != self.seat:
            raise IllegalAction(T("{seat} cannot act for another seat", seat=Who(self.seat)))
        if self.seat not in self.state.to_act():
            raise IllegalAction("It is not your turn")
        if action not in self.state.legal_actions(self.seat):
            raise IllegalAction(NOT_ALLOWED_NOW)

    def rematch(self, seed: int | None = None) -> None:
        """None: a networked table plays again with ``again``, and the server deals."""
        return None

    def send_chat(self, text: str) -> None:
        text = text.strip()[:CHAT_LIMIT]
        if not text:
            return
        if self.link != "connected" or not self._link.send({"type": "chat", "text": text}):
            self._errors.append("Not sent: the connection is lost")

    def start_now(self) -> None:
        """The host starts before every remote seat is taken: computers take the rest."""
        self._link.send({"type": "start"})

    def again(self) -> None:
        """Once the game is over: a new deal at this table with the same seats."""
        if self.status == "over":
            self._link.send({"type": "again"})

    def leave(self) -> None:
        """Hang up (the seat stays this player's on the server until the table ends, and a
        game being played is kept for "Back to your table"; a lobby or a finished game is
        not)."""
        if self.status in ("waiting", "over"):
            self._forget_seat()
        # Said as it hangs up: the others see this player as left, not reconnecting.
        self._link.close(wait_s=0.5, last={"type": "leave"})

    def close_table(self) -> None:
        """The host, while the table waits: close it (everyone at it is told, and it is gone
        from the server) and hang up. Anyone else is refused with one line."""
        self._forget_seat()
        self._link.close(wait_s=0.5, last={"type": "close"})

    # --- the end ----------------------------------------------------------------------------

    def finished(self) -> LocalSession | None:
        """Once the game shown is over: the whole game played again here from the server's
        replay, as an ordinary ``LocalSession`` (the same names), or None until then. Raises
        ``ValueError`` if the replay cannot be played (this Parlour's rules differ)."""
        if self._replay is None:
            return None
        if self._finished is None:
            self._finished = self._replayed(self._replay)
        return self._finished

    def deal_proof(self) -> DealProof | None:
        """Once the game shown is over: the promise of its deal shown before its first card,
        with the salt and end the server revealed (None when no promise was shown, or the
        game is not over)."""
        return revealed(self.promised, self._replay)

    def _replayed(self, data: dict[str, Any]) -> LocalSession:
        try:
            spec = GAMES[data["game"]]
            plans = [SeatPlan(bool(s["human"]), self._level(i, s.get("difficulty")))
                     for i, s in enumerate(data["seats"])]
            setup = Setup(spec.id, plans, dict(data["options"]), int(data["seed"]), list(self.setup.names or []))
            session = LocalSession(spec, setup)
            for raw in data["actions"]:
                session.apply(decode_action(raw, spec.id))
        except (KeyError, TypeError, ValueError, CodecError) as problem:   # IllegalAction is a ValueError
            raise ValueError(f"the server's replay cannot be played here: {problem}") from None
        session.opening = []
        return session


def _hosted_here(url: str) -> bool:
    """Whether ``url`` is this app's own server (which goes when the app closes). An app
    that never hosted has not imported app/net/server/hosting.py, and need not (it takes a good part
    of a second, on the frame thread)."""
    hosting = sys.modules.get("app.net.server.hosting")
    return hosting is not None and bool(hosting.serves(url))


def _planned_levels(create: dict[str, Any]) -> list[str | None]:
    """The level of each seat's computer in a ``create`` request (its plan, or seats and
    the table's difficulty); [] when there is none to read."""
    level = create.get("difficulty") if isinstance(create.get("difficulty"), str) else None
    plan = create.get("plan")
    if isinstance(plan, list):
        return [(p.get("difficulty") if isinstance(p, dict) else None) or level for p in plan]
    seats = create.get("seats")
    return [level] * seats if isinstance(seats, int) and 0 < seats <= 8 else []


def table_seed(code: str) -> int:
    """The number a networked table's computer players are named from: its code's, the same
    for every client (and for ``parlour join --watch --text``)."""
    return zlib.crc32(code.encode())


def given_names(players: list[Player]) -> list[str]:
    """The names the people at a table gave, per seat ("" for a computer or an open seat)."""
    return _distinct([p.name if p.kind != "bot" and p.taken else "" for p in players])


def table_people(table: TableState, player_name: str) -> list[str]:
    """Every seat's name at the table ``table`` tells of, as a spectator's window shows
    them (``player_name``: the watcher's own name)."""
    players = [player_of(p) for p in table.players]
    plans = [SeatPlan(p.kind != "bot") for p in players]
    return seat_names(plans, table_seed(table.table), player_name, given_names(players))


def player_of(data: dict[str, Any]) -> Player:
    level = data.get("difficulty")
    return Player(clean_text(str(data.get("name", "")), NAME_LIMIT), str(data.get("kind", "remote")), bool(data.get("taken")),
                  bool(data.get("connected")), level if isinstance(level, str) else None,
                  data.get("left") is True)


def _view_state(table: TableState) -> ViewState[Any]:
    over = table.status == "over"
    return ViewState(table.view, table.to_act if table.status == "playing" else [], over,
                     read_outcome(table.outcome) if over else None)


def _distinct(names: list[str]) -> list[str]:
    """Two people who gave the same name get "Sam" and "Sam 2"."""
    seen: dict[str, int] = {}
    out = []
    for name in names:
        if name:
            seen[name] = seen.get(name, 0) + 1
            name = name if seen[name] == 1 else f"{name} {seen[name]}"
        out.append(name)
    return out
