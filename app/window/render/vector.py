"""A small vector pen: shapes in design units, drawn large and shrunk for anti-aliasing.

pygame's filled shapes have hard, jagged edges. Drawing at ``factor`` times the size and
shrinking with ``smoothscale`` (an area average) gives smooth edges for every shape alike,
which matters on the curved suit pips and court figures at card widths of 40 to 200 px.
"""

from __future__ import annotations

import math
from typing import Callable, Iterable, Sequence

import pygame

Point = tuple[float, float]
RGB = tuple[int, int, int]
Color = RGB | tuple[int, int, int, int]


def rgba_of(color: Color | pygame.Color) -> tuple[int, int, int, int]:
    """Any colour as its four channels (a cache key, or a base to change the alpha of)."""
    c = pygame.Color(color)
    return (c.r, c.g, c.b, c.a)


def rgb(channels: Iterable[float]) -> RGB:
    """Three worked-out channels (a darker edge, a lighter glint) as a colour."""
    r, g, b = (round(c) for c in channels)
    return (r, g, b)

DEFAULT_FACTOR = 4


class Pen:
    """Draws on ``surface`` with design coordinates mapped by ``origin + point * scale``."""

    def __init__(self, surface: pygame.Surface, scale: float, origin: Point = (0.0, 0.0)) -> None:
        self.surface = surface
        self.scale = scale
        self.origin = origin

    def at(self, point: Point) -> Point:
        return (self.origin[0] + point[0] * self.scale, self.origin[1] + point[1] * self.scale)

    def size(self, length: float) -> int:
        """A design length in pixels, never thinner than one pixel."""
        return max(1, round(length * self.scale))

    def polygon(self, points: Sequence[Point], color: Color, width: float = 0) -> None:
        pixels = [self.at(p) for p in points]
        pygame.draw.polygon(self.surface, color, pixels, self.size(width) if width else 0)

    def circle(self, center: Point, radius: float, color: Color, width: float = 0) -> None:
        pygame.draw.circle(
            self.surface, color, self.at(center), radius * self.scale,
            self.size(width) if width else 0,
        )

    def ellipse(self, center: Point, radii: Point, color: Color, width: float = 0) -> None:
        x, y = self.at((center[0] - radii[0], center[1] - radii[1]))
        box = pygame.Rect(round(x), round(y), self.size(2 * radii[0]), self.size(2 * radii[1]))
        pygame.draw.ellipse(self.surface, color, box, self.size(width) if width else 0)

    def rect(self, box: tuple[float, float, float, float], color: Color,
             width: float = 0, radius: float = 0) -> None:
        x, y = self.at((box[0], box[1]))
        area = pygame.Rect(round(x), round(y), self.size(box[2]), self.size(box[3]))
        pygame.draw.rect(self.surface, color, area, self.size(width) if width else 0,
                         border_radius=round(radius * self.scale))

    def clip(self, box: tuple[float, float, float, float] | None) -> None:
        """Restrict drawing to a design-unit box (``None`` lifts the limit)."""
        if box is None:
            self.surface.set_clip(None)
            return
        x, y = self.at((box[0], box[1]))
        self.surface.set_clip(pygame.Rect(round(x), round(y), self.size(box[2]), self.size(box[3])))

    def line(self, a: Point, b: Point, color: Color, width: float) -> None:
        """A thick segment with round ends (pygame's own thick lines have square, skewed ends)."""
        self.polyline([a, b], color, width)

    def polyline(self, points: Sequence[Point], color: Color, width: float) -> None:
        for a, b in zip(points, points[1:]):
            self.polygon(_segment_quad(a, b, width / 2), color)
        for p in points:
            self.circle(p, width / 2, color)


def supersample(
    size: tuple[int, int],
    paint: Callable[[Pen], None],
    unit: float = 1.0,
    factor: int = DEFAULT_FACTOR,
    clear: Color = (0, 0, 0, 0),
) -> pygame.Surface:
    """Paint with a pen of ``unit`` pixels per design unit at ``factor`` x, then shrink.

    ``clear`` is the background; give transparent pixels the shape's own colour (alpha 0)
    so the average at the edges does not pull in a dark fringe.
    """
    width, height = max(1, size[0]), max(1, size[1])
    big = pygame.Surface((width * factor, height * factor), pygame.SRCALPHA)
    big.fill(clear)
    paint(Pen(big, unit * factor))
    return pygame.transform.smoothscale(big, (width, height))


def cubic(p0: Point, p1: Point, p2: Point, p3: Point, steps: int = 16) -> list[Point]:
    """Points along a cubic Bezier curve, both ends included."""
    out = []
    for i in range(steps + 1):
        t = i / steps
        u = 1 - t
        a, b, c, d = u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t
        out.append((a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0],
                    a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1]))
    return out


def path(start: Point, *curves: tuple[Point, Point, Point], steps: int = 16) -> list[Point]:
    """Chain cubic curves: each item is (control1, control2, end), starting from ``start``."""
    points = [start]
    for c1, c2, end in curves:
        points.extend(cubic(points[-1], c1, c2, end, steps)[1:])
    return points


def mirrored(half: Sequence[Point], axis_x: float) -> list[Point]:
    """Close a left-right symmetric outline from its right half (drawn top to bottom or back)."""
    reflected = [(2 * axis_x - x, y) for x, y in reversed(half)]
    return list(half) + reflected


def arc_points(center: Point, radius: Point, start: float, stop: float, steps: int = 24) -> list[Point]:
    """Points on an elliptical arc; angles in degrees, 0 = right, 90 = down (screen space)."""
    return [
        (center[0] + radius[0] * math.cos(math.radians(a)),
         center[1] + radius[1] * math.sin(math.radians(a)))
        for a in (start + (stop - start) * i / steps for i in range(steps + 1))
    ]


def _segment_quad(a: Point, b: Point, half: float) -> list[Point]:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / length * half, dx / length * half
    return [(a[0] + nx, a[1] + ny), (b[0] + nx, b[1] + ny), (b[0] - nx, b[1] - ny), (a[0] - nx, a[1] - ny)]
