"""Playing cards drawn by code: faces, backs, shadows and highlight rings, cached per size.

Every surface is made once per argument set and kept in a dictionary, so drawing a table
is a series of dictionary lookups and blits. Height is always ``round(width * 1.4)``.
Surfaces use per-pixel alpha (rounded corners) and are converted for fast blitting only
when a display mode exists, so the renderer also works headless and before the window.
"""

from __future__ import annotations

import math
import time
from collections import OrderedDict
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Iterator

import pygame

from app.window.render import courts
from app.window.render.suits import paint_suit, suit_surface
from app.window.render.surface_cache import MB, cached_surfaces, register, size_of
from app.window.render.text import render_text
from app.window.render.vector import RGB, Color, Pen, Point, rgba_of, supersample
from games.core.cards import Card, Rank, Suit

ASPECT = 1.4
MIN_WIDTH = 16
SIMPLE_BELOW = 56  # narrower cards show only an index and one large pip
STOCK: RGB = (250, 248, 240)
PANEL: RGB = (253, 250, 241)
EDGE: RGB = (150, 148, 142)
RED: RGB = (200, 30, 40)
BLACK: RGB = (25, 25, 30)
GREEN: RGB = (16, 128, 60)
BLUE: RGB = (24, 84, 196)
GOLD: RGB = (196, 150, 50)
# The high-contrast deck: white stock, a black edge, and inks darker still against it.
HC_STOCK: RGB = (255, 255, 255)
HC_EDGE: RGB = (0, 0, 0)
HC_RED: RGB = (176, 0, 16)
HC_BLACK: RGB = (0, 0, 0)
HC_GREEN: RGB = (0, 100, 36)
HC_BLUE: RGB = (0, 56, 170)


@dataclass(frozen=True)
class BackStyle:
    """The three tones of a back: the field, the lattice and the lattice's highlights."""

    field: Color
    lattice: Color
    light: Color


BACK_STYLES: dict[str, BackStyle] = {
    "blue": BackStyle(field=(30, 60, 138), lattice=(82, 118, 196), light=(196, 212, 245)),
    "red": BackStyle(field=(152, 26, 38), lattice=(204, 84, 90), light=(250, 206, 200)),
    "green": BackStyle(field=(22, 96, 60), lattice=(70, 156, 108), light=(204, 236, 210)),
}

# Pip positions for 2-10 as (column 0/1/2, row 0..1 from top pip row to bottom pip row).
_EDGE_PIPS = ((0, 0.0), (2, 0.0), (0, 1.0), (2, 1.0))
_SIDE_PIPS = _EDGE_PIPS + ((0, 0.5), (2, 0.5))
_LONG_SIDES = tuple((c, r) for c in (0, 2) for r in (0.0, 1 / 3, 2 / 3, 1.0))
PIP_LAYOUTS: dict[int, tuple[tuple[int, float], ...]] = {
    2: ((1, 0.0), (1, 1.0)),
    3: ((1, 0.0), (1, 0.5), (1, 1.0)),
    4: _EDGE_PIPS,
    5: _EDGE_PIPS + ((1, 0.5),),
    6: _SIDE_PIPS,
    7: _SIDE_PIPS + ((1, 0.25),),
    8: _SIDE_PIPS + ((1, 0.25), (1, 0.75)),
    9: _LONG_SIDES + ((1, 0.5),),
    10: _LONG_SIDES + ((1, 1 / 6), (1, 5 / 6)),
}


@dataclass(frozen=True)
class Geometry:
    """Where everything sits on a card of one width (pixels)."""

    width: int
    height: int
    radius: float
    border: float
    small: bool
    index_font: int
    index_pip: int
    index_x: float
    index_top: float
    index_max_width: float
    pip: int
    columns: tuple[float, float, float]
    rows: tuple[float, float]
    frame: tuple[int, int, int, int]  # the court panel: x, y, width, height (even)


