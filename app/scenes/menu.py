"""The first screen: every registered game as a tile, chosen by mouse or keyboard."""

from __future__ import annotations

from typing import Any

import pygame

from app.render.table import CardSprite, SpriteDrawer, felt
from app.render.text import font, render_text
from app.scenes.base import Scene
from app.ui import theme
from app.ui.blurb import LEADING, fit_blurb
from app.ui.fit import fit_title, pack_items
from app.ui.widgets import Button, blit_centered, panel
from games.core.cards import Card
from games.registry import GAMES, GameSpec

DEFAULT_COVER = ("AS", "KH", "QD")


class MenuScene(Scene):
    name = "menu"

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.specs: list[GameSpec] = list(GAMES.values())
        # Back from a game, the focus is on the game just played (Enter plays it again).
        self.index = min(getattr(app, "menu_focus", 0), len(self.specs) - 1)
        self.tiles: list[pygame.Rect] = []
        self.quit_button = Button("Quit", app.quit, kind="quiet")
        self.stats_button = Button("Statistics", self.open_stats, kind="quiet")
        self.settings_button = Button("Settings", self.open_settings, kind="quiet")
        self.replays_button = Button("Replays", self.open_replays, kind="quiet")
        self.continue_button = Button("Continue", self.continue_game, kind="primary")
        self.saved: Any = None
        self._look_for_saved_game()
        self.drawer = SpriteDrawer(app.cards, app.settings.card_back)
        self.resize(app.screen.get_size())

    def on_enter(self) -> None:
        # The settings screen may have changed how cards look.
        self.drawer = SpriteDrawer(self.app.cards, self.app.settings.card_back)
        self._look_for_saved_game()

    def _look_for_saved_game(self) -> None:
        """Offer "Continue <game>" when a game was left unfinished (see app.resume)."""
        from app import resume, storage

        self.saved = resume.peek()
        for line in storage.take_notices():
            self.app.notify(line, 6.0)
        if self.saved is not None:
            self.continue_button.label = f"Continue {self.saved.spec.title}"
            s = theme.scale_for(self.app.screen.get_size())
            self.continue_button.text_size = max(14, int(20 * s))
            width = font(self.continue_button.text_size, bold=True).size(self.continue_button.label)[0]
            self.continue_button.rect = pygame.Rect(0, 0, width + int(40 * s), int(44 * s))
            self.continue_button.rect.topright = (self.app.screen.get_width() - 20, 20)

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.s = s = theme.scale_for(size)
        gap = int(16 * s)
        # Tiles at least 230 pixels wide: text has a smallest size, so a small window gets
        # fewer, wider tiles rather than four with titles and blurbs squeezed into slivers.
        self.columns = max(1, min(4, len(self.specs), int((size[0] - 40) // max(300 * s, 230))))
        rows = -(-len(self.specs) // self.columns)
        top = int(150 * s)
        room = size[1] - top - int(80 * s)
        tile_w = int(min(380 * s, (size[0] - 40) / self.columns - gap))
        tile_h = int(max(90 * s, min(180 * s, room / rows - gap)))
        left = (size[0] - self.columns * (tile_w + gap) + gap) // 2
        self.tiles = []
        for i in range(len(self.specs)):
            row, col = divmod(i, self.columns)
            self.tiles.append(pygame.Rect(left + col * (tile_w + gap), top + row * (tile_h + gap), tile_w, tile_h))
        right = size[0] - 20
        for button in (self.quit_button, self.settings_button, self.stats_button, self.replays_button):
            button.rect = pygame.Rect(0, 0, int(140 * s), int(44 * s))
            button.rect.bottomright = (right, size[1] - 20)
            button.text_size = max(14, int(20 * s))
            right = button.rect.left - 12
        self.continue_button.rect.topright = (size[0] - 20, 20)

    def open_stats(self) -> None:
        from app.scenes.stats import StatsScene

        self.app.scenes.push(StatsScene(self.app))

    def open_replays(self) -> None:
        from app.scenes.replay_list import ReplaysScene

        self.app.scenes.push(ReplaysScene(self.app))

    def continue_game(self) -> None:
        """Rebuild the unfinished game from its actions and sit back down at its table."""
        from app import resume, storage
        from app.tables import table_for

        session = resume.resume()
        for line in storage.take_notices():
            self.app.notify(line, 6.0)
        if session is None:
            self._look_for_saved_game()
            return
        table = table_for(session.spec.id)(self.app, session)
        self.app.scenes.push(table)
        table.resize(self.app.screen.get_size())

    def open_settings(self) -> None:
        from app.scenes.settings import SettingsScene

        self.app.scenes.push(SettingsScene(self.app))

    def open(self, index: int) -> None:
        from app.scenes.setup import SetupScene

        self.app.menu_focus = index
        self.app.scenes.push(SetupScene(self.app, self.specs[index]))

    def handle_event(self, event: pygame.event.Event) -> None:
        for button in (self.quit_button, self.stats_button, self.settings_button, self.replays_button,
                       *([self.continue_button] if self.saved is not None else [])):
            if button.handle_event(event):
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
        elif key == pygame.K_s:
            self.open_stats()
        elif key == pygame.K_o:
            self.open_settings()
        elif key == pygame.K_r:
            self.open_replays()
        elif key == pygame.K_c and self.saved is not None:
            self.continue_game()

    def draw(self, surface: pygame.Surface) -> None:
        # The felt, the title and the tiles change only with the focus, the window size or
        # the settings (how cards and ring cards look): drawn once, then copied each frame,
        # which saves re-wrapping ten blurbs and drawing thirty cards sixty times a second.
        key = (self.size, self.index, self.drawer, self.drawer.renderer, self.drawer.back,
               tuple(map(tuple, self.tiles)), repr(self.app.settings))
        if getattr(self, "_backdrop", (None, None))[0] != key:
            self._draw_backdrop(surface)
            self._backdrop = (key, surface.copy())
        else:
            surface.blit(self._backdrop[1], (0, 0))
        size, lines = self.hint_lines()
        bottom = self.replays_button.rect.centery + len(lines) * (size + 4) // 2
        for k, line in enumerate(lines):
            surface.blit(render_text(line, size, theme.INK_DIM), (20, bottom - (len(lines) - k) * (size + 4)))
        for button in (self.quit_button, self.stats_button, self.settings_button, self.replays_button):
            button.draw(surface)
        if self.saved is not None:
            self.continue_button.draw(surface)

    def hint_lines(self) -> tuple[int, list[str]]:
        """The keys, left of the buttons: one line, a point or two smaller if that is what
        it takes, else two lines broken between items (never inside "S statistics")."""
        items = ["Arrows choose", "Enter opens", *(["C continue"] if self.saved is not None else []),
                 "R replays", "S statistics", "O settings", "Esc quits"]
        room = self.replays_button.rect.left - 40
        largest = max(12, int(16 * self.s))
        for size in range(largest, max(12, largest - 2) - 1, -1):
            lines = pack_items(items, size, room)
            if len(lines) == 1:
                return size, lines
        return largest, pack_items(items, largest, room)[:2]

    def _draw_backdrop(self, surface: pygame.Surface) -> None:
        surface.blit(felt(self.size), (0, 0))
        s = self.s
        blit_centered(surface, render_text("Parlour", int(72 * s), theme.GOLD, bold=True),
                      (self.size[0] // 2, int(70 * s)))
        blit_centered(surface, render_text("a collection of card games", int(22 * s), theme.INK_DIM),
                      (self.size[0] // 2, int(122 * s)))
        for i, (spec, rect) in enumerate(zip(self.specs, self.tiles)):
            self._draw_tile(surface, spec, rect, i == self.index)

    @staticmethod
    def _cover_width(rect: pygame.Rect) -> int:
        return max(30, int(min(rect.height * 0.5, rect.width * 0.16)))

    def text_area(self, rect: pygame.Rect) -> tuple[int, int]:
        """Where a tile's words start (x) and how wide they may be, right of its cover cards."""
        text_left = rect.left + 22 + int(self._cover_width(rect) * 1.9)
        return text_left, rect.right - text_left - 10

    def tile_title(self, spec: GameSpec, rect: pygame.Rect) -> tuple[list[str], int]:
        """A tile's title as one or two lines, and its size, fitted to the tile."""
        return fit_title(spec.title, int(min(26 * self.s, rect.height * 0.17)), self.text_area(rect)[1])

    def _draw_tile(self, surface: pygame.Surface, spec: GameSpec, rect: pygame.Rect, focused: bool) -> None:
        s = self.s
        panel(surface, rect, edge=theme.GOLD if focused else (70, 110, 85), width=3 if focused else 1)
        cover = spec.extra.get("cover", DEFAULT_COVER)
        width = self._cover_width(rect)
        for k, text in enumerate(cover):
            angle = (k - (len(cover) - 1) / 2) * 12
            x = rect.left + 14 + width * 0.8 + (k - 1) * width * 0.33
            y = rect.centery + abs(k - 1) * 4
            if isinstance(text, tuple):   # a ring card (Nails), drawn by its own renderer
                from app.render.nails import ring_card

                blit_centered(surface, ring_card(text, int(width * 1.3)), (x, y - 8 + (k - 1) * width * 0.12))
                continue
            sprite = CardSprite(Card.parse(text), x, y, face_up=True, width=width, angle=-angle)
            self.drawer.draw(surface, sprite)
        text_left, room = self.text_area(rect)
        titles, title_size = self.tile_title(spec, rect)
        y = rect.top + int(rect.height * 0.09)
        for line in titles:   # a long title goes on two lines rather than shrink to a speck
            surface.blit(render_text(line, title_size, theme.GOLD if focused else theme.INK, bold=True), (text_left, y))
            y += title_size + (2 if len(titles) > 1 else 0)
        blurb_size = small = max(11, int(min(16 * s, rect.height * 0.1)))
        kind = f"{spec.family} · {spec.seat_range}"
        while small > 10 and font(small).size(kind)[0] > room:
            small -= 1
        if font(small).size(kind)[0] > room:
            kind = spec.seat_range   # (the family is said by the cards and the blurb too)
        surface.blit(render_text(kind, small, theme.INK_DIM), (text_left, y + 6))
        y += small + 16
        # The blurb keeps its own size (a long family line does not shrink it) and is shown
        # whole, or as whole sentences, rather than cut mid-phrase.
        size, shown = fit_blurb(spec.blurb, blurb_size, room, rect.bottom - 8 - y)
        for line in shown:
            surface.blit(render_text(line, size, theme.INK), (text_left, y))
            y += size + LEADING
