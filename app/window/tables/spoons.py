"""The Spoons (and Pig) table: every seat round the cloth with its hand as card backs and the
small stack of cards waiting at its left, the viewer's hand large at the bottom, the spoons
in the middle flying to whoever grabs, and the letters each seat has earned under its name.

Keys: one press of a seat's first key takes the next card and passes a card on, so a
keyboard player keeps up with the cards coming round (two presses a card let 30 pile up);
its second key grabs (touches the nose in Pig). Which card goes: the one the player marked
(the first human with 1-5 or Left/Right, or a click on a card; every keyboard player with
their choose key, before or after the take), else a card of the rank they hold fewest of,
the new card counted. The pass follows the take as soon as the taken card is in the hand
(the take's ``Took``: at home the next frame, across machines the server's answer), as a
press of its own (``FOLLOW``) that only passes. A click on a card of a five-card hand
passes it; a click on the waiting cards only takes.

The first grab must not go unseen: an alarm sound, the free spoons shaking, a pulsing red
edge round the window and a large banner, until the player has a spoon or the round ends."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from app.window.scenes.replay_watch import RealtimeReplayControls
from app.window.anim.tween import Movable, ease_out_cubic
from app.window.render.hand import seat_colour
from app.window.render.table import CardSprite, SpriteDrawer, felt, nameplate, seat_positions
from app.window.render.text import font, render_text
from app.window.input.press import Press
from app.window.scenes.realtime import RealtimeTableScene
from app.window.scenes import table_chat
from app.window.ui import theme
from app.core.words.grammar import counted
from app.window.ui.widgets import blit_centered, faded, panel
from games.core.cards import Card
from games.core.protocol import IllegalAction
from games.core.realtime import TimedAction
from games.core.words import T, Value, Who
from games.spoons import events as se
from games.spoons import rules as sr
from games.spoons.bots import discard_choice

if TYPE_CHECKING:
    from app.core.table_session import TableSession
    from app.window.scenes.base import AppServices

PASS_TIME = 0.28           # seconds a passed card takes to slide to the next seat
SPOON_TIME = 0.35
BANNER_TIME = 2.4
MAX_FLYING = 24            # passes in flight are capped: a busy 12-seat table stays quick
FOLLOW = 2                 # a press's index for the pass that follows a key's take
ALARM_TIME = 2.4           # seconds the first grab's alarm (edge, shaking spoons) lasts


@dataclass(eq=False)
class Spoon(Movable):
    """A spoon on the table (``owner`` None) or in someone's hand; ``pos`` is tweened."""

    x: float
    y: float
    angle: float
    owner: int | None = None


