"""The coach for Whist: each card's double-dummy and single-dummy tricks (DDS where it is
installed), the cost counted against single-dummy. Whist has no bidding to review.

>>> from games.whist.rules import WhistOptions, new_game
>>> state = new_game(WhistOptions(), seed=3)
>>> seat = state.to_act()[0]
>>> result = analyse(state, seat, deals=4)
>>> result is not None and set(result.values) == {a.card for a in state.legal_actions(seat)}
True
"""

from __future__ import annotations

from typing import Any, Collection, Sequence

from games.core.analysis import Analysis, Progress, Review, review_game
from games.core.trick_analysis import DEALS, analyse_card, card_judge
from games.whist.bots import knowledge
from games.whist.rules import WhistState

UNIT = "tricks"


def analyse(state: WhistState, seat: int, seed: int = 0, deals: int = DEALS) -> Analysis | None:
    return analyse_card(state, seat, knowledge, seed=seed, deals=deals)


def review(options: Any, seed: int, actions: Sequence[Any], seat: int, progress: Progress | None = None,
           deals: int = DEALS, only: Collection[int] | None = None) -> Review:
    from games.registry import GAMES

    return review_game(GAMES["whist"], options, seed, actions, seat, card_judge(knowledge, seed=seed, deals=deals),
                       UNIT, progress, only)
