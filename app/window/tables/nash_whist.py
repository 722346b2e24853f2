"""The Nash Whist table: the shared bidding table (app/window/tables/bidding.py) for 3 to 6 seats.

What it adds to the trick table: the trump indicator turned from the other pack, lying by
the Hot Seat and marked with the contract's trumps once the auction ends; the antes flying
into a pot in the middle (pushed aside while the tricks are played); an auction panel that
first lists the bids that matter now, each with what it asks and pays, under the computer's
own reading of the hand, and behind "More bids" every legal call in rows by level; the contract card
(declarer, contract, partner after Prop and Cop, tricks still needed, the pot); seats that
sit a deal out greyed, with no cards; an Open Misere hand laid face up after the first
trick; and each settlement shown as who paid whom.
"""

from __future__ import annotations

from dataclasses import dataclass
from random import Random
from typing import TYPE_CHECKING, Any

import pygame

from app.window.scenes.replay_watch import ReplayControls
from app.window.scenes.review import ReviewControls
from app.window.anim.tween import Movable
from app.window.render.table import CardSprite, fan_positions, token
from app.window.render.text import render_text
from app.window.tables import trick_parts as parts
from app.window.tables.auction import Choice, ChoiceRow
from app.window.tables.nash_whist_calls import bid_rows, first_bids, payment_lines, standings_line
from app.window.tables.bidding import BiddingTable
from app.window.tables.tricks import SUMMARY_TIME
from app.window.ui import theme
from app.window.ui.widgets import blit_centered, panel
from games.core.cards import Card, Suit, suit_of
from games.core.trick_events import NewDeal, TrumpSet
from games.core.tricks import TrumpRules
from games.core.words import T
from games.nash_whist import bids as nwb
from games.nash_whist import bots as nw_bots
from app.core.words import bid_words
from games.nash_whist import rules as nw

if TYPE_CHECKING:
    from app.core.table_session import TableSession
    from app.window.scenes.base import AppServices

CHIP_FLIGHT = 0.45  # seconds a chip takes to fly to the pot or to a player
WIDEST_CALL = "Seven-Out ♦"   # as wide as a call's bubble gets, for the room kept for it
TOGGLE_BIDS = "more or fewer bids"  # the panel's button that is no call: it shows more bids, or fewer


@dataclass(eq=False)
class FlyingChip(Movable):
    """A chip on its way (an ante to the pot, a payment between players)."""

    x: float
    y: float
    count: int = 1


