"""The cards at rest, painted once onto the floor and kept between frames.

A table of fifty cards spent most of each frame blitting cards that had not moved. With
this layer a frame blits one picture and draws only the cards in flight. When cards come
to rest or take flight, only the rectangles they cover are painted again (the floor there,
then every resting card that reaches into them, in order); a new floor or a new style of
cards paints the whole layer again.
"""

from __future__ import annotations

from typing import Callable, Sequence

import pygame

from app.window.render.reuse import copy_into
from app.window.render.table import CardSprite, SpriteDrawer
from app.window.ui import theme
from games.core.cards import Card

# A pile, bottom card first: each sprite with whether it casts a shadow.
Pile = Sequence[tuple[CardSprite, bool]]
# How a sprite was painted: its card, x, y, angle, lift, width, face up, dim, marked, shadow.
Pose = tuple[Card | None, float, float, float, float, float, bool, bool, bool, bool]


def _pose(sprite: CardSprite, shadow: bool) -> Pose:
    """Everything about a sprite that changes how it is drawn."""
    return (sprite.card, sprite.x, sprite.y, sprite.angle, sprite.lift, sprite.width,
            sprite.face_up, sprite.dim, sprite.marked, shadow)


class StillLayer:
    def __init__(self) -> None:
        self.surface: pygame.Surface | None = None
        self.key: tuple[object, ...] = ()   # what the whole layer was painted from
        # id(sprite) -> the pose it was painted in and the rectangle that painting covered
        self.held: dict[int, tuple[Pose, pygame.Rect]] = {}
        self.repaints = 0  # whole-layer paintings, for tests and measurement

    def draw(self, surface: pygame.Surface, drawer: SpriteDrawer, floor: pygame.Surface,
             floor_key: object, piles: Sequence[Pile],
             moving: Callable[[CardSprite], bool]) -> list[tuple[CardSprite, bool]]:
        """Blit the floor and every card at rest onto ``surface``; return the moving cards
        (with their shadow flags), in drawing order, for the caller to draw on top."""
        still = [(sprite, shadow) for pile in piles for sprite, shadow in pile if not moving(sprite)]
        flying = [(sprite, shadow) for pile in piles for sprite, shadow in pile if moving(sprite)]
        key = (floor.get_size(), floor_key, id(floor), id(drawer.renderer), drawer.back, theme.generation)
        if self.surface is None or key != self.key:
            self._repaint(drawer, floor, still)
            self.key = key
        else:
            self._mend(drawer, floor, still)
        assert self.surface is not None  # (painted just now if there was none)
        surface.blit(self.surface, (0, 0))
        return flying

    def _repaint(self, drawer: SpriteDrawer, floor: pygame.Surface,
                 still: list[tuple[CardSprite, bool]]) -> None:
        self.surface = copy_into(self.surface, floor)
        self.held = {}
        for sprite, shadow in still:
            drawer.draw(self.surface, sprite, shadow=shadow)
            self.held[id(sprite)] = (_pose(sprite, shadow), drawer.bounds(sprite, shadow))
        self.repaints += 1

    def _mend(self, drawer: SpriteDrawer, floor: pygame.Surface,
              still: list[tuple[CardSprite, bool]]) -> None:
        """Paint again where a card arrived, left or changed since the last frame."""
        dirty: list[pygame.Rect] = []
        now: dict[int, tuple[Pose, pygame.Rect]] = {}
        for sprite, shadow in still:
            pose = _pose(sprite, shadow)
            was = self.held.get(id(sprite))
            if was is not None and was[0] == pose:
                now[id(sprite)] = was
                continue
            if was is not None:
                dirty.append(was[1])
            now[id(sprite)] = (pose, drawer.bounds(sprite, shadow))
            dirty.append(now[id(sprite)][1])
        dirty += [rect for ident, (_, rect) in self.held.items() if ident not in now]
        self.held = now
        if not dirty:
            return
        assert self.surface is not None
        for area in _merged(dirty):
            self.surface.set_clip(area)
            self.surface.blit(floor, area, area)
            for sprite, shadow in still:
                if now[id(sprite)][1].colliderect(area):
                    drawer.draw(self.surface, sprite, shadow=shadow)
        self.surface.set_clip(None)


def _merged(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """Overlapping rectangles joined, so no card is painted twice over the same place."""
    out: list[pygame.Rect] = []
    for rect in rects:
        rect = rect.copy()
        while (hit := rect.collidelist(out)) != -1:
            rect.union_ip(out.pop(hit))
        out.append(rect)
    return out
