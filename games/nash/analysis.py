"""The coach for the Nash game: at each guess, the chance that each value was right, from
what the guessing seat knew then (games/nash/knowledge.py: every card it saw, what failed
asks showed about other hands; exact counts by games/nash/odds.py). The likeliest value is
the best guess; a guess at least ten points less likely is a mistake. The asks are left
out: what an ask is worth depends on what it reveals to everyone, not on one chance.
"""

from __future__ import annotations

from typing import Any, Collection, Sequence

from games.core.analysis import Analysis, Decision, Progress, Review, review_game
from games.nash import rules as nr
from games.nash.bots import chances
from games.nash.knowledge import Knowledge

UNIT = "chance"
MISTAKE = 0.10
NOTE = "asks are not reviewed"


def analyse(state: nr.NashState, seat: int) -> Analysis | None:
    """Each legal guess with the chance it names the mystery card; None outside a guess."""
    view = state.view(seat)
    guesses = [a for a in view.legal if isinstance(a, nr.Guess)]
    if not guesses:
        return None
    odds = chances(view, Knowledge.from_view(view))
    return Analysis({g: odds.get(g.value, 0.0) for g in guesses}, mistake_at=MISTAKE)


def judge(state: Any, seat: int, action: Any, index: int) -> Decision | None:
    if not isinstance(action, nr.Guess):
        return None
    analysis = analyse(state, seat)
    if analysis is None:
        return None
    view = state.view(seat)
    return Decision(index, seat, "guess", (view.guessing or 0) + 1, action, analysis)


def review(options: Any, seed: int, actions: Sequence[Any], seat: int,
           progress: Progress | None = None, only: Collection[int] | None = None) -> Review:
    from games.registry import GAMES

    result = review_game(GAMES["nash"], options, seed, actions, seat, judge, UNIT, progress, only)
    result.notes.append(NOTE)
    return result
