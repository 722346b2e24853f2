"""The coach on Euchre's calls and the dealer's discard, single-dummy beside double-dummy:
hand-made deals with answers known by hand, the sampled deals against what the seat knew,
and the solver's shortcuts (one search a deal, the six discards in one) against plain ones."""

from __future__ import annotations

from random import Random

import pytest

from app.core.words.review_words import bid_lines, decision_lines, summary
from games.core import trick_search
from games.core.analysis import Review
from games.core.cards import Card, Suit, cards, piquet_deck
from games.core.trick_position import Position
from games.core.tricks import TrumpRules
from games.euchre import analysis
from games.euchre.bots import calls_round1, round2_choice
from games.euchre.rules import Discard, EuchreOptions, NameTrump, OrderUp, new_game
from tests.games.test_double_dummy import brute_force


def _round2(hands: list[str], upcard: str = "9C", seat: int = 3):
    """Seed 1's game (the dealer is seat 1) in round two, ``seat`` to name a suit."""
    state = new_game(EuchreOptions(), seed=1)
    assert state.dealer == 1
    state.hands = [cards(h) for h in hands]
    state.upcard = Card.parse(upcard)
    state.phase, state.turn = "round2", seat
    return state


def test_both_bowers_and_the_ace_of_trumps_make_three_in_every_deal():
    # Seat 3 holds the three top spades (J♠, J♣, A♠): each wins a trick whatever the others hold.
    state = _round2(["AH KH QH TS 9S", "AD KD QD AC KC", "7C 8C 7D 8D 9D", "JS JC AS 7H 8H"])
    data = analysis.call_analysis(state, 3, NameTrump(3, Suit.SPADES), seed=2).extra["bid"]
    assert data["double_dummy"]["S"] >= 3 and data["worst_case"]["S"] >= 3
    assert data["make_chance"]["S"] == 1.0 and data["expected_points"]["S"] >= 1
    assert set(data["single_dummy"]) == {"S", "H", "D"}  # round two: the suits it could name
    assert "cost" not in data


def test_a_sound_call_euchred_on_the_deal_as_dealt_costs_nothing():
    # Hearts with both red Jacks and K♣ Q♣ beside: it makes 3 in most deals the caller could
    # face, but here the opponents' J♠ A♠ K♠ A♦ K♥ hold it to two.
    state = _round2(["QS 7D QH TH 8D", "9C TD 7S AC TC", "KH JS AS AD KS", "JD QC KC JH 8S"], upcard="7C")
    data = analysis.call_analysis(state, 3, NameTrump(3, Suit.HEARTS), seed=2).extra["bid"]
    assert not data["makes"] and data["double_dummy"]["H"] == 2
    assert data["make_chance"]["H"] >= 0.75 and "cost" not in data
    assert "euchred, yet the call was sound" in bid_lines(data)[-1]


def test_a_wild_call_costs_its_expected_points_against_the_best_choice():
    # Seat 3 holds no heart: naming hearts is worse than naming spades, its best suit.
    state = _round2(["AH KH QH TS 9S", "AD KD QD AC KC", "7C 8C 7D 8D 9D", "JS JC AS 7H 8H"])
    data = analysis.call_analysis(state, 3, NameTrump(3, Suit.HEARTS), seed=2).extra["bid"]
    points = data["expected_points"]
    assert data["better"] == "S" and data["cost_unit"] == "points"
    assert data["cost"] == pytest.approx(points["S"] - points["H"], abs=0.01)
    assert any("against single-dummy" in line for line in bid_lines(data))


def test_the_single_dummy_value_is_the_average_of_double_dummy_over_the_same_deals():
    state = _round2(["AH KH QH TS 9S", "AD KD QD AC KC", "7C 8C 7D 8D 9D", "JS JC KS 7H 8H"])
    data = analysis.call_analysis(state, 3, NameTrump(3, Suit.SPADES), seed=5, deals=12).extra["bid"]
    hand = state.hands[3]
    deals = analysis.seat_deals(state, 3, hand, {*hand, state.up}, Random(5), 12)
    for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS):
        each = []
        for deal in deals:  # each sampled deal as the deal of a game, solved as the real one is
            copy = _round2([" ".join(str(c) for c in h) for h in deal])
            each.append(analysis.suit_tricks(copy, 3, suit))
        assert data["single_dummy"][suit.value] == pytest.approx(sum(each) / len(each), abs=1e-3)
        assert data["worst_case"][suit.value] == min(each)