@lru_cache(maxsize=64)
def geometry(width: int, large_index: bool = False) -> Geometry:
    """Card geometry; the large index takes room from the pips, as jumbo-index decks do."""
    height = round(width * ASPECT)
    small = width < SIMPLE_BELOW
    grow = 1.5 if large_index else 1.0
    font_share = (0.27 if small else 0.165) * (1.25 if large_index and small else grow)
    frame_x = round(width * (0.25 if large_index else 0.185))
    frame_y = round(height * 0.065)
    return Geometry(
        width=width, height=height,
        radius=max(2.5, width * 0.065), border=max(1.0, width / 110),
        small=small,
        index_font=max(6, round(width * font_share)),
        index_pip=max(5, round(width * (0.17 if small else 0.105 * grow))),
        index_x=width * (0.19 if small else (0.135 if large_index else 0.098)),
        index_top=max(2.0, width * 0.06),
        index_max_width=width * (0.3 if small else 0.15 * grow),
        pip=round(width * (0.155 if large_index else 0.19)),
        columns=(width * (0.365 if large_index else 0.295), width * 0.5,
                 width * (0.635 if large_index else 0.705)),
        rows=(height * 0.195, height * 0.805),
        frame=(frame_x, frame_y, width - 2 * frame_x, (height - 2 * frame_y) // 2 * 2),
    )


class PaintLater(Exception):
    """A new surface was asked for after the paint budget (``CardRenderer.budget``) was
    spent: the caller shows something else this frame and asks again in the next."""


class _WidthCache:
    """Surfaces keyed by kind ("face", "back" ...), width and what they show.

    Resizing the window asks for new widths; only the most recent few widths of each kind
    are kept, so a long session of resizing does not hold every size ever drawn, and a
    burst of odd shadow sizes cannot push the card faces out. Past ``max_bytes`` the least
    recently used widths of any kind go too (eight widths of 4K card faces are 200 MB),
    never the one in use.
    """

    name = "card faces and backs"

    def __init__(self, max_widths: int = 8, max_bytes: int = 48 * MB) -> None:
        self.max_widths = max_widths
        self.max_bytes = max_bytes
        self.bytes = 0
        register(self)
        # (kind, width) -> what -> surface: dropping a width is one deletion, not a search
        # of every surface held (that search cost some 6 ms on a table's first frame).
        self._items: dict[tuple[str, int], dict[object, pygame.Surface]] = {}
        self._widths: dict[str, OrderedDict[int, None]] = {}
        self.deadline: float | None = None  # see CardRenderer.budget
        self.painted = 0  # surfaces painted since the deadline was set

    def has(self, kind: str, width: int, what: object) -> bool:
        shelf = self._items.get((kind, width))
        return shelf is not None and what in shelf

    def get(self, kind: str, width: int, what: object,
            make: Callable[[], pygame.Surface]) -> pygame.Surface:
        """The surface for (kind, width, what), made by ``make`` the first time."""
        shelf = self._items.get((kind, width))
        surface = shelf.get(what) if shelf is not None else None
        if surface is None:
            # At least one surface per budget, so a slow frame still makes progress.
            if self.deadline is not None and self.painted and time.perf_counter() > self.deadline:
                raise PaintLater(f"{kind} at {width} px")
            surface = _finish(make())
            self.painted += 1
            self._items.setdefault((kind, width), {})[what] = surface
            self.bytes += size_of(surface)
            self._note_width(kind, width)
        return surface

    def _note_width(self, kind: str, width: int) -> None:
        widths = self._widths.setdefault(kind, OrderedDict())
        widths[width] = None
        widths.move_to_end(width)
        while len(widths) > self.max_widths:
            old, _ = widths.popitem(last=False)
            self._drop(kind, old)
        for other, older in self._widths.items():
            while self.bytes > self.max_bytes and len(older) > 1 and next(iter(older)) != width:
                self._drop(other, older.popitem(last=False)[0])

    def _drop(self, kind: str, width: int) -> None:
        shelf = self._items.pop((kind, width), {})
        self.bytes -= sum(size_of(surface) for surface in shelf.values())

    def clear(self) -> None:
        self._items.clear()
        self._widths.clear()
        self.bytes = 0


def _finish(surface: pygame.Surface) -> pygame.Surface:
    """Convert to the display's format when there is one (blits are then much faster)."""
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surface.convert_alpha()
    return surface


def _check_width(width: int) -> int:
    if int(width) != width or width < MIN_WIDTH:
        raise ValueError(f"card width must be a whole number of pixels >= {MIN_WIDTH}, not {width!r}")
    return int(width)


class CardRenderer:
    """Draws and caches card images for one deck style.

    ``four_colour`` prints clubs green and diamonds blue; ``large_index`` makes the corner
    rank and suit about half as large again, for players who need to read cards at a glance.
    """

    def __init__(self, four_colour: bool = False, large_index: bool = False,
                 high_contrast: bool = False) -> None:
        self.four_colour = four_colour
        self.large_index = large_index
        self.high_contrast = high_contrast
        self._cache = _WidthCache()

    # --- public API --------------------------------------------------------------------

    def size(self, width: int) -> tuple[int, int]:
        """The (width, height) of every card surface at ``width``."""
        return width, round(width * ASPECT)

    def ink(self, suit: Suit | None) -> Color:
        """The printing colour of a suit in this deck (the Joker prints black)."""
        hc = self.high_contrast
        if suit is Suit.CLUBS and self.four_colour:
            return HC_GREEN if hc else GREEN
        if suit is Suit.DIAMONDS and self.four_colour:
            return HC_BLUE if hc else BLUE
        if suit is not None and suit.is_red:
            return HC_RED if hc else RED
        return HC_BLACK if hc else BLACK

    def face(self, card: Card, width: int) -> pygame.Surface:
        """The face of ``card``, ``width`` pixels wide; shared, so never draw on it."""
        width = _check_width(width)
        return self._cache.get("face", width, card, lambda: self._paint_face(card, width))

    def has_face(self, card: Card, width: int) -> bool:
        """Whether the face of ``card`` at ``width`` is painted already (tables paint
        ahead the faces they will need, a frame at a time)."""
        return self._cache.has("face", _check_width(width), card)

    def back(self, width: int, style: str = "blue") -> pygame.Surface:
        """A card back: a geometric lattice on a coloured field inside a white margin."""
        width = _check_width(width)
        if style not in BACK_STYLES:
            raise ValueError(f"unknown back style {style!r}: use one of {', '.join(BACK_STYLES)}")
        return self._cache.get("back", width, style, lambda: _paint_back(width, BACK_STYLES[style]))

    def shadow(self, width: int) -> pygame.Surface:
        """A soft shadow, ``shadow_margin(width)`` larger than the card on every side."""
        width = _check_width(width)
        return self._cache.get("shadow", width, None, lambda: _paint_shadow(width))

    def outline(self, width: int, color: Color) -> pygame.Surface:
        """A highlight ring ``outline_margin(width)`` outside the card (and 1 px over its edge)."""
        width = _check_width(width)
        rgba = rgba_of(color)
        return self._cache.get("outline", width, rgba, lambda: _paint_outline(width, rgba))

    def shadow_margin(self, width: int) -> int:
        return shadow_margin(width)

    def outline_margin(self, width: int) -> int:
        return outline_margin(width)

    def clear(self) -> None:
        """Drop every cached surface (after a settings change, say)."""
        self._cache.clear()

    @contextmanager
    def budget(self, seconds: float) -> Iterator[None]:
        """Within the block, asking for a surface not yet painted raises ``PaintLater`` once
        ``seconds`` have passed (after at least one is painted); painted ones are handed out
        as ever. A table paints its first picture so, a few milliseconds a frame."""
        self._cache.deadline, self._cache.painted = time.perf_counter() + seconds, 0
        try:
            yield
        finally:
            self._cache.deadline = None

    # --- faces -------------------------------------------------------------------------

    def _paint_face(self, card: Card, width: int) -> pygame.Surface:
        g = geometry(width, self.large_index)
        surface = _blank(width, self.high_contrast).copy()
        if card.suit is None:
            _paint_joker(surface, g)
        elif g.small:
            self._paint_simple(surface, card, card.suit, g)
        elif card.rank.is_court:
            self._paint_court(surface, card.rank, card.suit, g)
        elif card.rank is Rank.ACE:
            self._paint_ace(surface, card.suit, g)
        else:
            self._paint_pips(surface, card.suit, int(card.rank), g)
        self._paint_indices(surface, card, g)
        return surface

    def _paint_indices(self, surface: pygame.Surface, card: Card, g: Geometry) -> None:
        if card.suit is None:
            index = _joker_index(g)
        else:
            index = self._index(card.rank, card.suit, g)
        spot = index.get_rect(midtop=(round(g.index_x), round(g.index_top)))
        surface.blit(index, spot)
        if not g.small:
            # The lower corner is the same index turned half a circle, as on a printed card.
            turned = pygame.transform.flip(index, True, True)
            surface.blit(turned, turned.get_rect(bottomright=(g.width - spot.left, g.height - spot.top)))

    def _index(self, rank: Rank, suit: Suit, g: Geometry) -> pygame.Surface:
        ink = self.ink(suit)
        label = _condensed(_tight(render_text(rank.label, g.index_font, ink, bold=True, exact=True)), g.index_max_width)
        pip = _tight(suit_surface(suit, g.index_pip, ink))
        gap = max(1, round(g.index_font * 0.12))
        return _stack([label, pip], gap)

    def _paint_pips(self, surface: pygame.Surface, suit: Suit, count: int, g: Geometry) -> None:
        upright = suit_surface(suit, g.pip, self.ink(suit))
        turned = pygame.transform.flip(upright, True, True)
        top, bottom = g.rows
        for column, row in PIP_LAYOUTS[count]:
            center = (g.columns[column], top + (bottom - top) * row)
            pip = turned if row > 0.5 else upright
            surface.blit(pip, pip.get_rect(center=(round(center[0]), round(center[1]))))

    def _paint_ace(self, surface: pygame.Surface, suit: Suit, g: Geometry) -> None:
        ink = self.ink(suit)
        ornate = suit is Suit.SPADES
        art = supersample(
            (g.width, g.height),
            lambda pen: _ace_art(pen, suit, g, ink, ornate),
            clear=STOCK + (0,),
        )
        surface.blit(art, (0, 0))
        if ornate and g.width >= 90:
            maker = _tight(render_text("PARLOUR", max(6, round(g.width * 0.06)), ink, bold=True, exact=True))
            surface.blit(maker, maker.get_rect(midtop=(g.width // 2, round(g.height * 0.8))))

    def _paint_court(self, surface: pygame.Surface, rank: Rank, suit: Suit, g: Geometry) -> None:
        frame = pygame.Rect(g.frame)
        half_height = frame.height // 2
        unit = frame.width / 100
        half = supersample(
            (frame.width, half_height),
            lambda pen: courts.paint_court(pen, rank, suit, half_height / unit),
            unit=unit,
            clear=PANEL + (255,),
        )
        self._court_badge(half, rank, suit)
        surface.blit(half, frame.topleft)
        surface.blit(pygame.transform.flip(half, True, True), (frame.left, frame.top + half_height))
        _court_frame(surface, frame, self.ink(suit))

    def _court_badge(self, half: pygame.Surface, rank: Rank, suit: Suit) -> None:
        """The large rank letter and a pip in the panel's upper-right corner."""
        ink = self.ink(suit)
        size = half.get_width()
        letter = _tight(render_text(rank.label, max(6, round(size * 0.2)), ink, bold=True, exact=True))
        pip = _tight(suit_surface(suit, max(5, round(size * 0.13)), ink))
        badge = _stack([letter, pip], max(1, round(size * 0.025)))
        margin = round(size * 0.055)
        half.blit(badge, badge.get_rect(midtop=(size - margin - round(size * 0.075), margin)))

    def _paint_simple(self, surface: pygame.Surface, card: Card, suit: Suit, g: Geometry) -> None:
        """Small cards: one big pip low and right, clear of the corner index."""
        ink = self.ink(suit)
        size = round(g.width * 0.5)
        center = (round(g.width * 0.6), round(g.height * 0.64))
        if card.rank.is_court:
            self._paint_small_court(surface, card.rank, suit, g)
            return
        if card.rank is Rank.ACE:
            # A gold ring marks the cards whose rank matters most when only a pip shows.
            box = pygame.Rect(0, 0, size + 6, size + 6)
            box.center = center
            ring = supersample(box.size, lambda pen: pen.circle(
                (box.width / 2, box.height / 2), box.width / 2 - 0.6, GOLD, 1.2), clear=GOLD + (0,))
            surface.blit(ring, box)
            size = round(size * 0.78)
        pip = suit_surface(suit, size, ink)
        surface.blit(pip, pip.get_rect(center=center))

    def _paint_small_court(self, surface: pygame.Surface, rank: Rank, suit: Suit, g: Geometry) -> None:
        """Small courts: a framed head and shoulders (crown, tiara or cap) low and right,
        clear of the corner index, so a Jack never reads as an Ace."""
        side = round(g.width * 0.6)
        frame = pygame.Rect(0, 0, side, round(side * 1.12))
        frame.bottomright = (g.width - max(2, round(g.width * 0.1)), g.height - max(2, round(g.width * 0.1)))
        unit = side / 100
        bust = supersample(frame.size, lambda pen: courts.paint_bust(pen, rank, suit),
                           unit=unit, clear=PANEL + (255,))
        surface.blit(bust, frame)
        pygame.draw.rect(surface, self.ink(suit), frame, 1)


# --- pieces shared by faces ------------------------------------------------------------

@cached_surfaces(8 * MB)
def _blank(width: int, high_contrast: bool = False) -> pygame.Surface:
    """The plain card: warm stock inside a thin grey edge, with rounded corners (in high
    contrast: white inside an edge of black twice as thick, so a card stands off the felt
    and from the card it overlaps)."""
    g = geometry(width)
    edge, stock = (HC_EDGE, HC_STOCK) if high_contrast else (EDGE, STOCK)
    border = g.border * 2 if high_contrast else g.border
    return supersample((g.width, g.height), lambda pen: _paint_stock(pen, g, edge, stock, border),
                       clear=edge + (0,))


def _paint_stock(pen: Pen, g: Geometry, edge: RGB = EDGE, stock: RGB = STOCK,
                 border: float | None = None) -> None:
    pen.rect((0, 0, g.width, g.height), edge, radius=g.radius)
    b = g.border if border is None else border
    pen.rect((b, b, g.width - 2 * b, g.height - 2 * b), stock, radius=g.radius - b)


def _tight(surface: pygame.Surface) -> pygame.Surface:
    """The part of a surface that has ink, so text sits where its glyphs are, not its line box."""
    return surface.subsurface(surface.get_bounding_rect())


def _condensed(surface: pygame.Surface, max_width: float) -> pygame.Surface:
    """Squeeze a wide label ("10") horizontally, as printed decks condense it."""
    if surface.get_width() <= max_width:
        return surface
    return pygame.transform.smoothscale(surface, (max(1, round(max_width)), surface.get_height()))


def _stack(parts: list[pygame.Surface], gap: int) -> pygame.Surface:
    """Parts one under another, centred on a shared vertical axis."""
    width = max(p.get_width() for p in parts)
    height = sum(p.get_height() for p in parts) + gap * (len(parts) - 1)
    stacked = pygame.Surface((width, height), pygame.SRCALPHA)
    y = 0
    for part in parts:
        stacked.blit(part, ((width - part.get_width()) // 2, y))
        y += part.get_height() + gap
    return stacked


def _court_frame(surface: pygame.Surface, frame: pygame.Rect, ink: Color) -> None:
    """A thin ink rule around the panel, a gold rule inside it and a line at the waist."""
    pygame.draw.rect(surface, ink, frame, 1)
    inner = frame.inflate(-4, -4) if frame.width > 70 else frame.inflate(-2, -2)
    pygame.draw.rect(surface, GOLD, inner, 1)
    middle = frame.top + frame.height // 2
    pygame.draw.line(surface, ink, (frame.left, middle), (frame.right - 1, middle))


def _ace_art(pen: Pen, suit: Suit, g: Geometry, ink: Color, ornate: bool) -> None:
    center = (g.width / 2, g.height / 2)
    size = g.width * (0.5 if ornate else 0.4)
    if ornate:
        _rosette(pen, center, g.width * 0.36, ink)
        paint_suit(pen, suit, center, size, ink)
        paint_suit(pen, suit, (center[0], center[1] + size * 0.035), size * 0.78, STOCK)
        paint_suit(pen, suit, (center[0], center[1] + size * 0.05), size * 0.7, ink)
        return
    _oval_frame(pen, center, (g.width * 0.33, g.height * 0.3), ink)
    paint_suit(pen, suit, center, size, ink)


def _rosette(pen: Pen, center: Point, radius: float, ink: Color) -> None:
    """A ring of leaves behind the Ace of Spades."""
    pen.circle(center, radius, ink, radius * 0.025)
    pen.circle(center, radius * 0.9, GOLD, radius * 0.02)
    leaves = 24
    for i in range(leaves):
        angle = 2 * math.pi * i / leaves
        x = center[0] + math.cos(angle) * radius * 1.07
        y = center[1] + math.sin(angle) * radius * 1.07
        pen.circle((x, y), radius * 0.055, ink)


def _oval_frame(pen: Pen, center: Point, radii: Point, ink: Color) -> None:
    """A fine double oval with four small lozenges, the plain Aces' decoration."""
    pen.ellipse(center, radii, GOLD, max(0.6, radii[0] * 0.02))
    inner = (radii[0] * 0.93, radii[1] * 0.95)
    pen.ellipse(center, inner, ink, max(0.5, radii[0] * 0.012))
    d = radii[0] * 0.07
    for dx, dy in ((0, -radii[1]), (0, radii[1]), (-radii[0], 0), (radii[0], 0)):
        x, y = center[0] + dx, center[1] + dy
        pen.polygon([(x, y - d * 1.4), (x + d, y), (x, y + d * 1.4), (x - d, y)], ink)


# --- the Joker -------------------------------------------------------------------------

def _joker_index(g: Geometry) -> pygame.Surface:
    """JOKER spelt downwards in the corner, or a tiny cap when the card is small."""
    if g.small:
        size = round(g.width * 0.36)
        return supersample((size, size), lambda pen: courts.paint_jester(pen, (size / 2, size / 2), size))
    font = max(6, round(g.index_font * 0.68))
    letters = [_tight(render_text(ch, font, BLACK, bold=True, exact=True)) for ch in "JOKER"]
    return _stack(letters, max(1, round(font * 0.14)))


def _paint_joker(surface: pygame.Surface, g: Geometry) -> None:
    # A large index needs the room at the sides, so the cap shrinks to stay clear of it.
    size = g.width * (0.62 if g.small else 0.6 if g.index_x < 0.1 * g.width else 0.48)
    center = (g.width * (0.58 if g.small else 0.5), g.height * (0.6 if g.small else 0.48))

    def paint(pen: Pen) -> None:
        if not g.small:
            pen.circle((center[0], center[1] + size * 0.08), size * 0.62, courts.HALO)
            pen.circle((center[0], center[1] + size * 0.08), size * 0.62, GOLD, size * 0.012)
        courts.paint_jester(pen, center, size)

    surface.blit(supersample((g.width, g.height), paint, clear=STOCK + (0,)), (0, 0))
    if not g.small:
        word = _tight(render_text("JOKER", max(6, round(g.width * 0.11)), RED, bold=True, exact=True))
        surface.blit(word, word.get_rect(midtop=(g.width // 2, round(g.height * 0.76))))


# --- backs, shadows, rings -------------------------------------------------------------

def _paint_back(width: int, style: BackStyle) -> pygame.Surface:
    g = geometry(width)

    def paint(pen: Pen) -> None:
        _paint_stock(pen, g)
        margin = max(2.0, g.width * 0.06)
        field = (margin, margin, g.width - 2 * margin, g.height - 2 * margin)
        pen.rect(field, style.field, radius=max(1.0, g.radius * 0.5))
        inset = max(1.5, g.width * 0.03)
        inner = (field[0] + inset, field[1] + inset, field[2] - 2 * inset, field[3] - 2 * inset)
        _lattice(pen, inner, style)
        pen.rect(inner, style.light, max(0.6, g.width * 0.008))

    return supersample((g.width, g.height), paint, clear=EDGE + (0,))


def _lattice(pen: Pen, box: tuple[float, float, float, float], style: BackStyle) -> None:
    """Diagonal double rules crossing in a diamond lattice; a ring on every crossing and a
    lozenge in every cell. Built outward from the centre so the pattern is symmetric."""
    x, y, w, h = box
    step = w / 4
    pen.clip(box)
    center = (x + w / 2, y + h / 2)
    reach = int(h / step) + 3
    for k in range(-2 * reach, 2 * reach + 1):
        for slope in (1, -1):
            if _crosses(box, (center[0] + k * step, center[1]), slope, step):
                # Each rule runs a step past the box's top and bottom, no further: the
                # clip hid the rest, but filling it took a third of a back's painting.
                _double_rule(pen, (center[0] + k * step, center[1]), slope, h / 2 + step, step, style)
    for u in range(-2 * reach, 2 * reach + 1):
        for v in range(-2 * reach, 2 * reach + 1):
            at = (center[0] + u * step / 2, center[1] + v * step / 2)
            if x - step < at[0] < x + w + step and y - step < at[1] < y + h + step:
                _lattice_node(pen, at, step, style, crossing=(u + v) % 2 == 0)
    pen.clip(None)


def _crosses(box: tuple[float, float, float, float], through: Point, slope: int, step: float) -> bool:
    """Whether a 45-degree rule through ``through`` comes within a step of ``box``: the
    others are wholly clipped away, and drawing them anyway took two thirds of a back's
    painting time (along the rule, x - y is constant for slope 1, x + y for slope -1)."""
    x, y, w, h = box
    if slope == 1:
        low, high, at = x - (y + h), x + w - y, through[0] - through[1]
    else:
        low, high, at = x + y, x + w + y + h, through[0] + through[1]
    return low - step <= at <= high + step


def _double_rule(pen: Pen, through: Point, slope: int, reach: float, step: float,
                 style: BackStyle) -> None:
    """Two thin parallel lines at 45 degrees through ``through``."""
    gap = step * 0.07
    for offset in (-gap, gap):
        a = (through[0] - reach * slope + offset, through[1] - reach)
        b = (through[0] + reach * slope + offset, through[1] + reach)
        pen.line(a, b, style.lattice, step * 0.035)


def _lattice_node(pen: Pen, at: Point, step: float, style: BackStyle, crossing: bool) -> None:
    if crossing:
        pen.circle(at, step * 0.12, style.field)
        pen.circle(at, step * 0.12, style.light, step * 0.04)
        pen.circle(at, step * 0.035, style.light)
        return
    d = step * 0.12
    pen.polygon([(at[0], at[1] - d), (at[0] + d * 0.7, at[1]), (at[0], at[1] + d),
                 (at[0] - d * 0.7, at[1])], style.lattice)


def shadow_margin(width: int) -> int:
    """How far a card's shadow surface reaches beyond the card on each side."""
    return max(3, round(width * 0.06))


def outline_margin(width: int) -> int:
    """The thickness of the highlight ring outside the card."""
    return max(2, round(width * 0.035))


def _paint_shadow(width: int) -> pygame.Surface:
    g = geometry(width)
    margin = shadow_margin(width)
    surface = pygame.Surface((g.width + 2 * margin, g.height + 2 * margin), pygame.SRCALPHA)
    body = pygame.Rect(margin, margin, g.width, g.height)
    pygame.draw.rect(surface, (0, 0, 0, 110), body, border_radius=round(g.radius))
    return pygame.transform.gaussian_blur(surface, max(1, margin // 2))


def _paint_outline(width: int, rgba: tuple[int, int, int, int]) -> pygame.Surface:
    g = geometry(width)
    t = outline_margin(width)
    size = (g.width + 2 * t, g.height + 2 * t)

    def paint(pen: Pen) -> None:
        pen.rect((0, 0, size[0], size[1]), rgba, radius=g.radius + t)
        # Cut the card's shape back out, one pixel inside its edge so no gap ever shows.
        pen.rect((t + 1, t + 1, g.width - 2, g.height - 2), rgba[:3] + (0,), radius=g.radius - 1)

    return supersample(size, paint, clear=rgba[:3] + (0,))
