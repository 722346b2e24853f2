"""The coach for trick games: each legal card's double-dummy and single-dummy value.

A thin adapter over the solver half (games/core/double_dummy.py, expert_play.py), which
this module only calls: double-dummy is ``solve`` of the real hands; single-dummy is
``single_dummy`` over deals consistent with what the seat knew, seeded from the game's
seed and the decision's place, so a review is the same every time. Both go to the solver
in one batch, a deal sampled twice solved once (the same numbers, sooner). The cost of a card
counts against single-dummy: a card only an all-seeing player would find is no mistake.

Bids: :func:`contract_tricks` counts, for each choice of trumps, the tricks a side takes
with every hand open, on the real deal (double-dummy) and over deals the bidder could face
(single-dummy); each game's analysis.py words its own contracts and what a bid cost.
"""

from __future__ import annotations

from dataclasses import dataclass
from random import Random
from typing import Any, Callable, Sequence

from games.core.analysis import Analysis, Decision
from games.core.cards import Card
from games.core.double_dummy import Position, engine_for, solve_many
from games.core.expert_play import sample_positions
from games.core.trick_bots import Knowledge, legal_cards_of, sample_hands
from games.core.trick_events import PlayCard
from games.core.tricks import TrumpRules

DEALS = 50  # deals per single-dummy value: the figure
# Early in a long hand DDS takes most of a review's time: with 10-13 cards a hand, the first
# four tricks took about 85% of a Whist hand's review (0.35-1 s a decision against 0.01-0.1
# s later; tools/review_timing.py). There the single-dummy value is the average over fewer
# deals: the cards are compared on the same deals, so their differences (the costs) move
# far less than each average (Whist seeds 1-4, first hands: every cost over 0.3 found with
# 50 deals was found with 20, within 0.07), and a hand's review takes half the time or less.
EARLY_DEALS = 20
EARLY_CARDS = 10
KEEP_TRIES = 100  # draws of a deal before one that does not fit the bidding is kept anyway
# The most cards a hand our own search (exact, but exponential) takes on for a reviewed card
# (the real deal and its DEALS samples), by hands in play: the cards in play set the time.
# Measured (CPU seconds, Nash Whist games of the normal bots, seeds 5-7, 2-core machine):
# three hands take 0.1-0.25 s a decision at 7 cards, 0.5-0.9 s at 8, 1.4-5.3 s at 9 and 3-15+
# s at 10; a whole hand's review took at most 0.6 s with 8, but up to 4.2 s with 9 and 10 s
# with 10. Four hands (a declarer alone, Prop-and-Cop not opposite, Whist without DDS) take
# 1.5-4 s a decision already at 7 cards and 8-13 s at 8, so they stay at 7.
SEARCH_CARDS = 7
SEARCH_CARDS_BY_HANDS = {3: 8}

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
    if engine_for(position) != "dds" and max(len(h) for h in position.hands) > search_cards(position):
        return Analysis({}, reason="too long to solve")
    samples = sample_positions(view, knowledge(view), Random(seed), deals_for(position, deals), side, misere)
    real, fair = _solve_with_samples(position, samples, cards)
    return Analysis(fair, {c: float(t) for c, t in real.items()}, lower_is_better=misere)


def deals_for(position: Position, deals: int = DEALS) -> int:
    """The deals a single-dummy value averages over: ``EARLY_DEALS`` at most while a hand
    still holds ``EARLY_CARDS`` or more (see the notes at the top)."""
    if max(len(hand) for hand in position.hands) >= EARLY_CARDS:
        return min(deals, EARLY_DEALS)
    return deals


def search_cards(position: Position) -> int:
    """The most cards a hand our own search takes on for a review of this shape."""
    return SEARCH_CARDS_BY_HANDS.get(len(position.active), SEARCH_CARDS)


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


# --- bids: the tricks a hand could take as declarer ------------------------------------------

@dataclass(frozen=True)
class TrumpChoice:
    """One way the contract could be played: ``label`` ("S", "H", "D", "C", "NT", "mis"),
    the game's trump rules, misère or not, and the first leads that choose it (Nap: trumps
    are the suit of the bidder's first card; None: any lead)."""

    label: str
    rules: TrumpRules
    misere: bool = False
    leads: frozenset[Card] | None = None


def contract_tricks(deals: Sequence[Sequence[Sequence[Card]]], choices: Sequence[TrumpChoice], leader: int,
                    seat: int, sides: Sequence[int] = (), sitting_out: frozenset[int] = frozenset(),
                    ) -> dict[str, tuple[float, int]]:
    """For each choice, the tricks ``seat``'s side takes with perfect play by all, as the
    average over ``deals`` and the fewest in any of them (the most, in misère): with one
    deal (the real one) both are its double-dummy count. A choice whose leads the leader
    does not hold is left out. When the leader is on the seat's side, its first card is
    chosen once for all the deals (it cannot see which one it faces); otherwise the leader
    plays its best card in each."""
    return solve_contracts(deals, choices, leader, seat, sides, sitting_out).tricks()


