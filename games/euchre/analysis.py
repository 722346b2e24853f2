"""The coach for Euchre: each card's double-dummy and single-dummy tricks (our own exact
search: the bowers), against single-dummy. The calls (order up, name trumps, go alone)
and the dealer's discard are left out: what they are worth depends on the whole hand's
play and the score, not on a count of tricks the coach can state plainly.
"""

from __future__ import annotations

from typing import Any, Collection, Sequence

from games.core.analysis import Analysis, Progress, Review, review_game
from games.core.trick_analysis import DEALS, analyse_card, card_judge
from games.euchre.bots import play_knowledge
from games.euchre.rules import EuchreState

UNIT = "tricks"
NOTE = "calls and the discard are not reviewed"


def analyse(state: EuchreState, seat: int, seed: int = 0, deals: int = DEALS) -> Analysis | None:
    return analyse_card(state, seat, play_knowledge, seed=seed, deals=deals)


def review(options: Any, seed: int, actions: Sequence[Any], seat: int, progress: Progress | None = None,
           deals: int = DEALS, only: Collection[int] | None = None) -> Review:
    from games.registry import GAMES

    result = review_game(GAMES["euchre"], options, seed, actions, seat,
                         card_judge(play_knowledge, seed=seed, deals=deals), UNIT, progress, only)
    result.notes.append(NOTE)
    return result
