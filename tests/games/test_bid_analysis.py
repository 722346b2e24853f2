"""The coach's review of bids (Nap) and calls (Euchre): the tricks each choice of trumps
could take with every hand open, on hand-made deals whose answers were worked by hand."""

from __future__ import annotations

import pytest

from app.core.words.review_words import bid_lines, summary
from games.core.analysis import Decision, Review, to_data
from games.core.cards import Card, Suit, cards
from games.core.trick_events import PlayCard
from games.euchre.analysis import call_analysis
from games.euchre.rules import EuchreOptions, NameTrump, OrderUp, new_game as euchre_game
from games.nap.analysis import bid_analysis, settle_bids
from games.nap.rules import Bid, Contract, NapOptions, Pass, new_game as nap_game


def _nap_state():
    # Three players; seat 1 bids first. As bidder it leads: spades (its first card) are
    # trumps with AS KS QS on top of seat 2's JS TS: three tricks, the hearts lose to seat
    # 2's AH KH QH. With hearts as trumps seat 2's three higher hearts hold it to two.
    state = nap_game(NapOptions(seats=3), seed=1)
    state.hands = [cards("AD KD QD JD TD"), cards("AS KS QS 9H TH"), cards("JS TS AH KH QH")]
    assert state.turn == 1 and state.phase == "bid"
    return state


def test_a_nap_bid_is_judged_by_the_tricks_each_trump_suit_takes():
    data = bid_analysis(_nap_state(), 1, Contract.THREE, deals=0).extra["bid"]
    assert data["double_dummy"]["S"] == 3 and data["double_dummy"]["H"] == 2
    assert "D" not in data["double_dummy"] and "C" not in data["double_dummy"]  # no card to lead
    assert data["makes"] and data["could"] == 3 and "single_dummy" not in data


def test_a_nap_bid_that_could_not_be_made_costs_its_credits_from_each_player():
    state = _nap_state()
    decision = Decision(0, 1, "bid", 0, "Four", bid_analysis(state, 1, Contract.FOUR, deals=0), 1)
    review = Review("nap", 1, "tricks", [decision])
    actions = [Bid(1, Contract.FOUR), Pass(2), Pass(0), PlayCard(1, Card.parse("AS"))]
    settle_bids(review, actions, seats=3)
    data = decision.analysis.extra["bid"]
    assert not data["makes"] and data["won_auction"] and data["named"] == "S" and data["named_tricks"] == 3
    assert data["cost"] == Contract.FOUR.credits * 2  # every other player is paid 4 chips
    assert "Bids that cost" in summary(review, "You")
    lines = bid_lines(data)
    assert any("♠ 3" in line for line in lines) and any("cannot be made" in line for line in lines)
    assert to_data(review)["decisions"][0]["extra"]["bid"]["double_dummy"]["S"] == 3  # JSON keeps the table


def test_nap_single_dummy_bid_values_are_sure_of_no_more_than_the_average():
    data = bid_analysis(_nap_state(), 1, None, seed=4, deals=6).extra["bid"]
    assert data["bid"] == "pass" and set(data["single_dummy"]) == set(data["worst_case"])
    assert all(data["worst_case"][k] <= data["single_dummy"][k] for k in data["worst_case"] if k != "mis")
    assert data["worst_case"]["mis"] >= data["single_dummy"]["mis"]


def _euchre_state():
    # Seat 2 leads (the dealer is seat 1). Spades as trumps: seat 2 holds both bowers (JS,
    # JC) and AS KS QS, the five highest trumps: all five tricks. With hearts as trumps its
    # side (seats 1 and 3) holds no trump: seat 2 runs its spades, and seat 0 has the top
    # three hearts; the makers take at most one trick.
    state = euchre_game(EuchreOptions(), seed=1)
    state.hands = [cards("AH KH QH TS 9S"), cards("AD KD QD AC KC"), cards("JS JC AS KS QS"),
                   cards("7C 8C 7D 8D 9D")]
    state.upcard = Card.parse("7S")
    assert state.dealer == 1
    return state


