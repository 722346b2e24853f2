"""Nap: the deck per seat count, the auction (order, Wellington and Blücher, all pass),
trumps from the first lead, Mis, the Joker, settlement and the early end of a hand."""

from __future__ import annotations

import pytest

from games.core.cards import JOKER, Card, Suit, cards, nap_deck
from games.core.protocol import IllegalAction
from games.core.trick_events import PlayCard, TrumpSet
from games.nap import spec
from games.nap.rules import (
    STAKE, AllPassed, Bid, Called, Contract, NameTrumps, NapOptions, NapState, NoTrumps, Pass,
    SessionOver, Settled, contract_result, legal_bids, new_game, settlement,
)

SPEC = spec()


def rig(state: NapState, hands: list[str]) -> None:
    """Give each seat the named cards (the rest become the stub), keeping the deck whole;
    the last seat deals, so seat 0 calls first."""
    state.dealer, state.turn = state.seats - 1, 0
    every = state.all_cards()
    state.hands = [cards(h) for h in hands]
    used = {c for h in state.hands for c in h}
    state.stub = [c for c in every if c not in used]
    assert sorted(map(str, state.all_cards())) == sorted(map(str, every))


def first(state: NapState) -> int:
    return state.to_act()[0]


def auction(state: NapState, calls: list[Contract | None]) -> list:
    """Each seat in turn calls; ``None`` passes."""
    events = []
    for call in calls:
        seat = first(state)
        events += state.apply(Pass(seat) if call is None else Bid(seat, call))
    return events


def game(seats: int = 3, joker: bool = False, seed: int = 1) -> NapState:
    return new_game(NapOptions(seats=seats, joker=joker), seed=seed)


@pytest.mark.parametrize(("seats", "deck"), [(3, 24), (4, 28), (5, 32), (6, 36), (7, 40)])
def test_deck_and_deal_fit_the_table(seats: int, deck: int) -> None:
    state = game(seats, joker=True)
    assert len(state.all_cards()) == deck + 1
    assert all(len(hand) == 5 for hand in state.hands)
    assert len(state.stub) == deck + 1 - 5 * seats
    assert state.chips == [STAKE] * seats
    assert first(state) == (state.dealer + 1) % seats


def test_bids_rise_in_order_and_top_bids_need_their_forerunner() -> None:
    assert list(Contract) == sorted(Contract)
    assert [str(c) for c in Contract] == ["Two", "Three", "Mis", "Four", "Nap", "Wellington", "Blücher"]
    assert [c.credits for c in Contract] == [2, 3, 3, 4, 10, 20, 40]
    opening = legal_bids(None, False, False)
    assert Contract.WELLINGTON not in opening and Contract.BLUCHER not in opening
    assert legal_bids(Contract.NAP, True, False) == [Contract.WELLINGTON]
    assert legal_bids(Contract.WELLINGTON, True, True) == [Contract.BLUCHER]
    assert legal_bids(Contract.BLUCHER, True, True) == []
    assert legal_bids(Contract.THREE, False, False)[0] is Contract.MIS


def test_auction_wellington_after_nap_and_blucher_after_wellington() -> None:
    state = game(4)
    seat = first(state)
    with pytest.raises(IllegalAction, match="after someone has bid Nap"):
        state.apply(Bid(seat, Contract.WELLINGTON))
    auction(state, [Contract.NAP])
    seat = first(state)
    assert [a for a in state.legal_actions(seat)] == [Pass(seat), Bid(seat, Contract.WELLINGTON)]
    with pytest.raises(IllegalAction, match="not higher"):
        state.apply(Bid(seat, Contract.FOUR))
    auction(state, [Contract.WELLINGTON])
    seat = first(state)
    assert Bid(seat, Contract.BLUCHER) in state.legal_actions(seat)
    events = auction(state, [Contract.BLUCHER, None])
    assert state.phase == "play" and state.contract is Contract.BLUCHER
    assert state.bidder == seat and first(state) == seat
    assert [e.words for e in events if isinstance(e, Called)] == ["Blücher", "Pass"]


def test_a_player_speaks_once_and_the_best_bid_wins() -> None:
    state = game(3)
    auction(state, [Contract.TWO, Contract.MIS, None])
    assert state.contract is Contract.MIS and state.bidder == (state.dealer + 2) % 3
    assert state.trump is None


