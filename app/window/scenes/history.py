"""L at a reflex table: the history over the table, with the game stopped.

A turn-based table shows its history beside the play (L toggles it); a reflex game cannot
go on under a panel that covers it, so there the history is an overlay, like the pause:
the table beneath does not update until it is closed (L, Esc or a click), and then counts
down again as after a pause."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from app.window.render.text import render_text
from app.window.scenes.base import Scene
from app.window.ui import theme
from app.window.ui.widgets import panel, shade_layer


if TYPE_CHECKING:
    from app.window.scenes.base import AppServices, TableLike

class HistoryScene(Scene):
    overlay = True
    name = "history"

    def __init__(self, app: AppServices, table: TableLike) -> None:
        super().__init__(app)
        self.table = table
        self.size = app.screen.get_size()

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size

    def handle_event(self, event: pygame.event.Event) -> None:
        closing = (event.type == pygame.KEYDOWN and event.key in (pygame.K_l, pygame.K_ESCAPE, pygame.K_RETURN)
                   or event.type == pygame.MOUSEBUTTONUP and event.button == 1)
        if closing and self.app.scenes.top is self:
            self.app.scenes.pop()

    def spoken_focus(self) -> str | None:
        return f"{self.table.spoken_history()} Game stopped while you read: L to go on."

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(shade_layer(self.size, (0, 0, 0, 90)), (0, 0))
        self.table.draw_log(surface)
        rect = self.table.history_layout()[0]
        s = theme.scale_for(self.size)
        note = render_text("Game stopped while you read · L to go on", max(12, int(14 * s)), theme.GOLD)
        spot = note.get_rect(topleft=(rect.left + 10, rect.bottom + 10))
        panel(surface, spot.inflate(16, 8), radius=8)
        surface.blit(note, spot)
