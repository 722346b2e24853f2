"""The in-table question "how does this card count?" for Ninety-Nine's Ace and Ten: a small
panel over the card with one button per legal value (mouse, arrows + Enter, or 1/2)."""

from __future__ import annotations

from typing import Any

import pygame

from app.core.words.render import render
from app.window.render.table import CardSprite
from app.window.render.text import render_text
from app.window.ui import theme
from app.window.ui.widgets import Button, ButtonRow, blit_centered, panel
from games.core.words import T
from games.ninety_nine.rules import new_count


class ValuePrompt:
    def __init__(self, actions: list[Any], count: int, sprite: CardSprite, scale: float) -> None:
        self.actions = actions
        self.chosen: Any = None
        assert sprite.card is not None, "a face-down card has no value to choose"
        self.card = sprite.card
        buttons = [Button(self._label(a, count), self._pick(a), text_size=max(14, int(20 * scale)), kind="primary")
                   for a in actions]
        self.row = ButtonRow(buttons)
        w, h = int(150 * scale), int(46 * scale)
        centre = (int(sprite.x), int(sprite.y - sprite.width * 1.4 - h))
        self.row.layout(centre, (w, h), int(12 * scale))
        left = min(b.rect.left for b in buttons)
        right = max(b.rect.right for b in buttons)
        self.rect = pygame.Rect(left - 14, buttons[0].rect.top - int(34 * scale), right - left + 28,
                                h + int(48 * scale))
        self.scale = scale

    @staticmethod
    def _label(action: Any, count: int) -> str:
        shown = f"{action.value:+d}" if abs(action.value) == 10 else str(action.value)
        return f"{shown}  → {new_count(action.card, count, action.value)}"

    def _pick(self, action: Any) -> Any:
        def pick() -> None:
            self.chosen = action
        return pick

    def handle_event(self, event: pygame.event.Event) -> Any:
        """Returns the chosen action, "cancel", or None while still open."""
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE or event.key == pygame.K_DOWN:
                return "cancel"
            if pygame.K_1 <= event.key < pygame.K_1 + len(self.actions):
                return self.actions[event.key - pygame.K_1]
        if event.type == pygame.MOUSEBUTTONUP and event.button == 3:
            return "cancel"
        self.row.handle_event(event)
        if self.chosen is None and event.type == pygame.MOUSEBUTTONUP and event.button == 1 \
                and not self.rect.collidepoint(event.pos):
            return "cancel"
        return self.chosen

    def question(self) -> str:
        """The prompt's title in a player's words: "Count A♠ as"."""
        return render(T("Count {card} as", card=self.card))

    def draw(self, surface: pygame.Surface) -> None:
        panel(surface, self.rect)
        title = render_text(self.question(), max(12, int(18 * self.scale)), theme.GOLD, bold=True)
        blit_centered(surface, title, (self.rect.centerx, self.rect.top + int(18 * self.scale)))
        self.row.draw(surface)
