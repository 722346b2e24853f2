"""Colours and sizes shared by every screen, so the collection looks like one product.

Two palettes: the standard green baize, and a high-contrast one for low-vision players (a
dark plain felt, white and yellow text, black-on-white buttons, thick focus rings). The
module's colour names (``theme.INK``, ``theme.FELT`` ...) always hold the palette in use:
:func:`apply` swaps them at once, so a screen that reads ``theme.X`` when it draws follows
the player's choice without a restart. The text size factor lives beside them because
it is the same kind of choice: how the whole app reads.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Callable, TypeVar

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]
Cached = TypeVar("Cached", bound=Any)

_forget: list[Callable[[], object]] = []


@dataclass(frozen=True)
class Palette:
    """Every colour a screen takes from the theme, and how thick a focus ring is drawn."""

    FELT: RGB
    FELT_DARK: RGB
    FELT_LIGHT: RGB
    INK: RGB
    INK_DIM: RGB
    GOLD: RGB
    GOLD_DARK: RGB
    PANEL: RGBA
    PANEL_EDGE: RGB
    OPAQUE_PANEL: RGBA
    """A panel over busy things (cards, a tall list): almost opaque."""
    BUTTON: RGB
    BUTTON_HOVER: RGB
    BUTTON_TEXT: RGB
    BUTTON_DISABLED: RGB
    BUTTON_DISABLED_TEXT: RGB
    QUIET: RGB
    QUIET_LIT: RGB
    QUIET_EDGE: RGB | None
    """The outline of a quiet button (none on the standard felt, where its fill shows it)."""
    FIELD: RGB
    """The inside of a box a player types into."""
    ROW: RGBA
    """A form's row that does not have the focus (a lighter panel)."""
    PAPER: RGBA
    """A sheet of light paper over the table (the rules, a speech bubble) ..."""
    PAPER_INK: RGB
    """... its text, ..."""
    PAPER_TITLE: RGB
    """... its heading, ..."""
    PAPER_DIM: RGB
    """... and its small print."""
    DANGER: RGB
    SHADE: RGBA
    BANNER: RGBA
    RIM: RGB
    """The edge of a seat's name plate when it is nobody's turn there."""
    EDGE: RGB
    """The faint edge of a box that is not chosen (a menu tile, a slot)."""
    EDGE_LIT: RGB
    """The edge of a box under the mouse."""
    LIT: RGBA
    """The fill of a box under the mouse."""
    SLOT: RGBA
    """The outline of an empty place a card may go (a Seahaven cell, a foundation)."""
    FOCUS_WIDTH: int
    """Pixels of the ring round a focused button or row (at the 1280 x 800 scale)."""
    DIM_SHADE: int
    """The alpha of the shade over a card that cannot be played (lighter in high contrast,
    so a dimmed card's index still reads)."""
    WEAVE: bool
    """Whether the felt has its faint cloth texture (a plain felt reads better for some)."""


STANDARD = Palette(
    FELT=(22, 94, 58), FELT_DARK=(12, 62, 38), FELT_LIGHT=(34, 118, 74),
    INK=(242, 238, 226), INK_DIM=(170, 190, 175),
    GOLD=(232, 190, 80), GOLD_DARK=(160, 120, 40),
    PANEL=(10, 40, 26, 210), PANEL_EDGE=(232, 190, 80), OPAQUE_PANEL=(10, 40, 26, 245),
    BUTTON=(244, 236, 214), BUTTON_HOVER=(255, 248, 228), BUTTON_TEXT=(30, 36, 30),
    BUTTON_DISABLED=(120, 130, 120), BUTTON_DISABLED_TEXT=(70, 74, 70),
    QUIET=(36, 80, 56), QUIET_LIT=(60, 110, 80), QUIET_EDGE=None,
    FIELD=(12, 40, 26), ROW=(10, 40, 26, 120),
    PAPER=(250, 246, 234, 250), PAPER_INK=(35, 38, 35), PAPER_TITLE=(40, 60, 45), PAPER_DIM=(110, 110, 100),
    DANGER=(210, 70, 60), SHADE=(0, 0, 0, 150), BANNER=(8, 30, 20, 225), RIM=(90, 130, 100),
    EDGE=(70, 110, 85), EDGE_LIT=(140, 190, 150), LIT=(22, 72, 46, 225), SLOT=(150, 200, 165, 110),
    FOCUS_WIDTH=3, DIM_SHADE=110, WEAVE=True,
)