def test_all_pass_throws_the_hand_in_and_the_deal_moves_on() -> None:
    state = game(5)
    dealer, number = state.dealer, state.hand_number
    events = auction(state, [None] * 5)
    assert any(isinstance(e, AllPassed) for e in events)
    assert state.dealer == (dealer + 1) % 5 and state.hand_number == number + 1
    assert state.chips == [STAKE] * 5 and state.phase == "bid"
    assert len(state.all_cards()) == 32


def test_the_first_lead_fixes_trumps_and_suit_must_be_followed() -> None:
    state = game(3, seed=4)
    rig(state, ["9H AS KS QD JC", "TH 9S AH KH QH", "JH TS QS AD KD"])
    auction(state, [Contract.TWO, None, None])
    events = state.apply(PlayCard(0, Card.parse("9H")))
    assert TrumpSet(Suit.HEARTS, 0) in events and state.trump is Suit.HEARTS
    assert PlayCard(1, Card.parse("9S")) not in state.legal_actions(1)
    with pytest.raises(IllegalAction, match="follow suit"):
        state.apply(PlayCard(1, Card.parse("9S")))
    state.apply(PlayCard(1, Card.parse("TH")))
    state.apply(PlayCard(2, Card.parse("JH")))
    assert state.tricks.done[-1].winner == 2  # the Jack beats the Ten and the Nine


def test_settlement_sums_to_zero_and_goes_both_ways() -> None:
    for seats in range(3, 8):
        for contract in Contract:
            for made in (True, False):
                change = settlement(seats, 1, contract, made)
                assert sum(change) == 0
                assert change[1] == (1 if made else -1) * contract.credits * (seats - 1)


def test_a_nap_ends_at_the_first_lost_trick_and_is_paid_for() -> None:
    state = game(3, seed=2)
    rig(state, ["AS KS QS JS TH", "AH KH QH JH 9H", "TS 9S AD KD QD"])
    auction(state, [Contract.NAP, None, None])
    state.apply(PlayCard(0, Card.parse("TH")))  # trumps hearts: the bidder leads a low trump
    state.apply(PlayCard(1, Card.parse("AH")))
    events = state.apply(PlayCard(2, Card.parse("AD")))
    settled = [e for e in events if isinstance(e, Settled)]
    assert settled and not settled[0].made
    assert state.chips == [STAKE - 20, STAKE + 10, STAKE + 10]
    assert state.hand_number == 2 and state.phase == "bid"  # next deal at once
    assert sorted(map(str, state.all_cards())) == sorted(map(str, nap_deck(3)))


def test_a_two_is_made_as_soon_as_the_second_trick_is_won() -> None:
    state = game(3, seed=2)
    rig(state, ["AS KS QS JS TH", "AH KH QH JH 9H", "TS 9S AD KD QD"])
    auction(state, [Contract.TWO, None, None])
    for seat, card in [(0, "AS"), (1, "9H"), (2, "9S"), (0, "KS"), (1, "JH")]:
        state.apply(PlayCard(seat, Card.parse(card)))
    events = state.apply(PlayCard(2, Card.parse("TS")))
    settled = [e for e in events if isinstance(e, Settled)]
    assert settled and settled[0].made and settled[0].tricks == 2
    assert state.chips == [STAKE + 4, STAKE - 2, STAKE - 2]


def test_mis_has_no_trumps_and_fails_on_the_first_trick_taken() -> None:
    state = game(3, seed=2)
    rig(state, ["9S 9H 9D TC JC", "AS AH AD AC 9C", "KS KH KD QD JD"])
    events = auction(state, [Contract.MIS, None, None])
    assert any(isinstance(e, NoTrumps) for e in events)
    state.apply(PlayCard(0, Card.parse("9S")))
    state.apply(PlayCard(1, Card.parse("AS")))
    state.apply(PlayCard(2, Card.parse("KS")))
    assert state.trump is None and state.hand_number == 1
    state.apply(PlayCard(1, Card.parse("9C")))
    state.apply(PlayCard(2, Card.parse("JD")))  # no clubs, and no trumps to win with
    events = state.apply(PlayCard(0, Card.parse("TC")))  # forced to win with a club
    settled = [e for e in events if isinstance(e, Settled)]
    assert settled and not settled[0].made
    assert state.chips == [STAKE - 6, STAKE + 3, STAKE + 3]


def test_contract_results_decide_early() -> None:
    assert contract_result(Contract.FOUR, 2, 3) is None
    assert contract_result(Contract.FOUR, 1, 3) is False
    assert contract_result(Contract.FOUR, 0, 2) is False
    assert contract_result(Contract.FOUR, 4, 4) is True
    assert contract_result(Contract.MIS, 1, 1) is False
    assert contract_result(Contract.WELLINGTON, 4, 4) is None


