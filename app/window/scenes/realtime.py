"""What every reflex table shares (Ratscrew, Nails, Spoons): a game clock, a countdown
before play, key presses turned into timed actions in the order the keys went down, bots
that react on the same clock, pause on Esc or when the window loses focus, and events shown
the moment they happen.

Timing. The shell stamps every input event with ``app.ticks()`` as it reads it, and reads
between frames while this scene is on top (``fine_input``). Each frame the game clock moves
on by the frame's time; an input stamped ``d`` ms after the previous frame's update is
placed ``d`` ms into this frame's slice of game time. The presses, turned into timed
actions, go to the game's ``RealtimeDriver`` (games/core/realtime.py), which applies them
and the bots' plans that fall in the slice in time order, each after ``advance`` to its own
time, so two presses inside one frame are judged by which key went down first, never by
who was read first. The table only stamps input and shows the events the driver returns.

A fair start: before the first countdown, every human at the keys says they are ready by
pressing one of their keys ("Ready" shows at their seat); a table of computer players only,
or a replay, starts at once.

A table subclasses ``RealtimeTableScene`` and implements ``key_action`` (a seat's first or
second key at a time), optionally ``click_action`` (the mouse, for the first human, who
may also use a gamepad's first two buttons as their two keys), and
``show`` / ``draw_table`` / ``sync`` / ``layout`` as a turn table does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from app.window import event_sounds
from app.window.input.bindings import KeyMap
from app.window.input.press import Press
from app.window.render.text import px, render_text
from app.window.scenes.realtime_net import NetPlay
from app.window.scenes.table import END_PAUSE, TableScene, watched
from app.window.ui import theme
from app.window.ui.widgets import blit_centered, panel
from games.core.protocol import Event, IllegalAction
from games.core.words import T, Who
from games.core.realtime import RealtimeDriver, TimedAction

if TYPE_CHECKING:
    from app.core.table_session import TableSession
    from app.window.scenes.base import AppServices

COUNTDOWN = 3.0          # seconds of "3, 2, 1" before play starts
RESUME_COUNTDOWN = 2.0   # and after a pause, so nobody is caught with their hands off the keys
MAX_SLICE_MS = 250       # a stalled frame never jumps the game clock further than this
SKIP_STEPS = 200_000     # a bound on skipping to the result (the simulator's own)
LISTENING_PACE = 2.0     # the computers take twice their time with "Reflex games at a listening pace"
READY = (120, 200, 120)  # the "Ready" marks before the start


class RealtimeTableScene(TableScene):
    fine_input = True
    key_names: tuple[str, str] = ("first", "second")   # what each seat's two keys do
    mouse_hint = ""   # what the mouse does, said after the key caps ("" says nothing)

    def _plate_name(self, seat: int, who: str) -> str:
        """A seat's plate title: "You" for the one human, as on the other tables, else the
        person's name ("Rosa"); ``who`` (the level) is shown by the table's second line."""
        humans = self.session.humans
        if humans == [seat] and not self.spectator:
            return "You"
        return self.people[seat]

    def you_seat(self) -> int | None:
        """The one human's seat, also while a replay is watched from another seat (V): the
        reflex tables speak to the player, wherever the camera sits."""
        humans = self.session.humans
        return humans[0] if len(humans) == 1 else None

    def __init__(self, app: AppServices, session: TableSession) -> None:
        players = self.players(session)
        self.keys = KeyMap.for_seats(app.settings.key_bindings, players)
        self.mouse_seat: int | None = players[0] if players else None
        self.game_ms = 0.0
        self.countdown = COUNTDOWN
        self.started = False
        self.ready: set[int] = set()     # the humans who have pressed a key to say so
        self.inbox: list[Press] = []
        self.last_ticks: int | None = None
        self._pads: list[Any] = []
        self.net: NetPlay | None = None
        super().__init__(app, session)
        if session.network is not None:   # the game runs on a server: presses go there (app/window/scenes/realtime_net.py)
            self.net = NetPlay(self)
        self.driver = self.make_driver()
        self.view = self.current_view()

    def make_driver(self) -> RealtimeDriver:
        """The game's driver: a bot for every computer player, drawing from the session's
        bot generator; each action it applies goes to the session's action log."""
        driver: RealtimeDriver = self.session.realtime_driver()  # (games/core/session.py)
        if self.app.settings.listening_pace:   # (the computers here; a server's keep the server's pace)
            driver.pace = LISTENING_PACE
        return driver

    @staticmethod
    def players(session: TableSession) -> list[int]:
        """The seats that take keys and the mouse here: the humans, and nobody in a replay
        (so no key caps or "press Q" lines are drawn for a game that is only watched)."""
        return [] if watched(session) else list(session.humans)

    # for subclasses -------------------------------------------------------------------------

    def key_action(self, seat: int, index: int, at_ms: int) -> TimedAction | None:
        """The action of ``seat``'s first (0) or second (1) key pressed at ``at_ms``."""
        return None

    def click_action(self, press: Press, at_ms: int) -> TimedAction | None:
        """The action of a mouse click by ``press.seat`` (None when the click hit nothing)."""
        return None

    def refused_action(self, action: TimedAction, problem: IllegalAction) -> None:
        """A human's action the rules refused (too early, nothing to flip...)."""
        self.say_refusal(self.to_player(problem.message), 1.6)

    def say_refusal(self, text: str, seconds: float) -> None:
        """Say why a press was refused (here, or by the server at a networked table)."""
        self.say(text, seconds)

    def pressed(self, action: TimedAction) -> None:
        """At a networked table: a press of a player here, sent to the server, shown at
        once (a hand going down) before the server's verdict comes back."""

    def verdict(self, first: int, second: int, by_ms: int) -> None:
        """At a networked table: the server judged a race ("Bob by 12 ms")."""
        self._banner(self.to_player(T("{seat} by {ms} ms", seat=Who(first), ms=by_ms)), 2.2)

    # input ---------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.net is not None and self.net.handle_event(event):
            return
        if event.type == pygame.WINDOWFOCUSLOST and not self.session.state.is_over() and self.net is None:
            self.pause()   # (a networked game goes on without this window: nothing to stop)
        elif event.type == pygame.KEYDOWN and self._take_key(event):
            return
        elif event.type == pygame.MOUSEBUTTONDOWN and self._take_click(event):
            return
        elif event.type == pygame.JOYDEVICEADDED:
            self._pads.append(pygame.joystick.Joystick(event.device_index))  # opened: it now sends buttons
        elif event.type == pygame.JOYBUTTONDOWN and event.button in (0, 1):
            if self.mouse_seat is not None:   # a gamepad plays the mouse's seat
                self._press(Press(self._stamp(event), self.mouse_seat, event.button))
        else:
            super().handle_event(event)

    def _take_key(self, event: pygame.event.Event) -> bool:
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.humans_out:
            self.skip_to_end()
            return True
        hit = self.keys.lookup(event.key)
        if hit is None or event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            return False
        self._press(Press(self._stamp(event), hit[0], hit[1]))
        return True

    def _take_click(self, event: pygame.event.Event) -> bool:
        if self.mouse_seat is None or not (self.playing or self.waiting) or event.button not in (1, 3):
            return False
        if self.menu_button.rect.collidepoint(event.pos) or self.rules_button.rect.collidepoint(event.pos):
            return False
        self._press(Press(self._stamp(event), self.mouse_seat, -1, event.pos, event.button))
        return True

    def _press(self, press: Press) -> None:
        """A press says its player is ready before the start, and is kept for the next
        frame's slice of game time during play (ignored in the countdown)."""
        if self.waiting:
            self.ready.add(press.seat)
        elif self.playing:
            self.inbox.append(press)

    def _stamp(self, event: pygame.event.Event) -> int:
        return int(getattr(event, "ticks", self.app.ticks()))

    def gone(self, seat: int) -> bool:
        """``seat`` is out of the game for good: its keys do nothing any more."""
        is_out = getattr(self.session.state, "is_out", None)
        return is_out is not None and is_out(seat)

    def skip_offer(self) -> str:
        """What the line offering to skip says (a table may add what a human can still do)."""
        return ("You are out" if len(self.players(self.session)) == 1 else "Every player at the keys is out") + \
            " · Enter: skip to the result"

    @property
    def humans_out(self) -> bool:
        """Every human here is out of the game's play (Ratscrew, Spoons) and the computer
        players play on: the humans may skip to the result rather than watch for minutes."""
        state = self.session.state
        is_out = getattr(state, "is_out", None)
        humans = self.players(self.session)
        return (bool(humans) and is_out is not None and self.playing and self.net is None
                and all(is_out(seat) for seat in humans))

    def skip_to_end(self) -> None:
        """Play the rest at once, as the simulator does (the driver with no end time),
        recording every action so the replay is the same game."""
        events = self.driver.run_to_end(SKIP_STEPS)
        self.log.extend(self.seen(event).message() for event in events)
        self.game_ms = float(self.driver.state.now_ms)
        if self.driver.state.is_over():
            self.sound_end()
            self.finish()

    @property
    def playing(self) -> bool:
        return self.started and self.countdown <= 0 and not self.session.state.is_over()

    @property
    def waiting(self) -> bool:
        """Before the first countdown, while a human at the keys has not said they are ready."""
        return not self.started and self.net is None and any(seat not in self.ready for seat in self.at_keys())

    def at_keys(self) -> list[int]:
        """The humans who have keys here (the players of a game that is not only watched)."""
        return [seat for seat in self.players(self.session) if self.keys.labels(seat) is not None]

    # the frame -----------------------------------------------------------------------------

    def on_enter(self) -> None:
        super().on_enter()
        # The keys may have been changed in the settings while the game was paused.
        self.keys = KeyMap.for_seats(self.app.settings.key_bindings, self.players(self.session))
        self.last_ticks = None
        if self.started and not self.session.state.is_over() and self.net is None:
            self.countdown = RESUME_COUNTDOWN   # back from a pause: get ready again

    def update(self, dt: float) -> None:
        if self.net is not None:
            self.net.update(dt)
            return
        self.anim.update(dt)
        self.message_time = max(0.0, self.message_time - dt)
        self.tick_effects(dt)
        now_ticks = self.app.ticks()
        if self.queue:  # the opening deal, shown once
            self.present(list(self.queue))
            self.queue.clear()
        if self.session.state.is_over():
            self._ending(dt)
        elif self.waiting:
            self.inbox.clear()   # (the game clock stands still until everyone is ready)
        elif self.countdown > 0:
            self._count_down(dt)
        else:
            self._play(dt, now_ticks)
        self.last_ticks = now_ticks

    def _count_down(self, dt: float) -> None:
        self.inbox.clear()
        self.countdown -= dt
        if self.countdown <= 0:
            self.started = True

    def _ending(self, dt: float) -> None:
        self.inbox.clear()
        self.sound_end()
        self.end_clock += dt
        if self.game_pace.waited(self.end_clock, END_PAUSE):
            self.finish()

    def _play(self, dt: float, now_ticks: int) -> None:
        reference = self.last_ticks if self.last_ticks is not None else now_ticks
        # The slice of game time this frame covers: the frame's time, or the input clock's
        # if that moved further (so a press stamped late in a long frame keeps its offset).
        start = int(self.game_ms)
        self.game_ms += min(MAX_SLICE_MS, max(dt * 1000.0, float(now_ticks - reference)))
        end = int(self.game_ms)
        actions = []
        for press in self.inbox:   # in the order the keys went down
            action = self._press_action(press, min(end, max(start, start + press.ticks - reference)))
            if action is not None:
                actions.append(action)
        self.inbox.clear()
        self.driver.submit(actions)
        events = self.run_game(end)
        if events:
            self.present(events)
        for refusal in self.driver.take_refusals():
            self.refused_action(refusal.action, refusal.problem)

    def _press_action(self, press: Press, at: int) -> TimedAction | None:
        if press.index < 0:
            return self.click_action(press, at)
        return self.key_action(press.seat, press.index, at)

    def run_game(self, end_ms: int) -> list[Event]:
        """Move the game on to ``end_ms`` of game time (a replay hands in its recording here)."""
        return self.driver.run_until(end_ms)

    def replan(self) -> None:
        """Ask every computer player again, from what it sees now (after the state was
        changed from outside the driver, as tests do)."""
        self.driver.replan()
        self.view = self.current_view()

    def present(self, events: list[Event]) -> None:
        """Show events the moment they happen (reflex tables do not queue them)."""
        for event in events:
            event = self.seen(event)
            self.log.append(event.message())
            # (said at once, cutting short the last: in a race the newest card is what counts)
            self.app.speech.say(self.spoken_line(event.message()), interrupt=True)
            self.show(event)
            event_sounds.play_for(event)
        self.view = self.current_view()

    def tick_effects(self, dt: float) -> None:
        """Fade flashes and banners (for subclasses)."""

    # drawing -------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.waiting:
            self._draw_ready(surface)
        elif self.countdown > 0 and not self.session.state.is_over():
            self._draw_countdown(surface)
        elif self.humans_out:
            self._draw_skip_line(surface)
        if self.net is not None:
            self.net.draw(surface)

    def _draw_skip_line(self, surface: pygame.Surface) -> None:
        s = theme.scale_for(self.size)
        image = render_text(self.skip_offer(), max(13, int(18 * s)), theme.GOLD, bold=True)
        rect = image.get_rect(center=self.skip_line_at()).inflate(24, 10)
        panel(surface, rect, radius=10, edge=theme.GOLD)
        blit_centered(surface, image, rect.center)

    def _draw_countdown(self, surface: pygame.Surface) -> None:
        s = theme.scale_for(self.size)
        number = max(1, int(self.countdown + 0.999))
        fraction = self.countdown - int(self.countdown)
        size = int((110 + 40 * fraction) * s)
        centre = self.focus_point()
        ring = pygame.Surface((int(220 * s), int(220 * s)), pygame.SRCALPHA)
        pygame.draw.circle(ring, (8, 36, 22, 200), ring.get_rect().center, int(100 * s))
        pygame.draw.circle(ring, theme.GOLD, ring.get_rect().center, int(100 * s), width=max(2, int(4 * s)))
        blit_centered(surface, ring, centre)
        digit = render_text(str(number), size, theme.GOLD, bold=True)
        blit_centered(surface, digit, centre)
        caption = "Get ready" if not self.started else "Paused game resumes"
        blit_centered(surface, render_text(caption, max(14, int(22 * s)), theme.INK),
                      (centre[0], centre[1] + int(128 * s)))

    def _draw_ready(self, surface: pygame.Surface) -> None:
        """Before the start: who is ready, and what to press (each seat also shows it)."""
        s = theme.scale_for(self.size)
        players = self.at_keys()
        lines = [render_text("Ready?", max(22, int(44 * s)), theme.GOLD, bold=True),
                 render_text(self.ready_prompt(players), max(13, int(20 * s)), theme.INK)]
        if len(players) > 1:
            lines.append(self._ready_row(players, max(12, int(18 * s))))
        gap = int(10 * s)
        width = max(line.get_width() for line in lines) + int(48 * s)
        height = sum(line.get_height() for line in lines) + gap * (len(lines) - 1) + int(36 * s)
        rect = pygame.Rect(0, 0, min(width, self.size[0] - 20), height)
        rect.center = self.focus_point()
        panel(surface, rect, fill=theme.OPAQUE_PANEL, radius=14, edge=theme.GOLD)   # (over the pile)
        y = rect.top + int(18 * s)
        for line in lines:
            surface.blit(line, line.get_rect(midtop=(rect.centerx, y)))
            y += line.get_height() + gap

    def ready_prompt(self, players: list[int]) -> str:
        if len(players) == 1:
            labels = self.keys.labels(players[0]) or ("a key", "another")
            return f"Press {labels[0]} or {labels[1]} when you are ready"
        return "Each player presses one of their keys when ready"

    def _ready_row(self, players: list[int], size: int) -> pygame.Surface:
        """Every player at the keys, each marked ready or not yet."""
        parts = []
        for seat in players:
            done = seat in self.ready
            parts.append(render_text(f"{self._name(seat)} ", size, theme.INK, bold=True))
            parts.append(render_text("Ready" if done else "waiting", size,
                                     READY if done else theme.INK_DIM, bold=done))
            parts.append(render_text("     ", size, theme.INK))
        return _row(parts[:-1])

    def skip_line_at(self) -> tuple[int, int]:
        """Where the offer to skip is drawn: under the middle of the table, above the
        humans' own place (whose key caps stay in view)."""
        return (self.size[0] // 2, int(self.size[1] * 0.70))

    def focus_point(self) -> tuple[int, int]:
        """Where the eye should be when play starts (the countdown is drawn there)."""
        return (self.size[0] // 2, int(self.size[1] * 0.44))

    def keycaps(self, seat: int, size: int) -> pygame.Surface | None:
        """Small key caps with what each key does, drawn at a human's seat (not once that
        human is out: the keys do nothing then)."""
        labels = self.keys.labels(seat)
        if labels is None or self.gone(seat):
            return None
        chooser = self.keys.choose_label(seat)
        if len(self.key_names) > 2 and chooser is not None:  # the game also uses a choose key
            labels = (*labels, chooser)
        parts = []
        for key, name in zip(labels, self.key_names):
            parts.append(_keycap(key, size))
            parts.append(render_text(f" {name}   ", size, theme.INK))
        if seat == self.mouse_seat and self.mouse_hint:
            parts.append(render_text(self.mouse_hint, size, theme.INK_DIM))
        if seat in self.ready and not self.started:
            parts.append(_ready_mark(size))
        return _row(parts)


def _row(parts: list[pygame.Surface]) -> pygame.Surface:
    """Images side by side, centred on one line."""
    width = sum(p.get_width() for p in parts)
    height = max(p.get_height() for p in parts)
    strip = pygame.Surface((width, height), pygame.SRCALPHA)
    x = 0
    for part in parts:
        strip.blit(part, (x, (height - part.get_height()) // 2))
        x += part.get_width()
    return strip


def _ready_mark(size: int) -> pygame.Surface:
    """The "Ready" mark at a seat whose player has pressed a key before the start."""
    text = render_text("Ready", size, theme.BUTTON_TEXT, bold=True)
    w, h = text.get_width() + size, int(px(size) * 1.55)
    mark = pygame.Surface((w + size // 2, h), pygame.SRCALPHA)
    pygame.draw.rect(mark, READY, pygame.Rect(size // 2, 0, w, h), border_radius=h // 2)
    mark.blit(text, text.get_rect(center=(size // 2 + w // 2, h // 2)))
    return mark


def _keycap(label: str, size: int) -> pygame.Surface:
    text = render_text(label, size, theme.BUTTON_TEXT, bold=True)
    w = max(text.get_width() + size // 2 + 6, int(size * 1.5))
    h = int(px(size) * 1.55)
    cap = pygame.Surface((w, h + 3), pygame.SRCALPHA)
    pygame.draw.rect(cap, (60, 56, 46), pygame.Rect(0, 3, w, h), border_radius=max(3, size // 4))
    pygame.draw.rect(cap, theme.BUTTON, pygame.Rect(0, 0, w, h), border_radius=max(3, size // 4))
    cap.blit(text, text.get_rect(center=(w // 2, h // 2)))
    return cap
