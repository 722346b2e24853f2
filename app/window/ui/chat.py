"""The chat panel of a networked table and of the lobby.

Closed, it shows the last few lines faintly (a new one bright at first, then fading) above
a small "T to chat" cap. T, or a click on it, opens it for typing: the lines (the wheel
scrolls them), quick phrases (buttons, or keys 1-5 while the line is empty) and a text box.
Enter sends, Esc closes. Text comes from pygame's TEXTINPUT events, so every keyboard
layout and input method types what it shows; the keys themselves only edit and send.
While ``typing`` is True the panel takes every key, so the table under it takes none.

The panel knows nothing of the network: ``send`` takes a line (already cleaned as the
server will clean it, never empty) and ``lines`` gives the chat as it stands.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Sequence

import pygame

from app.core.words.chat_words import GENERAL
from app.net.wire.chat_line import ChatLine
from app.net.wire.protocol import CHAT_LIMIT, clean_text
from app.window.render.text import font, px, render_text, wrap
from app.window.ui import theme
from app.window.ui.widgets import faded, panel

PHRASES = GENERAL     # a panel's quick phrases when its table gives none (app/core/words/chat_words.py)
PHRASE_KEY_ROWS = ((pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5),
                   (pygame.K_KP1, pygame.K_KP2, pygame.K_KP3, pygame.K_KP4, pygame.K_KP5))
# A name's colour per seat, each readable on the dark panel and on the felt; watchers grey.
SEAT_COLOURS = ((120, 190, 255), (255, 150, 120), (210, 160, 255), (255, 214, 100),
                (110, 225, 215), (255, 140, 200), (190, 232, 120), (255, 176, 80))
CLOSED_LINES = 3     # lines the closed panel shows
CLOSED_ROWS = 2      # rows each of them may take there before it is cut short
BRIGHT = 8.0         # seconds a new line stays bright when the panel is closed ...
FADE = 4.0           # ... then fades over these ...
FAINT = 0.5          # ... down to this opacity
HIGHLIGHT = 2.0      # seconds a new line from someone else is lit
NOTHING_YET = "No messages yet"


def name_colour(seat: int | None) -> tuple[int, int, int]:
    return theme.INK_DIM if seat is None else SEAT_COLOURS[seat % len(SEAT_COLOURS)]


@dataclass(frozen=True)
class _Row:
    """One drawn row of a line: the name starts the first row only."""

    line: int           # index into the chat
    name: str           # "" on a continuation row
    text: str


@theme.drawn_in_looks
@lru_cache(maxsize=512)
def _rows_of(name: str, text: str, size: int, width: int) -> tuple[tuple[str, str], ...]:
    """``name: text`` broken to ``width``: the name (bold) then the text on the first row,
    the rest wrapped under it (a long word is split rather than spilled)."""
    head = f"{name}: "
    room = max(20, width - font(size, bold=True).size(head)[0])
    measure = font(size)
    first = wrap(text, measure, room)[0]
    # The rest from where the first row stops (a long word split there goes on unbroken).
    rest = text[len(first):].lstrip() if text.startswith(first) else text.partition(" ")[2]
    return ((head, first), *(("", part) for part in (wrap(rest, measure, width) if rest else [])))


def _seen(lines: list[ChatLine], last: ChatLine | None) -> int:
    """How many of ``lines`` were seen before: up to ``last``, the very object (none: all
    are new)."""
    return next((i + 1 for i in range(len(lines) - 1, -1, -1) if lines[i] is last), 0)


def spoken_line(line: ChatLine) -> str:
    """A chat line as the speech says it as it arrives."""
    return SAID.format(name=line.name, text=line.text)


SAID = "{name} says: {text}"


class ChatPanel:
    """``send(text)`` says a line; ``lines()`` is the chat so far. ``seat`` (optional) is
    this player's own seat, so their own lines are not lit up as news; ``clock`` gives
    seconds (a test passes its own)."""

    def __init__(self, send: Callable[[str], None], lines: Callable[[], Sequence[ChatLine]],
                 seat: int | None = None, clock: Callable[[], float] = time.monotonic,
                 phrases: Sequence[str] = PHRASES) -> None:
        self.send = send
        self.phrases = tuple(phrases)[:5]    # the game's own (1 to 5 say them)
        self.phrase_keys = {row[i]: phrase for row in PHRASE_KEY_ROWS for i, phrase in enumerate(self.phrases)}
        self.lines = lines
        self.seat = seat
        self.clock = clock
        self.typing = False
        self.text = ""
        self.scroll = 0                      # rows scrolled back from the newest
        self._arrived: list[float] = []      # when each line was first seen
        self._lit: list[bool] = []           # whether it is someone else's (lit when new)
        self._last: ChatLine | None = None   # the newest line seen
        self._sent: list[str] = []           # own lines not yet come back from the server
        self._swallow = ""                   # the text of the key that opened the box or sent
        self._pointer = (-1, -1)
        self.rect = pygame.Rect(0, 0, 0, 0)  # where it was drawn last
        self._opener = pygame.Rect(0, 0, 0, 0)
        self._field = pygame.Rect(0, 0, 0, 0)
        self._close = pygame.Rect(0, 0, 0, 0)
        self._phrases: list[tuple[pygame.Rect, str]] = []
        self._catch_up(old=True)             # what was said before is not news
        self._heard: ChatLine | None = self._last   # nor is it to a listener

    # the chat ------------------------------------------------------------------------------

    def _catch_up(self, old: bool = False) -> list[ChatLine]:
        """Note when each line was first seen. A session keeps only its latest lines (the
        oldest drop off as new ones come), so what is new is told by the last line seen,
        the very object, not by how many there are."""
        lines = list(self.lines())
        kept = _seen(lines, self._last)
        long_ago = self.clock() - (BRIGHT + FADE + HIGHLIGHT)
        missing = max(0, kept - len(self._arrived))
        self._arrived = ([long_ago] * missing + self._arrived)[len(self._arrived) + missing - kept:]
        self._lit = ([False] * missing + self._lit)[len(self._lit) + missing - kept:]
        now = long_ago if old else self.clock()
        for line in lines[kept:]:
            self._arrived.append(now)
            self._lit.append(not old and not self._mine(line))
        self._last = lines[-1] if lines else None
        return lines

    def unheard(self) -> list[ChatLine]:
        """Others' lines come since this was last asked: the speech says each as it
        arrives (what was said before the panel was made is not news)."""
        lines = list(self.lines())
        fresh = lines[_seen(lines, self._heard):]
        self._heard = lines[-1] if lines else None
        return [line for line in fresh if self.seat is None or line.seat != self.seat]

    def _mine(self, line: ChatLine) -> bool:
        if line.text in self._sent:
            self._sent.remove(line.text)
            return True
        return self.seat is not None and line.seat == self.seat

    def say(self, text: str) -> bool:
        """Send ``text`` cleaned as the server would; nothing is sent when nothing is left."""
        line = clean_text(text, CHAT_LIMIT)
        if not line:
            return False
        self._sent.append(line)
        self.send(line)
        return True

    def open(self) -> None:
        self.typing, self.scroll = True, 0
        if pygame.display.get_init():
            pygame.key.start_text_input()   # (on by default on desktops; asks for a keyboard elsewhere)

    def close(self) -> None:
        self.typing, self.text, self.scroll = False, "", 0

    # input ---------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        """True when the panel used the event (the table must then ignore it)."""
        self._catch_up()
        if event.type == pygame.MOUSEMOTION:
            self._pointer = event.pos
            return False
        if event.type == pygame.MOUSEWHEEL:
            return self._wheel(event)
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return self._mouse(event)
        if event.type == pygame.TEXTINPUT and self._swallow:
            # The text of the key that opened the box (or said a phrase) follows its key.
            swallowed, self._swallow = self._swallow, ""
            if event.text.lower() == swallowed.lower():
                return True
        if event.type == pygame.KEYDOWN:
            self._swallow = ""
        if not self.typing:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_t and not _held_modifier(event):
                self.open()
                self._swallow = getattr(event, "unicode", "") or "t"
                return True
            return False
        if event.type == pygame.TEXTINPUT:
            self._type(event.text)
        elif event.type == pygame.KEYDOWN:
            self._key(event)
        return event.type in (pygame.TEXTINPUT, pygame.TEXTEDITING, pygame.KEYDOWN, pygame.KEYUP)

    def _type(self, text: str) -> None:
        printable = "".join(c for c in text if c.isprintable())
        self.text = (self.text + printable)[:CHAT_LIMIT]

    def _key(self, event: pygame.event.Event) -> None:
        key = event.key
        if key == pygame.K_ESCAPE:
            self.close()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.say(self.text)
            self.close()
        elif key == pygame.K_BACKSPACE:
            self.text = self.text[:-1] if not event.mod & pygame.KMOD_CTRL else self.text.rstrip().rpartition(" ")[0]
        elif key in self.phrase_keys and not self.text:
            self.say(self.phrase_keys[key])
            self.close()
            self._swallow = getattr(event, "unicode", "") or ""
        elif key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.scroll = max(0, self.scroll + (3 if key == pygame.K_PAGEUP else -3))

    def _wheel(self, event: pygame.event.Event) -> bool:
        if not self.typing or not self.rect.collidepoint(self._pointer):
            return False
        self.scroll = max(0, self.scroll + int(event.y))
        return True

    def _mouse(self, event: pygame.event.Event) -> bool:
        pos = event.pos
        self._pointer = pos
        if not self.typing:
            if event.button == 1 and self._opener.collidepoint(pos):
                if event.type == pygame.MOUSEBUTTONUP:
                    self.open()
                return True
            return False
        if not self.rect.collidepoint(pos):
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self._close.collidepoint(pos):
                self.close()
            for rect, phrase in self._phrases:
                if rect.collidepoint(pos):
                    self.say(phrase)
                    self.close()
        return True

    # drawing -------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Draw in ``rect`` (given by the scene where it covers nothing the player needs):
        open, the whole of it; closed, the cap and the last lines at its bottom."""
        lines = self._catch_up()
        self.rect = pygame.Rect(rect)
        s = theme.scale_for(surface.get_size())
        if self.typing:
            self._draw_open(surface, lines, s)
        else:
            self._draw_closed(surface, lines, s)

    def _text_size(self, s: float) -> int:
        return max(12, int(15 * s))

    def _glow(self, index: int) -> float:
        """How lit a line is (1 just arrived from someone else, 0 after ``HIGHLIGHT``)."""
        if not self._lit[index]:
            return 0.0
        return max(0.0, 1 - (self.clock() - self._arrived[index]) / HIGHLIGHT)

    def _draw_closed(self, surface: pygame.Surface, lines: list[ChatLine], s: float) -> None:
        size = max(12, int(14 * s))
        cap_image = render_text("T to chat", max(12, int(13 * s)), theme.INK, bold=True)
        pad = max(4, int(6 * s))
        cap = cap_image.get_rect().inflate(pad * 3, pad * 2)
        cap.bottomright = self.rect.bottomright
        news = any(self._glow(i) > 0 for i in range(len(lines)))
        panel(surface, cap, fill=theme.PANEL, edge=theme.GOLD if news else theme.GOLD_DARK,
              radius=cap.height // 2, width=2)
        surface.blit(cap_image, cap_image.get_rect(center=cap.center))
        self._opener = cap.copy()
        bottom = cap.top - max(3, int(4 * s))
        width = self.rect.width
        for index in range(len(lines) - 1, max(-1, len(lines) - 1 - CLOSED_LINES), -1):
            rows = _rows_of(lines[index].name, lines[index].text, size, width - pad * 2)
            rows = _cut(rows, CLOSED_ROWS, size, width - pad * 2)
            height = len(rows) * (px(size) + 4) + pad
            if bottom - height < self.rect.top:
                break
            opacity = self._opacity(index, len(lines) - 1 - index)
            box = self._draw_rows(surface, lines[index], rows, (self.rect.right, bottom - height), size,
                                  opacity, pad, glow=self._glow(index))
            self._opener.union_ip(box)
            bottom = box.top - max(2, int(3 * s))

    def _opacity(self, index: int, age_rank: int) -> float:
        """A closed panel's line: bright while new, fading to faint; older lines fainter."""
        since = self.clock() - self._arrived[index]
        fresh = 1.0 if since < BRIGHT else max(0.0, 1 - (since - BRIGHT) / FADE)
        floor = FAINT * (1 - 0.2 * age_rank)
        return max(floor, fresh)

    def _draw_rows(self, surface: pygame.Surface, line: ChatLine, rows: Sequence[tuple[str, str]],
                   topright: tuple[int, int], size: int, opacity: float, pad: int,
                   glow: float) -> pygame.Rect:
        """A line's rows ending at ``topright``: the name in its seat's colour, the text in
        ink, on a dark translucent backing (readable on the felt), edged in gold while it is
        news. Returns its box."""
        images = []
        for head, text in rows:
            parts = [render_text(head, size, name_colour(line.seat), bold=True)] if head else []
            parts.append(render_text(text, size, theme.INK))
            images.append(parts)
        width = max(sum(p.get_width() for p in parts) for parts in images) + pad * 2
        box = pygame.Rect(0, topright[1], width, len(rows) * (px(size) + 4) + pad)
        box.right = topright[0]
        layer = pygame.Surface(box.size, pygame.SRCALPHA)
        radius = max(4, size // 2)
        pygame.draw.rect(layer, (8, 30, 20, 185), layer.get_rect(), border_radius=radius)
        if glow > 0:
            pygame.draw.rect(layer, (*theme.GOLD, round(255 * glow)), layer.get_rect(), width=2, border_radius=radius)
        y = pad // 2 + 2
        for parts in images:
            x = pad
            for part in parts:
                layer.blit(part, (x, y))
                x += part.get_width()
            y += px(size) + 4
        surface.blit(faded(layer, opacity), box)
        return box

    def _draw_open(self, surface: pygame.Surface, lines: list[ChatLine], s: float) -> None:
        rect, size = self.rect, self._text_size(s)
        pad = max(6, int(10 * s))
        panel(surface, rect, fill=theme.OPAQUE_PANEL, edge=theme.GOLD, radius=max(8, int(12 * s)))
        top = self._draw_header(surface, s, pad, size)
        field = self._draw_field(surface, s, pad, size)
        phrases_top = self._layout_phrases(s, pad, field.top - pad // 2)
        for phrase_rect, phrase in self._phrases:
            self._draw_phrase(surface, phrase_rect, phrase, s)
        self._draw_history(surface, lines, pygame.Rect(rect.left + pad, top, rect.width - pad * 2,
                                                       phrases_top - pad // 2 - top), size)

    def _draw_header(self, surface: pygame.Surface, s: float, pad: int, size: int) -> int:
        title = render_text("Chat", size + 1, theme.GOLD, bold=True)
        surface.blit(title, (self.rect.left + pad, self.rect.top + pad // 2 + 1))
        cross = render_text("×", size + 4, theme.INK, bold=True)
        self._close = cross.get_rect(topright=(self.rect.right - pad, self.rect.top + pad // 2 - 2)).inflate(8, 4)
        hint = render_text("Enter sends · Esc closes", max(11, size - 3), theme.INK_DIM)
        hint_rect = hint.get_rect(midright=(self._close.left - 2, self.rect.top + pad // 2 + 1 + title.get_height() // 2))
        if hint_rect.left > self.rect.left + pad + title.get_width() + 8:
            surface.blit(hint, hint_rect)
        surface.blit(cross, cross.get_rect(center=self._close.center))
        return self.rect.top + pad // 2 + title.get_height() + 4

    def _draw_field(self, surface: pygame.Surface, s: float, pad: int, size: int) -> pygame.Rect:
        field = pygame.Rect(self.rect.left + pad, 0, self.rect.width - pad * 2, px(size) + max(10, int(14 * s)))
        field.bottom = self.rect.bottom - pad
        if field != self._field:   # an input method's candidates show by the box
            self._field = field
            pygame.key.set_text_input_rect(field)
        pygame.draw.rect(surface, theme.FIELD, field, border_radius=6)
        pygame.draw.rect(surface, theme.GOLD_DARK, field, width=2, border_radius=6)
        inner = field.inflate(-16, 0)
        if self.text:
            typed = render_text(self.text + "_", size, theme.INK)
        else:
            typed = render_text("Type, or 1-5 for a phrase", size, theme.INK_DIM)
        left = max(0, typed.get_width() - inner.width)   # the end of a long line stays in view
        area = pygame.Rect(left, 0, inner.width, typed.get_height())
        surface.blit(typed, typed.get_rect(midleft=(inner.left, field.centery)), area)
        room = CHAT_LIMIT - len(self.text)
        if room <= 20:
            count = render_text(str(room), max(11, size - 3), theme.DANGER if room == 0 else theme.INK_DIM)
            surface.blit(count, count.get_rect(bottomright=(field.right - 4, field.top - 1)))
        return field

    def _layout_phrases(self, s: float, pad: int, bottom: int) -> int:
        """Lay the quick phrases out in rows up from ``bottom``; returns the top of the rows."""
        size = max(11, int(13 * s))
        gap = max(4, int(6 * s))
        height = size + max(8, int(10 * s))
        left, right = self.rect.left + pad, self.rect.right - pad
        rows: list[list[tuple[int, str]]] = [[]]
        x = left
        for number, phrase in enumerate(self.phrases, 1):
            width = font(size, bold=True).size(f"{number} {phrase}")[0] + max(12, int(16 * s))
            if rows[-1] and x + width > right:
                rows.append([])
                x = left
            rows[-1].append((width, phrase))
            x += width + gap
        self._phrases = []
        top = bottom - len(rows) * (height + gap) + gap
        for r, row in enumerate(rows):
            x = left
            for width, phrase in row:
                self._phrases.append((pygame.Rect(x, top + r * (height + gap), width, height), phrase))
                x += width + gap
        return top

    def _draw_phrase(self, surface: pygame.Surface, rect: pygame.Rect, phrase: str, s: float) -> None:
        size = max(11, int(13 * s))
        lit = rect.collidepoint(self._pointer)
        pygame.draw.rect(surface, theme.QUIET_LIT if lit else theme.QUIET, rect, border_radius=rect.height // 2)
        number = self.phrases.index(phrase) + 1
        key = render_text(str(number), size, theme.GOLD if not self.text else theme.INK_DIM, bold=True)
        words = render_text(phrase, size, theme.INK, bold=True)
        width = key.get_width() + 5 + words.get_width()
        x = rect.centerx - width // 2
        surface.blit(key, key.get_rect(midleft=(x, rect.centery)))
        surface.blit(words, words.get_rect(midleft=(x + key.get_width() + 5, rect.centery)))

    def _draw_history(self, surface: pygame.Surface, lines: list[ChatLine], area: pygame.Rect,
                      size: int) -> None:
        if area.height < size:
            return
        if not lines:
            quiet = render_text(NOTHING_YET, size, theme.INK_DIM)
            surface.blit(quiet, quiet.get_rect(center=area.center))
            return
        step = px(size) + 4
        fit = max(1, area.height // step)
        rows: list[_Row] = []
        for index in range(len(lines) - 1, -1, -1):   # newest first, only as many as needed
            parts = _rows_of(lines[index].name, lines[index].text, size, area.width - 6)
            rows[:0] = [_Row(index, head, text) for head, text in parts]
            if len(rows) >= fit + self.scroll:
                break
        self.scroll = min(self.scroll, max(0, len(rows) - fit))
        shown = rows[max(0, len(rows) - fit - self.scroll):len(rows) - self.scroll]
        named = [i for i, row in enumerate(shown) if row.name]
        cut = named[0] if named else len(shown)
        if self.scroll == 0 and cut > 0:
            # Following the chat, the line cut off at the top shows its start (with the
            # name) ending in "…", not a nameless tail (the wheel scrolls back to the rest).
            top = shown[0].line
            start = _cut(_rows_of(lines[top].name, lines[top].text, size, area.width - 6), cut,
                         size, area.width - 6)
            shown = [_Row(top, head, text) for head, text in start] + shown[cut:]
        clip = surface.get_clip()
        surface.set_clip(area.clip(clip) if clip else area)
        y = area.bottom - len(shown) * step
        for row in shown:
            glow = self._glow(row.line)
            if glow > 0:   # news: a faint gold wash with a bar at its left
                band = pygame.Surface((area.width, step), pygame.SRCALPHA)
                band.fill((232, 190, 80, round(40 * glow)))
                pygame.draw.rect(band, (*theme.GOLD, round(255 * glow)), (0, 0, 3, step))
                surface.blit(band, (area.left, y))
            x = area.left + 6
            if row.name:
                head = render_text(row.name, size, name_colour(lines[row.line].seat), bold=True)
                surface.blit(head, (x, y + 2))
                x += head.get_width()
            surface.blit(render_text(row.text, size, theme.INK), (x, y + 2))
            y += step
        surface.set_clip(clip)
        if self.scroll > 0:
            more = render_text("▼ newer", max(11, size - 3), theme.GOLD)
            surface.blit(more, more.get_rect(bottomright=area.bottomright))


def _held_modifier(event: pygame.event.Event) -> bool:
    """Ctrl/Alt/Meta+T is some other shortcut, not a wish to chat."""
    return bool(getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META))


def _cut(rows: tuple[tuple[str, str], ...], most: int, size: int, width: int) -> tuple[tuple[str, str], ...]:
    """At most ``most`` rows; the last kept one ends with "…" when some were left out."""
    if len(rows) <= most:
        return rows
    head, text = rows[most - 1]
    measure = font(size)
    room = width - (font(size, bold=True).size(head)[0] if head else 0)
    while text and measure.size(text + "…")[0] > room:
        text = text[:-1]
    return (*rows[:most - 1], (head, text.rstrip() + "…"))


