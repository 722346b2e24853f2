"""Esc on a table: resume, rules, restart, or leave to the menu."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from app.core.words.language import _
from app.window.render.text import render_text
from app.window.scenes.base import Scene
from app.window.ui import theme
from app.window.ui.widgets import Button, ButtonRow, panel, shade_layer


if TYPE_CHECKING:
    from app.window.scenes.base import AppServices, TableLike

class PauseScene(Scene):
    overlay = True
    name = "pause"

    def __init__(self, app: AppServices, table: TableLike) -> None:
        super().__init__(app)
        self.table = table
        # A networked game is dealt by the server: no new game from here.
        restart = [] if table.session.kind == "remote" else [Button(_("New game"), self.restart)]
        self.row = ButtonRow([
            Button(_("Resume"), self.resume, kind="primary"),
            Button(_("Rules"), self.rules),
            Button(_("Settings"), self.settings),
            *restart,
            Button(_("Leave to menu"), self.leave),
        ], vertical=True)
        self.resize(app.screen.get_size())

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        s = theme.scale_for(size)
        for b in self.row.buttons:
            b.text_size = max(16, int(24 * s))
        self.row.layout((size[0] // 2, size[1] // 2 + int(30 * s)), (int(300 * s), int(52 * s)), int(14 * s))
        # The box is built around what it holds: the title with clear room above and
        # below it, then the buttons, with the same margin all round.
        self.title = render_text(_("Paused"), int(40 * s), theme.GOLD, bold=True)
        pad = max(18, int(26 * s))
        buttons = self.row.buttons[0].rect.unionall([b.rect for b in self.row.buttons])
        self.title_rect = self.title.get_rect(midbottom=(buttons.centerx, buttons.top - pad))
        self.box = buttons.union(self.title_rect).inflate(2 * pad, 2 * pad)
        self.box.width = max(self.box.width, int(380 * s))
        self.box.centerx = buttons.centerx

    def resume(self) -> None:
        self.app.scenes.pop()

    def rules(self) -> None:
        self.app.nav.rules(self.table.session.spec)

    def settings(self) -> None:
        self.app.nav.settings()

    def restart(self) -> None:
        self.app.scenes.pop()
        self.table.again()

    def leave(self) -> None:
        self.app.nav.menu()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.resume()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            self.rules()
        else:
            self.row.handle_event(event)


    def spoken_focus(self) -> str | None:
        return self.row.spoken()
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(shade_layer(self.size, theme.SHADE), (0, 0))
        # Opaque: a banner on the table under the box must not show through the title.
        panel(surface, self.box, fill=theme.OPAQUE_PANEL)
        surface.blit(self.title, self.title_rect)
        self.row.draw(surface)
