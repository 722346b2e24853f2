"""Computer players for the Nash game.

- ``hard`` remembers everything it saw (see ``knowledge``), computes the exact chance of
  every value for the mystery card, asks for the value it expects to collect the most cards
  of (it knows which cards it gave away and to whom): cards that come over face up stop
  being the other players' secret, while a failed ask shows them one of its own cards, and guesses to win: the likeliest value, or near it when being closest (three
  cards and the next ask) is worth more than a slightly likelier long shot.
- ``normal`` remembers only the last dozen events and ignores what failed asks tell.
- ``easy`` remembers nothing but its hand and the turned mystery cards, asks for a value it
  holds, and guesses by chance weighted by what it can see.

>>> from games.nash.rules import NashOptions, new_game
>>> state = new_game(NashOptions(seats=3), seed=2)
>>> seat = state.to_act()[0]
>>> all(bot(state.view(seat), Random(0)) in state.legal_actions(seat) for bot in BOTS.values())
True
"""

from __future__ import annotations

from random import Random
from typing import Callable

from games.core.protocol import Action
from games.nash import rules as nr
from games.nash.knowledge import Knowledge

Bot = Callable[[nr.NashView, Random], Action]

CLOSEST_WORTH = 0.3   # a closest guess's three cards and the next ask, against a win (1.0)
FAIL_COST = 0.5       # a failed ask lets the others see one of our cards
KNOWN_WORTH = 0.1     # collecting a card we already knew about tells us nothing new


def chances(view: nr.NashView, know: Knowledge, exact: bool = True) -> dict[int, float]:
    """Chance of each value for the next mystery card; ``exact`` uses what failed asks told."""
    if exact:
        try:
            return know.mystery_odds(view)
        except ValueError:  # memory that contradicts itself: fall back on the plain count
            pass
    unseen = know.unseen()
    total = sum(unseen.values())
    return {v: (n / total if total else 0.0) for v, n in unseen.items()}


def closest_chance(guess: int, before: list[int], odds: dict[int, float]) -> float:
    """Chance that ``guess`` is strictly nearer than every earlier guess (half for a tie)."""
    total = 0.0
    for value, p in odds.items():
        mine = abs(guess - value)
        best = min((abs(g - value) for g in before), default=99)
        total += p if mine < best else p / 2 if mine == best else 0.0
    return total


def best_guess(view: nr.NashView, odds: dict[int, float], rng: Random, thoughtful: bool) -> nr.Guess:
    allowed = [a.value for a in view.legal if isinstance(a, nr.Guess)]
    before = [v for _, v in view.guesses]
    final = view.guessing == 2

    def score(value: int) -> float:
        if final or not thoughtful:
            return odds.get(value, 0.0)
        return odds.get(value, 0.0) + CLOSEST_WORTH * closest_chance(value, before, odds)

    top = max(score(v) for v in allowed)
    return nr.Guess(view.seat, rng.choice([v for v in allowed if score(v) >= top - 1e-12]))


def ask_score(view: nr.NashView, know: Knowledge, odds: dict[int, float], value: int) -> float:
    """Expected cards collected by asking for ``value``, less the cost of coming away empty."""
    known = know.held_by_others(value)
    pool = know.pool_size(view)
    unseen = know.unseen()[value]
    in_hands = max(0.0, unseen - odds.get(value, 0.0) * pool)
    fail = 0.0 if known else _none_held_chance(view, know, value, in_hands, unseen)
    # Cards that come over face up stop being anyone's secret: the gain is the other players'
    # unseen cards brought into the open; a known card only makes the ask safe.
    return KNOWN_WORTH * known + in_hands - FAIL_COST * fail * know.private_share(view.hand)


def _none_held_chance(view: nr.NashView, know: Knowledge, value: int, in_hands: float, unseen: int) -> float:
    if unseen == 0:
        return 1.0
    if all(value in know.lacks[p] for p in know.lacks if p not in know.unsure):
        return 1.0 if not know.unsure else 0.5
    return max(0.0, 1.0 - in_hands / unseen) ** unseen


def hard(view: nr.NashView, rng: Random) -> Action:
    know = Knowledge.from_view(view)
    odds = chances(view, know)
    if view.guessing is not None:
        return best_guess(view, odds, rng, thoughtful=True)
    scores = {v: ask_score(view, know, odds, v) for v in range(1, view.top + 1)}
    top = max(scores.values())
    return nr.Ask(view.seat, rng.choice([v for v, s in scores.items() if s >= top - 1e-9]))


def normal(view: nr.NashView, rng: Random) -> Action:
    know = Knowledge.from_view(view, remember=12)
    odds = chances(view, know, exact=False)
    if view.guessing is not None:
        return best_guess(view, odds, rng, thoughtful=False)
    known = {v: know.held_by_others(v) for v in range(1, view.top + 1)}
    if max(known.values()) > 0:
        top = max(known.values())
        return nr.Ask(view.seat, rng.choice([v for v, n in known.items() if n == top]))
    mine = [nr.value_of(c) for c in view.hand]
    return nr.Ask(view.seat, rng.choice(mine) if mine else rng.randint(1, view.top))


def easy(view: nr.NashView, rng: Random) -> Action:
    know = Knowledge.from_view(view, remember=0)
    if view.guessing is not None:
        odds = chances(view, know, exact=False)
        allowed = [a.value for a in view.legal if isinstance(a, nr.Guess)]
        weights = [odds.get(v, 0.0) + 0.02 for v in allowed]
        return nr.Guess(view.seat, rng.choices(allowed, weights)[0])
    mine = [nr.value_of(c) for c in view.hand]
    return nr.Ask(view.seat, rng.choice(mine) if mine else rng.randint(1, view.top))


BOTS: dict[str, Bot] = {"easy": easy, "normal": normal, "hard": hard}
