"""A reflex table whose game runs on a server (``RemoteRealtimeSession``): what
``RealtimeTableScene`` does instead of running the driver itself.

Each frame: take the server's news (its events shown the moment they come, its refusals
said, its verdicts shown as "Bob by 12 ms"); count down to game time 0 on the server's
clock (the table shows "3, 2, 1" as at home); while the server says the game is paused
("Bob is reconnecting"), show that and take no presses; otherwise turn each press into
the seat's action at the game time it was read, stamped on the server's clock, send it,
and show it at once (``pressed``: the hand goes down) without waiting for the verdict.

A key whose action depends on what the table shows (Spoons' take / pass: ``view_keys`` of
the table) waits, pressed again, until the server has answered its last press: at home the
second press of a quick "take, pass" reads the hand the first one changed; here the hand
on screen is the server's answer, a round trip and the window later, so the second press
would be read from the old hand (another take, refused). It keeps its stamp; it is read
when the answer comes (an event of that seat, a refusal) or after ``HOLD_MS``.

A press that loses a race is refused by the rules ("not allowed: ..." in Nails) just before
the server's verdict says who was first: the refusal waits ``REFUSAL_WAIT_MS`` and is not
said when a verdict says a player here came second (the verdict is the answer).

F3 shows every player's round trip and clock error (``figures``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from app.window.input.bindings import KeyMap
from app.net.client.clock_link import local_ms
from app.window.render.text import render_text
from app.window.ui import theme
from app.window.ui.widgets import blit_centered, panel
from games.core.words import Words

if TYPE_CHECKING:
    from collections import deque

    from app.core.table_session import TableSession
    from app.window.anim.tween import Animator
    from app.window.input.press import Press
    from app.window.scenes.base import AppServices
    from games.core.protocol import Event
    from games.core.words import Words
    from games.core.realtime import TimedAction

GRACE_WORDS = "then a computer holds the seat"   # after the seconds left, as the server says them
GRACE_UNKNOWN = "If they are not back soon, a computer holds the seat"
HOLD_MS = 600.0     # a press held for its key's last answer is read anyway after this long
REFUSAL_WAIT_MS = 150.0   # a refusal waits this long for a verdict that explains it


class NetTable(Protocol):
    """What the net side drives of its reflex table (``RealtimeTableScene``, which imports
    this module, so it is named here by its shape): its clock and countdown, its inbox of
    presses, its queue of events to show, and how it speaks and shows a verdict."""

    countdown: float
    started: bool
    game_ms: float
    keys: KeyMap
    message_time: float
    inbox: list[Press]
    queue: deque[Event]
    anim: Animator
    people: list[str]
    size: tuple[int, int]

    @property
    def app(self) -> AppServices: ...

    @property
    def session(self) -> TableSession: ...

    @staticmethod
    def players(session: TableSession) -> list[int]: ...

    def current_view(self) -> Any: ...

    def sync(self, view: Any) -> None: ...

    def present(self, events: list[Event]) -> None: ...

    def tick_effects(self, dt: float) -> None: ...

    def _ending(self, dt: float) -> None: ...

    def _press_action(self, press: Press, at: int) -> TimedAction | None: ...

    def pressed(self, action: TimedAction) -> None: ...

    def say(self, text: str, seconds: float = 2.5) -> None: ...

    def say_refusal(self, text: str, seconds: float) -> None: ...

    def to_player(self, text: Words | str) -> str: ...

    def verdict(self, first: int, second: int, by_ms: int) -> None: ...

    def focus_point(self) -> tuple[int, int]: ...


@dataclass(frozen=True)
class _Stamped:
    """A press read at this table: its stamp on the server's clock and its game time."""

    press: Press
    stamp: float
    at: int


