"""A reflex game (Ratscrew, Nails, Spoons and Pig) played at a table on a Parlour server, as
the window's ``TableSession``.

``RemoteRealtimeSession`` is a :class:`~app.net.client.remote.RemoteSession` (the same lobby,
chat, reconnecting and results; at a turn table it is exactly one) whose link keeps an
estimate of the server's clock (app/net/client/clock_link.py). The table stamps each press with
this machine's clock when it read the key; ``stamp`` turns that into the server's clock
and the game's time (``clock`` messages say where game time 0 falls on the server's clock
and its speed), and ``press`` sends it in a ``press`` message. The server judges the
presses by stamp once its resolution window has passed (app/net/server/reflex_table.py) and
sends the events, which come to the table through ``take_events`` as at a turn table, and
a ``verdict`` for a race (``take_verdicts``: who was first and by how much).

``paused`` is the server's word while the game stands still ("Bob is reconnecting"; "play
resumes"), ``pause_left_s`` the seconds until it ends (the server's real grace, or the
countdown to play). ``figures`` is, for F3, every seat's round trip and clock error: this
client's own from its estimate, the others' as the server measured them when it says.

Several people at one keyboard: ``host(..., local=[(seat, name), ...])`` sits each of them
at that remote seat of the table with a connection of their own (the server judges every
connection's stamps by its own delays), joined with the table's code and the seat (hello's
``seat``) as soon as the code is known.
``humans`` are then all of them, and ``state.view(seat)`` gives each their own view.
A friend who joins may bring people too: ``join(..., others=[name, ...])`` sits each at a
free remote seat the same way (hello without ``seat``) once the table is first seen, as
many as there are free seats; ``seating_note`` says who could not sit (a full table, or a
turn game: one player per joining app there).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from queue import Empty
from typing import Any, Sequence

from app.core.action_codec import CodecError, encode_action
from app.net.client.clock_link import ClockLink, local_ms
from app.net.client.link import Link, Note
from app.net.wire.protocol import TableState
from app.net.client.remote import RemoteSession
from app.core.session import LocalSession, Setup, SeatPlan
from games.core.protocol import Action, GameState, Seat
from games.core.realtime import TimedAction, replay_timed
from games.core.view_state import ViewState
from games.core.words import Words
from games.registry import GAMES

__all__ = ["Figures", "RemoteRealtimeSession", "Verdict", "SeatViews", "hosting_session"]

END_STEPS = 10_000     # timed steps replayed after the last action, at most, to reach the end


@dataclass(frozen=True)
class Verdict:
    """A race the server judged: ``first`` beat ``second`` by ``by_ms``."""

    first: Seat
    second: Seat
    by_ms: float


@dataclass(frozen=True)
class Figures:
    """What F3 shows of one seat's line: round trip and clock error (ms), None if unknown."""

    rtt_ms: float | None
    error_ms: float | None


class SeatViews(ViewState[Any]):
    """The game as the people at this keyboard know it: the first seat's ``ViewState`` whose
    ``view(seat)`` is each local seat's own view (their own hand in Spoons)."""

    __slots__ = ("_others",)

    def __init__(self, base: ViewState[Any], others: dict[Seat, Any]) -> None:
        super().__init__(base.view(None), base.to_act(), base.over, base.outcome())
        self._others = others

    def view(self, seat: Seat | None) -> Any:
        return self._others.get(seat, super().view(seat)) if seat is not None else super().view(seat)


class _SeatLink:
    """Another person at this keyboard: their own connection and their latest view."""

    def __init__(self, url: str, code: str, seat: Seat | None, name: str) -> None:
        # (seat None: any free remote seat, as a friend joining takes)
        self.link = ClockLink(url, {"code": code, "name": name, **({} if seat is None else {"seat": seat})})
        self.seat: Seat | None = None
        self.view: Any = None