@dataclass(frozen=True)
class SolvedContracts:
    """Each choice of trumps solved on every deal: ``results[label][i]`` is each first card
    of deal ``i`` with the tricks the leader's side then takes."""

    choices: tuple[TrumpChoice, ...]
    results: dict[str, list[dict[Card, int]]]
    first: Position
    seat: int

    def tricks(self) -> dict[str, tuple[float, int]]:
        """See :func:`contract_tricks`."""
        out: dict[str, tuple[float, int]] = {}
        for choice in self.choices:
            value = _choice_value(self.results[choice.label], choice, self.first, self.seat)
            if value is not None:
                out[choice.label] = value
        return out

    def chance(self, made: Callable[[TrumpChoice, int], bool]) -> dict[str, float]:
        """For each choice, the share of the deals in which ``made(choice, tricks)`` holds
        for the seat's side, the first card chosen once for all the deals as in ``tricks``."""
        out: dict[str, float] = {}
        total = self.first.tricks_left()
        for choice in self.choices:
            results = self.results[choice.label]
            if self.first.side(self.first.leader) != self.first.side(self.seat):
                pick = min if choice.misere else max
                out[choice.label] = sum(made(choice, total - pick(r.values())) for r in results) / len(results)
                continue
            leads = [c for c in results[0] if choice.leads is None or c in choice.leads]
            if leads:
                out[choice.label] = max(sum(made(choice, r[c]) for r in results) for c in leads) / len(results)
        return out


def solve_contracts(deals: Sequence[Sequence[Sequence[Card]]], choices: Sequence[TrumpChoice], leader: int,
                    seat: int, sides: Sequence[int] = (), sitting_out: frozenset[int] = frozenset(),
                    ) -> SolvedContracts:
    """Every choice on every deal, in one batch for the solver."""
    positions = [Position.of(hands, choice.rules, leader, sides=sides, sitting_out=sitting_out,
                             misere=choice.misere) for choice in choices for hands in deals]
    solved = iter(solve_many(positions))
    results = {choice.label: [next(solved) for _ in deals] for choice in choices}
    return SolvedContracts(tuple(choices), results, positions[0], seat)


def _choice_value(results: Sequence[dict[Card, int]], choice: TrumpChoice, position: Position,
                  seat: int) -> tuple[float, int] | None:
    total = position.tricks_left()
    worst = max if choice.misere else min  # the side's worst case over the deals
    best = min if choice.misere else max   # the side's own choice
    if position.side(position.leader) != position.side(seat):
        # The other side leads, its best card for itself in each deal.
        mine = [total - (min if choice.misere else max)(r.values()) for r in results]
        return sum(mine) / len(mine), worst(mine)
    leads = [c for c in results[0] if choice.leads is None or c in choice.leads]
    if not leads:
        return None
    average = best(sum(r[c] for r in results) / len(results) for c in leads)
    sure = best(worst(r[c] for r in results) for c in leads)
    return average, sure


def sampled_deals(info: Knowledge, hand: Sequence[Card], seat: int, seats: int, rng: Random,
                  deals: int, keep: Callable[[Sequence[Sequence[Card]]], bool] | None = None,
                  tries: int = KEEP_TRIES) -> list[list[Sequence[Card]]]:
    """``deals`` whole deals consistent with what the seat knew (its own hand as it is).
    ``keep`` says whether a deal fits what the bidding showed (Euchre: a seat that passed
    held no hand it would call with): each deal is drawn up to ``tries`` times until it
    fits, and the last draw stands if none does (a bid the model does not explain)."""
    out = []
    for _ in range(deals):
        for _ in range(tries):
            dealt = sample_hands(info, rng)
            hands: list[Sequence[Card]] = [dealt.get(s, ()) for s in range(seats)]
            hands[seat] = hand
            if keep is None or keep(hands):
                break
        out.append(hands)
    return out


def bid_table(real: dict[str, tuple[float, int]], fair: dict[str, tuple[float, int]] | None) -> dict[str, Any]:
    """The plain data of a bid's review: each choice of trumps with its double-dummy tricks
    (the deal as dealt) and, where computed, single-dummy (the average over deals the seat
    could face) and the worst case (the fewest tricks in any of them; the most, for misère)."""
    data: dict[str, Any] = {"double_dummy": {k: int(v[0]) for k, v in real.items()}}
    if fair is not None:
        data["single_dummy"] = {k: round(v[0], 3) for k, v in fair.items()}
        data["worst_case"] = {k: v[1] for k, v in fair.items()}
    return data
