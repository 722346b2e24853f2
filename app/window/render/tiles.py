"""Each game's picture on its menu tile (and its setup screen), drawn from what makes the
game itself: Seahaven's tower cells, Whist's trick, Euchre's bowers, Nap's five cards and
chips, and so on. The game's spec says which picture and which cards (``MenuArt``); here
each kind of picture is painted, with the card renderer, into a transparent surface the
size of the box it goes in, and cached per picture, size and deck style, so the menu only
copies it.
"""

from __future__ import annotations

from typing import Callable

import pygame

from app.window.render.cards import CardRenderer
from app.window.render.nails import ring_card
from app.window.render.table import CardSprite, SpriteDrawer, token
from app.window.render.surface_cache import MB, SurfaceLRU
from app.window.render.text import render_text
from app.window.render.vector import Pen, supersample
from app.window.ui import theme
from games.core.cards import Card
from games.registry import MenuArt, Picture

# A painting: the easel and the cards the spec gives it, in the order it places them.
Painting = Callable[["Easel", tuple[str, ...]], None]

_CACHE: SurfaceLRU[tuple[object, ...]] = SurfaceLRU("menu tiles", 16 * MB)


class Easel:
    """A tile's picture being painted: the surface, the renderer's cards and helpers that
    place them in proportions of the box (0..1 across and down)."""

    def __init__(self, surface: pygame.Surface, renderer: CardRenderer, back: str) -> None:
        self.surface = surface
        self.w, self.h = surface.get_size()
        self.drawer = SpriteDrawer(renderer, back)
        # A card as wide as fits twice across, or as tall as fits in two thirds of the box.
        self.card_w = max(20, round(min(self.w * 0.46, self.h * 0.62 / 1.4)))

    def at(self, fx: float, fy: float) -> tuple[float, float]:
        return self.w * fx, self.h * fy

    def card(self, code: str | None, fx: float, fy: float, angle: float = 0.0,
             scale: float = 1.0, shadow: bool = True) -> pygame.Rect:
        """A card (face up from its code, or a back for None) centred at (fx, fy)."""
        x, y = self.at(fx, fy)
        sprite = CardSprite(Card.parse(code) if code else None, x, y, face_up=code is not None,
                            width=max(20, round(self.card_w * scale)), angle=angle)
        self.drawer.draw(self.surface, sprite, shadow=shadow)
        return sprite.rect()

    def chips(self, fx: float, fy: float, count: int, radius: float = 0.11) -> None:
        """A little stack of gold counters."""
        r = max(4, round(min(self.w, self.h) * radius))
        x, y = self.at(fx, fy)
        for k in range(count):
            chip = token(r)
            self.surface.blit(chip, chip.get_rect(center=(round(x + (k % 2) * r * 0.35), round(y - k * r * 0.45))))

    def text(self, words: str, fx: float, fy: float, share: float, colour: tuple[int, int, int] | None = None) -> None:
        colour = colour or theme.GOLD
        size = max(10, round(self.h * share))
        image = render_text(words, size, colour, bold=True, exact=True)
        if image.get_width() > self.w:
            image = pygame.transform.smoothscale(image, (self.w, round(image.get_height() * self.w / image.get_width())))
        x, y = self.at(fx, fy)
        self.surface.blit(image, image.get_rect(center=(round(x), round(y))))

    def vector(self, fx: float, fy: float, box: tuple[float, float], paint: Callable[[Pen], None],
               design: tuple[float, float] = (100, 100)) -> None:
        """Shapes in a ``design``-unit box, drawn ``box`` (shares of the tile's width and
        height) big at most, keeping their proportions."""
        unit = min(self.w * box[0] / design[0], self.h * box[1] / design[1])
        w, h = max(2, round(design[0] * unit)), max(2, round(design[1] * unit))
        image = supersample((w, h), paint, unit=unit)
        x, y = self.at(fx, fy)
        self.surface.blit(image, image.get_rect(center=(round(x), round(y))))


