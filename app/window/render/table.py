"""Pieces every card table draws: the felt, seats around an ellipse, card sprites and
name plates. Everything that does not change between frames is cached."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache

import pygame

from app.window.anim.tween import Movable
from app.window.render.cards import CardRenderer
from app.window.render.surface_cache import MB, SurfaceLRU, cached_surfaces
from app.window.render.text import render_text
from app.window.ui import theme
from games.core.cards import Card


@cached_surfaces(24 * MB)   # (a 4K window's, 33 MB, is kept alone)
def felt(size: tuple[int, int]) -> pygame.Surface:
    """A green baize with a soft vignette, drawn once per window size."""
    small = pygame.image.frombytes(_vignette(), (64, 40), "RGBX")
    window = pygame.display.get_surface()
    ready = window is None or window.get_bytesize() == 4
    if window is not None and ready:
        # In the window's pixel format from the start: smoothscale keeps it, so the felt
        # needs no conversion at the end (a 4 MB copy), and stretching and weaving run on
        # 32-bit pixels, several times faster than on 24-bit ones (15 ms down to 4).
        small = small.convert()
    surface = pygame.transform.smoothscale(small, size)
    if theme.WEAVE:
        _weave(surface)
    return surface if ready else surface.convert()


@lru_cache(maxsize=1)
def _vignette() -> bytes:
    """The baize's light-to-dark shading as 64 x 40 RGBX pixels, which ``felt`` stretches to
    the window. The shading is symmetric, so a quarter is worked out and mirrored (pixel by
    pixel with ``set_at`` the whole took some 8 ms of the first menu frame)."""
    cx, cy = 31.5, 19.5
    rows = []
    for y in range(20):
        row = []
        for x in range(32):
            t = min(1.0, math.hypot((x - cx) / 32, (y - cy) / 20) ** 1.6 * 0.75)
            row.append(bytes([*(round(a + (b - a) * t) for a, b in zip(theme.FELT_LIGHT, theme.FELT_DARK)), 255]))
        rows.append(b"".join(row + row[::-1]))
    return b"".join(rows + rows[::-1])


def _weave(surface: pygame.Surface) -> None:
    """A faint diagonal cloth texture, so the felt does not look like flat paint: one small
    tile drawn once and repeated (drawing hundreds of long lines was slow at start-up)."""
    tile = pygame.Surface((WEAVE, WEAVE), pygame.SRCALPHA)
    for x in range(-WEAVE, WEAVE, 6):
        pygame.draw.line(tile, (255, 255, 255, 7), (x, 0), (x + WEAVE, WEAVE))
    w, h = surface.get_size()
    surface.fblits([(tile, (x, y)) for y in range(0, h, WEAVE) for x in range(0, w, WEAVE)])


WEAVE = 48


def seat_positions(seats: int, viewer: int, centre: tuple[float, float],
                   radii: tuple[float, float]) -> list[tuple[float, float]]:
    """Seat centres on an ellipse, the viewer at the bottom and play going clockwise
    (to the viewer's left, up the left side, across the top, down the right)."""
    places = []
    for seat in range(seats):
        k = (seat - viewer) % seats
        angle = math.pi / 2 + k * 2 * math.pi / seats
        places.append((centre[0] + radii[0] * math.cos(angle), centre[1] + radii[1] * math.sin(angle)))
    return places


@dataclass(eq=False)
class CardSprite(Movable):
    """A card on the table: where it is drawn (its centre), and whether it shows its face.
    ``card`` is None while the viewer cannot know which card it is."""

    card: Card | None
    x: float
    y: float
    face_up: bool = False
    width: float = 80.0
    angle: float = 0.0
    lift: float = 0.0
    dim: bool = False
    marked: bool = False
    # What a table notes on a sprite between an event and its animation: a delay, a
    # nudge off the pile's centre, a flag ("reveal", "busy").
    tags: dict[str, float | bool] = field(default_factory=dict)

    @property
    def known(self) -> Card:
        """The card, where the caller has made sure the viewer knows it (sorting a hand)."""
        if self.card is None:
            raise ValueError("this card is face down to the viewer")
        return self.card

    def rect(self) -> pygame.Rect:
        w = round(self.width)
        h = round(self.width * 1.4)
        return pygame.Rect(round(self.x - w / 2), round(self.y - self.lift - h / 2), w, h)


class SpriteDrawer:
    """Draws card sprites with shadows, marks and rotation, caching rotated images."""

    def __init__(self, renderer: CardRenderer, back: str = "blue") -> None:
        self.renderer = renderer
        self.back = back
        # (Keyed by the image itself, not its id: a face dropped from the renderer's cache
        # and another painted at the same address must not find this one's turns.)
        self._rotated: SurfaceLRU[tuple[pygame.Surface, int]] = SurfaceLRU("turned cards", 16 * MB)
        self._dim: SurfaceLRU[tuple[int, int]] = SurfaceLRU("dimmed cards", 2 * MB)

    def restyle(self, renderer: CardRenderer, back: str) -> None:
        """Draw with another renderer and back from now on (the settings changed)."""
        if renderer is not self.renderer or back != self.back:
            self.renderer, self.back = renderer, back
            self._rotated.clear()

    def image(self, sprite: CardSprite) -> pygame.Surface:
        width = max(20, round(sprite.width))
        if sprite.face_up and sprite.card is not None:
            return self.renderer.face(sprite.card, width)
        return self.renderer.back(width, self.back)

    def draw(self, surface: pygame.Surface, sprite: CardSprite, shadow: bool = True) -> None:
        image = self.image(sprite)
        angle = round(sprite.angle)
        centre = (round(sprite.x), round(sprite.y - sprite.lift))
        if shadow:
            shade = self._turned(self.renderer.shadow(image.get_width()), angle)
            surface.blit(shade, shade.get_rect(center=(centre[0] + 3, centre[1] + 5)))
        image = self._turned(image, angle)
        rect = image.get_rect(center=centre)
        surface.blit(image, rect)
        if sprite.dim:
            surface.blit(self._dimmer(image.get_width()), rect)
        if sprite.marked:
            ring = self.renderer.outline(image.get_width(), theme.GOLD)
            surface.blit(ring, ring.get_rect(center=rect.center))

    def bounds(self, sprite: CardSprite, shadow: bool = True) -> pygame.Rect:
        """The rectangle ``draw`` may paint for ``sprite``: card, shadow, mark ring."""
        image = self._turned(self.image(sprite), round(sprite.angle))
        rect = image.get_rect(center=(round(sprite.x), round(sprite.y - sprite.lift)))
        margin = self.renderer.outline_margin(image.get_width()) if sprite.marked else 0
        if shadow:
            margin = max(margin, round(self.renderer.shadow_margin(image.get_width()) * 1.5) + 6)
        return rect.inflate(2 * margin + 2, 2 * margin + 2)

    def _turned(self, image: pygame.Surface, angle: int) -> pygame.Surface:
        """``image`` rotated by whole degrees, cached (rotating every frame is costly)."""
        if not angle:
            return image
        key = (image, angle)
        rotated = self._rotated.get(key)
        return rotated if rotated is not None else self._rotated.put(key, pygame.transform.rotozoom(image, angle, 1.0))

    def _dimmer(self, width: int) -> pygame.Surface:
        key = (width, theme.DIM_SHADE)
        layer = self._dim.get(key)
        if layer is None:
            h = round(width * 1.4)
            layer = pygame.Surface((width, h), pygame.SRCALPHA)
            pygame.draw.rect(layer, (0, 0, 0, theme.DIM_SHADE), layer.get_rect(), border_radius=max(3, width // 12))
            self._dim.put(key, layer)
        return layer


def fan_positions(count: int, centre: tuple[float, float], card_width: float,
                  max_width: float, arc: float = 0.0) -> list[tuple[float, float]]:
    """Centres for ``count`` cards spread left to right around ``centre``, overlapping as
    needed to fit ``max_width``; ``arc`` lifts the middle cards for a hand-held look."""
    if count == 0:
        return []
    step = min(card_width * 0.72, (max_width - card_width) / max(1, count - 1)) if count > 1 else 0
    left = centre[0] - step * (count - 1) / 2
    out = []
    for i in range(count):
        offset = (i - (count - 1) / 2) / max(1, (count - 1) / 2)
        out.append((left + i * step, centre[1] + arc * offset * offset))
    return out


YOU_FILL = (236, 214, 150, 235)   # the player's own plate: parchment, found at a glance
YOU_INK = (40, 34, 22)
YOU_INK_DIM = (96, 82, 52)


def nameplate(name: str, detail: str, size: int, active: bool, out: bool) -> pygame.Surface:
    """A seat's name plate: the name, a second line, a gold rim when it is their turn. The
    plate titled "You" (the player's own) is light with dark ink, unlike every other."""
    you = name == "You" or name.startswith("You ")
    ink, dim = (YOU_INK, YOU_INK_DIM) if you else (theme.INK, theme.INK_DIM)
    title = render_text(name, size, ink if not out else dim, bold=True)
    sub = render_text(detail or " ", max(11, int(size * 0.72)), dim)
    w = max(title.get_width(), sub.get_width()) + 28
    h = title.get_height() + sub.get_height() + 14
    plate = pygame.Surface((w, h), pygame.SRCALPHA)
    fill = (40, 40, 40, 200) if out else YOU_FILL if you else theme.PANEL
    pygame.draw.rect(plate, fill, plate.get_rect(), border_radius=h // 3)
    rim = theme.GOLD if active else theme.GOLD_DARK if you else theme.RIM
    pygame.draw.rect(plate, rim, plate.get_rect(), width=theme.focus_width() if active else 1,
                     border_radius=h // 3)
    if detail == "":   # one line: the height of the others, the name centred (" " keeps it on top)
        plate.blit(title, title.get_rect(center=(w // 2, h // 2)))
        return plate
    plate.blit(title, title.get_rect(midtop=(w // 2, 6)))
    plate.blit(sub, sub.get_rect(midtop=(w // 2, 8 + title.get_height())))
    return plate


def token(radius: int, filled: bool = True) -> pygame.Surface:
    """A gold counter (or an empty ring for a token that was lost)."""
    return _token(radius, filled)


@cached_surfaces(2 * MB)
def _token(radius: int, filled: bool) -> pygame.Surface:
    size = radius * 2 + 2
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = (radius + 1, radius + 1)
    if filled:
        pygame.draw.circle(surf, theme.GOLD_DARK, c, radius)
        pygame.draw.circle(surf, theme.GOLD, c, radius - max(1, radius // 5))
        pygame.draw.circle(surf, (255, 236, 160), (c[0] - radius // 3, c[1] - radius // 3), max(1, radius // 4))
    else:
        pygame.draw.circle(surf, (120, 140, 120), c, radius, width=max(1, radius // 5))
    return surf
