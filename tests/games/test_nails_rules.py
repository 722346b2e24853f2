"""Nails: the generated deck, hit and its matching pattern, calls, penalties and debts in
the two-player and the dump modes, late calls, and the end after 24 rounds."""

from __future__ import annotations

from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.core.protocol import IllegalAction
from games.core.words import Who
from games.nails import rules
from games.nails.rings import canonical, deck, hit, match, rotate
from games.nails.rules import LATE_MS, RESULT_MS, REVEAL_MS, ROUNDS, Call, NailsOptions

DECK = deck()
cards_st = st.sampled_from(DECK)


def test_the_deck_has_48_distinct_cards_and_no_single_colour_ring():
    assert len(DECK) == 48 and len(set(DECK)) == 48
    assert all(len(card) == 5 and set(card) <= {"R", "B", "Y"} for card in DECK)
    assert all(len(set(card)) > 1 for card in DECK)


def test_every_ring_appears_once_up_to_rotation():
    seen: dict[tuple, int] = {}
    for colours in product("RBY", repeat=5):
        if len(set(colours)) == 1:
            continue
        owners = [c for c in DECK if any(rotate(c, r) == colours for r in range(5))]
        assert len(owners) == 1, colours
        seen[owners[0]] = seen.get(owners[0], 0) + 1
    assert set(seen.values()) == {5} and len(seen) == 48   # 240 colourings, 5 per card


@given(cards_st, cards_st, st.integers(0, 4), st.integers(0, 4))
def test_hit_is_symmetric_and_blind_to_rotation(a, b, ra, rb):
    assert hit(a, b) == hit(b, a)
    assert hit(rotate(a, ra), rotate(b, rb)) == hit(a, b)


@given(cards_st, cards_st)
def test_the_match_names_dots_that_really_agree(a, b):
    found = match(a, b)
    assert len(found.on_a) == len(found.on_b) == found.count
    assert all(a[p] == b[q] for p, q in zip(found.on_a, found.on_b))
    brute = max(sum(a[p] == b[(p + r) % 5] for p in range(5)) for r in range(5))
    assert found.count == brute and (found.count == 5) == (a == b)
    assert hit(a, b) == (brute == 3)


def test_some_pairs_hit_and_some_miss():
    results = {hit(a, b) for a in DECK for b in DECK if a != b}
    assert results == {True, False}
    assert canonical(("Y", "R", "R", "B", "B")) == ("B", "B", "Y", "R", "R")


# --- the game -----------------------------------------------------------------------------

def revealed(seats: int, seed: int = 1) -> rules.NailsState:
    state = rules.new_game(NailsOptions(seats=seats), seed)
    state.advance(REVEAL_MS)
    return state


def answer(state: rules.NailsState) -> bool:
    return hit(*state.up)


def test_no_call_before_the_cards_turn_up():
    state = rules.new_game(NailsOptions(seats=2), 1)
    assert state.to_act() == [] and state.next_due() == REVEAL_MS
    with pytest.raises(IllegalAction, match="advance"):
        state.apply(Call(0, REVEAL_MS + 5, True))
    with pytest.raises(IllegalAction, match="too early: call once both cards are face up"):
        state.apply(Call(0, 10, True))


def test_a_call_after_this_pair_was_called_is_refused_naming_the_first_caller():
    """Only the first call counts: past the late window a press is refused, saying who
    called first, and changes nothing; the next pair takes calls again."""
    state = revealed(2)
    state.apply(Call(1, 1500, answer(state)))
    before = state.clone()
    with pytest.raises(IllegalAction) as refused:
        state.apply(Call(0, 1500 + LATE_MS + 1, True))
    assert refused.value.message.value("seat") == Who(1) and "first call counts" in str(refused.value)
    assert state == before
    state.advance(1500 + RESULT_MS)
    assert state.calling and state.apply(Call(0, 1500 + RESULT_MS, True))


def test_a_right_call_wins_the_pair():
    state = revealed(2)
    pair = list(state.up)
    events = state.apply(Call(1, 1500, answer(state)))
    assert events[0].correct and events[0].taker == 1
    assert state.wins == [[], pair] and state.next_due() == 1500 + RESULT_MS


