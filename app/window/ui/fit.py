"""Fitting short labels into a given width: a title on one line or two, a key hint broken
only between its items. Sizes are font sizes in points, widths in pixels."""

from __future__ import annotations

import math
from typing import Callable

import pygame

from app.window.render.text import ColorLike, font, render_text, text_scale

SMALLEST = 12      # below this, text stops being readable on a table
TINY = 9           # the last resort for a single word that must not be cut


def _size_for(lines: list[str], largest: int, room: int, bold: bool, smallest: int) -> int:
    """The largest size from ``largest`` down to ``smallest`` at which every line fits
    (``smallest`` itself when none does)."""
    size = largest
    while size > smallest and max(font(size, bold=bold).size(line)[0] for line in lines) > room:
        size -= 1
    return size


def _fits(lines: list[str], size: int, room: int, bold: bool) -> bool:
    return max(font(size, bold=bold).size(line)[0] for line in lines) <= room


def shrink_to(largest: int, fits: Callable[[int], bool], smallest: int | None = None) -> int:
    """The largest size from ``largest`` down to ``smallest`` at which ``fits`` holds
    (``smallest`` when none does): a label shrinks rather than run out of its box, which
    the larger text sizes make likely at 800 x 560. With no ``smallest``, the size that is
    drawn ``TINY`` pixels high at the player's text size."""
    if smallest is None:
        smallest = max(1, math.ceil(TINY / text_scale()))
    size = largest
    while size > smallest and not fits(size):
        size -= 1
    return size


def fitted(text: str, size: int, colour: ColorLike, room: int, bold: bool = False) -> pygame.Surface:
    """``text`` rendered at ``size``, or as much smaller as it must be to be no wider than
    ``room`` pixels (a key hint along the bottom, in a large text size or a long language)."""
    return render_text(text, size_to_fit(text, size, room, bold), colour, bold)


def size_to_fit(text: str, size: int, room: int, bold: bool = False) -> int:
    """The size :func:`fitted` draws ``text`` at."""
    return shrink_to(size, lambda z: font(z, bold=bold).size(text)[0] <= room)


def line_height(size: int, bold: bool = False) -> int:
    """The pixels a line of text at ``size`` takes, at the player's text size."""
    return font(size, bold=bold).get_linesize()


def halves(title: str) -> list[str]:
    """``title`` split at the space that makes the two lines most nearly equal in length.

    >>> halves("Egyptian Ratscrew"), halves("The Nash Game"), halves("Whist")
    (['Egyptian', 'Ratscrew'], ['The Nash', 'Game'], ['Whist'])
    """
    words = title.split()
    if len(words) < 2:
        return [title]
    cuts = [(" ".join(words[:k]), " ".join(words[k:])) for k in range(1, len(words))]
    first, second = min(cuts, key=lambda cut: abs(len(cut[0]) - len(cut[1])))
    return [first, second]


def fit_title(title: str, largest: int, room: int, shrink: float = 0.8) -> tuple[list[str], int]:
    """The lines and bold size for a title in ``room`` pixels: one line when it fits at no
    less than ``shrink`` of ``largest``; otherwise two lines when they come out larger;
    otherwise one line, as small as it must be (down to ``TINY``) so nothing is clipped."""
    one = _size_for([title], largest, room, True, SMALLEST)
    if one >= largest * shrink and _fits([title], one, room, True):
        return [title], one
    two_lines = halves(title)
    if len(two_lines) == 2:
        two = _size_for(two_lines, largest, room, True, SMALLEST)
        if _fits(two_lines, two, room, True) and (two > one or not _fits([title], one, room, True)):
            return two_lines, two
    if _fits([title], one, room, True):
        return [title], one
    return [title], _size_for([title], one, room, True, TINY)


def pack_items(items: list[str], size: int, room: int, joiner: str = " · ") -> list[str]:
    """Items joined into as few lines as fit ``room``, breaking only between items."""
    measure = font(size)
    lines: list[str] = []
    for item in items:
        candidate = f"{lines[-1]}{joiner}{item}" if lines else item
        if lines and measure.size(candidate)[0] <= room:
            lines[-1] = candidate
        else:
            lines.append(item)
    return lines
