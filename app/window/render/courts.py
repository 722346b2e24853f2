"""Court figures (Jack, Queen, King) and the Joker's jester, drawn from vector shapes.

Each court is painted as its top half only, in a design box 100 units wide and ``height``
units tall whose bottom edge is the figure's waist; the card renderer rotates a copy for
the lower half, as real double-headed courts are. The figures are deliberately stylised
(flat colour fields, thin dark outlines) so they stay legible from 60 to 200 px. The top
right corner of the box is left free for the rank letter and suit pip.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from app.window.render.vector import Color, Pen, Point, arc_points, mirrored, path
from games.core.cards import Rank, Suit

LINE: Color = (40, 30, 35)
INK: Color = (30, 30, 36)
SKIN: Color = (250, 224, 194)
GOLD: Color = (226, 178, 62)
GOLD_DARK: Color = (170, 120, 30)
WHITE: Color = (252, 250, 244)
STEEL: Color = (204, 208, 218)
WOOD: Color = (130, 82, 44)
RED: Color = (196, 38, 46)
BLUE: Color = (44, 78, 156)
GREEN: Color = (40, 120, 70)
HALO: Color = (244, 232, 192)
OUTLINE_WIDTH = 0.7
HEAD: Point = (50, 38)
HAND: Point = (29, 86)


@dataclass(frozen=True)
class Palette:
    """A court's colours: ``robe`` dominates, ``sleeve`` contrasts, ``hair`` frames the face."""

    robe: Color
    sleeve: Color
    hair: Color


# Each suit dresses its courts differently so the twelve never look like one figure recoloured.
PALETTES: dict[Suit, Palette] = {
    Suit.SPADES: Palette(robe=BLUE, sleeve=RED, hair=(70, 50, 40)),
    Suit.HEARTS: Palette(robe=RED, sleeve=BLUE, hair=(206, 154, 62)),
    Suit.DIAMONDS: Palette(robe=GOLD, sleeve=RED, hair=(120, 70, 40)),
    Suit.CLUBS: Palette(robe=(38, 40, 52), sleeve=GOLD, hair=(176, 116, 50)),
}


def paint_court(pen: Pen, rank: Rank, suit: Suit, height: float) -> None:
    """Paint the top half of the ``rank`` court of ``suit`` (100 units wide)."""
    palette = PALETTES[suit]
    pen.circle((HEAD[0], HEAD[1] - 3), 26, HALO)
    {Rank.KING: _king, Rank.QUEEN: _queen, Rank.JACK: _jack}[rank](pen, palette, height)


def paint_bust(pen: Pen, rank: Rank, suit: Suit) -> None:
    """A small card's court: head, headgear and shoulders only, in a 100 x 100 box.

    Below some 56 px a whole figure is a smudge; a crown, a tiara or a feathered cap over
    a face still says King, Queen or Jack where a bare pip made a Jack look like an Ace."""
    palette = PALETTES[suit]
    pen.circle((HEAD[0], HEAD[1] - 3), 30, HALO)
    if rank is Rank.QUEEN:
        _long_hair(pen, palette.hair)
    _shoulders(pen, palette)
    if rank is Rank.KING:
        _ermine(pen)
        pen.ellipse(HEAD, (15.5, 15), palette.hair)
    elif rank is Rank.JACK:
        _curls(pen, palette.hair)
    _head(pen, radii=(12, 14.5) if rank is Rank.KING else (11.5, 14))
    _face(pen)
    if rank is Rank.KING:
        _beard(pen, palette.hair)
        _crown(pen, palette.sleeve)
    elif rank is Rank.QUEEN:
        _fringe(pen, palette.hair)
        _tiara(pen, palette.sleeve)
    else:
        _cap(pen, palette)


def _shoulders(pen: Pen, palette: Palette) -> None:
    pen.rect((HEAD[0] - 5, HEAD[1] + 8, 10, 14), SKIN)
    right = path((50, 57), ((62, 57), (74, 59), (80, 66)), ((86, 74), (90, 88), (92, 104)))
    _shape(pen, mirrored(right, 50), palette.robe)
    _shape(pen, [(45, 66), (55, 66), (55, 104), (45, 104)], palette.sleeve)


# --- drawing primitives ----------------------------------------------------------------

def _shape(pen: Pen, points: Sequence[Point], fill: Color, line: Color = LINE) -> None:
    """A filled polygon with the thin dark outline every court shape shares."""
    pen.polygon(points, fill)
    pen.polygon(points, line, OUTLINE_WIDTH)


