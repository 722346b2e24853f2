"""Buttons and panels drawn with pygame primitives, plus keyboard focus for lists of them."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import pygame

from app.window.render.surface_cache import MB, cached_surfaces
from app.window.render.text import font, render_text
from app.window.ui.fit import shrink_to
from app.window.render.vector import Color
from app.window.ui import theme


def panel(surface: pygame.Surface, rect: pygame.Rect, fill: Color | None = None,
          edge: Color | None | bool = True, radius: int = 14, width: int = 2) -> None:
    """A rounded translucent panel with a border (``edge=None``: none); the theme's colours
    unless others are given."""
    rim = theme.PANEL_EDGE if edge is True else (None if edge is False else edge)
    surface.blit(_panel_layer(rect.size, fill or theme.PANEL, rim, radius, width), rect.topleft)


@cached_surfaces(16 * MB)
def _panel_layer(size: tuple[int, int], fill: Color, edge: Color | None, radius: int,
                 width: int) -> pygame.Surface:
    """Panels are drawn every frame: make each size and style once."""
    layer = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(layer, fill, layer.get_rect(), border_radius=radius)
    if edge is not None:
        pygame.draw.rect(layer, edge, layer.get_rect(), width=width, border_radius=radius)
    return layer


@cached_surfaces(24 * MB)   # (a 4K window's, 33 MB, is kept alone)
def shade_layer(size: tuple[int, int], colour: Color | None = None) -> pygame.Surface:
    """A translucent sheet over the whole window (under a pause box, a curtain): made once
    per size and colour, not allocated and filled every frame."""
    layer = pygame.Surface(size, pygame.SRCALPHA)
    layer.fill(colour or theme.SHADE)
    return layer


def blit_centered(surface: pygame.Surface, image: pygame.Surface, center: tuple[float, float]) -> pygame.Rect:
    rect = image.get_rect(center=(round(center[0]), round(center[1])))
    surface.blit(image, rect)
    return rect


def faded(image: pygame.Surface, opacity: float) -> pygame.Surface:
    """``image`` at ``opacity`` (0-1) without touching the original, which may be cached."""
    if opacity >= 1:
        return image
    copy = image.copy()
    copy.set_alpha(max(0, int(255 * opacity)))
    return copy


def banner(surface: pygame.Surface, text: str, size: int, center: tuple[float, float], opacity: float) -> None:
    """A headline on the table ("Hand 3", "P2 wins!") in a framed box, fading with ``opacity``."""
    image = render_text(text, size, theme.INK, bold=True)
    rect = image.get_rect(center=(round(center[0]), round(center[1]))).inflate(36, 18)
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(layer, theme.BANNER, layer.get_rect(), border_radius=12)
    pygame.draw.rect(layer, theme.GOLD, layer.get_rect(), width=theme.focus_width() - 1, border_radius=12)
    layer.blit(image, image.get_rect(center=(rect.width // 2, rect.height // 2)))
    surface.blit(faded(layer, opacity), rect)


@dataclass
class Button:
    """A clickable label. ``focused`` is set by keyboard navigation, ``hover`` by the mouse."""

    label: str
    action: Callable[[], object]  # (what it returns is not used)
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 200, 48))
    enabled: bool = True
    focused: bool = False
    hover: bool = False
    text_size: int = 24
    kind: str = "normal"  # "normal", "primary" or "quiet"

    def draw(self, surface: pygame.Surface) -> None:
        lit = self.enabled and (self.focused or self.hover)
        fill, text = self._colours(lit)
        shadow = self.rect.move(0, 3)
        pygame.draw.rect(surface, (0, 0, 0), shadow, border_radius=10)
        pygame.draw.rect(surface, fill, self.rect, border_radius=10)
        if self.kind == "quiet" and theme.QUIET_EDGE is not None:
            pygame.draw.rect(surface, theme.QUIET_EDGE, self.rect, width=2, border_radius=10)
        if self.focused and self.enabled:
            # A ring outside the button, thick enough to see without telling colours apart.
            ring = theme.focus_width()
            pygame.draw.rect(surface, theme.GOLD, self.rect.inflate(2 * ring, 2 * ring), width=ring,
                             border_radius=12)
        label = render_text(self.label, self.label_size(), text, bold=True)
        blit_centered(surface, label, self.rect.center)

    def label_size(self) -> int:
        """``text_size``, or smaller where the label would run past the button's sides or
        its top and bottom (the larger text sizes in a small window)."""
        room_w, room_h = self.rect.width - 16, self.rect.height - 2
        measure = self.label
        return shrink_to(self.text_size, lambda size: font(size, bold=True).size(measure)[0] <= room_w
                         and font(size, bold=True).get_height() <= room_h)

    def _colours(self, lit: bool) -> tuple[Color, Color]:
        if not self.enabled:
            return theme.BUTTON_DISABLED, theme.BUTTON_DISABLED_TEXT
        if self.kind == "primary":
            return (theme.GOLD if lit else theme.GOLD_DARK), theme.BUTTON_TEXT
        if self.kind == "quiet":
            return (theme.QUIET_LIT if lit else theme.QUIET), theme.INK
        return (theme.BUTTON_HOVER if lit else theme.BUTTON), theme.BUTTON_TEXT

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Track hover and fire on a left click; returns True when it fired."""
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.enabled and self.rect.collidepoint(event.pos):
                self.action()
                return True
        return False


class ButtonRow:
    """Buttons navigated with arrow keys / Tab and fired with Enter or Space."""

    def __init__(self, buttons: list[Button], vertical: bool = False) -> None:
        self.buttons = buttons
        self.vertical = vertical
        self.index = 0
        self._sync()

    def _sync(self) -> None:
        for i, button in enumerate(self.buttons):
            button.focused = i == self.index

    def move(self, step: int) -> None:
        count = len(self.buttons)
        for _ in range(count):
            self.index = (self.index + step) % count
            if self.buttons[self.index].enabled:
                break
        self._sync()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            back, forward = (pygame.K_UP, pygame.K_DOWN) if self.vertical else (pygame.K_LEFT, pygame.K_RIGHT)
            if event.key in (back, pygame.K_BACKSPACE) or (event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT):
                self.move(-1)
                return True
            if event.key in (forward, pygame.K_TAB):
                self.move(1)
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                button = self.buttons[self.index]
                if button.enabled:
                    button.action()
                return True
        for i, button in enumerate(self.buttons):
            if event.type == pygame.MOUSEMOTION and button.rect.collidepoint(event.pos) and button.enabled:
                self.index = i
                self._sync()
            if button.handle_event(event):
                return True
        return False

    def spoken(self) -> str:
        """The focused button as a screen reader says it: "Play again, button, 1 of 3"."""
        return f"{self.buttons[self.index].label}, button, {self.index + 1} of {len(self.buttons)}"

    def draw(self, surface: pygame.Surface) -> None:
        for button in self.buttons:
            button.draw(surface)

    def layout(self, center: tuple[int, int], size: tuple[int, int], gap: int) -> None:
        """Place the buttons in a row (or column) centred on ``center``."""
        w, h = size
        n = len(self.buttons)
        if self.vertical:
            top = center[1] - (n * h + (n - 1) * gap) // 2
            for i, b in enumerate(self.buttons):
                b.rect = pygame.Rect(center[0] - w // 2, top + i * (h + gap), w, h)
        else:
            left = center[0] - (n * w + (n - 1) * gap) // 2
            for i, b in enumerate(self.buttons):
                b.rect = pygame.Rect(left + i * (w + gap), center[1] - h // 2, w, h)
