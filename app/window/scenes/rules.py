"""F1: the game's rules in the project's own words, scrollable."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from app.window.render.text import font, px, render_text, wrap
from app.window.scenes.base import Scene
from app.window.ui import theme
from app.window.ui.widgets import blit_centered, panel, shade_layer


if TYPE_CHECKING:
    from app.window.scenes.base import AppServices
    from games.registry import GameSpec

LISTENING_KEYS = ("Listening (Speak aloud in Settings, or a screen reader): at the table F2 says your hand "
                  "suit by suit, F3 the cards on the table, F4 the score, F5 whose turn, F6 the last line again; "
                  "arrow keys say the card or place they move to.")


class RulesScene(Scene):
    overlay = True
    name = "rules"

    def __init__(self, app: AppServices, spec: GameSpec) -> None:
        super().__init__(app)
        self.spec = spec
        self.scroll = 0
        self.resize(app.screen.get_size())

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        s = theme.scale_for(size)
        self.text_size = max(14, int(19 * s))
        self.box = pygame.Rect(0, 0, min(int(900 * s), size[0] - 40), size[1] - int(80 * s))
        self.box.center = (size[0] // 2, size[1] // 2)
        body = self.spec.rules_text.split("\n", 1)[-1] if "\n" in self.spec.rules_text else self.spec.rules_text
        self.lines = wrap(body.strip() + "\n\n" + LISTENING_KEYS, font(self.text_size), self.box.width - 60)
        self.line_height = int(px(self.text_size) * 1.45)
        self.visible = max(1, (self.box.height - int(110 * s)) // self.line_height)
        self.scroll = min(self.scroll, self.max_scroll)

    def spoken_focus(self) -> str | None:
        """The rules read line by line: the title and first line on opening, then the line
        at the top as Up and Down move through them."""
        first = self.lines[self.scroll] if self.lines else ""
        return f"How to play {self.spec.title}. {first}" if self.scroll == 0 else first

    @property
    def max_scroll(self) -> int:
        return max(0, len(self.lines) - self.visible)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_F1, pygame.K_RETURN, pygame.K_SPACE):
                self.app.scenes.pop()
            elif event.key in (pygame.K_DOWN, pygame.K_j):
                self.scroll = min(self.max_scroll, self.scroll + 1)
            elif event.key in (pygame.K_UP, pygame.K_k):
                self.scroll = max(0, self.scroll - 1)
            elif event.key == pygame.K_PAGEDOWN:
                self.scroll = min(self.max_scroll, self.scroll + self.visible)
            elif event.key == pygame.K_PAGEUP:
                self.scroll = max(0, self.scroll - self.visible)
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(self.max_scroll, self.scroll - event.y * 2))
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.app.scenes.pop()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(shade_layer(self.size, theme.SHADE), (0, 0))
        panel(surface, self.box, fill=theme.PAPER, edge=theme.GOLD_DARK, width=theme.focus_width() - 1)
        s = theme.scale_for(self.size)
        title = render_text(f"How to play {self.spec.title}", int(30 * s), theme.PAPER_TITLE, bold=True)
        blit_centered(surface, title, (self.box.centerx, self.box.top + int(34 * s)))
        y = self.box.top + int(70 * s)
        for line in self.lines[self.scroll:self.scroll + self.visible]:
            surface.blit(render_text(line, self.text_size, theme.PAPER_INK), (self.box.left + 30, y))
            y += self.line_height
        more = "↑↓ scroll · " if self.max_scroll else ""
        foot = render_text(more + "Esc, F1 or click to close", max(12, int(15 * s)), theme.PAPER_DIM)
        blit_centered(surface, foot, (self.box.centerx, self.box.bottom - int(22 * s)))