def tile_art(art: MenuArt, size: tuple[int, int], renderer: CardRenderer, back: str = "blue") -> pygame.Surface:
    """A game's picture (its spec's ``art``) in a ``size`` box (transparent where nothing is drawn)."""
    size = (max(24, size[0]), max(24, size[1]))
    key = (art, size, id(renderer), renderer.four_colour, renderer.large_index, back)
    image = _CACHE.get(key)
    if image is None:
        image = pygame.Surface(size, pygame.SRCALPHA)
        PAINTINGS[art.picture](Easel(image, renderer, back), art.cards)
        _CACHE.put(key, image)
    return image


# --- one painting per kind of picture ------------------------------------------------------

def _fan(e: Easel, cards: tuple[str, ...]) -> None:
    """A fan of cards (a game with no picture of its own yet)."""
    middle = (len(cards) - 1) / 2
    for k, code in enumerate(cards):
        e.card(code, 0.5 + (k - middle) * 0.2, 0.5 + abs(k - middle) * 0.03, angle=(middle - k) * 12)


def _towers(e: Easel, cards: tuple[str, ...]) -> None:
    # Four tower cells along the top, two holding a card (the first two); a cascade of the
    # rest stepping down below.
    cell = e.card_w * 0.5
    for k in range(4):
        x = e.w * (0.14 + k * 0.24)
        slot = pygame.Rect(0, 0, round(cell), round(cell * 1.4))
        slot.center = (round(x), round(e.h * 0.17))
        pygame.draw.rect(e.surface, (8, 40, 24), slot, border_radius=3)
        pygame.draw.rect(e.surface, (110, 150, 120), slot, 1, border_radius=3)
        if k in (1, 3):
            e.card(cards[k // 2], 0.14 + k * 0.24, 0.17, scale=0.5, shadow=False)
    # The cascade fills the rest: four cards, each showing a fifth of the one beneath.
    top = e.h * 0.17 + cell * 0.7 + 4
    scale = min(0.82, (e.h - top - 4) / (e.card_w * 1.4 * 1.66))
    height = e.card_w * scale * 1.4
    for k, code in enumerate(cards[2:]):
        e.card(code, 0.5, (top + height / 2 + k * height * 0.22) / e.h, scale=scale)


def _trick(e: Easel, cards: tuple[str, ...]) -> None:
    # A trick: four cards from four sides (top, left, bottom, right), the last one still landing.
    for code, (fx, fy, angle) in zip(cards, ((0.5, 0.3, 4), (0.26, 0.5, 84), (0.5, 0.7, -3), (0.74, 0.5, -80))):
        e.card(code, fx, fy, angle=angle, scale=0.62)


def _bowers(e: Easel, cards: tuple[str, ...]) -> None:
    # The two bowers (the second and third cards) crossed over the turned-up trump (the first).
    turned, left, right = cards
    e.card(turned, 0.5, 0.4, scale=0.7)
    e.card(left, 0.36, 0.58, angle=14)
    e.card(right, 0.64, 0.58, angle=-14)


def _fan_and_chips(e: Easel, cards: tuple[str, ...]) -> None:
    # Five cards in a fan and a little pile of chips in front.
    for k, code in enumerate(cards):
        e.card(code, 0.24 + k * 0.13, 0.42 + abs(k - 2) * 0.025, angle=(2 - k) * 9, scale=0.78)
    e.chips(0.5, 0.84, 4)


def _auction(e: Easel, cards: tuple[str, ...]) -> None:
    # The auction: two cards, a bid on a plate, and the pot of chips it plays for.
    first, second = cards
    e.card(first, 0.3, 0.38, angle=10, scale=0.8)
    e.card(second, 0.52, 0.36, angle=-6, scale=0.8)
    plate = pygame.Rect(0, 0, round(e.w * 0.62), round(e.h * 0.17))
    plate.center = (round(e.w * 0.45), round(e.h * 0.7))
    pygame.draw.rect(e.surface, (8, 36, 22), plate, border_radius=plate.height // 2)
    pygame.draw.rect(e.surface, theme.GOLD, plate, 2, border_radius=plate.height // 2)
    e.text("bid 8", plate.centerx / e.w, plate.centery / e.h, 0.1, theme.INK)
    e.chips(0.82, 0.86, 5, radius=0.09)


def _count(e: Easel, cards: tuple[str, ...]) -> None:
    # The pile with its running count over it.
    for k, code in enumerate(cards):
        e.card(code, 0.4 + k * 0.1, 0.36 + k * 0.03, angle=(1 - k) * 10, scale=0.78)
    e.text("99", 0.5, 0.82, 0.2)


def _slap(e: Easel, cards: tuple[str, ...]) -> None:
    # A messy pile (its top card last), and a hand slapping it.
    for k, (code, angle) in enumerate(zip(cards, (25, -18, 8, -6))):
        e.card(code, 0.4 + (k % 2) * 0.08, 0.38 + k * 0.04, angle=angle, scale=0.8)
    e.vector(0.7, 0.76, (0.5, 0.36), _hand)


def _hand(pen: Pen) -> None:
    skin, line = (248, 214, 178), (120, 80, 60)
    palm = [(30, 40), (78, 40), (80, 78), (56, 96), (34, 92), (26, 70)]
    fingers = [(34, 8, 10, 40), (47, 2, 10, 46), (60, 4, 10, 44), (72, 14, 9, 34)]
    for x, y, w, h in fingers:
        pen.rect((x - 1, y - 1, w + 2, h + 2), line, radius=6)
    pen.polygon(palm, line, 3)
    for x, y, w, h in fingers:
        pen.rect((x, y, w, h), skin, radius=5)
    pen.polygon(palm, skin)
    pen.polyline([(28, 66), (12, 52), (6, 40)], line, 12)
    pen.polyline([(28, 66), (12, 52), (6, 40)], skin, 9)
    for k in range(3):   # the slap's motion lines
        pen.line((88 + k * 2, 30 + k * 14), (98, 26 + k * 16), theme.GOLD, 3)


def _rings(e: Easel, cards: tuple[str, ...]) -> None:
    # Nails's ring cards, overlapping down to the right; a code is its five dots' colours.
    diameter = round(min(e.w * 0.62, e.h * 0.5))
    for k, ring in enumerate(cards):
        image = ring_card(tuple(ring), diameter)
        x, y = e.at(0.3 + k * 0.2, 0.38 + k * 0.12)
        e.surface.blit(image, image.get_rect(center=(round(x), round(y))))


def _spoon_to_grab(e: Easel, cards: tuple[str, ...]) -> None:
    # Four of a kind, and the spoon to grab.
    for k, code in enumerate(cards):
        e.card(code, 0.3 + k * 0.13, 0.38 + abs(k - 1.5) * 0.03, angle=(1.5 - k) * 9, scale=0.8)
    e.vector(0.5, 0.8, (0.92, 0.3), _spoon, design=(100, 36))


def _spoon(pen: Pen) -> None:
    silver, edge = (214, 220, 230), (110, 116, 130)
    pen.line((7, 22), (60, 17), edge, 9)
    pen.line((7, 22), (60, 17), silver, 6)
    pen.ellipse((78, 16), (20, 13), edge)
    pen.ellipse((78, 16), (18, 11), silver)
    pen.ellipse((83, 13), (8, 4), (246, 248, 252))


def _mystery(e: Easel, cards: tuple[str, ...]) -> None:
    # Three hidden cards to name, each a back with a question mark (no cards shown).
    for k in range(3):
        rect = e.card(None, 0.22 + k * 0.28, 0.46 + (k == 1) * -0.05, angle=(1 - k) * 6, scale=0.78)
        e.text("?", rect.centerx / e.w, rect.centery / e.h, 0.16)


def _row(e: Easel, cards: tuple[str, ...]) -> None:
    # The face-up row to take from: two rows of cards overlapping, nothing hidden.
    for k, code in enumerate(cards):
        row, col = divmod(k, 4)
        e.card(code, 0.2 + col * 0.2, 0.34 + row * 0.36, scale=0.62)


PAINTINGS: dict[Picture, Painting] = {
    Picture.FAN: _fan, Picture.TOWERS: _towers, Picture.TRICK: _trick, Picture.BOWERS: _bowers,
    Picture.FAN_AND_CHIPS: _fan_and_chips, Picture.AUCTION: _auction, Picture.COUNT: _count,
    Picture.SLAP: _slap, Picture.RINGS: _rings, Picture.SPOON: _spoon_to_grab,
    Picture.MYSTERY: _mystery, Picture.ROW: _row,
}
