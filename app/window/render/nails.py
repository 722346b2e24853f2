"""Nails' round cards drawn by code: a cream disc with a ring of five dots, crisp at any
size (supersampled) and cached per card, size and colour-blind setting.

The dots sit clockwise from the top, position 0 at twelve o'clock, so a card on screen
reads in the same order as its tuple in the rules. With the colour-blind option each dot
also carries its letter and its own texture (red plain, blue striped, yellow ringed), so
no one has to tell the colours apart by hue.
"""

from __future__ import annotations

import math

import pygame

from app.window.render.cards import BACK_STYLES
from app.window.render.surface_cache import MB, cached_surfaces
from app.window.render.text import render_text
from app.window.render.vector import Pen, rgb, supersample

DOT_COLOURS: dict[str, tuple[int, int, int]] = {
    "R": (210, 44, 44), "B": (34, 92, 204), "Y": (244, 196, 36),
}
LETTER_INK: dict[str, tuple[int, int, int]] = {
    "R": (255, 255, 255), "B": (255, 255, 255), "Y": (60, 40, 0),
}
FACE = (250, 244, 226)
RIM = (120, 96, 60)

RING_RADIUS = 0.30   # of the card's diameter: where the dot centres sit
DOT_RADIUS = 0.105


def dot_centre(diameter: float, position: int) -> tuple[float, float]:
    """Offset of dot ``position`` from the card's centre (clockwise from twelve o'clock)."""
    angle = -math.pi / 2 + position * 2 * math.pi / 5
    r = diameter * RING_RADIUS
    return (r * math.cos(angle), r * math.sin(angle))


def dot_radius(diameter: float) -> float:
    return diameter * DOT_RADIUS


@cached_surfaces(24 * MB)
def ring_card(ring: tuple[str, ...], diameter: int, colour_blind: bool = False) -> pygame.Surface:
    """The face of one card, ``diameter`` pixels across."""
    size = max(16, diameter)

    def paint(pen: Pen) -> None:
        c = size / 2
        pen.circle((c + size * 0.01, c + size * 0.025), c * 0.98, (0, 0, 0, 70))
        pen.circle((c, c), c * 0.97, RIM)
        pen.circle((c, c), c * 0.93, FACE)
        pen.circle((c, c), size * RING_RADIUS, (226, 214, 186), width=size * 0.012)
        for position, colour in enumerate(ring):
            dx, dy = dot_centre(size, position)
            _dot(pen, (c + dx, c + dy), dot_radius(size), colour, colour_blind)
        pen.circle((c, c), size * 0.045, RIM)

    surface = supersample((size, size), paint)
    if colour_blind and size >= 40:
        _letters(surface, ring, size)
    return surface


def _dot(pen: Pen, at: tuple[float, float], radius: float, colour: str, colour_blind: bool) -> None:
    fill = DOT_COLOURS[colour]
    edge = rgb(max(0, v - 80) for v in fill)
    pen.circle(at, radius, edge)
    pen.circle(at, radius * 0.86, fill)
    if not colour_blind:
        glint = rgb(v + (255 - v) * 0.45 for v in fill)   # opaque: alpha would punch a hole
        pen.circle((at[0] - radius * 0.3, at[1] - radius * 0.3), radius * 0.25, glint)
        return
    if colour == "B":          # stripes
        for k in (-0.45, 0.0, 0.45):
            y = at[1] + k * radius
            half = math.sqrt(max(0.0, (radius * 0.8) ** 2 - (k * radius) ** 2))
            pen.line((at[0] - half, y), (at[0] + half, y), (20, 50, 120), radius * 0.16)
    elif colour == "Y":        # a ring inside
        pen.circle(at, radius * 0.62, (150, 110, 0), width=radius * 0.14)


def _letters(surface: pygame.Surface, ring: tuple[str, ...], size: int) -> None:
    text_size = max(9, int(size * DOT_RADIUS * 1.15))
    c = size / 2
    for position, colour in enumerate(ring):
        dx, dy = dot_centre(size, position)
        letter = render_text(colour, text_size, LETTER_INK[colour], bold=True, exact=True)
        surface.blit(letter, letter.get_rect(center=(round(c + dx), round(c + dy))))


@cached_surfaces(4 * MB)
def ring_back(diameter: int, style: str = "blue") -> pygame.Surface:
    """The back of a card: a disc in the colours of the chosen card back (the settings'
    "Card back", as on the square cards) with a five-petal rosette."""
    size = max(16, diameter)
    colours = BACK_STYLES[style] if style in BACK_STYLES else BACK_STYLES["blue"]
    field, light = colours.field, colours.lattice

    def paint(pen: Pen) -> None:
        c = size / 2
        pen.circle((c + size * 0.01, c + size * 0.025), c * 0.98, (0, 0, 0, 70))
        pen.circle((c, c), c * 0.97, RIM)
        pen.circle((c, c), c * 0.92, field)
        pen.circle((c, c), c * 0.78, light, width=size * 0.012)
        for position in range(5):
            dx, dy = dot_centre(size, position)
            pen.line((c, c), (c + dx * 0.9, c + dy * 0.9), light, size * 0.05)
            pen.circle((c + dx, c + dy), size * 0.05, light)
        pen.circle((c, c), size * 0.07, (240, 200, 90))

    return supersample((size, size), paint)


@cached_surfaces(2 * MB)
def highlight(diameter: int) -> pygame.Surface:
    """A gold ring drawn round a matching dot."""
    radius = dot_radius(diameter) * 1.45
    side = int(radius * 2 + 6)

    def paint(pen: Pen) -> None:
        pen.circle((side / 2, side / 2), radius, (255, 214, 80), width=max(2.0, diameter * 0.022))

    return supersample((side, side), paint)
