"""Text drawn with the bundled DejaVu Sans, cached so a frame never re-renders a label.

pygame's default font has no suit glyphs and differs between platforms, so every piece of
text in Parlour goes through here and uses the TTF files kept in the top-level ``assets/``
(installed inside the package as ``app/assets``).
"""

from __future__ import annotations

import functools

import re
import sys
from pathlib import Path
from typing import Protocol

import pygame

from app.window.render.surface_cache import MB, SurfaceLRU

ColorLike = tuple[int, int, int] | tuple[int, int, int, int] | pygame.Color

ANCHORS = frozenset({
    "topleft", "midtop", "topright", "midleft", "center", "midright",
    "bottomleft", "midbottom", "bottomright",
})
_BULLET = re.compile(r"^(\s*[-*\u2022] )")

_fonts: dict[tuple[int, bool], pygame.font.Font] = {}
_texts: SurfaceLRU[tuple[str, int, tuple[int, ...], bool, bool]] = SurfaceLRU("rendered text", 16 * MB)
_scale = 1.0
"""How much larger than asked every text is drawn: the player's text size (Settings). Sizes
are asked for in the normal size, so layouts that measure their text grow with it."""


FONT_FILE = "DejaVuSans.ttf"
BOLD_FONT_FILE = "DejaVuSans-Bold.ttf"


class Measurer(Protocol):
    """Anything that can measure a string in pixels, like ``pygame.font.Font``."""

    def size(self, text: str, /) -> tuple[int, int]: ...


@functools.lru_cache(maxsize=1)
def assets_dir() -> Path:
    """The folder holding the fonts and their licence: ``app/assets`` inside an installed
    package (setuptools maps it from the top-level folder) or a PyInstaller bundle, and the
    top-level ``assets/`` beside ``app/`` in a source tree (editable installs included)."""
    package = Path(__file__).resolve().parents[2]   # the app package (this file: app/window/render/)
    candidates = [package / "assets", package.parent / "assets"]
    bundle = getattr(sys, "_MEIPASS", None)  # set by a PyInstaller one-file executable
    if bundle:
        candidates += [Path(bundle) / "app" / "assets", Path(bundle) / "assets"]
    # Known by the font, not by the name alone: beside an installed package, "assets" may
    # be some other distribution's folder.
    return next((c for c in candidates if (c / FONT_FILE).is_file()), candidates[0])


def font_path(bold: bool = False) -> Path:
    return assets_dir() / (BOLD_FONT_FILE if bold else FONT_FILE)


def set_text_scale(factor: float) -> bool:
    """Draw every text ``factor`` times its normal size from now on; True if that changed
    (the rendered strings are then forgotten, and screens should lay themselves out again)."""
    global _scale
    if factor == _scale:
        return False
    _scale = factor
    _texts.clear()
    return True


def text_scale() -> float:
    return _scale


def px(size: int) -> int:
    """The pixel size text asked for at ``size`` is drawn at: what a layout steps its lines
    by (``px(size) + gap``), so lines keep apart at the larger text sizes.

    >>> px(20) == round(20 * text_scale())
    True
    """
    return max(1, round(size * _scale))


def font(size: int, bold: bool = False, exact: bool = False) -> pygame.font.Font:
    """The bundled font at ``size`` pixels times the player's text size (``exact``: at
    ``size`` itself, for text that belongs to a drawing of fixed proportions such as a
    card's index), loaded once per (pixel size, bold)."""
    if not pygame.font.get_init():
        # Fonts die with pygame.font.quit(); a fresh init needs fresh Font objects.
        pygame.font.init()
        clear_caches()
    key = (max(1, int(size if exact else round(size * _scale))), bold)
    cached = _fonts.get(key)
    if cached is None:
        if not _fonts:
            # pygame.quit() runs its quit hooks once and forgets them: hook in again with
            # the first font of each life, so fonts never outlive the pygame that made them.
            pygame.register_quit(clear_caches)
        cached = _fonts[key] = pygame.font.Font(font_path(bold), key[0])
    return cached


