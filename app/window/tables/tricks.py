"""The trick table every trick game shares (Whist, Euchre, and Nap and Nash Whist next):
seats round the cloth for 3-7 players, the viewer's hand fanned at the bottom sorted with
trumps together, cards flying to the middle, the finished trick pausing and then sweeping
to its winner's pile (stacked crosswise so tricks can be counted), the trump suit and the
scores on a score card, the last trick on review (hold Tab or click a pile), speech bubbles
for calls, and a summary between hands.

It reads the shared trick events (games.core.trick_events) and the view fields the trick
games have in common; a game's table adds its own events (``_on_<EventName>``) and, for
bidding, a panel drawn by ``draw_overlay`` with input taken in ``on_choice_input``.
"""

from __future__ import annotations

import math
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from app.window.render.table import CardSprite, SpriteDrawer, fan_positions, felt, nameplate, seat_positions
from app.window.render.text import render_text
from app.window.scenes.table import TableScene
from app.window.tables.hand_input import HandInput
from app.window.tables import trick_parts as parts
from app.window.ui import theme
from app.core.words.card_words import card_name
from app.core.words.spoken_words import playable_line
from app.window.ui.widgets import blit_centered, faded, shade_layer
from games.core.cards import Card, Suit
from games.core.protocol import Event
from games.core.trick_events import (
    CardPlayed, CardTurned, GameOver, HandDealt, HandScored, NewDeal, TrickTaken, TrumpSet,
    side_words,
)
from games.core.tricks import Trick, TrumpRules

if TYPE_CHECKING:
    from app.core.table_session import TableSession
    from app.window.scenes.base import AppServices

TRICK_PAUSE = 0.85     # seconds a finished trick stays before it is swept away
SUMMARY_TIME = 3.2
SUMMARY_WAITS = True   # a player at the table goes on from the hand's summary when ready
BUBBLE_TIME = 1.8
PILE_SHOWN = 7         # crossed cards drawn per pile at most (the count is written beside it)


