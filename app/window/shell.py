"""The application: the window, the main loop, global keys and the shared services
(settings, card renderer) that every scene uses."""

from __future__ import annotations

import os
import sys
import time
from typing import Callable

import pygame

from app.core import storage, worker
from app.core.words import language
from app.core.words import net_words
from app.window import synth
from app.window.render.cards import CardRenderer
from app.window.render.icon import icon_surface
from app.window.routes import Routes
from app.window.scenes.base import Navigator, Scene, SceneManager
from app.window.speech import open_speech
from app.window.ui import theme
from app.window.ui.confirm import Confirm

DEFAULT_SIZE = (1280, 800)
MIN_SIZE = storage.MIN_WINDOW
FPS = 60
ICON_SIZE = 64             # the window's icon; systems scale it for the title bar and task bar



def _hosted_guests() -> list[str]:
    """Who other than their hosts sits at the tables this app's own server holds. An app
    that never hosted has not imported its server (app/net/server/hosting.py), and need not."""
    hosting = sys.modules.get("app.net.server.hosting")
    return list(hosting.guests()) if hosting is not None else []


def _forget_cached_surfaces() -> None:
    from app.window.render import surface_cache, table, text

    text.clear_caches()
    table.felt.cache_clear()
    table._vignette.cache_clear()   # (shaded from the theme's felt colours)
    surface_cache.clear_all()
    theme.forget_drawn()


def _apply_looks(settings: storage.Settings) -> bool:
    """Put the theme and the text size ``settings`` ask for in use; True when either changed
    (every surface painted in the old looks is then forgotten)."""
    from app.window.render import text

    changed = theme.apply(settings.high_contrast)
    changed = text.set_text_scale(theme.TEXT_SIZES.get(settings.text_size, 1.0)) or changed
    if changed:
        _forget_cached_surfaces()
    return changed


class NoDisplay(RuntimeError):
    """There is no screen to open the window on: SDL fell back to drawing off screen."""


def _check_display() -> None:
    """Refuse to run a window nobody can see. With no display SDL quietly picks its
    ``offscreen`` driver and the app would wait for input that cannot come; a driver chosen
    on purpose (``SDL_VIDEODRIVER``, as tests and tools set) is left alone."""
    if "SDL_VIDEODRIVER" not in os.environ and pygame.display.get_driver() in ("offscreen", "dummy"):
        pygame.quit()
        raise NoDisplay("there is no display to open Parlour's window on")


def desktop_room() -> tuple[int, int]:
    """The largest window that fits the first screen, leaving its task bar and the window's
    title bar in view; :data:`storage.MAX_WINDOW` when the system does not say."""
    try:
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        sizes = []
    if not sizes or min(sizes[0]) <= 0:
        return storage.MAX_WINDOW
    return storage.window_room(sizes[0])