def test_a_joker_led_first_lets_its_player_name_trumps() -> None:
    state = game(3, joker=True, seed=2)
    hands = ["AS KS QS JS", "AH KH QH JH 9H", "TS 9S AD KD QD"]
    rig(state, hands[:0] + [hands[0]] + hands[1:])
    state.hands[0].append(JOKER)
    state.stub.remove(JOKER)
    auction(state, [Contract.TWO, None, None])
    state.apply(PlayCard(0, JOKER))
    assert state.phase == "name" and state.trump is None
    assert state.legal_actions(0) == [NameTrumps(0, s) for s in Suit]
    assert state.legal_actions(1) == []
    events = state.apply(NameTrumps(0, Suit.SPADES))
    assert TrumpSet(Suit.SPADES, 0) in events and state.trump is Suit.SPADES
    assert PlayCard(1, Card.parse("AH")) in state.legal_actions(1)  # void in trumps
    state.apply(PlayCard(1, Card.parse("AH")))
    assert state.legal_actions(2) == [PlayCard(2, Card.parse("TS")), PlayCard(2, Card.parse("9S"))]
    state.apply(PlayCard(2, Card.parse("TS")))
    assert state.tricks.done[-1].winner == 0


def test_the_joker_is_a_trump_for_following_suit_and_beats_all_in_mis() -> None:
    state = game(3, joker=True, seed=2)
    rig(state, ["9S 9H 9D 9C TC", "AS AH AD AC KC", "KS KH KD QC JC"])
    state.hands[1][-1], state.stub[state.stub.index(JOKER)] = JOKER, state.hands[1][-1]
    auction(state, [Contract.MIS, None, None])
    state.apply(PlayCard(0, Card.parse("9S")))
    assert PlayCard(1, JOKER) not in state.legal_actions(1)  # it must follow spades
    state.apply(PlayCard(1, Card.parse("AS")))
    state.apply(PlayCard(2, Card.parse("KS")))
    state.apply(PlayCard(1, Card.parse("AH")))
    state.apply(PlayCard(2, Card.parse("KH")))
    state.apply(PlayCard(0, Card.parse("9H")))
    state.apply(PlayCard(1, JOKER))  # led: nothing can follow it, and it wins
    state.apply(PlayCard(2, Card.parse("KD")))
    events = state.apply(PlayCard(0, Card.parse("9D")))
    assert state.tricks is None or state.hand_number == 1
    assert not [e for e in events if isinstance(e, Settled)]
    assert state.tricks.done[-1].winner == 1


def test_illegal_actions_leave_the_state_unchanged() -> None:
    state = game(4)
    before = state.clone()
    seat = first(state)
    for action in (PlayCard(seat, state.hands[seat][0]), Pass((seat + 1) % 4),
                   NameTrumps(seat, Suit.CLUBS), Bid(seat, Contract.BLUCHER)):
        with pytest.raises(IllegalAction):
            state.apply(action)
        assert state == before


def test_a_session_ends_after_the_chosen_deals_with_chips_conserved() -> None:
    from games.core.driver import play_out
    options = SPEC.make_options(seats=4, rounds=1)
    record = play_out(SPEC, options, seed=9, bots=[SPEC.bots["normal"]] * 4)
    state = record.state
    assert state.is_over() and sum(state.chips) == 4 * STAKE
    assert state.hand_number == 4 or min(state.chips) <= 0
    outcome = state.outcome()
    assert outcome is not None and max(state.chips) == state.chips[outcome.winners[0]]
    assert isinstance(state.over, SessionOver)


def test_a_session_ends_when_someone_is_broke() -> None:
    state = game(3, seed=2)
    state.chips = [5, 40, 75]
    rig(state, ["AS KS QS JS TH", "AH KH QH JH 9H", "TS 9S AD KD QD"])
    auction(state, [Contract.NAP, None, None])
    state.apply(PlayCard(0, Card.parse("TH")))
    state.apply(PlayCard(1, Card.parse("AH")))
    events = state.apply(PlayCard(2, Card.parse("AD")))
    assert state.is_over() and any(isinstance(e, SessionOver) for e in events)
    assert state.chips == [-15, 50, 85] and state.outcome().winners == (2,)
    assert state.legal_actions(0) == []
