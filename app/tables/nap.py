"""The Nap table: the shared trick table with every player for themselves, an auction
panel at the human's call (exactly the legal bids, each with its credits), each call kept
by its seat through the auction, chips under every seat, and a contract card saying who
plays what and how many tricks they still need."""

from __future__ import annotations

from typing import Any

import pygame

from app.render.text import render_text
from app.tables.tricks import BUBBLE_TIME, SUMMARY_TIME, TrickTable
from app.ui import theme
from app.ui.widgets import Button, ButtonRow, blit_centered, panel
from games.core.trick_events import NewDeal, TrumpSet
from games.nap import rules as nap


class NapTable(TrickTable):
    name = "nap"

    def __init__(self, app: Any, session: Any) -> None:
        self.calls: dict[int, str] = {}
        self.contract: nap.Contract | None = None
        self.call_row: ButtonRow | None = None
        self._row_for: tuple | None = None
        super().__init__(app, session)

    def sync(self, view: Any) -> None:
        super().sync(view)
        self.contract = view.contract
        self.calls = {s: ("Pass" if b is None else str(b)) for s, b in enumerate(view.bids)
                      if view.called[s]} if view.phase == "bid" else {}

    def rules(self) -> nap.NapRules:
        return nap.NapRules(self.trump)

    # everyone plays for themselves --------------------------------------------------------

    def side_of(self, seat: int) -> int:
        return seat

    def side_count(self) -> int:
        return self.session.state.seats

    # events --------------------------------------------------------------------------------

    def _on_NewDeal(self, event: NewDeal) -> float:
        self.calls, self.contract = {}, None
        return super()._on_NewDeal(event)

    def _on_Called(self, event: nap.Called) -> float:
        self.calls[event.seat] = event.words
        self.bubbles[event.seat] = (event.words, BUBBLE_TIME)
        return 0.45 if event.contract is None else 0.75

    def _on_AllPassed(self, event: nap.AllPassed) -> float:
        self._banner("Everyone passed: the cards are thrown in", 1.6)
        return 1.0

    def _on_ContractWon(self, event: nap.ContractWon) -> float:
        self.contract, self.maker, self.calls = event.contract, event.seat, {}
        who = self._name(event.seat)
        self._banner(f"{who} {'play' if who == 'You' else 'plays'} {event.contract} for {event.contract.credits}", 1.6)
        return 0.8

    def _on_NoTrumps(self, event: nap.NoTrumps) -> float:
        return 0.2

    def _on_TrumpSet(self, event: TrumpSet) -> float:
        pause = super()._on_TrumpSet(event)
        self._banner(f"{event.suit.title.capitalize()} are trumps", 1.3)
        return pause + 0.3

    def _on_Settled(self, event: nap.Settled) -> float:
        self.anim.finish_all()
        self.scores = list(event.chips)
        who = self._name(event.bidder)
        verdict = "made" if event.made else "lost"
        head = f"{who} {verdict} {event.contract} ({_tricks(event.tricks)})"
        each = event.contract.credits
        pay = f"Everyone pays {who} {each}" if event.made else f"{who} {'pay' if who == 'You' else 'pays'} everyone {each}"
        chips = " · ".join(f"{self._name(s)} {c}" for s, c in enumerate(event.chips))
        self.summary = ([head, pay, f"Chips: {chips}"], SUMMARY_TIME)
        return SUMMARY_TIME

    def _on_SessionOver(self, event: nap.SessionOver) -> float:
        names = ", ".join(self._name(s) for s in event.winners)
        won = "You win" if names == "You" else f"{names} {'wins' if len(event.winners) == 1 else 'win'}"
        self._banner(f"{won} with {max(event.chips)} chips", 3.0)
        return 0.6

    # the auction panel ---------------------------------------------------------------------

    def choosing_call(self) -> bool:
        return self.human_turn and getattr(self.session.state, "phase", "") in ("bid", "name")

    def human_choosing(self) -> bool:
        return self.choosing_call()

    def _row(self) -> ButtonRow:
        state = self.session.state
        key = (state.phase, state.hand_number, tuple(state.bids), self.size)
        if self.call_row is None or self._row_for != key:
            self._row_for = key
            self.call_row = ButtonRow(self._buttons(state))
            self._place_row()
        return self.call_row

    def _buttons(self, state: Any) -> list[Button]:
        size = max(13, int(18 * self.s))
        buttons: list[Button] = []
        for action in state.legal_actions(self.viewer):
            if isinstance(action, nap.Pass):
                buttons.append(Button("Pass", lambda a=action: self.act(a), kind="quiet", text_size=size))
            elif isinstance(action, nap.Bid):
                label = f"{action.contract} · {action.contract.credits}"
                buttons.append(Button(label, lambda a=action: self.act(a), kind="primary", text_size=size))
            elif isinstance(action, nap.NameTrumps):
                buttons.append(Button(action.suit.title.capitalize(), lambda a=action: self.act(a),
                                      kind="primary", text_size=size))
        return buttons

    def _place_row(self) -> None:
        if self.call_row is None:
            return
        s, n = self.s, len(self.call_row.buttons)
        gap = int(10 * s)
        widest = max(render_text(b.label, b.text_size, theme.INK, bold=True).get_width() for b in self.call_row.buttons)
        fit = int((self.size[0] * 0.92 - gap * (n - 1)) / n)
        size = (min(fit, max(int(110 * s), widest + int(24 * s))), int(44 * s))
        y = int(self.size[1] - self.own_width * 1.4 * 1.25 - 40 * s)
        self.call_row.layout((self.size[0] // 2, y), size, gap)

    def on_choice_input(self, event: pygame.event.Event) -> None:
        self._row().handle_event(event)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.call_row = None

    def _panel_title(self) -> str:
        state = self.session.state
        if state.phase == "name":
            return "You led the Joker: name trumps"
        best = state.best
        if best is None:
            return "Your bid (credits each player pays)"
        return f"Beat {best} by {self._name(state.bids.index(best))}, or pass"

    def draw_overlay(self, surface: pygame.Surface) -> None:
        self._draw_calls_and_chips(surface)
        self._draw_contract(surface)
        if not self.choosing_call():
            return
        row = self._row()
        label = render_text(self._panel_title(), max(13, int(18 * self.s)), theme.GOLD, bold=True)
        box = row.buttons[0].rect.union(row.buttons[-1].rect)
        box = box.inflate(int(36 * self.s), int(70 * self.s)).move(0, -int(14 * self.s))
        box.inflate_ip(max(0, label.get_width() + int(40 * self.s) - box.width), 0)
        panel(surface, box, radius=14)
        blit_centered(surface, label, (box.centerx, box.top + label.get_height() * 0.9))
        row.draw(surface)

    def _draw_calls_and_chips(self, surface: pygame.Surface) -> None:
        """Under each seat's name: its chips, and its call while the auction lasts."""
        size = max(11, int(14 * self.s))
        for seat in range(len(self.hands)):
            chips = self.scores[seat] if seat < len(self.scores) else 0
            text = f"{chips} chips"
            if seat in self.calls:
                text += f" · {self.calls[seat]}"
            colour = theme.GOLD if seat in self.calls and self.calls[seat] != "Pass" else theme.INK
            image = render_text(text, size, colour, bold=True)
            if seat == self.viewer:
                plate = 2.6 * max(13, int(17 * self.s))  # the name plate's height, roughly
                spot = (12 + image.get_width() / 2, self.size[1] - 22 - plate - image.get_height() / 2)
            else:
                x, y = self.plate_spot(seat)
                spot = (x, y + max(self.other_width * 0.62, 2.3 * max(13, int(17 * self.s))))
            rect = image.get_rect(center=(round(spot[0]), round(spot[1]))).inflate(12, 4)
            rect.clamp_ip(surface.get_rect())
            panel(surface, rect, radius=8)
            blit_centered(surface, image, rect.center)

    def _draw_contract(self, surface: pygame.Surface) -> None:
        """Who plays what, and the tricks still needed (or, in Mis, still to lose)."""
        if self.contract is None or self.maker is None:
            return
        who = self._name(self.maker)
        taken = self.won[self.maker] if self.maker < len(self.won) else 0
        if self.contract.is_mis:
            need = "must lose every trick" + (" (took one)" if taken else f" · {5 - sum(self.won)} to go")
        else:
            left = max(0, self.contract.needs - taken)
            need = f"{'need' if who == 'You' else 'needs'} {_tricks(left)} more" if left else "made it"
        lines = [f"{who}: {self.contract} for {self.contract.credits}", need]
        size = max(12, int(16 * self.s))
        images = [render_text(line, size, theme.GOLD if i == 0 else theme.INK, bold=i == 0)
                  for i, line in enumerate(lines)]
        width = max(i.get_width() for i in images) + 24
        height = sum(i.get_height() for i in images) + 16
        rect = pygame.Rect(10, int(62 * self.s) + 4, width, height)  # below the Menu button
        panel(surface, rect, radius=10)
        y = rect.top + 8
        for image in images:
            surface.blit(image, (rect.left + 12, y))
            y += image.get_height()

    def _draw_score(self, surface: pygame.Surface) -> None:
        """The trump badge with each player's chips and tricks this hand."""
        from app.tables import trick_parts as parts
        mine = self.viewer
        order = [mine] + [s for s in range(len(self.hands)) if s != mine]
        lines = tuple((self._name(s), f"{self.scores[s] if s < len(self.scores) else 0} · {self.won[s] if s < len(self.won) else 0}",
                       s == mine and not self.spectator) for s in order)
        title = "Chips · tricks" if self.trump or self.contract is None or not self.contract.is_mis else "No trumps"
        card = parts.score_card(lines, title, max(11, int(15 * self.s)), self.trump)
        surface.blit(card, card.get_rect(topright=(self.size[0] - 10, int(40 * self.s))))

    def hint_text(self) -> str:
        if self.choosing_call():
            return ""
        state = self.session.state
        if state.phase == "play" and state.bidder == self.viewer and not state.tricks.played():
            return "Your lead sets trumps: click the card whose suit you want"
        return super().hint_text()


def _tricks(n: int) -> str:
    return f"{n} trick{'' if n == 1 else 's'}"


Table = NapTable