class SpoonsTable(RealtimeTableScene):
    name = "spoons"
    key_names = ("take / pass", "grab")
    view_keys = (0,)   # take or pass follows the hand shown: across machines a quick second press waits for it

    def __init__(self, app: AppServices, session: TableSession) -> None:
        self.pick = 0
        self.chosen = False              # the first human marked ``pick`` since their last pass
        self.picks: dict[int, int] = {}  # the other humans' chosen cards, by seat
        self.passing_on: set[int] = set()   # seats whose key took a card: a pass follows
        self.follow_due: set[int] = set()   # seats whose following pass is on its way
        self.alarm = 0.0                 # the first grab's alarm, seconds left
        self.flying: list[CardSprite] = []
        self.spoons: list[Spoon] = []
        self.flash: dict[int, float] = {}
        self.plate_boxes: dict[int, tuple[pygame.Rect, pygame.Rect | None]] = {}  # plate, key caps
        self._spoon_images: dict[tuple[int, int], pygame.Surface] = {}
        pig = session.setup.options.get("variant") == "pig"
        self.key_names = ("take / pass", "nose" if pig else "grab")
        super().__init__(app, session)
        self.drawer = SpriteDrawer(app.cards, app.settings.card_back)

    @property
    def pig(self) -> bool:
        view: sr.SpoonsView[int | None] = self.view
        return view.variant == "pig"

    def seat_view(self, seat: int) -> sr.SpoonsView:
        """What ``seat`` may know now: the table reads hands only from here (a human's hand
        at the shared keyboard is drawn at its own seat), never from the rules state."""
        # (the state: the rules' own at home, the server's ViewState at a networked table)
        view: sr.SpoonsView = self.session.state.view(seat)
        return view

    # layout -------------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        self.s = theme.scale_for(size)
        self.card_w = max(50.0, min(112.0, w * 0.075, h * 0.12))
        seats = self.seat_view(self.viewer).seats
        self.small_w = max(20.0, min(48.0, self.card_w * (0.5 if seats <= 6 else 0.4)))
        self.centre = (w * 0.5, h * 0.42)
        self.places = seat_positions(seats, self.viewer, (w * 0.5, h * 0.42), (w * 0.40, h * 0.31))
        self.places[self.viewer] = (w * 0.5, h - self.card_w * 0.95)

    def hand_spots(self, count: int) -> list[tuple[float, float]]:
        x0, y = self.places[self.viewer]
        step = self.card_w * 1.08
        left = x0 - step * (count - 1) / 2
        return [(left + i * step, y) for i in range(count)]

    def queue_at(self, seat: int) -> tuple[float, float]:
        """Where the cards passed to ``seat`` wait: at its left, towards the seat passing."""
        x, y = self.places[seat]
        if seat == self.viewer:
            return (self.hand_spots(sr.HAND)[0][0] - self.card_w * 1.45, y)
        # Cards are passed to the right, so they come from the seat's left neighbour (the next
        # seat clockwise): the queue sits on that neighbour's side.
        left_x = self.places[(seat + 1) % len(self.places)][0]
        side = 1 if left_x > x + 1 else -1 if left_x < x - 1 else (1 if x < self.centre[0] else -1)
        return (x + side * self.small_w * 2.6, y - self.small_w * 0.2)

    def stock_at(self) -> tuple[float, float]:
        return (self.centre[0] - self.card_w * 2.2, self.centre[1])

    def discard_at(self) -> tuple[float, float]:
        return (self.centre[0] + self.card_w * 2.2, self.centre[1])

    def spoon_spots(self, count: int) -> list[tuple[float, float, float]]:
        cx, cy = self.centre
        r = self.card_w * (0.8 + 0.06 * count)
        out = []
        for i in range(count):
            a = 2 * math.pi * i / max(1, count) - math.pi / 2
            out.append((cx + r * math.cos(a) * 0.9, cy + r * math.sin(a) * 0.7, -math.degrees(a) + 90))
        return out

    def sync(self, view: sr.SpoonsView) -> None:
        self.layout(self.size)
        self._set_spoons(view)

    def _set_spoons(self, view: sr.SpoonsView) -> None:
        total = max(0, len(view.players) - 1)
        spots = self.spoon_spots(total)
        self.spoons = [Spoon(x, y, a) for x, y, a in spots]
        for spoon, seat in zip(self.spoons, view.grabbed):
            spoon.owner = seat
            spoon.pos = self._holder(seat)

    def _own_plate_at(self) -> tuple[float, float]:
        """The viewer's name plate sits right of a five-card hand."""
        x, y = self.hand_spots(sr.HAND + 1)[-1]
        return (x + self.card_w * 0.75, y - self.card_w * 0.1)

    def _holder(self, seat: int) -> tuple[float, float]:
        x, y = self.places[seat]
        if seat == self.viewer:
            return self._own_holder()
        # Above the seat's cards, but never off the top of the window (the seat facing you).
        return (x, max(y - self.small_w * 1.4, self.small_w * 0.9))

    def _own_holder(self) -> tuple[float, float]:
        """Right of the player's plate and key caps (as last drawn), within the window, and
        above a networked table's "T to chat" cap in the corner; above the plate if the
        window is too narrow for it beside."""
        px, py = self._own_plate_at()
        half_w, half_h = self.card_w * 0.45, self.card_w * 0.5 + 4     # a held spoon, tilted
        boxes = [r for r in self.plate_boxes.get(self.viewer, ()) if r is not None]
        right = max((r.right for r in boxes), default=round(px + self.card_w * 1.8))
        x = min(self.size[0] - half_w, max(px + self.card_w * 2.4, right + half_w + 4))
        if self.chat is not None:
            py = min(py, self._chat_cap_top() - half_h)
        if x - half_w < right and boxes:
            py = min(py, min(r.top for r in boxes) - half_h)
        return (x, py)

    def _chat_cap_top(self) -> int:
        """The top of the closed chat's cap, which app/window/ui/chat.py draws at the bottom right
        of the chat's place: its text's height and padding, as there."""
        s = theme.scale_for(self.size)
        cap_h = font(max(12, int(13 * s)), bold=True).get_linesize() + 2 * max(4, int(6 * s))
        return table_chat.rect_for(self, False).bottom - cap_h

    def relayout_now(self) -> None:
        self._set_spoons(self.view)

    # input --------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and self._choose_key(event.key):
            return
        super().handle_event(event)

    def _choose_key(self, key: int) -> bool:
        """Each human's choose key steps through their hand; 1-5 and Left/Right also choose
        the first human's card (choosing needs no clock)."""
        if not self.playing:
            return False
        owner = self.keys.chooser(key)
        if owner is not None:
            hand = self.seat_view(owner).hand
            size = len(hand)
            current = self.pick if owner == self.mouse_seat else self.picks.get(owner, self._default_pick(hand))
            chosen = (current + 1) % max(1, size)
            if owner == self.mouse_seat:
                self.pick, self.chosen = chosen, True
            else:
                self.picks[owner] = chosen
            return True
        if self.mouse_seat is None:
            return False
        size = len(self.seat_view(self.mouse_seat).hand)
        if pygame.K_1 <= key <= pygame.K_5 and key - pygame.K_1 < size:
            self.pick = key - pygame.K_1
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.pick = (self.pick + (1 if key == pygame.K_RIGHT else -1)) % max(1, size)
        else:
            return False
        self.chosen = True
        return True

    @staticmethod
    def _default_pick(hand: tuple[Any, ...]) -> int:
        """Without a choice, a keyboard player passes a card of the rank they hold fewest of."""
        return hand.index(discard_choice(hand, random.Random(0), 0.0)) if hand else 0

    def key_action(self, seat: int, index: int, at_ms: int) -> TimedAction | None:
        if index == 1:
            return sr.Grab(seat, at_ms)
        hand = self.seat_view(seat).hand
        due = seat in self.follow_due
        self.follow_due.discard(seat)
        if index == FOLLOW and not due:   # the player's own press passed first: nothing to do
            return None
        if len(hand) > sr.HAND:
            return sr.Pass(seat, at_ms, self._passed_card(seat, hand))
        if index == FOLLOW:
            return None
        self.passing_on.add(seat)
        return sr.Take(seat, at_ms)

    def _passed_card(self, seat: int, hand: tuple[Card, ...]) -> Card:
        """The card ``seat`` passes: the one they marked, else the thinnest rank's."""
        if seat != self.mouse_seat:
            chosen = self.picks.pop(seat, self._default_pick(hand))
        else:
            chosen = self.pick if self.chosen else self._default_pick(hand)
            self.chosen = False
        return hand[min(chosen, len(hand) - 1)]

    def click_action(self, press: Press, at_ms: int) -> TimedAction | None:
        if press.seat != self.viewer:
            return None
        view = self.seat_view(press.seat)
        hand = view.hand
        for i, (x, y) in enumerate(self.hand_spots(len(hand))):
            rect = pygame.Rect(0, 0, round(self.card_w), round(self.card_w * 1.4))
            rect.center = (round(x), round(y))
            if rect.collidepoint(press.pos):
                self.pick, self.chosen = i, True
                return sr.Pass(press.seat, at_ms, hand[i]) if len(hand) > sr.HAND else None
        qx, qy = self.queue_at(press.seat) if press.seat != view.dealer else self.stock_at()
        if math.hypot(press.pos[0] - qx, press.pos[1] - qy) < self.card_w:
            return sr.Take(press.seat, at_ms)
        if math.hypot(press.pos[0] - self.centre[0], press.pos[1] - self.centre[1]) < self.card_w * 1.3:
            return sr.Grab(press.seat, at_ms)
        return None

    def refused_action(self, action: TimedAction, problem: IllegalAction) -> None:
        self.passing_on.discard(action.seat)   # (a refused take: no pass follows it)
        self.say(self.to_player(problem.message), 1.4)

    # events -> pictures -------------------------------------------------------------------

    def _on_Dealt(self, event: se.Dealt) -> None:
        self._set_spoons(self.seat_view(self.viewer))
        self.pick = sr.HAND - 1
        values: dict[str, Value] = {"number": event.round, "seat": Who(event.dealer), "count": event.spoons}
        self._banner(self.to_player(T("Round {number}: {seat} deals · {count} noses to touch", **values) if self.pig
                                    else T("Round {number}: {seat} deals · {count} spoons", **values)), 2.0)

    def _on_Took(self, event: se.Took) -> None:
        if event.seat in self.passing_on:   # a key's take: its pass follows, as a press
            self.passing_on.discard(event.seat)
            self.follow_due.add(event.seat)
            self.inbox.append(Press(self.app.ticks(), event.seat, FOLLOW))
        if event.seat == self.viewer:
            if event.seat != self.mouse_seat or not self.chosen:
                self.pick = self._default_pick(self.seat_view(self.viewer).hand)
            start = self.stock_at() if event.from_stock else self.queue_at(self.viewer)
            self._fly(start, self.hand_spots(sr.HAND + 1)[-1], event.card, 0.18)

    def _on_Passed(self, event: se.Passed) -> None:
        start = self.places[event.seat] if event.seat != self.viewer else self.hand_spots(sr.HAND)[-1]
        end = self.queue_at(event.to) if event.to is not None else self.discard_at()
        self._fly(start, end, None, PASS_TIME)
        self.pick = min(self.pick, sr.HAND - 1)

    def _on_Recycled(self, event: se.Recycled) -> None:
        self._banner(self.to_player(T("The stock ran out: {count} discards shuffled into a new stock",
                                      count=event.cards)), 1.8)

    def _on_Grabbed(self, event: se.Grabbed) -> None:
        free = [s for s in self.spoons if s.owner is None]
        if free:
            spoon = free[0]
            spoon.owner = event.seat
            self.anim.tween(spoon, "pos", self._holder(event.seat), SPOON_TIME, ease_out_cubic)
        if event.first:
            self._sound_alarm(event.seat)
            who = Who(event.seat)
            if self.pig:    # (whose nose: the words differ for "you")
                nose = T("You touch your nose!") if self._name(event.seat) == "You" else \
                    T("{seat} touches their nose!", seat=who)
                self._banner(self.to_player(nose), ALARM_TIME)
            else:
                self._banner(self.to_player(T("{seat} grabs a spoon! Grab!", seat=who)), ALARM_TIME)

    def _sound_alarm(self, seat: int) -> None:
        """The first grab, unmissable for every human still without a spoon: the alarm
        sound (event_sounds: a first Grabbed), the red edge and the shaking spoons."""
        if any(human != seat for human in self.players(self.session)):
            self.alarm = ALARM_TIME

    def _on_FalseGrab(self, event: se.FalseGrab) -> None:
        self.flash[event.seat] = 0.8

    def _on_RoundLost(self, event: se.RoundLost) -> None:
        self.flash[event.seat] = 1.2
        word = "-".join(event.word[:event.letters])
        if event.false_grab:
            why = T("false nose") if self.pig else T("false grab")
        else:
            why = T("last to the nose") if self.pig else T("left without a spoon")
        self._banner(self.to_player(T("{seat}: {why} · {letters}", seat=Who(event.seat), why=why, letters=word)),
                     BANNER_TIME)

    def _on_Eliminated(self, event: se.Eliminated) -> None:
        self._banner(self.to_player(T("{seat} is out, with {word} spelled", seat=Who(event.seat), word=event.word)),
                     BANNER_TIME)

    def _on_GameWon(self, event: se.GameWon) -> None:
        self._banner(self.to_player(T("{seat} wins!", seat=Who(event.seat))), 4.0)

    def _fly(self, start: tuple[float, float], end: tuple[float, float], card: Any, seconds: float) -> None:
        if len(self.flying) >= MAX_FLYING:
            return
        width = self.card_w if card is not None else self.small_w
        sprite = CardSprite(card, *start, face_up=card is not None, width=width)
        self.flying.append(sprite)
        self.anim.tween(sprite, "pos", end, seconds, ease_out_cubic, on_done=lambda: self._land(sprite))

    def _land(self, sprite: CardSprite) -> None:
        if sprite in self.flying:
            self.flying.remove(sprite)

    def tick_effects(self, dt: float) -> None:
        self.banner = (self.banner[0], max(0.0, self.banner[1] - dt))
        view: sr.SpoonsView = self.view
        calm = not view.grabbed or view.between or all(
            seat in view.grabbed or view.out[seat] for seat in self.players(self.session))
        self.alarm = 0.0 if calm else max(0.0, self.alarm - dt)
        self.flash = {s: t - dt for s, t in self.flash.items() if t > dt}

    # drawing ------------------------------------------------------------------------------

    def draw_table(self, surface: pygame.Surface) -> None:
        surface.blit(felt(self.size), (0, 0))
        view: sr.SpoonsView = self.view
        self._draw_centre(surface, view)
        for seat in range(view.seats):
            if seat != self.viewer:
                self._draw_seat(surface, view, seat)
        self._draw_own(surface, view)
        for spoon in self.spoons:
            self._draw_spoon(surface, spoon)
        for sprite in self.flying:
            self.drawer.draw(surface, sprite, shadow=False)
        if self.alarm > 0:
            self._draw_alarm_edge(surface)
        self._draw_banner(surface)

    def _draw_alarm_edge(self, surface: pygame.Surface) -> None:
        """A red frame round the window, pulsing, while the scramble for spoons is on."""
        pulse = 0.5 + 0.5 * math.cos((ALARM_TIME - self.alarm) * math.tau * 2.5)
        width = max(4, round((6 + 8 * pulse) * self.s))
        edge = pygame.Surface(self.size, pygame.SRCALPHA)
        pygame.draw.rect(edge, (*theme.DANGER[:3], round(140 + 100 * pulse)), edge.get_rect(), width=width)
        surface.blit(edge, (0, 0))

    def _draw_centre(self, surface: pygame.Surface, view: sr.SpoonsView) -> None:
        size = max(12, int(15 * self.s))
        if view.between:   # every card is back in the pack, being shuffled for the next deal
            self._stack(surface, self.centre, 52, self.card_w * 0.8)
            return
        for (x, y), count, label in ((self.stock_at(), view.stock, "stock"),
                                     (self.discard_at(), view.discard, "discard")):
            self._stack(surface, (x, y), count, self.card_w * 0.8)
            text = render_text(f"{label} {count}", size, theme.INK_DIM)
            surface.blit(text, text.get_rect(midtop=(round(x), round(y + self.card_w * 0.62))))
        if self.pig:
            caption = f"{view.spoons} more to touch their noses" if view.grabbed else "first nose needs four of a kind"
        else:
            caption = f"{counted(view.spoons, 'spoon')} left" if view.grabbed else ""
        if caption and not view.between:
            image = render_text(caption, size, theme.GOLD, bold=True)
            surface.blit(image, image.get_rect(center=(round(self.centre[0]),
                                                       round(self.centre[1] + self.card_w * 1.45))))

    def _stack(self, surface: pygame.Surface, at: tuple[float, float], count: int, width: float) -> None:
        if count <= 0:
            slot = pygame.Rect(0, 0, round(width), round(width * 1.4))
            slot.center = (round(at[0]), round(at[1]))
            pygame.draw.rect(surface, (255, 255, 255), slot, width=1, border_radius=int(width * 0.1))
            return
        for i in range(min(4, (count + 3) // 4)):
            back = CardSprite(None, at[0] - i * 1.5, at[1] - i * 2.0, face_up=False, width=width)
            self.drawer.draw(surface, back, shadow=i == 0)

    def _badge(self, surface: pygame.Surface, at: tuple[float, float], count: int, seat: int) -> None:
        badge = render_text(str(count), max(11, int(14 * self.s)), theme.INK, bold=True)
        rect = badge.get_rect(center=(round(at[0]), round(at[1]))).inflate(10, 4)
        pygame.draw.rect(surface, seat_colour(seat), rect, border_radius=rect.height // 2)
        blit_centered(surface, badge, rect.center)

    def _draw_seat(self, surface: pygame.Surface, view: sr.SpoonsView, seat: int) -> None:
        x, y = self.places[seat]
        out = view.out[seat]
        if not out:
            # Everyone at the keyboard shares one screen: a human seat's hand shows at its seat.
            shown = self.seat_view(seat).hand if self.session.is_human(seat) else ()
            n = view.hand_sizes[seat]
            step = self.small_w * (0.7 if shown else 0.38)
            marked = seat in self.picks or n > sr.HAND   # (marked ahead of the take, or choosing)
            chosen = self.picks.get(seat, self._default_pick(shown)) if shown and marked else None
            for i in range(n):
                card = shown[i] if shown else None
                back = CardSprite(card, x + (i - (n - 1) / 2) * step, y, face_up=bool(shown), width=self.small_w)
                back.angle = (i - (n - 1) / 2) * -6
                back.lift = self.small_w * 0.3 if i == chosen else 0.0
                self.drawer.draw(surface, back, shadow=i == 0)
            qx, qy = self.queue_at(seat)
            if view.queues[seat]:
                self._stack(surface, (qx, qy), view.queues[seat], self.small_w * 0.8)
                self._badge(surface, (qx + self.small_w * 0.4, qy - self.small_w * 0.55), view.queues[seat], seat)
        self._draw_plate(surface, view, seat, (x, y + self.small_w * 0.8))

    def _draw_own(self, surface: pygame.Surface, view: sr.SpoonsView) -> None:
        seat = self.viewer
        if view.out[seat]:
            self._draw_plate(surface, view, seat, (self.places[seat][0], self.places[seat][1] - self.card_w * 0.3))
            return
        # A spectator's view holds no hand: the bottom seat's cards are drawn as backs.
        cards: tuple[Card | None, ...] = view.hand if view.seat is not None else (None,) * view.hand_sizes[seat]
        spots = self.hand_spots(len(cards))
        choosing = (len(cards) > sr.HAND or self.chosen) and seat == self.mouse_seat
        for i, (card, (x, y)) in enumerate(zip(cards, spots)):
            sprite = CardSprite(card, x, y, face_up=card is not None and not self._nosed(view, seat),
                                width=self.card_w)
            sprite.lift = self.card_w * 0.18 if choosing and i == self.pick else 0.0
            self.drawer.draw(surface, sprite)
            if seat == self.mouse_seat and self.session.is_human(seat):
                num = render_text(str(i + 1), max(11, int(14 * self.s)), theme.INK_DIM)
                # (kept on the window: a larger text size would push it past the bottom)
                surface.blit(num, num.get_rect(midtop=(round(x), round(y + self.card_w * 0.74))).clamp(surface.get_rect()))
        source = self.stock_at() if seat == view.dealer else self.queue_at(seat)
        if seat != view.dealer:
            self._stack(surface, source, view.queues[seat], self.card_w * 0.8)
            if view.queues[seat]:
                self._badge(surface, (source[0] + self.card_w * 0.38, source[1] - self.card_w * 0.55),
                            view.queues[seat], seat)
        self._draw_hint(surface, view, spots)
        self._draw_plate(surface, view, seat, self._own_plate_at(), anchor="midleft")

    def _draw_hint(self, surface: pygame.Surface, view: sr.SpoonsView,
                   spots: list[tuple[float, float]]) -> None:
        """One line above the human's hand saying what their keys do right now."""
        seat = self.viewer
        caps = self.keys.labels(seat)
        if caps is None or view.between or not spots:
            return
        take, grab = caps
        verb = "touch your nose" if self.pig else "grab a spoon"
        if seat in view.grabbed:
            text = "Your finger is on your nose" if self.pig else "You have a spoon"
        elif view.grabbed and not self.pig:
            text = f"A spoon has gone! {grab}: {verb}"
        elif view.grabbed:
            text = f"Someone touched their nose! {grab}: {verb}"
        elif sr.four_of_a_kind(list(view.hand)):
            text = f"Four of a kind! {grab}: {verb}"
        elif len(view.hand) > sr.HAND:
            text = f"1-5 or click to choose · {take}: pass it on"
        else:
            text = f"{take}: take a card and pass one on · 1-4 marks which"
        hot = view.grabbed or sr.four_of_a_kind(list(view.hand))
        image = render_text(text, max(13, int(17 * self.s)), theme.GOLD if hot else theme.INK, bold=bool(hot))
        rect = image.get_rect(midbottom=(round(self.places[seat][0]), round(spots[0][1] - self.card_w * 0.86)))
        panel(surface, rect.inflate(20, 8), radius=rect.height // 2 + 4, edge=None)
        surface.blit(image, rect)

    def _nosed(self, view: sr.SpoonsView, seat: int) -> bool:
        return self.pig and seat in view.grabbed

    def _draw_plate(self, surface: pygame.Surface, view: sr.SpoonsView, seat: int,
                    at: tuple[float, float], anchor: str = "midtop") -> None:
        plan = self.session.setup.seats[seat]
        who = "Human" if plan.human else plan.difficulty.title()
        tag = " · deals" if seat == view.dealer and not view.out[seat] else ""
        detail = "out of the game" if view.out[seat] else ""
        # The plate's second line holds the letters, so a computer player's level goes by the name.
        who_plays = " · ".join(filter(None, (self._plate_name(seat, who), self.seat_label(seat))))
        title, size = f"{who_plays}{tag}", max(12, int(16 * self.s))
        plate = nameplate(title, detail or " ", size, active=seat in view.grabbed, out=view.out[seat])
        wanted = self._letters_width(view) + 16   # a short name ("You") still holds the word
        if plate.get_width() < wanted and not detail:
            inner = wanted - (plate.get_width() - max(1, font(size, bold=True).size(title)[0]))
            pad = " " * (inner // max(1, font(max(11, int(size * 0.72))).size(" ")[0]) + 1)
            plate = nameplate(title, pad, size, active=seat in view.grabbed, out=view.out[seat])
        rect = plate.get_rect(**{anchor: (round(at[0]), round(at[1]))})
        rect.clamp_ip(pygame.Rect(0, 0, *self.size))
        if seat in self.flash:
            pygame.draw.rect(surface, theme.DANGER, rect.inflate(8, 8), border_radius=rect.height // 3)
        surface.blit(plate, rect)
        if not view.out[seat]:   # (out, the plate's second line says so where the word would go)
            self._draw_letters(surface, view, seat, (rect.centerx, rect.bottom - max(6, int(8 * self.s))))
        if self._nosed(view, seat):
            self._draw_nose(surface, (rect.right - 4, rect.top + 4))
        caps = self.keycaps(seat, max(11, int(13 * self.s)))
        self.plate_boxes[seat] = (rect, None)
        if caps is not None:
            crect = caps.get_rect(midtop=(rect.centerx, rect.bottom + 4))
            if seat == self.viewer:   # above the plate, never leaning over the hand on its left
                crect.bottomleft = (rect.left, rect.top - 4)
            elif crect.bottom > self.size[1] - 2:
                crect.midbottom = (rect.centerx, rect.top - 4)
            crect.clamp_ip(pygame.Rect(2, 0, self.size[0] - 4, self.size[1]))
            surface.blit(caps, crect)
            self.plate_boxes[seat] = (rect, crect)

    def _letters_width(self, view: sr.SpoonsView) -> int:
        size = max(10, int(13 * self.s))
        parts = [render_text(ch, size, theme.INK, bold=True) for ch in view.word]
        return sum(p.get_width() for p in parts) + max(3, size // 3) * (len(parts) - 1)

    def _draw_letters(self, surface: pygame.Surface, view: sr.SpoonsView, seat: int,
                      centre: tuple[int, int]) -> None:
        """The word under the name: earned letters in red, the rest as faint outlines."""
        size = max(10, int(13 * self.s))
        word = view.word
        parts = [render_text(ch, size, theme.DANGER if i < view.letters[seat] else theme.EDGE, bold=True)
                 for i, ch in enumerate(word)]
        gap = max(3, size // 3)
        width = sum(p.get_width() for p in parts) + gap * (len(parts) - 1)
        x = centre[0] - width // 2
        for part in parts:
            surface.blit(part, part.get_rect(midleft=(x, centre[1])))
            x += part.get_width() + gap

    def _draw_nose(self, surface: pygame.Surface, at: tuple[int, int]) -> None:
        r = max(6, int(9 * self.s))
        pygame.draw.circle(surface, (238, 170, 150), at, r)
        pygame.draw.circle(surface, (150, 80, 70), (at[0] - r // 3, at[1] + r // 3), max(1, r // 4))
        pygame.draw.circle(surface, (150, 80, 70), (at[0] + r // 3, at[1] + r // 3), max(1, r // 4))

    def _draw_spoon(self, surface: pygame.Surface, spoon: Spoon) -> None:
        if self.pig:
            return
        length = max(28, round(self.card_w * 1.05))
        angle = round(spoon.angle / 10) * 10 if spoon.owner is None else 30
        key = (length, angle)
        image = self._spoon_images.get(key)
        if image is None:
            image = self._spoon_images[key] = pygame.transform.rotate(_spoon(length), angle)
        shake = 0.0
        if self.alarm > 0 and spoon.owner is None:   # the spoons left rattle: grab one!
            shake = math.sin(self.alarm * 40 + spoon.x) * 4 * self.s
        blit_centered(surface, image, (spoon.x + shake, spoon.y))

    def _draw_banner(self, surface: pygame.Surface) -> None:
        text, left = self.banner
        if left <= 0 or not text:
            return
        alarm = self.alarm > 0
        size = int((30 if alarm else 21) * self.s)
        image = render_text(text, max(18 if alarm else 14, size), theme.GOLD if alarm else theme.INK, bold=True)
        rect = image.get_rect(center=(round(self.centre[0]), round(self.centre[1] - self.card_w * 1.25)))
        panel(surface, rect.inflate(28, 14), radius=12, edge=theme.DANGER if alarm else theme.PANEL_EDGE)
        surface.blit(faded(image, min(1.0, left / 0.3)), rect)

    def focus_point(self) -> tuple[int, int]:
        return (round(self.centre[0]), round(self.centre[1]))


def _spoon(length: int) -> pygame.Surface:
    """A silver spoon drawn upright: an oval bowl and a tapering handle."""
    w = max(10, int(length * 0.4))
    image = pygame.Surface((w, length), pygame.SRCALPHA)
    bowl = pygame.Rect(0, 0, w, int(length * 0.38))
    pygame.draw.ellipse(image, (120, 124, 132), bowl.move(1, 1))
    pygame.draw.ellipse(image, (214, 218, 226), bowl)
    pygame.draw.ellipse(image, (245, 247, 250), bowl.inflate(-w // 2, -bowl.height // 2).move(-w // 8, -bowl.height // 8))
    handle = [(w // 2 - max(1, w // 10), bowl.bottom - 2), (w // 2 + max(1, w // 10), bowl.bottom - 2),
              (w // 2 + max(2, w // 6), length - 2), (w // 2 - max(2, w // 6), length - 2)]
    pygame.draw.polygon(image, (200, 204, 212), handle)
    pygame.draw.lines(image, (120, 124, 132), False, handle[1:3], 1)
    return image


Table = SpoonsTable


class Replay(RealtimeReplayControls, SpoonsTable):
    """Spoons (and Pig) watched from a recording."""
