"""A flat hand seen from above, palm down, for the slap animation: drawn with the vector
pen in a seat's colour and cached per size."""

from __future__ import annotations

import pygame

from app.window.render.surface_cache import MB, cached_surfaces
from app.window.render.vector import Pen, rgb, supersample

# Fingers as (base x, base y, tip x, tip y, width) in a 100 x 120 box, the wrist at the bottom.
_FINGERS = (
    (30, 52, 20, 10, 15),
    (46, 48, 44, 2, 16),
    (62, 50, 66, 6, 15),
    (76, 58, 86, 22, 13),
)
_THUMB = (28, 82, 4, 56, 16)

SEAT_COLOURS: tuple[tuple[int, int, int], ...] = (
    (236, 196, 160), (200, 150, 110), (246, 214, 182), (160, 112, 80), (226, 178, 140), (120, 84, 60),
)
CUFFS: tuple[tuple[int, int, int], ...] = (
    (40, 90, 200), (200, 60, 60), (230, 180, 40), (60, 160, 90), (150, 80, 190), (230, 120, 40),
)


def seat_colour(seat: int) -> tuple[int, int, int]:
    """A colour per seat, used for the cuff of its hand and its marks on the table."""
    return CUFFS[seat % len(CUFFS)]


@cached_surfaces(4 * MB)
def hand(width: int, seat: int) -> pygame.Surface:
    """A hand ``width`` pixels wide (and 1.2 times as tall), the cuff in the seat's colour."""
    skin = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
    edge = rgb(max(0, c - 70) for c in skin)
    cuff = seat_colour(seat)

    def paint(pen: Pen) -> None:
        for outline, inset in ((edge, 0.0), (skin, 2.2)):
            for x0, y0, x1, y1, w in _FINGERS + (_THUMB,):
                pen.line((x0, y0), (x1, y1), outline, w - inset)
            pen.ellipse((52, 74), (31 - inset / 2, 30 - inset / 2), outline)
        pen.rect((26, 100, 52, 20), cuff, radius=4)
        pen.rect((26, 100, 52, 4), rgb(min(255, c + 50) for c in cuff))
        for x0, y0, x1, y1, w in _FINGERS:   # knuckle creases
            mx, my = x0 + (x1 - x0) * 0.45, y0 + (y1 - y0) * 0.45
            pen.line((mx - w * 0.2, my), (mx + w * 0.2, my), edge, 1.2)

    return supersample((width, round(width * 1.2)), paint, unit=width / 100)
