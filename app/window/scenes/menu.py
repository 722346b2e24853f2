"""The first screen: every registered game as a tile, chosen by mouse or keyboard."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from app.core.words.language import N_, _, current
from app.window.render.table import SpriteDrawer, felt
from app.window.render.text import font, px, render_text
from app.window.render.tiles import tile_art
from app.window.scenes.base import Scene
from app.window.ui import theme
from app.window.ui.confirm import Confirm
from app.window.ui.blurb import LEADING, fit_blurb
from app.window.ui.fit import fit_title, pack_items, shrink_to
from app.window.ui.widgets import Button, blit_centered, panel
from games.registry import GAMES, GameSpec

if TYPE_CHECKING:
    from app.core.kept_seats import KeptSeat
    from app.core.replay_file import Replay
    from app.window.scenes.base import AppServices
    from app.window.ui.name_prompt import NamePrompt

DEFAULT_COVER = ("AS", "KH", "QD")
SUBTITLE = N_("a collection of card games")


class MenuScene(Scene):
    name = "menu"

    def __init__(self, app: AppServices) -> None:
        super().__init__(app)
        self.specs: list[GameSpec] = list(GAMES.values())
        # Back from a game, the focus is on the game just played (Enter plays it again).
        self.index = min(app.menu_focus, len(self.specs) - 1)
        self.hover: int | None = None   # the tile under the mouse, lit up
        self.keyboard = True   # the keys have the light (the focus shows), not the mouse
        self.tiles: list[pygame.Rect] = []
        self.quit_button = Button("", app.quit, kind="quiet")
        self.stats_button = Button("", self.open_stats, kind="quiet")
        self.settings_button = Button("", self.open_settings, kind="quiet")
        self.replays_button = Button("", self.open_replays, kind="quiet")
        self.continue_button = Button("", self.continue_game, kind="primary")
        self.online_button = Button("", self.open_online)
        self.back_button = Button("", self.back_to_table, kind="primary")
        self._label_buttons()
        self.saved: Replay | None = None
        self.kept_seat: KeptSeat | None = None      # a networked seat to go back to (app/core/kept_seats.py)
        self._look_for_saved_game()
        self.name_prompt = self._first_run_prompt()
        self.quitting: Confirm | None = None   # "Quit Parlour?" while it is asked
        self.drawer = SpriteDrawer(app.cards, app.settings.card_back)
        self.resize(app.screen.get_size())

    def on_enter(self) -> None:
        # The settings screen may have changed how cards look, and the language.
        self.drawer = SpriteDrawer(self.app.cards, self.app.settings.card_back)
        self._label_buttons()
        self._look_for_saved_game()

    def _label_buttons(self) -> None:
        """The buttons' words in the player's language (again on coming back from Settings)."""
        self.quit_button.label = _("Quit")
        self.stats_button.label = _("Statistics")
        self.settings_button.label = _("Settings")
        self.replays_button.label = _("Replays")
        self.continue_button.label = _("Continue")
        self.online_button.label = _("Play online")
        self.back_button.label = _("Back to your table")

    def _first_run_prompt(self) -> NamePrompt | None:
        """A new player is asked their name once (the table's plates and results use it;
        Settings changes it). Enter with nothing typed skips it: the seat is "Player 1"."""
        from app.window.ui.name_prompt import NamePrompt
        from app.core.words.names import NAME_LIMIT, name_problem

        if not self.app.asks_name:
            return None
        self.app.asks_name = False
        return NamePrompt(_("Welcome! What is your name?"), name_problem, NAME_LIMIT)

    def _name_input(self, prompt: NamePrompt, event: pygame.event.Event) -> None:
        from app.window.ui.name_prompt import CANCEL
        from app.core.words.names import clean_name

        answer = prompt.handle_event(event)
        if answer is None:
            return
        self.name_prompt = None
        if answer != CANCEL:
            self.app.settings.player_name = clean_name(answer)
        self.app.settings.asked_name = True
        self.app.save_settings()

    def _look_for_saved_game(self) -> None:
        """Offer "Continue <game>" when a game was left unfinished (see app.core.resume)."""
        from app.core import resume, storage

        self.saved = resume.peek()
        self.kept_seat = self._kept_seat()
        for line in storage.take_notices():
            self.app.notify(line, 6.0)
        if self.saved is not None:
            self.continue_button.label = _("Continue {game}", game=self.saved.spec.title)
            s = theme.scale_for(self.app.screen.get_size())
            self.continue_button.text_size = max(14, int(20 * s))
            width = font(self.continue_button.text_size, bold=True).size(self.continue_button.label)[0]
            self.continue_button.rect = pygame.Rect(0, 0, width + int(40 * s), int(44 * s))
            self.continue_button.rect.topright = (self.app.screen.get_width() - 20, 20)
        if hasattr(self, "size"):
            self.resize(self.size)   # (the top row moves up with a table to go back to)

    @staticmethod
    def _kept_seat() -> KeptSeat | None:
        """Offer "Back to <game> at <code>" when the app closed while a networked game was on."""
        from app.core import kept_seats

        return kept_seats.latest()

    def _place_back_button(self) -> None:
        """Under Play online (both are about tables across machines), clear of the title and
        of the tiles: the pair moves up a little when the window is short, and the label says
        only "Back to your table" when the table's name would reach the title."""
        if self.kept_seat is None:
            return
        s, button = self.s, self.back_button
        button.text_size = max(14, int(20 * s))
        measure = font(button.text_size, bold=True)
        title_left = self.size[0] // 2 - max(font(int(72 * s), bold=True).size("Parlour")[0],
                                             font(int(22 * s)).size(_(SUBTITLE))[0]) // 2
        room = title_left - 20 - 12 - int(40 * s)
        button.label = _("Back to {game}", game=self.kept_seat.title)
        if measure.size(button.label)[0] > room:
            button.label = _("Back to your table")
        height, gap = int(44 * s), int(10 * s)
        top = 20
        while top > 8 and top + 2 * height + gap > self.header_height() - 8:   # (tiles start there)
            top -= 2
        self.online_button.rect.top = self.continue_button.rect.top = top
        button.rect = pygame.Rect(20, self.online_button.rect.bottom + gap, measure.size(button.label)[0] + int(40 * s), height)

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.s = s = theme.scale_for(size)
        gap = int(16 * s)
        # Tiles at least 230 pixels wide: text has a smallest size, so a small window gets
        # fewer, wider tiles rather than four with titles and blurbs squeezed into slivers.
        self.columns = max(1, min(4, len(self.specs), int((size[0] - 40) // max(300 * s, 230))))
        rows = -(-len(self.specs) // self.columns)
        top = self.header_height()
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
            button.text_size = max(14, int(20 * s))
            # As wide as its word needs (German's are long), never narrower than the English.
            width = font(button.text_size, bold=True).size(button.label)[0] + int(28 * s)
            button.rect = pygame.Rect(0, 0, max(int(140 * s), width), int(44 * s))
            button.rect.bottomright = (right, size[1] - 20)
            right = button.rect.left - 12
        self.continue_button.rect.topright = (size[0] - 20, 20)
        self.online_button.text_size = max(14, int(20 * s))
        width = font(self.online_button.text_size, bold=True).size(self.online_button.label)[0]
        self.online_button.rect = pygame.Rect(20, 20, width + int(40 * s), int(44 * s))
        self._place_back_button()

    def notice_area(self) -> pygame.Rect | None:
        """The grid's empty cells after the last tile (eleven games leave one), so a notice
        ("settings could not be read") covers neither the title nor a game."""
        last = self.tiles[-1] if self.tiles else None
        if last is None or len(self.tiles) % self.columns == 0:
            return None
        gap = int(16 * self.s)
        right = self.tiles[self.columns - 1].right
        return pygame.Rect(last.right + gap, last.top, right - last.right - gap, last.height)

    def header_height(self) -> int:
        """Where the tiles start: under the title, which a short window keeps small."""
        return int(150 * self.s) if self.size[1] >= 700 else int(130 * self.s)

    def open_stats(self) -> None:
        self.app.nav.stats()

    def open_replays(self) -> None:
        self.app.nav.replays()

    def continue_game(self) -> None:
        """Rebuild the unfinished game from its actions and sit back down at its table."""
        from app.core import resume, storage

        session = resume.resume()
        for line in storage.take_notices():
            self.app.notify(line, 6.0)
        if session is None:
            self._look_for_saved_game()
            return
        self.app.nav.table(session)

    def back_to_table(self) -> None:
        """Sit down again at the networked table the app was closed at."""
        if self.kept_seat is not None:
            self.app.nav.back_to_table(self.kept_seat)

    def open_online(self) -> None:
        self.app.nav.online()

    def open_settings(self) -> None:
        self.app.nav.settings()

    def open(self, index: int) -> None:
        self.app.menu_focus = index
        self.app.nav.setup(self.specs[index])

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.name_prompt is not None:
            self._name_input(self.name_prompt, event)
            return
        if self.quitting is not None:
            answer = self.quitting.handle_event(event)
            if answer is not None:
                self.quitting = None
                if answer:
                    self.app.quit()
            return
        for button in self.buttons():
            if button.handle_event(event):
                return
        if event.type == pygame.KEYDOWN:
            self._key(event.key)
        elif event.type == pygame.MOUSEMOTION:
            # The mouse lights the tile under it but never moves the keyboard's focus (tiles
            # slide under a still mouse when the window is resized): one tile is lit at a time.
            self.hover = next((i for i, rect in enumerate(self.tiles) if rect.collidepoint(event.pos)), None)
            self.keyboard = self.hover is None
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for i, rect in enumerate(self.tiles):
                if rect.collidepoint(event.pos):
                    self.open(i)

    def buttons(self) -> tuple[Button, ...]:
        """The menu's buttons on screen now (Continue and Back only when they apply)."""
        return (self.quit_button, self.stats_button, self.settings_button, self.replays_button, self.online_button,
                *([self.continue_button] if self.saved is not None else []),
                *([self.back_button] if self.kept_seat is not None else []))

    def lit(self) -> int:
        """The one tile drawn lit: the one under the mouse, else the keyboard's focus."""
        return self.index if self.keyboard or self.hover is None else self.hover

    def _key(self, key: int) -> None:
        n = len(self.specs)
        moves = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_UP: -self.columns, pygame.K_DOWN: self.columns}
        choosing = key in moves or key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
        if choosing and not self.keyboard:
            # The mouse had the light: this key only shows where the focus is, and opens nothing.
            self.keyboard, self.hover = True, None
            for button in self.buttons():
                button.hover = False
        elif key in moves:
            self.index = max(0, min(n - 1, self.index + moves[key]))
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.open(self.index)
        elif key in (pygame.K_ESCAPE, pygame.K_q):
            self.ask_quit()
        elif key == pygame.K_s:
            self.open_stats()
        elif key == pygame.K_o:
            self.open_settings()
        elif key == pygame.K_r:
            self.open_replays()
        elif key == pygame.K_p:
            self.open_online()
        elif key == pygame.K_c and self.saved is not None:
            self.continue_game()
        elif key == pygame.K_b and self.kept_seat is not None:
            self.back_to_table()

    def spoken_focus(self) -> str | None:
        if self.quitting is not None:
            return self.quitting.spoken()
        if self.name_prompt is not None:
            return self.name_prompt.spoken()
        spec = self.specs[self.index]
        return _("{title}, {family}, {seats}, game {number} of {count}", title=spec.title, family=spec.family,
                 seats=spec.seat_range, number=self.index + 1, count=len(self.specs))

    def ask_quit(self) -> None:
        """Esc means "back" on every other screen, so a player backing out of one presses
        it once too often and lands here: ask rather than close the window on them. (The
        Quit button, a deliberate click, still quits at once.) While friends sit at a table
        this app hosts, the app's own question ("Close the table for Bo?") is the one asked:
        one question, not two."""
        if self.app.hosted_guests():
            self.app.quit()
            return
        self.quitting = Confirm(_("Quit Parlour?"), _("Quit"), _("Stay"))

    def draw(self, surface: pygame.Surface) -> None:
        # The felt, the title and the tiles change only with the focus, the window size or
        # the settings (how cards and ring cards look): drawn once, then copied each frame,
        # which saves re-wrapping ten blurbs and drawing thirty cards sixty times a second.
        key = (self.size, self.index, self.hover, self.keyboard, self.drawer, self.drawer.renderer, self.drawer.back,
               tuple(map(tuple, self.tiles)), repr(self.app.settings), current())
        if getattr(self, "_backdrop", (None, None))[0] != key:
            self._draw_backdrop(surface)
            self._backdrop = (key, surface.copy())
        else:
            surface.blit(self._backdrop[1], (0, 0))
        size, lines = self.hint_lines()
        step = px(size) + 4
        # (centred on the buttons, but never past the window's foot: three lines of large text)
        bottom = min(self.replays_button.rect.centery + len(lines) * step // 2, self.size[1] - 4)
        for k, line in enumerate(lines):
            surface.blit(render_text(line, size, theme.INK_DIM), (20, bottom - (len(lines) - k) * step))
        for button in self.buttons():
            button.draw(surface)
        if self.name_prompt is not None:
            self.name_prompt.draw(surface)
        if self.quitting is not None:
            self.quitting.draw(surface)

    def hint_lines(self) -> tuple[int, list[str]]:
        """The keys, left of the buttons: one line, a point or two smaller if that is what
        it takes, else two lines broken between items (never inside "S statistics"); three
        where a language's longer words and buttons leave no room for two."""
        back = [_("B back to your table")] if self.kept_seat is not None else []
        items = [_("Arrows choose"), _("Enter opens"), *([_("C continue")] if self.saved is not None else []), *back,
                 _("P play online"), _("R replays"), _("S statistics"), _("O settings"), _("Esc quits")]
        room = self.replays_button.rect.left - 40
        largest = max(12, int(16 * self.s))
        if back and len(pack_items(items, largest, room)) > 2:
            items.remove(back[0])     # (its button says it) rather than lose a key said nowhere else
        for size in range(largest, max(12, largest - 2) - 1, -1):
            lines = pack_items(items, size, room)
            if len(lines) == 1:
                return size, lines
        lines = pack_items(items, largest, room)
        if len(lines) > 2:   # (a language with long words, wide buttons): smaller, and every key kept
            size = max(12, largest - 2)
            # ... and smaller still where a large text size would reach up into the tiles
            below_tiles = self.size[1] - 8 - max((tile.bottom for tile in self.tiles), default=0)
            size = shrink_to(size, lambda z: len(pack_items(items, z, room)) * (px(z) + 4) <= below_tiles)
            return size, pack_items(items, size, room)
        return largest, lines

    def _draw_backdrop(self, surface: pygame.Surface) -> None:
        surface.blit(felt(self.size), (0, 0))
        s = self.s
        short = self.size[1] < 700   # a short window: a smaller title, more room for the tiles
        blit_centered(surface, render_text("Parlour", int((60 if short else 72) * s), theme.GOLD, bold=True),
                      (self.size[0] // 2, int((58 if short else 70) * s)))
        blit_centered(surface, render_text(_(SUBTITLE), int(22 * s), theme.INK_DIM),
                      (self.size[0] // 2, int((104 if short else 122) * s)))
        for i, (spec, rect) in enumerate(zip(self.specs, self.tiles)):
            self._draw_tile(surface, spec, rect, i == self.lit())

    def art_box(self, rect: pygame.Rect) -> pygame.Rect:
        """Where a tile's picture goes: its left part, as tall as the tile allows."""
        pad = self.pad(rect)
        width = round(min(rect.height * 0.8, rect.width * (0.24 if self.compact(rect) else 0.29)))
        return pygame.Rect(rect.left + pad, rect.top + pad, width, rect.height - 2 * pad)

    @staticmethod
    def compact(rect: pygame.Rect) -> bool:
        """A low tile (a small window): tighter lines and a narrower picture."""
        return rect.height < 130

    def pad(self, rect: pygame.Rect) -> int:
        return 6 if self.compact(rect) else max(8, int(12 * self.s))

    def text_area(self, rect: pygame.Rect) -> tuple[int, int]:
        """Where a tile's words start (x) and how wide they may be, right of its picture."""
        pad = self.pad(rect)
        text_left = self.art_box(rect).right + pad
        return text_left, rect.right - text_left - pad

    def tile_title(self, spec: GameSpec, rect: pygame.Rect) -> tuple[list[str], int]:
        """A tile's title as one or two lines, and its size, fitted to the tile."""
        return fit_title(spec.title, int(min(26 * self.s, rect.height * 0.17)), self.text_area(rect)[1])

    def tile_blurb(self, spec: GameSpec, rect: pygame.Rect) -> tuple[int, list[str], int]:
        """The blurb's size, its lines and the y where they start."""
        compact = self.compact(rect)
        titles, title_size = self.tile_title(spec, rect)
        y = rect.top + (5 if compact else int(rect.height * 0.09))
        y += len(titles) * (px(title_size) + 2) + (2 if compact else 6)
        if not self.kind_beside_title(spec, rect):
            y += px(self.kind_line(spec, rect)[1]) + (7 if compact else 10)
        largest = max(11, int(min(16 * self.s, rect.height * 0.1)))
        size, shown = fit_blurb(spec.blurb, largest, self.text_area(rect)[1], rect.bottom - (4 if compact else 8) - y)
        return size, shown, y

    def kind_line(self, spec: GameSpec, rect: pygame.Rect) -> tuple[str, int]:
        """"Tricks · 4 players" and its size: a point smaller, or only the players, if
        that is what fits."""
        room = self.text_area(rect)[1]
        small = max(11, int(min(16 * self.s, rect.height * 0.1)))
        kind = f"{spec.family} · {spec.seat_range}"
        while small > 10 and font(small).size(kind)[0] > room:
            small -= 1
        if font(small).size(kind)[0] > room:
            kind = spec.seat_range   # (the family is said by the picture and the blurb too)
        return kind, small

    def kind_beside_title(self, spec: GameSpec, rect: pygame.Rect) -> bool:
        """On a low tile, a short title leaves room for the kind on its own line, which
        gives the blurb a line more."""
        titles, title_size = self.tile_title(spec, rect)
        kind, small = self.kind_line(spec, rect)
        width = font(title_size, bold=True).size(titles[0])[0] + 12 + font(small).size(kind)[0]
        return self.compact(rect) and len(titles) == 1 and width <= self.text_area(rect)[1]

    def _draw_tile(self, surface: pygame.Surface, spec: GameSpec, rect: pygame.Rect, focused: bool) -> None:
        lit = focused and not self.keyboard   # lit by the mouse: a lighter tile too
        panel(surface, rect, fill=theme.LIT if lit else theme.PANEL,
              edge=theme.GOLD if focused else (theme.EDGE_LIT if lit else theme.EDGE),
              width=theme.focus_width() if focused else (2 if lit else 1))
        art = self.art_box(rect)
        surface.blit(tile_art(spec.art, art.size, self.drawer.renderer, self.drawer.back), art)
        compact = self.compact(rect)
        text_left, room = self.text_area(rect)
        titles, title_size = self.tile_title(spec, rect)
        y = rect.top + (5 if compact else int(rect.height * 0.09))
        for line in titles:   # a long title goes on two lines rather than shrink to a speck
            surface.blit(render_text(line, title_size, theme.GOLD if focused else theme.INK, bold=True), (text_left, y))
            y += px(title_size) + 2
        kind, small = self.kind_line(spec, rect)
        image = render_text(kind, small, theme.INK_DIM)
        if self.kind_beside_title(spec, rect):
            surface.blit(image, image.get_rect(bottomright=(text_left + room, y - 2)))
        else:
            surface.blit(image, (text_left, y + (2 if compact else 6)))
        # The blurb keeps its own size (a long family line does not shrink it) and is shown
        # whole, or as whole sentences, rather than cut mid-phrase.
        size, shown, y = self.tile_blurb(spec, rect)
        for line in shown:
            surface.blit(render_text(line, size, theme.INK), (text_left, y))
            y += px(size) + LEADING
