"""Washing the deck before the first deal: the cards spread face down over the felt, swirl
for a moment and gather into a pile; then the deal begins.

Purely a picture: the deal was made by the seed before the wash starts, and the table
underneath does not move (the wash is an overlay on bare felt, so the table neither
updates nor takes input, nor shows, until it is gone). About a second at normal speed; any key or click skips it; it is
not shown at the "instant" speed, when the "Wash the cards before dealing" setting is off,
in a replay, or for a game continued from where it was left.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

import pygame

from app.window.render.table import felt
from app.window.scenes.base import Scene
from app.window.ui import theme

if TYPE_CHECKING:
    from app.window.scenes.base import AppServices, TableLike

DURATION = 1.0       # seconds at normal speed
SPREAD_END = 0.3     # share of the wash spent spreading the cards out
GATHER_START = 0.7   # ...and from where they gather into a pile
CARDS = 40           # cards in the picture (enough to look like a deck, cheap to draw)
ANGLE_STEP = 6       # degrees: turned images are cached at this step
PREPARE_BUDGET = 0.001   # seconds a frame the table beneath may get ready in (the wash's
                         # own frame is about a millisecond; a frame's whole is kept under 4)
SHOWN = True         # False leaves every wash out (the UI tests, which count frames from the deal)


@dataclass(frozen=True)
class Washed:
    """One card's path: where it lies when spread out (polar, from the centre), how it
    lies, and how fast and which way it swirls."""

    radius: float     # 0..1 of the spread's radii
    bearing: float    # radians
    tilt: float       # degrees
    spin: float       # turns over the whole swirl, negative anticlockwise


def paths(count: int, seed: int = 7) -> list[Washed]:
    """The cards' paths: the same every time (a picture, not a shuffle)."""
    pick = random.Random(seed)
    return [Washed(radius=math.sqrt(pick.uniform(0.08, 1.0)), bearing=pick.uniform(0, 2 * math.pi),
                   tilt=pick.uniform(-90, 90), spin=pick.choice((-1, 1)) * pick.uniform(0.25, 0.6))
            for _ in range(count)]


def _ease(t: float) -> float:
    t = max(0.0, min(1.0, t))
    return t * t * (3 - 2 * t)


def spread(t: float) -> float:
    """How far out the cards are at ``t`` (0..1 of the wash): out, held, back in."""
    if t < SPREAD_END:
        return _ease(t / SPREAD_END)
    if t < GATHER_START:
        return 1.0
    return 1.0 - _ease((t - GATHER_START) / (1 - GATHER_START))


def pose(card: Washed, index: int, t: float, centre: tuple[float, float],
         reach: tuple[float, float]) -> tuple[float, float, float]:
    """Where card ``index`` is at ``t``, and its angle: (x, y, degrees)."""
    out = spread(t)
    turn = _ease(t) * card.spin * 2 * math.pi
    bearing = card.bearing + turn
    pile = index * 0.35   # gathered, the cards stack up a little, as a real pile does
    x = centre[0] + out * card.radius * reach[0] * math.cos(bearing) - (1 - out) * pile
    y = centre[1] + out * card.radius * reach[1] * math.sin(bearing) - (1 - out) * pile
    angle = out * card.tilt + math.degrees(turn) * 0.5 * out
    return x, y, angle


class WashScene(Scene):
    """The wash, over the table that is about to deal."""

    # (An overlay: the table beneath makes its first picture, unseen, in the wash's first
    # frames rather than as the wash gives way to the deal, a stutter in the motion.)
    overlay = True
    name = "wash"

    def __init__(self, app: AppServices, table: TableLike, back: Callable[[int], pygame.Surface]) -> None:
        super().__init__(app)
        self.table = table
        self.back = back
        self.t = 0.0
        self.cards = paths(CARDS)
        self._turned: dict[int, pygame.Surface] = {}
        self.resize(app.screen.get_size())

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        s = theme.scale_for(size)
        self.width = max(24, round(64 * s))
        self.centre = (size[0] / 2, size[1] / 2)
        self.reach = (size[0] * 0.3, size[1] * 0.26)
        self._turned.clear()

    @property
    def done(self) -> bool:
        return self.t >= 1.0

    def skip(self) -> None:
        """The deal begins now."""
        if self.app.scenes.top is self:
            self.app.scenes.pop()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.skip()

    def update(self, dt: float) -> None:
        if self.table.settled:   # its first picture made (under the wash), then the rest
            self.table.prepare_hidden(PREPARE_BUDGET)
        speed = self.app.animation_speed
        self.t = 1.0 if speed <= 0 else self.t + dt * speed / DURATION
        if self.done:
            self.skip()

    def draw(self, surface: pygame.Surface) -> None:
        # Bare felt: the table beneath already holds the dealt position, which its first
        # events clear and deal again once the wash is gone.
        surface.blit(felt(self.size), (0, 0))
        for index, card in enumerate(self.cards):
            x, y, angle = pose(card, index, min(1.0, self.t), self.centre, self.reach)
            image = self._image(angle)
            surface.blit(image, image.get_rect(center=(round(x), round(y))))

    def _image(self, angle: float) -> pygame.Surface:
        """A back turned to the nearest ``ANGLE_STEP`` degrees (cached)."""
        step = round(angle / ANGLE_STEP) * ANGLE_STEP % 360
        image = self._turned.get(step)
        if image is None:
            back = self.back(self.width)
            image = self._turned[step] = pygame.transform.rotozoom(back, step, 1.0) if step else back
        return image


def wanted(table: TableLike) -> bool:
    """Whether ``table`` washes before its first deal: a fresh game (not continued, not a
    replay), at a speed above "instant", with the setting on."""
    app = table.app
    return (SHOWN and bool(getattr(app.settings, "wash_cards", True)) and app.animation_speed > 0
            and not table.watching and not table.session.actions)


def offer(table: TableLike) -> WashScene | None:
    """Put the wash over ``table`` if it should wash (see ``wanted``); returns the wash."""
    if not wanted(table):
        return None
    scene = WashScene(table.app, table, table.wash_back)
    table.app.scenes.push(scene)
    return scene