def test_a_sampled_deal_never_contradicts_what_the_seat_knew():
    state = new_game(EuchreOptions(), seed=4)
    real = [list(h) for h in state.hands]
    dealer, up = state.dealer, state.up
    seat = (dealer + 3) % 4  # third to speak in round two: everyone passed once, two twice
    state.phase, state.turn = "round2", seat
    passed1 = [s for s in range(4) if s != seat]
    passed2 = [(dealer + 1) % 4, (dealer + 2) % 4]
    deals = analysis.seat_deals(state, seat, real[seat], {*real[seat], up}, Random(8), 40)
    deck = set(piquet_deck())
    for deal in deals:
        every = [c for h in deal for c in h]
        assert list(deal[seat]) == real[seat] and all(len(h) == 5 for h in deal)
        assert len(set(every)) == 20 and set(every) <= deck and up not in every
        assert not any(calls_round1(deal[s], s, dealer, up) for s in passed1)
        assert not any(round2_choice(deal[s], up)[2] for s in passed2)


def _dealer_to_discard():
    # Hearts are trumps (the upcard 9♥ ordered up by seat 2); the dealer, seat 1, holds
    # J♥ A♥ K♥ A♠ 7♣ and the upcard. Throwing the right bower lets seat 2's J♦ (the left
    # bower) take a trick; throwing the lone 7♣ keeps every trump and makes a void.
    state = new_game(EuchreOptions(), seed=1)
    state.hands = [cards("QH TH 8H KS QS"), cards("JH AH KH AS 7C"), cards("JD 7H AD KD QD"),
                   cards("AC KC QC JC TC")]
    state.upcard = Card.parse("9H")
    dealt = {c for h in state.hands for c in h}
    state.stub = [c for c in piquet_deck() if c not in dealt and c != state.upcard] + [state.upcard]
    state.apply(OrderUp(2))
    assert state.phase == "discard" and state.turn == 1
    return state


def test_the_dealer_throwing_the_right_bower_costs_a_trick():
    state = _dealer_to_discard()
    judge = analysis.discard_judge(seed=3, deals=30)
    decision = judge(state, 1, Discard(1, Card.parse("JH")), 5)
    assert decision is not None and decision.kind == "discard"
    result = decision.analysis
    assert set(result.values) == set(state.hands[1])  # all six cards, the upcard among them
    seven, bower = Card.parse("7C"), Card.parse("JH")
    assert result.exact[seven] == 4 and result.exact[bower] == 2
    assert result.best == result.values[seven] and decision.cost >= 0.75 and decision.mistake
    lines = decision_lines(decision, "tricks")
    assert any("J♥" in line and "chosen" in line for line in lines) and lines[-1].startswith("Cost:")
    review = Review("euchre", 1, "tricks", [decision])
    assert "the discard of hand 1 (J♥" in summary(review)


def test_a_game_review_values_the_dealers_discard_and_leaves_nothing_out():
    from games.core.driver import play_out
    from games.registry import GAMES

    spec = GAMES["euchre"]
    options = spec.make_options()
    record = play_out(spec, options, 6, [spec.bots["easy"]] * 4)  # seat 0 deals and takes the upcard
    thrown = next(i for i, a in enumerate(record.actions) if isinstance(a, Discard))
    assert record.actions[thrown].seat == 0
    review = analysis.review(options, 6, record.actions[:thrown + 1], 0, deals=4)
    assert review.notes == []
    discard = [d for d in review.decisions if d.kind == "discard"]
    assert len(discard) == 1 and len(discard[0].analysis.values) == 6 and len(discard[0].analysis.exact) == 6
    assert discard[0].chosen == record.actions[thrown].card


# --- the solver's shortcuts ----------------------------------------------------------------------

@pytest.mark.slow
def test_one_search_of_a_deal_gives_its_best_card():
    rng = Random(31)
    deck = piquet_deck()
    for size in (3, 4, 5):
        for leader in range(4):
            rng.shuffle(deck)
            hands = [deck[i * size:(i + 1) * size] for i in range(4)]
            position = Position.of(hands, TrumpRules(deck[-1].suit, bowers=True), leader)
            assert trick_search.value(position) == max(brute_force(position).values())


@pytest.mark.slow
@pytest.mark.parametrize("lone", [False, True])
def test_the_six_discards_solved_together_match_each_solved_alone(lone):
    rng = Random(7 + lone)
    deck = piquet_deck()
    for _ in range(6):
        rng.shuffle(deck)
        hands = [deck[i * 5:(i + 1) * 5] for i in range(4)]
        out = frozenset({3}) if lone else frozenset()
        position = Position.of(hands, TrumpRules(deck[20].suit, bowers=True), 0, sitting_out=out)
        got = trick_search.discard_values(position, 1, deck[20])
        known: dict = {}   # the six deals differ by a card: their plain searches share positions
        for card, tricks in got.items():
            kept = [list(h) for h in hands]
            kept[1] = [c for c in [*hands[1], deck[20]] if c != card]
            alone = Position.of(kept, position.rules, 0, sitting_out=out)
            assert tricks == 5 - max(brute_force(alone, known).values())  # seat 0 leads, seat 1 defends
        assert trick_search.best_discard_value(position, 1, deck[20]) == max(got.values())
