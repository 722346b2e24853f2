"""Each game's picture on its menu tile (and its setup screen), drawn from what makes the
game itself: Seahaven's tower cells, Whist's trick, Euchre's bowers, Nap's five cards and
chips, and so on. Painted with the card renderer into a transparent surface the size of
the box it goes in, and cached per game, size and deck style, so the menu only copies it.
"""

from __future__ import annotations

from typing import Callable

import pygame

from app.window.render.cards import CardRenderer
from app.window.render.nails import ring_card
from app.window.render.table import CardSprite, SpriteDrawer, token
from app.window.render.text import render_text
from app.window.render.vector import Pen, supersample
from app.window.ui import theme
from games.core.cards import Card

Art = Callable[["Easel"], None]

_CACHE: dict[tuple[object, ...], pygame.Surface] = {}
_CACHE_LIMIT = 64


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

    def text(self, words: str, fx: float, fy: float, share: float, colour: tuple[int, int, int] = theme.GOLD) -> None:
        size = max(10, round(self.h * share))
        image = render_text(words, size, colour, bold=True)
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


def tile_art(game_id: str, size: tuple[int, int], renderer: CardRenderer, back: str = "blue",
             cover: tuple[str, ...] = ("AS", "KH", "QD")) -> pygame.Surface:
    """The picture for ``game_id`` in a ``size`` box (transparent where nothing is drawn);
    a game without a picture of its own shows its ``cover`` cards in a fan."""
    size = (max(24, size[0]), max(24, size[1]))
    key = (game_id, size, id(renderer), renderer.four_colour, renderer.large_index, back, cover)
    image = _CACHE.get(key)
    if image is None:
        if len(_CACHE) >= _CACHE_LIMIT:
            _CACHE.clear()
        image = pygame.Surface(size, pygame.SRCALPHA)
        easel = Easel(image, renderer, back)
        art = ARTS.get(game_id)
        if art is None:
            _fan(easel, cover)
        else:
            art(easel)
        _CACHE[key] = image
    return image


# --- one picture per game ------------------------------------------------------------------

def _fan(e: Easel, cover: tuple[str, ...]) -> None:
    """The fallback: a fan of cards (a game without a picture of its own yet)."""
    middle = (len(cover) - 1) / 2
    for k, code in enumerate(cover):
        e.card(code, 0.5 + (k - middle) * 0.2, 0.5 + abs(k - middle) * 0.03, angle=(middle - k) * 12)


