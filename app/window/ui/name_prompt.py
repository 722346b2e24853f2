"""A small box that asks for a line of text (a replay's name): type, Backspace, Enter to
accept, Esc to cancel. ``check`` says why a name cannot be used, and the box stays open
showing that sentence until the name is fixed."""

from __future__ import annotations

from typing import Callable

import pygame

from app.window.render.text import render_text
from app.window.ui import theme
from app.window.ui.text_field import spoken_box
from app.window.ui.widgets import blit_centered, panel

CANCEL = "cancel"


class NamePrompt:
    def __init__(self, title: str, check: Callable[[str], str | None], limit: int = 40,
                 text: str = "") -> None:
        self.title = title
        self.check = check
        self.limit = limit
        self.text = text
        self.opened_with = text   # what the box held as it opened: said then, not as typed
        self.problem = ""

    def handle_event(self, event: pygame.event.Event) -> str | None:
        """Returns the accepted name, :data:`CANCEL`, or ``None`` while still typing."""
        if event.type != pygame.KEYDOWN:
            return None
        if event.key == pygame.K_ESCAPE:
            return CANCEL
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            problem = self.check(self.text)
            if problem:
                self.problem = problem
                return None
            return self.text.strip()
        if event.key == pygame.K_BACKSPACE:
            self.text = self.text[:-1]
        elif event.unicode and event.unicode.isprintable() and len(self.text) < self.limit:
            self.text += event.unicode
        self.problem = ""
        return None

    def spoken(self) -> str:
        """The question and what the box held as it opened; a name refused, with why
        (said at once, as the refusal changes the line)."""
        line = spoken_box(self.title, self.opened_with)
        return f"{self.problem.rstrip('.')}. {line}" if self.problem else line

    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        s = theme.scale_for(size)
        shade = pygame.Surface(size, pygame.SRCALPHA)
        shade.fill(theme.SHADE)
        surface.blit(shade, (0, 0))
        box = pygame.Rect(0, 0, min(int(560 * s), size[0] - 40), int(230 * s))
        box.center = (size[0] // 2, size[1] // 2)
        panel(surface, box, edge=theme.GOLD)
        blit_centered(surface, render_text(self.title, int(28 * s), theme.GOLD, bold=True),
                      (box.centerx, box.top + int(34 * s)))
        field = pygame.Rect(0, 0, box.width - int(60 * s), int(50 * s))
        field.center = (box.centerx, box.top + int(98 * s))
        pygame.draw.rect(surface, theme.FIELD, field, border_radius=8)
        pygame.draw.rect(surface, theme.INK_DIM, field, width=2, border_radius=8)
        typed = render_text(self.text + "_", max(16, int(26 * s)), theme.INK, bold=True)
        area = pygame.Rect(max(0, typed.get_width() - field.width + 24), 0, field.width - 24, typed.get_height())
        surface.blit(typed, typed.get_rect(midleft=(field.left + 12, field.centery)), area)
        line, colour = (self.problem, theme.DANGER) if self.problem else (
            "Enter saves · Esc cancels", theme.INK_DIM)
        blit_centered(surface, render_text(line, max(13, int(17 * s)), colour, bold=bool(self.problem)),
                      (box.centerx, box.bottom - int(40 * s)))
