"""Playing a card from the viewer's hand with the mouse: click it, or drag it onto the
table's drop zone; a card dropped anywhere else glides back. Shared by the tables whose
hand is a row of ``CardSprite`` (Ninety-Nine, the trick games).

The table provides ``hands``, ``viewer``, ``selected``, ``anim``, ``targets()``,
``drop_rect()`` and ``_choose(sprite)`` (play the card, or ask how to play it)."""

from __future__ import annotations

import math
from typing import Any

import pygame

from app.window.render.table import CardSprite

DRAG_THRESHOLD = 6  # pixels a press may wander and still count as a click


class HandInput:
    hands: list[list[CardSprite]]
    viewer: int
    selected: int
    anim: Any
    drag: CardSprite | None
    hover: CardSprite | None
    drag_from: tuple[float, float]
    press_at: tuple[int, int] | None

    def _card_at(self, pos: tuple[int, int]) -> CardSprite | None:
        """The topmost card of the viewer's hand under ``pos``."""
        if self.viewer >= len(self.hands):
            return None
        for sprite in reversed(self.hands[self.viewer]):
            if sprite.rect().collidepoint(pos):
                return sprite
        return None

    def _press(self, pos: tuple[int, int]) -> None:
        sprite = self._card_at(pos)
        if sprite is None:
            return
        self.selected = self.hands[self.viewer].index(sprite)
        self.drag, self.press_at, self.drag_from = sprite, pos, sprite.pos
        self.anim.cancel(sprite)

    def _motion(self, pos: tuple[int, int]) -> None:
        self.hover = self._card_at(pos)
        if self.drag and self.press_at:
            self.drag.pos = (self.drag_from[0] + pos[0] - self.press_at[0],
                             self.drag_from[1] + pos[1] - self.press_at[1])

    def _release(self, pos: tuple[int, int]) -> None:
        sprite, start = self.drag, self.press_at
        self.drag, self.press_at = None, None
        if sprite is None or start is None:
            return
        moved = math.hypot(pos[0] - start[0], pos[1] - start[1]) > DRAG_THRESHOLD
        if not moved or self.drop_rect().collidepoint(pos):
            self._choose(sprite)
        self.targets()  # a card not played glides back to the hand

    def drop_rect(self) -> pygame.Rect:
        raise NotImplementedError

    def targets(self) -> None:
        raise NotImplementedError

    def _choose(self, sprite: CardSprite) -> None:
        raise NotImplementedError