def _disc(pen: Pen, center: Point, radius: float, fill: Color) -> None:
    pen.circle(center, radius, fill)
    pen.circle(center, radius, LINE, OUTLINE_WIDTH)


def _tube(pen: Pen, points: Sequence[Point], width: float, fill: Color) -> None:
    """A rounded, outlined stroke: sleeves and staffs."""
    pen.polyline(points, LINE, width + 2 * OUTLINE_WIDTH)
    pen.polyline(points, fill, width)


# --- the body every court shares -------------------------------------------------------

def _body(pen: Pen, palette: Palette, height: float) -> None:
    """Neck, robe and the far arm; the near arm comes after the held attribute."""
    pen.rect((HEAD[0] - 5, HEAD[1] + 8, 10, 14), SKIN)
    right = path((50, 58), ((60, 58), (70, 59), (75, 62)), ((77, 70), (78, 82), (79, height + 2)))
    _shape(pen, mirrored(right, 50), palette.robe)
    _tube(pen, [(74, 64), (83, 76), (85, height + 6)], 10, palette.sleeve)


def _near_arm(pen: Pen, palette: Palette) -> None:
    _tube(pen, [(26, 64), (16, 78), (HAND[0] - 4, HAND[1])], 10, palette.sleeve)
    _disc(pen, (HAND[0] - 5, HAND[1]), 4.6, GOLD)
    _disc(pen, HAND, 3.9, SKIN)


def _head(pen: Pen, radii: Point = (12, 14.5)) -> None:
    pen.ellipse(HEAD, radii, SKIN)
    pen.ellipse(HEAD, radii, LINE, OUTLINE_WIDTH)


def _face(pen: Pen, lips: Color = (190, 60, 60)) -> None:
    cx, cy = HEAD
    for side in (-1, 1):
        pen.ellipse((cx + side * 4.8, cy - 0.5), (1.8, 1.15), LINE)
        pen.line((cx + side * 2.6, cy - 4.3), (cx + side * 7.2, cy - 4.8), LINE, 0.9)
    pen.polyline([(cx, cy), (cx - 1.5, cy + 5.5), (cx + 0.9, cy + 6)], LINE, 0.7)
    pen.ellipse((cx, cy + 9), (2.8, 1.1), lips)


def _pattern_strip(pen: Pen, top: float, bottom: float, fill: Color, dots: Color) -> None:
    """The embroidered band down the front of a robe."""
    _shape(pen, [(45, top), (55, top), (55, bottom + 2), (45, bottom + 2)], fill)
    y = top + 5
    while y < bottom:
        pen.polygon([(50, y - 2.6), (52.6, y), (50, y + 2.6), (47.4, y)], dots)
        y += 7


# --- King: crown, beard, ermine, sword -------------------------------------------------

def _king(pen: Pen, palette: Palette, height: float) -> None:
    _body(pen, palette, height)
    _pattern_strip(pen, 66, height, GOLD, palette.sleeve)
    _ermine(pen)
    pen.ellipse(HEAD, (15.5, 15), palette.hair)
    _head(pen)
    _face(pen)
    _beard(pen, palette.hair)
    _crown(pen, palette.sleeve)
    _sword(pen, height)
    _near_arm(pen, palette)


def _sword(pen: Pen, height: float) -> None:
    x = HAND[0]
    _shape(pen, [(x - 2.2, 12), (x, 5), (x + 2.2, 12), (x + 2.2, 73), (x - 2.2, 73)], STEEL)
    pen.line((x, 13), (x, 71), (150, 155, 170), 0.7)
    _shape(pen, [(x - 8, 73), (x + 8, 73), (x + 8, 77), (x - 8, 77)], GOLD)
    _disc(pen, (x, HAND[1] + 7), 2.6, GOLD)


def _ermine(pen: Pen) -> None:
    """A white fur collar over the shoulders, spotted with black tails."""
    top = path((50, 56), ((60, 56), (70, 58), (76, 63)))
    bottom = path((75, 73), ((66, 67), (58, 66), (50, 66)))
    right = top + bottom
    _shape(pen, mirrored(right, 50), WHITE)
    for x, y in ((30, 67), (39, 63.5), (61, 63.5), (70, 67)):
        pen.polygon([(x, y - 2.6), (x + 1.5, y + 1.9), (x - 1.5, y + 1.9)], INK)


