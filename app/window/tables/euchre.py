"""The Euchre table: the shared trick table plus the stub with its upcard, the bidding
panel at the human's call (pass, accept, alone, or a suit in round two), speech bubbles
for every call, the dealer's pick-up and discard, and a lone hand's partner laid down."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from app.core.words.spoken_words import choice_focus, choosing_line
from app.window.scenes.replay_watch import ReplayControls
from app.window.scenes.review import ReviewControls
from app.window.render.table import CardSprite
from app.window.render.text import render_text
from app.window.tables.tricks import BUBBLE_TIME, TrickTable
from app.window.ui import theme
from app.window.ui.widgets import Button, ButtonRow, blit_centered, panel
from games.core.cards import Suit, suit_of
from games.core.protocol import Action
from games.core.trick_events import CardTurned, TrumpSet
from games.core.words import T
from games.euchre import rules as eu


if TYPE_CHECKING:
    from app.core.table_session import TableSession
    from app.window.scenes.base import AppServices

class EuchreTable(TrickTable):
    name = "euchre"
    bowers = True
    hand_cards = 5

    def __init__(self, app: AppServices, session: TableSession) -> None:
        self.stub_shown = False
        self.alone = False
        self.call_row: ButtonRow | None = None
        self._row_for: tuple[object, ...] | None = None
        self.meanings: dict[str, str] = {}   # what each call button means, said as it has the focus
        super().__init__(app, session)

    def sync(self, view: Any) -> None:
        super().sync(view)
        self.stub_shown = view.phase in ("round1", "round2", "discard")
        if view.phase == "round2":
            self.turned = CardSprite(view.upcard, *self.stub_spot(), face_up=False)
            self.relayout_now()
        self._mark_sitting_out()

    # events --------------------------------------------------------------------------------

    def _on_CardTurned(self, event: CardTurned) -> float:
        self.stub_shown = True
        return super()._on_CardTurned(event)

    def _on_Called(self, event: eu.Called) -> float:
        self.bubbles[event.seat] = (self.to_player(event.words), BUBBLE_TIME)
        return 0.45 if event.words == T("Pass") else 0.7

    def _on_TrumpSet(self, event: TrumpSet) -> float:
        pause = super()._on_TrumpSet(event)
        self.alone = event.alone
        who = self._name(event.maker) if event.maker is not None else "Someone"
        verb = "make" if who == "You" else "makes"
        self._banner(f"{who} {verb} {event.suit.title} trumps" + (", alone" if event.alone else ""), 1.6)
        if self.turned is not None and not self.turned.face_up:
            self.turned, self.stub_shown = None, False  # round two: the stub is put away
        return pause + 0.5

    def _on_SitsOut(self, event: eu.SitsOut) -> float:
        self.sitting_out = frozenset({event.seat})
        self._mark_sitting_out()
        return 0.4

    def _mark_sitting_out(self) -> None:
        for seat in self.sitting_out:
            for sprite in self.hands[seat]:
                sprite.face_up, sprite.dim = False, True

    def _on_PickedUp(self, event: eu.PickedUp) -> float:
        sprite = self.turned or CardSprite(event.card, *self.stub_spot(), face_up=True)
        self.turned = None
        mine = event.dealer == self.viewer and not self.spectator  # a spectator sees no hand
        sprite.card, sprite.face_up = (event.card, True) if mine else (None, False)
        self.hands[event.dealer].append(sprite)
        self._sort_own()
        self.targets()
        return 0.5

    def _on_Discarded(self, event: eu.Discarded) -> float:
        sprite = self._take(event.dealer, event.card)
        sprite.face_up = False
        self.flying.append(sprite)
        self.anim.tween(sprite, "pos", self.stub_spot(), 0.35, on_done=lambda sp=sprite: self._put_away(sp))
        self.targets()
        return 0.45

    def _put_away(self, sprite: CardSprite) -> None:
        self._land(sprite)
        self.stub_shown = False

    def _on_TurnedDown(self, event: eu.TurnedDown) -> float:
        if self.turned is not None:
            self.turned.face_up = False
        self._banner("Round two: name another suit, or pass", 1.5)
        return 0.6

    def _on_AllPassed(self, event: eu.AllPassed) -> float:
        self._banner("Everyone passed: the deal moves on", 1.6)
        self.stub_shown = False
        return 1.0

    def _on_NewDeal(self, event: Any) -> float:
        self.alone, self.stub_shown = False, False
        return super()._on_NewDeal(event)

    # the call --------------------------------------------------------------------------------

    def choosing_call(self) -> bool:
        return self.human_turn and self.view_now().phase in ("round1", "round2")

    def human_choosing(self) -> bool:
        return self.choosing_call()

    def _row(self) -> ButtonRow:
        """The buttons for the human's call, rebuilt when the call or the Alone choice changes."""
        view = self.view_now()
        key = (view.phase, view.hand_number, self.alone, self.size)
        if self.call_row is None or self._row_for != key:
            self._row_for = key
            self.call_row = ButtonRow(self._buttons(view))
            self._place_row()
        return self.call_row

    def _buttons(self, view: Any) -> list[Button]:
        """The calls the viewer's view allows (it is the viewer's turn to call), each with
        what it means (for the speech)."""
        seat = self.viewer
        size = max(14, int(19 * self.s))
        buttons: list[Button] = []
        upcard = suit_of(view.upcard).title
        self.meanings = {}
        if eu.Pass(seat) in view.legal:
            buttons.append(Button("Pass", lambda: self.act(eu.Pass(seat)), text_size=size))
            self.meanings["Pass"] = (f"Pass: do not take {upcard} as trumps" if view.phase == "round1"
                                     else "Pass: name no suit")
        if view.phase == "round1":
            words = self.to_player(eu.order_words(seat, view.dealer))
            buttons.append(Button(words, lambda: self.act(eu.OrderUp(seat, self.alone)), kind="primary", text_size=size))
            self.meanings[words] = f"{words}: {upcard} are trumps, the dealer takes the turned card"
        else:
            for suit in Suit:
                if suit is not view.upcard.suit:
                    buttons.append(Button(suit.title.capitalize(), partial(self._name_trumps, seat, suit),
                                          kind="primary", text_size=size))
                    self.meanings[suit.title.capitalize()] = f"{suit.title.capitalize()} are trumps"
        label = "Alone: yes" if self.alone else "Alone: no"
        buttons.append(Button(label, self._toggle_alone, kind="quiet", text_size=size))
        self.meanings[label] = (f"{label}, without your partner if you call; A changes it" if self.alone
                                else f"{label}, with your partner if you call; A changes it")
        return buttons

    def call_question(self) -> str:
        """The call asked for, as the panel's title says it."""
        view = self.view_now()
        if view.phase == "round1":
            return f"Round one: take {suit_of(view.upcard).title} as trumps?"
        return f"Round two: name trumps (not {suit_of(view.upcard).title})"

    def spoken_turn(self) -> str:
        if not self.choosing_call():
            return super().spoken_turn()
        return choosing_line(self.call_question(), [b.label for b in self._row().buttons])

    def spoken_focus(self) -> str | None:
        if self.curtain_for is None and self.choosing_call():
            row = self._row()
            label = row.buttons[row.index].label
            return choice_focus(label, self.meanings.get(label, ""), row.index + 1, len(row.buttons))
        return super().spoken_focus()

    def _name_trumps(self, seat: int, suit: Suit) -> None:
        self.act(eu.NameTrump(seat, suit, self.alone))   # (alone as toggled when clicked)

    def _toggle_alone(self) -> None:
        self.alone = not self.alone
        self.call_row = None

    def _place_row(self) -> None:
        if self.call_row is None:
            return
        s = self.s
        widest = max(render_text(b.label, b.text_size, theme.INK, bold=True).get_width() for b in self.call_row.buttons)
        size = (max(int(150 * s), widest + int(28 * s)), int(46 * s))
        y = int(self.size[1] - self.own_width * 1.4 * 1.25 - 40 * s)
        self.call_row.layout((self.size[0] // 2, y), size, int(12 * s))

    def on_choice_input(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_a:
            self._toggle_alone()
            return
        self._row().handle_event(event)

    def act(self, action: Action) -> bool:
        done = super().act(action)
        if done and not isinstance(action, eu.Pass):
            self.alone = False
        return done

    def draw_overlay(self, surface: pygame.Surface) -> None:
        if self.stub_shown:
            self._draw_stub(surface)
        if not self.choosing_call():
            return
        row = self._row()
        label = render_text(self.call_question() + "   ·   A: alone", max(13, int(18 * self.s)), theme.GOLD, bold=True)
        first = row.buttons[0].rect.union(row.buttons[-1].rect)
        box = first.inflate(int(40 * self.s), int(70 * self.s)).move(0, -int(14 * self.s))
        box.inflate_ip(max(0, label.get_width() + int(40 * self.s) - box.width), 0)
        panel(surface, box, radius=14)
        blit_centered(surface, label, (box.centerx, box.top + label.get_height() * 0.9))
        row.draw(surface)

    def stub_spot(self) -> tuple[float, float]:
        """When the player deals, the stub and upcard lie right of the hand, level with it
        (above it they would hide under the call panel): right of where the sixth card
        goes when the dealer takes the upcard, measured from the hand's own spots (a
        guessed fan width put the stub over the dealer's last card)."""
        if self.dealer != self.viewer:
            return super().stub_spot()
        x, y = self.places[self.viewer]
        last = self.own_spots(6, self.hand_spot(self.viewer))[-1][0]
        half = self.trick_width * 0.85 / 2
        return (min(last + self.own_width / 2 + half + 8 + 12 * self.s, self.size[0] - half - 4), y)

    def _stub_backs(self) -> list[CardSprite]:
        x, y = self.stub_spot()
        return [CardSprite(None, x - i * 2, y - i * 2, width=self.trick_width * 0.85) for i in range(3, 0, -1)]

    def stub_rect(self) -> pygame.Rect:
        """What the stub covers (its cards, not their shadow)."""
        backs = self._stub_backs()
        return backs[0].rect().unionall([b.rect() for b in backs[1:]])

    def _draw_stub(self, surface: pygame.Surface) -> None:
        for i, back in enumerate(self._stub_backs()):
            self.drawer.draw(surface, back, shadow=i == 0)
        if self.turned is not None:
            self.drawer.draw(surface, self.turned)

    def _draw_turned(self, surface: pygame.Surface) -> None:
        """The upcard is drawn with the stub (``_draw_stub``)."""

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.call_row = None

    def hint_text(self) -> str:
        phase = self.view_now().phase
        if phase == "discard":
            return "You take the upcard: click a card to discard it · ←/→ and Enter"
        if phase in ("round1", "round2"):
            return ""
        return super().hint_text()


Table = EuchreTable


class Replay(ReplayControls, EuchreTable):
    """Euchre watched from a recording."""


class Review(ReviewControls, EuchreTable):
    """Euchre reviewed with the coach."""
