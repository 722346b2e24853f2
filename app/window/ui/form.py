"""Rows of a form (the setup and settings screens): a label, a value, and a way to change it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import pygame

from app.window.render.text import render_text
from app.window.ui import theme
from app.window.ui.widgets import panel


@dataclass
class Row:
    """One line of the form: a label, the current value as text, and how to change it."""

    label: str
    value: Callable[[], str]
    change: Callable[[int], None]
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))


def draw_row(surface: pygame.Surface, row: Row, focused: bool, size: int) -> None:
    """The label on the left, ‹ value › on the right, gold when it has the focus."""
    panel(surface, row.rect, fill=(10, 44, 28, 200) if focused else (10, 40, 26, 120),
          edge=theme.GOLD if focused else None, radius=8)
    label = render_text(row.label, size, theme.INK_DIM)
    surface.blit(label, label.get_rect(midleft=(row.rect.left + 18, row.rect.centery)))
    value = render_text(f"‹  {row.value()}  ›", size, theme.GOLD if focused else theme.INK, bold=True)
    surface.blit(value, value.get_rect(midright=(row.rect.right - 18, row.rect.centery)))