def _beard(pen: Pen, hair: Color) -> None:
    right = path((50, 62), ((56, 61), (61.5, 54), (62, 40)), ((60, 46), (56, 46), (50, 46.5)))
    _shape(pen, mirrored(right, 50), hair)
    mustache = path((50, 45.5), ((53, 43.5), (58, 44), (59.5, 47.5)), ((55, 46.8), (53, 46.8), (50, 47.3)))
    _shape(pen, mirrored(mustache, 50), hair)


def _crown(pen: Pen, jewel: Color) -> None:
    band_top, band_bottom = 19.0, 26.5
    tips = [(34.5, 6.0), (42.25, 10.0), (50.0, 2.5), (57.75, 10.0), (65.5, 6.0)]
    points: list[Point] = [(35.5, band_bottom), (34.5, band_top)]
    for i, tip in enumerate(tips):
        points.append(tip)
        if i < len(tips) - 1:
            points.append(((tip[0] + tips[i + 1][0]) / 2, band_top - 3))
    points += [(65.5, band_top), (64.5, band_bottom)]
    _shape(pen, points, GOLD)
    pen.line((35, band_top), (65, band_top), GOLD_DARK, 0.8)
    for tip in tips:
        _disc(pen, tip, 1.9, WHITE)
    for x, color, r in ((40.5, jewel, 1.9), (50, GREEN, 2.5), (59.5, jewel, 1.9)):
        _disc(pen, (x, 22.8), r, color)


# --- Queen: tiara, long hair, necklace, rose -------------------------------------------

def _queen(pen: Pen, palette: Palette, height: float) -> None:
    _long_hair(pen, palette.hair)
    _body(pen, palette, height)
    _bodice(pen, palette, height)
    _head(pen, radii=(11.5, 14))
    _face(pen, lips=(204, 48, 60))
    _fringe(pen, palette.hair)
    _tiara(pen, palette.sleeve)
    _rose(pen, palette.sleeve)
    _near_arm(pen, palette)


def _long_hair(pen: Pen, hair: Color) -> None:
    right = path(
        (50, 22),
        ((62, 22), (68, 30), (67, 44)),
        ((66, 56), (72, 62), (70, 70)),
        ((62, 72), (57, 66), (50, 66)),
    )
    _shape(pen, mirrored(right, 50), hair)


def _fringe(pen: Pen, hair: Color) -> None:
    right = path((50, 24.5), ((57, 24.5), (62, 28), (62, 38)), ((58, 31), (55, 30), (50, 31)))
    _shape(pen, mirrored(right, 50), hair)


def _bodice(pen: Pen, palette: Palette, height: float) -> None:
    # A square neckline, a bead necklace on the skin, then a laced front panel.
    _shape(pen, [(37, 62), (63, 62), (63, height + 2), (37, height + 2)], palette.sleeve)
    _shape(pen, [(40, 61), (60, 61), (57, 72), (43, 72)], SKIN)
    for x, y in arc_points((50, 58), (8.5, 10), 160, 20, 8):
        _disc(pen, (x, y), 1.35, WHITE)
    _pattern_strip(pen, 74, height, GOLD, palette.robe)


def _tiara(pen: Pen, jewel: Color) -> None:
    _shape(pen, [(38.5, 26.5), (38.5, 21), (61.5, 21), (61.5, 26.5)], GOLD)
    for x, r in ((42.5, 3.6), (50, 5.0), (57.5, 3.6)):
        _disc(pen, (x, 22 - r), r, GOLD)
        _disc(pen, (x, 22 - r), r * 0.45, jewel)
    _shape(pen, [(50, 6.5), (52, 10.5), (50, 14.5), (48, 10.5)], GOLD)
    for x in (43, 50, 57):
        pen.circle((x, 24), 1.0, WHITE)


def _rose(pen: Pen, petals: Color) -> None:
    # The Queen's flower, held upright in the near hand.
    pen.polyline([(HAND[0], HAND[1]), (HAND[0] - 2, 68), (HAND[0] - 4, 50)], GREEN, 1.4)
    leaf = path((HAND[0] - 2, 70), ((HAND[0] - 8, 64), (HAND[0] - 14, 65), (HAND[0] - 16, 67)),
                ((HAND[0] - 12, 71), (HAND[0] - 6, 72), (HAND[0] - 2, 70)))
    _shape(pen, leaf, GREEN)
    center = (HAND[0] - 4, 46)
    for x, y in arc_points(center, (4.4, 4.4), -90, 198, 4):
        _disc(pen, (x, y), 3.4, petals)
    _disc(pen, center, 2.4, GOLD)


