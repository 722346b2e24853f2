"""The Egyptian Ratscrew table: face-down stacks with their counts round the cloth, the pile
in the middle fanned so the top three cards show, hands landing on slaps, who was first
and by how much, and a red flash with the penalty card sliding under the pile on a false
slap."""

from __future__ import annotations

from functools import partial
import math
from typing import TYPE_CHECKING, Any

import pygame

from app.window.scenes.replay_watch import RealtimeReplayControls
from app.window.anim.tween import ease_out_back, ease_out_cubic
from app.window.render.hand import hand, seat_colour
from app.window.render.table import CardSprite, SpriteDrawer, felt, nameplate, seat_positions
from app.window.render.text import font, render_text
from app.window.input.press import Press
from app.window.scenes.realtime import RealtimeTableScene
from app.window.ui import theme
from app.window.ui.widgets import blit_centered, faded, panel
from games.core.protocol import IllegalAction
from games.core.realtime import TimedAction
from games.core.words import N, T, Who, Words
from games.ratscrew import rules as rs
from games.ratscrew.patterns import pattern_words

if TYPE_CHECKING:
    from app.core.table_session import TableSession
    from app.window.scenes.base import AppServices

FAN = (0.0, 0.3, 0.6)      # x offsets (card widths) of the third, second and top card
HAND_TIME = 0.55           # seconds a slapping hand stays on the pile
FLASH_TIME = 0.45          # seconds of red after a false slap
RACE_TIME = 2.2            # seconds "P2 by 23 ms" stays up
RACE_WINDOW_MS = 600       # a losing slap this soon after a winning one is shown as a race
VERDICT_SCALES = (1.0, 0.85, 0.72)   # the race and banner shrink only where nothing else fits


class Slapping:
    """A hand on its way down to the pile (or a ghost hand that was too late)."""

    def __init__(self, seat: int, start: tuple[float, float], end: tuple[float, float], late: bool) -> None:
        self.seat, self.start, self.end, self.late = seat, start, end, late
        self.age = 0.0