def test_euchre_with_both_bowers_takes_every_trick():
    state = _euchre_state()
    data = call_analysis(state, 2, OrderUp(2)).extra["bid"]
    assert data["double_dummy"]["S"] == 5 and data["makes"] and "cost" not in data


def test_a_euchre_call_that_is_euchred_costs_its_expected_points_against_single_dummy():
    state = _euchre_state()
    state.phase, state.turn = "round2", 3  # seat 3, holding no heart, names hearts
    data = call_analysis(state, 3, NameTrump(3, Suit.HEARTS)).extra["bid"]
    assert data["double_dummy"]["H"] <= 1 and data["double_dummy"]["S"] == 0
    assert not data["makes"] and data["cost_unit"] == "points" and data["expected_points"]["H"] < 0
    best = max(0.0, *data["expected_points"].values())  # another suit, or passing (0)
    assert abs(data["cost"] - (best - data["expected_points"]["H"])) < 0.011
    # Asked for no deals, the deal as dealt alone judges it: euchred, the defenders' 2 points.
    plain = call_analysis(state, 3, NameTrump(3, Suit.HEARTS), deals=0).extra["bid"]
    assert plain["cost"] == 2 and "single_dummy" not in plain


def test_a_nap_bid_made_only_with_other_trumps_says_which_it_chose():
    state = _nap_state()
    decision = Decision(0, 1, "bid", 0, "Three", bid_analysis(state, 1, Contract.THREE, deals=0), 1)
    review = Review("nap", 1, "tricks", [decision])
    settle_bids(review, [Bid(1, Contract.THREE), Pass(2), Pass(0), PlayCard(1, Card.parse("9H"))], seats=3)
    data = decision.analysis.extra["bid"]
    assert data["makes"] and data["named"] == "H" and data["named_tricks"] == 2 and "cost" not in data
    assert "with ♥, the trumps chosen, it takes 2" in bid_lines(data)[-1]


def test_a_reckless_nap_bid_costs_its_expected_chips_against_single_dummy():
    # Seat 1 bids Nap (all five) holding A♠ K♠ Q♠ and two low hearts: over the deals it could
    # face it rarely takes five, so Nap expects to lose chips where Three expected to win them.
    state = _nap_state()
    decision = Decision(0, 1, "bid", 0, "Nap", bid_analysis(state, 1, Contract.NAP, seed=3, deals=12), 1)
    review = Review("nap", 1, "tricks", [decision])
    settle_bids(review, [Bid(1, Contract.NAP), Pass(2), Pass(0), PlayCard(1, Card.parse("AS"))], seats=3)
    data = decision.analysis.extra["bid"]
    chance, chips = data["make_chance"], data["expected_chips"]
    assert chips["Nap"] == pytest.approx((2 * chance["Nap"] - 1) * 10 * 2, abs=0.02) and chips["Nap"] < 0
    best = max(0.0, *chips.values())
    assert data["better"] != "Nap" and abs(data["cost"] - (best - chips["Nap"])) < 0.011
    assert any("against single-dummy" in line for line in bid_lines(data))
    assert to_data(review)["decisions"][0]["extra"]["bid"]["expected_chips"]["Nap"] == chips["Nap"]  # in the JSON


def test_a_nap_bid_is_charged_against_the_best_contract_open_to_it():
    # A♠ K♠ Q♠ take three tricks in every deal seat 1 could face: Three is its best bid
    # (+6 chips expected); Two, sound too, misses the difference.
    state = _nap_state()
    charged = {}
    for contract in (Contract.TWO, Contract.THREE):
        decision = Decision(0, 1, "bid", 0, contract.title, bid_analysis(state, 1, contract, seed=3, deals=12), 1)
        settle_bids(Review("nap", 1, "tricks", [decision]),
                    [Bid(1, contract), Pass(2), Pass(0), PlayCard(1, Card.parse("AS"))], seats=3)
        charged[contract.title] = decision.analysis.extra["bid"]
    assert charged["Three"]["make_chance"]["Three"] == 1.0 and "cost" not in charged["Three"]
    assert charged["Two"]["better"] == "Three" and charged["Two"]["cost"] == 2.0  # (3 - 2) credits from each of 2
