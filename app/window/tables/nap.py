"""The Nap table: the shared bidding table (app/window/tables/bidding.py) with every player for
themselves, an auction panel at the human's call (exactly the legal bids, each with its
credits), each call kept by its seat through the auction and in the call history, chips
under every seat, and a contract card saying who plays what and how many tricks they still
need."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from app.window.scenes.replay_watch import ReplayControls
from app.window.scenes.review import ReviewControls
from app.window.tables.auction import Choice, ChoiceRow
from app.window.tables.bidding import BiddingTable
from app.window.tables.tricks import SUMMARY_TIME
from games.core.trick_events import NewDeal, TrumpSet
from games.nap import rules as nap


if TYPE_CHECKING:
    from app.core.table_session import TableSession
    from app.window.scenes.base import AppServices

class NapTable(BiddingTable):
    name = "nap"
    hand_cards = 5

    def __init__(self, app: AppServices, session: TableSession) -> None:
        self.contract: nap.Contract | None = None
        super().__init__(app, session)

    def sync(self, view: Any) -> None:
        super().sync(view)
        self.contract = view.contract
        self.calls = {s: self.said(b) for s, b in enumerate(view.bids)
                      if view.called[s]} if view.phase == "bid" else {}

    def rules(self) -> nap.NapRules:
        return nap.NapRules(self.trump)

    # events --------------------------------------------------------------------------------

    def _on_NewDeal(self, event: NewDeal) -> float:
        self.calls, self.contract = {}, None
        self.history.add("deal", text=f"Hand {event.number} · {self._name(event.dealer)} dealt")
        return super()._on_NewDeal(event)

    call_holds = (0.45, 0.75)

    def call_words(self, bid: nap.Contract | None) -> str:
        return self.said(bid) if bid is None else f"{self.said(bid)} ({bid.credits})"

    def _on_AllPassed(self, event: nap.AllPassed) -> float:
        self._banner("Everyone passed: the cards are thrown in", 1.6)
        self.history.add("note", text="All passed: thrown in")
        return 1.0

    def _on_ContractWon(self, event: nap.ContractWon) -> float:
        self.contract, self.maker, self.calls = event.bid, event.seat, {}
        who = self._name(event.seat)
        self._banner(f"{who} {'play' if who == 'You' else 'plays'} {event.bid} for {event.bid.credits}", 1.6)
        self.history.add("note", who, f"plays {event.bid}")
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
        self.history.add("note", who, f"{verdict} ({_tricks(event.tricks)})")
        return SUMMARY_TIME

    def _on_SessionOver(self, event: nap.SessionOver) -> float:
        names = ", ".join(self._name(s) for s in event.winners)
        won = "You win" if names == "You" else f"{names} {'wins' if len(event.winners) == 1 else 'win'}"
        self._banner(f"{won} with {max(event.chips)} chips", 3.0)
        return 0.6

    # the auction panel ---------------------------------------------------------------------

    def choosing_call(self) -> bool:
        return self.human_turn and self.view_now().phase in ("bid", "name")

    def panel_key(self) -> tuple[object, ...]:
        view = self.view_now()
        return (view.phase, view.hand_number, view.bids)

    def panel_rows(self) -> list[ChoiceRow]:
        choices = []
        for action in self.view_now().legal:
            if isinstance(action, nap.Pass):
                choices.append(Choice("Pass", action, quiet=True, tip="Pass: no bid this hand · arrows and Enter choose, P passes", key="p"))
            elif isinstance(action, nap.Bid):
                c = action.contract
                choices.append(Choice(str(c), action, pay=c.credits, tip=_meaning(c)))
            elif isinstance(action, nap.NameTrumps):
                title = action.suit.title.capitalize()
                choices.append(Choice(title, action, suit=action.suit, tip=f"{title} are trumps"))
        return [ChoiceRow("", tuple(choices))]

    def panel_title(self) -> str:
        view = self.view_now()
        if view.phase == "name":
            return "You led the Joker: name trumps"
        best = view.best
        if best is None:
            return "Your bid · the number on each: chips from each player"
        return f"Beat {best} by {self._name(view.bids.index(best))}, or pass"

    # the contract and score cards ------------------------------------------------------------

    def contract_lines(self) -> list[str]:
        """Who plays what, and the tricks still needed (or, in Mis, still to lose)."""
        if self.contract is None or self.maker is None:
            return []
        who = self._name(self.maker)
        taken = self.won[self.maker] if self.maker < len(self.won) else 0
        if self.contract.is_mis:
            need = "must lose every trick" + (" (took one)" if taken else f" · {5 - sum(self.won)} to go")
        else:
            left = max(0, self.contract.needs - taken)
            need = f"{'need' if who == 'You' else 'needs'} {_tricks(left)} more" if left else "made it"
        return [f"{who}: {self.contract} for {self.contract.credits}", need]

    def score_rows(self) -> tuple[tuple[str, str, bool], ...]:
        mine = self.viewer
        order = [mine] + [s for s in range(len(self.hands)) if s != mine]
        return tuple((self._name(s), f"{self.scores[s] if s < len(self.scores) else 0} · {self.won[s] if s < len(self.won) else 0}",
                      s == mine and not self.spectator) for s in order)

    def no_trumps(self) -> bool:
        return self.contract is not None and self.contract.is_mis

    def score_title(self) -> str:
        if self.contract is not None and self.contract.is_mis:
            return "No trumps"
        return "Chips · tricks" if self.trump or self.contract is None else "Trumps"

    def hint_text(self) -> str:
        if self.choosing_call():
            return ""
        view = self.view_now()
        if view.phase == "play" and view.bidder == self.viewer and not view.played:
            return "Your lead sets trumps: click the card whose suit you want · ←/→ and Enter"
        return super().hint_text()


def _tricks(n: int) -> str:
    return f"{n} trick{'' if n == 1 else 's'}"


def _meaning(contract: nap.Contract) -> str:
    if contract.is_mis:
        return f"Mis: lose every trick, no trumps · {contract.credits} from each player"
    return f"{contract}: win {_tricks(contract.needs)} of 5 · {contract.credits} from each player"


Table = NapTable


class Replay(ReplayControls, NapTable):
    """Nap watched from a recording."""


class Review(ReviewControls, NapTable):
    """Nap reviewed with the coach."""
