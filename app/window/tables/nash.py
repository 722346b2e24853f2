"""The Nash table: your hand sorted by value at the bottom, the other hands face down, the
three mystery cards and three draw stacks in the middle, a row of values to ask for, a
guessing dialog, the history of every ask, hand-over and guess, and an optional panel (O)
with the exact chance of each value for the next mystery card given what you know."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from app.window.scenes.replay_watch import ReplayControls
from app.window.scenes.review import ReviewControls
from app.window.render.table import CardSprite, SpriteDrawer, fan_positions, felt, nameplate
from app.window.render.text import render_text
from app.window.scenes.table import TableScene
from app.window.tables.nash_panels import ValueChips, draw_history, draw_odds, value_label
from app.window.ui import theme
from app.window.ui.fit import size_to_fit
from app.window.ui.widgets import banner, blit_centered, faded, panel
from app.core.words.card_words import rank_name
from app.core.words.grammar import counted
from app.core.words.spoken_words import choice_focus, choosing_line
from games.core.cards import Card, Rank
from games.core.protocol import Event
from games.core.words import Side, T, Who
from games.nash import rules as nr
from games.nash.bots import chances
from games.nash.knowledge import Knowledge

if TYPE_CHECKING:
    from app.core.table_session import TableSession
    from app.window.scenes.base import AppServices

VALUE_KEYS = {pygame.K_a: 1, pygame.K_0: 10, pygame.K_t: 10, pygame.K_j: 11, pygame.K_q: 12, pygame.K_k: 13,
              **{pygame.K_1 + i: i + 1 for i in range(9)}}


class NashTable(TableScene):
    name = "nash"

    def __init__(self, app: AppServices, session: TableSession) -> None:
        self.hands: list[list[CardSprite]] = []
        self.flying: list[CardSprite] = []
        self.mystery: list[CardSprite] = []
        self.stacks: list[int] = [0, 0, 0]
        self.current = 0
        self.guesses: dict[int, list[tuple[int, int]]] = {0: [], 1: [], 2: []}
        self.guessing: int | None = None
        self.badges: dict[int, tuple[str, float]] = {}
        self.history: list[str] = []
        self.show_odds = True
        self.odds: dict[int, float] | None = None
        # The last odds worked out for each mystery card while it was still face down: the
        # rules run ahead of what is shown, so once a card is turned over (or the game is
        # over) the panel keeps those, with the answer marked, rather than a row of 0%.
        self.kept_odds: dict[int, dict[int, float]] = {}
        top = nr.top_value(session.options.faces)
        self.ask_chips = ValueChips(top)
        self.guess_chips = ValueChips(top)
        self.hover_card: CardSprite | None = None
        self.sweep: tuple[int, float] | None = None
        self.sweep_t = 0.0
        super().__init__(app, session)
        self.history = []   # the opening events are queued: they write their own lines
        self.drawer = SpriteDrawer(app.cards, app.settings.card_back)

    # layout ----------------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        self.s = theme.scale_for(size)
        self.own_width = max(48.0, min(104.0, w * 0.07, h * 0.12))
        self.other_width = max(32.0, self.own_width * 0.6)
        self.mid_width = max(40.0, self.own_width * 0.82)
        self.mid_y = h * 0.45
        seats = self.session.state.seats
        self.opp_y = 64 * self.s + 50 * self.s + self.other_width * 0.7
        xs = [0.5] if seats == 2 else [0.32, 0.68]
        self.places: list[tuple[float, float]] = [(w * 0.5, h)] * seats
        for k, x in enumerate(xs, start=1):
            self.places[(self.viewer + k) % seats] = (w * x, self.opp_y)
        self.own_at = (w * 0.5, h - self.own_width * 0.85)
        step = self.mid_width * 1.3
        self.mystery_at = [(w * 0.5 - step * (3.2 - i), self.mid_y) for i in range(3)]
        self.stack_at = [(w * 0.5 + step * (0.8 + i), self.mid_y) for i in range(3)]
        self.show_at = (w * 0.5, h * 0.62)
        chip = max(24, int(34 * self.s))
        self.ask_chips.layout((w * 0.5, self.own_at[1] - self.own_width * 1.05 - chip * 0.4), chip)
        self.guess_chips.layout((w * 0.5, self.mid_y + self.mid_width * 0.9 + 108 * self.s), chip)

    def hand_spot(self, seat: int) -> tuple[float, float]:
        if seat == self.viewer:
            return self.own_at
        return self.places[seat]

    def targets(self) -> None:
        for seat, hand in enumerate(self.hands):
            own = seat == self.viewer
            width = self.own_width if own else self.other_width
            span = self.size[0] * (0.56 if own else 0.22)
            for sprite, spot in zip(hand, fan_positions(len(hand), self.hand_spot(seat), width, span)):
                if sprite.tags.get("busy"):
                    continue
                sprite.width = width   # a jump: every new width would paint new faces
                self.anim.tween(sprite, "pos", spot, 0.35, delay=sprite.tags.pop("delay", 0.0))

    def relayout_now(self) -> None:
        for i, sprite in enumerate(self.mystery):
            sprite.pos, sprite.width = self.mystery_at[i], self.mid_width
        for hand in self.hands:
            for sprite in hand:
                sprite.tags.pop("busy", None)
        self.targets()
        self.anim.finish_all()

    # picture from a view ---------------------------------------------------------------------

    def sync(self, view: nr.NashView) -> None:
        self.layout(self.size)
        self.hands = []
        know = Knowledge.from_view(view)
        for seat in range(view.seats):
            cards: list[Card | None] = list(view.hand) if seat == view.seat else [None] * view.hand_sizes[seat]
            if seat != view.seat and seat not in know.unsure:
                known = sorted(know.holds[seat], key=lambda c: (nr.value_of(c), c.sort_key()))
                cards[:len(known)] = known
            self.hands.append([CardSprite(c, *self.hand_spot(seat), face_up=c is not None) for c in cards])
        self.mystery = [CardSprite(m, *self.mystery_at[i], face_up=m is not None, width=self.mid_width)
                        for i, m in enumerate(view.mysteries)]
        self.stacks, self.current = list(view.stacks), view.current
        self.guessing = view.guessing
        self.odds = None
        # The history is the viewer's own memory: after a hand-over of the screen it must not
        # show the previous player's private cards.
        self.history = [self._history_line(self.seen(e)) for e in view.log
                        if not isinstance(e, (nr.SetUp, nr.Dealt))]
        self.relayout_now()

    # events -> animation ---------------------------------------------------------------------

    def show(self, event: Event) -> float:
        if not isinstance(event, (nr.SetUp, nr.Dealt)):
            self.history.append(self._history_line(event))
        self.odds = None
        return super().show(event)

    def _history_line(self, event: Event) -> str:
        """The event as a line of history, in the table's words ("You draw", "Rosa asks")."""
        return self.to_player(event.message())

    def _on_SetUp(self, event: nr.SetUp) -> float:
        """The opening deals every card again, so the table starts from empty hands."""
        self.stacks = list(event.stacks)
        self.hands = [[] for _ in self.hands]
        self._banner(self.to_player(T("{seat} starts", seat=Who(event.starter))), 1.4)
        return 0.3

    def _on_Dealt(self, event: nr.Dealt) -> float:
        for i, card in enumerate(event.cards):
            sprite = CardSprite(card, *self.stack_at[0], face_up=card is not None, width=self.mid_width)
            sprite.tags["delay"] = i * 0.06
            self.hands[event.seat].append(sprite)
        self._sort(event.seat)
        self.targets()
        return 0.25

    def _on_Drew(self, event: nr.Drew) -> float:
        for i, card in enumerate(event.cards):
            sprite = CardSprite(card, *self.stack_at[event.stack], face_up=card is not None, width=self.mid_width)
            sprite.tags["delay"] = i * 0.1
            self.hands[event.seat].append(sprite)
        self.stacks[event.stack] = event.left
        self._sort(event.seat)
        self.targets()
        return 0.4 + 0.1 * len(event.cards)

    def _on_Asked(self, event: nr.Asked) -> float:
        self.badges[event.seat] = (f"Any {value_label(event.value)}s?", 1.6)
        return 0.8

    def _on_NoneHeld(self, event: nr.NoneHeld) -> float:
        for seat in range(len(self.hands)):
            if seat != event.seat:
                self.badges[seat] = (f"No {value_label(event.value)}s", 1.4)
        return 0.7

    def _on_Handed(self, event: nr.Handed) -> float:
        """The cards go face up to the middle, rest there a moment, then into the hand."""
        moved = [self._take_sprite(event.giver, card) for card in event.cards]
        spots = fan_positions(len(moved), self.show_at, self.mid_width, self.size[0] * 0.3)
        for sprite, spot, card in zip(moved, spots, event.cards):
            sprite.card, sprite.face_up, sprite.tags["busy"] = card, True, True
            self.hands[event.taker].append(sprite)
            sprite.width = self.mid_width
            self.anim.tween(sprite, "pos", spot, 0.35, on_done=partial(self._settle, sprite, event.taker))
        return 1.2

    def _settle(self, sprite: CardSprite, seat: int) -> None:
        """After a pause in the open, a handed card joins its new hand."""
        def join() -> None:
            sprite.tags.pop("busy", None)
            sprite.face_up = True   # everyone saw it: it stays shown as a reminder
            self._sort(seat)
            self.targets()
        self.anim.tween(sprite, "angle", 0.0, 0.55, on_done=join)

    def _on_TookRandom(self, event: nr.TookRandom) -> float:
        """The taker's hand hovers over the giver's cards: the picked one rises, then goes."""
        if event.card is None:
            # An unseen card left this hand: any card we knew there may be the one that went.
            for other in self.hands[event.giver]:
                if not other.tags.get("busy"):
                    other.card, other.face_up = None, False
        sprite = self._take_sprite(event.giver, event.card, random_pick=True)
        sprite.card = event.card
        sprite.face_up = event.card is not None and event.giver == self.viewer
        hand = self.hands[event.giver]
        hand.insert(min(len(hand), (len(hand) * 2) // 3), sprite)   # it stays put while it is picked
        self.badges[event.taker] = (self.to_player(T("{seat} picks a card", seat=Who(event.taker))), 1.6)

        def lift() -> None:
            sprite.tags["busy"] = True
            sprite.marked = True
            self.sweep = None
            self.anim.tween(sprite, "lift", self.own_width * 0.45, 0.4, on_done=lambda: self._carry(sprite, event))
        # A gold ring hops over the cards as the taker makes up their mind, then one rises.
        self.sweep = (event.giver, 0.0)
        self.sweep_t = 0.0
        self.anim.tween(self, "sweep_t", 1.0, 0.6, on_done=lift)
        return 1.5

    def _carry(self, sprite: CardSprite, event: nr.TookRandom) -> None:
        if sprite in self.hands[event.giver]:
            self.hands[event.giver].remove(sprite)
        self.hands[event.taker].append(sprite)
        sprite.tags.pop("busy", None)
        sprite.marked = False
        sprite.face_up = sprite.card is not None   # known to this viewer: shown where it went
        self.anim.tween(sprite, "lift", 0.0, 0.35)
        self._sort(event.taker)
        self.targets()

    def _take_sprite(self, seat: int, card: Card | None, random_pick: bool = False) -> CardSprite:
        hand = self.hands[seat]
        for sprite in hand:
            if card is not None and sprite.card == card:
                hand.remove(sprite)
                return sprite
        free = [sp for sp in hand if not sp.tags.get("busy")] or hand
        pick = free[(len(free) * 2) // 3] if random_pick else free[-1]
        hand.remove(pick)
        return pick

    def _on_GuessingBegins(self, event: nr.GuessingBegins) -> float:
        self.guessing = event.mystery
        self.guesses[event.mystery] = []
        rule = T("any value") if event.repeats else T("no value twice")
        self._banner(self.to_player(T("Guess mystery card {number} ({rule})", number=event.mystery + 1, rule=rule)), 1.8)
        return 1.0

    def _on_Guessed(self, event: nr.Guessed) -> float:
        self.guesses[event.mystery].append((event.seat, event.value))
        self.badges[event.seat] = (self.to_player(T("{seat} guesses {value}", seat=Who(event.seat),
                                                    value=value_label(event.value))), 1.6)
        return 0.7

    def _on_Revealed(self, event: nr.Revealed) -> float:
        sprite = self.mystery[event.mystery]
        sprite.card, sprite.face_up = event.card, True
        sprite.lift = self.mid_width * 0.3
        self.anim.tween(sprite, "lift", 0.0, 0.6)
        self.guessing = None
        self.current = event.mystery + 1
        value = value_label(nr.value_of(event.card))
        if event.right:
            said = T("It's {value}! {side} guessed it", value=value, side=Side(event.right))
        elif len(event.closest) > 1:
            said = T("It's {value}: {side} were closest", value=value, side=Side(event.closest))
        elif event.closest:
            said = T("It's {value}: {seat} was closest", value=value, seat=Who(event.closest[0]))
        else:
            said = T("It's {value}: nobody guessed it", value=value)
        self._banner(self.to_player(said), 2.6)
        return 2.0

    def _on_Continues(self, event: nr.Continues) -> float:
        self.badges[event.seat] = (self.to_player(T("{seat} asks next", seat=Who(event.seat))), 1.4)
        return 0.5

    def _on_GameOver(self, event: nr.GameOver) -> float:
        if len(event.winners) > 1:
            self._banner(self.to_player(T("{side} win!", side=Side(event.winners))), 3.0)
        elif event.winners:
            self._banner(self.to_player(T("{seat} wins!", seat=Who(event.winners[0]))), 3.0)
        else:
            self._banner(self.to_player(T("Nobody guessed the last card: nobody wins")), 3.0)
        return 0.8

    def _sort(self, seat: int) -> None:
        hand = self.hands[seat]
        if seat == self.viewer and all(sp.card is not None for sp in hand):
            hand.sort(key=lambda sp: (nr.value_of(sp.known), sp.known.sort_key()))

    # the frame ----------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        super().update(dt)
        self.badges = {k: (t, left - dt) for k, (t, left) in self.badges.items() if left - dt > 0}
        text, left = self.banner
        self.banner = (text, max(0.0, left - dt))
        asking = self._asking()
        for sprite in self.hands[self.viewer] if self.viewer < len(self.hands) else []:
            if sprite.tags.get("busy"):
                continue
            target = self.own_width * 0.18 if asking and sprite is self.hover_card else 0.0
            sprite.lift += (target - sprite.lift) * 0.35
            sprite.marked = asking and sprite is self.hover_card

    def _asking(self) -> bool:
        return self.human_turn and self.current_view().guessing is None

    def _guessing_now(self) -> bool:
        return self.human_turn and self.current_view().guessing is not None

    # input ----------------------------------------------------------------------------------------

    def on_input_any_time(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_o:
            self.show_odds = not self.show_odds
        elif event.type == pygame.MOUSEMOTION:
            self.hover_card = None

    def on_input(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_o:
            self.show_odds = not self.show_odds
            return
        chips = self.guess_chips if self._guessing_now() else self.ask_chips
        self._refresh_chips()
        if event.type == pygame.MOUSEMOTION:
            chips.hover = chips.at(event.pos)
            self.hover_card = self._card_at(event.pos) if chips is self.ask_chips else None
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            value = chips.at(event.pos)
            sprite = self._card_at(event.pos) if value is None and chips is self.ask_chips else None
            if sprite is not None:
                value = nr.value_of(sprite.card) if sprite.card is not None else None
            if value is not None:
                self._choose(value)
        elif event.type == pygame.KEYDOWN:
            self._key(event.key, chips)

    def _key(self, key: int, chips: ValueChips) -> None:
        if key in VALUE_KEYS and VALUE_KEYS[key] in chips.values:
            self._choose(VALUE_KEYS[key])
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            chips.step_focus(1 if key == pygame.K_RIGHT else -1)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and chips.focus is not None:
            self._choose(chips.focus)

    # the choice by ear: what may be asked or guessed when the turn comes, and the value under
    # the focus (the arrows move it; a value's key chooses at once)

    def spoken_turn(self) -> str:
        if self._guessing_now():
            self._refresh_chips()
            view = self.current_view()
            number = (view.guessing if view.guessing is not None else self.current) + 1
            question = f"Guess mystery card {number}" + ("." if number == 3 else ", not a value already guessed.")
            return choosing_line(question, [_value_word(v) for v in self._live(self.guess_chips)])
        if self._asking():
            return choosing_line("Ask the others for a value.", [_value_word(v) for v in self._live(self.ask_chips)])
        return super().spoken_turn()

    def spoken_focus(self) -> str | None:
        chips = self.guess_chips if self._guessing_now() else self.ask_chips if self._asking() else None
        if self.curtain_for is None and chips is not None and chips.focus is not None:
            live = self._live(chips)
            if chips.focus in live:
                word = _value_word(chips.focus)
                meaning = f"guess {word}" if chips is self.guess_chips else f"ask for every {word}"
                return choice_focus(word, f"{word}: {meaning}", live.index(chips.focus) + 1, len(live))
        return super().spoken_focus()

    @staticmethod
    def _live(chips: ValueChips) -> list[int]:
        return [v for v in chips.values if v not in chips.disabled]

    def _card_at(self, pos: tuple[int, int]) -> CardSprite | None:
        for sprite in reversed(self.hands[self.viewer]):
            if sprite.rect().collidepoint(pos):
                return sprite
        return None

    def _choose(self, value: int) -> None:
        if self._guessing_now():
            if value in self.guess_chips.disabled:
                self.say(f"{value_label(value)} has already been guessed for this card")
                return
            self.act(nr.Guess(self.viewer, value))
        else:
            self.act(nr.Ask(self.viewer, value))
        self.ask_chips.hover = self.guess_chips.hover = None

    def _refresh_chips(self) -> None:
        view = self.current_view()
        taken = {v for _, v in view.guesses} if view.guessing is not None and view.guessing < 2 else set()
        self.guess_chips.disabled = taken
        self.guess_chips.marks = {}
        for seat, value in view.guesses:
            name = self._name(seat)
            self.guess_chips.marks[value] = (self.guess_chips.marks.get(value, "") + " " + name).strip()

    # drawing ----------------------------------------------------------------------------------

    def draw_table(self, surface: pygame.Surface) -> None:
        surface.blit(felt(self.size), (0, 0))
        self._draw_centre(surface)
        for seat in range(len(self.hands)):
            self._draw_plate(surface, seat)
        busy = []   # cards on the move are drawn last, above the hands
        for hand in self.hands:
            for sprite in hand:
                if sprite.tags.get("busy"):
                    busy.append(sprite)
                else:
                    self.drawer.draw(surface, sprite)
        for sprite in busy:
            self.drawer.draw(surface, sprite)
        self._draw_sweep(surface)
        self._draw_badges(surface)
        self._draw_side_panels(surface)
        if self._asking():
            self._draw_ask(surface)
        elif self._guessing_now():
            self._draw_guess_dialog(surface)
        self._draw_banner(surface)

    def _draw_centre(self, surface: pygame.Surface) -> None:
        size = max(10, min(int(14 * self.s), int(self.mid_width * 0.22)))
        for i, sprite in enumerate(self.mystery):
            sprite.width = self.mid_width
            lit = self.guessing == i or (self.guessing is None and i == self.current and self.current < 3)
            sprite.marked = self.guessing == i
            self.drawer.draw(surface, sprite)
            words = f"Mystery {i + 1}"   # (no wider than the step between the cards)
            cap = render_text(words, size_to_fit(words, size, self.caption_room(), lit), theme.GOLD if lit else theme.INK_DIM,
                              bold=lit)
            blit_centered(surface, cap, (sprite.x, sprite.y + self.mid_width * 0.9))
            if self.guesses[i]:
                text = "  ".join(f"{self._name(s)}: {value_label(v)}" for s, v in self.guesses[i])
                blit_centered(surface, render_text(text, max(10, size - 2), theme.INK), (sprite.x, sprite.y + self.mid_width * 0.9 + size + 4))
        for i, count in enumerate(self.stacks):
            x, y = self.stack_at[i]
            if count:
                for k in range(min(3, (count + 3) // 4)):
                    self.drawer.draw(surface, CardSprite(None, x - k * 2, y - k * 2, width=self.mid_width), shadow=k == 0)
            else:
                rect = CardSprite(None, x, y, width=self.mid_width).rect()
                pygame.draw.rect(surface, theme.RIM, rect, width=2, border_radius=8)
            active = i == min(self.current, 2) and count > 0
            words = f"Stack {i + 1}: {count}"
            cap = render_text(words, size_to_fit(words, size, self.caption_room(), active),
                              theme.GOLD if active else theme.INK_DIM, bold=active)
            blit_centered(surface, cap, (x, y + self.mid_width * 0.9))

    def caption_room(self) -> int:
        """How wide a caption under a middle card may be: the step between two of them."""
        return int(self.mid_width * 1.3) - 6

    def _draw_plate(self, surface: pygame.Surface, seat: int) -> None:
        state = self.session.state
        turn = self.idle and seat in state.to_act()
        count = len(self.hands[seat])
        detail = " · ".join(filter(None, (self.seat_label(seat), counted(count, 'card'))))
        plate = nameplate(self._name(seat), detail, max(13, int(17 * self.s)), turn, False)
        if seat == self.viewer:
            rect = plate.get_rect(bottomleft=(12, self.size[1] - 12))
        else:
            x, y = self.hand_spot(seat)
            rect = plate.get_rect(midbottom=(x, y - self.other_width * 0.7 - 6))
        surface.blit(plate, rect)

    def _draw_sweep(self, surface: pygame.Surface) -> None:
        if self.sweep is None or not self.hands[self.sweep[0]]:
            return
        hand = self.hands[self.sweep[0]]
        sprite = hand[int(self.sweep_t * 9) % len(hand)]
        ring = self.app.cards.outline(max(20, round(sprite.width)), theme.GOLD)
        surface.blit(ring, ring.get_rect(center=sprite.rect().center))

    def _draw_badges(self, surface: pygame.Surface) -> None:
        for seat, (text, left) in self.badges.items():
            x, y = self.hand_spot(seat)
            y += -self.own_width * 0.95 if seat == self.viewer else self.other_width * 1.05
            image = render_text(text, max(13, int(20 * self.s)), theme.INK, bold=True)
            box = image.get_rect(center=(round(x), round(y))).inflate(18, 10)
            layer = pygame.Surface(box.size, pygame.SRCALPHA)
            pygame.draw.rect(layer, (8, 30, 20, 230), layer.get_rect(), border_radius=box.height // 2)
            pygame.draw.rect(layer, theme.GOLD, layer.get_rect(), width=2, border_radius=box.height // 2)
            layer.blit(image, image.get_rect(center=(box.width // 2, box.height // 2)))
            surface.blit(faded(layer, left / 0.4), box)

    def _draw_side_panels(self, surface: pygame.Surface) -> None:
        w, h = self.size
        width = int(min(260 * self.s, w * 0.2))
        top = int(self.opp_y + self.other_width * 0.7 + 14 * self.s)
        bottom = int(self.own_at[1] - self.own_width * 0.75)
        draw_history(surface, pygame.Rect(10, top, width, max(80, bottom - top)), self.history, self.s)
        if self.show_odds and not self.spectator:
            rect = pygame.Rect(w - width - 10, top, width, max(80, bottom - top))
            shown = min(self.current, 2)
            answer = self._answer(shown)
            title = (f"Mystery {shown + 1}: chances" if answer is None
                     else f"Mystery {shown + 1} was {value_label(answer)}")
            draw_odds(surface, rect, self._odds(), title, self.s, actual=answer)
        else:
            hint = render_text("O: show the odds" if not self.spectator else "", max(11, int(14 * self.s)), theme.INK_DIM)
            surface.blit(hint, hint.get_rect(bottomright=(w - 12, h - 10)))

    def _odds(self) -> dict[int, float]:
        """The odds for the mystery card the table shows as next (or last turned over)."""
        if self.odds is None:
            shown = min(self.current, 2)
            view = self.current_view()
            if view.current == shown and view.mysteries[shown] is None:
                self.kept_odds[shown] = chances(view, Knowledge.from_view(view))
            self.odds = self.kept_odds.get(shown, {})
        return self.odds

    def _answer(self, mystery: int) -> int | None:
        """The value of a mystery card the table has shown turned over, else None."""
        card = self.mystery[mystery].card if mystery < len(self.mystery) else None
        return nr.value_of(card) if card is not None and self.mystery[mystery].face_up else None

    def _draw_ask(self, surface: pygame.Surface) -> None:
        self.ask_chips.disabled = set()
        box = self.ask_chips.bounds()
        label = render_text("Ask for:", max(12, int(17 * self.s)), theme.GOLD, bold=True)
        surface.blit(label, label.get_rect(midright=(box.left - 10, box.centery)))
        self.ask_chips.draw(surface)

    def _draw_guess_dialog(self, surface: pygame.Surface) -> None:
        self._refresh_chips()
        box = self.guess_chips.bounds()
        view_guessing = self.guessing if self.guessing is not None else self.current
        title = f"Your guess for mystery card {view_guessing + 1}"
        if view_guessing < 2:
            title += " (greyed values are taken)"
        else:
            title += " (repeats allowed)"
        image = render_text(title, max(13, int(18 * self.s)), theme.GOLD, bold=True)
        rect = box.union(image.get_rect(midbottom=(box.centerx, box.top - 8))).inflate(30, 40)
        rect.height += int(10 * self.s)
        panel(surface, rect, radius=12)
        blit_centered(surface, image, (box.centerx, box.top - 8 - image.get_height() / 2))
        self.guess_chips.draw(surface)

    def _draw_banner(self, surface: pygame.Surface) -> None:
        text, left = self.banner
        if left > 0 and text:
            banner(surface, text, max(16, int(26 * self.s)), (self.size[0] // 2, self.mid_y - self.mid_width * 1.3), left / 0.3)


def _value_word(value: int) -> str:
    """A Nash value as a player says it: the Ace is 1, the court cards 11 to 13."""
    return rank_name(Rank.ACE if value == 1 else Rank(value))


Table = NashTable


class Replay(ReplayControls, NashTable):
    """The Nash game watched from a recording."""


class Review(ReviewControls, NashTable):
    """The Nash game reviewed with the coach."""
