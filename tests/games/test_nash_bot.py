"""The Nash bots: exact odds against a brute-force count, knowledge that is always true and
complete, and strength in play."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from games.nash import rules as nr
from games.nash.bots import BOTS, chances
from games.nash.knowledge import Knowledge
from games.nash.odds import odds


def brute_force(values: list[int], zones: list[tuple[int, frozenset[int]]], free: int) -> dict[int, float]:
    """Place distinct cards (with the given values) into every place in every possible order;
    keep the placements that respect each zone's banned values; count the first free place."""
    slots: list[frozenset[int]] = [ban for size, ban in zones for _ in range(size)]
    hits: Counter[int] = Counter()
    total = 0
    for order in itertools.permutations(values):
        if all(v not in ban for v, ban in zip(order, slots)):
            total += 1
            hits[order[len(slots)]] += 1
    return {v: hits[v] / total for v in set(values)}


@pytest.mark.parametrize("seed", range(12))
def test_odds_match_a_brute_force_count(seed: int) -> None:
    rng = random.Random(seed)
    values = [rng.randint(1, 4) for _ in range(rng.randint(4, 7))]
    sizes = [rng.randint(0, 2) for _ in range(rng.randint(1, 2))]
    free = len(values) - sum(sizes)
    if free <= 0:
        sizes, free = [1], len(values) - 1
    zones = [(size, frozenset(rng.sample(range(1, 5), rng.randint(0, 2)))) for size in sizes]
    try:
        expected = brute_force(values, zones, free)
    except ZeroDivisionError:        # no placement fits: the count must say so too
        with pytest.raises(ValueError):
            odds(Counter(values), zones, free)
        return
    got = odds(Counter(values), zones, free)
    for value, chance in expected.items():
        assert got[value] == pytest.approx(chance)
    assert sum(got.values()) == pytest.approx(1.0)


def test_a_ban_moves_the_chance_onto_the_mystery() -> None:
    # Two unseen 3s and one unseen 5; the opponent holds one unknown card and has no 3s:
    # so it holds the 5, and both free places (the mystery among them) hold 3s.
    assert odds({3: 2, 5: 1}, [(1, frozenset({3}))], 2) == {3: 1.0, 5: 0.0}


def test_contradictions_are_reported() -> None:
    with pytest.raises(ValueError):
        odds({3: 2}, [(2, frozenset({3}))], 0)


def _check_knowledge(state: nr.NashState, seat: int) -> None:
    view = state.view(seat)
    know = Knowledge.from_view(view)
    assert know.seen == state.seen[seat], "the bot forgets or invents cards"
    assert not set(state.mysteries[state.resolved:]) & know.seen
    for p, cards in know.holds.items():
        if p in know.unsure:
            continue
        hand = set(state.hands[p])
        assert cards <= hand, f"seat {seat} thinks {p} holds {cards - hand}"
        unknown = hand - cards
        assert not {nr.value_of(c) for c in unknown} & know.lacks[p], "a ban that is not true"
    odds_now = chances(view, know)
    assert sum(odds_now.values()) == pytest.approx(1.0)
    mystery = nr.value_of(state.mysteries[min(state.resolved, 2)])
    assert odds_now[mystery] > 0, "the true value was ruled out"


@pytest.mark.parametrize("seats", [2, 3])
def test_knowledge_is_complete_and_true_at_every_step(seats: int) -> None:
    for seed in range(6):
        state = nr.new_game(nr.NashOptions(seats=seats, faces=seed % 2 == 1), seed)
        rng = random.Random(seed)
        while not state.is_over():
            for seat in range(seats):
                _check_knowledge(state, seat)
            seat = state.to_act()[0]
            state.apply(BOTS["hard" if seat == 0 else "easy"](state.view(seat), rng))


def test_hard_outplays_easy() -> None:
    wins = Counter()
    for seed in range(120):
        state = nr.new_game(nr.NashOptions(seats=2), seed)
        rng = random.Random(seed)
        lineup = ("hard", "easy") if seed % 2 else ("easy", "hard")
        while not state.is_over():
            seat = state.to_act()[0]
            state.apply(BOTS[lineup[seat]](state.view(seat), rng))
        for seat in state.outcome().winners:
            wins[lineup[seat]] += 1
    assert wins["hard"] > wins["easy"] * 1.3


@pytest.mark.parametrize("seats", [2, 3])
def test_a_view_never_holds_a_card_its_seat_could_not_know(seats: int) -> None:
    from games.core.protocol import cards_in

    for seed in range(4):
        state = nr.new_game(nr.NashOptions(seats=seats), seed)
        rng = random.Random(seed)
        while not state.is_over():
            for seat in range(seats):
                secret = set(state.mysteries[state.resolved:]) | {c for s in state.stacks for c in s}
                secret |= {c for p, hand in enumerate(state.hands) if p != seat for c in hand} - state.seen[seat]
                assert not set(cards_in(state.view(seat))) & secret
            seat = state.to_act()[0]
            state.apply(BOTS["normal"](state.view(seat), rng))