HIGH_CONTRAST = Palette(
    # A dark, plain felt: text and cards stand out from it, and no vignette or weave
    # makes one corner of the window harder to read than another.
    FELT=(10, 22, 16), FELT_DARK=(10, 22, 16), FELT_LIGHT=(10, 22, 16),
    INK=(255, 255, 255), INK_DIM=(214, 222, 216),
    GOLD=(255, 221, 0), GOLD_DARK=(255, 176, 0),
    PANEL=(0, 0, 0, 240), PANEL_EDGE=(255, 255, 255), OPAQUE_PANEL=(0, 0, 0, 250),
    BUTTON=(255, 255, 255), BUTTON_HOVER=(255, 236, 120), BUTTON_TEXT=(0, 0, 0),
    BUTTON_DISABLED=(60, 60, 60), BUTTON_DISABLED_TEXT=(205, 205, 205),
    QUIET=(0, 0, 0), QUIET_LIT=(40, 52, 46), QUIET_EDGE=(200, 200, 200),
    FIELD=(0, 0, 0), ROW=(0, 0, 0, 200),
    PAPER=(255, 255, 255, 255), PAPER_INK=(0, 0, 0), PAPER_TITLE=(0, 0, 0), PAPER_DIM=(60, 60, 60),
    DANGER=(255, 120, 110), SHADE=(0, 0, 0, 200), BANNER=(0, 0, 0, 245), RIM=(200, 200, 200),
    EDGE=(150, 150, 150), EDGE_LIT=(255, 255, 255), LIT=(30, 44, 36, 245), SLOT=(190, 190, 190, 255),
    FOCUS_WIDTH=6, DIM_SHADE=60, WEAVE=False,
)

TEXT_PAIRS: tuple[tuple[str, str], ...] = (
    ("INK", "FELT"), ("INK", "FELT_DARK"), ("INK", "FELT_LIGHT"), ("INK", "PANEL"), ("INK", "OPAQUE_PANEL"), ("INK", "FIELD"), ("INK_DIM", "FIELD"), ("INK", "LIT"),
    ("INK", "BANNER"), ("INK", "QUIET"), ("INK", "QUIET_LIT"),
    ("INK_DIM", "FELT"), ("INK_DIM", "FELT_LIGHT"), ("INK_DIM", "PANEL"), ("INK_DIM", "ROW"),
    ("INK", "ROW"), ("GOLD", "ROW"),
    ("GOLD", "FELT"), ("GOLD", "FELT_LIGHT"), ("GOLD", "PANEL"), ("GOLD", "BANNER"),
    ("DANGER", "FELT"), ("DANGER", "PANEL"),
    ("BUTTON_TEXT", "BUTTON"), ("BUTTON_TEXT", "BUTTON_HOVER"),
    ("BUTTON_TEXT", "GOLD"), ("BUTTON_TEXT", "GOLD_DARK"),
    ("BUTTON_DISABLED_TEXT", "BUTTON_DISABLED"),
    ("PAPER_INK", "PAPER"), ("PAPER_TITLE", "PAPER"), ("PAPER_DIM", "PAPER"),
)
"""Each text colour with each background the screens put it on (a translucent one over
the felt): the high-contrast palette must give every pair at least :data:`AA_TEXT`."""

AA_TEXT = 4.5
"""WCAG 2's AA level for body text: the contrast ratio text needs against its background."""

TEXT_SIZES = {"normal": 1.0, "large": 1.25, "larger": 1.5}
"""Each text size a player can choose, and how much larger than normal every text is drawn."""

palette: Palette = STANDARD
"""The palette in use (:func:`apply` changes it)."""
generation = 0
"""Counts changes of the looks (palette or text size): a picture kept between frames keys
on it, so it is painted again after a change."""