def test_two_players_wrong_call_gives_the_pair_and_two_cards():
    state = revealed(2)
    state.wins[0] = state.piles[0][:3]
    del state.piles[0][:3]
    state.apply(Call(0, 1500, not answer(state)))
    assert len(state.wins[0]) == 1 and len(state.wins[1]) == 4 and state.debts == [0, 0]


def test_two_players_a_short_win_pile_leaves_a_debt_paid_from_the_next_win():
    state = revealed(2)
    state.apply(Call(0, 1500, not answer(state)))
    assert state.debts == [2, 0] and len(state.wins[1]) == 2
    state.advance(1500 + RESULT_MS)
    events = state.apply(Call(0, 1500 + RESULT_MS + 600, answer(state)))
    assert state.debts == [0, 0] and len(state.wins[0]) == 0 and len(state.wins[1]) == 4
    assert "owes" not in str(events[-1]) and "gives 2 to P2" in str(events[-1])


def test_two_players_a_debt_is_paid_from_penalty_cards_received_too():
    """shared/rules/nails.md, two players: a wrong caller who has too few cards "owe[s] the
    rest and pay[s] it as soon as they have cards, however those arrive (won pairs or penalty
    cards received)" (the seed: "once he gets them"). P2 owes 3; P1 calls wrong: the pair
    goes to P2, who pays 2 of the debt with it, and P1's two penalty cards pay the last one."""
    state = revealed(2)
    state.wins[0] = state.piles[0][:4]
    del state.piles[0][:4]
    state.debts[1] = 3
    events = state.apply(Call(0, 1500, not answer(state)))
    assert state.debts == [0, 0]
    assert len(state.wins[0]) == 4 - 2 + 2 + 1 and len(state.wins[1]) == 1
    paid = [e for e in events if isinstance(e, rules.Paid)]
    assert [(e.seat, e.to, e.cards, e.owed) for e in paid] == [(1, 0, 2, 1), (0, 1, 2, 0), (1, 0, 1, 0)]
    assert len(state.all_cards()) == 48


def test_dump_mode_wrong_call_sends_pair_and_four_cards_to_the_dump():
    state = revealed(3)
    state.wins[2] = state.piles[1][:6]
    del state.piles[1][:6]
    state.apply(Call(2, 1500, not answer(state)))
    assert len(state.dump) == 2 + 4 and len(state.wins[2]) == 2 and state.debts == [0, 0, 0]


def test_dump_mode_debt_goes_to_the_dump_from_the_next_win():
    state = revealed(4)
    state.apply(Call(3, 1500, not answer(state)))
    assert state.debts == [0, 0, 0, 4] and len(state.dump) == 2
    state.advance(1500 + RESULT_MS)
    state.apply(Call(3, 1500 + RESULT_MS + 500, answer(state)))
    assert state.debts[3] == 2 and len(state.dump) == 4 and state.wins[3] == []


def test_only_the_first_call_counts_and_a_close_second_is_shown():
    state = revealed(3)
    state.apply(Call(1, 1500, answer(state)))
    events = state.apply(Call(2, 1500 + 23, not answer(state)))
    assert str(events[0]) == "P2 beat P3 by 23 ms" and len(state.dump) == 0
    with pytest.raises(IllegalAction, match="P2 called first, and only the first call counts"):
        state.apply(Call(0, 1500 + LATE_MS + 1, True))


def test_after_24_rounds_most_cards_wins():
    state = rules.new_game(NailsOptions(seats=2), 7)
    now = 0
    for round_number in range(1, ROUNDS + 1):
        now = state.next_due()
        state.advance(now)
        assert state.round == round_number
        state.apply(Call(0 if round_number % 3 else 1, now + 500, answer(state)))
    assert not state.is_over()
    state.advance(state.next_due())
    assert state.is_over() and state.piles == [[], []]
    assert state.outcome().winners == (0,) and state.outcome().scores == (32.0, 16.0)
