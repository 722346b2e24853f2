"""The coach for trick games: each legal card's double-dummy and single-dummy value.

A thin adapter over the solver half (games/core/double_dummy.py, expert_play.py), which
this module only calls: double-dummy is ``solve`` of the real hands; single-dummy is
``single_dummy`` over deals consistent with what the seat knew, seeded from the game's
seed and the decision's place, so a review is the same every time. Both go to the solver
in one batch, a deal sampled twice solved once (the same numbers, sooner). The cost of a card
counts against single-dummy: a card only an all-seeing player would find is no mistake.

Bids are not reviewed here (see each game's analysis.py): the coach judges card play.
"""

from __future__ import annotations

from random import Random
from typing import Any, Callable, Sequence

from games.core.analysis import Analysis, Decision
from games.core.cards import Card
from games.core.double_dummy import Position, engine_for, solve_many
from games.core.expert_play import sample_positions
from games.core.trick_bots import Knowledge, legal_cards_of
from games.core.trick_events import PlayCard

DEALS = 50  # deals per single-dummy value: the figure
SEARCH_CARDS = 7  # our own search is exact but slow beyond this many cards a hand (no DDS)

Sides = Callable[[Any], tuple[Sequence[int], bool]]  # view -> (sides, misère)


def partners(view: Any) -> tuple[Sequence[int], bool]:
    """Two partnerships, partners opposite (Whist, Euchre)."""
    return (), False


def analyse_card(state: Any, seat: int, knowledge: Callable[[Any], Knowledge], sides: Sides = partners,
                 seed: int = 0, deals: int = DEALS) -> Analysis | None:
    """The seat's legal cards with their values, or None outside the play (bids)."""
    view = state.view(seat)
    if getattr(view, "phase", "play") != "play":
        return None
    cards = legal_cards_of(view)
    if not cards:
        return None
    if len(cards) == 1:
        return Analysis({}, reason="forced")
    side, misere = sides(view)
    position = Position.of(state.hands, view.rules, view.leader, [c for _, c in view.trick], sides=side,
                           sitting_out=frozenset(view.sitting_out), misere=misere)
    if engine_for(position) != "dds" and max(len(h) for h in position.hands) > SEARCH_CARDS:
        return Analysis({}, reason="too long to solve")
    samples = sample_positions(view, knowledge(view), Random(seed), deals, side, misere)
    real, fair = _solve_with_samples(position, samples, cards)
    return Analysis(fair, {c: float(t) for c, t in real.items()}, lower_is_better=misere)


def _solve_with_samples(real: Position, samples: Sequence[Position],
                        cards: Sequence[Card]) -> tuple[dict[Card, int], dict[Card, float]]:
    """The real deal's card values and each card's average over the samples, from one
    batch (DDS shares it over its threads in one call) in which a deal sampled twice is
    solved once: late in a hand few deals fit what the seat knows. The same numbers as
    ``solve`` and ``expert_play.single_dummy``."""
    first: dict[tuple[frozenset[Card], ...], Position] = {}
    for sample in samples:
        first.setdefault(_deal_key(sample), sample)
    solved = solve_many([real, *first.values()])
    answer = dict(zip(first, solved[1:]))
    totals = [0.0] * len(cards)
    for sample in samples:
        result = answer[_deal_key(sample)]
        for i, card in enumerate(cards):
            totals[i] += result[card]
    return solved[0], {c: t / max(1, len(samples)) for c, t in zip(cards, totals)}


def _deal_key(position: Position) -> tuple[frozenset[Card], ...]:
    """A sampled deal as sets of cards (the order a hand was dealt in does not matter)."""
    return tuple(frozenset(hand) for hand in position.hands)


def trick_number(state: Any, seat: int) -> int:
    view = state.view(seat)
    return int(sum(view.won)) + 1


def card_judge(knowledge: Callable[[Any], Knowledge], sides: Sides = partners, seed: int = 0,
               deals: int = DEALS) -> Callable[[Any, int, Any, int], Decision | None]:
    """A judge for :func:`games.core.analysis.review_game`: card plays only."""
    def judge(state: Any, seat: int, action: Any, index: int) -> Decision | None:
        if not isinstance(action, PlayCard):
            return None
        analysis = analyse_card(state, seat, knowledge, sides, seed * 7919 + index, deals)
        if analysis is None:
            return None
        view = state.view(seat)
        part = getattr(view, "hand_number", getattr(view, "deal_number", 0))
        return Decision(index, seat, "card", trick_number(state, seat), action.card, analysis, int(part))
    return judge
