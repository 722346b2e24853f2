"""The Nails table: two ring cards turn up in the middle, everyone races to call hit or
miss, and after each call the dots that match on both cards are ringed in gold and
numbered in the same order, so players see why it was a hit or a miss. C switches the
colour-blind dots (a letter and a texture in every dot) on and off."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from app.window.scenes.replay_watch import RealtimeReplayControls
from app.window.anim.tween import Movable, ease_in_out_cubic
from app.window.render.nails import dot_centre, highlight, ring_back, ring_card
from app.window.render.table import felt, nameplate, seat_positions
from app.window.render.text import render_text
from app.window.input.press import Press
from app.window.scenes.realtime import RealtimeTableScene
from app.window.ui import theme
from app.window.ui.widgets import blit_centered, faded, panel
from games.core.realtime import TimedAction
from games.nails import rules as nr

if TYPE_CHECKING:
    from app.core.table_session import TableSession
    from app.window.scenes.base import AppServices

FLIP_TIME = 0.28
RACE_TIME = 2.0
GOOD = (70, 200, 110)


@dataclass(eq=False)
class RingSprite(Movable):
    """A card on the table: where it is, how wide, and how far it has turned face up."""

    ring: tuple[str, ...]
    x: float
    y: float
    diameter: float
    shown: float = 0.0       # 0 = back up, 1 = face up (turning in between)


class NailsTable(RealtimeTableScene):
    name = "nails"
    key_names = ("hit", "miss")
    mouse_hint = "· or click a card: left hit, right miss"

    def __init__(self, app: AppServices, session: TableSession) -> None:
        self.pair: list[RingSprite] = []
        self.leaving: list[RingSprite] = []
        self.last_call: nr.Called | None = None
        self.verdict_age = 0.0
        self.race = ("", 0.0)
        self.flash: dict[int, float] = {}
        self.gains: list[tuple[int, str, float]] = []
        self.fate: list[str] = []        # under the verdict: who takes the pair, who pays whom
        self.refusal = ""                # the refusal on screen, cleared when new cards turn up
        super().__init__(app, session)

    @property
    def colour_blind(self) -> bool:
        return bool(self.app.settings.colourblind_nails)

    def wash_back(self, width: int) -> pygame.Surface:
        """The wash before the split shows Nails' round cards, face down."""
        return ring_back(round(width * 1.2), self.app.settings.card_back)

    # layout -------------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        self.s = theme.scale_for(size)
        self.diameter = round(max(110, min(w * 0.21, h * 0.33)))
        cy = h * 0.42
        gap = self.diameter * 0.62
        self.card_at = [(w * 0.5 - gap, cy), (w * 0.5 + gap, cy)]
        self.pile_d = round(self.diameter * 0.42)
        reach = gap + self.diameter / 2 + self.pile_d / 2 + 10 * self.s
        self.pile_at = [(w * 0.5 - reach, cy + self.diameter * 0.12), (w * 0.5 + reach, cy + self.diameter * 0.12)]
        # Under the verdict box, whose text has smallest sizes: measured, not scaled, so a
        # small window's box does not cover the line.
        verdict_h = (render_text("Hg", max(18, int(30 * self.s)), theme.INK, bold=True).get_height()
                     + render_text("Hg", max(13, int(19 * self.s)), theme.INK).get_height()
                     + render_text("Hg", max(13, int(19 * self.s)), theme.INK, bold=True).get_height() + 18)
        self.dump_at = (w * 0.5, cy + self.diameter * 0.66 + verdict_h + 8 + 12 * self.s)
        seats = self.session.state.seats
        self.places = seat_positions(seats, self.viewer, (w * 0.5, h * 0.46), (w * 0.40, h * 0.40))
        for seat, (x, y) in enumerate(self.places):   # keep plates off the cards
            self.places[seat] = (x, min(h - 70 * self.s, max(96 * self.s, y)))
        self.places[self.viewer] = (w * 0.5, h - 58 * self.s)

    def focus_point(self) -> tuple[int, int]:
        return (self.size[0] // 2, round(self.card_at[0][1]))

    def sync(self, view: nr.NailsView) -> None:
        self.layout(self.size)
        self.pair = []
        if view.up is not None:
            self.pair = [RingSprite(ring, *self.card_at[i], self.diameter, 1.0) for i, ring in enumerate(view.up)]
        self.last_call = view.last if view.up is not None and not view.calling else None
        self.fate = [self.to_player(self.last_call.fate())] if self.last_call is not None else []

    def relayout_now(self) -> None:
        for i, sprite in enumerate(self.pair):
            sprite.pos, sprite.diameter = self.card_at[i], self.diameter

    # input --------------------------------------------------------------------------------

    def key_action(self, seat: int, index: int, at_ms: int) -> TimedAction | None:
        return nr.Call(seat, at_ms, index == 0)

    def click_action(self, press: Press, at_ms: int) -> TimedAction | None:
        for x, y in self.card_at:
            if (press.pos[0] - x) ** 2 + (press.pos[1] - y) ** 2 <= (self.diameter / 2) ** 2:
                return nr.Call(press.seat, at_ms, press.button == 1)
        return None

    def say_refusal(self, text: str, seconds: float) -> None:
        """Say why (too early, or this pair already called): the rules' own sentence, here
        or from the server. It goes when the next cards turn up, so it never stands beside
        a pair that may be called, and the next press counts."""
        self.refusal = text
        self.say(text, seconds)

    def message_rect(self, image: pygame.Surface) -> pygame.Rect:
        """Where the table's messages go, or, while the last call's verdict shows there,
        just under it (above the player's name plate)."""
        rect = super().message_rect(image)
        if self.last_call is not None:   # (and under the dump's count, which sits just below it)
            rect.top = max(self.verdict_box(self.last_call)[0].bottom, self.dump_rect().bottom) + 6
        return rect

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_c and self.keys.lookup(event.key) is None:
            self.app.settings.colourblind_nails = not self.app.settings.colourblind_nails
            self.app.save_settings()
            self.say("Colour-blind dots " + ("on" if self.colour_blind else "off"), 1.4)
            return
        super().handle_event(event)

    # events -> pictures -------------------------------------------------------------------

    def _on_Revealed(self, event: nr.Revealed) -> None:
        self._send_off()
        self.last_call = None
        if self.message == self.refusal:
            self.message_time = 0.0
        self.pair = []
        for i, ring in enumerate((event.a, event.b)):
            sprite = RingSprite(ring, *self.pile_at[i], float(self.pile_d))
            self.anim.tween(sprite, "pos", self.card_at[i], FLIP_TIME, ease_in_out_cubic)
            self.anim.tween(sprite, "diameter", float(self.diameter), FLIP_TIME, ease_in_out_cubic)
            self.anim.tween(sprite, "shown", 1.0, FLIP_TIME, ease_in_out_cubic)
            self.pair.append(sprite)

    def _on_Called(self, event: nr.Called) -> None:
        self.last_call, self.verdict_age = event, 0.0
        self.fate = [self.to_player(event.fate())]
        if not event.correct:
            self.flash[event.seat] = 0.6
        if event.taker is not None:
            self.gains.append((event.taker, "+2", 1.4))

    def _on_LateCall(self, event: nr.LateCall) -> None:
        self.race = (f"{self._name(event.winner)} by {event.behind_ms} ms", RACE_TIME)

    def _on_Paid(self, event: nr.Paid) -> None:
        if event.cards:
            self.gains.append((event.seat, f"−{event.cards}", 1.4))
            if event.to is not None:   # (a debt paid: the receiver's pile grows too)
                self.gains.append((event.to, f"+{event.cards}", 1.4))
        self.fate.append(self.to_player(event.message()))

    def _on_GameOver(self, event: nr.GameOver) -> None:
        self._send_off()
        self.pair = []  # no next pair replaces them: without this they stay ringed where they land

    def _send_off(self) -> None:
        """The last pair goes to whoever took it (or the dump) as the next one turns up."""
        last = self.last_call
        if not self.pair or last is None:
            return
        target = self.places[last.taker] if last.taker is not None else self.dump_at
        for sprite in self.pair:
            self.leaving.append(sprite)
            self.anim.tween(sprite, "pos", target, 0.4, on_done=partial(self._gone, sprite))
            self.anim.tween(sprite, "diameter", self.diameter * 0.3, 0.4)

    def _gone(self, sprite: RingSprite) -> None:
        if sprite in self.leaving:
            self.leaving.remove(sprite)

    def tick_effects(self, dt: float) -> None:
        self.verdict_age += dt
        self.race = (self.race[0], max(0.0, self.race[1] - dt))
        self.flash = {s: t - dt for s, t in self.flash.items() if t - dt > 0}
        self.gains = [(s, text, t - dt) for s, text, t in self.gains if t - dt > 0]

    # drawing ------------------------------------------------------------------------------

    def draw_table(self, surface: pygame.Surface) -> None:
        surface.blit(felt(self.size), (0, 0))
        view: nr.NailsView = self.view
        self._draw_round(surface, view)
        for i in (0, 1):
            self._draw_pile(surface, self.pile_at[i], view.piles[i])
        if view.seats > 2:
            self._draw_dump(surface, view.dump)
        for sprite in self.leaving + self.pair:
            self._draw_ring(surface, sprite)
        if self.last_call is not None and len(self.pair) == 2:
            self._draw_match(surface, self.last_call)
        elif self.last_call is not None:  # the game is over: the last call's verdict stays
            self._draw_verdict(surface, self.last_call)
        for seat in range(view.seats):
            self._draw_seat(surface, view, seat)
        self._draw_race(surface)

    def _draw_ring(self, surface: pygame.Surface, sprite: RingSprite) -> None:
        # Faces are drawn once at the table's card size; moving and turning cards are that
        # image scaled, so an animation never re-renders a card.
        d = self.diameter
        turn = abs(sprite.shown * 2 - 1)          # 1 -> 0 -> 1 as the card turns over
        face = sprite.shown >= 0.5
        back = self.app.settings.card_back
        image = ring_card(sprite.ring, d, self.colour_blind) if face else ring_back(d, back)
        size = (max(1, round(sprite.diameter * turn)), max(1, round(sprite.diameter)))
        if size != image.get_size():
            image = pygame.transform.scale(image, size)
        blit_centered(surface, image, sprite.pos)

    def _draw_pile(self, surface: pygame.Surface, at: tuple[float, float], count: int) -> None:
        d = self.pile_d
        for i in range(min(4, (count + 5) // 6)):
            blit_centered(surface, ring_back(d, self.app.settings.card_back), (at[0] - i * 1.5, at[1] - i * 2.5))
        label = render_text(f"{count} left", max(12, int(16 * self.s)), theme.INK_DIM)
        blit_centered(surface, label, (at[0], at[1] + d * 0.72))

    def _dump_label(self, count: int) -> pygame.Surface:
        return render_text(f"Dump: {count}", max(12, int(16 * self.s)), theme.INK_DIM)

    def dump_rect(self) -> pygame.Rect:
        """Where the dump's count is written."""
        return self._dump_label(0).get_rect(center=(round(self.dump_at[0]), round(self.dump_at[1])))

    def _draw_dump(self, surface: pygame.Surface, count: int) -> None:
        blit_centered(surface, self._dump_label(count), self.dump_at)

    def _draw_round(self, surface: pygame.Surface, view: nr.NailsView) -> None:
        if self.race[1] > 0:   # for a moment the race result stands in its place
            return
        image = render_text(self.round_text(view), max(15, int(22 * self.s)), theme.GOLD, bold=True)
        centre = (self.size[0] // 2, round(self.card_at[0][1] - self.diameter * 0.72))
        panel(surface, image.get_rect(center=centre).inflate(26, 10), radius=12, edge=None)
        blit_centered(surface, image, centre)

    def round_text(self, view: nr.NailsView) -> str:
        """The line over the cards: the round, and whether a call may be made now."""
        text = f"Round {max(1, view.round)} of {nr.ROUNDS}"
        if view.calling:
            return text + " · hit or miss?"
        if not view.over and self.last_call is None:
            return text + " · wait for the cards"
        return text

    def _draw_match(self, surface: pygame.Surface, called: nr.Called) -> None:
        """Ring the matching dots on both cards, numbered alike, and say what it means."""
        found = called.match
        ring = highlight(self.diameter)
        number_size = max(11, int(self.diameter * 0.07))
        appear = min(1.0, self.verdict_age / 0.25)
        for sprite, positions in zip(self.pair, (found.on_a, found.on_b)):
            for n, position in enumerate(positions, start=1):
                dx, dy = dot_centre(self.diameter, position)
                at = (sprite.x + dx, sprite.y + dy)
                blit_centered(surface, faded(ring, appear), at)
                tag = render_text(str(n), number_size, (60, 40, 0), bold=True)
                spot = (at[0] + dx * 0.42, at[1] + dy * 0.42)
                pygame.draw.circle(surface, (255, 214, 80), (round(spot[0]), round(spot[1])), number_size * 0.75)
                blit_centered(surface, tag, spot)
        self._draw_verdict(surface, called)

    def _draw_verdict(self, surface: pygame.Surface, called: nr.Called) -> None:
        box, title, *lines = self.verdict_box(called)
        panel(surface, box, edge=GOOD if called.correct else theme.DANGER, radius=12)
        surface.blit(title, title.get_rect(midtop=(box.centerx, box.top + 6)))
        y = box.top + 10 + title.get_height()
        for line in lines:
            surface.blit(line, line.get_rect(midtop=(box.centerx, y)))
            y += line.get_height()

    def verdict_box(self, called: nr.Called) -> tuple[pygame.Rect, pygame.Surface, pygame.Surface, pygame.Surface]:
        """Where the verdict of a call goes under the two cards, and its lines: who called
        what, why it was a hit or a miss, and whose pile grows (the caller's only when right)."""
        word = "hit" if called.says_hit else "miss"
        right = "right" if called.correct else "wrong"
        who = self._name(called.seat)
        title = render_text(f"{who} called {word}: {right}", max(18, int(30 * self.s)),
                            GOOD if called.correct else theme.DANGER, bold=True)
        count = called.match.count
        why = {3: "exactly three dots match: a hit", 4: "four dots match: a miss"}.get(
            count, f"at most {count} dots match: a miss")
        sub = render_text(why, max(13, int(19 * self.s)), theme.INK)
        fate = render_text(" · ".join(self.fate), max(13, int(19 * self.s)), theme.GOLD, bold=True)
        y = self.card_at[0][1] + self.diameter * 0.66
        box = pygame.Rect(0, 0, max(title.get_width(), sub.get_width(), fate.get_width()) + 40,
                          title.get_height() + sub.get_height() + fate.get_height() + 18)
        box.midtop = (self.size[0] // 2, round(y))
        return box, title, sub, fate

    def _draw_seat(self, surface: pygame.Surface, view: nr.NailsView, seat: int) -> None:
        plan = self.session.setup.seats[seat]
        who = "Human" if plan.human else plan.difficulty.title()
        detail = " · ".join(filter(None, (self.seat_label(seat), f"{view.wins[seat]} won"))) + (f" · owes {view.debts[seat]}" if view.debts[seat] else "")
        plate = nameplate(self._plate_name(seat, who), detail, max(13, int(17 * self.s)),
                          active=self.last_call is not None and self.last_call.seat == seat, out=False)
        x, y = self.places[seat]
        rect = plate.get_rect(center=(round(x), round(y)))
        if seat in self.flash:
            pygame.draw.rect(surface, theme.DANGER, rect.inflate(10, 10), border_radius=rect.height // 2)
        surface.blit(plate, rect)
        caps = self.keycaps(seat, max(11, int(14 * self.s)))
        if caps is not None:
            crect = caps.get_rect(midtop=(rect.centerx, rect.bottom + 4))
            if crect.bottom > self.size[1] - 2:
                crect.midbottom = (rect.centerx, rect.top - 4)
            surface.blit(caps, crect)
        shown = [(text, left) for gained_seat, text, left in self.gains if gained_seat == seat]
        for row, (text, left) in enumerate(shown):   # one under another: "+2" then "−2", both read
            colour = GOOD if text.startswith("+") else theme.DANGER
            image = faded(render_text(text, max(16, int(24 * self.s)), colour, bold=True), min(1.0, left))
            y = rect.centery - (1.4 - left) * 24 + (row - (len(shown) - 1) / 2) * image.get_height()
            blit_centered(surface, image, (rect.right + 24 * self.s, y))

    def _draw_race(self, surface: pygame.Surface) -> None:
        text, left = self.race
        if left <= 0:
            return
        image = render_text(text, max(18, int(28 * self.s)), theme.INK, bold=True)
        # where the round label goes (higher up it covered the name plate across the table)
        rect = image.get_rect(center=(self.size[0] // 2, round(self.card_at[0][1] - self.diameter * 0.72)))
        panel(surface, rect.inflate(30, 12), fill=(20, 20, 30, 220), edge=theme.GOLD, radius=rect.height)
        surface.blit(faded(image, min(1.0, left / 0.4)), rect)


Table = NailsTable


class Replay(RealtimeReplayControls, NailsTable):
    """Nails watched from a recording."""
