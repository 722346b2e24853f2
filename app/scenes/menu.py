"""The first screen: every registered game as a tile, chosen by mouse or keyboard."""

from __future__ import annotations

from typing import Any

import pygame

from app.render.table import CardSprite, SpriteDrawer, felt
from app.render.text import font, render_text, wrap
from app.scenes.base import Scene
from app.ui import theme
from app.ui.widgets import Button, blit_centered, panel
from games.core.cards import Card
from games.registry import GAMES, GameSpec

DEFAULT_COVER = ("AS", "KH", "QD")


class MenuScene(Scene):
    name = "menu"

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.specs: list[GameSpec] = list(GAMES.values())
        self.index = 0
        self.tiles: list[pygame.Rect] = []
        self.quit_button = Button("Quit", app.quit, kind="quiet")
        self.drawer = SpriteDrawer(app.cards, app.settings.card_back)
        self.resize(app.screen.get_size())

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.s = s = theme.scale_for(size)
        self.columns = max(1, min(3, len(self.specs), int(size[0] // (380 * s))))
        tile_w = int(min(360 * s, (size[0] - 80) / self.columns - 20))
        tile_h = int(180 * s)
        top = int(170 * s)
        left = (size[0] - self.columns * (tile_w + 20) + 20) // 2
        self.tiles = []
        for i in range(len(self.specs)):
            row, col = divmod(i, self.columns)
            self.tiles.append(pygame.Rect(left + col * (tile_w + 20), top + row * (tile_h + 20), tile_w, tile_h))
        self.quit_button.rect = pygame.Rect(0, 0, int(140 * s), int(44 * s))
        self.quit_button.rect.bottomright = (size[0] - 20, size[1] - 20)
        self.quit_button.text_size = max(14, int(20 * s))

    def open(self, index: int) -> None:
        from app.scenes.setup import SetupScene

        self.app.scenes.push(SetupScene(self.app, self.specs[index]))

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.quit_button.handle_event(event):
            return
        if event.type == pygame.KEYDOWN:
            self._key(event.key)
        elif event.type == pygame.MOUSEMOTION:
            for i, rect in enumerate(self.tiles):
                if rect.collidepoint(event.pos):
                    self.index = i
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for i, rect in enumerate(self.tiles):
                if rect.collidepoint(event.pos):
                    self.open(i)

    def _key(self, key: int) -> None:
        n = len(self.specs)
        moves = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_UP: -self.columns, pygame.K_DOWN: self.columns}
        if key in moves:
            self.index = max(0, min(n - 1, self.index + moves[key]))
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.open(self.index)
        elif key in (pygame.K_ESCAPE, pygame.K_q):
            self.app.quit()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt(self.size), (0, 0))
        s = self.s
        blit_centered(surface, render_text("Parlour", int(72 * s), theme.GOLD, bold=True),
                      (self.size[0] // 2, int(70 * s)))
        blit_centered(surface, render_text("a collection of card games", int(22 * s), theme.INK_DIM),
                      (self.size[0] // 2, int(122 * s)))
        for i, (spec, rect) in enumerate(zip(self.specs, self.tiles)):
            self._draw_tile(surface, spec, rect, i == self.index)
        hint = "Arrows choose · Enter opens · F11 full screen · Esc quits"
        surface.blit(render_text(hint, max(12, int(16 * s)), theme.INK_DIM), (20, self.size[1] - int(36 * s)))
        self.quit_button.draw(surface)

    def _draw_tile(self, surface: pygame.Surface, spec: GameSpec, rect: pygame.Rect, focused: bool) -> None:
        s = self.s
        panel(surface, rect, edge=theme.GOLD if focused else (70, 110, 85), width=3 if focused else 1)
        cover = spec.extra.get("cover", DEFAULT_COVER)
        width = int(rect.height * 0.42)
        for k, text in enumerate(cover):
            angle = (k - (len(cover) - 1) / 2) * 12
            x = rect.left + int(rect.height * 0.42) + (k - 1) * width * 0.35
            y = rect.centery + abs(k - 1) * 4
            sprite = CardSprite(Card.parse(text), x, y, face_up=True, width=width, angle=-angle)
            self.drawer.draw(surface, sprite)
        text_left = rect.left + int(rect.height * 0.9)
        surface.blit(render_text(spec.title, int(26 * s), theme.GOLD if focused else theme.INK, bold=True),
                     (text_left, rect.top + int(18 * s)))
        surface.blit(render_text(f"{spec.family} · {spec.seat_range}", int(16 * s), theme.INK_DIM),
                     (text_left, rect.top + int(54 * s)))
        y = rect.top + int(84 * s)
        for line in wrap(spec.blurb, font(int(16 * s)), rect.right - text_left - 12)[:4]:
            surface.blit(render_text(line, int(16 * s), theme.INK), (text_left, y))
            y += int(21 * s)
