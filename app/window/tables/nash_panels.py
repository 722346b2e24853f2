"""Pieces of the Nash table that are not cards: a row of value chips (to ask or to guess),
the odds panel for the next mystery card, and the history panel."""

from __future__ import annotations

from functools import lru_cache

import pygame

from app.window.render.text import font, render_text, wrap
from app.window.ui import theme
from app.window.ui.fit import fitted, line_height
from app.window.ui.widgets import blit_centered, panel


def value_label(value: int) -> str:
    return {1: "A", 11: "J", 12: "Q", 13: "K"}.get(value, str(value))


class ValueChips:
    """Round buttons for the values 1..top laid out in a row; some may be greyed out."""

    def __init__(self, top: int) -> None:
        self.values = list(range(1, top + 1))
        self.rects: dict[int, pygame.Rect] = {}
        self.disabled: set[int] = set()
        self.hover: int | None = None
        self.focus: int | None = None
        self.marks: dict[int, str] = {}     # small text under a chip (who guessed it)

    def layout(self, centre: tuple[float, float], size: int) -> None:
        gap = max(4, size // 5)
        total = len(self.values) * size + (len(self.values) - 1) * gap
        left = centre[0] - total / 2
        self.rects = {v: pygame.Rect(round(left + i * (size + gap)), round(centre[1] - size / 2), size, size)
                      for i, v in enumerate(self.values)}

    def bounds(self) -> pygame.Rect:
        rects = list(self.rects.values())
        return rects[0].unionall(rects[1:]) if rects else pygame.Rect(0, 0, 0, 0)

    def at(self, pos: tuple[int, int]) -> int | None:
        for value, rect in self.rects.items():
            if rect.collidepoint(pos) and value not in self.disabled:
                return value
        return None

    def step_focus(self, step: int) -> None:
        live = [v for v in self.values if v not in self.disabled]
        if not live:
            return
        if self.focus not in live:
            self.focus = live[0]
            return
        self.focus = live[(live.index(self.focus) + step) % len(live)]

    def draw(self, surface: pygame.Surface) -> None:
        for value, rect in self.rects.items():
            off = value in self.disabled
            lit = not off and value in (self.hover, self.focus)
            fill = (70, 80, 72) if off else theme.GOLD if lit else theme.BUTTON
            pygame.draw.circle(surface, (0, 0, 0), (rect.centerx, rect.centery + 3), rect.width // 2)
            pygame.draw.circle(surface, fill, rect.center, rect.width // 2)
            pygame.draw.circle(surface, theme.GOLD_DARK if not off else (90, 96, 90), rect.center, rect.width // 2, 2)
            ink = (120, 126, 120) if off else theme.BUTTON_TEXT
            blit_centered(surface, render_text(value_label(value), max(12, int(rect.width * 0.45)), ink, bold=True),
                          rect.center)
            mark = self.marks.get(value)
            if mark:
                image = render_text(mark, max(10, int(rect.width * 0.3)), theme.INK)
                blit_centered(surface, image, (rect.centerx, rect.bottom + image.get_height() * 0.7))


def draw_odds(surface: pygame.Surface, rect: pygame.Rect, odds: dict[int, float], title: str,
              scale: float, actual: int | None = None) -> None:
    """A bar per value: the exact chance that the next mystery card has it. With ``actual``
    (the card has been turned over) its row is framed: what the odds were, and the answer."""
    panel(surface, rect, radius=10)
    size = max(11, int(15 * scale))
    head = fitted(title, size, theme.GOLD, rect.width - 20, bold=True)
    surface.blit(head, (rect.left + 10, rect.top + 8))
    values = sorted(odds)
    top = max(odds.values(), default=0.0) or 1.0
    row_h = (rect.height - head.get_height() - 20) / max(1, len(values))
    label_w = render_text("10", size, theme.INK).get_width() + 8
    bar_left = rect.left + 10 + label_w
    number_w = render_text("100%", max(10, size - 2), theme.INK, bold=True).get_width()
    bar_w = rect.width - 10 - label_w - number_w - 18    # the numbers keep clear of the right edge
    for i, value in enumerate(values):
        y = rect.top + head.get_height() + 14 + i * row_h
        chance = odds[value]
        best = (chance >= top - 1e-9 and chance > 0) if actual is None else value == actual
        if value == actual:
            row = pygame.Rect(rect.left + 4, round(y - row_h * 0.1), rect.width - 8,
                              max(size + 4, round(row_h * 0.9)))
            pygame.draw.rect(surface, theme.GOLD, row, width=2, border_radius=6)
        surface.blit(render_text(value_label(value), size, theme.INK, bold=best), (rect.left + 10, y))
        bar = pygame.Rect(bar_left, round(y + row_h * 0.15), max(1, round(bar_w * chance / top)), max(3, round(row_h * 0.6)))
        pygame.draw.rect(surface, theme.GOLD if best else (120, 170, 130), bar, border_radius=3)
        text = render_text(f"{chance * 100:.0f}%", max(10, size - 2), theme.GOLD if value == actual else theme.INK_DIM,
                           bold=value == actual)
        surface.blit(text, (bar_left + bar_w + 6, y))


def draw_history(surface: pygame.Surface, rect: pygame.Rect, lines: list[str], scale: float) -> None:
    """The latest lines of the game's history (in the player's words already: the table
    renders each event's message), newest at the bottom."""
    panel(surface, rect, radius=10)
    size = max(10, int(14 * scale))
    head = render_text("History", size, theme.GOLD, bold=True)
    surface.blit(head, (rect.left + 10, rect.top + 6))
    line_h = line_height(size) + 2
    room = int((rect.height - head.get_height() - 14) // line_h)
    y = rect.top + head.get_height() + 10
    width = rect.width - 20
    # A long line wraps (its second part indented) rather than lose its end to an ellipsis:
    # in a small window "mystery card 2 is 10♠ (10): closest Rosa" is the part that matters.
    rows = [row for line in lines[-room:] for row in _rows(line, size, width)] if room > 0 else []
    for row in rows[-room:] if room > 0 else []:
        surface.blit(render_text(row, size, theme.INK), (rect.left + 10, y))
        y += line_h


@theme.drawn_in_looks
@lru_cache(maxsize=1024)
def _rows(text: str, size: int, width: int) -> tuple[str, ...]:
    """``text`` as rows no wider than ``width`` pixels, continuation rows indented."""
    first, *rest = wrap(text, font(size), width)
    rest = wrap(" ".join(rest), font(size), width - font(size).size("  ")[0]) if rest else []
    return (first, *("  " + row for row in rest))
