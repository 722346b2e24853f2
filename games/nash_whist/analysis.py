"""The coach for Nash Whist: each card's double-dummy and single-dummy tricks for the
card's side (the declarer, with a Prop-and-Cop partner, against the rest), against
single-dummy; in Misère, fewer is better. Left out: Triste hands (their goal is no count
of tricks), and long hands of three or five players, which only our own exact search can
solve (too slow beyond about seven cards a hand): those cards are listed as "too long to
solve".

Bids: where the contract is decided, how many tricks the hand could take. A declarer alone
against three with thirteen cards each is beyond both solvers (DDS plays partners
opposite; our own search is too slow beyond about seven cards a hand), so each bid, pass
and Cop shows the calibrated estimate of the tricks the hand takes alone with each choice
of trumps (games/nash_whist/evaluate.py: off by about one trick), its chance at Misere,
and how the bid stands against the estimate. A Cop in a four-handed game whose proposer
sits opposite is a partnership contract DDS can solve: it also shows the tricks the two
hands take together with the initial trumps, every hand open, and whether that makes 8.
"""

from __future__ import annotations

from typing import Any, Collection, Sequence

from games.core.analysis import Analysis, Decision, Progress, Review, review_game
from games.core.cards import Suit
from games.core.double_dummy import dds_available
from games.core.trick_analysis import DEALS, TrumpChoice, analyse_card, card_judge, contract_tricks
from games.core.tricks import TrumpRules
from games.nash_whist import evaluate as ev
from games.nash_whist.bids import IN, NO_TRUMPS, OUT, PROP, THIRTEEN, TRISTE
from games.nash_whist.bots import estimates, knowledge, my_side, players
from games.nash_whist.rules import Cop, MakeBid, NashWhistState, NashWhistView, Pass

UNIT = "tricks"
NOTES = ("bids are judged against an estimate of the tricks, not solved", "Triste hands are not reviewed")
PARTNERS_NEED = 8  # Prop-and-Cop


def sides(view: NashWhistView) -> tuple[tuple[int, ...], bool]:
    side = my_side(view)
    misere = view.contract is not None and view.contract.is_misere
    return tuple(0 if s in side else 1 for s in range(view.seats)), misere


def _triste(state: NashWhistState, seat: int) -> bool:
    view = state.view(seat)
    return view.contract is not None and view.contract.kind == TRISTE


def analyse(state: NashWhistState, seat: int, seed: int = 0, deals: int = DEALS) -> Analysis | None:
    if _triste(state, seat):
        return None
    return analyse_card(state, seat, knowledge, sides, seed=seed, deals=deals)


def review(options: Any, seed: int, actions: Sequence[Any], seat: int, progress: Progress | None = None,
           deals: int = DEALS, only: Collection[int] | None = None) -> Review:
    from games.registry import GAMES

    cards = card_judge(knowledge, sides, seed=seed, deals=deals)

    def judge(state: Any, who: int, action: Any, index: int) -> Decision | None:
        if isinstance(action, (MakeBid, Pass, Cop)) and state.phase == "bid":
            return Decision(index, who, "bid", 0, bid_name(action), bid_analysis(state, who, action),
                            int(state.deal_number))
        return None if _triste(state, who) else cards(state, who, action, index)

    result = review_game(GAMES["nash_whist"], options, seed, actions, seat, judge, UNIT, progress, only)
    result.notes.extend(NOTES)
    return result


# --- bids ------------------------------------------------------------------------------------

def bid_name(action: MakeBid | Pass | Cop) -> str:
    if isinstance(action, MakeBid):
        return str(action.bid)
    return "Cop" if isinstance(action, Cop) else "pass"


def trumps_label(trump: Suit | None) -> str:
    return "NT" if trump is None else str(trump.value)


def bid_analysis(state: NashWhistState, seat: int, action: MakeBid | Pass | Cop) -> Analysis:
    """The hand's estimated tricks alone for each choice of trumps, its Misere chance, and
    the bid's standing against them (with the double-dummy count of a Cop where DDS can
    solve it): see the module's notes."""
    view = state.view(seat)
    table = estimates(view)
    data: dict[str, Any] = {
        "bid": bid_name(action), "initial": trumps_label(view.initial_trump),
        "estimate": {trumps_label(t): round(v, 1) for t, v in table.items()},
        "misere_chance": round(ev.misere_safety(view.hand, players(view)), 2),
        "needs": None,
    }
    if isinstance(action, MakeBid):
        bid = action.bid
        data["kind"] = bid.kind
        if bid.kind in (IN, OUT, NO_TRUMPS, THIRTEEN):
            trump = bid.trump(view.initial_trump)
            data.update(needs=bid.level, trumps=trumps_label(trump), expected=round(table[trump], 1))
        elif bid.kind == PROP:
            data.update(needs=PARTNERS_NEED, trumps=trumps_label(view.initial_trump),
                        expected=round(table[view.initial_trump], 1))
    elif isinstance(action, Cop):
        data.update(needs=PARTNERS_NEED, trumps=trumps_label(view.initial_trump),
                    expected=round(table[view.initial_trump], 1))
        proposer = view.standing_seat
        if proposer is not None and view.seats == 4 and (proposer - seat) % 4 == 2 and dds_available():
            data.update(_partnership(state, seat, proposer, view.initial_trump, view.hot_seat))
    return Analysis({}, reason="bid", extra={"bid": data})


def _partnership(state: NashWhistState, seat: int, proposer: int, trump: Suit, leader: int) -> dict[str, Any]:
    """Prop-and-Cop with the partners opposite: their tricks together, every hand open."""
    side = tuple(0 if s in (seat, proposer) else 1 for s in range(4))
    label = trumps_label(trump)
    real = contract_tricks([state.hands], [TrumpChoice(label, TrumpRules(trump))], leader, seat, side)
    tricks = int(real[label][0])
    return {"double_dummy": {label: tricks}, "makes": tricks >= PARTNERS_NEED}
