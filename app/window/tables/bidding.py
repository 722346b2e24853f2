"""The trick table for games with an auction and chips (Nap, Nash Whist): the auction panel
at the human's call, the call history, each seat's chips and current call under its name,
the contract card under the Menu button, and a score card that gives way to the seats.

A game's table says what the panel holds (``panel_rows``, ``panel_title``), what the
contract card says (``contract_lines``) and records its calls in ``self.history``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from app.core.words.spoken_words import choice_focus, choosing_line
from app.window.render.text import render_text
from app.window.scenes import table_chat
from app.window.scenes.table import watched
from app.window.tables import trick_parts as parts
from app.window.tables.auction import MIN_TEXT, AuctionHistory, AuctionPanel, ChoiceRow
from app.window.tables.tricks import BUBBLE_TIME, TrickTable
from app.window.ui import theme
from app.window.ui.widgets import blit_centered, panel
from games.core.auction import Called, bid_words


if TYPE_CHECKING:
    from app.core.table_session import TableSession
    from app.window.scenes.base import AppServices

class BiddingTable(TrickTable):
    """A trick table where everyone keeps their own chips and one player (or two) declares."""

    hand_cards = 5  # the most cards a hand holds, to keep room for the history beside it

    def __init__(self, app: AppServices, session: TableSession) -> None:
        self.calls: dict[int, str] = {}
        self.history = AuctionHistory(keyed=not watched(session))
        self.call_panel: AuctionPanel | None = None
        self._panel_for: tuple[object, ...] | None = None
        self.mouse: tuple[int, int] | None = None
        self.score_rect = pygame.Rect(0, 0, 0, 0)      # where the score card was last drawn
        self.contract_box = pygame.Rect(0, 0, 0, 0)    # and the contract card
        self.compact_plates = False  # the plates drop who plays each seat, to make room for the panel
        super().__init__(app, session)

    # hooks ------------------------------------------------------------------------------

    def panel_key(self) -> tuple[object, ...]:
        """Anything that changes what the panel offers (it is rebuilt when this changes)."""
        return ()

    def panel_rows(self) -> list[ChoiceRow]:
        return []

    def panel_title(self) -> str:
        return "Your call"

    def panel_note(self) -> str:
        """A line under the panel's title saying what its buttons mean (none by default)."""
        return ""

    def contract_lines(self) -> list[str]:
        """The contract card's lines (the first in gold); none hides the card."""
        return []

    def score_rows(self) -> tuple[tuple[str, str, bool], ...]:
        return ()

    def score_title(self) -> str:
        return "Trumps"

    def trump_title(self) -> str:
        """The title of the small card (the trump badge alone) shown when the full one would
        cover a seat."""
        return "No trumps" if self.trump is None and self.contract_lines() else "Trumps"

    # everyone plays for themselves --------------------------------------------------------

    def side_of(self, seat: int) -> int:
        return seat

    def side_count(self) -> int:
        return self.session.state.seats

    # the shared auction's calls (games.core.auction) --------------------------------------

    call_holds = (0.4, 0.7)  # seconds a pass, and a bid, hold before the next event

    def said(self, bid: Any) -> str:
        """A call as a player reads it: "Pass", "Six-Out hearts" (the bid's own words)."""
        return self.to_player(bid_words(bid))

    def call_words(self, bid: Any) -> str:
        """A call as the history shows it; a game may add what its bid pays."""
        return self.said(bid)

    def _on_Called(self, event: Called[Any]) -> float:
        """A call: said under the seat's name and in a bubble, and kept in the history."""
        said = self.to_player(event.call())
        self.calls[event.seat] = said
        self.bubbles[event.seat] = (said, BUBBLE_TIME)
        kind = "pass" if event.bid is None else "bid"
        self.history.add(kind, self._name(event.seat), self.call_words(event.bid))
        return self.call_holds[event.bid is not None]

    # the auction panel ---------------------------------------------------------------------

    def human_choosing(self) -> bool:
        return self.choosing_call()

    def panel(self) -> AuctionPanel:
        """The auction panel for the human's call now (built once per position and size)."""
        key = (self.panel_key(), self.size, self.viewer, table_chat.room(self))
        if self.call_panel is None or self._panel_for != key:
            self._panel_for = key
            self.call_panel = AuctionPanel(self.panel_title(), self.panel_rows(), self.choose_call, note=self.panel_note())
            self._fit_panel(self.call_panel)
        return self.call_panel

    def choose_call(self, action: Any) -> None:
        """A button of the panel was chosen: a call, made (a game may offer other buttons,
        such as Nash Whist's "More bids")."""
        self.act(action)

    def _fit_panel(self, panel: AuctionPanel) -> None:
        """Lay the panel out where it covers no other seat's plate, chips or cards, nor the
        chat panel at a networked table (open or closed, as it is now): over
        the middle if it fits there, else narrowed to pass between the seats at the sides
        or lowered below those across the top, whichever shows it best (the largest text,
        unscrolled if it can be, else the most of it in view, then the fewest wrapped
        rows). It keeps all it holds, the note under the title too; when space is short
        it scrolls. Only a window with no room between the seats lets it cover them."""
        best: tuple[tuple[float, ...], pygame.Rect, bool] | None = None
        for compact in (False, True):  # short plates only if that shows the panel better
            self.compact_plates = compact
            score, area = self._best_area(panel)
            if best is None or score[:4] > best[0][:4]:  # not for fewer wrapped rows alone
                best = (score, area, compact)
            if score[:3] == (True, True, self._biggest_text()):
                break  # as good as it gets: the plates stay whole
        assert best is not None
        _, area, self.compact_plates = best
        panel.layout(area, self.s)

    def _best_area(self, panel: AuctionPanel) -> tuple[tuple[float, ...], pygame.Rect]:
        """The area clear of the seats that shows the panel best, with its score (clear, unscrolled,
        text size, share in view, fewer wrapped rows: compared in that order)."""
        first = self.panel_area()
        blocked = [self.seat_box(s) for s in range(self.session.state.seats) if s != self.viewer]
        blocked += [box for box in (self.contract_box, self.score_rect, table_chat.room(self)) if box and box.width]
        best: tuple[tuple[float, ...], pygame.Rect] = ((False, 0, 0.0, 0), first)  # nowhere clear: over the middle
        for area in [first] + _free_areas(first, blocked, int(150 * self.s)):
            panel.layout(area, self.s)
            if panel.box.collidelist(blocked) >= 0 or not first.contains(panel.box) or panel.overflows:
                continue
            shown = min(1.0, panel.view.height / max(1, panel.content_height))  # scrolled: see most
            score = (True, not panel.scrollable, panel.text_size, shown, -len(panel.lines))
            if score > best[0]:
                best = (score, area)
            if score[:3] == (True, True, self._biggest_text()) and area == first:
                break  # clear of every seat over the middle at full size: nothing beats it
        return best

    def _biggest_text(self) -> int:
        """The text size the panel starts from (auction.AuctionPanel.layout)."""
        return max(MIN_TEXT, int(17 * self.s))

    def plate_detail(self, seat: int) -> str:
        """While the panel needs the room, the other seats' plates keep only their roles
        (dealer, hot seat...), not who plays them."""
        bits = self.plate_bits(seat)
        if self.compact_plates and seat != self.viewer and self.choosing_call():
            bits = [bit for bit in bits if bit != self.seat_label(seat)]
        return " · ".join(bit for bit in bits if bit)

    def panel_area(self) -> pygame.Rect:
        """Above the viewer's hand, over the middle of the cloth (empty while bidding)."""
        w, h = self.size
        bottom = int(h - self.own_width * 1.55 - 14 * self.s)
        top = int(56 * self.s)
        margin = int(w * 0.03)
        return pygame.Rect(margin, top, w - margin * 2, bottom - top)

    def on_choice_input(self, event: pygame.event.Event) -> None:
        self.panel().handle_event(event, self.mouse)

    # the call by ear: the question and the calls when the turn comes, each call with what it
    # means as the arrows reach it (the calls made are events, said as they come)

    def spoken_turn(self) -> str:
        if not self.choosing_call():
            return super().spoken_turn()
        panel = self.panel()
        return choosing_line(self.panel_title(), [self._call_name(c.label, c.tip) for c in panel.choices])

    def spoken_focus(self) -> str | None:
        if self.curtain_for is None and self.choosing_call():
            panel = self.panel()
            if panel.choices:
                choice = panel.choices[panel.index]
                return choice_focus(choice.label, choice.tip, panel.index + 1, len(panel.choices))
        return super().spoken_focus()

    @staticmethod
    def _call_name(label: str, tip: str) -> str:
        """A call's full name: a description that names it before a colon ("Six-Out hearts:
        take 6 tricks ..."; the button may say only "Out" beside a pip), else its label."""
        head = tip.split(":", 1)[0].split(" (", 1)[0] if ":" in tip else ""
        return head or label

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.call_panel = None

    # history and input ----------------------------------------------------------------------

    def own_span(self) -> float:
        return min(self.size[0] * 0.62, self.size[0] * 0.56 if self.hand_cards > 8 else self.size[0])

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        spots = self.own_spots(self.hand_cards, (w / 2, 0))
        right = spots[-1][0] + self.own_width / 2 + 12 if spots else w * 0.8
        width = int(max(150 * self.s, min(270 * self.s, w - right - 8)))
        height = int(max(self.own_width * 1.45, 92 * self.s))
        home = pygame.Rect(w - 8 - width, h - 8 - height, width, height)
        tall_w = max(width, int(300 * self.s))
        high = pygame.Rect(w - 8 - tall_w, int(h * 0.3), tall_w, h - 8 - int(h * 0.3))
        self.history.layout(home, high, self.s)

    def pile_spot(self, seat: int) -> tuple[float, float]:
        """A side seat's tricks lie under its chips label, not across it."""
        x, y = super().pile_spot(seat)
        dx, dy = self.direction(seat)
        if seat == self.viewer or abs(dy) >= abs(dx):
            return (x, y)
        label = render_text(self.chip_label(seat), max(11, int(14 * self.s)), theme.INK, bold=True)
        return (x, max(y, self.chip_rect(seat, label).bottom + self.other_width * 0.7 + 4))

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.mouse = event.pos
        if self.curtain_for is None and self.history.handle_event(event, self.mouse):
            return
        super().handle_event(event)

    # drawing -------------------------------------------------------------------------------

    def draw_overlay(self, surface: pygame.Surface) -> None:
        self._draw_calls_and_chips(surface)
        self._draw_contract(surface)
        self.history.draw(surface)
        if self.choosing_call():
            self.panel().draw(surface)

    def chip_label(self, seat: int) -> str:
        chips = self.scores[seat] if seat < len(self.scores) else 0
        text = f"{chips} chips"
        if seat in self.calls:
            text += f" · {self.calls[seat]}"
        return text

    def chip_rect(self, seat: int, image: pygame.Surface) -> pygame.Rect:
        """Where a seat's chips label goes: above the viewer's plate, under the others'."""
        if seat == self.viewer:
            plate = 2.6 * max(13, int(17 * self.s))  # the name plate's height, roughly
            spot = (12 + image.get_width() / 2, self.size[1] - 22 - plate - image.get_height() / 2)
        else:
            x, y = self.plate_spot(seat)
            spot = (x, y + max(self.other_width * 0.62, 2.3 * max(13, int(17 * self.s))))
        rect = image.get_rect(center=(round(spot[0]), round(spot[1]))).inflate(12, 4)
        chat = table_chat.room(self)
        if seat != self.viewer and chat is not None and rect.colliderect(chat):
            rect = self._beside_plate(seat, rect)
        rect.clamp_ip(pygame.Rect((0, 0), self.size))
        return rect

    def _beside_plate(self, seat: int, rect: pygame.Rect) -> pygame.Rect:
        """A label the chat panel would cover under its plate (the right-hand seat's at a
        networked table) goes level with the plate, on the side towards the middle."""
        plate = self.plate_rect(seat)
        if plate.centerx > self.size[0] // 2:
            return rect.move(plate.left - 6 - rect.right, plate.centery - rect.centery)
        return rect.move(plate.right + 6 - rect.left, plate.centery - rect.centery)

    def _draw_calls_and_chips(self, surface: pygame.Surface) -> None:
        """Under each seat's name: its chips, and its call while the auction lasts."""
        size = max(11, int(14 * self.s))
        for seat in range(len(self.hands)):
            out = seat in self.sitting_out
            bid = seat in self.calls and self.calls[seat] != self.said(None)
            colour = theme.INK_DIM if out else theme.GOLD if bid else theme.INK
            image = render_text(self.chip_label(seat), size, colour, bold=True)
            rect = self.chip_rect(seat, image)
            if out:
                panel(surface, rect, fill=(40, 40, 40, 200), edge=(110, 110, 110), radius=8)
            else:
                panel(surface, rect, radius=8)
            blit_centered(surface, image, rect.center)

    def contract_short(self) -> list[str]:
        """The contract card when the full one would cover a seat."""
        return self.contract_lines()[:2]

    def contract_rect(self, lines: list[str]) -> pygame.Rect:
        size = max(12, int(16 * self.s))
        images = [render_text(line, size, theme.INK, bold=True) for line in lines]
        width = max(i.get_width() for i in images) + 24
        height = sum(i.get_height() for i in images) + 16
        return pygame.Rect(10, int(62 * self.s) + 4, width, height)  # below the Menu button

    def _draw_contract(self, surface: pygame.Surface) -> None:
        lines = self.contract_lines()
        if not lines:
            return
        others = [self.seat_box(s) for s in range(len(self.hands)) if s != self.viewer]
        if self.contract_rect(lines).collidelist(others) >= 0:
            lines = self.contract_short()
        size = max(12, int(16 * self.s))
        images = [render_text(line, size, theme.GOLD if i == 0 else theme.INK, bold=i == 0)
                  for i, line in enumerate(lines)]
        rect = self.contract_box = self.contract_rect(lines)
        panel(surface, rect, radius=10)
        y = rect.top + 8
        for image in images:
            surface.blit(image, (rect.left + 12, y))
            y += image.get_height()

    def seat_box(self, seat: int) -> pygame.Rect:
        """The room a player's hand, plate and chips take (to keep other panels off it)."""
        x, y = self.hand_spot(seat)
        w = self.other_width
        box = pygame.Rect(0, 0, round(w * 2.7), round(w * 1.5))
        box.center = (round(x), round(y))
        box.union_ip(self.plate_rect(seat))
        label = render_text(self.chip_label(seat), max(11, int(14 * self.s)), theme.INK, bold=True)
        return box.union(self.chip_rect(seat, label))

    def _score_rect(self, card: pygame.Surface) -> pygame.Rect:
        return card.get_rect(topright=(self.size[0] - 10, max(34, int(40 * self.s))))  # under the key hints

    def _score_card(self, full: bool) -> pygame.Surface:
        rows = self.score_rows() if full else ()
        title = self.score_title() if full else self.trump_title()
        blank = "NT" if self.trump is None and self.contract_lines() and self.no_trumps() else "?"
        return parts.score_card(rows, title, max(11, int(15 * self.s)), self.trump, blank)

    def no_trumps(self) -> bool:
        """Whether the hand being played has no trumps (the badge then says NT)."""
        return False

    def _draw_score(self, surface: pygame.Surface) -> None:
        """The full card when it clears every seat; else just the trump badge (the chips
        are under each seat's name anyway)."""
        card = self._score_card(full=True)
        rect = self._score_rect(card)
        others = [s for s in range(len(self.hands)) if s != self.viewer]
        if any(rect.colliderect(self.seat_box(s)) for s in others):
            card = self._score_card(full=False)
            rect = self._score_rect(card)
        self.score_rect = rect
        surface.blit(card, rect)


def _free_areas(area: pygame.Rect, boxes: list[pygame.Rect], least: int) -> list[pygame.Rect]:
    """The parts of ``area`` (kept to its bottom) clear of ``boxes``: for each top (the
    area's own, or just under a box), every gap between the boxes beside that band at
    least ``least`` wide, first centred on the area's middle where the gap allows, then
    the whole gap."""
    tops = sorted({area.top} | {box.bottom + 4 for box in boxes if area.top < box.bottom + 4 < area.bottom - 40})
    found: list[pygame.Rect] = []
    for top in tops:
        band = pygame.Rect(area.left, top, area.width, area.bottom - top)
        spans = sorted((box.left - 4, box.right + 4) for box in boxes if box.colliderect(band))
        left = area.left
        for start, end in spans + [(area.right, area.right)]:
            if start - left >= least:
                half = min(area.centerx - left, start - area.centerx)
                if half * 2 >= least:
                    found.append(pygame.Rect(area.centerx - half, top, half * 2, band.height))
                found.append(pygame.Rect(left, top, start - left, band.height))
            left = max(left, end)
    return found