class NetPlay:
    """The networked side of one reflex table (see the module's notes)."""

    def __init__(self, table: NetTable) -> None:
        self.table = table
        session: Any = table.session   # (a RemoteRealtimeSession: its clock, presses and verdicts)
        self.session = session
        self.show_figures = False
        self._resyncs: int = session.resyncs
        self._humans = list(self.session.humans)
        self._held: list[_Stamped] = []
        self._unanswered: dict[tuple[int, int], float] = {}   # (seat, key) -> sent at (local ms)
        self._view_keys: tuple[int, ...] = tuple(getattr(table, "view_keys", ()))
        self._refusals: list[tuple[Words | str, float]] = []    # (line, when it came: local ms)

    # --- input ------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        """F3 shows or hides the figures; True when it took the event."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F3:
            self.show_figures = not self.show_figures
            return True
        return False

    # --- the frame --------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        table, session = self.table, self.session
        table.anim.update(dt)
        table.message_time = max(0.0, table.message_time - dt)
        table.tick_effects(dt)
        self._take_news()
        if session.state.is_over():
            table._ending(dt)
            return
        now = session.game_now()
        if session.paused is not None or now is None or now < 0:
            table.inbox.clear()
            self._held.clear()
            self._unanswered.clear()
            if now is not None and now < 0 and session.paused is None:
                table.started, table.countdown = False, -now / max(0.01, session.speed) / 1000
            else:   # paused (or the clock not known yet): no presses until play goes on
                table.started, table.countdown = False, 0.0
            return
        table.started, table.countdown = True, 0.0
        table.game_ms = now
        self._send_presses()

    def _take_news(self) -> None:
        table, session = self.table, self.session
        session.poll()
        if session.humans != self._humans:   # a player at this keyboard sat down after the table opened
            self._humans = list(session.humans)
            table.keys = KeyMap.for_seats(table.app.settings.key_bindings, table.players(session))
        resyncs = session.resyncs
        if resyncs != self._resyncs:   # back after a drop: the view says what was missed
            self._resyncs = resyncs
            table.queue.clear()
            table.anim.finish_all()
            table.sync(table.current_view())
            self._unanswered.clear()
        events = list(table.queue) + session.take_events()
        table.queue.clear()
        if events:
            table.present(events)
            self._answered({getattr(e, "seat", None) for e in events})
        errors = session.take_errors()
        if errors:    # (a refusal answers the press it refused: which one is not said)
            self._unanswered.clear()
        now = local_ms()
        for line in errors:
            if str(line).lower().startswith("not allowed"):
                self._refusals.append((line, now))
            else:
                table.say(table.to_player(line), 2.0)
        for verdict in session.take_verdicts():
            if verdict.second in session.humans:   # the lost race was the refused press
                self._refusals.clear()
            table.verdict(verdict.first, verdict.second, round(verdict.by_ms))
        while self._refusals and now - self._refusals[0][1] >= REFUSAL_WAIT_MS:
            table.say_refusal(table.to_player(self._refusals.pop(0)[0]), 2.0)

    def _answered(self, seats: set[Any]) -> None:
        """The server told of these seats' doings: their held keys may be read again."""
        for key in [k for k in self._unanswered if k[0] in seats]:
            del self._unanswered[key]

    def _send_presses(self) -> None:
        """Every press read since the last frame, in the order the keys went down: the
        seat's action at the game time it was read, sent stamped on the server's clock
        (a view key pressed again waits for the answer to its last press: see the notes)."""
        table, session = self.table, self.session
        to_local = local_ms() - table.app.ticks()   # input ticks -> this machine's clock
        for press in table.inbox:
            stamped = session.stamp(press.seat, press.ticks + to_local)
            if stamped is not None:
                self._held.append(_Stamped(press, *stamped))
        table.inbox.clear()
        now = local_ms()
        for key, sent in list(self._unanswered.items()):
            if now - sent > HOLD_MS:
                del self._unanswered[key]
        waiting, self._held = self._held, []
        for stamped in waiting:
            key = (stamped.press.seat, stamped.press.index)
            if key in self._unanswered:
                self._held.append(stamped)
            elif self._send(stamped) and stamped.press.index in self._view_keys:
                self._unanswered[key] = now

    def _send(self, stamped: _Stamped) -> bool:
        """Read ``stamped`` as its seat's action now and send it; True when sent."""
        table = self.table
        action = table._press_action(stamped.press, stamped.at)
        if action is None:
            return False
        problem = self.session.press(action, stamped.stamp)
        if problem is not None:
            table.say(table.to_player(problem), 1.6)
            return False
        table.pressed(action)
        return True

    # --- drawing ----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        if self.session.paused is not None and not self.session.state.is_over():
            self._draw_pause(surface)
        if self.show_figures:
            self._draw_figures(surface)

    def pause_lines(self) -> list[str]:
        paused = str(self.session.paused or "")
        if not paused:
            return []
        words = self.table.to_player(paused)
        left = self.session.pause_left_s()
        if "reconnecting" in paused:
            return [words[:1].upper() + words[1:], GRACE_UNKNOWN if left is None else f"{left} s, {GRACE_WORDS}"]
        words = words[:1].upper() + words[1:]
        line = "Get ready: " + words.lower() if paused == "play resumes" else words
        return [line if left is None else f"{line} in {left} s"]

    def _draw_pause(self, surface: pygame.Surface) -> None:
        table = self.table
        s = theme.scale_for(table.size)
        lines = self.pause_lines()
        images = [render_text(lines[0], max(18, int(34 * s)), theme.GOLD, bold=True)]
        images += [render_text(line, max(13, int(19 * s)), theme.INK) for line in lines[1:]]
        width = max(i.get_width() for i in images) + int(48 * s)
        height = sum(i.get_height() for i in images) + int(30 * s) + int(8 * s) * (len(images) - 1)
        rect = pygame.Rect(0, 0, min(width, table.size[0] - 20), height)
        rect.center = table.focus_point()
        panel(surface, rect, fill=theme.OPAQUE_PANEL, radius=14, edge=theme.GOLD)
        y = rect.top + int(15 * s)
        for image in images:
            blit_centered(surface, image, (rect.centerx, y + image.get_height() // 2))
            y += image.get_height() + int(8 * s)

    def figure_rows(self) -> list[str]:
        """F3's lines under its heading ("round trip · clock error"): every seat's, as far
        as they are known, then how long presses wait. Short, so the panel fits in the
        corner beside the key caps and the cards at 800x560."""
        figures = self.session.figures()
        rows = []
        for seat, name in enumerate(self.table.people):
            plan = self.session.setup.seats[seat]
            known = figures.get(seat)
            if not plan.human:
                said = "computer"
            elif known is None or known.rtt_ms is None:
                said = "measuring…"
            else:
                error = "?" if known.error_ms is None else f"±{known.error_ms:.1f} ms"
                rtt = f"{known.rtt_ms:.1f}" if known.rtt_ms < 10 else f"{known.rtt_ms:.0f}"
                said = f"{rtt} ms · {error}"
            rows.append(f"{_short(name)}: {said}")
        window = self.session.window_ms
        rows.append(f"Judged after {window:.0f} ms" if window else "")
        return [r for r in rows if r]

    def _draw_figures(self, surface: pygame.Surface) -> None:
        table = self.table
        s = theme.scale_for(table.size)
        size = max(12, int(15 * s))
        images = [render_text("Network · F3 hides", size, theme.GOLD, bold=True),
                  render_text("round trip · clock error", size, theme.INK_DIM)]
        images += [render_text(row, size, theme.INK) for row in self.figure_rows()]
        width = max(i.get_width() for i in images) + 20
        height = sum(i.get_height() + 2 for i in images) + 12
        rect = pygame.Rect(0, 0, width, height)
        # Bottom left, above the line of key caps: no table puts a seat there, and the
        # own seat's caps and cards start further right.
        rect.bottomleft = (8, table.size[1] - int(40 * s))
        panel(surface, rect, radius=10)
        y = rect.top + 6
        for image in images:
            surface.blit(image, (rect.left + 10, y))
            y += image.get_height() + 2


def _short(name: str) -> str:
    """A name cut to fit F3's narrow panel."""
    return name if len(name) <= 12 else name[:11] + "…"
