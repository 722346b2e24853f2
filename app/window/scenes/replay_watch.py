"""Watching a replay on the game's own table.

The table class is the game's real one, with :class:`ReplayControls` (turn games) or
:class:`RealtimeReplayControls` (reflex games) in front of it, in a class each game's
table module names (``Replay``, app/window/tables/): the recorded actions are applied one
by one through the table's own ``act`` (turn games) or handed to the reflex table's
real-time driver, on its game clock, as if the players had pressed them and with no bots
(the replay session's driver has none), so the table shows exactly the events it showed
when the game was played. Nobody's input
reaches the game, and the table, knowing it is watched (``TableScene.watching``), draws
none of its prompts, key caps or player controls; the keys drive the playback instead:

    Space pause/play (at the end: again) · Right or N one step (when paused) · 1 / 2 / 4 speed
    V watch from the next seat · H hide the controls · L history · F1 rules
    R from the start · Esc back

The controls sit in a strip of their own under the table, which lays itself out in the rest
of the window, so they never cover its cards or hints at any size (H hides the strip and
gives the table the whole window).

Every recorded action is checked by the rules as it is applied; one they refuse (a
hand-edited file) stops the playback with a sentence saying which and why.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

import pygame

from app.window.render.text import render_text
from app.window.render.vector import Color
from app.core.replay_file import describe
from app.core.replay_session import ReplaySession
from app.window.ui import theme
from app.window.ui.widgets import Button, blit_centered, panel
from games.core.protocol import Event
from games.core.realtime import RealtimeDriver

if TYPE_CHECKING:
    from app.window.scenes.base import AppServices
    from app.window.scenes.realtime import RealtimeTableScene
    from app.window.scenes.table import TableScene

PACE = 0.6          # seconds between actions at 1x (a bot's pace at the table)
SPEEDS = (1, 2, 4)
KEYS_HINT = "Space {} · → step · 1 2 4 speed · V seat · H hide · L log · Esc back"


if TYPE_CHECKING:  # the controls are always put in front of a table
    _Table = TableScene
    _RealtimeTable = RealtimeTableScene
else:
    _Table = _RealtimeTable = object


class ReplayControls(_Table):
    """In front of a turn game's table class: plays a :class:`ReplaySession` back."""

    session: ReplaySession
    name = "replay"

    def __init__(self, app: AppServices, session: ReplaySession) -> None:
        self.paused = False
        self.speed = 1
        self.step_wanted = False
        self.pace = 0.0
        self.finished = False
        self.bar_shown = True
        self.window: tuple[int, int] = app.screen.get_size()
        self.controls: list[Button] = []
        super().__init__(app, session)
        self.menu_button.label = "Back"
        self.menu_button.action = self.leave
        self.pause_button = Button("Pause", self.toggle_pause, kind="quiet")
        self.step_button = Button("Step", self.step, kind="quiet")
        self.speed_buttons = [Button(f"{n}x", self._speed(n), kind="quiet") for n in SPEEDS]
        self.controls = [self.pause_button, self.step_button, *self.speed_buttons]

    # the keys ------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        for button in (*self.controls, self.menu_button, self.rules_button):
            if button.handle_event(event):
                return
        if event.type == pygame.WINDOWFOCUSLOST:
            self.paused = True
        if event.type != pygame.KEYDOWN:
            return  # clicks and hovers never reach the game
        key = event.key
        if key == pygame.K_ESCAPE:
            self.leave()
        elif key == pygame.K_SPACE:
            self.toggle_pause()
        elif key in (pygame.K_RIGHT, pygame.K_n):
            self.step()
        elif key in (pygame.K_1, pygame.K_2, pygame.K_4, pygame.K_KP1, pygame.K_KP2, pygame.K_KP4):
            self.speed = {pygame.K_1: 1, pygame.K_2: 2, pygame.K_4: 4, pygame.K_KP1: 1,
                          pygame.K_KP2: 2, pygame.K_KP4: 4}[key]
        elif key == pygame.K_v:
            self.next_viewer()
        elif key == pygame.K_h:
            self.bar_shown = not self.bar_shown
            self.resize(self.window)  # the table takes the strip the controls leave
        elif key == pygame.K_l:
            self.show_log = not self.show_log
        elif key == pygame.K_F1:
            self.open_rules()
        elif key in (pygame.K_r, pygame.K_HOME):
            self.restart()

    def _speed(self, n: int) -> Callable[[], None]:
        def choose() -> None:
            self.speed = n
        return choose

    def toggle_pause(self) -> None:
        """Pause or play; at the end, play it again from the start."""
        if self.finished and not self.session.broken:
            self.restart()
        else:
            self.paused = not self.paused

    def step(self) -> None:
        """One recorded action now (pausing first, so the step is the only one)."""
        self.paused = True
        self.step_wanted = True

    def leave(self) -> None:
        if len(self.app.scenes.stack) > 1:
            self.app.scenes.pop()
        else:
            self.app.nav.menu()

    def restart(self) -> None:
        again = type(self)(self.app, ReplaySession(self.session.replay))
        again.speed = self.speed
        self.app.scenes.replace(again)
        again.resize(self.app.screen.get_size())

    def next_viewer(self) -> None:
        """Watch from the next seat: its hand is shown, the others' are hidden."""
        if self.spectator:
            return
        self.viewer = (self.viewer + 1) % self.session.state.seats
        self.resize(self.window)
        self.sync(self.current_view())
        self.viewer_changed()
        self.say(f"Watching from {self.people[self.viewer]}'s seat", 1.5)

    # the window: the table above, the controls in a strip of their own below it ------------

    def resize(self, size: tuple[int, int]) -> None:
        """The table lays itself out in the window less the strip, so the controls never
        cover its cards, buttons or hints at any size."""
        self.window = size
        super().resize(self.table_size())

    def table_size(self) -> tuple[int, int]:
        w, h = self.window
        return (w, h - self.strip_height()) if self.bar_shown else (w, h)

    def strip_height(self) -> int:
        return max(36, int(48 * theme.scale_for(self.window)))

    # the frame ------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        if self.session.broken:
            self.paused = True
        self.advance(dt)

    def advance(self, dt: float) -> None:
        """Play the recording on for ``dt`` seconds of the window's time (at the speed)."""
        self.table_update(dt * self.speed)

    def table_update(self, dt: float) -> None:
        """The table's own frame (whatever the controls in front of it do instead)."""
        super().update(dt)

    def drive(self, dt: float) -> None:
        """Turn tables: nothing is being shown, so apply the next action when it is due."""
        action = self.session.next_action()
        if self.session.state.is_over() or action is None:
            self.finished = True
            return
        if self.session.broken or (self.paused and not self.step_wanted):
            return
        self.pace += dt
        if self.pace < PACE and not self.step_wanted:
            return
        self.pace, self.step_wanted = 0.0, False
        self.act(action)

    def finish(self) -> None:
        """The game is over: stay on the last position (Esc leaves, R plays it again)."""
        self.finished = True

    def viewer_changed(self) -> None:
        """The watched seat changed (V): a reflex table's view follows."""

    # drawing -------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        # The table draws on its own part of the window only, so it cannot paint the strip.
        area = pygame.Rect((0, 0), self.size).clip(surface.get_rect())
        super().draw(surface.subsurface(area))
        if self.bar_shown:
            self._draw_bar(surface)

    def _draw_chrome(self, surface: pygame.Surface) -> None:
        s = theme.scale_for(self.size)
        w, h = int(96 * s), int(34 * s)
        self.menu_button.rect = pygame.Rect(10, 10, w, h)
        self.rules_button.rect = pygame.Rect(20 + w, 10, w, h)
        self.menu_button.draw(surface)
        self.rules_button.draw(surface)
        if self.session.broken:
            self._draw_notice(surface, s, self.session.broken, theme.DANGER)
        elif self.finished and not self.bar_shown:  # (with the strip shown, it says so there)
            self._draw_notice(surface, s, f"{self.end_line()} · R again · Esc back", theme.GOLD)

    def end_line(self) -> str:
        state = self.session.state
        humans = [i for i, plan in enumerate(self.session.setup.seats) if plan.human]
        result = describe(state.outcome(), humans, self.people) if state.is_over() else "the recording ends here"
        return f"End of the replay · {result}"

    def _draw_bar(self, surface: pygame.Surface) -> None:
        """The strip under the table: where the playback is, what the keys do, the buttons."""
        w, h = self.window
        s = theme.scale_for(self.window)
        strip = pygame.Rect(0, h - self.strip_height(), w, self.strip_height())
        surface.fill(theme.OPAQUE_PANEL[:3], strip)
        pygame.draw.line(surface, theme.GOLD_DARK, strip.topleft, strip.topright, 2)
        size = max(12, int(16 * s))
        total = len(self.session.script)
        caption = render_text(f"Replay {self.session.done}/{total}", size, theme.INK, bold=True)
        pad = int(12 * s) + 4
        surface.blit(caption, caption.get_rect(midleft=(pad, strip.centery)))
        right = self._place_buttons(strip, s, size)
        middle = pygame.Rect(pad * 2 + caption.get_width(), strip.top, right - pad * 3 - caption.get_width(),
                             strip.height)
        self._draw_progress(surface, middle, s)
        for button in self.controls:
            button.draw(surface)

    def _place_buttons(self, strip: pygame.Rect, s: float, size: int) -> int:
        """Lay the buttons out from the right; return where the leftmost begins."""
        self.pause_button.label = "Again" if self.finished else "Play" if self.paused else "Pause"
        self.step_button.enabled = not self.finished  # (nothing left to step through)
        gap = max(4, int(8 * s))
        height = strip.height - 2 * max(5, int(8 * s))
        widths = [int(70 * s) + 8, int(60 * s) + 8] + [int(40 * s) + 6] * len(SPEEDS)
        x = strip.right - int(12 * s) - sum(widths) - gap * (len(widths) - 1)
        left = x
        for button, width in zip(self.controls, widths):
            button.rect = pygame.Rect(x, strip.centery - height // 2, width, height)
            button.text_size = size
            button.kind = "primary" if button.label == f"{self.speed}x" else "quiet"
            x += width + gap
        return left

    def _draw_progress(self, surface: pygame.Surface, middle: pygame.Rect, s: float) -> None:
        """The keys (or how it ended) over a track filled as far as the playback has got."""
        if self.finished:
            text, colour, bold = f"{self.end_line()} · Space or R again", theme.GOLD, True
        else:
            text, colour, bold = KEYS_HINT.format("play" if self.paused else "pause"), theme.INK_DIM, False
        line = render_text(text, max(11, int(14 * s)), colour, bold=bold)
        if line.get_width() > middle.width and self.finished:
            line = render_text(self.end_line(), max(11, int(13 * s)), colour, bold=bold)
        track_h = max(3, int(5 * s))
        shown = line.get_width() <= middle.width
        top = middle.centery - (line.get_height() + track_h + 4) // 2 if shown else middle.centery - track_h // 2
        if shown:
            surface.blit(line, line.get_rect(midtop=(middle.centerx, top)))
            top += line.get_height() + 4
        track = pygame.Rect(middle.left, top, middle.width, track_h)
        pygame.draw.rect(surface, (30, 70, 48), track, border_radius=3)
        total = len(self.session.script)
        filled = track.copy()
        filled.width = int(track.width * (self.session.done / total if total else 1.0))
        pygame.draw.rect(surface, theme.GOLD, filled, border_radius=3)

    def _draw_notice(self, surface: pygame.Surface, s: float, text: str, edge: Color) -> None:
        image = render_text(text, max(14, int(20 * s)), theme.INK, bold=True)
        if image.get_width() > self.size[0] - 40:
            image = render_text(text, max(11, int(14 * s)), theme.INK, bold=True)
        rect = image.get_rect(center=(self.size[0] // 2, int(self.size[1] * 0.5))).inflate(30, 18)
        panel(surface, rect, edge=edge, radius=10)
        blit_centered(surface, image, rect.center)


class RealtimeReplayControls(ReplayControls, _RealtimeTable):
    """In front of a reflex game's table class: the recording's presses go to the table's
    driver on its game clock (no countdown: the recording starts when play started)."""

    driver: RealtimeDriver

    def __init__(self, app: AppServices, session: ReplaySession) -> None:
        super().__init__(app, session)
        self.countdown = 0.0
        self.started = True

    def on_enter(self) -> None:
        super().on_enter()
        self.countdown = 0.0  # back from the rules: no "get ready", nobody is playing

    def viewer_changed(self) -> None:
        self.view = self.current_view()

    def advance(self, dt: float) -> None:
        """Run the game clock on (times the speed) and hand the driver what falls due."""
        if self.paused and not self.step_wanted:
            self.anim.update(dt)
            self.last_ticks = None  # the game clock stood still meanwhile
            return
        if self.step_wanted:
            self._step_realtime()
            return
        self.view = self.current_view()
        self.last_ticks = None  # the game clock follows the frames (times the speed) only
        span = self._span(dt * self.speed)
        if span is None:
            self.finished = True  # the recording stops here, before the end of the game
            return
        self.table_update(span)

    def _step_realtime(self) -> None:
        """Run the game clock straight to the next recorded action and apply it."""
        self.step_wanted = False
        action = self.session.next_press()
        if action is not None:
            self.game_ms = max(self.game_ms, float(action.at_ms - 1))
        self.last_ticks = None
        self.table_update(1 / 1000)

    def _span(self, span: float) -> float | None:
        """The game time (s) this frame may cover. After the last recorded action the clock
        stops where the recording stopped, so the final state is the one that was saved;
        ``None`` when there is nothing left to play."""
        state = self.session.timed_state()
        if self.session.next_action() is not None or state.is_over():
            return span
        end_ms = self.session.replay.end_ms
        if end_ms is None:
            return span if state.next_due() is not None else None
        room = (end_ms - self.game_ms) / 1000
        return min(span, room) if room > 0 else None

    def run_game(self, end_ms: int) -> list[Event]:
        """Reflex tables: hand the driver the recorded actions due by ``end_ms`` one at a time,
        as the players' presses (ties keep the order they were applied in), so the first one
        the rules refuse stops the playback right there."""
        session, driver = self.session, self.driver
        events: list[Event] = []
        while not session.broken and not session.state.is_over():
            action = session.next_press()
            if action is None or action.at_ms > end_ms:
                return events + driver.run_until(end_ms)
            driver.submit([action])
            events += driver.run_until(action.at_ms)
            for refusal in driver.take_refusals():
                session.stop(action, str(refusal.problem))
        return events

