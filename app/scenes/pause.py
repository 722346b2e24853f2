"""Esc on a table: resume, rules, restart, or leave to the menu."""

from __future__ import annotations

from typing import Any

import pygame

from app.render.text import render_text
from app.scenes.base import Scene
from app.ui import theme
from app.ui.widgets import Button, ButtonRow, blit_centered, panel, shade_layer


class PauseScene(Scene):
    overlay = True
    name = "pause"

    def __init__(self, app: Any, table: Any) -> None:
        super().__init__(app)
        self.table = table
        self.row = ButtonRow([
            Button("Resume", self.resume, kind="primary"),
            Button("Rules", self.rules),
            Button("Settings", self.settings),
            Button("New game", self.restart),
            Button("Leave to menu", self.leave),
        ], vertical=True)
        self.resize(app.screen.get_size())

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        s = theme.scale_for(size)
        for b in self.row.buttons:
            b.text_size = max(16, int(24 * s))
        self.row.layout((size[0] // 2, size[1] // 2 + int(30 * s)), (int(300 * s), int(52 * s)), int(14 * s))

    def resume(self) -> None:
        self.app.scenes.pop()

    def rules(self) -> None:
        from app.scenes.rules import RulesScene

        self.app.scenes.push(RulesScene(self.app, self.table.session.spec))

    def settings(self) -> None:
        from app.scenes.settings import SettingsScene

        self.app.scenes.push(SettingsScene(self.app))

    def restart(self) -> None:
        self.app.scenes.pop()
        table = type(self.table)(self.app, self.table.session.rematch())
        self.app.scenes.replace(table)

    def leave(self) -> None:
        from app.scenes.menu import MenuScene

        self.app.scenes.reset(MenuScene(self.app))

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.resume()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            self.rules()
        else:
            self.row.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(shade_layer(self.size, theme.SHADE), (0, 0))
        s = theme.scale_for(self.size)
        box = pygame.Rect(0, 0, int(380 * s), int(446 * s))
        box.center = (self.size[0] // 2, self.size[1] // 2)
        panel(surface, box)
        title = render_text("Paused", int(40 * s), theme.GOLD, bold=True)
        blit_centered(surface, title, (box.centerx, box.top + int(42 * s)))
        self.row.draw(surface)
