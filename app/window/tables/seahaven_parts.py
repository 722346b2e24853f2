"""Pieces of the Seahaven table kept apart from its input and animation: the geometry
(where every place is for a window size), the deal-number prompt, slot and arrow drawing,
and the autosave of a game in progress."""

from __future__ import annotations

import math
from concurrent.futures import Future, ThreadPoolExecutor
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from app.core import storage
from app.window.render.suits import suit_surface
from app.window.render.text import render_text
from app.window.ui import theme
from app.window.ui.widgets import blit_centered, panel
from games.core.cards import Card, Suit
from games.seahaven import rules as sh

# The top row, left to right: spades and hearts foundations, the four towers, diamonds and
# clubs; each sits above this column.
if TYPE_CHECKING:
    from app.core.table_session import TableSession

TOP_ROW: tuple[tuple[sh.Place, int], ...] = (
    (sh.Place.foundation(0), 0), (sh.Place.foundation(1), 1),
    (sh.Place.tower(0), 3), (sh.Place.tower(1), 4), (sh.Place.tower(2), 5), (sh.Place.tower(3), 6),
    (sh.Place.foundation(2), 8), (sh.Place.foundation(3), 9),
)
FAN = 0.27        # a column's cards overlap by this much of a card height, at most
AUTOSAVE_VERSION = 1


def chrome_bottom(s: float) -> int:
    """The lowest pixel of the table's Menu and Rules buttons (app/window/scenes/table.py draws
    them 10 px down, 34 px tall at scale 1, with a 3 px shadow under them)."""
    return 10 + int(34 * s) + 3