class TrickTable(HandInput, TableScene):
    """A table for partnership trick games (partners opposite, two sides)."""

    name = "tricks"
    bowers = False
    hand_cards = 13   # the most cards a hand holds: a short hand gets larger cards, spread wider

    def __init__(self, app: AppServices, session: TableSession) -> None:
        self.hands: list[list[CardSprite]] = []
        self.trick: list[tuple[int, CardSprite]] = []
        self.flying: list[CardSprite] = []
        self.piles: list[int] = []
        self.won: list[int] = []
        self.scores: list[int] = [0, 0]
        self.trump: Suit | None = None
        self.dealer = 0
        self.maker: int | None = None
        self.sitting_out: frozenset[int] = frozenset()
        self.turned: CardSprite | None = None
        self.last_trick: Trick | None = None
        self.review_time = 0.0
        self.review_key = False
        self.bubbles: dict[int, tuple[str, float]] = {}
        self.summary: tuple[list[str], float] = ([], 0.0)
        self.selected = 0
        self.hover: CardSprite | None = None
        self.drag: CardSprite | None = None
        self.drag_from: tuple[float, float] = (0, 0)
        self.press_at: tuple[int, int] | None = None
        self._plates: dict[tuple[str, str, bool, bool, float], pygame.Surface] = {}  # (name, detail, turn, out, scale)
        self.plate_rects: dict[int, pygame.Rect] = {}  # where each name plate was last drawn
        self.banner_box = pygame.Rect(0, 0, 0, 0)  # and the last banner
        self._seen: tuple[object, tuple[int, int, bool], Any] | None = None  # see ``view_now``
        super().__init__(app, session)
        self.drawer = SpriteDrawer(app.cards, app.settings.card_back)

    # layout ------------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        self.s = theme.scale_for(size)
        base = max(50, min(120, w * 0.07, h * 0.12))
        self.own_width = min(120, base * 1.25) if self.short_hand else base
        self.other_width = max(30, self.own_width * 0.5)
        self.trick_width = max(44, self.own_width * 0.82)
        self.centre = (w * 0.5, h * 0.43)
        seats = self.session.state.seats
        self.places = seat_positions(seats, self.viewer, self.centre, (w * 0.39, h * 0.31))
        self.places[self.viewer] = (w * 0.5, h - self.own_width * 0.78 - 6)
        self._plates.clear()

    def direction(self, seat: int) -> tuple[float, float]:
        """A unit vector from the middle of the table towards ``seat``."""
        k = (seat - self.viewer) % self.session.state.seats
        angle = math.pi / 2 + k * 2 * math.pi / self.session.state.seats
        return (math.cos(angle), math.sin(angle))

    def hand_spot(self, seat: int) -> tuple[float, float]:
        x, y = self.places[seat]
        if seat == self.viewer:
            return (x, y)
        return (x, y - self.other_width * 0.45)

    def plate_spot(self, seat: int) -> tuple[float, float]:
        x, y = self.places[seat]
        return (x, y + self.other_width * 0.62)

    def trick_spot(self, seat: int) -> tuple[float, float]:
        dx, dy = self.direction(seat)
        w = self.trick_width
        return (self.centre[0] + dx * w * 1.1, self.centre[1] + dy * w * 1.4 * 0.6)

    def pile_spot(self, seat: int) -> tuple[float, float]:
        """Tricks won lie beside the winner's hand: to the right of a hand across the top
        or bottom, under the name plate of a hand at the side."""
        if seat == self.viewer:
            return self._own_pile_spot()
        dx, dy = self.direction(seat)
        px, py = self.places[seat]
        w = self.other_width
        if abs(dy) >= abs(dx):
            return (px + w * 3.4, py - w * 0.2)
        return (px - dx * w * 0.8, py + w * 2.3)

    def _own_pile_spot(self) -> tuple[float, float]:
        """The viewer's tricks lie left of the hand, where the hint line above the hand
        cannot run through them, and above the viewer's name plate when they would touch it."""
        spots = self.own_spots(self.hand_cards, (self.size[0] / 2, 0))
        x = spots[0][0] - self.own_width / 2 - self.other_width * 1.3   # left of the whole hand
        y = self.size[1] - self.own_width * 0.95
        plate = self.plate_rects.get(self.viewer)
        if plate is not None and x - self.other_width * 0.8 < plate.right:
            y = min(y, plate.top - self.other_width * 0.8 - 6)
        return (x, y)

    def stub_spot(self) -> tuple[float, float]:
        """Where the turned card lies: beside the dealer, towards the middle."""
        x, y = self.places[self.dealer]
        dx, dy = self.direction(self.dealer)
        if self.dealer == self.viewer:
            return (self.centre[0] + self.trick_width * 3.0, self.size[1] - self.own_width * 2.15)
        return (x - dx * self.trick_width * 1.9 - dy * self.trick_width * 1.3,
                y - dy * self.trick_width * 1.75 + dx * self.trick_width * 0.6)

    def targets(self) -> None:
        """Send every sprite to its place (cards slide, never jump)."""
        for seat, hand in enumerate(self.hands):
            own = seat == self.viewer
            width = self.own_width if own else self.other_width
            if own:
                spots = self.own_spots(len(hand), self.hand_spot(seat))
            else:
                spots = fan_positions(len(hand), self.hand_spot(seat), width, width * 2.6)
            for sprite, spot in zip(hand, spots):
                if sprite is self.drag:
                    continue
                sprite.width = width
                # (A card still to turn up keeps its tag until it lands, as the next seat's
                # deal sends every card on again with a fresh tween.)
                turn_up = partial(_turn_up, sprite) if sprite.tags.get("reveal") else None
                self.anim.tween(sprite, "pos", spot, 0.3, delay=sprite.tags.pop("delay", 0.0), on_done=turn_up)
        for seat, sprite in self.trick:
            sprite.width = self.trick_width
            self.anim.tween(sprite, "pos", self.trick_spot(seat), 0.28)
        if self.turned is not None:
            self.turned.width = self.trick_width * 0.85
            self.anim.tween(self.turned, "pos", self.stub_spot(), 0.3)

    def own_span(self) -> float:
        """How wide the viewer's hand may fan out."""
        return self.size[0] * 0.62

    @property
    def short_hand(self) -> bool:
        """Five or six cards (Euchre, Nap): room enough to show them large and nearly whole."""
        return self.hand_cards <= 6

    def history_bottom(self, column: pygame.Rect) -> int:
        """The history panel stops above the first hand in its column (Whist's history
        covered West's hand). The turned trump may go under it for the moment it is open:
        the trumps are also in the score panel."""
        sprites = [sprite for hand in self.hands for sprite in hand]
        below = [rect.top for rect in (sprite.rect() for sprite in sprites)
                 if rect.colliderect(column) and rect.top > column.top]
        return min([super().history_bottom(column), *(top - 8 for top in below)])

    def own_spots(self, count: int, centre: tuple[float, float]) -> list[tuple[float, float]]:
        """Centres for the viewer's ``count`` cards: a fan, or for a short hand a row that
        shows nearly all of each card when the room allows."""
        width = self.own_width
        spots = fan_positions(count, centre, width, self.own_span(), arc=width * 0.1)
        if not self.short_hand or count < 2:
            return spots
        step = min(width * 0.92, (self.own_span() - width) / (count - 1))
        left = centre[0] - step * (count - 1) / 2
        return [(left + i * step, y) for i, (_, y) in enumerate(spots)]

    def relayout_now(self) -> None:
        self.targets()
        self.anim.finish_all()

    def view_now(self) -> Any:
        """``current_view()``, made once per position: a frame asks for it several times
        (whose call it is, the panel, the hint) and a view costs up to a tenth of a
        millisecond. A position is the session's state object (a remote game's changes
        with every message) and the actions applied to it, seen by this viewer."""
        state = self.session.state
        key = (len(self.session.actions), self.viewer, self.spectator)
        seen = self._seen
        if seen is None or seen[0] is not state or seen[1] != key:
            seen = self._seen = (state, key, self.current_view())
        return seen[2]

    # picture from a view -------------------------------------------------------------------

    def sync(self, view: Any) -> None:
        self.layout(self.size)
        self.trump, self.dealer, self.maker = view.trump, view.dealer, view.maker
        self.sitting_out = view.sitting_out
        self.won, self.piles = list(view.won), list(view.won)
        self.scores = list(view.scores)
        self.last_trick = view.last_trick
        self.flying = []
        turned = view.turned
        if turned and self._dealer_holds_turned() and view.dealer == view.seat:
            turned = None  # it is in my own hand, face up already
        self.turned = CardSprite(turned, *self.stub_spot(), face_up=True) if turned else None
        self.hands = []
        for seat in range(view.seats):
            if seat == view.seat:
                sprites = [CardSprite(c, *self.hand_spot(seat), face_up=True) for c in view.hand]
            else:
                count = view.hand_sizes[seat] - (1 if turned and seat == view.dealer and self._dealer_holds_turned() else 0)
                sprites = [CardSprite(None, *self.hand_spot(seat)) for _ in range(count)]
            self.hands.append(sprites)
        self.trick = [(seat, CardSprite(card, *self.trick_spot(seat), face_up=True)) for seat, card in view.trick]
        self._sort_own()
        self.relayout_now()

    def _dealer_holds_turned(self) -> bool:
        """Whether the face-up card is part of the dealer's hand (Whist) or lies on the stub
        (Euchre): games say so by overriding."""
        return False

    def rules(self) -> TrumpRules:
        return TrumpRules(self.trump, self.bowers)

    def _sort_own(self) -> None:
        if self.viewer < len(self.hands):
            hand = self.hands[self.viewer]
            if all(s.card is not None for s in hand):
                rules = self.rules()
                hand.sort(key=lambda s: rules.sort_key(s.known))

    # events -> animation -----------------------------------------------------------------

    def _on_NewDeal(self, event: NewDeal) -> float:
        self.dealer = event.dealer
        gather = self.places[event.dealer]
        leftovers = [s for hand in self.hands for s in hand] + [s for _, s in self.trick]
        if self.turned is not None:
            leftovers.append(self.turned)
        for sprite in leftovers:
            sprite.face_up = False
            self.flying.append(sprite)
            self.anim.tween(sprite, "pos", gather, 0.35, on_done=lambda sp=sprite: self._land(sp))
        self.hands = [[] for _ in self.hands]
        self.trick, self.turned = [], None
        self.piles = [0] * len(self.piles)
        self.won = [0] * len(self.won)
        self.trump, self.maker, self.sitting_out, self.last_trick = None, None, frozenset(), None
        line = f"Hand {event.number} · {self._name(event.dealer)} deal{'s' if self._name(event.dealer) != 'You' else ''}"
        partner = self._partner()
        # (the deal itself was said with the event: only the partner is news to a listener)
        if event.number == 1 and partner is not None:   # who is on your side, said once at the start
            self._banner(f"{line} · {self.people[partner]} is your partner", 2.4,
                         said=f"{self.people[partner]} is your partner")
        else:
            self._banner(line, 1.3, said="")
        return 0.45

    def _partner(self) -> int | None:
        """The one human's partner in a partnership game (the seat across), else None."""
        if self.side_count() == 2 and len(self.hands) == 4 and not self.spectator and self._single_human():
            return (self.viewer + 2) % 4
        return None

    def _land(self, sprite: CardSprite) -> None:
        if sprite in self.flying:
            self.flying.remove(sprite)

    def _on_HandDealt(self, event: HandDealt) -> float:
        start = self.places[self.dealer]
        for i, card in enumerate(event.cards):
            # Your own cards fly in face down and turn up as each lands: a card every two
            # frames or so, where all thirteen faces painted at once took one frame 5-8 ms.
            own = card is not None and event.seat == self.viewer and not self.spectator
            sprite = CardSprite(card, *start, face_up=card is not None and not own, width=self.other_width)
            sprite.tags["delay"] = i * 0.035
            sprite.tags["reveal"] = own
            self.hands[event.seat].append(sprite)
        self._sort_own()
        self.targets()
        return 0.16

    def _on_CardTurned(self, event: CardTurned) -> float:
        """The turned card leaves the dealer's hand picture and lies face up beside it."""
        if self._dealer_holds_turned() and event.seat == self.viewer:
            self.bubbles[event.seat] = (f"Trump card: {card_name(event.card)}", BUBBLE_TIME * 1.5)
            return 0.55
        if self._dealer_holds_turned():
            hand = self.hands[event.seat]
            sprite = hand.pop() if hand else CardSprite(None, *self.stub_spot())
        else:
            sprite = CardSprite(None, *self.places[event.seat], width=self.other_width)
        sprite.card, sprite.face_up = event.card, True
        self.turned = sprite
        self.targets()
        return 0.55

    def _on_TrumpSet(self, event: TrumpSet) -> float:
        self.trump, self.maker = event.suit, event.maker
        self._sort_own()
        self.targets()
        return 0.3

    def _on_CardPlayed(self, event: CardPlayed) -> float:
        sprite = self._take(event.seat, event.card)
        sprite.card, sprite.face_up, sprite.lift = event.card, True, 0
        sprite.dim = sprite.marked = False
        sprite.angle = ((hash(str(event.card)) % 11) - 5) * 0.8
        self.trick.append((event.seat, sprite))
        self.hover = None
        self.targets()
        return 0.32

    def _take(self, seat: int, card: Card | None) -> CardSprite:
        """The sprite for ``card`` leaving ``seat``'s hand (a face-down one for others)."""
        if self.turned is not None and self._dealer_holds_turned() and seat == self.dealer:
            turned, self.turned = self.turned, None
            if turned.card == card:
                return turned
            turned.face_up = False  # the dealer takes the turned card into hand
            self.hands[seat].insert(len(self.hands[seat]) // 2, turned)
        hand = self.hands[seat]
        for sprite in hand:
            if sprite.card == card:
                hand.remove(sprite)
                return sprite
        if hand:
            return hand.pop(len(hand) // 2)
        return CardSprite(card, *self.places[seat], face_up=True)

    def _on_TrickTaken(self, event: TrickTaken) -> float:
        winner = event.trick.winner
        target = self.pile_spot(winner)
        delay = TRICK_PAUSE
        for seat, sprite in self.trick:
            sprite.marked = seat == winner  # ring the winning card while the trick rests
            self.flying.append(sprite)
            self.anim.tween(sprite, "pos", target, 0.38, delay=delay,
                            on_done=lambda sp=sprite: self._land(sp))
        self.anim.tween(self, "_pile_tick", 1.0, 0.01, delay=delay + 0.38,
                        on_done=lambda w=winner, n=event.won[winner]: self._pile_arrived(w, n))
        self.trick = []
        self.won = list(event.won)
        self.last_trick = event.trick
        return delay + 0.2

    _pile_tick = 0.0  # a dummy attribute tweened to call back when the sweep lands

    def _pile_arrived(self, seat: int, count: int) -> None:
        self._pile_tick = 0.0
        if seat < len(self.piles):
            self.piles[seat] = count

    def _on_HandScored(self, event: HandScored) -> float:
        self.anim.finish_all()
        self.scores = list(event.scores)
        order = self._sides_in_order()
        tricks = " · ".join(f"{self._side(s)} {event.tricks[s]} tricks, +{event.points[s]}" for s in order)
        score = " · ".join(f"{self._side(s)} {event.scores[s]}" for s in order)
        lines = [self.to_player(event.message()), tricks, f"Score: {score} (first to {self.session.options.target})"]
        return self.show_summary(lines, SUMMARY_TIME)

    def show_summary(self, lines: list[str], seconds: float) -> float:
        """Put up the between-hands panel; returns the hold. The panel says "Space or click
        to go on", so with a player at the table it waits for them (it went after a few
        seconds, before it could be read); watched (a replay, computers only) or at instant
        speed, it stays ``seconds``."""
        waits = (SUMMARY_WAITS and bool(self.session.humans) and not self.watching
                 and not self.game_pace.instant)
        hold = math.inf if waits else seconds
        self.summary = (lines, hold)
        return hold

    def side_of(self, seat: int) -> int:
        """The scoring side of a seat: partners opposite share one (seat % 2) at four; a game
        where everyone scores alone overrides this to return the seat itself."""
        return seat % 2

    def side_count(self) -> int:
        return 2

    def _sides_in_order(self) -> list[int]:
        """The viewer's side first, then the others."""
        mine = self.side_of(self.viewer)
        return [mine] + [s for s in range(self.side_count()) if s != mine]

    def _on_GameOver(self, event: GameOver) -> float:
        mine = self.side_of(self.viewer) == event.side and not self.spectator
        self._banner("You win the game!" if mine and self._single_human() else
                     f"{self._side(event.side)} win the game", 3.0)
        return 0.6

    def _single_human(self) -> bool:
        return len(self.session.humans) == 1

    def _side(self, side: int) -> str:
        if self.side_count() != 2:
            return self._name(side)
        if not self.spectator and self._single_human():
            return "Us" if side == self.side_of(self.viewer) else "Them"
        return self.to_player(side_words(side))   # the partners' names, not "P1 & P3"

    # the frame ---------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        super().update(dt)
        self.bubbles = {k: (t, left - dt) for k, (t, left) in self.bubbles.items() if left - dt > 0}
        text, left = self.banner
        self.banner = (text, max(0.0, left - dt))
        lines, left = self.summary
        self.summary = (lines, max(0.0, left - self.game_pace.elapsed(dt)) if self.hold > 0 else 0.0)
        self.review_time = max(0.0, self.review_time - dt)
        self._mark_hand()

    def _mark_hand(self) -> None:
        """Raise and ring the cards the human may play; dim the rest."""
        if self.viewer >= len(self.hands):
            return
        hand = self.hands[self.viewer]
        playable = self.playable_cards()
        self.selected = min(self.selected, max(0, len(hand) - 1))
        if playable and hand and hand[self.selected].card not in playable:
            self.selected = self._next_playable(1, playable)  # Enter plays the ringed card, never a dimmed one
        active = bool(playable)
        for i, sprite in enumerate(hand):
            ok = sprite.card in playable
            sprite.dim = active and not ok
            sprite.marked = ok and (i == self.selected or sprite is self.hover)
            raise_to = 0.0
            if ok:
                raise_to = self.own_width * (0.24 if (sprite is self.hover or i == self.selected) else 0.12)
            if sprite is not self.drag:
                sprite.lift += (raise_to - sprite.lift) * 0.35

    def playable_cards(self) -> set[Card]:
        """Cards the human may pick now (to play, or for Euchre's dealer to discard)."""
        if not self.human_turn or self.choosing_call():
            return set()
        return {a.card for a in self.session.state.legal_actions(self.viewer) if hasattr(a, "card")}

    def cursor_card(self) -> Card | None:
        hand = self.hands[self.viewer] if self.viewer < len(self.hands) else []
        return hand[self.selected].card if hand and self.playable_cards() else None

    def spoken_turn(self) -> str:
        hand = self.hands[self.viewer] if self.viewer < len(self.hands) else []
        playable = self.playable_cards()
        return playable_line([s.card for s in hand if s.card in playable]) if playable else super().spoken_turn()

    def spoken_scores(self) -> list[tuple[str, int]]:
        scores = getattr(self.current_view(), "scores", None)
        if scores is None:
            return []
        return [(self._side(side), scores[side]) for side in self._sides_in_order() if side < len(scores)]

    def choosing_call(self) -> bool:
        """True while the human must make a call rather than pick a card (bidding games)."""
        return False

    # input -------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if self._review_input(event) or self._skip_input(event):
            return
        super().handle_event(event)

    def _review_input(self, event: pygame.event.Event) -> bool:
        """Hold Tab to see the last trick; a click on a trick pile shows it for a moment."""
        if event.type in (pygame.KEYDOWN, pygame.KEYUP) and event.key == pygame.K_TAB and not self.choosing_call():
            self.review_key = event.type == pygame.KEYDOWN
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.last_trick is not None:
            for seat, count in enumerate(self.piles):
                if count and self._pile_rect(seat).collidepoint(event.pos):
                    self.review_time = 2.5
                    return True
        return False

    def _skip_input(self, event: pygame.event.Event) -> bool:
        """Space, Enter or a click ends the hand summary early."""
        if self.summary[1] <= 0:
            return False
        pressed = (event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN)) or (
            event.type == pygame.MOUSEBUTTONUP and event.button == 1)
        if pressed:
            self.summary = ([], 0.0)
            self.hold = 0.0
        return pressed

    def on_input_any_time(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self._card_at(event.pos)

    def on_input(self, event: pygame.event.Event) -> None:
        if self.choosing_call():
            self.on_choice_input(event)
            return
        if event.type == pygame.KEYDOWN:
            self._key(event.key)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._press(event.pos)
        elif event.type == pygame.MOUSEMOTION:
            self._motion(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._release(event.pos)

    def on_choice_input(self, event: pygame.event.Event) -> None:
        """Input while a call is wanted (the bidding panel of a game that has one)."""

    def _key(self, key: int) -> None:
        hand = self.hands[self.viewer]
        if not hand:
            return
        playable = self.playable_cards()
        if key in (pygame.K_LEFT, pygame.K_a, pygame.K_RIGHT, pygame.K_d):
            step = -1 if key in (pygame.K_LEFT, pygame.K_a) else 1
            self.selected = self._next_playable(step, playable)
        elif pygame.K_1 <= key <= pygame.K_9 and key - pygame.K_1 < len(hand):
            self.selected = key - pygame.K_1
            self._choose(hand[self.selected])
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_UP):
            self._choose(hand[self.selected])

    def _next_playable(self, step: int, playable: set[Card]) -> int:
        """Arrow keys skip over cards that cannot be played."""
        hand = self.hands[self.viewer]
        index = self.selected
        for _ in range(len(hand)):
            index = (index + step) % len(hand)
            if hand[index].card in playable:
                return index
        return self.selected

    def drop_rect(self) -> pygame.Rect:
        w = self.trick_width
        return pygame.Rect(round(self.centre[0] - w * 2.2), round(self.centre[1] - w * 1.6), round(w * 4.4), round(w * 3.2))

    def _choose(self, sprite: CardSprite) -> None:
        legal = [a for a in self.session.state.legal_actions(self.viewer) if getattr(a, "card", None) == sprite.card]
        if not legal:
            self.say(self.why_not(sprite.card))
            return
        self.act(legal[0])

    def why_not(self, card: Card | None) -> str:
        trick = self.trick
        if trick and trick[0][1].card is not None:
            suit = self.rules().suit_of(trick[0][1].card)
            return f"Follow suit: you must play {suit.title}"
        return "That card can't be played now"

    def _pile_rect(self, seat: int) -> pygame.Rect:
        x, y = self.pile_spot(seat)
        w = self.other_width * 1.5
        return pygame.Rect(round(x - w * 0.75), round(y - w * 0.75), round(w * 1.5), round(w * 1.5))

    # drawing -----------------------------------------------------------------------------

    def draw_table(self, surface: pygame.Surface) -> None:
        surface.blit(felt(self.size), (0, 0))
        for seat in range(len(self.piles)):
            self._draw_pile(surface, seat)
        if self.turned is not None:
            self._draw_turned(surface)
        for seat, hand in enumerate(self.hands):
            if seat != self.viewer:
                for sprite in hand:
                    self.drawer.draw(surface, sprite, shadow=False)
        for seat in range(len(self.hands)):
            self._draw_plate(surface, seat)
        if self.drag:
            pygame.draw.rect(surface, theme.GOLD, self.drop_rect(), width=3, border_radius=14)
        for _, sprite in self.trick:
            self.drawer.draw(surface, sprite)
        for sprite in self.flying:
            self.drawer.draw(surface, sprite, shadow=False)
        for sprite in self.hands[self.viewer] if self.viewer < len(self.hands) else []:
            if sprite is not self.drag:
                self.drawer.draw(surface, sprite)
        if self.drag:
            self.drawer.draw(surface, self.drag)
        self._draw_score(surface)
        self._draw_bubbles(surface)
        if self.review_key or self.review_time > 0:
            self._draw_review(surface)
        self.draw_overlay(surface)
        if self.human_turn and not self.drag:
            self._draw_hint(surface)
        lines, left = self.summary
        if lines and left > 0:
            parts.summary_panel(surface, lines, (self.size[0] // 2, int(self.centre[1])),
                                max(14, int(20 * self.s)), min(1.0, left / 0.3))
        self._draw_banner(surface)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """A game's own panel (Euchre's bidding), drawn over the cloth."""

    def _draw_turned(self, surface: pygame.Surface) -> None:
        assert self.turned is not None
        self.drawer.draw(surface, self.turned)
        if self.turned.face_up:
            label = render_text("trump card" if self._dealer_holds_turned() else "upcard",
                                max(11, int(14 * self.s)), theme.INK_DIM)
            # Beside a dealer at the side, the line under the card would run into the name
            # plate in a small window: it goes above the card there.
            side = self.dealer != self.viewer and abs(self.direction(self.dealer)[1]) < 0.7
            dy = -(self.turned.width * 0.7 + label.get_height() * 0.7) if side else self.turned.width * 0.85
            blit_centered(surface, label, (self.turned.x, self.turned.y - self.turned.lift + dy))

    def _draw_pile(self, surface: pygame.Surface, seat: int) -> None:
        count = self.piles[seat]
        if not count:
            return
        x, y = self.pile_spot(seat)
        for i in range(min(count, PILE_SHOWN)):
            sprite = CardSprite(None, x + i * 1.5, y - i * 2.5, width=self.other_width * 0.9)
            sprite.angle = 90 if i % 2 else 0
            self.drawer.draw(surface, sprite, shadow=i == 0)
        tag = render_text(str(count), max(12, int(16 * self.s)), theme.GOLD, bold=True)
        blit_centered(surface, tag, (x + self.other_width * 1.05, y + self.other_width * 0.55))

    def _draw_plate(self, surface: pygame.Surface, seat: int) -> None:
        plate = self._plate_image(seat)
        rect = self.plate_rects[seat] = self._plate_place(seat, plate)
        surface.blit(plate, rect)

    def plate_rect(self, seat: int) -> pygame.Rect:
        """Where a seat's name plate goes as things stand now (drawn or not yet)."""
        return self._plate_place(seat, self._plate_image(seat))

    def _plate_image(self, seat: int) -> pygame.Surface:
        state = self.session.state
        turn = self.idle and not state.is_over() and seat in state.to_act()
        out = seat in self.sitting_out
        name = self._name(seat)
        if seat == self._partner():
            name += " (partner)"
        key = (name, self.plate_detail(seat), turn, out, self.s)
        plate = self._plates.get(key)
        if plate is None:
            plate = self._plates[key] = nameplate(name, key[1], max(13, int(17 * self.s)), turn, out)
        return plate

    def _plate_place(self, seat: int, plate: pygame.Surface) -> pygame.Rect:
        if seat == self.viewer:
            return plate.get_rect(bottomleft=(12, self.size[1] - 12))
        rect = plate.get_rect(center=self.plate_spot(seat))
        return rect.clamp(pygame.Rect(6, 46 * self.s, self.size[0] - 12, self.size[1]))

    def plate_detail(self, seat: int) -> str:
        """The plate's second line as drawn (a table may shorten it while space is short)."""
        return " · ".join(bit for bit in self.plate_bits(seat) if bit)

    def plate_bits(self, seat: int) -> list[str]:
        """The second line of a seat's name plate: who plays it and its role this hand."""
        bits = ["sits out" if seat in self.sitting_out else self.seat_label(seat)]
        if seat == self.dealer:
            bits.append("dealer")
        if seat == self.maker:
            bits.append("maker")
        return bits

    def _draw_score(self, surface: pygame.Surface) -> None:
        tricks = [0] * self.side_count()
        for seat, count in enumerate(self.won):
            tricks[self.side_of(seat)] += count
        mine = self.side_of(self.viewer)
        lines = tuple((self._side(side), f"{_count(self.scores[side], 'pt')} · {_count(tricks[side], 'trick')}",
                       side == mine and not self.spectator) for side in self._sides_in_order())
        title = f"Trumps · to {self.session.options.target}"
        card = parts.score_card(lines, title, max(12, int(16 * self.s)), self.trump)
        surface.blit(card, card.get_rect(topright=(self.size[0] - 10, int(40 * self.s))))

    def _draw_bubbles(self, surface: pygame.Surface) -> None:
        size = self.bubble_size()
        for seat, (text, left) in self.bubbles.items():
            parts.draw_bubble(surface, text, size, self.bubble_tip(seat), min(1.0, left / 0.3))

    def bubble_size(self) -> int:
        return max(13, int(18 * self.s))

    def bubble_tip(self, seat: int) -> tuple[float, float]:
        """Where a seat's speech bubble points: just above its hand (the viewer's, above the
        hint over the hand while one shows: Euchre's "Take it up" stood on "click a card to
        discard it" at 800x560)."""
        if seat == self.viewer:
            y = self.size[1] - self.own_width * 1.6
            hint = self.hint_rect()
            return (self.size[0] * 0.5, y if hint is None else min(y, hint.top - 2))
        x, y = self.hand_spot(seat)
        return (x, y - self.other_width * 0.75)

    def bubble_zone(self, seat: int, widest: str) -> pygame.Rect:
        """Where ``seat``'s bubbles go, for a call as wide as ``widest``: what a card or
        label laid near the seat must leave clear."""
        tip = self.bubble_tip(seat)
        return parts.bubble(widest, self.bubble_size()).get_rect(midbottom=(round(tip[0]), round(tip[1])))

    def _draw_review(self, surface: pygame.Surface) -> None:
        trick = self.last_trick
        if trick is None:
            return
        surface.blit(shade_layer(self.size, (6, 24, 14, 150)), (0, 0))
        for seat, card in trick.plays:
            sprite = CardSprite(card, *self.trick_spot(seat), face_up=True, width=self.trick_width)
            sprite.marked = seat == trick.winner
            self.drawer.draw(surface, sprite)
        text = f"Last trick: {self._name(trick.winner)} took it"
        label = render_text(text, max(14, int(20 * self.s)), theme.GOLD, bold=True)
        blit_centered(surface, label, (self.centre[0], self.centre[1] - self.trick_width * 1.75))

    def _draw_hint(self, surface: pygame.Surface) -> None:
        rect = self.hint_rect()
        if rect is not None:
            surface.blit(render_text(self.hint_text(), max(12, int(16 * self.s)), theme.GOLD), rect)

    def hint_rect(self) -> pygame.Rect | None:
        """Where the line of help over the player's hand goes, while it shows."""
        text = self.hint_text() if self.human_turn and not self.drag else ""
        if not text:
            return None
        image = render_text(text, max(12, int(16 * self.s)), theme.GOLD)
        hand = self.hands[self.viewer] if self.viewer < len(self.hands) else []
        top = min((s.rect().top for s in hand), default=self.size[1] - 40)
        return image.get_rect(center=(self.size[0] // 2, round(top - image.get_height() * 0.9)))

    def rest_floor(self) -> int:
        hand = self.hands[self.viewer] if self.viewer < len(self.hands) else []
        return min((s.rect().top for s in hand), default=self.size[1])

    def hint_text(self) -> str:
        return "Your turn: click a card or drag it to the middle · ←/→ and Enter · hold Tab for the last trick"

    def _draw_banner(self, surface: pygame.Surface) -> None:
        text, left = self.banner
        if left <= 0 or not text:
            return
        image = render_text(text, max(16, int(26 * self.s)), theme.INK, bold=True)
        rect = self.banner_box = self._banner_rect(image.get_rect().inflate(36, 18))
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, theme.BANNER, layer.get_rect(), border_radius=12)
        pygame.draw.rect(layer, theme.GOLD, layer.get_rect(), width=2, border_radius=12)
        layer.blit(image, image.get_rect(center=(rect.width // 2, rect.height // 2)))
        surface.blit(faded(layer, left / 0.3), rect)

    def _banner_rect(self, rect: pygame.Rect) -> pygame.Rect:
        """High over the cloth, or lower, towards the middle, where a crowded table keeps
        its top seats' name plates up there."""
        plates = [r for seat, r in self.plate_rects.items() if seat != self.viewer]
        for y in (self.size[1] * 0.2, self.size[1] * 0.3, self.centre[1]):
            rect.center = (self.size[0] // 2, int(y))
            if rect.collidelist(plates) < 0:
                return rect
        rect.center = (self.size[0] // 2, int(self.size[1] * 0.2))
        return rect


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _turn_up(sprite: CardSprite) -> None:
    """A dealt card of your own lands: it shows its face."""
    sprite.face_up = True
    sprite.tags.pop("reveal", None)
