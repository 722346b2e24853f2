"""The Abstrac table: the face-up row across the middle with its top end at the right, each
player's cards sorted by suit and rank with live points, the misère warning, the match
score, the go-first-or-second choice, and an exact hint (H) for every take."""

from __future__ import annotations

from concurrent.futures import Future
from typing import TYPE_CHECKING, Any, Literal

import pygame

from app.window.scenes.replay_watch import ReplayControls
from app.window.scenes.review import ReviewControls
from app.core import worker

from app.window.render.still_layer import StillLayer
from app.window.render.reuse import copy_into
from app.window.render.table import CardSprite, SpriteDrawer, felt, nameplate
from app.window.render.text import font, render_text, wrap
from app.window.scenes.table import TableScene
from app.window.ui import theme
from app.window.ui.widgets import Button, ButtonRow, banner, blit_centered, panel
from app.core.words.card_words import card_name
from app.core.words.grammar import counted
from app.core.words.spoken_words import choice_focus, choosing_line
from games.core.words import T, Value, Who
from games.abstrac import rules as ab
from games.abstrac.bots import take_values
from games.abstrac.scoring import ABSTRAC_RANKS, combination_points, deal_scores, misere
from games.abstrac.solver import solve_opening
from games.core.cards import SUITS, Card

if TYPE_CHECKING:
    from app.core.table_session import TableSession
    from app.window.scenes.base import AppServices

# A worked-out hint: who should go first (the values of going first and second), or each
# take's value.
Hint = tuple[Literal["opening"], tuple[int, int]] | tuple[Literal["takes"], dict[int, int]]


def work_out_hint(view: ab.AbstracView) -> Hint:
    """The exact hint for ``view``, worked out in the worker (30-50 ms of search, too long
    for a frame): ("opening", (first, second)) while choosing who goes first, otherwise
    ("takes", {count: final lead})."""
    if view.choosing:
        opening = solve_opening(view.row)
        return "opening", (opening.first, opening.second)
    return "takes", take_values(view)


TAKE_KEYS = {pygame.K_1: 1, pygame.K_2: 2, pygame.K_3: 3, pygame.K_KP1: 1, pygame.K_KP2: 2, pygame.K_KP3: 3}


