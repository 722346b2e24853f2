"""The key-binding editor for the reflex games: each keyboard player's keys, changed by
pressing the new key. A key already used by another binding is refused with a message."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Mapping

import pygame

from app.window.input.bindings import (
    DEFAULT_CHOOSE_KEYS, DEFAULT_KEYS, MAX_KEYBOARD_PLAYERS, key_label, slot_choose_key, slot_keys,
)
from app.window.render.table import felt
from app.window.render.text import render_text
from app.window.scenes.base import Scene
from app.window.ui import theme
from app.window.ui.form import Row, draw_row, spoken_row
from app.window.ui.widgets import Button, blit_centered
from app.window.ui.fit import fitted

if TYPE_CHECKING:
    from app.window.scenes.base import AppServices

ACTIONS = (("first", "flip / hit / take"), ("second", "slap / miss / grab"), ("choose", "choose (Spoons)"))
RESERVED = {pygame.K_ESCAPE, pygame.K_F1, pygame.K_F11, pygame.K_RETURN, pygame.K_KP_ENTER}


def current_code(bindings: Mapping[str, Mapping[str, str]], slot: int, action: str) -> int:
    if action == "choose":
        return slot_choose_key(bindings, slot)
    return slot_keys(bindings, slot)[0 if action == "first" else 1]


class KeyBindingsScene(Scene):
    name = "keys"

    def __init__(self, app: AppServices) -> None:
        super().__init__(app)
        self.focus = 0
        self.waiting = False
        self.message = ""
        self.slots = [(slot, action, label) for slot in range(MAX_KEYBOARD_PLAYERS) for action, label in ACTIONS]
        self.rows = [Row(f"Player {slot + 1}: {label}", self._text(slot, action), lambda step: None)
                     for slot, action, label in self.slots]
        # Buttons too, so the screen can be left (and the keys restored) with the mouse alone.
        self.usual_button = Button("Usual keys", self.reset)
        self.done_button = Button("Done", lambda: self.app.scenes.pop(), kind="primary")
        self.resize(app.screen.get_size())

    @property
    def bindings(self) -> dict[str, dict[str, str]]:
        return self.app.settings.key_bindings

    def _text(self, slot: int, action: str) -> Callable[[], str]:
        return lambda: key_label(current_code(self.bindings, slot, action))

    def owner_of(self, code: int) -> str | None:
        """Which binding already uses ``code`` (other than the one being changed)."""
        for index, (slot, action, label) in enumerate(self.slots):
            if index != self.focus and current_code(self.bindings, slot, action) == code:
                return f"Player {slot + 1}'s {label.split(' ')[0]}"
        return None

    def rebind(self, code: int) -> None:
        slot, action, _ = self.slots[self.focus]
        taken = self.owner_of(code)
        if code in RESERVED:
            self.message = f"{key_label(code)} is kept for the menus; choose another key"
        elif taken:
            self.message = f"{key_label(code)} is already {taken}; choose another key"
        else:
            self.bindings.setdefault(f"reflex{slot + 1}", {})[action] = pygame.key.name(code)
            self.app.save_settings()
            self.message = f"Player {slot + 1} now uses {key_label(code)}"
        self.waiting = False

    def reset(self) -> None:
        self.bindings.clear()
        self.app.save_settings()
        defaults = ", ".join(f"{a.upper()}/{b.upper()}/{c.upper()}" for (a, b), c in zip(DEFAULT_KEYS, DEFAULT_CHOOSE_KEYS))
        self.message = f"Back to the usual keys: {defaults}"

    def handle_event(self, event: pygame.event.Event) -> None:
        if not self.waiting and any(b.handle_event(event) for b in (self.usual_button, self.done_button)):
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._click(event.pos)
        if event.type != pygame.KEYDOWN:
            return
        if self.waiting:
            if event.key == pygame.K_ESCAPE:
                self.waiting, self.message = False, "Unchanged"
            else:
                self.rebind(event.key)
        elif event.key == pygame.K_ESCAPE:
            self.app.scenes.pop()
        elif event.key in (pygame.K_UP, pygame.K_DOWN):   # (the last change's words were for that row)
            self.focus = (self.focus + (1 if event.key == pygame.K_DOWN else -1)) % len(self.rows)
            self.message = ""
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.waiting, self.message = True, "Press the new key (Esc keeps the old one)"
        elif event.key == pygame.K_BACKSPACE:
            self.reset()

    def spoken_focus(self) -> str | None:
        """The binding under the focus and its key, then what the last key press did
        ("... is already Player 2's Slap; choose another key")."""
        line = spoken_row(self.rows[self.focus])
        return f"{line}. {self.message}" if self.message else line

    def _click(self, pos: tuple[int, int]) -> None:
        """A click on a binding asks for its new key, as Enter does."""
        for i, row in enumerate(self.rows):
            if row.rect.collidepoint(pos):
                self.focus = i
                self.waiting, self.message = True, "Press the new key (Esc keeps the old one)"

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.s = s = theme.scale_for(size)
        self.row_h = int(min(40 * s, (size[1] - 220 * s) / len(self.rows)))
        width = int(min(640 * s, size[0] - 60))
        top = int(110 * s)
        for i, row in enumerate(self.rows):
            row.rect = pygame.Rect((size[0] - width) // 2, top + i * self.row_h, width, self.row_h - 3)
        button_top = self.rows[-1].rect.bottom + int(52 * s)   # under the message line
        for button, dx in ((self.usual_button, -1), (self.done_button, 1)):
            button.rect = pygame.Rect(0, 0, int(180 * s), int(44 * s))
            button.rect.midtop = (size[0] // 2 + dx * int(100 * s), button_top)
            button.text_size = max(14, int(20 * s))

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt(self.size), (0, 0))
        s = self.s
        blit_centered(surface, render_text("Keys for the reflex games", int(40 * s), theme.GOLD, bold=True),
                      (self.size[0] // 2, int(52 * s)))
        size = max(12, int(self.row_h * 0.42))
        for i, row in enumerate(self.rows):
            draw_row(surface, row, i == self.focus, size)
        y = self.rows[-1].rect.bottom + int(24 * s)
        if self.message:
            blit_centered(surface, render_text(self.message, max(13, int(19 * s)), theme.INK, bold=True),
                          (self.size[0] // 2, y))
        self.usual_button.draw(surface)
        self.done_button.draw(surface)
        hint = "Up/Down choose · Enter, then press the new key · Backspace restores the usual keys · Esc back"
        blit_centered(surface, fitted(hint, max(12, int(15 * s)), theme.INK_DIM, self.size[0] - 24),
                      (self.size[0] // 2, self.size[1] - int(24 * s)))