class App:
    """Owns the window and the scene stack. Tests drive it frame by frame with ``step``.
    Scenes see it as ``AppServices`` (app/window/scenes/base.py) and move through ``nav``."""

    menu_focus = 0  # the game the menu had chosen, kept for the next time it opens

    def __init__(self, size: tuple[int, int] | None = None, headless: bool = False) -> None:
        if headless:
            os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
            os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        synth.pre_init()
        pygame.init()
        if size is None and not headless:
            _check_display()
        _forget_cached_surfaces()  # fonts and surfaces from an earlier pygame.init are invalid
        storage.clear_stale_temporaries()  # left by saves that were killed mid-write
        self.settings = storage.load_settings()
        language.use(language.choose(self.settings.language))
        _apply_looks(self.settings)
        self.notices: list[tuple[str, float]] = [(n, 6.0) for n in storage.take_notices()]
        self.notice_rects: list[pygame.Rect] = []   # where the notices were last drawn
        # The first window fits the screen it opens on (a saved 1280 x 800 on a small laptop
        # would hide the title and the bottom buttons); Settings offers only sizes that fit.
        self.room = desktop_room()
        if size is None:
            self.settings.window_size = storage.fit_window(self.settings.window_size, self.room)
        self.size: tuple[int, int] = size or self.settings.window_size
        # Full screen (F11) is remembered for the app proper; a caller that names a size
        # (tests, tools, the bench) gets exactly that window.
        self.fullscreen = size is None and self.settings.fullscreen
        # The app proper asks a new player's name once, on the menu; tests and tools don't.
        self.asks_name = size is None and not headless and not self.settings.asked_name
        # Before the window opens: some systems take the icon only then.
        pygame.display.set_icon(icon_surface(ICON_SIZE))
        self.screen = self._open_window(self.size, self.fullscreen)
        pygame.display.set_caption("Parlour")
        pygame.key.set_repeat(350, 40)
        self.cards = self._make_renderer()
        self.speech = open_speech(self.settings.speech)
        for notice, _ in self.notices:
            self.speech.say(notice)
        self.scenes = SceneManager()
        self.nav: Navigator = Routes(self)
        self.running = True
        self.clock = pygame.time.Clock()
        self.first_frame_at: float | None = None
        # Input is stamped with ``ticks()`` as it is read (pygame-ce events carry no time);
        # reflex tables read it between frames too (``poll_input``). Tests may swap the clock.
        self.ticks = pygame.time.get_ticks
        self.early_input: list[pygame.event.Event] = []
        self._frame_due = 0
        # What must end with the app (the server a hosted game runs on), run as it closes.
        self.on_close: list[Callable[[], object]] = []
        self.asking: Confirm | None = None   # "Close the table for Ann and Bob?" while it is asked

    # services -----------------------------------------------------------------------------

    def _make_renderer(self) -> CardRenderer:
        return CardRenderer(four_colour=self.settings.four_colour, large_index=self.settings.large_index,
                            high_contrast=self.settings.high_contrast)

    @property
    def animation_speed(self) -> float:
        return storage.ANIMATION_SPEEDS.get(self.settings.animation_speed, 1.0)

    def save_settings(self) -> None:
        storage.save_settings(self.settings)
        synth.configure(self.settings.volume, self.settings.muted)
        language.use(language.choose(self.settings.language))   # a new choice reads at once
        self.speech.follow(self.settings.speech)
        # A new renderer only when the cards' looks changed: it starts with no card painted,
        # and the setup screen saves on every Start (the table then painted its cards anew).
        looks = (self.settings.four_colour, self.settings.large_index, self.settings.high_contrast)
        if (self.cards.four_colour, self.cards.large_index, self.cards.high_contrast) != looks:
            self.cards = self._make_renderer()
        if _apply_looks(self.settings):
            # Every open screen lays itself out again for the new text size and colours.
            self.scenes.resize(self.screen.get_size())

    def notify(self, message: str, seconds: float = 4.0) -> None:
        """Show a short message at the top of the window (once while it is showing: a
        folder that cannot be read is said once, not at each screen that reads it)."""
        if all(shown != message for shown, _ in self.notices):
            self.notices.append((message, seconds))
            self.speech.say(message)

    # window -------------------------------------------------------------------------------

    def _open_window(self, size: tuple[int, int], fullscreen: bool = False) -> pygame.Surface:
        if fullscreen:
            try:
                return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            except pygame.error:   # a display that cannot go full screen: a window will do
                self.fullscreen = False
        return pygame.display.set_mode(size, pygame.RESIZABLE)

    def toggle_fullscreen(self) -> None:
        self.fullscreen = not self.fullscreen
        self.screen = self._open_window(self.size, self.fullscreen)
        self.settings.fullscreen = self.fullscreen
        storage.save_settings(self.settings)   # kept at once, not only when the app closes
        self.scenes.resize(self.screen.get_size())

    def _resized(self, size: tuple[int, int]) -> None:
        least = storage.least_window(self.room)
        size = (max(least[0], size[0]), max(least[1], size[1]))
        self.screen = pygame.display.get_surface() or self._open_window(size)
        if self.screen.get_size() != size and not self.fullscreen:
            self.screen = self._open_window(size)
        if not self.fullscreen:
            self.size = size
            self.settings.window_size = size
        self.scenes.resize(self.screen.get_size())

    # loop ---------------------------------------------------------------------------------

    def start(self, scene: Scene) -> None:
        self.scenes.reset(scene)
        scene.resize(self.screen.get_size())

    def hosted_guests(self) -> list[str]:
        """The friends at tables this app hosts (whom closing it would send home)."""
        return _hosted_guests()

    def quit(self) -> None:
        """Close the app; while it hosts a table that friends are at, ask first (their game
        would be gone), and if so close it for them so they are told at once."""
        if self.asking is None:
            guests = self.hosted_guests()
            if guests:
                self.asking = Confirm(net_words.close_question(guests), net_words.CLOSE_YES, net_words.CLOSE_NO,
                                      net_words.CLOSE_DETAIL)
                return
        self.running = False

    def _answered(self, event: pygame.event.Event) -> None:
        assert self.asking is not None
        answer = True if event.type == pygame.QUIT else self.asking.handle_event(event)
        if answer is None:
            return
        self.asking = None
        if answer:
            hosting = sys.modules.get("app.net.server.hosting")
            if hosting is not None:
                hosting.close_for_guests()
            self.running = False

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.asking is not None and event.type != pygame.VIDEORESIZE:
            self._answered(event)
        elif event.type == pygame.QUIT:
            self.quit()
        elif event.type == pygame.VIDEORESIZE:
            self._resized(event.size)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
        else:
            self.scenes.handle_event(event)

    def step(self, dt: float) -> None:
        """One frame: input, update, draw. Tests call this with a fixed ``dt``."""
        for event in self.read_input():
            self.handle_event(event)
        if storage.notices:   # (the app's own server tells of its files from its thread)
            for line in storage.take_notices():
                self.notify(line, 6.0)
        self.scenes.update(dt)
        self._speak_focus()
        self._poll_if_fine()
        self.draw()

    def _speak_focus(self) -> None:
        """Say what has the focus when it moved (to another scene or within one)."""
        top = self.scenes.top
        if top is not None and self.speech.speaking:
            for line in top.spoken_news():
                self.speech.say(line)
            self.speech.focus(top.spoken_focus())

    def draw(self) -> None:
        self.scenes.draw(self.screen)
        self._draw_notices()
        if self.asking is not None:
            self.asking.draw(self.screen)
        self._poll_if_fine()
        pygame.display.flip()
        self._poll_if_fine()
        if self.first_frame_at is None:
            self.first_frame_at = time.perf_counter()
            # The bots' worker process and the sounds are made after the first frame, so they
            # never delay the window's start; the worker first, before the sound thread runs.
            worker.warm_up()
            from app.core import replay_file

            replay_file.learn_version()  # (importing importlib.metadata takes some 40 ms)
            synth.init(self.settings.volume, self.settings.muted)

    def _draw_notices(self) -> None:
        from app.window.ui.widgets import panel

        top = self.scenes.top
        area = top.notice_area() if top is not None else None
        size = 18 if area is None or area.width > 400 else 16
        # A notice long for the scene's place (a file's name, in a small window) is said a
        # little smaller there; one that would still spill over the scene's buttons goes at
        # the window's top for its few seconds.
        if area is not None and self.notices:
            size = next((points for points in (size, 14, 12)
                         if self._notice_box(self.notices[0][0], area, points)[1].height <= area.height), 0)
        if area is None or not size:
            area, size = self.screen.get_rect().inflate(-24, -24), 18
        y = area.top
        self.notice_rects = []
        for message, _ in self.notices[:3]:
            lines, rect = self._notice_box(message, area, size)
            rect.midtop = (area.centerx, y)
            if self.notice_rects and rect.bottom > area.bottom:
                break   # (the rest wait their turn rather than spill over the scene)
            panel(self.screen, rect, edge=theme.GOLD, radius=8)
            step = lines[0].get_height()
            for i, line in enumerate(lines):
                self.screen.blit(line, line.get_rect(midtop=(rect.centerx, rect.top + 6 + i * step)))
            self.notice_rects.append(rect)
            y = rect.bottom + 6

    @staticmethod
    def _notice_box(message: str, area: pygame.Rect, size: int) -> tuple[list[pygame.Surface], pygame.Rect]:
        """A notice's lines, wrapped to ``area`` (a long one wraps instead of running off), and its panel."""
        from app.window.render.text import font, render_text, wrap

        lines = [render_text(line, size, theme.INK) for line in wrap(message, font(size), area.width - 24)]
        width, step = max(line.get_width() for line in lines), lines[0].get_height()
        return lines, pygame.Rect(0, 0, width, step * len(lines)).inflate(24, 12)

    def _age_notices(self, dt: float) -> None:
        self.notices = [(m, t - dt) for m, t in self.notices if t - dt > 0]

    def poll_input(self) -> None:
        """Read what is queued now and stamp it, keeping SDL's arrival order."""
        now = self.ticks()
        for event in pygame.event.get():
            if not hasattr(event, "ticks"):
                event.ticks = now
            self.early_input.append(event)

    def _poll_if_fine(self) -> None:
        # Reflex tables: also read between the parts of a frame (update, draw, flip), so a
        # press that arrives while the frame is being drawn is stamped when it comes.
        if getattr(self.scenes.top, "fine_input", False):
            self.poll_input()

    def read_input(self) -> list[pygame.event.Event]:
        """This frame's input, oldest first: what was polled between frames, then the rest."""
        self.poll_input()
        events, self.early_input = self.early_input, []
        return events

    def _wait_polling(self) -> float:
        """Wait for the next frame while reading input every millisecond, so a key press
        is stamped within a millisecond or two of arriving, not up to a frame late."""
        due = self._frame_due
        while self.ticks() < due:
            self.poll_input()
            pygame.time.wait(1)
        self._frame_due = max(due, self.ticks() - 1000 // FPS) + 1000 // FPS
        return self.clock.tick() / 1000.0

    def run(self) -> int:
        while self.running and self.scenes.top:
            if getattr(self.scenes.top, "fine_input", False):
                dt = self._wait_polling()
            else:
                dt = self.clock.tick(FPS) / 1000.0
            self._age_notices(dt)
            self.step(min(dt, 0.1))
        storage.save_settings(self.settings)
        worker.stop()  # a bot's search in progress must not keep the closed app alive
        for close in self.on_close:
            close()
        pygame.quit()
        return 0

    def capture(self, path: str) -> None:
        """Save the current frame as an image (for screenshots and bug reports)."""
        pygame.image.save(self.screen, path)