class RemoteRealtimeSession(RemoteSession):
    """See the module's notes."""

    def __init__(self, url: str, hello: dict[str, Any], name: str,
                 local: Sequence[tuple[Seat, str]] = (), others: Sequence[str] = ()) -> None:
        self.zero: float | None = None       # game time 0 on the server's clock
        self.speed = 1.0
        self.window_ms = 0.0
        self.paused: str | None = None
        self.pause_until: float | None = None   # when a computer takes the seat, or play resumes (server clock)
        self.server_figures: dict[Seat, Figures] = {}
        self._verdicts: list[Verdict] = []
        self._local_plan = [(int(seat), str(name)) for seat, name in local]
        self._seat_links: list[_SeatLink] = []
        self._others_wanted = [] if hello.get("watch") else [str(other) for other in others]
        self.seating_note: str | None = None
        super().__init__(url, hello, name)

    @classmethod
    def host(cls, url: str, create: dict[str, Any], name: str,
             local: Sequence[tuple[Seat, str]] = ()) -> RemoteRealtimeSession:
        """Make a table and sit at its host seat; each (seat, name) in ``local`` takes that
        remote seat of it from this keyboard too."""
        return cls(url, {"create": dict(create)}, name, local)

    @classmethod
    def join(cls, url: str, code: str, name: str, watch: bool = False,
             others: Sequence[str] = ()) -> RemoteRealtimeSession:
        """Take a free seat at the table ``code`` (or watch it); at a reflex table each of
        ``others`` (the other people at this keyboard) takes a free seat too."""
        return cls(url, {"code": code, **({"watch": True} if watch else {})}, name, others=others)

    def _make_link(self, url: str, hello: dict[str, Any]) -> Link:
        return ClockLink(url, hello)

    @property
    def clock_link(self) -> ClockLink:
        link = self._link
        assert isinstance(link, ClockLink)
        return link

    @property
    def reflex(self) -> bool:
        return self._began and self.spec.realtime

    # --- what comes in ----------------------------------------------------------------------

    def poll(self) -> None:
        super().poll()
        for other in self._seat_links:
            self._poll_seat(other)

    def _read(self, note: Note) -> None:
        if note.kind == "clock":
            self._clocked(note.data)
        elif note.kind == "verdict":
            self._verdict(note.data)
        elif note.kind == "figures":
            self._figures(note.data)
        else:
            super()._read(note)

    def _welcomed(self, message: dict[str, Any]) -> None:
        super()._welcomed(message)
        if self._local_plan and not self._seat_links and self.code and self.status != "failed":
            self._seat_links = [_SeatLink(self.url, self.code, seat, name) for seat, name in self._local_plan]

    def _table(self, table: TableState) -> None:
        super()._table(table)
        if self._others_wanted and self._began and self.seat is not None and self.code:
            self._sit_others()

    def _sit_others(self) -> None:
        """The others at this keyboard (a joiner's) take the free remote seats, as many as
        there are; who could not sit is said once, in ``seating_note``."""
        names, self._others_wanted = self._others_wanted, []
        free = sum(p.kind == "remote" and not p.taken for p in self.players)
        sitting = names[:free] if self.spec.realtime and self.status == "waiting" else []
        self._seat_links += [_SeatLink(self.url, self.code or "", None, name) for name in sitting]
        left = names[len(sitting):]
        if not left:
            return
        if not self.spec.realtime:
            self.seating_note = (f"{self.spec.title} takes one player per computer: "
                                 f"{_and(left)} cannot sit here from this keyboard")
        else:
            room = f"room for {len(sitting)} more" if sitting else "no free seat"
            self.seating_note = f"This table had {room}: {_and(left)} cannot sit"
        self._errors.append(self.seating_note)     # (said at once: the game may start meanwhile)

    def _clocked(self, message: dict[str, Any]) -> None:
        try:
            self.zero, self.speed = float(message["zero"]), float(message["speed"])
            self.window_ms = float(message.get("window") or 0.0)
        except (KeyError, TypeError, ValueError):
            self._errors.append("the server sent a clock that cannot be read")
            return
        paused, until = message.get("paused"), message.get("until")
        self.paused = str(paused) if paused else None
        self.pause_until = float(until) if self.paused and isinstance(until, (int, float)) else None

    def pause_left_s(self) -> int | None:
        """Whole seconds until the pause ends (a computer takes the seat, or play resumes),
        by this client's estimate of the server's clock; None when not known."""
        now = self.server_now()
        if self.pause_until is None or now is None:
            return None
        return max(0, math.ceil((self.pause_until - now) / 1000))

    def _verdict(self, message: dict[str, Any]) -> None:
        first, second, by = message.get("first"), message.get("second"), message.get("by_ms")
        if isinstance(first, int) and isinstance(second, int) and isinstance(by, (int, float)):
            self._verdicts.append(Verdict(first, second, float(by)))

    def _figures(self, rows: Any) -> None:
        """The server's measure of every seat's line: ``[[seat, rtt, error], ...]``."""
        figures = {}
        for row in rows if isinstance(rows, list) else []:
            if isinstance(row, list) and len(row) == 3 and isinstance(row[0], int):
                rtt, error = (float(v) if isinstance(v, (int, float)) else None for v in row[1:])
                figures[row[0]] = Figures(rtt, error)
        self.server_figures = figures

    def _poll_seat(self, other: _SeatLink) -> None:
        while True:
            try:
                note = other.link.inbox.get_nowait()
            except Empty:
                return
            if note.kind == "welcome":
                seat = note.data.get("seat")
                other.seat = seat if isinstance(seat, int) else None
            elif note.kind == "table":
                other.view = note.data.view
            elif note.kind in ("error", "failed"):
                self._errors.append(note.data if isinstance(note.data, Words) else str(note.data))

    def take_verdicts(self) -> list[Verdict]:
        """The races judged since the last call."""
        verdicts, self._verdicts = self._verdicts, []
        return verdicts

    # --- seats ------------------------------------------------------------------------------

    def _local_seats(self) -> dict[Seat, _SeatLink]:
        return {o.seat: o for o in self._seat_links if o.seat is not None and o.seat != self.seat}

    @property
    def humans(self) -> list[Seat]:
        """This client's seats: its own first (it has the mouse and the first keys), then
        those of the others at this keyboard."""
        own = super().humans
        return own + sorted(s for s in self._local_seats() if s not in own) if own else own

    def is_human(self, seat: Seat) -> bool:
        return seat in self.humans

    @property
    def state(self) -> GameState[Any, Any]:
        base = super().state
        others = {seat: o.view for seat, o in self._local_seats().items() if o.view is not None}
        if not others or not isinstance(base, ViewState):
            return base
        return SeatViews(base, others)

    def link_for(self, seat: Seat) -> ClockLink | None:
        if seat == self.seat:
            return self.clock_link
        other = self._local_seats().get(seat)
        return other.link if other is not None else None

    # --- the clock and presses --------------------------------------------------------------

    def server_now(self, local: float | None = None) -> float | None:
        """The server's clock (None until this client's estimate is made)."""
        return self.clock_link.server_now(local_ms() if local is None else local)

    def game_now(self, local: float | None = None) -> float | None:
        """The game's time now as this client estimates it (None until the clock is known)."""
        server = self.server_now(local)
        if server is None or self.zero is None:
            return None
        return (server - self.zero) * self.speed

    def stamp(self, seat: Seat, local: float) -> tuple[float, int] | None:
        """A press by ``seat`` read at ``local`` (this machine's clock, ms): its stamp on
        the server's clock (by that seat's own connection's estimate) and its game time."""
        link = self.link_for(seat)
        server = link.server_now(local) if link is not None else None
        if server is None or self.zero is None:
            return None
        return server, max(0, int((server - self.zero) * self.speed))

    def press(self, action: TimedAction, stamp: float) -> str | None:
        """Send ``action`` stamped ``stamp`` (the server's clock) from its seat's connection;
        None when sent, else a line for the player saying why not."""
        link = self.link_for(action.seat)
        if link is None:
            return "That seat is not played from here"
        if self.link != "connected":
            return "The connection is lost: wait until it is back"
        if self.paused is not None:
            return f"The game is paused: {self.paused}"
        try:
            data = encode_action(action, self.spec.id)
        except CodecError as problem:
            return f"That press cannot be sent: {problem}"
        if not link.send({"type": "press", "action": data, "t": round(stamp, 3)}):
            return "The connection is closed: the press was not sent"
        return None

    def figures(self) -> dict[Seat, Figures]:
        """Every seat's round trip and clock error for F3: the server's figures, with this
        client's own seats from their own estimates."""
        shown = dict(self.server_figures)
        for seat in self.humans:
            link = self.link_for(seat)
            estimate = link.estimate if link is not None else None
            if estimate is not None:
                shown[seat] = Figures(estimate.rtt_ms, estimate.error_ms)
        return shown

    # --- leaving and the end ----------------------------------------------------------------

    def leave(self) -> None:
        for other in self._seat_links:
            other.link.close(wait_s=0.2)
        super().leave()

    def _replayed(self, data: dict[str, Any]) -> LocalSession:
        spec = GAMES.get(str(data.get("game")))
        if spec is None or not spec.realtime:
            return super()._replayed(data)
        from app.core.action_codec import decode_action

        try:
            plans = [SeatPlan(bool(s["human"]), self._level(i, s.get("difficulty")))
                     for i, s in enumerate(data["seats"])]
            setup = Setup(spec.id, plans, dict(data["options"]), int(data["seed"]), list(self.setup.names or []))
            session = LocalSession(spec, setup)
            actions: list[Action] = [decode_action(raw, spec.id) for raw in data["actions"]]
            state: Any = replay_timed(spec, session.options, session.seed, actions)  # type: ignore[arg-type]
            for _ in range(END_STEPS):     # the steps after the last press (the last pile taken)
                due = state.next_due()
                if state.is_over() or due is None:
                    break
                state.advance(due)
        except (KeyError, TypeError, ValueError, CodecError) as problem:
            raise ValueError(f"the server's replay cannot be played here: {problem}") from None
        session.state, session.actions = state, actions
        session.opening = []
        return session


def _and(names: Sequence[str]) -> str:
    """ "Ann", "Ann and Bob", "Ann, Bob and Cleo"."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def hosting_session(url: str, create: dict[str, Any], name: str) -> RemoteSession:
    """A new table (``create``) with this player at its host seat: a reflex game's session
    keeps the server's clock, and seats the others at this keyboard (``create["here"]``,
    [[seat, name], ...], taken out of what the server is asked); a turn game's is a plain
    ``RemoteSession``."""
    asked = {key: value for key, value in create.items() if key != "here"}
    spec = GAMES.get(str(create.get("game")))
    if spec is not None and spec.realtime:
        here = [(seat, name) for seat, name in create.get("here") or []]
        return RemoteRealtimeSession.host(url, asked, name, here)
    return RemoteSession.host(url, asked, name)