class RatscrewTable(RealtimeTableScene):
    name = "ratscrew"
    key_names = ("flip", "slap")
    mouse_hint = "· or click: your stack flips, the pile slaps"

    def __init__(self, app: AppServices, session: TableSession) -> None:
        self.pile: list[CardSprite] = []
        self.flying: list[CardSprite] = []
        self.hands: list[Slapping] = []
        self.flash = 0.0
        self.flash_seat: int | None = None
        self.race = ("", 0.0)
        self.last_slap: tuple[int, int] | None = None
        self._own_hands: dict[int, Slapping] = {}   # a networked slap shown before the server judged it
        self._red: pygame.Surface | None = None
        self._hands: dict[tuple[int, int, int], pygame.Surface] = {}
        self.taken: list[pygame.Rect] = []     # what this frame drew that a verdict must not cover
        self.verdict_boxes: list[pygame.Rect] = []   # where the race and the banner went
        self.caps_boxes: dict[int, pygame.Rect] = {}  # where each seat's key caps went this frame
        self.status_box: pygame.Rect | None = None   # and the status line ("Ivy to flip")
        self._verdict_cache: tuple[object, Any] = (None, None)
        super().__init__(app, session)
        self.drawer = SpriteDrawer(app.cards, app.settings.card_back)

    # layout -------------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        self.s = theme.scale_for(size)
        self.card_w = max(44.0, min(118.0, w * 0.075, h * 0.115))
        self.stack_w = self.card_w * 0.82
        self.centre = (w * 0.5 - self.card_w * 0.3, h * 0.49)
        seats = self.session.state.seats
        self.places = seat_positions(seats, self.viewer, (w * 0.5, h * 0.46), (w * 0.38, h * 0.31))
        self.places[self.viewer] = (w * 0.5, h * 0.80)

    def stack_at(self, seat: int) -> tuple[float, float]:
        return self.places[seat]

    def pile_spots(self) -> list[tuple[float, float, float]]:
        """Centre and angle of every pile card, bottom first. The top three live cards fan
        out to the right so all three can be read; a dead card lying on them drops a little
        lower, so it never hides a live card's corner; everything older is one heap."""
        cx, cy = self.centre
        spots: list[tuple[float, float, float]] = [(0.0, 0.0, 0.0)] * len(self.pile)
        live_seen = 0
        for index in range(len(self.pile) - 1, -1, -1):
            sprite = self.pile[index]
            if live_seen >= 3:
                jitter = (index * 37) % 11 - 5
                angle = 0.0 if sprite.dim else float(jitter)   # the dimming layer cannot turn
                spots[index] = (cx + jitter * 0.6, cy + ((index * 53) % 7 - 3) * 0.8, angle)
            elif sprite.dim:
                x = cx + FAN[2 - live_seen] * self.card_w
                spots[index] = (x + self.card_w * 0.12, cy + self.card_w * 0.5, 0.0)  # the dimmer is square
            else:
                spots[index] = (cx + FAN[2 - live_seen] * self.card_w, cy, 0.0)
                live_seen += 1
        return spots

    def focus_point(self) -> tuple[int, int]:
        return (round(self.centre[0] + self.card_w * 0.3), round(self.centre[1]))

    def pile_rect(self) -> pygame.Rect:
        w = self.card_w
        return pygame.Rect(round(self.centre[0] - w * 0.8), round(self.centre[1] - w * 0.95),
                           round(w * 2.2), round(w * 1.9))

    def targets(self) -> None:
        for sprite, (x, y, angle) in zip(self.pile, self.pile_spots()):
            sprite.width = self.card_w
            sprite.angle = angle
            self.anim.tween(sprite, "pos", (x, y), 0.22)

    def relayout_now(self) -> None:
        self.targets()
        self.anim.finish_all()

    def sync(self, view: rs.RatscrewView) -> None:
        self.layout(self.size)
        self.pile = [self._pile_sprite(p, *self.centre) for p in view.pile]
        self.relayout_now()

    def _pile_sprite(self, card: rs.PileCard, x: float, y: float) -> CardSprite:
        sprite = CardSprite(card.card, x, y, face_up=True, width=self.card_w)
        sprite.dim = not card.live
        return sprite

    # input --------------------------------------------------------------------------------

    def key_action(self, seat: int, index: int, at_ms: int) -> TimedAction | None:
        return rs.Flip(seat, at_ms) if index == 0 else rs.Slap(seat, at_ms)

    def click_action(self, press: Press, at_ms: int) -> TimedAction | None:
        stack = pygame.Rect(0, 0, round(self.stack_w * 1.3), round(self.stack_w * 1.7))
        stack.center = (round(self.stack_at(press.seat)[0]), round(self.stack_at(press.seat)[1]))
        if stack.collidepoint(press.pos):
            return rs.Flip(press.seat, at_ms)
        if self.pile_rect().inflate(self.card_w, self.card_w * 0.6).collidepoint(press.pos):
            return rs.Slap(press.seat, at_ms)
        return None

    def gone(self, seat: int) -> bool:
        """Only a false slap with no cards puts a player out for good; until then a player
        with no cards may still slap back in, and keeps their keys."""
        return bool(self.view.eliminated[seat])   # (from the view: a networked table has no rules state)

    def skip_offer(self) -> str:
        humans = self.players(self.session)
        if any(not self.gone(seat) for seat in humans):
            who = "You have" if len(humans) == 1 else "Nobody at the keys has"
            return f"{who} no cards: slap a pair to come back in, or Enter: skip to the result"
        return super().skip_offer()

    def message_rect(self, image: pygame.Surface) -> pygame.Rect:
        """A message ("You have no cards to flip") goes where the verdicts go, clear of
        them and of everything on the table ("Rosa holds every card" stood under it)."""
        rect = super().message_rect(image)
        taken = self.taken + [box.inflate(8, 8) for box in self.verdict_boxes]
        if self._clear(rect, taken):
            return rect
        return self._place_one(pygame.Rect((0, 0), rect.size), self._below_pile(), taken) or rect

    def refused_action(self, action: TimedAction, problem: IllegalAction) -> None:
        if isinstance(action, rs.Flip):
            self.say(self.to_player(problem.message), 1.4)

    def pressed(self, action: TimedAction) -> None:
        """A slap sent to the server: the hand goes down now; the server's event for it
        (won, late or false) then only says how it went."""
        if isinstance(action, rs.Slap):
            self._hand(action.seat, late=False)
            self._own_hands[action.seat] = self.hands[-1]

    def verdict(self, first: int, second: int, by_ms: int) -> None:
        self._race(first, by_ms)

    # events -> pictures -------------------------------------------------------------------

    def _on_Dealt(self, event: rs.Dealt) -> None:
        self._banner(self.to_player(T("{seat} deals · {first} flips first", seat=Who(event.dealer),
                                      first=Who(event.first))), 2.6)

    def _on_Flipped(self, event: rs.Flipped) -> None:
        sprite = self._pile_sprite(rs.PileCard(event.card, event.live, event.seat), *self.stack_at(event.seat))
        sprite.width = self.stack_w
        self.pile.append(sprite)
        self.targets()
        if event.needed:
            self._banner(self.to_player(T("{seat} flips {rank}: {count} to answer", seat=Who(event.seat),
                                          rank=_a_rank(event.card), count=event.needed)), 1.6)
        elif not event.live:
            self._banner(self.to_player(T("{seat} flipped out of turn: dead card", seat=Who(event.seat))), 1.6)

    def _on_Slapped(self, event: rs.Slapped) -> None:
        self._hand(event.seat, late=False)
        self.last_slap = (event.seat, event.at_ms)
        self._banner(self.to_player(T("{seat} slaps the {pattern}!", seat=Who(event.seat),
                                      pattern=pattern_words(event.pattern))), 1.6)

    def _on_LateSlap(self, event: rs.LateSlap) -> None:
        self._hand(event.seat, late=True)
        self._race(event.winner, event.behind_ms)

    def _on_FalseSlap(self, event: rs.FalseSlap) -> None:
        self._hand(event.seat, late=True)
        self.flash, self.flash_seat = FLASH_TIME, event.seat
        won = self.last_slap
        if won is not None and won[0] != event.seat and event.at_ms - won[1] <= RACE_WINDOW_MS:
            self._race(won[0], event.at_ms - won[1])
        for card in event.paid:   # slides from the slapper's stack under the pile
            sprite = self._pile_sprite(rs.PileCard(card, False, event.seat), *self.stack_at(event.seat))
            sprite.width = self.stack_w
            self.pile.insert(0, sprite)
        self.targets()
        who = Who(event.seat)
        if event.eliminated:
            self._banner(self.to_player(T("{seat} slapped falsely while out: out for good", seat=who)), 2.4)
        elif event.paid:
            self._banner(self.to_player(N("False slap! {seat} pays {count} card", "False slap! {seat} pays {count} cards",
                                          seat=who, count=len(event.paid))), 1.6)
        else:
            self._banner(self.to_player(T("False slap! {seat} has nothing to pay", seat=who)), 1.6)

    def _on_PileWon(self, event: rs.PileWon) -> None:
        target = self.stack_at(event.seat)
        for i, sprite in enumerate(self.pile):
            sprite.face_up = False
            sprite.dim = False
            self.flying.append(sprite)
            self.anim.tween(sprite, "pos", target, 0.38, ease_out_cubic, delay=0.012 * i,
                            on_done=partial(self._land, sprite))
        self.pile = []
        if not event.reason.startswith("slapped"):   # a slap has its own banner
            self._banner(self.to_player(T("{seat} takes {count} cards ({why})", seat=Who(event.seat),
                                          count=event.cards, why=rs.pile_reason(event.reason))), 1.8)

    def _on_Offered(self, event: rs.Offered) -> None:
        self._banner(self.to_player(T("{seat}: flip to carry on ({count} to go) or wait to decline",
                                      seat=Who(event.seat), count=event.left)), 3.0)

    def _on_Declined(self, event: rs.Declined) -> None:
        self._banner(self.to_player(T("{seat} declines the challenge", seat=Who(event.seat))), 1.6)

    def _on_RanOut(self, event: rs.RanOut) -> None:
        self._banner(self.to_player(T("{seat} is out of cards: slap back in!", seat=Who(event.seat))), 1.8)

    def _on_GameWon(self, event: rs.GameWon) -> None:
        self._banner(self.to_player(T("{seat} holds every card!", seat=Who(event.seat))), 4.0)

    def _land(self, sprite: CardSprite) -> None:
        if sprite in self.flying:
            self.flying.remove(sprite)

    def _hand(self, seat: int, late: bool) -> None:
        own = self._own_hands.pop(seat, None)
        if own is not None and own in self.hands:   # already down: it may turn out late
            own.late = late
            return
        sx, sy = self.stack_at(seat)
        cx, cy = self.centre[0] + self.card_w * 0.45, self.centre[1]
        offset = ((seat * 29) % 5 - 2) * self.card_w * 0.12
        end = (cx + offset + (sx - cx) * 0.08, cy + (sy - cy) * 0.08)
        start = (cx + (sx - cx) * 0.7, cy + (sy - cy) * 0.7)
        self.hands = [h for h in self.hands if h.age < HAND_TIME][-5:] + [Slapping(seat, start, end, late)]

    def _race(self, winner: int, behind_ms: int) -> None:
        self.race = (f"{self._name(winner)} by {behind_ms} ms", RACE_TIME)

    def tick_effects(self, dt: float) -> None:
        for slapping in self.hands:
            slapping.age += dt
        self.hands = [h for h in self.hands if h.age < HAND_TIME]
        self.flash = max(0.0, self.flash - dt)
        self.race = (self.race[0], max(0.0, self.race[1] - dt))
        self.banner = (self.banner[0], max(0.0, self.banner[1] - dt))

    # drawing ------------------------------------------------------------------------------

    def draw_table(self, surface: pygame.Surface) -> None:
        surface.blit(felt(self.size), (0, 0))
        view: rs.RatscrewView = self.view
        self.taken, self.caps_boxes = [], {}
        self._draw_pile_spot(surface)
        for seat in range(view.seats):
            self._draw_seat(surface, view, seat)
        for sprite in self.pile:
            self.drawer.draw(surface, sprite)
            self.taken.append(self.drawer.bounds(sprite))   # with its shadow
        self._draw_status(surface, view)
        for sprite in self.flying:
            self.drawer.draw(surface, sprite)
        for slapping in self.hands:
            self._draw_hand(surface, slapping)
        self._draw_flash(surface)
        self._draw_verdicts(surface)

    def _draw_pile_spot(self, surface: pygame.Surface) -> None:
        rect = self.pile_rect().inflate(self.card_w * 0.3, self.card_w * 0.3)
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (0, 0, 0, 40), layer.get_rect(), border_radius=int(self.card_w * 0.2))
        pygame.draw.rect(layer, (255, 255, 255, 40), layer.get_rect(), width=2, border_radius=int(self.card_w * 0.2))
        surface.blit(layer, rect)
        self.taken.append(rect)

    def _draw_seat(self, surface: pygame.Surface, view: rs.RatscrewView, seat: int) -> None:
        x, y = self.stack_at(seat)
        count = view.stacks[seat]
        to_flip = (view.turn == seat or (view.offer is not None and view.offer[0] == seat)) and count
        glow = pygame.Rect(0, 0, round(self.stack_w * 1.35), round(self.stack_w * 1.75))
        glow.center = (round(x), round(y))
        self.taken.append(glow)   # even unlit: a verdict must not jump when the turn moves
        if to_flip:
            pygame.draw.rect(surface, theme.GOLD, glow, width=max(2, int(3 * self.s)), border_radius=int(self.stack_w * 0.14))
        for i in range(min(5, (count + 5) // 6)):
            back = CardSprite(None, x - i * 1.5, y - i * 2.0, face_up=False, width=self.stack_w)
            self.drawer.draw(surface, back, shadow=i == 0)
        if not count:
            slot = pygame.Rect(0, 0, round(self.stack_w), round(self.stack_w * 1.4))
            slot.center = (round(x), round(y))
            pygame.draw.rect(surface, (255, 255, 255), slot, width=1, border_radius=int(self.stack_w * 0.1))
        else:
            badge = render_text(str(count), max(13, int(18 * self.s)), theme.INK, bold=True)
            brect = badge.get_rect(center=(round(x + self.stack_w * 0.42), round(y - self.stack_w * 0.62))).inflate(12, 4)
            pygame.draw.rect(surface, seat_colour(seat), brect, border_radius=brect.height // 2)
            blit_centered(surface, badge, brect.center)
            self.taken.append(brect)
        self._draw_plate(surface, view, seat, (x, y))

    def _draw_plate(self, surface: pygame.Surface, view: rs.RatscrewView, seat: int,
                    at: tuple[float, float]) -> None:
        plan = self.session.setup.seats[seat]
        who = "Human" if plan.human else plan.difficulty.title()
        if view.eliminated[seat]:
            detail = "out of the game"
        elif view.out[seat]:
            detail = "no cards · slap back in"
        else:
            detail = " · ".join(filter(None, (self.seat_label(seat), f"{view.stacks[seat]} cards")))
        plate = nameplate(self._plate_name(seat, who), detail, max(13, int(17 * self.s)),
                          active=view.turn == seat, out=view.eliminated[seat] or view.out[seat])
        below = at[1] + self.stack_w * 0.78
        rect = plate.get_rect(midtop=(round(at[0]), round(below)))
        if rect.bottom > self.size[1] - 4:
            rect.bottom = self.size[1] - 4
        surface.blit(plate, rect)
        self.taken.append(rect)
        caps = self.keycaps(seat, max(11, int(14 * self.s)))
        if caps is not None:
            crect = caps.get_rect(midtop=(rect.centerx, rect.bottom + 4))
            if crect.bottom > self.size[1] - 2:
                crect.midbottom = (rect.centerx, rect.top - 4)
            if crect.colliderect(self.status_strip()):
                crect = self._beside(rect, crect)
            surface.blit(caps, crect)
            self.taken.append(crect)
            self.caps_boxes[seat] = crect

    def status_strip(self) -> pygame.Rect:
        """The band the status line ("Ivy to flip", "Ivy: carry on (2) or decline in 3 s")
        may take, between the top seat and the pile: a seat's key caps keep out of it."""
        height = font(self._status_size(), bold=True).get_height() + 10
        width = self.size[0] // 2
        return pygame.Rect(self.focus_point()[0] - width // 2, self._status_y() - height // 2 - 2, width, height + 4)

    def _beside(self, plate: pygame.Rect, caps: pygame.Rect) -> pygame.Rect:
        """Key caps level with their plate, on the side away from the middle (the top
        seat's on the right): under it they would meet the status line (a short window)."""
        if plate.centerx >= self.size[0] // 2:
            caps.midleft = (plate.right + 8, plate.centery)
        else:
            caps.midright = (plate.left - 8, plate.centery)
        return caps.clamp(pygame.Rect((0, 0), self.size))

    def _status_size(self) -> int:
        return max(14, int(20 * self.s))

    def _status_y(self) -> int:
        return round(self.centre[1] - self.card_w * 1.32)

    def _draw_status(self, surface: pygame.Surface, view: rs.RatscrewView) -> None:
        text = self.status_text(view)
        self.status_box = None
        if not text:
            return
        image = render_text(text, self._status_size(), theme.GOLD, bold=True)
        rect = image.get_rect(center=(self.focus_point()[0], self._status_y()))
        self.status_box = rect.inflate(22, 10)
        panel(surface, self.status_box, radius=10, edge=None)
        surface.blit(image, rect)
        self.taken.append(self.status_box)

    def status_text(self, view: rs.RatscrewView) -> str:
        """The line over the pile: whose flip it is, who must answer, who takes the pile."""
        text = ""
        if view.collecting is not None:
            text = self.to_player(T("{seat} takes the pile…", seat=Who(view.collecting[0])))
        elif view.offer is not None:
            left = max(0, (view.offer[1] - view.now_ms) / 1000)
            text = f"{self._name(view.offer[0])}: carry on ({view.left}) or decline in {left:.0f} s"
        elif view.left and view.turn is not None:
            text = f"{self._name(view.turn)} must answer: {view.left} left"
        elif view.turn is not None:
            text = f"{self._name(view.turn)} to flip" if self._name(view.turn) != "You" else "Your flip"
        return text

    def _draw_hand(self, surface: pygame.Surface, slapping: Slapping) -> None:
        t = min(1.0, slapping.age / 0.14)
        eased = ease_out_back(t)
        x = slapping.start[0] + (slapping.end[0] - slapping.start[0]) * eased
        y = slapping.start[1] + (slapping.end[1] - slapping.start[1]) * eased
        image = self._hand_image(slapping.seat)
        fade = 1.0 - max(0.0, (slapping.age - HAND_TIME * 0.6) / (HAND_TIME * 0.4))
        blit_centered(surface, faded(image, fade * (0.55 if slapping.late else 1.0)), (x, y))

    def _hand_image(self, seat: int) -> pygame.Surface:
        """The seat's hand turned so that it reaches from the seat towards the pile."""
        width = max(24, round(self.card_w * 1.3))
        sx, sy = self.stack_at(seat)
        angle = round(math.degrees(math.atan2(-(self.centre[0] - sx), -(self.centre[1] - sy))) / 5) * 5
        key = (seat, width, angle)
        image = self._hands.get(key)
        if image is None:
            image = self._hands[key] = pygame.transform.rotate(hand(width, seat), angle)
        return image

    def _draw_flash(self, surface: pygame.Surface) -> None:
        if self.flash <= 0:
            return
        strength = self.flash / FLASH_TIME
        if self._red is None or self._red.get_size() != self.size:
            self._red = pygame.Surface(self.size)
            self._red.fill((200, 20, 20))
        self._red.set_alpha(int(55 * strength))
        surface.blit(self._red, (0, 0))
        rect = self.pile_rect().inflate(self.card_w * 0.5, self.card_w * 0.5)
        pygame.draw.rect(surface, (230, 40, 40), rect, width=max(3, int(6 * self.s * strength)),
                         border_radius=int(self.card_w * 0.2))

    def _draw_verdicts(self, surface: pygame.Surface) -> None:
        """The race ("Bob by 12 ms") and the banner ("False slap! Ann pays 1 card") on the
        felt just below the pile, as close to it as they fit without covering a card, a
        plate, a key cap or a count: side by side, a little smaller if need be (a small
        window, many seats), else each where it fits, the race nearest the pile."""
        (race, race_left), (text, left) = self.race, self.banner
        shown = [(race, race_left, True)] if race_left > 0 and race else []
        shown += [(text, left, False)] if left > 0 and text else []
        self.verdict_boxes = []
        if not shown:
            return
        # The search is redone only when the words or what lies on the table change.
        key = (tuple(text for text, _, _ in shown), self.size, tuple(map(tuple, self.taken)))
        if self._verdict_cache[0] != key:
            self._verdict_cache = (key, self._arrange_verdicts(shown))
        boxes, self.verdict_boxes = self._verdict_cache[1]
        for (image, _), box, (_, seconds, is_race) in zip(boxes, self.verdict_boxes, shown):
            if is_race:
                panel(surface, box, fill=(20, 20, 30, 220), edge=theme.GOLD, radius=box.height // 2)
            else:
                panel(surface, box, radius=12)
            surface.blit(faded(image, min(1.0, seconds / (0.4 if is_race else 0.3))), image.get_rect(center=box.center))

    def _arrange_verdicts(self, shown: list[tuple[str, float, bool]]
                          ) -> tuple[list[tuple[pygame.Surface, pygame.Rect]], list[pygame.Rect]]:
        # Side by side a little smaller reads better than apart, one of them far from the pile.
        for together in (True, False):
            for scale in VERDICT_SCALES:
                boxes = [self._verdict_box(text, race, scale) for text, _, race in shown]
                placed = self._place_verdicts([box for _, box in boxes], together)
                if placed is not None:
                    return boxes, placed
        return boxes, self._stacked([box for _, box in boxes], self._below_pile())   # room for none

    def _verdict_box(self, text: str, race: bool, scale: float) -> tuple[pygame.Surface, pygame.Rect]:
        size = max(18, int(30 * self.s)) if race else max(14, int(21 * self.s))
        image = render_text(text, max(11, round(size * scale)), theme.INK, bold=True)
        return image, image.get_rect().inflate((30, 14) if race else (28, 14))

    def _place_verdicts(self, boxes: list[pygame.Rect], together: bool) -> list[pygame.Rect] | None:
        """The boxes' places nearest below the pile that cover nothing drawn and stay on
        the screen: ``together`` in a row, else each on its own (the race first, nearest
        the pile); None if there is no room."""
        start = self._below_pile()
        if together:
            for top in range(start, self.size[1], 3):
                rects = self._in_a_row(boxes, top)
                if all(self._clear(r, self.taken) for r in rects):
                    return rects
            return None
        taken, rects = list(self.taken), []
        for box in boxes:
            spot = self._place_one(box, start, taken)
            if spot is None:
                return None
            rects.append(spot)
            taken.append(spot.inflate(8, 8))
        return rects

    def _below_pile(self) -> int:
        """The first line under the pile and anything lying on it (a dead card drops lower)."""
        pile = self.pile_rect()
        return max([pile.bottom] + [r.bottom for r in self.taken if r.colliderect(pile)]) + 6

    def _clear(self, rect: pygame.Rect, taken: list[pygame.Rect]) -> bool:
        return pygame.Rect((0, 0), self.size).inflate(-8, -8).contains(rect) and rect.collidelist(taken) < 0

    def _place_one(self, box: pygame.Rect, start: int, taken: list[pygame.Rect]) -> pygame.Rect | None:
        """Below the pile, centred under it if it fits there, else shifted as little as
        possible to one side."""
        centre, step = self.focus_point()[0], max(4, int(8 * self.s))
        for top in range(start, self.size[1], 3):
            for shift in range(0, self.size[0] // 2, step):
                for x in (centre - shift, centre + shift):
                    rect = box.move(x - box.width // 2, top)
                    if self._clear(rect, taken):
                        return rect
        return None

    def _in_a_row(self, boxes: list[pygame.Rect], top: int) -> list[pygame.Rect]:
        gap = int(10 * self.s)
        width = sum(b.width for b in boxes) + gap * (len(boxes) - 1)
        x = self.focus_point()[0] - width // 2
        height = max(b.height for b in boxes)
        rects = []
        for box in boxes:
            rects.append(pygame.Rect(x, top + (height - box.height) // 2, box.width, box.height))
            x += box.width + gap
        return rects

    def _stacked(self, boxes: list[pygame.Rect], top: int) -> list[pygame.Rect]:
        rects = []
        for box in boxes:
            rects.append(box.move(self.focus_point()[0] - box.width // 2, top))
            top += box.height + 4
        return rects


# The face card or Ace that starts a challenge, as a banner says it.
_A_RANK = {11: T("a Jack"), 12: T("a Queen"), 13: T("a King"), 14: T("an Ace")}


def _a_rank(card: Any) -> Words:
    return _A_RANK.get(int(card.rank)) or T("a {card}", card=card)


Table = RatscrewTable


class Replay(RealtimeReplayControls, RatscrewTable):
    """Egyptian Ratscrew watched from a recording."""
