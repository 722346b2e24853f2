"""Euchre: the deal, both rounds of making trumps, the dealer's discard, going alone, the
bowers in play and every line of the scoring table."""

from __future__ import annotations

import random

import pytest

from games.core.cards import Card, Suit, cards
from games.core.protocol import IllegalAction
from games.core.trick_events import HandScored, PlayCard, TrumpSet
from games.core.words import T
from games.euchre import spec
from games.euchre.rules import (
    AllPassed, Called, Discard, EuchreOptions, EuchreState, NameTrump, OrderUp, Pass,
    hand_points, new_game,
)

SPEC = spec()


def rig(state: EuchreState, hands: list[str], upcard: str) -> None:
    """Give each seat the named cards and put ``upcard`` on the stub (cards kept whole)."""
    every = state.all_cards()
    state.hands = [cards(h) for h in hands]
    up = Card.parse(upcard)
    used = {c for h in state.hands for c in h} | {up}
    state.stub = [c for c in every if c not in used] + [up]
    state.upcard = up
    assert sorted(map(str, state.all_cards())) == sorted(map(str, every))


def pass_round(state: EuchreState) -> list:
    events = []
    for _ in range(4):
        events += state.apply(Pass(state.to_act()[0]))
    return events


@pytest.mark.parametrize(("deck", "stub"), [(32, 12), (24, 4)])
def test_deal_five_each_and_turn_the_upcard(deck: int, stub: int) -> None:
    state = new_game(EuchreOptions(deck=deck), 3)
    assert [len(h) for h in state.hands] == [5] * 4
    assert len(state.stub) == stub and state.upcard == state.stub[-1]
    assert len(set(state.all_cards())) == deck
    assert state.to_act() == [(state.dealer + 1) % 4] and state.phase == "round1"
    assert state.upcard not in state.hidden_from(0)


def test_order_up_gives_the_dealer_the_upcard_to_discard() -> None:
    state = new_game(EuchreOptions(), 7)
    dealer, up = state.dealer, state.upcard
    first = state.to_act()[0]
    events = state.apply(OrderUp(first))
    assert Called(first, T("Order it up")) in events
    assert TrumpSet(up.suit, first, False) in events
    assert state.phase == "discard" and state.to_act() == [dealer]
    assert len(state.hands[dealer]) == 6 and up in state.hands[dealer]
    assert all(isinstance(a, Discard) for a in state.legal_actions(dealer))
    state.apply(Discard(dealer, up))  # the dealer may throw the upcard itself
    assert len(state.hands[dealer]) == 5 and state.phase == "play"
    assert state.to_act() == [(dealer + 1) % 4]
    assert up in state.discard and state.view(dealer).discard == up
    assert state.view((dealer + 1) % 4).discard is None


def test_the_calls_are_named_for_the_caller() -> None:
    state = new_game(EuchreOptions(), 8)
    dealer = state.dealer
    state.apply(Pass(state.to_act()[0]))
    events = state.apply(OrderUp((dealer + 2) % 4))
    assert Called((dealer + 2) % 4, T("Assist")) in events
    state = new_game(EuchreOptions(), 8)
    for _ in range(3):
        state.apply(Pass(state.to_act()[0]))
    assert Called(dealer, T("Take it up")) in state.apply(OrderUp(dealer))


def test_round_two_cannot_name_the_turned_down_suit() -> None:
    state = new_game(EuchreOptions(), 9)
    pass_round(state)
    assert state.phase == "round2"
    seat = state.to_act()[0]
    before = state.clone()
    with pytest.raises(IllegalAction, match="turned down"):
        state.apply(NameTrump(seat, state.upcard.suit))
    assert state == before
    other = next(s for s in Suit if s is not state.upcard.suit)
    state.apply(NameTrump(seat, other))
    assert state.trump is other and state.phase == "play"  # no pick-up in round two
    assert all(len(h) == 5 for h in state.hands)


def test_all_pass_twice_throws_the_hand_in() -> None:
    state = new_game(EuchreOptions(), 10)
    dealer, number = state.dealer, state.hand_number
    pass_round(state)
    events = pass_round(state)
    assert any(isinstance(e, AllPassed) for e in events)
    assert state.dealer == (dealer + 1) % 4 and state.hand_number == number + 1
    assert state.scores == [0, 0] and state.phase == "round1"


def test_stick_the_dealer_forbids_the_last_pass() -> None:
    state = new_game(EuchreOptions(stick_the_dealer=True), 10)
    pass_round(state)
    for _ in range(3):
        state.apply(Pass(state.to_act()[0]))
    dealer = state.to_act()[0]
    assert dealer == state.dealer
    assert Pass(dealer) not in state.legal_actions(dealer)
    with pytest.raises(IllegalAction, match="stick the dealer"):
        state.apply(Pass(dealer))


