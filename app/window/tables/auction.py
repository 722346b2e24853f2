"""The auction pieces the bidding trick tables share (Nap, Nash Whist): a panel listing the
legal calls in rows by level, each button showing the bid and what it pays, and a
scrollable history of every call made, kept for the whole session.

The table builds the rows from the rules' legal actions; these classes only lay them out,
take the input and draw. A panel with fifty bids still fits a small window: rows wrap, the
text shrinks down to a readable floor, and past that the rows scroll. A panel whose calls
carry a ``meaning`` is a list instead: one call a line, every button as wide as the widest,
its name in one column and what it means in the next, so the lines never wrap raggedly;
where that is too wide (a small window), each button shows its meaning under its name.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, Callable

import pygame

from app.window.render.suits import suit_surface
from app.window.render.text import font, px, render_text
from app.window.render.vector import Color
from app.window.tables.trick_parts import pip_colour
from app.window.ui import theme
from app.window.ui.fit import fitted, line_height
from app.window.ui.widgets import panel
from games.core.cards import Suit

MIN_TEXT = 11              # the smallest text size the panel shrinks to before it scrolls
PAY_FILL = (16, 52, 34)    # the dark tag that shows a bid's payment


@dataclass(frozen=True)
class Choice:
    """One button: its words (and pip), what it pays, the action it makes, and a longer
    description shown while it has the focus. ``key`` is an optional letter shortcut;
    ``meaning``, what the call means in a few words, shown on the button after its name."""

    label: str
    action: Any
    pay: int | None = None
    suit: Suit | None = None
    quiet: bool = False
    tip: str = ""
    key: str = ""
    meaning: str = ""


@dataclass(frozen=True)
class ChoiceRow:
    heading: str
    choices: tuple[Choice, ...]


@dataclass
class _Line:
    """One drawn line of buttons (a long row wraps onto several)."""

    heading: str
    indices: list[int]
    top: int = 0


class AuctionPanel:
    """The legal calls in rows; arrows move the focus (up/down between lines), Enter or
    Space calls, a click calls, the wheel or PageUp/PageDown scrolls when the rows overflow.
    ``note``: an optional line under the title saying what the buttons' words mean."""

    def __init__(self, title: str, rows: list[ChoiceRow], choose: Callable[[Any], object],
                 focus: int = 0, note: str = "") -> None:
        self.title = title
        self.note = note
        self.note_lines: list[str] = []  # the note wrapped to the box at its last layout
        self.foot_lines = 1               # lines the longest focused call's description takes
        self._feet: dict[tuple[int, int], int] = {}
        self._sizes: dict[int, tuple[int, list[int]]] = {}
        self.rows = [row for row in rows if row.choices]
        self.choose = choose
        self.choices = [choice for row in self.rows for choice in row.choices]
        self.listed = any(choice.meaning for choice in self.choices)  # a list: a call and its meaning a line
        self.name_column = 0   # in a list, where the meanings start on each button
        self.stacked = False   # a list too wide for one line a call: each meaning under its name
        self.index = min(max(0, focus), len(self.choices) - 1) if self.choices else 0
        self.rects: list[pygame.Rect] = [pygame.Rect(0, 0, 0, 0) for _ in self.choices]
        self.lines: list[_Line] = []
        self.box = pygame.Rect(0, 0, 0, 0)
        self.view = pygame.Rect(0, 0, 0, 0)  # the part of the box the rows show through
        self.scroll = 0
        self.content_height = 0
        self.text_size = MIN_TEXT
        self.heading_width = 0

    # layout --------------------------------------------------------------------------------

    @property
    def scrollable(self) -> bool:
        return self.content_height > self.view.height

    def layout(self, area: pygame.Rect, scale: float) -> None:
        """Fit into ``area`` (anchored to its bottom middle): the largest text size at which
        everything shows, or the smallest with scrolling."""
        biggest = max(MIN_TEXT, int(17 * scale))
        for size in range(biggest, MIN_TEXT - 1, -1):
            if self._try(area, size, scroll_ok=size == MIN_TEXT):
                break

    def _try(self, area: pygame.Rect, size: int, scroll_ok: bool) -> bool:
        pad, gap = max(6, size // 2), max(4, size // 3)
        height = int(px(size) * 1.9)
        self.heading_width, widths = self._measure(size, gap)
        room = area.width - pad * 2 - self.heading_width
        self.stacked = self.listed and bool(widths) and widths[0] > room
        if self.stacked:
            widths = [self._stacked_width(size)] * len(widths)
            height = int(size * 2.7)
        if scroll_ok:  # the last resort: never fail to place the buttons
            room = max([room] + widths)
        self.lines, used = self._wrap(widths, room, gap)
        if used < 0:
            return False
        title_w = render_text(self.title, size + 1, theme.GOLD, bold=True).get_width()
        if title_w > area.width - pad * 2 and not scroll_ok:
            return False
        width = max(used + self.heading_width, title_w) + pad * 2
        self.note_lines = _wrapped(self.note, max(MIN_TEXT, size - 2), min(width, area.width) - pad * 2)
        title_h = render_text(self.title, size + 1, theme.GOLD, bold=True).get_height() + gap
        title_h += sum(render_text(line, max(MIN_TEXT, size - 2), theme.INK).get_height() for line in self.note_lines)
        foot_size = max(MIN_TEXT, size - 2)
        line_h = render_text("Ag", foot_size, theme.INK_DIM).get_height()
        self.content_height = len(self.lines) * (height + gap) - gap
        if pad * 2 + title_h + line_h + gap + self.content_height > area.height and not scroll_ok:
            return False  # too tall even with a one-line foot: no need to measure every call's line
        self.foot_lines = self._foot_lines(foot_size, min(width, area.width) - pad * 2)
        chrome = pad * 2 + title_h + line_h * self.foot_lines + gap
        if chrome + self.content_height > area.height and not scroll_ok:
            return False
        box_h = min(area.height, chrome + self.content_height)
        self.box = pygame.Rect(0, 0, min(width, area.width), box_h)
        self.box.midbottom = area.midbottom
        self.view = pygame.Rect(self.box.left + pad, self.box.top + pad + title_h,
                                self.box.width - pad * 2, box_h - chrome)
        self.text_size = size
        self._place(widths, height, gap)
        self.scroll = max(0, min(self.scroll, self.content_height - self.view.height))
        self._show_focus()
        return True

    def _measure(self, size: int, gap: int) -> tuple[int, list[int]]:
        """The headings' column and the buttons' widths at ``size`` (remembered: they do
        not depend on where the panel goes)."""
        if size not in self._sizes:
            headings = [row.heading for row in self.rows if row.heading]
            heading = max((render_text(h, size, theme.INK_DIM, bold=True).get_width() for h in headings),
                          default=-gap) + gap
            widths = self._listed_widths(size) if self.listed else \
                _in_columns([self._button_width(c, size) for c in self.choices], gap)
            self._sizes[size] = (heading, widths)
        heading, widths = self._sizes[size]
        if self.listed:
            self.name_column = self._name_width(size)
        return heading, list(widths)

    def _name_width(self, size: int) -> int:
        """A list's name column: the widest call's name (and pip), with a gap after it."""
        return max(self._button_width(replace(c, pay=None), size) for c in self.choices)

    def _stacked_width(self, size: int) -> int:
        """A stacked list's buttons: as wide as the widest name or meaning."""
        return max(self._name_width(size), max(_width(c.meaning, size) for c in self.choices) + size)

    def _listed_widths(self, size: int) -> list[int]:
        """Every button of a list as wide as the widest name plus the widest meaning."""
        meaning = max(_width(c.meaning, size) for c in self.choices)
        return [self._name_width(size) + meaning + size] * len(self.choices)

    def _foot_lines(self, size: int, room: int) -> int:
        """The most lines any call's description takes at the foot (remembered per size
        and width, as the table tries many places for the panel)."""
        key = (size, room)
        if key not in self._feet:
            self._feet[key] = max((len(_foot(c.tip or c.label, size, room)[1]) for c in self.choices), default=1)
        return self._feet[key]

    def _button_width(self, choice: Choice, size: int) -> int:
        width = render_text(choice.label, size, theme.BUTTON_TEXT, bold=True).get_width() if choice.label else 0
        if choice.suit is not None:
            width += int(size * 1.05) + (size // 3 if choice.label else 0)
        if choice.pay is not None:
            width += render_text(str(choice.pay), max(MIN_TEXT - 1, size - 3), theme.INK, bold=True).get_width()
            width += size
        return width + size

    def _wrap(self, widths: list[int], room: int, gap: int) -> tuple[list[_Line], int]:
        """Rows flow onto as many lines as they need; -1 when a button alone is too wide."""
        lines: list[_Line] = []
        used, index = 0, 0
        for row in self.rows:
            line = _Line(row.heading, [])
            run = 0
            for _ in row.choices:
                w = widths[index]
                if w > room:
                    return [], -1
                if line.indices and run + gap + w > room:
                    lines.append(line)
                    line, run = _Line("", []), 0
                run += (gap if line.indices else 0) + w
                line.indices.append(index)
                used = max(used, run)
                index += 1
            lines.append(line)
        return lines, used

    def _place(self, widths: list[int], height: int, gap: int) -> None:
        """Button rects in content coordinates (0 = the top of the first line)."""
        for number, line in enumerate(self.lines):
            line.top = number * (height + gap)
            x = self.heading_width
            for index in line.indices:
                self.rects[index] = pygame.Rect(x, line.top, widths[index], height)
                x += widths[index] + gap

    @property
    def overflows(self) -> bool:
        """Whether a button sticks out of the panel's side (the last resort of a panel too
        narrow for its widest call)."""
        return any(rect.right > self.view.width for rect in self.rects)

    def rect_of(self, index: int) -> pygame.Rect:
        """Where a button is on the screen now (scrolled)."""
        return self.rects[index].move(self.view.left, self.view.top - self.scroll)

    def visible(self, index: int) -> bool:
        return self.view.contains(self.rect_of(index))

    def _show_focus(self) -> None:
        if not self.choices:
            return
        rect = self.rects[self.index]
        if rect.top < self.scroll:
            self.scroll = rect.top
        elif rect.bottom > self.scroll + self.view.height:
            self.scroll = rect.bottom - self.view.height

    # input ---------------------------------------------------------------------------------

    def index_at(self, pos: tuple[int, int]) -> int | None:
        if not self.view.collidepoint(pos):
            return None
        for index in range(len(self.choices)):
            if self.rect_of(index).collidepoint(pos):
                return index
        return None

    def handle_event(self, event: pygame.event.Event, mouse: tuple[int, int] | None = None) -> bool:
        """Returns True when the panel used the event."""
        if not self.choices:
            return False
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type == pygame.MOUSEMOTION:
            hit = self.index_at(event.pos)
            if hit is not None:
                self.index = hit
            return hit is not None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            hit = self.index_at(event.pos)
            if hit is not None:
                self.choose(self.choices[hit].action)
            return hit is not None or self.box.collidepoint(event.pos)
        if event.type == pygame.MOUSEWHEEL and (mouse is None or self.box.collidepoint(mouse)):
            self.scroll_by(-event.y * int(self.text_size * 2.2))
            return True
        return False

    def scroll_by(self, pixels: int) -> None:
        self.scroll = max(0, min(self.scroll + pixels, self.content_height - self.view.height))

    def _key(self, event: pygame.event.Event) -> bool:
        key, shift = event.key, bool(event.mod & pygame.KMOD_SHIFT)
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.choose(self.choices[self.index].action)
            return True
        steps = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_TAB: -1 if shift else 1}
        if key in steps:
            self.index = (self.index + steps[key]) % len(self.choices)
        elif key in (pygame.K_UP, pygame.K_DOWN):
            self.index = self._vertical(-1 if key == pygame.K_UP else 1)
        elif key in (pygame.K_HOME, pygame.K_END):
            self.index = 0 if key == pygame.K_HOME else len(self.choices) - 1
        elif key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.scroll_by((self.view.height - self.text_size) * (-1 if key == pygame.K_PAGEUP else 1))
            return True
        else:
            return self._shortcut(event)
        self._show_focus()
        return True

    def _vertical(self, step: int) -> int:
        """The button on the next line up or down nearest the focused one's middle."""
        here = next(n for n, line in enumerate(self.lines) if self.index in line.indices)
        target = self.lines[(here + step) % len(self.lines)]
        x = self.rects[self.index].centerx
        return min(target.indices, key=lambda i: abs(self.rects[i].centerx - x))

    def _shortcut(self, event: pygame.event.Event) -> bool:
        letter = (getattr(event, "unicode", "") or "").lower()
        for choice in self.choices:
            if letter and choice.key == letter:
                self.choose(choice.action)
                return True
        return False

    # drawing -------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        if not self.choices:
            return
        size = self.text_size
        pad, gap = max(6, size // 2), max(4, size // 3)
        panel(surface, self.box, fill=(10, 40, 26, 255), radius=14)  # opaque: nothing shows through its words
        title = render_text(self.title, size + 1, theme.GOLD, bold=True)
        clip = surface.get_clip()
        surface.set_clip(self.box.inflate(-pad, 0).clip(clip))  # a title too long is cut, not spilled
        surface.blit(title, title.get_rect(midtop=(self.box.centerx, self.box.top + pad)))
        y = self.box.top + pad + title.get_height()
        for line in self.note_lines:
            note = _shrunk(line, size - 2, self.box.width - pad * 2, theme.INK)
            surface.blit(note, note.get_rect(midtop=(self.box.centerx, y)))
            y += note.get_height()
        surface.set_clip(self.view.inflate(8, 8).clip(self.box))
        for row in self.lines:
            top = self.view.top + row.top - self.scroll
            if row.heading:
                head = render_text(row.heading, size, theme.INK_DIM, bold=True)
                surface.blit(head, (self.view.left, top + (int(px(size) * 1.9) - head.get_height()) // 2))
            for index in row.indices:
                self._draw_button(surface, index)
        surface.set_clip(clip)
        if self.scrollable:
            self._draw_scrollbar(surface)
        tip = self.choices[self.index].tip or self.choices[self.index].label
        surface.set_clip(self.box.inflate(-pad, 0).clip(clip))
        fit, lines = _foot(tip, max(MIN_TEXT, size - 2), self.box.width - pad * 2)
        spare = (self.foot_lines - len(lines)) * render_text("Ag", max(MIN_TEXT, size - 2), theme.INK_DIM).get_height()
        bottom = self.box.bottom - pad + gap // 2 - spare // 2  # fewer lines than kept room for: centred in it
        for line in reversed(lines):
            foot = render_text(line, fit, theme.INK_DIM)
            surface.blit(foot, foot.get_rect(midbottom=(self.box.centerx, bottom)))
            bottom -= foot.get_height()
        surface.set_clip(clip)

    def _draw_button(self, surface: pygame.Surface, index: int) -> None:
        choice, rect = self.choices[index], self.rect_of(index)
        if not rect.colliderect(self.view.inflate(8, 8)):
            return
        focused = index == self.index
        if choice.quiet:
            fill, ink = ((60, 110, 80) if focused else (36, 80, 56)), theme.INK
        else:
            fill, ink = (theme.GOLD if focused else theme.GOLD_DARK), theme.BUTTON_TEXT
        radius = max(6, rect.height // 3)
        pygame.draw.rect(surface, (0, 0, 0), rect.move(0, 2), border_radius=radius)
        pygame.draw.rect(surface, fill, rect, border_radius=radius)
        if focused:
            pygame.draw.rect(surface, theme.INK, rect.inflate(4, 4), width=2, border_radius=radius + 2)
        self._draw_face(surface, choice, rect, ink)

    def _draw_face(self, surface: pygame.Surface, choice: Choice, rect: pygame.Rect, ink: Color) -> None:
        size = self.text_size
        x = rect.left + size // 2
        middle = rect.top + int(size * 0.85) if self.stacked else rect.centery
        if choice.suit is not None:
            pip = suit_surface(choice.suit, int(size * 1.05), pip_colour(choice.suit))
            surface.blit(pip, pip.get_rect(midleft=(x, middle)))
            x += pip.get_width() + size // 3
        if choice.label:
            label = render_text(choice.label, size, ink, bold=True)
            surface.blit(label, label.get_rect(midleft=(x, middle)))
        if choice.meaning:
            meaning = render_text(choice.meaning, size, ink)
            at = (rect.left + size // 2, rect.top + int(size * 1.9)) if self.stacked else \
                (rect.left + self.name_column, rect.centery)
            surface.blit(meaning, meaning.get_rect(midleft=at))
        if choice.pay is not None:
            pay = render_text(str(choice.pay), max(MIN_TEXT - 1, size - 3), theme.INK, bold=True)
            tag = pay.get_rect(midright=(rect.right - size // 2 + 2, rect.centery)).inflate(size // 2 + 2, 2)
            pygame.draw.rect(surface, PAY_FILL, tag, border_radius=tag.height // 2)
            surface.blit(pay, pay.get_rect(center=tag.center))

    def _draw_scrollbar(self, surface: pygame.Surface) -> None:
        track = pygame.Rect(self.box.right - 7, self.view.top, 4, self.view.height)
        share = self.view.height / self.content_height
        knob_h = max(12, int(track.height * share))
        span = self.content_height - self.view.height
        knob_y = track.top + int((track.height - knob_h) * (self.scroll / span if span else 0))
        pygame.draw.rect(surface, (60, 90, 70), track, border_radius=2)
        pygame.draw.rect(surface, theme.GOLD, (track.left, knob_y, 4, knob_h), border_radius=2)


def _wrapped(text: str, size: int, room: int) -> list[str]:
    """``text`` broken at its " · " separators into lines that fit ``room`` where they can."""
    lines: list[str] = []
    for part in text.split(" · ") if text else []:
        joined = f"{lines[-1]} · {part}" if lines else part
        if lines and render_text(joined, size, theme.INK).get_width() <= room:
            lines[-1] = joined
        else:
            lines.append(part)
    return lines


@theme.drawn_in_looks
@lru_cache(maxsize=4096)
def _width(text: str, size: int) -> int:
    """How wide ``text`` is in the regular face at ``size`` (measured once: the panel
    asks again for every place it tries)."""
    return font(size).size(text)[0]


def _foot(text: str, size: int, room: int) -> tuple[int, list[str]]:
    """The focused call's description: one line at ``size`` or a little smaller, else
    wrapped at the smallest size (text size, lines). Measured, not drawn: the panel asks
    this of every call at every size it tries."""
    for fit in range(size, MIN_TEXT - 1, -1):
        if _width(text, fit) <= room:
            return fit, [text]
    return MIN_TEXT, _words_wrapped(text, MIN_TEXT, room)


def _words_wrapped(text: str, size: int, room: int) -> list[str]:
    """``text`` in lines that fit ``room``: broken at its " · " separators where it can,
    else between words (a lone long word stays whole)."""
    lines: list[str] = []
    for part in text.split(" · "):
        joined = f"{lines[-1]} · {part}" if lines else part
        if lines and _width(joined, size) <= room:
            lines[-1] = joined
            continue
        line = ""
        for word in part.split(" "):
            longer = f"{line} {word}" if line else word
            if line and _width(longer, size) > room:
                lines.append(line)
                line = word
            else:
                line = longer
        lines.append(line)
    return lines or [""]


def _shrunk(text: str, size: int, room: int, colour: Color) -> pygame.Surface:
    """A line of text at ``size`` or smaller, until it fits ``room`` (9 at the least)."""
    for fit in range(max(MIN_TEXT, size), 8, -1):
        image = render_text(text, fit, colour)
        if image.get_width() <= room:
            break
    return image


def _in_columns(widths: list[int], gap: int) -> list[int]:
    """Widen the buttons to whole cells of one width, so rows line up in columns: the cell
    fits the common short buttons, and a long one (Open Misere) spans several cells."""
    if not widths:
        return widths
    ordered = sorted(widths)
    cell = max(w for w in ordered if w <= ordered[len(ordered) // 2] * 1.5)
    spans = [max(1, -(-(w + gap) // (cell + gap))) for w in widths]
    return [n * cell + (n - 1) * gap for n in spans]


@dataclass(frozen=True)
class Entry:
    """A history line: ``kind`` is "deal" (a heading), "bid", "pass" or "note"."""

    kind: str
    who: str
    text: str


class AuctionHistory:
    """Every call of the session, newest at the bottom, in a small panel that can be made
    tall (H or a click on its title) and scrolled (wheel over it, PageUp/PageDown)."""

    LIMIT = 400

    def __init__(self, keyed: bool = True) -> None:
        self.keyed = keyed     # its title names the H key (not in a replay, where H is the replay's)
        self.entries: list[Entry] = []
        self.back = 0          # lines scrolled up from the newest (0 follows the auction)
        self.tall = False
        self.box = pygame.Rect(0, 0, 0, 0)
        self.home = pygame.Rect(0, 0, 0, 0)
        self.high = pygame.Rect(0, 0, 0, 0)
        self.text_size = 12

    def add(self, kind: str, who: str = "", text: str = "") -> None:
        self.entries.append(Entry(kind, who, text))
        del self.entries[:-self.LIMIT]
        self._fit()
        if self.back:
            self.back += 1  # someone reading older calls keeps their place

    def layout(self, home: pygame.Rect, high: pygame.Rect, scale: float) -> None:
        """``home``: the small box it keeps; ``high``: the box it grows to when made tall."""
        self.home, self.high = home, high
        self.text_size = max(MIN_TEXT, int(14 * scale))
        self._fit()

    def toggle(self) -> None:
        self.tall = not self.tall
        self._fit()

    def _fit(self) -> None:
        """Tall, it grows up from the bottom only as far as its lines need."""
        if not self.tall:
            self.box = self.home
            return
        needed = (len(self.entries) + 1) * self.line_height + 16
        height = max(self.home.height, min(self.high.height, needed))
        self.box = pygame.Rect(self.high.left, self.high.bottom - height, self.high.width, height)

    @property
    def line_height(self) -> int:
        # (the normal text's spacing, or the line the larger text sizes need)
        return max(self.text_size + max(3, self.text_size // 3), line_height(self.text_size) + 1)

    def rows_shown(self) -> int:
        return max(1, (self.box.height - self.line_height - 12) // self.line_height)

    def scroll_by(self, lines: int) -> None:
        """Positive scrolls back towards older calls."""
        self.back = max(0, min(self.back + lines, len(self.entries) - self.rows_shown()))

    def handle_event(self, event: pygame.event.Event, mouse: tuple[int, int] | None) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_h:
            self.toggle()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.scroll_by(self.rows_shown() - 1 if event.key == pygame.K_PAGEUP else 1 - self.rows_shown())
            return True
        if event.type == pygame.MOUSEWHEEL and mouse is not None and self.box.collidepoint(mouse):
            self.scroll_by(event.y * 2)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._title_rect().collidepoint(event.pos):
            self.toggle()
            return True
        return False

    def _title_rect(self) -> pygame.Rect:
        return pygame.Rect(self.box.left, self.box.top, self.box.width, self.line_height + 8)

    def draw(self, surface: pygame.Surface) -> None:
        size = self.text_size
        panel(surface, self.box, fill=theme.OPAQUE_PANEL if self.tall else theme.PANEL, radius=10)
        title = "Calls" if not self.keyed else "Calls · H smaller" if self.tall else "Calls · H taller"
        head = render_text(title, size, theme.GOLD, bold=True)
        surface.blit(head, (self.box.left + 8, self.box.top + 5))
        shown = self.rows_shown()
        end = len(self.entries) - self.back
        lines = self.entries[max(0, end - shown):end]
        y = self.box.top + 8 + self.line_height
        clip = surface.get_clip()
        surface.set_clip(self.box.inflate(-6, -4))
        for entry in lines:
            self._draw_entry(surface, entry, (self.box.left + 8, y))
            y += self.line_height
        surface.set_clip(clip)
        if len(self.entries) > shown:
            self._draw_scrollbar(surface, shown, end)

    def _draw_entry(self, surface: pygame.Surface, entry: Entry, at: tuple[int, int]) -> None:
        size = self.text_size
        if entry.kind == "deal":
            image = fitted(entry.text, max(MIN_TEXT - 1, size - 1), theme.INK_DIM, self.box.right - 12 - at[0], bold=True)
            surface.blit(image, at)
            y = at[1] + image.get_height() // 2
            pygame.draw.line(surface, theme.RIM, (at[0] + image.get_width() + 6, y), (self.box.right - 12, y))
            return
        x = at[0]
        if entry.who:
            who = render_text(entry.who, size, theme.INK, bold=True)
            surface.blit(who, (x + 4, at[1]))
            x += max(who.get_width(), int(size * 2.6)) + 10
        colour = {"bid": theme.GOLD, "pass": theme.INK_DIM}.get(entry.kind, theme.INK)
        room = self.box.right - 10 - x
        for fit in range(size, 8, -1):  # a long call in a narrow box gets smaller, not cut
            image = render_text(entry.text, fit, colour, bold=entry.kind == "bid")
            if image.get_width() <= room:
                break
        surface.blit(image, (x, at[1] + (size - fit) // 2))

    def _draw_scrollbar(self, surface: pygame.Surface, shown: int, end: int) -> None:
        total = len(self.entries)
        track = pygame.Rect(self.box.right - 7, self.box.top + self.line_height + 8, 4,
                            self.box.height - self.line_height - 14)
        knob_h = max(10, track.height * shown // total)
        knob_y = track.top + (track.height - knob_h) * (end - shown) // max(1, total - shown)
        pygame.draw.rect(surface, (60, 90, 70), track, border_radius=2)
        pygame.draw.rect(surface, theme.GOLD, (track.left, knob_y, 4, knob_h), border_radius=2)