class NashWhistTable(BiddingTable):
    name = "nash_whist"
    hand_cards = 13

    def __init__(self, app: AppServices, session: TableSession) -> None:
        self.contract: nwb.Bid | None = None
        self.partner: int | None = None
        self.initial_trump: Suit | None = None
        self.hot_seat = 0
        self.pot = 0
        self.pot_at: tuple[float, float] = (0.0, 0.0)
        self.chips_flying: list[FlyingChip] = []
        self.open_seats: set[int] = set()
        self.standing: tuple[int, nwb.Bid] | None = None
        self._indicator_settled = False
        self.panel_over: pygame.Rect | None = None  # the auction panel's box while it shows
        self.all_bids = False     # the panel shows every bid (after "More bids"), not the first few
        self._bids_for: tuple[object, ...] = ()  # the decision all_bids was chosen at
        super().__init__(app, session)

    # picture from a view -------------------------------------------------------------------

    def sync(self, view: Any) -> None:
        super().sync(view)
        self.sitting_out = frozenset(view.sitting_out)
        self.contract, self.partner = view.contract, view.partner
        self.initial_trump, self.hot_seat, self.pot = view.initial_trump, view.hot_seat, view.pot
        self.standing = (view.standing_seat, view.standing) if view.standing is not None else None
        self.calls = {}
        if view.phase == "bid":
            for seat, bid in view.auction:
                self.calls[seat] = self.said(bid)
        if not self.history.entries and view.auction:  # a game picked up part way: this deal's calls
            self.history.add("deal", text=f"Deal {view.deal_number} · {self._name(view.dealer)} dealt")
            for seat, bid in view.auction:
                self.history.add("pass" if bid is None else "bid", self._name(seat), self.call_words(bid))
        self.turned = CardSprite(view.indicator, *self.stub_spot(), face_up=True, width=self.indicator_width())
        self.open_seats = set()
        for seat, cards in view.open_hands.items():
            self._lay_open(seat, cards)
        self.chips_flying = []
        self.pot_at = self._pot_home()
        self._sort_own()
        self.relayout_now()

    def rules(self) -> TrumpRules:
        """Sort by the initial trumps during the auction, by the contract's after it."""
        return TrumpRules(self.trump if self.contract is not None else self.initial_trump)

    def indicator_width(self) -> float:
        return self.trick_width * 0.72

    def stub_spot(self) -> tuple[float, float]:
        """The indicator lies by the Hot Seat: beside its hand, or towards the middle,
        wherever it covers no other seat, trick or panel."""
        seat = self.hot_seat
        spots = self._own_indicator_spots() if seat == self.viewer else self._indicator_spots(seat)
        busy = self._busy_rects(seat)
        for spot in spots:
            if not any(self._indicator_rect(spot).colliderect(r) for r in busy):
                return spot
        if self.panel_over is not None:  # the auction panel is a must: In and Out mean the turned suit
            window = pygame.Rect((0, 0), self.size)
            for spot in spots:
                rect = self._indicator_rect(spot)
                if window.contains(rect) and not rect.colliderect(self.panel_over):
                    return spot
        return spots[-1]  # the last resort: by the hand, towards the middle

    def _indicator_spots(self, seat: int) -> list[tuple[float, float]]:
        x, y = self.places[seat]
        hx, hy = self.hand_spot(seat)
        dx, dy = self.direction(seat)
        w, cw = self.trick_width, self.indicator_width()
        half = self._open_fan(seat)[2] / 2 if seat in self.open_seats else self.other_width * 1.3
        beside = half + cw * 0.5 + 10
        lift = hy - cw * 0.25
        # Above the seat's bubbles ("Pass" stood on the "turned trumps" label at 800x560).
        above = self.bubble_zone(seat, WIDEST_CALL).top - 4 - self._indicator_rect((hx, 0)).bottom
        spots = [(hx + beside, lift), (hx - beside, lift), (hx, above)]
        plate = self.plate_rects.get(seat)
        if plate is not None:
            room = self._indicator_rect((0, 0)).width / 2 + 4
            spots += [(plate.right + room, plate.top), (plate.left - room, plate.top),
                      (plate.centerx, plate.bottom + 30 * self.s + cw * 0.7)]
        return spots + [(x - dx * w * 1.9 + dy * w * 1.3, y - dy * w * 1.75 - dx * w * 0.6),
                        (x - dx * w * 1.9 - dy * w * 1.3, y - dy * w * 1.75 + dx * w * 0.6)]

    def _own_indicator_spots(self) -> list[tuple[float, float]]:
        """The viewer's indicator: above the call history (right of the hand; over its
        middle or its right end when the auction panel reaches its left end), else above
        the viewer's hand to the right."""
        cw = self.indicator_width()
        home = self.history.home
        half = self._indicator_rect((0, 0)).width / 2
        y = home.top - cw * 0.8 - 40 * self.s   # over the hint
        return [(home.left + half + 4, y), (home.centerx, y), (home.right - half - 4, y),
                (self.centre[0] + self.trick_width * 3.2, self.size[1] - self.own_width * 2.2)]

    def _indicator_rect(self, spot: tuple[float, float]) -> pygame.Rect:
        """The card and the label under it (as wide as the label's words are)."""
        cw = self.indicator_width()
        label = self._indicator_label()
        width = max(cw, label.get_width() + 4)
        rect = pygame.Rect(0, 0, round(width), round(cw * 0.85 + label.get_height() / 2 + cw * 0.7 + 2))
        rect.midtop = (round(spot[0]), round(spot[1] - cw * 0.7))
        return rect

    def _indicator_label(self) -> pygame.Surface:
        """The words under the indicator: "turned trumps", then the contract's trumps."""
        changed = self.contract is not None and self.trump is not self.initial_trump
        words = "turned trumps" if self.contract is None else self._trump_words()
        return render_text(words, max(11, int(13 * self.s)), theme.GOLD if changed else theme.INK_DIM, bold=changed)

    def _busy_rects(self, seat: int) -> list[pygame.Rect]:
        """What the indicator must not cover: other seats, the hot seat's plate, the
        tricks in the middle, the window's edges and the cards in the corners."""
        w = self.trick_width
        busy = [self.seat_box(s) for s in range(self.session.state.seats) if s not in (seat, self.viewer)]
        if seat in self.plate_rects:
            busy.append(self.plate_rects[seat])
        if seat != self.viewer:
            busy += [self._hand_rect(seat), self.bubble_zone(seat, WIDEST_CALL)]
        middle = pygame.Rect(0, 0, round(w * 3.4), round(w * 3.2))
        middle.center = (round(self.centre[0]), round(self.centre[1]))
        corner = pygame.Rect(0, 0, round(300 * self.s), round(150 * self.s))
        busy += [middle, corner, corner.move(self.size[0] - corner.width, 0)]
        if self.panel_over is not None:
            busy.append(self.panel_over)
        outside = pygame.Rect((0, 0), self.size).inflate(-8, -8)
        busy += [pygame.Rect(-1000, -1000, 1000 + outside.left, 3000), pygame.Rect(outside.right, -1000, 1000, 3000),
                 pygame.Rect(-1000, -1000, 3000, 1000 + outside.top)]
        return busy

    def _pot_home(self) -> tuple[float, float]:
        """In the middle while nothing is played there; to the side once tricks are."""
        if self.contract is None:
            return self.centre
        return (self.centre[0] - self.trick_width * 2.6, self.centre[1] - self.trick_width * 0.2)

    def targets(self) -> None:
        super().targets()
        if self.turned is not None:
            self.turned.width = self.indicator_width()
        for seat in self.open_seats:
            if seat == self.viewer:
                continue
            hand = self.hands[seat]
            centre, width, span = self._open_fan(seat)
            for sprite, spot in zip(hand, fan_positions(len(hand), centre, width, span)):
                sprite.width = width
                self.anim.tween(sprite, "pos", spot, 0.35)

    def _open_fan(self, seat: int) -> tuple[tuple[float, float], float, float]:
        """An open hand: a little larger than a hidden one and spread wide enough to read
        every card's corner, kept inside the window (centre, card width, span)."""
        width = self.other_width * 1.1
        x, y = self.hand_spot(seat)
        span = min(width * 6.0, self.size[0] * 0.36)
        x = max(span / 2 + 8, min(self.size[0] - span / 2 - 8, x))
        return (x, y - width * 0.1), width, span

    def seat_box(self, seat: int) -> pygame.Rect:
        return super().seat_box(seat).union(self._hand_rect(seat))

    def _hand_rect(self, seat: int) -> pygame.Rect:
        """Where another player's cards lie (an open hand spreads wider)."""
        if seat in self.open_seats:
            (x, y), width, span = self._open_fan(seat)
        else:
            (x, y), width, span = self.hand_spot(seat), self.other_width, self.other_width * 2.7
        rect = pygame.Rect(0, 0, round(span), round(width * 1.45))
        rect.center = (round(x), round(y))
        return rect

    def pile_spot(self, seat: int) -> tuple[float, float]:
        """The viewer's tricks lie left of the long hand, clear of the hint above it."""
        if seat != self.viewer:
            return super().pile_spot(seat)
        left = self.size[0] / 2 - self.own_span() / 2
        return (left - self.other_width * 1.3, self.size[1] - self.own_width * 0.95)

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        self.plate_rects.clear()  # drawn for another size or viewer: the indicator must not trust them
        self._indicator_settled = False
        if hasattr(self, "pot_at"):
            self.pot_at = self._pot_home()

    def update(self, dt: float) -> None:
        super().update(dt)
        over = self.panel().box.copy() if self.choosing_call() else None
        if over != self.panel_over:  # the panel came or went: the indicator keeps clear of it
            self.panel_over, self._indicator_settled = over, False
        if not self._indicator_settled and self.plate_rects and self.turned is not None:
            self._indicator_settled = True  # the plates are drawn now: place it clear of them
            self.anim.tween(self.turned, "pos", self.stub_spot(), 0.25)

    # events --------------------------------------------------------------------------------

    def _on_NewDeal(self, event: NewDeal) -> float:
        pause = super()._on_NewDeal(event)
        state = self.session.state
        self.sitting_out = frozenset(nw.sitting_out(state.seats, event.dealer))
        self.hot_seat = (event.dealer + 1) % state.seats
        self.contract = self.partner = self.standing = None
        self.calls, self.open_seats = {}, set()
        self.history.add("deal", text=f"Deal {event.number} · {self._name(event.dealer)} dealt")
        self.anim.tween(self, "pot_at", self._pot_home(), 0.3)
        return pause

    def _on_Anted(self, event: nw.Anted) -> float:
        """Each ante leaves its player's chips at once and counts in the pot on landing."""
        self.scores = list(event.chips)
        self.pot = event.pot - len(event.paid)
        for i, seat in enumerate(event.paid):
            chip = FlyingChip(*self._chip_spot(seat))
            self.chips_flying.append(chip)
            self.anim.tween(chip, "pos", self.pot_at, CHIP_FLIGHT, delay=i * 0.07,
                            on_done=lambda c=chip: self._chip_landed(c))
        self.anim.tween(self, "_pot_tick", 1.0, 0.01, delay=CHIP_FLIGHT + len(event.paid) * 0.07,
                        on_done=lambda pot=event.pot: setattr(self, "pot", pot))
        return 0.25

    _pot_tick = 0.0  # a dummy attribute tweened to call back when the antes land

    def _chip_landed(self, chip: FlyingChip) -> None:
        if chip in self.chips_flying:
            self.chips_flying.remove(chip)

    def _on_IndicatorTurned(self, event: nw.IndicatorTurned) -> float:
        self.initial_trump = event.suit
        start = self.places[self.dealer]
        self.turned = CardSprite(event.card, *start, face_up=True, width=self.indicator_width())
        self._sort_own()
        self.targets()
        self.history.add("note", text=f"Turned: {suit_of(event.card).title}")
        return 0.55

    def _on_Called(self, event: nw.Called[nwb.Bid]) -> float:
        if event.bid is not None and event.bid.kind != nwb.COP:
            self.standing = (event.seat, event.bid)
        return super()._on_Called(event)

    def call_words(self, bid: nwb.Bid | None) -> str:
        """A call as the history shows it: the bid with what it pays, or Pass."""
        return self.said(bid) if bid is None else f"{self.said(bid)} ({bid.pay})"

    def _on_AllPassed(self, event: nw.AllPassed) -> float:
        self.scores = list(event.chips)
        self.pot = event.pot
        self._banner(f"Everyone passed: a chip more each · pot {event.pot}", 1.8)
        self.history.add("note", text=f"All passed: pot {event.pot}")
        return 1.2

    def _on_ContractWon(self, event: nw.ContractWon) -> float:
        self.contract, self.maker, self.partner, self.calls = event.bid, event.seat, event.partner, {}
        if self.initial_trump is not None:  # the contract's trumps at once: no "no trumps" flash before TrumpSet
            self.trump = event.bid.trump(self.initial_trump)
        who = self._name(event.seat)
        if event.partner is not None:
            text = f"{who} and {self._name(event.partner)}: Prop-and-Cop, 8 tricks together"
            self.history.add("note", who, "plays Prop-and-Cop")
        else:
            text = f"{who} {'play' if who == 'You' else 'plays'} {event.bid} for {event.bid.pay} each"
            self.history.add("note", who, f"plays {event.bid}")
        self._banner(text, 1.8)
        self.anim.tween(self, "pot_at", self._pot_home(), 0.4)
        return 0.9

    def _on_TrumpSet(self, event: TrumpSet) -> float:
        pause = super()._on_TrumpSet(event)
        if event.suit is not self.initial_trump:
            self._banner(f"{event.suit.title.capitalize()} are trumps now", 1.3)
        return pause

    def _on_NoTrumps(self, event: nw.NoTrumps) -> float:
        self.trump = None
        self._sort_own()
        self.targets()
        self._banner("No trumps this hand", 1.3)
        return 0.5

    def _on_HandOpened(self, event: nw.HandOpened) -> float:
        self._lay_open(event.seat, event.cards)
        self.targets()
        who = self._name(event.seat)
        self._banner(f"Open Misere: {who} {'lay' if who == 'You' else 'lays'} the hand face up", 1.6)
        return 0.8

    def _lay_open(self, seat: int, cards: tuple[Card, ...]) -> None:
        self.open_seats.add(seat)
        if seat == self.viewer:
            return
        hand = self.hands[seat]
        rules = self.rules()
        ordered = sorted(cards, key=rules.sort_key)
        for sprite, card in zip(hand, ordered):
            sprite.card, sprite.face_up = card, True
        del hand[len(ordered):]

    def _on_Claimed(self, event: nw.Claimed) -> float:
        """Why the hand stopped, as the rules say it ("You cannot reach 13 tricks ...")."""
        self.anim.finish_all()
        self._banner(self.to_player(event.reason), 1.8)
        return 1.0

    def _on_Settled(self, event: nw.Settled) -> float:
        self.anim.finish_all()
        self._fly_payments(event)
        self.scores, self.pot = list(event.chips), event.pot
        side = self._name(event.declarer) + (f" & {self._name(event.partner)}" if event.partner is not None else "")
        verb = ("make" if event.partner is not None or side == "You" else "makes") if event.made else \
            ("fail" if event.partner is not None or side == "You" else "fails")
        lines = [f"{side} {verb} {event.bid.title}"]
        lines += payment_lines([(self._name(p.payer), self._name(p.payee), p.chips) for p in event.payments])
        if event.pot_won:
            lines.append(f"{self._name(event.declarer)} {'take' if side == 'You' else 'takes'} the pot of {event.pot_won}")
        elif event.pot:
            lines.append(f"The pot keeps its {event.pot} chips")
        chips = " · ".join(f"{self._name(s)} {c}" for s, c in enumerate(event.chips))
        lines.append(f"Chips: {chips}")
        self.history.add("note", side, f"{'made' if event.made else 'failed'} {event.bid.title}")
        return self.show_summary(lines, SUMMARY_TIME + 0.8)

    def _fly_payments(self, event: nw.Settled) -> None:
        for i, p in enumerate(event.payments):
            chip = FlyingChip(*self._chip_spot(p.payer), count=p.chips)
            self.chips_flying.append(chip)
            self.anim.tween(chip, "pos", self._chip_spot(p.payee), CHIP_FLIGHT * 1.4, delay=i * 0.12,
                            on_done=lambda c=chip: self._chip_landed(c))
        if event.pot_won:
            chip = FlyingChip(*self.pot_at, count=event.pot_won)
            self.chips_flying.append(chip)
            self.anim.tween(chip, "pos", self._chip_spot(event.declarer), CHIP_FLIGHT * 1.6,
                            on_done=lambda c=chip: self._chip_landed(c))

    def _on_SessionOver(self, event: nw.SessionOver) -> float:
        names = ", ".join(self._name(s) for s in event.winners)
        won = "You win" if names == "You" else f"{names} {'wins' if len(event.winners) == 1 else 'win'}"
        self._banner(f"{won} with {max(event.chips)} chips", 3.0)
        order = standings_line([self._name(s) for s in range(len(event.chips))], event.chips)
        self.summary = ([self.to_player(T("Session over: {reason}", reason=event.reason)), order], SUMMARY_TIME)
        self.history.add("note", text=f"Session over: {names} won")
        return 0.6

    # the auction panel ---------------------------------------------------------------------

    def choosing_call(self) -> bool:
        return self.human_turn and self.view_now().phase == "bid"

    def panel_key(self) -> tuple[object, ...]:
        view = self.view_now()
        decision = (view.deal_number, len(view.auction), view.cop_chance)
        if decision != self._bids_for:  # a new call to make starts from the first few bids
            self._bids_for, self.all_bids = decision, False
        return decision + (self.all_bids,)

    def choose_call(self, action: Any) -> None:
        if action == TOGGLE_BIDS:
            self.all_bids = not self.all_bids
            self.call_panel = None
        else:
            super().choose_call(action)

    def panel_rows(self) -> list[ChoiceRow]:
        view = self.view_now()
        return self._every_row(view) if self.all_bids else self._first_rows(view)

    def _every_row(self, view: Any) -> list[ChoiceRow]:
        """Every legal call, in rows by level (Pass and Cop first), and "Fewer bids"."""
        legal = view.legal
        first = tuple(self._simple_choice(a, view) for a in legal if not isinstance(a, nw.MakeBid))
        rows = bid_rows([a for a in legal if isinstance(a, nw.MakeBid)], view.initial_trump)
        fewer = ChoiceRow("", (self._toggle_choice(),))
        if rows and rows[0].heading == "" and rows[0].choices[0].label in ("Prop", "Five-In"):
            return [ChoiceRow("", first + rows[0].choices)] + rows[1:] + [fewer]
        return [ChoiceRow("", first)] + rows + [fewer]

    def _first_rows(self, view: Any) -> list[ChoiceRow]:
        """Pass (and Cop), the bids that matter now, each with its meaning, and "More bids"
        when there are others."""
        bids = {a.bid: a for a in view.legal if isinstance(a, nw.MakeBid)}
        rows = [ChoiceRow("", (self._listed_call(a, view),)) for a in view.legal if not isinstance(a, nw.MakeBid)]
        shown = first_bids(list(bids), nw_bots.estimates(view), self._suggested(view)[0])
        rows += [ChoiceRow("", (self._listed_bid(bids[bid], view),)) for bid in shown]
        if len(shown) < len(bids):
            rows.append(ChoiceRow("", (self._toggle_choice(),)))
        return rows

    def _suggested(self, view: Any) -> tuple[nwb.Bid | None, bool]:
        """What a Normal computer player would call with this hand: (its bid, or None; Cop)."""
        action = nw_bots.normal_bid(view, Random(0))  # (its estimate draws nothing at random)
        return (action.bid if isinstance(action, nw.MakeBid) else None, isinstance(action, nw.Cop))

    def _toggle_choice(self) -> Choice:
        label, meaning = (bid_words.FEWER_BIDS, bid_words.FEWER_MEANING) if self.all_bids else \
            (bid_words.MORE_BIDS, bid_words.MORE_MEANING)
        words = self.to_player(meaning)
        return Choice(self.to_player(label), TOGGLE_BIDS, quiet=True, key="m",
                      meaning="" if self.all_bids else words, tip=f"{self.to_player(label)}: {words}")

    def _listed_bid(self, action: nw.MakeBid, view: Any) -> Choice:
        bid = action.bid
        name = self.to_player(bid_words.bid_name(bid))
        meaning = self.to_player(bid_words.meaning(bid, view.initial_trump))
        tip = self.to_player(T("{name}: {meaning} · {stakes}", name=bid_words.bid_name(bid),
                               meaning=bid_words.meaning(bid, view.initial_trump), stakes=bid_words.stakes(bid, view.pot)))
        return Choice(name, action, meaning=meaning, tip=tip)

    def _listed_call(self, action: Any, view: Any) -> Choice:
        """Pass or Cop as a line of the list, with its meaning."""
        choice = self._simple_choice(action, view)
        if isinstance(action, nw.Cop):
            words = bid_words.meaning(nwb.Bid(nwb.COP), view.initial_trump, proposer=view.standing_seat)
            return Choice(choice.label, action, key="c", meaning=self.to_player(words), tip=choice.tip)
        meaning = self.to_player(bid_words.pass_meaning(view.cop_chance))
        return Choice(choice.label, action, quiet=True, key="p", tip=f"{choice.label}: {meaning}", meaning=meaning)

    def _simple_choice(self, action: Any, view: Any) -> Choice:
        if isinstance(action, nw.Cop):
            who = self._name(view.standing_seat)
            return Choice("Cop", action, pay=nwb.Bid(nwb.COP).pay, key="c",
                          tip=f"Cop: partner {who}'s Prop, 8 tricks together in {view.initial_trump.title}")
        if view.cop_chance:
            tip = "Pass (P): nobody plays, everyone adds a chip to the pot"
        else:
            tip = "Pass (P): no more bids this deal · the numbers: chips from each opponent"
        return Choice("Pass", action, quiet=True, key="p", tip=tip)

    def panel_title(self) -> str:
        view = self.view_now()
        seat = view.standing_seat   # (someone has bid whenever there is a Prop to Cop or a bid to beat)
        who = self._name(seat) if seat is not None else ""
        if view.cop_chance:
            return f"Cop {who}'s Prop, or pass · pot {view.pot}"
        if view.standing is None:
            return f"Your bid · pot {view.pot}"
        if any(isinstance(a, nw.Cop) for a in view.legal):
            return f"Cop {who}'s Prop, bid higher, or pass · pot {view.pot}"
        return f"Beat {view.standing} by {who}, or pass · pot {view.pot}"

    def panel_note(self) -> str:
        """Over the first bids, the computer's reading of the hand and what it would call;
        over every bid, what In, Out and NT mean with this deal's turned suit (always
        shown: a cramped panel scrolls its rows rather than drop it)."""
        view = self.view_now()
        if self.all_bids and not view.cop_chance:
            suit = view.initial_trump.title
            return f"In: {suit}, the turned suit, stay trumps · Out: you name the trumps · NT: no trumps"
        estimate = nw_bots.estimates(view)
        best = max(estimate, key=lambda trump: estimate[trump])
        bid, cop = self._suggested(view)
        reading = self.to_player(T("{reading} · {advice}", reading=bid_words.hand_reading(estimate[best], best),
                                   advice=bid_words.advice(bid, cop)))
        return reading

    # what the table shows --------------------------------------------------------------------

    def plate_bits(self, seat: int) -> list[str]:
        if seat in self.sitting_out:
            return ["sitting out"]
        bits = [self.seat_label(seat)]
        if seat == self.viewer and seat in (self.dealer, self.hot_seat, self.maker, self.partner):
            bits = []  # the viewer's plate sits by the hand: keep it short
        if seat == self.dealer:
            bits.append("dealer")
        if seat == self.hot_seat:
            bits.append("hot seat")
        if seat == self.maker:
            bits.append("declarer")
        elif seat == self.partner:
            bits.append("partner")
        return bits

    def chip_label(self, seat: int) -> str:
        text = super().chip_label(seat)
        return text + " · out" if seat in self.sitting_out else text

    def _chip_spot(self, seat: int) -> tuple[float, float]:
        image = render_text(self.chip_label(seat), max(11, int(14 * self.s)), theme.INK, bold=True)
        rect = self.chip_rect(seat, image)
        return (rect.centerx, rect.centery)

    def contract_lines(self) -> list[str]:
        if self.contract is None or self.maker is None:
            if self.standing is None:
                return [f"Auction · pot {self.pot}", "no bid yet"]
            seat, bid = self.standing
            by = self._name(seat)
            return [f"Auction · pot {self.pot}", f"standing: {bid} by {'you' if by == 'You' else by}"]
        who = self._name(self.maker)
        head = f"{who}: {self.contract.title} for {self.contract.pay}"
        lines = [head]
        if self.partner is not None:
            lines.append(f"with {self._name(self.partner)} as partner")
        lines.append(self._need_line())
        lines.append(f"{self._trump_words()} · pot {self.pot}")
        return lines

    def contract_short(self) -> list[str]:
        """The contract card for a crowded table: two short lines."""
        lines = self.contract_lines()
        if self.contract is None or self.maker is None:
            return lines
        need = self._need_line().replace(" more trick", "").replace("s (", " (")
        return [f"{self._name(self.maker)}: {self.contract.title}", f"{need.split(' (')[0]} · pot {self.pot}"]

    def _need_line(self) -> str:
        assert self.contract is not None and self.maker is not None
        side = self.won[self.maker] if self.maker < len(self.won) else 0
        if self.partner is not None and self.partner < len(self.won):
            side += self.won[self.partner]
        plural = self.partner is not None or self._name(self.maker) == "You"
        if self.contract.is_misere:
            return "took a trick: lost" if side else "must lose every trick"
        if self.contract.kind == nwb.TRISTE:
            return {0: "needs exactly one trick", 1: "has its one: no more"}.get(side, "took two: lost")
        left = max(0, self.contract.tricks - side)
        if not left:
            return "made it"
        return f"{'need' if plural else 'needs'} {left} more trick{'' if left == 1 else 's'} ({side} taken)"

    def _trump_words(self) -> str:
        return f"{self.trump.title} trumps" if self.trump is not None else "no trumps"

    def score_rows(self) -> tuple[tuple[str, str, bool], ...]:
        order = [self.viewer] + [s for s in range(len(self.hands)) if s != self.viewer]
        rows = []
        for s in order:
            chips = self.scores[s] if s < len(self.scores) else 0
            tricks = "out" if s in self.sitting_out else str(self.won[s] if s < len(self.won) else 0)
            rows.append((self._name(s), f"{chips} · {tricks}", s == self.viewer and not self.spectator))
        return tuple(rows)

    def score_title(self) -> str:
        return "Chips · tricks"

    def _score_card(self, full: bool) -> pygame.Surface:
        """During the auction the badge shows the turned (initial) trumps."""
        rows = self.score_rows() if full else ()
        title = self.score_title() if full else self.trump_title()
        trump = self.trump if self.contract is not None else self.initial_trump
        return parts.score_card(rows, title, max(11, int(15 * self.s)), trump, "NT" if self.no_trumps() else "?")

    def no_trumps(self) -> bool:
        return self.contract is not None and self.trump is None

    def trump_title(self) -> str:
        if self.contract is None:
            return "Turned trumps"
        return "Trumps" if self.trump is not None else "No trumps"

    def hint_text(self) -> str:
        if self.choosing_call():
            return ""
        return super().hint_text()

    # drawing -------------------------------------------------------------------------------

    def draw_overlay(self, surface: pygame.Surface) -> None:
        self._draw_sitting_out(surface)
        self._draw_pot(surface)
        super().draw_overlay(surface)
        for chip in self.chips_flying:
            self._draw_chip(surface, chip)

    def _draw_sitting_out(self, surface: pygame.Surface) -> None:
        size = max(11, int(14 * self.s))
        for seat in self.sitting_out:
            if seat == self.viewer:
                continue
            x, y = self.hand_spot(seat)
            w = self.other_width
            rect = pygame.Rect(0, 0, round(w * 2.2), round(w * 1.1))
            rect.center = (round(x), round(y))
            pygame.draw.rect(surface, (70, 90, 78), rect, width=2, border_radius=8)
            blit_centered(surface, render_text("sitting out", size, theme.INK_DIM), rect.center)
        if self.viewer in self.sitting_out and not self.spectator:
            text = render_text("You sit this deal out", max(14, int(20 * self.s)), theme.INK_DIM, bold=True)
            y = self.size[1] - self.own_width
            if self.humans_knocked_out():   # above the "Play the rest" button, not under it
                self._place_rest()
                y = min(y, self.rest_button.rect.top - 8 - text.get_height() // 2)
            blit_centered(surface, text, (self.size[0] // 2, y))

    def _draw_pot(self, surface: pygame.Surface) -> None:
        """The pot's chips and count, in the middle; hidden while the auction panel lies
        over them (its title says the pot), so nothing of it shows at the panel's edge."""
        r = max(7, int(self.trick_width * 0.13))
        x, y = self.pot_at
        if self.panel_over is not None and self.panel_over.inflate(0, r * 6).collidepoint(round(x), round(y)):
            return
        stack = min(6, max(1, self.pot // 3)) if self.pot else 0
        for i in range(stack):
            image = token(r)
            surface.blit(image, image.get_rect(center=(round(x + (i % 2) * 3 - 1), round(y - i * r * 0.45))))
        label = render_text(f"Pot {self.pot}", max(11, int(14 * self.s)), theme.GOLD, bold=True)
        rect = label.get_rect(midtop=(round(x), round(y + r + 2))).inflate(12, 4)
        panel(surface, rect, radius=8)
        blit_centered(surface, label, rect.center)

    def _draw_chip(self, surface: pygame.Surface, chip: FlyingChip) -> None:
        r = max(7, int(self.trick_width * 0.13))
        image = token(r)
        surface.blit(image, image.get_rect(center=(round(chip.x), round(chip.y))))
        if chip.count > 1:
            tag = render_text(str(chip.count), max(11, int(13 * self.s)), theme.INK, bold=True)
            blit_centered(surface, tag, (chip.x, chip.y - r - tag.get_height() // 2))

    def _draw_turned(self, surface: pygame.Surface) -> None:
        """The indicator; once the contract changes the trumps, a badge says to what."""
        sprite = self.turned
        assert sprite is not None
        changed = self.contract is not None and self.trump is not self.initial_trump
        sprite.dim = changed
        self.drawer.draw(surface, sprite)
        if changed:
            badge = parts.trump_badge(self.trump, int(sprite.width * 0.7), "NT")
            surface.blit(badge, badge.get_rect(center=(round(sprite.x), round(sprite.y))))
        label = self._indicator_label()
        surface.blit(label, self.turned_label_rect())

    def turned_label_rect(self) -> pygame.Rect:
        """Where the words under the indicator are drawn."""
        assert self.turned is not None
        sprite = self.turned
        rect = self._indicator_label().get_rect(center=(round(sprite.x), round(sprite.y + sprite.width * 0.85)))
        return rect.clamp(pygame.Rect((0, 0), self.size))


Table = NashWhistTable


class Replay(ReplayControls, NashWhistTable):
    """Nash Whist watched from a recording."""


class Review(ReviewControls, NashWhistTable):
    """Nash Whist reviewed with the coach."""
