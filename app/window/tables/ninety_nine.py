"""The Ninety-Nine table: hands around the cloth, the pile and the stock in the middle, the
running count, tokens, whose turn, and the Ace/Ten choice as a prompt on the table."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pygame

from app.window.scenes.replay_watch import ReplayControls
from app.window.scenes.review import ReviewControls
from app.window.render.table import (
    CardSprite, SpriteDrawer, fan_positions, felt, nameplate, seat_positions, token,
)
from app.window.render.text import render_text
from app.window.scenes import table_chat
from app.window.scenes.table import TableScene
from app.window.tables.hand_input import HandInput
from app.window.tables.value_prompt import ValuePrompt
from app.window.ui import theme
from app.core.words.card_words import card_name
from app.core.words.count_words import count_effect
from app.core.words.render import spoken
from app.core.words.spoken_words import playable_line
from app.window.ui.widgets import banner, blit_centered, faded, panel
from games.core.cards import Card, Rank
from games.core.protocol import Event
from games.core.words import T, Who
from games.ninety_nine import rules as nn



if TYPE_CHECKING:
    from app.core.table_session import TableSession
    from app.window.scenes.base import AppServices

BADGE_TIME = 1.3    # seconds what a card did ("+5") stays by its player's hand

class NinetyNineTable(HandInput, TableScene):
    name = "ninety_nine"

    def __init__(self, app: AppServices, session: TableSession) -> None:
        self.hands: list[list[CardSprite]] = []
        self.pile: list[CardSprite] = []
        self.flying: list[CardSprite] = []
        self.count = 0
        self.direction = 1
        self.dealer = 0
        self.stock = 0
        self.tokens: list[int] = []
        self.badges: dict[int, tuple[str, float]] = {}
        self.selected = 0
        self.hover: CardSprite | None = None
        self.drag: CardSprite | None = None
        self.drag_from: tuple[float, float] = (0, 0)
        self.press_at: tuple[int, int] | None = None
        self.prompt: ValuePrompt | None = None
        self.spin = 0.0
        super().__init__(app, session)
        self.drawer = SpriteDrawer(app.cards, app.settings.card_back)

    # layout ------------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        s = theme.scale_for(size)
        self.s = s
        self.own_width = max(56, min(130, w * 0.085, h * 0.14))
        self.other_width = max(36, self.own_width * 0.55)
        self.pile_width = max(52, self.own_width * 0.9)
        self.centre = (w * 0.5, h * 0.44)
        self.pile_at = (self.centre[0] - self.pile_width * 0.95, self.centre[1])
        self.stock_at = (self.centre[0] + self.pile_width * 1.95, self.centre[1])
        self.count_at = (self.centre[0] + self.pile_width * 0.5, self.centre[1])
        seats = self.session.state.seats
        self.places = seat_positions(seats, self.viewer, (w * 0.5, h * 0.43), (w * 0.40, h * 0.32))
        self.own_hand_at = (w * 0.5, h - self.own_width * 0.92)
        self.places[self.viewer] = (w * 0.5, h - self.own_width * 0.2)
        self.opponent_ys = {seat: self._opponent_ys(x, y)
                            for seat, (x, y) in enumerate(self.places) if seat != self.viewer}

    def _opponent_ys(self, x: float, y: float) -> tuple[float, float]:
        """An opponent's plate centre and hand centre (y): the plate, its row of tokens, then
        the hand, top to bottom without overlapping; a top seat keeps below the Menu button."""
        plate_h = nameplate("You", "Normal", max(13, int(18 * self.s)), False, False).get_height()
        tokens_h = 2 * max(6, int(8 * self.s)) + 8
        top = max(50 * self.s, y - self.other_width * 0.55 - plate_h / 2)
        hand_y = max(y + self.other_width * 0.55, top + plate_h + tokens_h + self.other_width * 0.7)
        return top + plate_h / 2, hand_y

    def hand_spot(self, seat: int) -> tuple[float, float]:
        if seat == self.viewer:
            return self.own_hand_at
        return (self.places[seat][0], self.opponent_ys[seat][1])

    def drop_rect(self) -> pygame.Rect:
        """Where a dragged card may be dropped to play it."""
        w = self.pile_width
        return pygame.Rect(round(self.pile_at[0] - w * 0.95), round(self.pile_at[1] - w), round(w * 1.9), round(w * 2.0))

    def _fan(self, seat: int, count: int) -> tuple[float, list[tuple[float, float]]]:
        """A hand's card width and its cards' places (centres) for ``count`` cards."""
        own = seat == self.viewer
        width = self.own_width if own else self.other_width
        max_span = self.size[0] * 0.5 if own else max(width * 2.2, self.size[0] * 0.12)
        return width, fan_positions(count, self.hand_spot(seat), width, max_span, arc=width * 0.08 if own else 0)

    def hand_box(self, seat: int) -> pygame.Rect:
        """Where a seat's hand lies once in place (the player's own with a card raised); a
        hand of no cards keeps the room of one."""
        hand = self.hands[seat] if seat < len(self.hands) else []
        width, spots = self._fan(seat, max(1, len(hand)))
        raised = self.own_width * 0.22 if seat == self.viewer else 0.0
        rects = [CardSprite(None, x, y, width=width, lift=raised).rect() for x, y in spots]
        return rects[0].unionall(rects[1:]).union(CardSprite(None, *spots[0], width=width).rect())

    def targets(self) -> None:
        """Send every sprite to its place in its zone (cards slide, never jump)."""
        for seat, hand in enumerate(self.hands):
            width, spots = self._fan(seat, len(hand))
            for i, (sprite, spot) in enumerate(zip(hand, spots)):
                if sprite is self.drag:
                    continue
                sprite.width = width
                self.anim.tween(sprite, "pos", spot, 0.28, delay=sprite.tags.pop("delay", 0.0))
        for i, sprite in enumerate(self.pile):
            spot = (self.pile_at[0] + sprite.tags.get("dx", 0) * self.pile_width,
                    self.pile_at[1] + sprite.tags.get("dy", 0) * self.pile_width)
            sprite.width = self.pile_width
            self.anim.tween(sprite, "pos", spot, 0.32)

    def relayout_now(self) -> None:
        self.targets()
        self.anim.finish_all()

    # picture from a view ----------------------------------------------------------------

    def sync(self, view: nn.NinetyNineView) -> None:
        self.layout(self.size)
        self.count, self.direction, self.dealer = view.count, view.direction, view.dealer
        self.stock, self.tokens = view.stock_size, list(view.tokens)
        self.hands = []
        for seat in range(view.seats):
            known = list(view.hand) if (seat == view.seat) else [None] * view.hand_sizes[seat]
            show = seat == view.seat
            self.hands.append([CardSprite(c, *self.hand_spot(seat), face_up=show) for c in known])
        self.pile = [self._pile_sprite(card, i) for i, card in enumerate(view.pile[-8:])]
        self.relayout_now()

    def _pile_sprite(self, card: Card, index: int) -> CardSprite:
        # A little disorder, fixed per card, so the pile looks thrown rather than stacked.
        h = hash((str(card), index))
        sprite = CardSprite(card, *self.pile_at, face_up=True, width=self.pile_width)
        sprite.angle = (h % 25) - 12
        sprite.tags["dx"] = ((h // 25) % 9 - 4) / 40
        sprite.tags["dy"] = ((h // 225) % 9 - 4) / 40
        return sprite

    # events -> animation -----------------------------------------------------------------

    def _on_NewHand(self, event: nn.NewHand) -> float:
        for sprite in [s for hand in self.hands for s in hand] + self.pile:
            sprite.face_up = False
            self.flying.append(sprite)
            self.anim.tween(sprite, "pos", self.stock_at, 0.35, on_done=lambda sp=sprite: self._land(sp))
        self.hands = [[] for _ in self.hands]
        self.pile = []
        self.dealer, self.count, self.direction = event.dealer, 0, 1
        self.stock = 52
        self._banner(self.to_player(T("Hand {number} · {seat} deals", number=event.number, seat=Who(event.dealer))), 1.4)
        return 0.55

    def _land(self, sprite: CardSprite) -> None:
        if sprite in self.flying:
            self.flying.remove(sprite)

    def _on_HandDealt(self, event: nn.HandDealt) -> float:
        for i, card in enumerate(event.cards):
            sprite = CardSprite(card, *self.stock_at, face_up=card is not None)
            sprite.width = self.pile_width
            sprite.tags["delay"] = i * 0.06
            self.hands[event.seat].append(sprite)
            self.stock -= 1
        self._sort_own()
        self.targets()
        return 0.18

    def _on_Played(self, event: nn.Played) -> float:
        hand = self.hands[event.seat]
        sprite = self._take_from_hand(hand, event.card)
        sprite.card, sprite.face_up = event.card, True
        placed = self._pile_sprite(event.card, len(self.pile))
        sprite.angle, sprite.tags = placed.angle, placed.tags
        sprite.lift = 0
        self.pile.append(sprite)
        del self.pile[:-8]
        self.count = event.count
        self.badges[event.seat] = (self._effect_text(event), BADGE_TIME)
        self.targets()
        return 0.5

    def _take_from_hand(self, hand: list[CardSprite], card: Card) -> CardSprite:
        for sprite in hand:
            if sprite.card == card:
                hand.remove(sprite)
                return sprite
        return hand.pop(len(hand) // 2)

    def _effect_text(self, event: nn.Played) -> str:
        rank = event.card.rank
        if rank is Rank.NINE:
            return "to 99!"
        if event.value is not None:
            return f"{event.value:+d}"
        if rank in (Rank.FOUR, Rank.KING):
            return "+0"
        return f"+{nn.new_count(event.card, 0)}"

    def _on_Drew(self, event: nn.Drew) -> float:
        sprite = CardSprite(event.card, *self.stock_at, face_up=event.card is not None, width=self.pile_width)
        self.hands[event.seat].append(sprite)
        self.stock = event.stock
        self._sort_own()
        self.targets()
        return 0.22

    def _on_Skipped(self, event: nn.Skipped) -> float:
        self.badges[event.seat] = ("Skipped", 1.4)
        return 0.45

    def _on_Reversed(self, event: nn.Reversed) -> float:
        self.direction = event.direction
        self.spin = 1.0
        self.anim.tween(self, "spin", 0.0, 0.6)
        self._banner("Reverse!", 0.9)
        return 0.4

    def _on_HandLost(self, event: nn.HandLost) -> float:
        for sprite, card in zip(self.hands[event.seat], event.hand):
            sprite.card, sprite.face_up = card, True
        self.tokens[event.seat] = event.tokens
        self._banner(self.to_player(T("No card fits at {count}: {seat} loses a token", count=event.count,
                                      seat=Who(event.seat))), 2.4)
        return 2.3

    def _on_Eliminated(self, event: nn.Eliminated) -> float:
        self._banner(self.to_player(T("{seat} is out of tokens", seat=Who(event.seat))), 1.6)
        return 1.2

    def _on_GameWon(self, event: nn.GameWon) -> float:
        self._banner(self.to_player(T("{seat} wins the game!", seat=Who(event.seat))), 3.0)
        return 0.8

    def _sort_own(self) -> None:
        if self.viewer < len(self.hands):
            hand = self.hands[self.viewer]
            if all(s.card is not None for s in hand):
                hand.sort(key=lambda s: (int(s.known.rank), s.known.sort_key()))

    # the frame ---------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        super().update(dt)
        self.badges = {k: (t, left - dt) for k, (t, left) in self.badges.items() if left - dt > 0}
        text, left = self.banner
        self.banner = (text, max(0.0, left - dt))
        self._mark_hand()

    def _mark_hand(self) -> None:
        """Raise and ring the cards the human may play; dim the rest."""
        if self.viewer >= len(self.hands):
            return
        hand = self.hands[self.viewer]
        my_turn = self.human_turn
        legal = {a.card for a in self.session.state.legal_actions(self.viewer)} if my_turn else set()
        self.selected = min(self.selected, max(0, len(hand) - 1))
        if legal and hand and hand[self.selected].card not in legal:
            # the ring always stands on a card Enter can play (a dead card shows no ring)
            self.selected = next(i for i, sprite in enumerate(hand) if sprite.card in legal)
        for i, sprite in enumerate(hand):
            playable = sprite.card in legal
            sprite.dim = my_turn and not playable
            sprite.marked = my_turn and playable and (i == self.selected or sprite is self.hover)
            raise_to = 0.0
            if my_turn and playable:
                raise_to = self.own_width * 0.12
                if sprite is self.hover or i == self.selected:
                    raise_to = self.own_width * 0.22
            if sprite is not self.drag:
                sprite.lift += (raise_to - sprite.lift) * 0.35

    # input -------------------------------------------------------------------------------

    def human_choosing(self) -> bool:
        return self.prompt is not None

    def on_input_any_time(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self._card_at(event.pos)

    def on_input(self, event: pygame.event.Event) -> None:
        if self.prompt is not None:
            choice = self.prompt.handle_event(event)
            if choice == "cancel":
                self.prompt = None
            elif choice is not None:
                self._play(choice)
            return
        if event.type == pygame.KEYDOWN:
            self._key(event.key)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._press(event.pos)
        elif event.type == pygame.MOUSEMOTION:
            self._motion(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._release(event.pos)

    def _key(self, key: int) -> None:
        hand = self.hands[self.viewer]
        if not hand:
            return
        if key in (pygame.K_LEFT, pygame.K_a, pygame.K_RIGHT, pygame.K_d):
            self.selected = self._next_playable(-1 if key in (pygame.K_LEFT, pygame.K_a) else 1)
        elif pygame.K_1 <= key <= pygame.K_9 and key - pygame.K_1 < len(hand):
            self.selected = key - pygame.K_1
            self._choose(hand[self.selected])
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_UP):
            self._choose(hand[self.selected])

    def _next_playable(self, step: int) -> int:
        """Arrow keys skip the cards that would break 99, as in the trick games."""
        hand = self.hands[self.viewer]
        legal = {a.card for a in self.session.state.legal_actions(self.viewer)} if self.human_turn else set()
        index = self.selected
        for _ in range(len(hand)):
            index = (index + step) % len(hand)
            if not legal or hand[index].card in legal:
                return index
        return self.selected

    def _choose(self, sprite: CardSprite) -> None:
        """Play the card, asking first when it has two legal values (Ace, Ten)."""
        legal = [a for a in self.session.state.legal_actions(self.viewer) if a.card == sprite.card]
        if not legal:
            self.say(self._why_not(sprite.card))
            return
        if len(legal) == 1:
            self._play(legal[0])
            return
        self.prompt = ValuePrompt(legal, self.count, sprite, self.s)

    def _why_not(self, card: Card | None) -> str:
        return f"The {card_name(card)} would take the count past 99" if card else "That card can't be played"

    def _play(self, action: nn.Play) -> None:
        self.prompt = None
        self.hover = None
        self.act(action)

    # drawing -----------------------------------------------------------------------------

    def draw_table(self, surface: pygame.Surface) -> None:
        surface.blit(felt(self.size), (0, 0))
        self._draw_centre(surface)
        for seat in range(len(self.hands)):
            self._draw_seat(surface, seat)
        for sprite in self.pile:
            self.drawer.draw(surface, sprite, shadow=False)
        for sprite in self.flying:
            self.drawer.draw(surface, sprite)
        for seat, hand in enumerate(self.hands):
            for sprite in hand:
                if sprite is not self.drag:
                    self.drawer.draw(surface, sprite)
        if self.drag:
            self.drawer.draw(surface, self.drag)
        self._draw_badges(surface)
        tip = self.hover_tip()
        if tip is not None:
            self._draw_tip(surface, *tip)
        elif self.human_turn and self.prompt is None and not self.drag:
            self._draw_turn_hint(surface)
        if self.prompt:
            self.prompt.draw(surface)
        self._draw_banner(surface)

    def _draw_centre(self, surface: pygame.Surface) -> None:
        s = self.s
        # the stock
        for i in range(min(3, (self.stock + 9) // 10)):
            back = CardSprite(None, self.stock_at[0] - i * 2, self.stock_at[1] - i * 2, width=self.pile_width)
            self.drawer.draw(surface, back, shadow=(i == 0))
        label = render_text(f"Stock {self.stock}", max(12, int(16 * s)), theme.INK_DIM)
        blit_centered(surface, label, (self.stock_at[0], self.stock_at[1] + self.pile_width * 0.9))
        # pile drop zone while dragging
        if self.drag:
            zone = self.drop_rect()
            pygame.draw.rect(surface, theme.GOLD, zone, width=3, border_radius=12)
        # the count, redder as it nears 99
        r = int(self.pile_width * 0.62)
        cx, cy = self.count_at
        heat = min(1.0, self.count / 99)
        colour = (round(242 - 20 * heat), round(238 - 170 * heat), round(226 - 180 * heat))
        pygame.draw.circle(surface, (8, 40, 24), (round(cx), round(cy)), r + 4)
        pygame.draw.circle(surface, colour, (round(cx), round(cy)), r + 4, width=3)
        number = render_text(str(self.count), int(r * 0.95), colour, bold=True)
        blit_centered(surface, number, (cx, cy - r * 0.08))
        cap = render_text("count", max(11, int(r * 0.26)), theme.INK_DIM)
        blit_centered(surface, cap, (cx, cy + r * 0.55))
        self._draw_direction(surface, (cx, cy), r + 14 * s)

    def _draw_direction(self, surface: pygame.Surface, centre: tuple[float, float], radius: float) -> None:
        """Two arrows circling the count show which way play goes (clockwise = to the left)."""
        base = self.spin * math.pi * 2
        for half in (0, math.pi):
            start = base + half + 0.35
            points = [(centre[0] + radius * math.cos(start + self.direction * t * 0.1),
                       centre[1] + radius * math.sin(start + self.direction * t * 0.1)) for t in range(12)]
            pygame.draw.lines(surface, theme.GOLD, False, points, 3)
            tip = points[-1]
            ang = start + self.direction * 1.1
            tangent = (-math.sin(ang) * self.direction, math.cos(ang) * self.direction)
            normal = (math.cos(ang), math.sin(ang))
            size = 9 * self.s
            head = [(tip[0] + tangent[0] * size, tip[1] + tangent[1] * size),
                    (tip[0] + normal[0] * size * 0.7, tip[1] + normal[1] * size * 0.7),
                    (tip[0] - normal[0] * size * 0.7, tip[1] - normal[1] * size * 0.7)]
            pygame.draw.polygon(surface, theme.GOLD, head)

    def _draw_seat(self, surface: pygame.Surface, seat: int) -> None:
        state = self.session.state
        out = self.tokens[seat] == 0
        turn = (not out) and self.idle and seat in state.to_act()
        name = self._name(seat)
        detail = "out" if out else " · ".join(filter(None, (self.seat_label(seat), "dealer" if seat == self.dealer else "")))
        plate = nameplate(name, detail, self.plate_text_size(), turn, out)
        rect = self.plate_rect(seat, plate.get_size())
        surface.blit(plate, rect)
        radius = max(6, int(8 * self.s))
        total = self.session.options.tokens
        for i in range(total):
            coin = token(radius, i < self.tokens[seat])
            surface.blit(coin, (rect.centerx - total * radius + i * radius * 2, rect.bottom + 3))

    def plate_text_size(self) -> int:
        return max(13, int(18 * self.s))

    def plate_rect(self, seat: int, size: tuple[int, int]) -> pygame.Rect:
        """A seat's name plate of ``size``: the player's own at the bottom left, the others'
        over their hands (their tokens go in a row under it)."""
        rect = pygame.Rect((0, 0), size)
        if seat == self.viewer:
            rect.bottomleft = (12, round(self.size[1] - 20 * self.s - 12))
        else:
            rect.center = (round(self.places[seat][0]), round(self.opponent_ys[seat][0]))
            rect.clamp_ip(pygame.Rect(6, 0, self.size[0] - 12, self.size[1]))
        return rect

    def _draw_turn_hint(self, surface: pygame.Surface) -> None:
        image = self.hint_image()
        surface.blit(image, self.hint_rect(image.get_size()))

    def cursor_card(self) -> Card | None:
        hand = self.hands[self.viewer] if self.viewer < len(self.hands) else []
        return hand[self.selected].card if hand else None

    def spoken_focus(self) -> str | None:
        """The two values' question while it is asked; else the card under the cursor and
        what it would do to the count ("Ace of hearts: 95 → 96")."""
        if self.prompt is not None:
            return f"{spoken(self.prompt.question())}: {self.prompt.row.spoken()}"
        card = self.cursor_card() if self.human_turn else None
        if card is None:
            return super().spoken_focus()
        players_in = sum(1 for tokens in self.tokens if tokens > 0)
        return f"{card_name(card)}: {count_effect(card, self.count, players_in)}"

    def spoken_turn(self) -> str:
        hand = self.hands[self.viewer] if self.viewer < len(self.hands) else []
        legal = {a.card for a in self.session.state.legal_actions(self.viewer)}
        count = self.spoken_line(T("The count is {count}.", count=self.count))
        return f"{count} {playable_line([s.card for s in hand if s.card is not None and s.card in legal])}"

    def hover_tip(self) -> tuple[str, bool] | None:
        """What the card under the mouse in the player's own hand would do to the count
        ("50 → 58"), and whether it cannot be played; None when no such card is hovered.
        It takes the turn hint's line, over the hand."""
        sprite = self.hover
        if (sprite is None or sprite.card is None or self.prompt is not None or self.drag
                or self.viewer >= len(self.hands) or sprite not in self.hands[self.viewer]):
            return None
        players_in = sum(1 for tokens in self.tokens if tokens > 0)
        effect = count_effect(sprite.card, self.count, players_in)
        return f"{card_name(sprite.card).capitalize()}: {effect}", not nn.choices(sprite.card, self.count)

    def _draw_tip(self, surface: pygame.Surface, text: str, refused: bool) -> None:
        image = render_text(text, max(13, int(19 * self.s)), theme.DANGER if refused else theme.GOLD, bold=True)
        rect = self.hint_rect(image.get_size())
        panel(surface, rect.inflate(20, 10), radius=8)
        surface.blit(image, rect)

    def hint_image(self) -> pygame.Surface:
        text = "Your turn: click a card, drag it to the pile, or use ←/→ and Enter"
        return render_text(text, max(12, int(17 * self.s)), theme.GOLD)

    def hint_rect(self, size: tuple[int, int]) -> pygame.Rect:
        """The turn hint's line, over the player's cards (however raised); at a networked
        table moved left, as far as it must, to keep clear of the chat beside the hand."""
        top = min((s.rect().top for s in self.hands[self.viewer]), default=self.size[1] - 40)
        rect = pygame.Rect((0, 0), size).move(self.size[0] // 2 - size[0] // 2, top - size[1] * 3 // 2)
        chat = table_chat.room(self)
        if chat is not None and rect.colliderect(chat):
            rect.right = max(chat.left - round(10 * self.s), 8 + rect.width)
        if chat is not None and rect.colliderect(chat):   # (too wide to pass: over the chat)
            rect.bottom = chat.top - 4
        return rect

    def badge_image(self, text: str) -> pygame.Surface:
        return render_text(text, max(14, int(22 * self.s)), theme.GOLD, bold=True)

    def badge_rect(self, seat: int, size: tuple[int, int], left: float) -> pygame.Rect:
        """Where what a seat's card did ("+5", "to 99!") shows, ``left`` seconds before it
        goes: under an opponent's hand, or left of the player's own (above it is the hint
        line), rising a little as it fades but never into the cards."""
        rect = pygame.Rect((0, 0), size)
        hand, gap = self.hand_box(seat), max(3, round(6 * self.s))
        rise = round(10 * self.s * min(1.0, left / BADGE_TIME))
        if seat == self.viewer:
            rect.midright = (hand.left - gap, hand.centery + rise)
        else:
            rect.midtop = (hand.centerx, hand.bottom + gap + rise)
        return rect.clamp(pygame.Rect((0, 0), self.size))

    def _draw_badges(self, surface: pygame.Surface) -> None:
        for seat, (text, left) in self.badges.items():
            image = self.badge_image(text)
            surface.blit(faded(image, left / 0.4), self.badge_rect(seat, image.get_size(), left))

    def _draw_banner(self, surface: pygame.Surface) -> None:
        text, left = self.banner
        if left > 0 and text:
            banner(surface, text, max(16, int(28 * self.s)), (self.size[0] // 2, self.size[1] * 0.2), left / 0.3)


Table = NinetyNineTable


class Replay(ReplayControls, NinetyNineTable):
    """Ninety-Nine watched from a recording."""


class Review(ReviewControls, NinetyNineTable):
    """Ninety-Nine reviewed with the coach."""