class AbstracTable(TableScene):
    name = "abstrac"

    def __init__(self, app: AppServices, session: TableSession) -> None:
        self.row: list[CardSprite] = []          # row[0] is the top end (drawn at the right)
        self.taken: list[list[CardSprite]] = [[], []]
        self.totals = (0, 0)
        self.deal = 1
        self.dealer = 0
        self.hover_take = 0
        self.hints: dict[int, int] | None = None
        self.opening_hint: tuple[int, int] | None = None
        # The hint being worked out, and the position (the view) it was asked for: an answer
        # that arrives after the position moved on is dropped.
        self.hint_job: Future[Hint] | None = None
        self.hint_asked_for: ab.AbstracView[int | None] | None = None
        self.last_scores: list[str] = []
        self.first_button = Button("Go first (F)", lambda: self._choose(True), kind="primary", text_size=20)
        self.second_button = Button("Go second (S)", lambda: self._choose(False), text_size=20)
        self.choice_row = ButtonRow([self.first_button, self.second_button])
        super().__init__(app, session)
        self.drawer = SpriteDrawer(app.cards, app.settings.card_back)
        self.still = StillLayer()
        self._floor_surface: pygame.Surface | None = None
        self._floor_key: tuple[object, ...] = ()

    # layout ------------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        self.s = theme.scale_for(size)
        self.row_width = max(40.0, min(w * 0.062, h * 0.105))
        self.taken_width = max(34.0, min(w * 0.048, h * 0.08))
        self.row_y = h * 0.47
        self.deck_at = (w * 0.08, self.row_y)
        self.area_y = {self._me: h * 0.80, 1 - self._me: h * 0.16}

    @property
    def _me(self) -> int:
        return self.viewer

    def row_spots(self, count: int) -> list[tuple[float, float]]:
        """Centres for the row, last card at the left, the top end fully shown at the right."""
        w = self.size[0]
        span = w * 0.84
        step = min(self.row_width * 0.62, (span - self.row_width) / max(1, count - 1)) if count > 1 else 0
        right = w * 0.5 + (span - self.row_width) / 2 if count > 1 else w * 0.5
        right = min(right, w * 0.5 + step * (count - 1) / 2 + self.row_width * 0.5)
        return [(right - i * step, self.row_y) for i in range(count)]

    def taken_spots(self, seat: int) -> list[tuple[float, float]]:
        """Taken cards in four suit groups side by side, each sorted high to low."""
        cards = self.taken[seat]
        w = self.size[0]
        cw = self.taken_width
        step = cw * 0.42
        group = cw + step * 5
        gap = cw * 0.5
        total = group * 4 + gap * 3
        left = w * 0.5 - total / 2 + cw / 2
        y = self.area_y[seat]
        spots = []
        for sprite in cards:
            card = sprite.card
            assert card is not None and card.suit is not None
            g = SUITS.index(card.suit)
            slot = 5 - ABSTRAC_RANKS.index(card.rank)
            spots.append((left + g * (group + gap) + slot * step, y))
        return spots

    def targets(self) -> None:
        for spot, sprite in zip(self.row_spots(len(self.row)), self.row):
            sprite.width = self.row_width
            self.anim.tween(sprite, "pos", spot, 0.35, delay=sprite.tags.pop("delay", 0.0))
        for seat in (0, 1):
            self.taken[seat].sort(key=lambda sp: (SUITS.index(sp.known.suit), -int(sp.known.rank)))
            for spot, sprite in zip(self.taken_spots(seat), self.taken[seat]):
                sprite.width = self.taken_width   # a jump: every new width would paint new faces
                self.anim.tween(sprite, "pos", spot, 0.45, delay=sprite.tags.pop("delay", 0.0))

    def relayout_now(self) -> None:
        self.targets()
        self.anim.finish_all()

    # picture from a view ------------------------------------------------------------------

    def sync(self, view: ab.AbstracView) -> None:
        self.layout(self.size)
        self.row = [CardSprite(c, *self.deck_at, face_up=True, width=self.row_width) for c in view.row]
        self.taken = [[CardSprite(c, 0, 0, face_up=True, width=self.taken_width) for c in cards]
                      for cards in view.taken]
        self.totals, self.deal, self.dealer = view.totals, view.deal, view.dealer
        self.hints = None
        self.relayout_now()

    # events -> animation -------------------------------------------------------------------

    def _on_Dealt(self, event: ab.Dealt) -> float:
        self.taken = [[], []]
        self.deal, self.dealer = event.number, event.dealer
        self.hints, self.opening_hint = None, None
        self.row = []
        for i, card in enumerate(event.row):
            sprite = CardSprite(card, *self.deck_at, face_up=True, width=self.row_width)
            sprite.tags["delay"] = (len(event.row) - 1 - i) * 0.035
            self.row.append(sprite)
        self.targets()
        self._banner(self.to_player(T("Deal {number} of {count} · {seat} deals", number=event.number,
                                      count=self.session.options.deals, seat=Who(event.dealer))), 1.6)
        return 1.1

    def _on_Chose(self, event: ab.Chose) -> float:
        who = Who(event.seat)
        self._banner(self.to_player(T("{seat} chooses to go first", seat=who) if event.first
                                    else T("{seat} chooses to go second", seat=who)), 1.4)
        return 0.9

    def _on_Took(self, event: ab.Took) -> float:
        moved = self.row[:len(event.cards)]
        del self.row[:len(event.cards)]
        for i, sprite in enumerate(moved):
            sprite.tags["delay"] = i * 0.07
            self.taken[event.seat].append(sprite)
        self.hints = None
        self.hover_take = 0
        self.targets()
        return 0.65

    def _on_DealScored(self, event: ab.DealScored) -> float:
        self.totals = event.totals
        values: dict[str, Value] = {"number": event.number, "first": Who(0), "a": event.scores[0], "second": Who(1),
                                    "b": event.scores[1]}
        said = T("Deal {number}: {first} {a}, {second} {b}", **values) if event.misere is None else \
            T("Deal {number}: {first} {a}, {second} {b} · misère for {seat}", seat=Who(event.misere), **values)
        text = self.to_player(said)
        self.last_scores.append(text)
        self._banner(text, 3.2)
        return 3.0

    def _on_MatchOver(self, event: ab.MatchOver) -> float:
        if len(event.winners) == 1:
            winner = event.winners[0]
            self._banner(self.to_player(T("{seat} wins the match {high}-{low}", seat=Who(winner),
                                          high=max(event.totals), low=min(event.totals))), 3.0)
        else:
            self._banner(self.to_player(T("The match is drawn at {count} all", count=event.totals[0])), 3.0)
        return 0.8

    # the frame -----------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        super().update(dt)
        self._paint_taken_ahead()
        self._poll_hint()
        text, left = self.banner
        self.banner = (text, max(0.0, left - dt))
        lit = self.hover_take if self._taking() else 0
        for i, sprite in enumerate(self.row):
            sprite.marked = i < lit
            target = self.row_width * 0.28 if i < lit else 0.0
            # Eased, and snapped at the end: a lift creeping on by fractions of a pixel
            # would count as a moving card (painted again) for ever.
            sprite.lift += (target - sprite.lift) * 0.35
            if abs(target - sprite.lift) < 0.25:
                sprite.lift = target

    def _paint_taken_ahead(self) -> None:
        """Paint one row card a frame at the size it will have once taken: painting it on
        the frame it lands cost that frame 2-4 ms."""
        width = max(20, round(self.taken_width))
        for sprite in self.row:
            if sprite.card is not None and not self.app.cards.has_face(sprite.card, width):
                self.app.cards.face(sprite.card, width)
                return

    def _taking(self) -> bool:
        return self.human_turn and not self.current_view().choosing

    def _choosing(self) -> bool:
        return self.human_turn and self.current_view().choosing

    # input -----------------------------------------------------------------------------------

    def on_input_any_time(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.hover_take = 0

    def on_input(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_h:
            self._toggle_hint()
            return
        if self._choosing():
            self._choice_input(event)
            return
        if event.type == pygame.MOUSEMOTION:
            self.hover_take = self._take_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            count = self._take_at(event.pos)
            if count:
                self._take(count)
        elif event.type == pygame.KEYDOWN and event.key in TAKE_KEYS:
            self._take(TAKE_KEYS[event.key])
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            step = 1 if event.key == pygame.K_LEFT else -1
            self.hover_take = max(1, min(min(3, len(self.row)), (self.hover_take or 1) + step))
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE) and self.hover_take:
            self._take(self.hover_take)

    def _choice_input(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_f:
            self._choose(True)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_s:
            self._choose(False)
        else:
            self.choice_row.handle_event(event)

    # the choice by ear: who goes first, or how many cards to take (each count with the cards
    # it takes, the top end first), as the turn comes and as the focus moves

    CHOICE_MEANINGS = ("Go first: you take from the row first", "Go second: your opponent takes first")

    def spoken_turn(self) -> str:
        if self._choosing():
            return choosing_line("You study the row: go first or second?", ["Go first (F)", "Go second (S)"])
        if self.human_turn:
            top = [card_name(card) for card in self.current_view().row[:3]]
            question = f"Take from the row's top end: {', '.join(top)}."
            return choosing_line(question, [counted(n, "card") for n in range(1, len(top) + 1)])
        return super().spoken_turn()

    def spoken_focus(self) -> str | None:
        if self.curtain_for is not None or not self.human_turn:
            return super().spoken_focus()
        if self._choosing():
            index = self.choice_row.index
            return choice_focus("", self.CHOICE_MEANINGS[index], index + 1, 2)
        row = self.current_view().row
        if self.hover_take and self.hover_take <= len(row):
            taken = ", ".join(card_name(card) for card in row[:self.hover_take])
            return choice_focus("", f"{counted(self.hover_take, 'card')}: {taken}", self.hover_take, min(3, len(row)))
        return super().spoken_focus()

    def _take_at(self, pos: tuple[int, int]) -> int:
        """How many cards a click here takes: the card under the pointer and all above it.
        The top end is drawn last, so it is tested first."""
        for i, sprite in enumerate(self.row[:3]):
            if sprite.rect().collidepoint(pos):
                return i + 1
        return 0

    def _take(self, count: int) -> None:
        if count > len(self.row):
            self.say(f"Only {counted(len(self.row), 'card')} left")
            return
        self.act(ab.Take(self.viewer, count))

    def _choose(self, first: bool) -> None:
        if self._choosing():
            self.act(ab.Choose(self.viewer, first))

    def _toggle_hint(self) -> None:
        if self.hints is not None or self.opening_hint is not None or self.hint_job is not None:
            self.hints, self.opening_hint, self.hint_job = None, None, None
            return
        self.hint_asked_for = self.current_view()
        self.hint_job = worker.submit(work_out_hint, self.hint_asked_for)

    def _poll_hint(self) -> None:
        if self.hint_job is None or not self.hint_job.done():
            return
        job, self.hint_job = self.hint_job, None
        if self.current_view() != self.hint_asked_for:
            return  # somebody moved while it was being worked out: it answers another position
        hint = job.result()
        if hint[0] == "opening":
            self.opening_hint = hint[1]
        else:
            self.hints = hint[1]

    # drawing ---------------------------------------------------------------------------------

    def draw_table(self, surface: pygame.Surface) -> None:
        # The cards at rest stay on a layer over the floor (felt, the row's rail and both
        # players' areas), so a frame draws only the cards moving: 88 blits a frame before.
        piles = [[(sprite, True) for sprite in reversed(self.row)]]
        piles += [[(sprite, True) for sprite in self.taken[seat]] for seat in (0, 1)]
        flying = self.still.draw(surface, self.drawer, *self._floor(), piles,
                                 lambda sprite: self.anim.moving(sprite, "pos"))
        for sprite, shadow in flying:
            self.drawer.draw(surface, sprite, shadow=shadow)
        self._draw_hints(surface)
        self._draw_match(surface)
        if self._choosing():
            self._draw_choice(surface)
        elif self._taking():
            self._draw_turn_hint(surface)
        self._draw_banner(surface)

    def _floor(self) -> tuple[pygame.Surface, tuple[object, ...]]:
        """The felt with the row's rail and both areas (beds, plates, points), painted
        again only when one of them changes: a card taken, the turn passing, a new size."""
        turn = tuple(self.idle and seat in self.session.state.to_act() for seat in (0, 1))
        taken = tuple(tuple(sprite.card for sprite in cards) for cards in self.taken)
        key = (self.size, len(self.row), turn, self.dealer, taken, theme.generation)
        if self._floor_key != key or self._floor_surface is None:
            self._floor_surface = copy_into(self._floor_surface, felt(self.size))
            self._draw_row_rail(self._floor_surface)
            for seat in (0, 1):
                self._draw_area(self._floor_surface, seat)
            self._floor_key = key
        return self._floor_surface, key

    def _draw_row_rail(self, surface: pygame.Surface) -> None:
        if not self.row:
            return
        spots = self.row_spots(len(self.row))
        h = self.row_width * 1.4
        rect = pygame.Rect(0, 0, spots[0][0] - spots[-1][0] + self.row_width + 24, h + 24)
        rect.center = ((spots[0][0] + spots[-1][0]) / 2, self.row_y)
        panel(surface, rect, fill=(6, 40, 24, 120), edge=None, radius=12)
        label = render_text("top end", max(11, int(14 * self.s)), theme.GOLD)
        surface.blit(label, label.get_rect(midtop=(spots[0][0], rect.bottom + 4)))
        count = render_text(f"{len(self.row)} in the row", max(11, int(14 * self.s)), theme.INK_DIM)
        surface.blit(count, count.get_rect(topleft=(rect.left + 6, rect.bottom + 4)))

    def _area_rect(self, seat: int) -> pygame.Rect:
        """The taken cards' box: the suit beds with their names above them."""
        cw = self.taken_width
        total = (cw + cw * 0.42 * 5) * 4 + cw * 0.5 * 3
        label = render_text("diamonds", self._label_size(), theme.INK_DIM).get_height()
        above = max(cw * 0.3, label + 6)  # room over the beds for the suits' names
        rect = pygame.Rect(0, 0, total + cw * 0.6, cw * 1.4 + cw * 0.3 + above)
        rect.top = round(self.area_y[seat] - cw * 0.7 - above)
        rect.centerx = round(self.size[0] / 2)
        return rect

    def _label_size(self) -> int:
        """The suits' names over the beds: never below a readable 12 px."""
        return max(12, int(14 * self.s))

    def _draw_area(self, surface: pygame.Surface, seat: int) -> None:
        rect = self._area_rect(seat)
        turn = self.idle and seat in self.session.state.to_act()
        panel(surface, rect, fill=(6, 36, 22, 150), edge=theme.GOLD if turn else theme.EDGE, radius=12)
        self._draw_suit_slots(surface, seat)
        cards = [sp.card for sp in self.taken[seat] if sp.card is not None]
        other = [sp.card for sp in self.taken[1 - seat] if sp.card is not None]
        detail = " · ".join(filter(None, (self.seat_label(seat), "dealer" if seat == self.dealer else "")))
        plate = nameplate(self._name(seat), detail, max(13, int(17 * self.s)), turn, False)
        top = seat != self._me
        pr = plate.get_rect(midright=(rect.left - 10, rect.centery))
        if pr.left < 6:
            pr = plate.get_rect(midbottom=(rect.centerx, rect.top - 4)) if not top else plate.get_rect(
                midtop=(rect.centerx, rect.bottom + 4))
        surface.blit(plate, pr)
        self._draw_points(surface, rect, seat, cards, other)

    def _draw_suit_slots(self, surface: pygame.Surface, seat: int) -> None:
        """A faint bed per suit, so the sorting by suit and rank reads even when empty."""
        cw = self.taken_width
        for bed, (label, at) in zip(self._beds(seat), self._suit_labels(seat)):
            pygame.draw.rect(surface, (14, 58, 36), bed, border_radius=max(4, int(cw * 0.1)))
            surface.blit(label, at)

    def _beds(self, seat: int) -> list[pygame.Rect]:
        """The four suits' beds, side by side as taken_spots lays the cards."""
        cw = self.taken_width
        group, gap = cw + cw * 0.42 * 5, cw * 0.5
        left = self.size[0] * 0.5 - (group * 4 + gap * 3) / 2
        top = round(self.area_y[seat] - cw * 0.7)
        return [pygame.Rect(round(left + g * (group + gap)), top, round(group), round(cw * 1.4))
                for g in range(len(SUITS))]

    def _suit_labels(self, seat: int) -> list[tuple[pygame.Surface, pygame.Rect]]:
        """Each suit's name just over its bed, with where it goes."""
        found = []
        for bed, suit in zip(self._beds(seat), SUITS):
            label = render_text(suit.title, self._label_size(), (120, 170, 135))
            found.append((label, label.get_rect(midbottom=(bed.centerx, bed.top - 2))))
        return found

    def _draw_points(self, surface: pygame.Surface, rect: pygame.Rect, seat: int,
                     cards: list[Card], other: list[Card]) -> None:
        y = rect.top + 6
        for image in self._points_block(rect, seat, cards, other):
            surface.blit(image, (rect.right + 10, y))
            y += image.get_height() + 1

    def _points_block(self, rect: pygame.Rect, seat: int, cards: list[Card], other: list[Card]) -> list[pygame.Surface]:
        """The lines right of a seat's taken cards: its points, times the cards the other
        player took, and the deal's score."""
        size = max(12, int(16 * self.s))
        points = combination_points(cards)
        mine_first = (cards, other) if seat == 0 else (other, cards)
        score = deal_scores(*mine_first)[seat]
        # The deal's score is the points times the cards the other player took: say so.
        taker = self._name(1 - seat)
        lines = [(f"{counted(points, 'point')} in sets and runs", theme.GOLD),
                 (f"× {counted(len(other), 'card')} {'you' if taker == 'You' else taker} took", theme.INK),
                 (f"= {points * len(other)} for this deal", theme.INK),
                 (f"{counted(len(cards), 'card')} taken here", theme.INK_DIM)]
        pts = (combination_points(mine_first[0]), combination_points(mine_first[1]))
        flip = misere(pts)
        if flip is not None and (cards or other):
            lines.append(("misère: no set or run here, the scores swap" if flip == seat else
                          "misère: the other side has no set or run, the scores swap", theme.DANGER))
            lines.append((f"so this deal scores {score}", theme.INK))
        return self._points_images(lines, size, self.size[0] - rect.right - 16)

    def _points_bottom(self, seat: int) -> int:
        """Where the seat's points lines end (they wrap to more lines in a narrow window)."""
        rect = self._area_rect(seat)
        cards = [sp.card for sp in self.taken[seat] if sp.card is not None]
        other = [sp.card for sp in self.taken[1 - seat] if sp.card is not None]
        return rect.top + 6 + sum(image.get_height() + 1 for image in self._points_block(rect, seat, cards, other))

    @staticmethod
    def _points_images(lines: list[tuple[str, tuple[int, int, int]]], size: int, room: int) -> list[pygame.Surface]:
        """The points lines in ``room`` pixels (right of the area, up to the window's
        edge): a point or two smaller, else a long line broken between words."""
        def fits(at: int) -> bool:
            return all(font(at, bold=c is theme.GOLD).size(t)[0] <= room for t, c in lines)

        while size > 11 and not fits(size):
            size -= 1
        images = []
        for text, colour in lines:
            for part in wrap(text, font(size, bold=colour is theme.GOLD), room) or [text]:
                images.append(render_text(part, size, colour, bold=colour is theme.GOLD))
        return images

    def _draw_hints(self, surface: pygame.Surface) -> None:
        """One line above the top end: each take's exact value, the best in gold."""
        if not self.hints or not self._taking() or not self.row:
            return
        size = max(12, int(17 * self.s))
        best = max(self.hints.values())
        parts = [render_text(f"take {k}: {v:+d}", size, theme.GOLD if v == best else theme.INK, bold=v == best)
                 for k, v in sorted(self.hints.items())]
        gap = int(18 * self.s)
        width = sum(p.get_width() for p in parts) + gap * (len(parts) - 1)
        caption = render_text("your lead at the end if both play perfectly", max(10, int(13 * self.s)), theme.INK_DIM)
        box = self.hint_box(width + 24, parts[0].get_height() + 12, caption.get_width())
        panel(surface, box, radius=8)
        x = box.left + 12
        for part in parts:
            surface.blit(part, (x, box.top + 6))
            x += part.get_width() + gap
        surface.blit(caption, caption.get_rect(bottomright=(box.right, box.top - 2)))

    def hint_box(self, width: int, height: int, caption: int) -> pygame.Rect:
        """Where the hints go: over the row's top end, left of the match box (whose corner
        it is) with its caption line above it."""
        top_end = self.row[0].rect()
        box = pygame.Rect(0, 0, width, height)
        box.bottomright = (min(self.size[0] - 8, top_end.right + 12), top_end.top - 20)
        match = self._match_rect().inflate(16, 16)
        above = pygame.Rect(box.right - caption, box.top - 2 - height, caption, height)
        if box.union(above).colliderect(match):
            box.right = match.left
        return box

    def _match_images(self) -> list[pygame.Surface]:
        size = max(12, int(16 * self.s))
        lines = [f"Deal {self.deal} of {self.session.options.deals}",
                 f"{self._name(0)}: {self.totals[0]}", f"{self._name(1)}: {self.totals[1]}"]
        return [render_text(t, size, theme.GOLD if i == 0 else theme.INK, bold=i == 0) for i, t in enumerate(lines)]

    def _match_rect(self) -> pygame.Rect:
        """The match box ("Deal 1 of 2" and the totals), right of the row's top end."""
        images = self._match_images()
        width = max(i.get_width() for i in images) + 24
        height = sum(i.get_height() + 2 for i in images) + 14
        row_top = int(self.row_y - self.row_width * 0.7)
        # Under the top seat's points lines, which wrap long in a narrow window, as far as the row allows.
        top = max(row_top - height - 24, min(self._points_bottom(1 - self._me) + 6, row_top - height - 4))
        return pygame.Rect(self.size[0] - width - 10, top, width, height)

    def _draw_match(self, surface: pygame.Surface) -> None:
        images = self._match_images()
        rect = self._match_rect()
        panel(surface, rect, radius=10)
        y = rect.top + 7
        for image in images:
            surface.blit(image, (rect.left + 12, y))
            y += image.get_height() + 2

    def _draw_choice(self, surface: pygame.Surface) -> None:
        s = self.s
        w, h = int(200 * s), int(46 * s)
        centre = (self.size[0] // 2, int(self.row_y + self.row_width * 0.7 + 60 * s + h / 2 + 24 * s))
        self.first_button.text_size = self.second_button.text_size = max(14, int(20 * s))
        self.choice_row.layout(centre, (w, h), int(16 * s))
        text = "Study the row: do you want to go first or second?  (H: solve it)"
        if self.hint_job is not None:
            text = "Working out the best choice…"
        if self.opening_hint is not None:
            first, second = self.opening_hint
            text = f"With perfect play: first {first:+d}, second {second:+d}"
        image = render_text(text, max(12, int(17 * s)), theme.GOLD)
        blit_centered(surface, image, (centre[0], centre[1] - h * 0.5 - image.get_height()))
        self.choice_row.draw(surface)

    def _draw_turn_hint(self, surface: pygame.Surface) -> None:
        text = "Your turn: take 1, 2 or 3 cards from the top end: click the last card you want, or press 1-3 · H hint"
        if self.hint_job is not None:
            text = "Working out each take's value…"
        image = render_text(text, max(12, int(16 * self.s)), theme.GOLD)
        y = self.row_y + self.row_width * 0.7 + 64 * self.s
        blit_centered(surface, image, (self.size[0] // 2, y))

    def _draw_banner(self, surface: pygame.Surface) -> None:
        text, left = self.banner
        if left > 0 and text:
            banner(surface, text, max(16, int(26 * self.s)), (self.size[0] // 2, self.row_y - self.row_width * 1.2), left / 0.3)


Table = AbstracTable


class Replay(ReplayControls, AbstracTable):
    """Abstrac watched from a recording."""


class Review(ReviewControls, AbstracTable):
    """Abstrac reviewed with the coach."""
