"""The coach for Nash Whist: each card's double-dummy and single-dummy tricks for the
card's side (the declarer, with a Prop-and-Cop partner, against the rest), against
single-dummy; in Misère, fewer is better. Left out: the bidding (its question, the tricks
a declarer alone takes against three with thirteen cards each, is beyond both solvers: DDS
plays partners opposite, and our own search is too slow beyond about seven cards a hand),
Triste hands (their goal is no count of tricks), and long hands of
three or five players, which only our own exact search can solve (too slow beyond about
seven cards a hand): those cards are listed as "too long to solve".
"""

from __future__ import annotations

from typing import Any, Collection, Sequence

from games.core.analysis import Analysis, Decision, Progress, Review, review_game
from games.core.trick_analysis import DEALS, analyse_card, card_judge
from games.nash_whist.bids import TRISTE
from games.nash_whist.bots import knowledge, my_side
from games.nash_whist.rules import NashWhistState, NashWhistView

UNIT = "tricks"
NOTES = ("bids are not reviewed", "Triste hands are not reviewed")


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
        return None if _triste(state, who) else cards(state, who, action, index)

    result = review_game(GAMES["nash_whist"], options, seed, actions, seat, judge, UNIT, progress, only)
    result.notes.extend(NOTES)
    return result
