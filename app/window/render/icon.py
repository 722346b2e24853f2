"""Parlour's icon, drawn in code: a fan of three cards (a spade, a heart, a club) on a
rounded square of felt. The window shows it (app/window/shell.py) and the build writes it out as
the executables' .ico, .icns and .png (build/make_icon.py), so all come from one drawing.

Everything is in a unit box (0..1 both ways, y down) and drawn anti-aliased at any size;
the pips are large enough to read at 16 pixels as a red mark between two black ones.
"""

from __future__ import annotations

import math

import pygame

from app.window.render.suits import shape
from app.window.render.vector import Color, Pen, Point, arc_points, supersample
from app.window.ui import theme
from games.core.cards import Suit

CARD_SIZE = (0.34, 0.48)
PIVOT = (0.5, 0.81)            # where the fanned cards' lower ends meet
REACH = 0.33                   # from the pivot up to a card's centre
# (angle in degrees, clockwise; suit; pip colour), back card first
FAN: tuple[tuple[float, Suit, Color], ...] = (
    (-30.0, Suit.SPADES, (28, 28, 34)),
    (30.0, Suit.CLUBS, (28, 28, 34)),
    (0.0, Suit.HEARTS, (200, 30, 44)),
)
PAPER = (250, 247, 238)
EDGE = (70, 64, 58)


def icon_surface(size: int) -> pygame.Surface:
    """The icon, ``size`` pixels square, with a transparent outside."""
    factor = 4 if size <= 256 else 2   # 1024 px at 4x would be a 64 MB scratch surface
    return supersample((size, size), paint_icon, unit=size, factor=factor)


def paint_icon(pen: Pen) -> None:
    _felt(pen)
    for angle, suit, colour in FAN:
        _card(pen, angle, suit, colour)


def _felt(pen: Pen) -> None:
    pen.rect((0.03, 0.03, 0.94, 0.94), theme.FELT_DARK, radius=0.2)
    pen.rect((0.06, 0.06, 0.88, 0.88), theme.FELT, radius=0.17)
    pen.rect((0.06, 0.06, 0.88, 0.88), theme.GOLD, width=0.018, radius=0.17)


def _turn(point: Point, centre: Point, angle: float) -> Point:
    """``point`` turned ``angle`` degrees clockwise (y down) about ``centre``."""
    a = math.radians(angle)
    x, y = point[0] - centre[0], point[1] - centre[1]
    return (centre[0] + x * math.cos(a) - y * math.sin(a), centre[1] + x * math.sin(a) + y * math.cos(a))


def _card_outline(centre: Point, size: tuple[float, float], radius: float) -> list[Point]:
    """A rounded rectangle as a polygon, so that it can be turned."""
    half_w, half_h = size[0] / 2 - radius, size[1] / 2 - radius
    corners = ((half_w, half_h, 0), (-half_w, half_h, 90), (-half_w, -half_h, 180), (half_w, -half_h, 270))
    points: list[Point] = []
    for dx, dy, start in corners:
        points += arc_points((centre[0] + dx, centre[1] + dy), (radius, radius), start, start + 90, 6)
    return points


def _card(pen: Pen, angle: float, suit: Suit, colour: Color) -> None:
    centre = _turn((PIVOT[0], PIVOT[1] - REACH), PIVOT, angle)
    outline = [_turn(p, centre, angle) for p in _card_outline(centre, CARD_SIZE, 0.05)]
    shadow = [(x + 0.012, y + 0.016) for x, y in outline]
    pen.polygon(shadow, (0, 0, 0, 90))
    pen.polygon(outline, EDGE)
    inset = [_turn(p, centre, angle) for p in _card_outline(centre, (CARD_SIZE[0] - 0.03, CARD_SIZE[1] - 0.03), 0.037)]
    pen.polygon(inset, PAPER)
    # A side card's pip sits towards its outer edge, clear of the front card.
    shift = 0.035 * (angle > 0) - 0.035 * (angle < 0)
    _pip(pen, suit, _turn((centre[0] + shift, centre[1] - 0.06), centre, angle), 0.2, angle, colour)


def _pip(pen: Pen, suit: Suit, centre: Point, height: float, angle: float, colour: Color) -> None:
    """``suit``'s pip, ``height`` tall, turned with its card."""
    def placed(x: float, y: float) -> Point:
        return _turn((centre[0] + (x - 0.5) * height, centre[1] + (y - 0.5) * height), centre, angle)

    outline = shape(suit)
    for polygon in outline.polygons:
        pen.polygon([placed(x, y) for x, y in polygon], colour)
    for (x, y), radius in outline.circles:
        pen.circle(placed(x, y), radius * height, colour)