def render_text(text: str, size: int, color: ColorLike, bold: bool = False,
                exact: bool = False) -> pygame.Surface:
    """Anti-aliased text on a transparent surface; shared, so callers must not draw on it.
    ``size`` is scaled by the player's text size unless ``exact`` (see :func:`font`)."""
    if not pygame.font.get_init():
        font(size, bold)  # re-initialises and empties the stale caches
    key = (text, int(size), tuple(pygame.Color(color)), bold, exact)
    surface = _texts.get(key)
    if surface is not None:
        return surface
    surface = font(size, bold, exact).render(text, True, color)
    if pygame.display.get_surface() is not None:
        surface = surface.convert_alpha()
    return _texts.put(key, surface)


def draw_text(
    surface: pygame.Surface,
    text: str,
    size: int,
    color: ColorLike,
    rect: pygame.Rect | tuple[int, int, int, int],
    anchor: str = "center",
    bold: bool = False,
) -> pygame.Rect:
    """Blit ``text`` so its ``anchor`` point meets the same point of ``rect``; return where."""
    if anchor not in ANCHORS:
        raise ValueError(f"unknown anchor {anchor!r}: use one of {sorted(ANCHORS)}")
    image = render_text(text, size, color, bold)
    target = image.get_rect(**{anchor: getattr(pygame.Rect(rect), anchor)})
    return surface.blit(image, target)


def wrap(text: str, font: Measurer, width: int) -> list[str]:
    """Break ``text`` into lines no wider than ``width`` pixels.

    Explicit newlines are kept (an empty line stays empty). A line starting with ``- ``
    is a bullet: its continuation lines are indented to sit under the bullet's text.
    A single word wider than ``width`` is split between characters.

    >>> wrap("- one two three four", _FixedWidth(), 9)  # one pixel per character
    ['- one two', '  three', '  four']
    """
    lines: list[str] = []
    for paragraph in text.split("\n"):
        lines.extend(_wrap_paragraph(paragraph.rstrip(), font, width))
    return lines


def _wrap_paragraph(paragraph: str, font: Measurer, width: int) -> list[str]:
    if not paragraph.strip():
        return [""]
    prefix = _line_prefix(paragraph)
    indent = " " * len(prefix)
    lines: list[str] = []
    line = ""
    for word in paragraph[len(prefix):].split():
        lead = indent if lines else prefix
        candidate = f"{line} {word}" if line else word
        if line and font.size(lead + candidate)[0] > width:
            lines.append(lead + line)
            line = word
        else:
            line = candidate
    lines.append((indent if lines else prefix) + line)
    return [piece for text in lines for piece in _split_long(text, font, width, indent)]


def _line_prefix(paragraph: str) -> str:
    """A bullet marker with its indentation, or just the leading indentation."""
    bullet = _BULLET.match(paragraph)
    if bullet:
        return bullet.group(1)
    return paragraph[: len(paragraph) - len(paragraph.lstrip())]


def _split_long(line: str, font: Measurer, width: int, indent: str) -> list[str]:
    """Split a line that is still too wide (one huge word) between characters."""
    pieces: list[str] = []
    while font.size(line)[0] > width and len(line.strip()) > 1:
        cut = len(line) - 1
        while cut > len(indent) + 1 and font.size(line[:cut])[0] > width:
            cut -= 1
        pieces.append(line[:cut])
        line = indent + line[cut:]
    pieces.append(line)
    return pieces


def clear_caches() -> None:
    """Forget every loaded font and rendered string (after pygame.quit, or to free memory)."""
    _fonts.clear()
    _texts.clear()


class _FixedWidth:
    """A one-pixel-per-character measurer so the doctest does not need pygame's font module."""

    def size(self, text: str) -> tuple[int, int]:
        return len(text), 1

