"""Rows of a form (the setup and settings screens): a label, a value, and a way to change it.

A row that steps through values is drawn as a picker, ‹ value ›; a row that opens a dialog
(``opens``: "Your name", "Keys") is drawn as a button, so nobody expects Left/Right to step it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import pygame

from app.core.words.language import _
from app.window.render.text import font, render_text
from app.window.ui.fit import line_height, shrink_to
from app.window.ui import theme
from app.window.ui.widgets import panel


@dataclass
class Row:
    """One line of the form: a label, the current value as text, and how to change it."""

    label: str
    value: Callable[[], str]
    change: Callable[[int], None]
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    opens: bool = False   # a dialog opens (Enter, Space or a click), nothing is stepped


def spoken_row(row: Row) -> str:
    """A row as a screen reader says it: "Sound volume, 70%, adjustable" (Left and Right
    change it), "Your name, Alex, button"."""
    kind = _("button") if row.opens else _("adjustable")
    return _("{label}, {value}, {kind}", label=row.label, value=row.value(), kind=kind)


def value_rect(row: Row, size: int) -> pygame.Rect:
    """Where the value is drawn, right-aligned in the row (for a button row, its button)."""
    image = render_text(_value_text(row), size, theme.INK, bold=True)
    rect = image.get_rect(midright=(row.rect.right - 18, row.rect.centery))
    return rect.inflate(24, max(4, row.rect.height - image.get_height() - 10)) if row.opens else rect


def _value_text(row: Row) -> str:
    return row.value() if row.opens else f"‹  {row.value()}  ›"


def row_text_size(row: Row, largest: int) -> int:
    """The size the row's words are drawn at: ``largest``, or less where the label and the
    value would not fit side by side in the row (the larger text sizes, a narrow window)."""
    def fits(size: int) -> bool:
        label_w = font(size).size(row.label)[0]
        value_w = font(size, bold=True).size(_value_text(row))[0] + (24 if row.opens else 0)
        return (label_w + value_w + 18 * 2 + 12 <= row.rect.width
                and line_height(size, bold=True) <= row.rect.height)
    return shrink_to(largest, fits)


def draw_row(surface: pygame.Surface, row: Row, focused: bool, size: int) -> None:
    """The label on the left, ‹ value › on the right, gold when it has the focus."""
    size = row_text_size(row, size)
    # The focus is a lighter fill and a ring (not its colour alone), the ring as thick as
    # the theme asks while it leaves the row's words clear.
    ring = max(2, min(theme.focus_width() - 1, row.rect.height // 7))
    panel(surface, row.rect, fill=theme.LIT if focused else theme.ROW,
          edge=theme.GOLD if focused else None, radius=8, width=ring)
    label = render_text(row.label, size, theme.INK_DIM)
    surface.blit(label, label.get_rect(midleft=(row.rect.left + 18, row.rect.centery)))
    value = render_text(_value_text(row), size, theme.GOLD if focused else theme.INK, bold=True)
    if row.opens:   # a button: a framed box, moved in so its frame sits where the text ended
        box = value_rect(row, size).move(-12, 0)
        pygame.draw.rect(surface, theme.QUIET_LIT, box, border_radius=8)
        pygame.draw.rect(surface, theme.GOLD if focused else theme.INK_DIM, box, width=2, border_radius=8)
        surface.blit(value, value.get_rect(center=box.center))
        return
    surface.blit(value, value.get_rect(midright=(row.rect.right - 18, row.rect.centery)))
