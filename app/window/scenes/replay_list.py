"""The Replays screen: every saved replay (name, game, date, result), newest first, to
watch or delete. Up/Down choose, Enter plays, Delete asks before deleting, Esc goes back."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from app.core import replay_file, storage
from app.window.render.table import felt
from app.window.render.text import font, render_text
from app.window.scenes.base import Scene
from app.window.ui import theme
from app.window.ui.fit import fitted
from app.window.ui.widgets import Button, ButtonRow, blit_centered, panel


if TYPE_CHECKING:
    from app.window.scenes.base import AppServices

def _fit(text: str, size: int, room: int, bold: bool = False) -> str:
    """``text`` cut with an ellipsis so it fits ``room`` pixels."""
    face = font(size, bold=bold)
    if face.size(text)[0] <= room:
        return text
    while text and face.size(text + "…")[0] > room:
        text = text[:-1]
    return text + "…"


class ReplaysScene(Scene):
    name = "replays"

    def __init__(self, app: AppServices) -> None:
        super().__init__(app)
        self.entries: list[replay_file.Entry] = []
        self.index = 0
        self.top = 0
        self.confirm: replay_file.Entry | None = None
        self.rows: list[pygame.Rect] = []
        self.row = ButtonRow([
            Button("Play", self.play, kind="primary"),
            Button("Review", self.review),
            Button("Delete", self.ask_delete),
            Button("Back", self.back),
        ])
        self.confirm_row = ButtonRow([
            Button("Delete", self.delete, kind="primary"),
            Button("Keep", self.cancel_delete),
        ])
        self.reload()
        self.resize(app.screen.get_size())

    def on_enter(self) -> None:
        self.reload()

    def reload(self) -> None:
        self.entries = replay_file.entries()
        for line in storage.take_notices():  # files that were moved aside
            self.app.notify(line, 6.0)
        self.index = max(0, min(self.index, len(self.entries) - 1))
        for button in self.row.buttons[:2]:
            button.enabled = bool(self.entries)
        if not self.entries:
            self.row.index = 2
            self.row._sync()

    @property
    def chosen(self) -> replay_file.Entry | None:
        return self.entries[self.index] if self.entries else None

    # layout ---------------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.s = s = theme.scale_for(size)
        self.box = pygame.Rect(0, 0, min(int(980 * s), size[0] - 40), size[1] - int(230 * s))
        self.box.midtop = (size[0] // 2, int(110 * s))
        self.line_h = max(30, int(44 * s))
        self.visible = max(1, (self.box.height - int(56 * s)) // self.line_h)
        for b in self.row.buttons + self.confirm_row.buttons:
            b.text_size = max(15, int(22 * s))
        self.row.layout((size[0] // 2, self.box.bottom + int(50 * s)), (int(180 * s), int(48 * s)), int(16 * s))
        self.confirm_row.layout((size[0] // 2, size[1] // 2 + int(40 * s)), (int(160 * s), int(46 * s)), int(16 * s))

    # actions --------------------------------------------------------------------------------

    def play(self) -> None:
        replay = self._load_chosen()
        if replay is not None:
            self.app.nav.replay(replay)

    def review(self) -> None:
        """The chosen replay with the coach beside it (app/window/scenes/review.py)."""
        from app.core.review import reviewable

        replay = self._load_chosen()
        if replay is not None and not reviewable(replay.game_id):
            self.app.notify(f"The coach does not review {replay.spec.title} yet", 3.0)
        elif replay is not None:
            self.app.nav.review(replay)

    def _load_chosen(self) -> replay_file.Replay | None:
        entry = self.chosen
        if entry is None:
            return None
        replay = replay_file.load(entry.path)
        for line in storage.take_notices():
            self.app.notify(line, 6.0)
        if replay is None:  # moved aside: the notice says why
            self.reload()
        return replay

    def ask_delete(self) -> None:
        if self.chosen is not None:
            self.confirm = self.chosen
            self.confirm_row.index = 1  # Enter keeps it unless the player moves to Delete
            self.confirm_row._sync()

    def delete(self) -> None:
        if self.confirm is not None:
            problem = replay_file.delete(self.confirm.path)
            self.app.notify(f"'{self.confirm.label}' could not be deleted ({problem})" if problem
                            else f"Deleted '{self.confirm.label}'")
        self.confirm = None
        self.reload()

    def cancel_delete(self) -> None:
        self.confirm = None

    def back(self) -> None:
        self.app.scenes.pop()

    # input ----------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.confirm is not None:
            self._confirm_input(event)
            return
        if self.row.handle_event(event):
            return
        if event.type == pygame.KEYDOWN:
            self._key(event.key)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._click(event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            self._move(-event.y)

    def _key(self, key: int) -> None:
        if key == pygame.K_ESCAPE:
            self.back()
        elif key in (pygame.K_UP, pygame.K_DOWN):
            self._move(-1 if key == pygame.K_UP else 1)
        elif key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self._move((-1 if key == pygame.K_PAGEUP else 1) * self.visible)
        elif key == pygame.K_r:
            self.review()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_p):
            self.play()
        elif key in (pygame.K_DELETE, pygame.K_d):
            self.ask_delete()

    def _move(self, step: int) -> None:
        if self.entries:
            self.index = max(0, min(len(self.entries) - 1, self.index + step))

    def _click(self, pos: tuple[int, int]) -> None:
        for offset, rect in enumerate(self.rows):
            if rect.collidepoint(pos):
                if self.top + offset == self.index:
                    self.play()  # a second click on the chosen replay plays it
                self.index = self.top + offset

    def _confirm_input(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_y,):
            self.delete()
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_n):
            self.cancel_delete()
        else:
            self.confirm_row.handle_event(event)

    # drawing --------------------------------------------------------------------------------


    def spoken_focus(self) -> str | None:
        if self.confirm is not None:
            return f"Delete {self.confirm.label}? {self.confirm_row.spoken()}"
        entry = self.chosen
        if entry is None:
            return self.row.spoken()
        place = f"{self.index + 1} of {len(self.entries)}"
        return f"{entry.label}, {entry.title}, {entry.date}, {entry.result}, {entry.moves} moves, {place}"
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt(self.size), (0, 0))
        s = self.s
        blit_centered(surface, render_text("Replays", int(48 * s), theme.GOLD, bold=True),
                      (self.size[0] // 2, int(56 * s)))
        panel(surface, self.box)
        if not self.entries:
            text = "No replays yet: every finished game is kept here"
            blit_centered(surface, render_text(text, max(14, int(22 * s)), theme.INK_DIM), self.box.center)
        else:
            self._draw_list(surface, s)
        self.row.draw(surface)
        hint = "Up/Down choose · Enter plays · R reviews · Delete deletes · Esc back"
        image = fitted(hint, max(12, int(16 * s)), theme.INK_DIM, self.size[0] - 40)
        surface.blit(image, image.get_rect(bottomleft=(20, self.size[1] - int(10 * s))))
        if self.confirm is not None:
            self._draw_confirm(surface, s)

    def _columns(self) -> list[tuple[int, int]]:
        """(left, width) of the name, game, date and result columns."""
        inner = self.box.width - 40
        shares = (0.31, 0.2, 0.2, 0.29)
        x = self.box.left + 20
        columns = []
        for share in shares:
            columns.append((x, int(inner * share) - 10))
            x += int(inner * share)
        return columns

    def _draw_list(self, surface: pygame.Surface, s: float) -> None:
        self.top = max(0, min(self.top, len(self.entries) - self.visible))
        if self.index < self.top:
            self.top = self.index
        elif self.index >= self.top + self.visible:
            self.top = self.index - self.visible + 1
        size = max(13, int(19 * s))
        columns = self._columns()
        y = self.box.top + int(14 * s)
        for (x, width), heading in zip(columns, ("Name", "Game", "Date", "Result")):
            surface.blit(render_text(heading, size, theme.INK_DIM, bold=True), (x, y))
        y += int(36 * s)
        self.rows = []
        for i in range(self.top, min(len(self.entries), self.top + self.visible)):
            entry = self.entries[i]
            rect = pygame.Rect(self.box.left + 8, y, self.box.width - 16, self.line_h - 4)
            self.rows.append(rect)
            if i == self.index:
                pygame.draw.rect(surface, (40, 96, 64), rect, border_radius=8)
                pygame.draw.rect(surface, theme.GOLD, rect, width=2, border_radius=8)
            texts = (entry.label, entry.title, entry.date, f"{entry.result} · {entry.moves} moves")
            for k, ((x, width), text) in enumerate(zip(columns, texts)):
                colour = theme.GOLD if (i == self.index and k == 0) else theme.INK
                bold = k == 0 and bool(entry.name)  # names the player chose stand out
                image = render_text(_fit(text, size, width, bold), size, colour, bold=bold)
                surface.blit(image, image.get_rect(midleft=(x, rect.centery)))
            y += self.line_h
        if len(self.entries) > self.visible:
            more = f"{self.top + 1}-{self.top + len(self.rows)} of {len(self.entries)}"
            image = render_text(more, max(12, int(15 * s)), theme.INK_DIM)
            surface.blit(image, image.get_rect(bottomright=(self.box.right - 14, self.box.bottom - 8)))

    def _draw_confirm(self, surface: pygame.Surface, s: float) -> None:
        shade = pygame.Surface(self.size, pygame.SRCALPHA)
        shade.fill(theme.SHADE)
        surface.blit(shade, (0, 0))
        box = pygame.Rect(0, 0, min(int(560 * s), self.size[0] - 40), int(200 * s))
        box.center = (self.size[0] // 2, self.size[1] // 2)
        panel(surface, box, edge=theme.DANGER)
        assert self.confirm is not None
        question = _fit(f"Delete '{self.confirm.label}'?", int(26 * s), box.width - 40)
        blit_centered(surface, render_text(question, int(26 * s), theme.INK, bold=True),
                      (box.centerx, box.top + int(44 * s)))
        self.confirm_row.draw(surface)
