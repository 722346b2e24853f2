"""The coach for Nap: each card's double-dummy and single-dummy tricks for the card's side
(the bidder alone against the rest), against single-dummy; in Mis, fewer is better. The
bids are left out: a bid's worth is the chance of making it, not a count of tricks.
"""

from __future__ import annotations

from typing import Any, Collection, Sequence

from games.core.analysis import Analysis, Progress, Review, review_game
from games.core.trick_analysis import DEALS, analyse_card, card_judge
from games.nap.bots import knowledge
from games.nap.rules import NapState, NapView

UNIT = "tricks"
NOTE = "bids are not reviewed"


def sides(view: NapView) -> tuple[tuple[int, ...], bool]:
    """The bidder against everyone else; Mis is played for fewest tricks."""
    bidder = view.bidder
    misere = view.contract is not None and view.contract.is_mis
    return tuple(0 if s == bidder else 1 for s in range(view.seats)), misere


def analyse(state: NapState, seat: int, seed: int = 0, deals: int = DEALS) -> Analysis | None:
    return analyse_card(state, seat, knowledge, sides, seed=seed, deals=deals)


def review(options: Any, seed: int, actions: Sequence[Any], seat: int, progress: Progress | None = None,
           deals: int = DEALS, only: Collection[int] | None = None) -> Review:
    from games.registry import GAMES

    result = review_game(GAMES["nap"], options, seed, actions, seat,
                         card_judge(knowledge, sides, seed=seed, deals=deals), UNIT, progress, only)
    result.notes.append(NOTE)
    return result