def test_a_lone_hands_partner_never_plays() -> None:
    for seed in range(6):
        state = new_game(EuchreOptions(), seed)
        maker = state.to_act()[0]
        state.apply(OrderUp(maker, alone=True))
        partner = (maker + 2) % 4
        state.apply(Discard(state.dealer, state.hands[state.dealer][0]))
        rng = random.Random(seed)
        while state.phase == "play":
            assert partner not in state.to_act()
            assert state.legal_actions(partner) == []
            seat = state.to_act()[0]
            events = state.apply(rng.choice(state.legal_actions(seat)))
            for e in events:
                if hasattr(e, "trick"):
                    assert len(e.trick.plays) == 3
                    assert partner not in [s for s, _ in e.trick.plays]


def test_lone_hand_left_of_dealer_sitting_out_lets_the_dealers_partner_lead() -> None:
    state = new_game(EuchreOptions(), 12)
    dealer = state.dealer
    state.apply(Pass((dealer + 1) % 4))
    state.apply(Pass((dealer + 2) % 4))
    state.apply(OrderUp((dealer + 3) % 4, alone=True))  # partner: dealer + 1 sits out
    state.apply(Discard(dealer, state.hands[dealer][0]))
    assert state.to_act() == [(dealer + 2) % 4]


def test_left_bower_must_follow_a_trump_lead() -> None:
    state = new_game(EuchreOptions(), 1)
    state.dealer = 3
    rig(state, ["AC 9H TH QD KD", "JS AS KS 8H 9D", "7C 8C 9C TC QC", "KC AH AD 7S 8S"], "7D")
    state.turn = 0
    for seat in (0, 1, 2):
        state.apply(Pass(seat))
    state.apply(Pass(3))
    state.apply(NameTrump(0, Suit.CLUBS))
    state.apply(PlayCard(0, Card.parse("AC")))
    assert [a.card for a in state.legal_actions(1)] == [Card.parse("JS")]
    before = state.clone()
    with pytest.raises(IllegalAction, match="follow suit"):
        state.apply(PlayCard(1, Card.parse("AS")))
    assert state == before


def lone_march_state() -> EuchreState:
    state = new_game(EuchreOptions(), 2)
    state.dealer = 3
    rig(state, ["JC JS AC KC QC", "AH KH QH JH TH", "9C 8C 7C AS KS", "AD KD QD 9H 8H"], "TC")
    state.turn = 0
    return state


def play_to_end(state: EuchreState) -> list:
    events = []
    while state.phase == "play":
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        rules = state.tricks.rules
        events += state.apply(max(legal, key=lambda a: rules.strength(a.card, rules.trump)))
    return events


def scored(events: list) -> HandScored:
    return next(e for e in events if isinstance(e, HandScored))


def test_lone_march_scores_four() -> None:
    state = lone_march_state()
    state.apply(OrderUp(0, alone=True))
    state.apply(Discard(3, Card.parse("8H")))
    hand = scored(play_to_end(state))
    assert hand.tricks == (5, 0) and hand.points == (4, 0) and state.scores == [4, 0]


def test_march_with_a_partner_scores_two() -> None:
    state = lone_march_state()
    state.apply(OrderUp(0))
    state.apply(Discard(3, Card.parse("8H")))
    hand = scored(play_to_end(state))
    assert hand.tricks == (5, 0) and hand.points == (2, 0)


def test_euchred_makers_give_the_defenders_two() -> None:
    state = lone_march_state()
    state.apply(Pass(0))
    state.apply(OrderUp(1))  # P2 orders clubs holding none
    state.apply(Discard(3, Card.parse("8H")))
    hand = scored(play_to_end(state))
    assert hand.tricks[1] < 3 and hand.points == (2, 0)


@pytest.mark.parametrize(("tricks", "alone", "points"), [
    (3, False, 1), (4, False, 1), (5, False, 2), (3, True, 1), (4, True, 1), (5, True, 4),
    (2, False, 0), (0, True, 0),
])
def test_scoring_table(tricks: int, alone: bool, points: int) -> None:
    assert hand_points(tricks, alone)[0] == points


def test_every_scored_hand_follows_the_table() -> None:
    """Over many bot games, each hand's points match the makers' tricks (every line seen)."""
    lines = set()
    for seed in range(60):
        state = new_game(EuchreOptions(), seed)
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.to_act()[0]
            maker, alone = state.maker, state.alone
            for event in state.apply(SPEC.bots["normal"](state.view(seat), rng)):
                if isinstance(event, HandScored):
                    side = maker % 2
                    made = event.tricks[side]
                    expected = [0, 0]
                    if made < 3:
                        expected[1 - side] = 2
                    else:
                        expected[side] = 4 if (made == 5 and alone) else (2 if made == 5 else 1)
                    assert list(event.points) == expected
                    lines.add("euchred" if made < 3 else ("march" if made == 5 else "made"))
    assert lines == {"euchred", "made", "march"}


def test_game_to_the_target() -> None:
    for target in (5, 10):
        options = SPEC.make_options(target=target)
        state = new_game(options, 4)
        rng = random.Random(4)
        while not state.is_over():
            seat = state.to_act()[0]
            state.apply(SPEC.bots["easy"](state.view(seat), rng))
        assert max(state.scores) >= target and min(state.scores) < target