# --- Jack: feathered cap, curls, zig-zag collar, halberd -------------------------------

def _jack(pen: Pen, palette: Palette, height: float) -> None:
    _halberd(pen, height)
    _body(pen, palette, height)
    _tunic(pen, palette, height)
    _curls(pen, palette.hair)
    _head(pen, radii=(11.5, 14))
    _face(pen)
    _cap(pen, palette)
    _near_arm(pen, palette)


def _halberd(pen: Pen, height: float) -> None:
    x = HAND[0]
    _tube(pen, [(x, 12), (x, height + 6)], 2.6, WOOD)
    _shape(pen, [(x, 1), (x + 2.8, 9), (x, 15), (x - 2.8, 9)], STEEL)
    blade = path((x - 1, 14), ((x - 7, 11), (x - 12, 15), (x - 12, 22)), ((x - 8, 20), (x - 4, 22), (x - 1, 25)))
    _shape(pen, blade, STEEL)
    _shape(pen, [(x + 1, 15), (x + 8, 19), (x + 1, 23)], STEEL)


def _tunic(pen: Pen, palette: Palette, height: float) -> None:
    # A diagonal sash under a zig-zag collar.
    _shape(pen, [(28, 74), (34, 66), (74, height - 6), (70, height + 2), (62, height + 2)], palette.sleeve)
    teeth = [(x, y + (6 if i % 2 else 1)) for i, (x, y) in enumerate(arc_points((50, 60), (24, 8), 180, 0, 10))]
    _shape(pen, [(26, 60)] + teeth + [(74, 60), (60, 56), (40, 56)], GOLD)


def _curls(pen: Pen, hair: Color) -> None:
    for side in (-1, 1):
        for dy, r in ((-1, 4.6), (6, 4.4), (12.5, 4.0)):
            _disc(pen, (50 + side * 11.5, HEAD[1] + dy), r, hair)


def _cap(pen: Pen, palette: Palette) -> None:
    feather = path((58, 21), ((66, 14), (72, 10), (79, 6)), ((77, 14), (70, 21), (60, 27)))
    _shape(pen, feather, WHITE)
    pen.polyline(path((59, 24), ((66, 17), (72, 12), (78, 7)), steps=8), (150, 150, 160), 0.6)
    crown = path((35, 28), ((35, 15), (45, 10), (51, 10)), ((60, 10), (66, 17), (65, 28)))
    _shape(pen, crown, palette.sleeve)
    _shape(pen, [(34, 24), (66, 24), (66, 29.5), (34, 29.5)], GOLD)
    _disc(pen, (50, 26.8), 1.9, palette.robe)


# --- Joker -----------------------------------------------------------------------------

def paint_jester(pen: Pen, center: Point, size: float) -> None:
    """A three-pointed jester's cap with bells, ``size`` units wide, centred on ``center``."""
    scale = size / 100

    def at(point: Point) -> Point:
        return (center[0] + (point[0] - 50) * scale, center[1] + (point[1] - 50) * scale)

    for horn, color in ((_side_horn(1), RED), (_side_horn(-1), INK), (_middle_horn(), GOLD)):
        _shape(pen, [at(p) for p in horn], color)
    for bell in ((6, 26), (94, 26), (52, 8)):
        _disc(pen, at(bell), 5.5 * scale, GOLD)
        pen.circle(at((bell[0], bell[1] + 2)), 1.5 * scale, LINE)
    _shape(pen, [at(p) for p in ((24, 60), (76, 60), (72, 74), (28, 74))], WHITE)
    for i, x in enumerate(range(30, 70, 8)):
        diamond = [at((x + 4, 62.5)), at((x + 8, 67)), at((x + 4, 71.5)), at((x, 67))]
        pen.polygon(diamond, RED if i % 2 else INK)


def _side_horn(side: int) -> list[Point]:
    """The left (side=1) or mirrored right (side=-1) floppy point of the cap."""
    points = path(
        (28, 62),
        ((22, 48), (14, 36), (6, 26)),
        ((24, 32), (40, 42), (48, 62)),
    )
    return points if side == 1 else [(100 - x, y) for x, y in points]


def _middle_horn() -> list[Point]:
    return path((38, 62), ((40, 38), (45, 20), (52, 8)), ((60, 24), (62, 44), (62, 62)))
