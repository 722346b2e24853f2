"""The statistics screen: played, won, win rate and streaks per game and overall, best
times where a game keeps them, and a reset per game that asks first."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from app.core import storage
from app.window.render.table import felt
from app.window.render.text import font, render_text
from app.window.render.vector import Color
from app.window.scenes.base import Scene
from app.window.ui import theme
from app.window.ui.widgets import Button, blit_centered, panel
from app.window.ui.fit import fitted
from games.registry import GAMES

if TYPE_CHECKING:
    from app.window.scenes.base import AppServices

COLUMNS = ("Game", "Played", "Won", "Win rate", "Streak", "Best streak", "Best time", "Fewest moves")
WIDTHS = (0.23, 0.09, 0.07, 0.10, 0.09, 0.13, 0.11, 0.18)


def _count(value: int | None) -> str:
    return "-" if value is None else str(value)


def _time(seconds: float | None) -> str:
    if seconds is None:
        return "-"
    minutes, secs = divmod(int(round(seconds)), 60)
    return f"{minutes}:{secs:02d}"


class StatsScene(Scene):
    name = "stats"

    def __init__(self, app: AppServices) -> None:
        super().__init__(app)
        self.stats = storage.load_stats()
        # A record a row: each game's, and its named variants' (Pig beside Spoons).
        self.titles = dict(record for spec in GAMES.values() for record in spec.records())
        self.ids = list(self.titles)
        self.focus = 0
        self.confirming: str | None = None
        self.back_button = Button("Back", self.back, kind="primary")
        self.reset_button = Button("Reset this game", self.ask_reset)
        self.yes_button = Button("Reset", self.reset, kind="primary")
        self.no_button = Button("Keep them", self.keep)
        self.resize(app.screen.get_size())

    def rows(self) -> list[tuple[str, ...]]:
        out: list[tuple[str, ...]] = []
        for game_id in self.ids:
            g = self.stats.for_game(game_id)
            rate = f"{100 * g.won / g.played:.0f}%" if g.played else "-"
            out.append((self.titles[game_id], str(g.played), str(g.won), rate, str(g.streak),
                        str(g.best_streak), _time(g.best_seconds), _count(g.fewest_moves)))
        played = sum(self.stats.for_game(i).played for i in self.ids)
        won = sum(self.stats.for_game(i).won for i in self.ids)
        # Streaks across games need the order games were played in: a record of its own.
        overall = self.stats.for_game(storage.OVERALL)
        out.append(("All games", str(played), str(won), f"{100 * won / played:.0f}%" if played else "-",
                    str(overall.streak), str(overall.best_streak), "", ""))
        return out

    def ask_reset(self) -> None:
        self.confirming = self.ids[self.focus]

    def reset(self) -> None:
        if self.confirming:
            storage.reset_stats(self.confirming)
            self.stats = storage.load_stats()
        self.confirming = None

    def keep(self) -> None:
        self.confirming = None

    def back(self) -> None:
        self.app.scenes.pop()

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.confirming is not None:
            if self.yes_button.handle_event(event) or self.no_button.handle_event(event):
                return
            if event.type == pygame.KEYDOWN:
                if event.key in (pygame.K_y, pygame.K_RETURN):
                    self.reset()
                elif event.key in (pygame.K_n, pygame.K_ESCAPE):
                    self.keep()
            return
        if self.back_button.handle_event(event) or self.reset_button.handle_event(event):
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.back()
            elif event.key == pygame.K_UP:
                self.focus = (self.focus - 1) % len(self.ids)
            elif event.key == pygame.K_DOWN:
                self.focus = (self.focus + 1) % len(self.ids)
            elif event.key in (pygame.K_DELETE, pygame.K_r):
                self.ask_reset()
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for i, rect in enumerate(self.row_rects[:len(self.ids)]):
                if rect.collidepoint(event.pos):
                    self.focus = i

    def spoken_focus(self) -> str | None:
        """The game under the focus with its figures, each named by its column ("Whist:
        Played 3, Won 1, ..."), or the reset question."""
        if self.confirming is not None:
            return f"Reset the statistics of {self.titles[self.confirming]}? Y or Enter: reset. N or Escape: keep them."
        cells = self.rows()[self.focus]
        figures = ", ".join(f"{name} {value}" for name, value in zip(COLUMNS[1:], cells[1:]) if value not in ("", "-"))
        return f"{cells[0]}: {figures}, {self.focus + 1} of {len(self.ids)}"

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.s = s = theme.scale_for(size)
        self.line = int(min(40 * s, (size[1] - 260 * s) / (len(self.ids) + 2)))
        width = int(min(1000 * s, size[0] - 40))
        top = int(150 * s)
        self.table_rect = pygame.Rect((size[0] - width) // 2, top - self.line, width, self.line * (len(self.ids) + 2))
        self.row_rects = [pygame.Rect(self.table_rect.left, top + i * self.line, width, self.line)
                          for i in range(len(self.ids) + 1)]
        bottom = self.table_rect.bottom + int(30 * s)
        for b, dx in ((self.reset_button, -130), (self.back_button, 130)):
            b.rect = pygame.Rect(0, 0, int(240 * s), int(50 * s))
            b.rect.midtop = (size[0] // 2 + int(dx * s), bottom)
            b.text_size = max(14, int(20 * s))
        self.confirm_box = box = pygame.Rect(0, 0, int(680 * s), int(200 * s))
        box.center = (size[0] // 2, size[1] // 2)
        for b, dx in ((self.yes_button, -100), (self.no_button, 100)):
            b.rect = pygame.Rect(0, 0, int(170 * s), int(46 * s))
            b.rect.midtop = (box.centerx + int(dx * s), box.top + int(124 * s))
            b.text_size = max(14, int(20 * s))

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt(self.size), (0, 0))
        s = self.s
        blit_centered(surface, render_text("Statistics", int(48 * s), theme.GOLD, bold=True),
                      (self.size[0] // 2, int(60 * s)))
        panel(surface, self.table_rect.inflate(20, 20))
        size = max(12, int(self.line * 0.45))
        widths = WIDTHS
        self._draw_line(surface, COLUMNS, self.table_rect.top, widths, self.heading_size(size), theme.GOLD)
        for i, (cells, rect) in enumerate(zip(self.rows(), self.row_rects)):
            if i == self.focus:
                pygame.draw.rect(surface, (40, 90, 60), rect, border_radius=6)
            colour = theme.GOLD if i == len(self.ids) else theme.INK
            self._draw_line(surface, cells, rect.top, widths, size, colour)
        self.reset_button.draw(surface)
        self.back_button.draw(surface)
        hint = "Up/Down choose a game · R resets its record (after asking) · Esc back"
        blit_centered(surface, fitted(hint, max(12, int(15 * s)), theme.INK_DIM, self.size[0] - 24),
                      (self.size[0] // 2, self.size[1] - int(24 * s)))
        if self.confirming is not None:
            self._draw_confirm(surface)

    def heading_size(self, size: int) -> int:
        """The headings' size: ``size``, or smaller so each keeps a gap before the next column."""
        while size > 10 and any(font(size, bold=True).size(text)[0] > self.table_rect.width * frac - 8
                                for text, frac in zip(COLUMNS, WIDTHS)):
            size -= 1
        return size

    def _draw_line(self, surface: pygame.Surface, cells: tuple[str, ...], top: int,
                   widths: tuple[float, ...], size: int, colour: Color) -> None:
        x = self.table_rect.left + 10
        for cell, frac in zip(cells, widths):
            image = render_text(cell, size, colour, bold=colour == theme.GOLD)
            surface.blit(image, image.get_rect(midleft=(x, top + self.line // 2)))
            x += int(self.table_rect.width * frac)

    def _draw_confirm(self, surface: pygame.Surface) -> None:
        s = self.s
        box = self.confirm_box
        panel(surface, box, fill=theme.OPAQUE_PANEL, edge=theme.DANGER)
        title = self.titles[self.confirming] if self.confirming else ""
        blit_centered(surface, render_text(f"Reset the statistics of {title}?", int(24 * s), theme.INK, bold=True),
                      (box.centerx, box.top + int(44 * s)))
        blit_centered(surface, render_text("Y / Enter: reset    N / Esc: keep them", int(18 * s), theme.INK_DIM),
                      (box.centerx, box.top + int(84 * s)))
        self.yes_button.draw(surface)
        self.no_button.draw(surface)
