"""A one-line box to type in (an address, a join code): its label above, what is typed,
a cursor while it has the focus. Typing, Backspace, and Ctrl+V to paste."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import pygame

from app.window.render.text import render_text
from app.window.ui import clipboard, theme


@dataclass
class TextField:
    label: str
    text: str = ""
    limit: int = 60
    keep: Callable[[str], str] = lambda c: c
    """What a typed character becomes ("" drops it): a code keeps letters and digits, in capitals."""
    placeholder: str = ""
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    heard: str | None = None
    """What the box held when the focus came to it (None: the focus is elsewhere)."""

    def spoken(self) -> str:
        """The box as a screen reader says it when the focus comes: its label and what it
        holds then ("Code, edit text, empty"). The same while the player types, so the
        speech does not spell each letter back; said afresh when the focus returns."""
        if self.heard is None:
            self.heard = self.text
        return spoken_box(self.label, self.heard)

    def type_key(self, event: pygame.event.Event) -> bool:
        """A key typed into the box; True when it changed or used it."""
        if event.key == pygame.K_BACKSPACE:
            self.text = self.text[:-1]
            return True
        if event.key == pygame.K_v and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            self.add(clipboard.paste())
            return True
        if event.unicode and event.unicode.isprintable():
            self.add(event.unicode)
            return True
        return False

    def add(self, typed: str) -> None:
        kept = "".join(self.keep(c) for c in typed if c.isprintable())
        self.text = (self.text + kept)[:self.limit]

    def draw(self, surface: pygame.Surface, focused: bool, size: int) -> None:
        label = render_text(self.label, max(12, int(size * 0.7)), theme.GOLD if focused else theme.INK_DIM, bold=True)
        surface.blit(label, label.get_rect(bottomleft=(self.rect.left + 4, self.rect.top - 4)))
        pygame.draw.rect(surface, theme.FIELD, self.rect, border_radius=8)
        pygame.draw.rect(surface, theme.GOLD if focused else theme.INK_DIM, self.rect, width=2, border_radius=8)
        shown = self.text + ("_" if focused else "")
        image = render_text(shown or self.placeholder, size, theme.INK if shown else theme.INK_DIM, bold=bool(shown))
        room = self.rect.width - 24
        # A long entry shows its end, where the typing is.
        area = pygame.Rect(max(0, image.get_width() - room), 0, room, image.get_height())
        surface.blit(image, image.get_rect(midleft=(self.rect.left + 12, self.rect.centery)), area)


def spoken_box(label: str, text: str) -> str:
    """A box to type in, said: "Address, edit text, 192.168.1.5:8765" ("empty" when it is)."""
    return f"{label}, edit text, {text or 'empty'}"