FELT, FELT_DARK, FELT_LIGHT = STANDARD.FELT, STANDARD.FELT_DARK, STANDARD.FELT_LIGHT
INK, INK_DIM, GOLD, GOLD_DARK = STANDARD.INK, STANDARD.INK_DIM, STANDARD.GOLD, STANDARD.GOLD_DARK
PANEL, PANEL_EDGE, OPAQUE_PANEL = STANDARD.PANEL, STANDARD.PANEL_EDGE, STANDARD.OPAQUE_PANEL
BUTTON, BUTTON_HOVER, BUTTON_TEXT = STANDARD.BUTTON, STANDARD.BUTTON_HOVER, STANDARD.BUTTON_TEXT
BUTTON_DISABLED, BUTTON_DISABLED_TEXT = STANDARD.BUTTON_DISABLED, STANDARD.BUTTON_DISABLED_TEXT
QUIET, QUIET_LIT, QUIET_EDGE = STANDARD.QUIET, STANDARD.QUIET_LIT, STANDARD.QUIET_EDGE
PAPER, PAPER_INK, PAPER_TITLE, PAPER_DIM = STANDARD.PAPER, STANDARD.PAPER_INK, STANDARD.PAPER_TITLE, STANDARD.PAPER_DIM
FIELD = STANDARD.FIELD
ROW, DANGER, SHADE, BANNER, RIM = STANDARD.ROW, STANDARD.DANGER, STANDARD.SHADE, STANDARD.BANNER, STANDARD.RIM
EDGE, EDGE_LIT, LIT, SLOT = STANDARD.EDGE, STANDARD.EDGE_LIT, STANDARD.LIT, STANDARD.SLOT
FOCUS_WIDTH, DIM_SHADE, WEAVE = STANDARD.FOCUS_WIDTH, STANDARD.DIM_SHADE, STANDARD.WEAVE


def apply(high_contrast: bool) -> bool:
    """Make ``HIGH_CONTRAST`` (or ``STANDARD``) the palette in use; True if it changed
    (the caller then drops surfaces painted in the old colours)."""
    global palette
    chosen = HIGH_CONTRAST if high_contrast else STANDARD
    if chosen is palette:
        return False
    palette = chosen
    globals().update(asdict(chosen))
    return True


def drawn_in_looks(cached: Cached) -> Cached:
    """Mark a ``functools.lru_cache``d function whose results hold the theme's colours or
    measured text: :func:`forget_drawn` empties it when the looks change."""
    _forget.append(cached.cache_clear)
    return cached


def forget_drawn() -> None:
    """Empty every cache marked with :func:`drawn_in_looks`, and count a new
    :data:`generation` of the looks."""
    global generation
    generation += 1
    for clear in _forget:
        clear()


def high_contrast() -> bool:
    return palette is HIGH_CONTRAST


def scale_for(size: tuple[int, int]) -> float:
    """A size factor relative to the default 1280x800 window (text and card sizes use it)."""
    width, height = size
    return max(0.55, min(width / 1280, height / 800, 1.6))


def focus_width(scale: float = 1.0) -> int:
    """The thickness of a focus ring at ``scale``: never under 2 px, thick in high contrast."""
    return max(2, round(FOCUS_WIDTH * max(scale, 0.75)))


# --- contrast (WCAG 2) -------------------------------------------------------------------


def _channel(value: int) -> float:
    c = value / 255
    return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4


def luminance(rgb: RGB) -> float:
    """The relative luminance of an sRGB colour, 0 (black) to 1 (white)."""
    r, g, b = (_channel(v) for v in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def over(colour: RGB | RGBA, background: RGB) -> RGB:
    """``colour`` as it shows on ``background`` (a translucent panel over the felt)."""
    if len(colour) < 4:
        return (colour[0], colour[1], colour[2])
    alpha = colour[3] / 255
    r, g, b = (round(c * alpha + base * (1 - alpha)) for c, base in zip(colour[:3], background))
    return (r, g, b)


def contrast_ratio(first: RGB, second: RGB) -> float:
    """WCAG 2's contrast ratio of two colours, from 1 (the same) to 21 (black on white).

    >>> round(contrast_ratio((0, 0, 0), (255, 255, 255)), 1)
    21.0
    """
    light, dark = sorted((luminance(first), luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def pair_ratios(chosen: Palette) -> dict[tuple[str, str], float]:
    """The contrast ratio of every pair in :data:`TEXT_PAIRS` in ``chosen`` (translucent
    backgrounds over its felt)."""
    values = asdict(chosen)
    ratios = {}
    for text, background in TEXT_PAIRS:
        shown = over(values[background], chosen.FELT)
        ratios[(text, background)] = contrast_ratio(values[text], shown)
    return ratios
