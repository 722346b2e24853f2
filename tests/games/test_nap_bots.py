"""Nap's bots: every level always acts legally at every table size (with the Joker too),
the normal bidder counts tricks, Mis is bid only with a low hand, and the hard bidder
weighs its chances."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from games.core.cards import cards
from games.core.driver import play_out
from games.nap import spec
from games.nap.bots import BOTS, hard_bid, mis_safe, normal_bid, quick, trick_estimate
from games.nap.rules import STAKE, Contract, NapOptions, NapRules, new_game
from games.core.cards import Suit

from tests.test_conformance import DRIVERS, play_checked

SPEC = spec()


@dataclass(frozen=True)
class JokerOptions(NapOptions):
    joker: bool = True


@pytest.mark.parametrize("seats", [3, 5, 7])
def test_the_joker_game_keeps_the_protocol(seats: int) -> None:
    """The conformance checks (no lost card, no leak, illegal actions change nothing) with the Joker in."""
    joker_spec = SPEC.with_parts(options_type=JokerOptions)
    for seed in range(3):
        play_checked(joker_spec, seats, seed, DRIVERS["random"])


@pytest.mark.parametrize(("seats", "joker"), [(3, True), (4, False), (6, True)])
def test_mixed_bots_finish_sessions_with_chips_conserved(seats: int, joker: bool) -> None:
    lineup = [BOTS[d] for d in ("hard", "normal", "easy", "normal", "easy", "easy")[:seats]]
    options = SPEC.make_options(seats=seats, joker=joker, rounds=1)
    state = play_out(SPEC, options, seed=seats, bots=lineup).state
    assert state.is_over() and sum(state.chips) == STAKE * seats


def view_with(hand: str, seats: int = 4, calls: list = ()) -> object:
    """Seat 0's view of a fresh deal with ``hand`` swapped in, after ``calls`` by others."""
    state = new_game(NapOptions(seats=seats), seed=1)
    state.dealer, state.turn = seats - 1, 0
    every = state.all_cards()
    mine = cards(hand)
    state.hands[0] = mine
    rest = [c for c in every if c not in mine]
    state.hands[1:] = [rest[i * 5:(i + 1) * 5] for i in range(seats - 1)]
    state.stub = rest[(seats - 1) * 5:]
    return state.view(0)


def test_normal_counts_tricks_before_bidding() -> None:
    assert normal_bid(view_with("AS KS QS JS TS")) is Contract.NAP
    assert trick_estimate(view_with("AS KS QS 8H 8D"), cards("AS KS QS 8H 8D"), Suit.SPADES) >= 3
    assert normal_bid(view_with("9S 8H TD 9C JH")) in (None, Contract.MIS)
    assert normal_bid(view_with("AS KS 9S 8D 9C")) in (Contract.TWO, Contract.THREE)
    assert normal_bid(view_with("AS KS QS 8D 9C")) in (Contract.THREE, Contract.FOUR)


def test_mis_only_with_low_cards() -> None:
    view = view_with("8S 9H 8D 9C 8H")
    assert mis_safe(view, view.hand) and normal_bid(view) is Contract.MIS
    assert not mis_safe(view, cards("8S 9H 8D 9C AH"))


def test_hard_bids_a_laydown_and_passes_rubbish() -> None:
    rng = random.Random(3)
    assert hard_bid(view_with("AS KS QS JS TS"), rng) is not None
    assert hard_bid(view_with("AS KS QS JS TS"), rng) >= Contract.FOUR
    assert hard_bid(view_with("9S 8H TD 9C JH"), rng) in (None, Contract.MIS)


def test_the_mis_bidder_ducks_and_defenders_keep_the_bidder_on_top() -> None:
    rules = NapRules(None)
    trick = [(1, cards("TH")[0])]
    assert quick(cards("AH 9H 8S"), trick, rules, 0, 0, mis=True) == cards("9H")[0]
    trick = [(0, cards("KH")[0])]
    assert quick(cards("AH 9H QH"), trick, rules, 1, 0, mis=True) == cards("QH")[0]


def test_hard_beats_easy_over_a_few_sessions() -> None:
    """Not a benchmark: a sanity check that search is no worse than the easy rules."""
    options = SPEC.make_options(seats=3, rounds=2)
    total = 0.0
    for seed in range(4):
        shift = seed % 3
        lineup = [BOTS["hard"] if (s - shift) % 3 == 0 else BOTS["easy"] for s in range(3)]
        state = play_out(SPEC, options, seed=100 + seed, bots=lineup).state
        total += state.chips[shift] - STAKE
    assert total > -20
