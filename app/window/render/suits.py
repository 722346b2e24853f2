"""Suit pips as vector shapes: hearts, diamonds, clubs and spades drawn from points.

Nothing here depends on a font having suit glyphs. Each shape lives in a unit box
(0..1 both ways, y down) and is drawn anti-aliased at any size.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import pygame

from app.window.render.surface_cache import MB, SurfaceLRU
from app.window.render.vector import Color, Pen, Point, mirrored, path, rgba_of, supersample
from games.core.cards import Suit

_surfaces: SurfaceLRU[tuple[Suit, int, tuple[int, int, int, int]]] = SurfaceLRU("pips", 8 * MB)


@dataclass(frozen=True)
class Shape:
    """Filled polygons and circles making up one pip, in unit coordinates."""

    polygons: tuple[tuple[Point, ...], ...]
    circles: tuple[tuple[Point, float], ...] = ()


def _heart() -> Shape:
    right = path(
        (0.5, 0.96),
        ((0.60, 0.80), (0.96, 0.60), (0.96, 0.32)),
        ((0.96, 0.14), (0.86, 0.05), (0.74, 0.05)),
        ((0.62, 0.05), (0.53, 0.12), (0.5, 0.22)),
    )
    return Shape((tuple(mirrored(right, 0.5)),))


def _diamond() -> Shape:
    # Slightly concave sides read as a playing-card diamond rather than a rhombus.
    right = path(
        (0.5, 0.02),
        ((0.60, 0.18), (0.72, 0.36), (0.86, 0.5)),
        ((0.72, 0.64), (0.60, 0.82), (0.5, 0.98)),
    )
    return Shape((tuple(mirrored(right, 0.5)),))


def _spade() -> Shape:
    right = path(
        (0.5, 0.02),
        ((0.58, 0.18), (0.96, 0.36), (0.96, 0.59)),
        ((0.96, 0.74), (0.86, 0.81), (0.75, 0.81)),
        ((0.65, 0.81), (0.57, 0.76), (0.535, 0.70)),
        ((0.55, 0.84), (0.62, 0.93), (0.72, 0.98)),
    )
    right.append((0.5, 0.98))
    return Shape((tuple(mirrored(right, 0.5)),))


def _club() -> Shape:
    stem = path(
        (0.535, 0.55),
        ((0.54, 0.76), (0.60, 0.91), (0.72, 0.98)),
    )
    stem.append((0.5, 0.98))
    core = ((0.5, 0.34), (0.64, 0.62), (0.36, 0.62))
    lobes = (((0.5, 0.26), 0.215), ((0.265, 0.575), 0.215), ((0.735, 0.575), 0.215))
    return Shape((tuple(mirrored(stem, 0.5)), core), lobes)


@cache
def shape(suit: Suit) -> Shape:
    """The unit-box outline of ``suit``."""
    return {Suit.HEARTS: _heart, Suit.DIAMONDS: _diamond, Suit.SPADES: _spade, Suit.CLUBS: _club}[suit]()


def paint_suit(pen: Pen, suit: Suit, center: Point, height: float, color: Color) -> None:
    """Draw ``suit`` into a larger vector drawing, ``height`` design units tall."""
    left, top = center[0] - height / 2, center[1] - height / 2
    outline = shape(suit)
    for polygon in outline.polygons:
        pen.polygon([(left + x * height, top + y * height) for x, y in polygon], color)
    for (x, y), radius in outline.circles:
        pen.circle((left + x * height, top + y * height), radius * height, color)


def suit_surface(suit: Suit, size: int, color: Color) -> pygame.Surface:
    """A ``size`` x ``size`` transparent surface with the pip filling its height; cached."""
    rgba = rgba_of(color)
    key = (suit, max(1, int(size)), rgba)
    surface = _surfaces.get(key)
    return surface if surface is not None else _surfaces.put(key, _render(suit, key[1], rgba))


def _render(suit: Suit, size: int, rgba: tuple[int, int, int, int]) -> pygame.Surface:
    solid = rgba[:3] + (255,)
    surface = supersample(
        (size, size),
        lambda pen: paint_suit(pen, suit, (0.5, 0.5), 1.0, solid),
        unit=size,
        clear=rgba[:3] + (0,),
    )
    if rgba[3] < 255:
        surface.fill((255, 255, 255, rgba[3]), special_flags=pygame.BLEND_RGBA_MULT)
    if pygame.display.get_surface() is not None:
        surface = surface.convert_alpha()
    return surface


def draw_suit(surface: pygame.Surface, suit: Suit, rect: pygame.Rect | tuple[int, int, int, int],
              color: Color) -> pygame.Rect:
    """Draw the pip as large as fits in ``rect``, centred; return the area drawn."""
    area = pygame.Rect(rect)
    pip = suit_surface(suit, min(area.width, area.height), color)
    return surface.blit(pip, pip.get_rect(center=area.center))