class Layout:
    """Every position on the table for one window size, computed from the size alone."""

    def __init__(self, size: tuple[int, int], s: float) -> None:
        w, h = size
        self.size = size
        self.s = s
        self.top_bar = max(52 * s, chrome_bottom(s) + 8)  # the top row starts clear of Menu and Rules
        self.buttons_y = round(h - 34 * s - max(11, 13 * s) * 1.5 - 14)
        margin = 16 * s
        self.pitch = (w - 2 * margin) / sh.COLUMNS
        self.left = margin
        by_height = (self.buttons_y - self.top_bar - 20 * s) / (1.18 + 1 + 11 * FAN * 0.75) / 1.4
        self.card_w = max(36.0, min(self.pitch * 0.86, by_height))
        self.card_h = self.card_w * 1.4
        self.top_y = self.top_bar + self.card_h / 2 + 4 * s
        self.columns_y = self.top_y + self.card_h * 1.18
        self.status_y = 27 * s

    def column_x(self, index: int) -> float:
        return self.left + (index + 0.5) * self.pitch

    def foundation(self, index: int) -> tuple[float, float]:
        return self.top(sh.Place.foundation(index))

    def tower(self, index: int) -> tuple[float, float]:
        return self.top(sh.Place.tower(index))

    def top(self, place: sh.Place) -> tuple[float, float]:
        column = next(c for p, c in TOP_ROW if p == place)
        return (self.column_x(column), self.top_y)

    def fan(self, length: int) -> float:
        """The step between cards of a column of ``length`` cards, squeezed to fit."""
        room = self.buttons_y - 10 * self.s - self.columns_y - self.card_h / 2
        return min(self.card_h * FAN, room / max(1, length - 1))

    def in_column(self, index: int, depth: int, length: int) -> tuple[float, float]:
        return (self.column_x(index), self.columns_y + depth * self.fan(length))

    def deck_spot(self) -> tuple[float, float]:
        return (self.size[0] / 2, self.size[1] + self.card_h)

    def places(self) -> list[sh.Place]:
        """Every place in keyboard order: the top row, then the columns."""
        return [p for p, _ in TOP_ROW] + [sh.Place.column(i) for i in range(sh.COLUMNS)]

    def vertical(self, cursor: int, up: bool) -> int:
        """Up from a column goes to the nearest top-row place, down from it to its column."""
        places = self.places()
        place = places[cursor]
        if place.kind == "column" and up:
            best = min(range(len(TOP_ROW)), key=lambda k: abs(TOP_ROW[k][1] - place.index))
            return best
        if place.kind != "column" and not up:
            return len(TOP_ROW) + TOP_ROW[cursor][1]
        return cursor

    def slot_rect(self, centre: tuple[float, float]) -> pygame.Rect:
        rect = pygame.Rect(0, 0, round(self.card_w), round(self.card_h))
        rect.center = (round(centre[0]), round(centre[1]))
        return rect

    def place_rect(self, place: sh.Place, columns: list[list[Card]]) -> pygame.Rect:
        """Where ``place`` shows: a column's last card (or its empty slot), a top-row slot."""
        if place.kind == "column":
            length = len(columns[place.index])
            return self.slot_rect(self.in_column(place.index, max(0, length - 1), max(1, length)))
        return self.slot_rect(self.top(place))

    def place_at(self, pos: tuple[int, int], columns: list[list[Card]]) -> sh.Place | None:
        """The place a drop at ``pos`` means: a top-row slot, or anywhere down a column."""
        for place, _ in TOP_ROW:
            if self.slot_rect(self.top(place)).inflate(self.pitch * 0.12, 10).collidepoint(pos):
                return place
        if pos[1] < self.columns_y - self.card_h * 0.6:
            return None
        index = int((pos[0] - self.left) // self.pitch)
        return sh.Place.column(index) if 0 <= index < sh.COLUMNS else None


def draw_slot(surface: pygame.Surface, g: Layout, centre: tuple[float, float], lit: bool,
              suit: Suit | None = None, label: str = "") -> None:
    """An empty place: a faint rounded frame, with its suit or a letter, gold when lit."""
    rect = g.slot_rect(centre)
    surface.blit(_slot(rect.size, lit, suit, label), rect)


@theme.drawn_in_looks
@lru_cache(maxsize=64)
def _slot(size: tuple[int, int], lit: bool, suit: Suit | None, label: str) -> pygame.Surface:
    """One slot picture, made once per size and kind (drawing them every frame is costly)."""
    layer = pygame.Surface(size, pygame.SRCALPHA)
    radius = max(4, size[0] // 10)
    pygame.draw.rect(layer, (0, 0, 0, 46), layer.get_rect(), border_radius=radius)
    edge = theme.GOLD if lit else theme.SLOT
    pygame.draw.rect(layer, edge, layer.get_rect(), width=theme.focus_width() if lit else 2, border_radius=radius)
    mark = None
    if suit is not None:
        mark = suit_surface(suit, int(size[0] * 0.42), (190, 225, 200)).copy()
        mark.set_alpha(90)
    elif label:
        mark = render_text(label, int(size[0] * 0.36), (150, 200, 165), bold=True).copy()
        mark.set_alpha(80)
    if mark is not None:
        layer.blit(mark, mark.get_rect(center=layer.get_rect().center))
    return layer


def draw_arrow(surface: pygame.Surface, start: tuple[int, int], end: tuple[int, int],
               width: int, colour: tuple[int, int, int], opacity: float) -> None:
    """A thick arrow from ``start`` to ``end``, drawn on its own layer so it can fade."""
    layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    head = width * 3.2
    tip = (end[0] - ux * width, end[1] - uy * width)
    neck = (tip[0] - ux * head, tip[1] - uy * head)
    rgba = (*colour, round(255 * max(0.0, min(1.0, opacity))))
    pygame.draw.line(layer, (0, 0, 0, 120), (start[0] + 2, start[1] + 3), (neck[0] + 2, neck[1] + 3), width + 2)
    pygame.draw.line(layer, rgba, start, neck, width)
    wing = (-uy * head * 0.6, ux * head * 0.6)
    pygame.draw.polygon(layer, rgba, [tip, (neck[0] + wing[0], neck[1] + wing[1]),
                                      (neck[0] - wing[0], neck[1] - wing[1])])
    pygame.draw.circle(layer, rgba, (round(start[0]), round(start[1])), width)
    surface.blit(layer, (0, 0))


class DealPrompt:
    """Type a deal number: digits, Backspace, Enter to deal it, Esc to cancel."""

    DIGITS = 9

    def __init__(self, s: float) -> None:
        self.s = s
        self.text = ""

    def handle_event(self, event: pygame.event.Event) -> int | str | None:
        if event.type != pygame.KEYDOWN:
            return None
        if event.key == pygame.K_ESCAPE:
            return "cancel"
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return int(self.text) if self.text else "cancel"
        if event.key == pygame.K_BACKSPACE:
            self.text = self.text[:-1]
        elif event.unicode and event.unicode.isdigit() and len(self.text) < self.DIGITS:
            self.text += event.unicode
        return None

    def draw(self, surface: pygame.Surface, size: tuple[int, int]) -> None:
        s = self.s
        box = pygame.Rect(0, 0, int(460 * s), int(150 * s))
        box.center = (size[0] // 2, size[1] // 2)
        panel(surface, box, fill=theme.OPAQUE_PANEL, edge=theme.GOLD)
        blit_centered(surface, render_text("Play deal number", int(24 * s), theme.GOLD, bold=True),
                      (box.centerx, box.top + 30 * s))
        shown = (self.text or " ") + "_"
        blit_centered(surface, render_text(shown, int(34 * s), theme.INK, bold=True), box.center)
        blit_centered(surface, render_text("type digits · Enter deals · Esc cancels", max(12, int(15 * s)),
                                           theme.INK_DIM), (box.centerx, box.bottom - 24 * s))


# --- the autosave ------------------------------------------------------------------------------

def autosave_path() -> Path:
    return storage.data_dir() / "seahaven_autosave.json"


_WRITER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="seahaven-save")


def save_progress(session: TableSession, elapsed: float) -> Future[None]:
    """Remember the deal and its moves so the game can be resumed after the app closes.
    The snapshot is taken now; the (fsynced, so slow) write happens off the frame loop."""
    state = session.state_as(sh.SeahavenState)
    if state.is_over() or not state.moves:
        return _WRITER.submit(_unlink)
    data = {
        "deal": state.deal, "options": dict(session.setup.options), "elapsed": round(elapsed, 1),
        "moves": [[str(m.card), m.to.kind, m.to.index, m.chained] for m in session.actions if isinstance(m, sh.Move)],
    }
    return _WRITER.submit(_write, autosave_path(), data)


def _write(path: Path, data: dict[str, Any]) -> None:
    try:
        storage.write_json(path, data, AUTOSAVE_VERSION)
    except (OSError, TypeError, ValueError):
        pass  # an autosave that cannot be written is not worth interrupting play for


def saved() -> None:
    """Wait until every autosave asked for so far is on disk (tests, and before leaving)."""
    _WRITER.submit(lambda: None).result()


def clear_autosave() -> None:
    _WRITER.submit(_unlink).result()


def _unlink() -> None:
    try:
        autosave_path().unlink()
    except OSError:
        pass


def _saved_game(data: Any) -> dict[str, Any]:
    """The saved deal replayed move by move. Raises ``BadData`` (the file is then set aside
    with a notice) when a part the game needs is missing or a move is not legal; a clock
    that is not a number of seconds only restarts the clock, with a notice."""
    if not isinstance(data, dict) or not isinstance(data.get("deal"), int) or isinstance(data["deal"], bool):
        raise storage.BadData("is not a saved game")
    moves, options = data.get("moves"), data.get("options", {})
    if not isinstance(moves, list) or not all(isinstance(m, list) and len(m) == 4 for m in moves):
        raise storage.BadData("has no list of moves")
    if not isinstance(options, dict):
        raise storage.BadData("has options that are not a table")
    state = sh.state_for(data["deal"])
    for card, kind, index, chained in moves:
        if not (isinstance(card, str) and isinstance(kind, str) and isinstance(index, int)):
            raise storage.BadData("has a move that cannot be read")
        # A card that does not parse, or a move not legal now, is a ValueError: set aside.
        state.apply(sh.Move(0, Card.parse(card), sh.Place(kind, index), bool(chained)))
    return {"deal": data["deal"], "options": dict(options), "elapsed": _seconds(data.get("elapsed", 0.0)),
            "history": [h.move for h in state.history]}


def _seconds(value: Any) -> float:
    """The time played so far; NaN, infinities, negatives and non-numbers restart the clock."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 10**9:
        return float(value)
    if isinstance(value, float) and math.isfinite(value) and 0 <= value < 10**9:
        return value
    storage.notice("The time of your saved Seahaven game could not be read; "
                           "its clock starts again at 0:00.")
    return 0.0


def load_progress() -> dict[str, Any] | None:
    """The saved game in progress (deal, options, moves, seconds), or None."""
    saved()
    return storage.read_json(autosave_path(), AUTOSAVE_VERSION, _saved_game)
