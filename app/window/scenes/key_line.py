"""The key line at a table's top right ("Esc pause · F1 rules · L log · F11 full screen").

Tables put their own things up there (Seahaven's status bar, the trick games' score card,
a seat plate at the top), more of them in a small window. Rather than each table reserving
room, the line looks at what the table drew: it takes the longest of its forms whose place
is still bare felt, and leaves itself out when even the shortest would cover something.
The Menu and Rules buttons already say what Esc and F1 do, so those words go first.

A card flying past would make the line blink; so a new form is taken only after it has
been the one that fits for ``SETTLE_FRAMES`` frames in a row (the first frame decides at once).
"""

from __future__ import annotations

import pygame

from app.core.words.language import N_, _
from app.window.render.table import felt
from app.window.render.text import render_text
from app.window.ui import theme

FORMS = (N_("Esc pause · F1 rules · L log · F11 full screen"), N_("L log · F11 full screen"), N_("L log"))
SETTLE_FRAMES = 20
MARGIN = (8, 2)     # clear felt kept around the text, sideways and up/down
TOLERANCE = 6       # per-channel difference from the felt still counted as bare felt


def bare_felt(surface: pygame.Surface, rect: pygame.Rect, size: tuple[int, int]) -> bool:
    """True when ``rect`` of ``surface`` shows nothing but the felt of a ``size`` table."""
    rect = rect.clip(surface.get_rect())
    if rect.width <= 0 or rect.height <= 0:
        return False
    drawn = surface.subsurface(rect).copy()
    cloth = felt(size).subsurface(rect)
    above = drawn.copy()
    above.blit(cloth, (0, 0), special_flags=pygame.BLEND_RGB_SUB)   # where drawn > felt
    below = cloth.copy()
    below.blit(drawn, (0, 0), special_flags=pygame.BLEND_RGB_SUB)   # where drawn < felt
    above.blit(below, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    near = pygame.mask.from_threshold(above, (0, 0, 0), (TOLERANCE, TOLERANCE, TOLERANCE, 255))
    return near.count() == rect.width * rect.height


class KeyLine:
    """Chooses and draws the key line; ``rect`` is where it was drawn last (None: left out)."""

    def __init__(self) -> None:
        self.form: int | None = None        # index into FORMS; len(FORMS) means left out
        self.rect: pygame.Rect | None = None
        self._candidate = -1
        self._seen = 0

    def reset(self) -> None:
        """The window changed size: decide afresh on the next frame."""
        self.form = None

    def draw(self, surface: pygame.Surface, size: tuple[int, int], s: float, left: int) -> None:
        """Draw at the top right of a ``size`` table, keeping right of x = ``left``."""
        text = max(12, int(14 * s))
        images = [render_text(_(line), text, theme.INK_DIM) for line in FORMS]
        top = max(6, int(14 * s))
        rects = [image.get_rect(topright=(size[0] - 12, top)) for image in images]
        fits = next((i for i, r in enumerate(rects) if self._room_free(surface, r, size, left)), len(FORMS))
        self._settle(fits)
        self.rect = None
        if self.form is not None and self.form < len(FORMS):
            surface.blit(images[self.form], rects[self.form])
            self.rect = rects[self.form]

    @staticmethod
    def _room_free(surface: pygame.Surface, rect: pygame.Rect, size: tuple[int, int], left: int) -> bool:
        room = rect.inflate(MARGIN[0] * 2, MARGIN[1] * 2)
        return room.left > left and bare_felt(surface, room, size)

    def _settle(self, fits: int) -> None:
        if self.form is None:
            self.form, self._candidate, self._seen = fits, fits, 0
            return
        if fits == self.form:
            self._seen = 0
            return
        self._seen = self._seen + 1 if fits == self._candidate else 1
        self._candidate = fits
        if self._seen >= SETTLE_FRAMES:
            self.form, self._seen = fits, 0
