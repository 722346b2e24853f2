"""A small box that asks before something that cannot be taken back (giving up a deal,
quitting, replacing an unfinished game): one key must never lose a game by accident.

Enter or Y says yes, Esc or N says no, and the two buttons do the same by mouse. While it is
open the scene hands it every event and nothing else on screen acts.
"""

from __future__ import annotations

import pygame

from app.core.words.language import _
from app.window.render.text import render_text
from app.window.ui import theme
from app.window.ui.widgets import Button, blit_centered, panel, shade_layer

YES_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_y)
NO_KEYS = (pygame.K_ESCAPE, pygame.K_n)


class Confirm:
    """Asks ``question``; :meth:`handle_event` returns True (yes), False (no) or ``None``
    (not answered yet)."""

    def __init__(self, question: str, yes: str, no: str, detail: str = "") -> None:
        self.question = question
        self.detail = detail
        self.answer: bool | None = None
        self.yes_button = Button(yes, lambda: self._answer(True), kind="primary")
        self.no_button = Button(no, lambda: self._answer(False))

    def _answer(self, value: bool) -> None:
        self.answer = value

    def spoken(self) -> str:
        """The box as a screen reader says it: the question, and the keys that answer."""
        detail = f" {self.detail}" if self.detail else ""
        return _("{question}{detail} Enter: {yes}. Escape: {no}.", question=self.question, detail=detail,
                 yes=self.yes_button.label, no=self.no_button.label)

    def handle_event(self, event: pygame.event.Event) -> bool | None:
        if event.type == pygame.KEYDOWN:
            if event.key in YES_KEYS:
                return True
            if event.key in NO_KEYS:
                return False
            return None
        self.answer = None
        for button in (self.yes_button, self.no_button):
            if button.handle_event(event):
                break
        return self.answer

    def layout(self, size: tuple[int, int]) -> pygame.Rect:
        """The box, centred, and its buttons, sized for the window (called on every draw, so
        a resize never leaves the buttons where the box was)."""
        s = theme.scale_for(size)
        box = pygame.Rect(0, 0, min(int(620 * s), size[0] - 40), int(210 * s))
        box.center = (size[0] // 2, size[1] // 2)
        width, gap = min(int(220 * s), (box.width - int(60 * s)) // 2), int(20 * s)
        for button, side in ((self.yes_button, -1), (self.no_button, 1)):
            button.rect = pygame.Rect(0, 0, width, int(46 * s))
            button.rect.midtop = (box.centerx + side * (width + gap) // 2, box.top + int(130 * s))
            button.text_size = max(14, int(20 * s))
        return box

    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        s = theme.scale_for(size)
        box = self.layout(size)
        surface.blit(shade_layer(size), (0, 0))
        panel(surface, box, fill=theme.OPAQUE_PANEL, edge=theme.GOLD)
        blit_centered(surface, render_text(self.question, max(16, int(26 * s)), theme.INK, bold=True),
                      (box.centerx, box.top + int(40 * s)))
        keys = _("Enter or Y: yes · Esc or N: no")
        blit_centered(surface, render_text(self.detail or keys, max(12, int(17 * s)), theme.INK_DIM),
                      (box.centerx, box.top + int(82 * s)))
        if self.detail:
            blit_centered(surface, render_text(keys, max(12, int(15 * s)), theme.INK_DIM),
                          (box.centerx, box.top + int(108 * s)))
        self.yes_button.draw(surface)
        self.no_button.draw(surface)