def _seahaven(e: Easel) -> None:
    # Four tower cells along the top, two holding a card; a cascade stepping down below.
    cell = e.card_w * 0.5
    for k in range(4):
        x = e.w * (0.14 + k * 0.24)
        slot = pygame.Rect(0, 0, round(cell), round(cell * 1.4))
        slot.center = (round(x), round(e.h * 0.17))
        pygame.draw.rect(e.surface, (8, 40, 24), slot, border_radius=3)
        pygame.draw.rect(e.surface, (110, 150, 120), slot, 1, border_radius=3)
        if k in (1, 3):
            e.card(("7D", "QC")[k // 2], 0.14 + k * 0.24, 0.17, scale=0.5, shadow=False)
    # The cascade fills the rest: four cards, each showing a fifth of the one beneath.
    top = e.h * 0.17 + cell * 0.7 + 4
    scale = min(0.82, (e.h - top - 4) / (e.card_w * 1.4 * 1.66))
    height = e.card_w * scale * 1.4
    for k, code in enumerate(("KS", "QH", "JS", "TH")):
        e.card(code, 0.5, (top + height / 2 + k * height * 0.22) / e.h, scale=scale)


def _whist(e: Easel) -> None:
    # A trick: four cards from four sides, the last one still landing.
    for code, fx, fy, angle in (("7H", 0.5, 0.3, 4), ("KH", 0.26, 0.5, 84), ("AH", 0.5, 0.7, -3),
                                ("2S", 0.74, 0.5, -80)):
        e.card(code, fx, fy, angle=angle, scale=0.62)


def _euchre(e: Easel) -> None:
    # The two bowers crossed over the turned-up trump.
    e.card("9C", 0.5, 0.4, scale=0.7)
    e.card("JS", 0.36, 0.58, angle=14)
    e.card("JC", 0.64, 0.58, angle=-14)


def _nap(e: Easel) -> None:
    # Five cards in a fan and a little pile of chips in front.
    for k, code in enumerate(("AS", "KS", "QS", "JS", "9S")):
        e.card(code, 0.24 + k * 0.13, 0.42 + abs(k - 2) * 0.025, angle=(2 - k) * 9, scale=0.78)
    e.chips(0.5, 0.84, 4)


def _nash_whist(e: Easel) -> None:
    # The auction: a bid on a plate, and the pot of chips it plays for.
    e.card("AH", 0.3, 0.38, angle=10, scale=0.8)
    e.card("KH", 0.52, 0.36, angle=-6, scale=0.8)
    plate = pygame.Rect(0, 0, round(e.w * 0.62), round(e.h * 0.17))
    plate.center = (round(e.w * 0.45), round(e.h * 0.7))
    pygame.draw.rect(e.surface, (8, 36, 22), plate, border_radius=plate.height // 2)
    pygame.draw.rect(e.surface, theme.GOLD, plate, 2, border_radius=plate.height // 2)
    e.text("bid 8", plate.centerx / e.w, plate.centery / e.h, 0.1, theme.INK)
    e.chips(0.82, 0.86, 5, radius=0.09)


def _ninety_nine(e: Easel) -> None:
    # The pile with its running count over it.
    for k, code in enumerate(("9S", "TH", "9D")):
        e.card(code, 0.4 + k * 0.1, 0.36 + k * 0.03, angle=(1 - k) * 10, scale=0.78)
    e.text("99", 0.5, 0.82, 0.2)


def _ratscrew(e: Easel) -> None:
    # A messy pile, a pair on top, and a hand slapping it.
    for k, (code, angle) in enumerate((("4C", 25), ("KD", -18), ("7S", 8), ("7H", -6))):
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


def _nails(e: Easel) -> None:
    rings = (("B", "B", "R", "Y", "Y"), ("R", "R", "B", "Y", "B"), ("R", "Y", "Y", "B", "Y"))
    diameter = round(min(e.w * 0.62, e.h * 0.5))
    for k, ring in enumerate(rings):
        image = ring_card(ring, diameter)
        x, y = e.at(0.3 + k * 0.2, 0.38 + k * 0.12)
        e.surface.blit(image, image.get_rect(center=(round(x), round(y))))


def _spoons(e: Easel) -> None:
    # Four of a kind, and the spoon to grab.
    for k, code in enumerate(("QS", "QH", "QD", "QC")):
        e.card(code, 0.3 + k * 0.13, 0.38 + abs(k - 1.5) * 0.03, angle=(1.5 - k) * 9, scale=0.8)
    e.vector(0.5, 0.8, (0.92, 0.3), _spoon, design=(100, 36))


def _spoon(pen: Pen) -> None:
    silver, edge = (214, 220, 230), (110, 116, 130)
    pen.line((7, 22), (60, 17), edge, 9)
    pen.line((7, 22), (60, 17), silver, 6)
    pen.ellipse((78, 16), (20, 13), edge)
    pen.ellipse((78, 16), (18, 11), silver)
    pen.ellipse((83, 13), (8, 4), (246, 248, 252))


def _nash(e: Easel) -> None:
    # Three hidden cards to name, each a back with a question mark.
    for k in range(3):
        rect = e.card(None, 0.22 + k * 0.28, 0.46 + (k == 1) * -0.05, angle=(1 - k) * 6, scale=0.78)
        e.text("?", rect.centerx / e.w, rect.centery / e.h, 0.16)


def _abstrac(e: Easel) -> None:
    # The face-up row to take from: two rows of cards overlapping, nothing hidden.
    codes = ("3S", "8H", "8C", "QD", "5S", "6S", "7S", "KH")
    for k, code in enumerate(codes):
        row, col = divmod(k, 4)
        e.card(code, 0.2 + col * 0.2, 0.34 + row * 0.36, scale=0.62)


ARTS: dict[str, Art] = {
    "seahaven": _seahaven, "whist": _whist, "euchre": _euchre, "nap": _nap,
    "nash_whist": _nash_whist, "ninety_nine": _ninety_nine, "ratscrew": _ratscrew,
    "nails": _nails, "spoons": _spoons, "nash": _nash, "abstrac": _abstrac,
}
