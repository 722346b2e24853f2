"""Whist: the turned trump card, following suit, scoring over six, the deal moving left."""

from __future__ import annotations

import random

import pytest

from games.core.driver import play_out
from games.core.protocol import IllegalAction
from games.core.trick_events import GameOver, HandScored, PlayCard
from games.whist import spec
from games.whist.rules import WhistOptions, new_game

SPEC = spec()


def first_play_of(state, seat):
    return next(a for a in state.legal_actions(seat))


def test_turned_card_is_the_dealers_last_and_sets_trumps() -> None:
    for seed in range(20):
        state = new_game(WhistOptions(), seed)
        card = state.turned
        assert card is not None and card in state.hands[state.dealer]
        assert state.trump is card.suit
        assert all(len(h) == 13 for h in state.hands)
        for seat in range(4):
            view = state.view(seat)
            assert view.turned == card and view.trump is card.suit
        other = (state.dealer + 1) % 4
        assert card not in state.hidden_from(other)  # everyone saw it
        assert state.view(other).shown == ((state.dealer, card),)


def test_turned_card_is_taken_up_at_the_dealers_first_play() -> None:
    state = new_game(WhistOptions(), 5)
    card = state.turned
    while state.to_act()[0] != state.dealer:
        seat = state.to_act()[0]
        state.apply(first_play_of(state, seat))
        assert state.turned == card
    dealer = state.dealer
    play = next(a for a in state.legal_actions(dealer) if a.card != card)
    state.apply(play)
    assert state.turned is None and state.view(0).turned is None
    # Still known to be in the dealer's hand until it is played.
    assert card in state.hands[dealer] and card not in state.hidden_from((dealer + 1) % 4)


def test_player_left_of_dealer_leads() -> None:
    for seed in range(8):
        state = new_game(WhistOptions(), seed)
        assert state.to_act() == [(state.dealer + 1) % 4]


def test_must_follow_suit_and_a_refused_play_changes_nothing() -> None:
    for seed in range(40):
        state = new_game(WhistOptions(), seed)
        leader = state.to_act()[0]
        lead = state.hands[leader][0]
        state.apply(PlayCard(leader, lead))
        seat = state.to_act()[0]
        hand = state.hands[seat]
        follow = [c for c in hand if c.suit is lead.suit]
        off = [c for c in hand if c.suit is not lead.suit]
        if follow and off:
            before = state.clone()
            with pytest.raises(IllegalAction, match="follow suit"):
                state.apply(PlayCard(seat, off[0]))
            assert state == before
            assert {a.card for a in state.legal_actions(seat)} == set(follow)
            return
    pytest.fail("no seed gave a seat that could revoke")


def test_playing_out_of_turn_or_a_card_not_held_is_refused() -> None:
    state = new_game(WhistOptions(), 1)
    seat = state.to_act()[0]
    with pytest.raises(IllegalAction, match="turn"):
        state.apply(PlayCard((seat + 1) % 4, state.hands[(seat + 1) % 4][0]))
    with pytest.raises(IllegalAction, match="not in"):
        state.apply(PlayCard(seat, state.hands[(seat + 2) % 4][0]))


def test_each_hand_scores_tricks_over_six_and_the_deal_moves_left() -> None:
    state = new_game(WhistOptions(target=25), 11)
    rng = random.Random(0)
    dealer = state.dealer
    scored = 0
    while scored < 3:
        seat = state.to_act()[0]
        for event in state.apply(SPEC.bots["normal"](state.view(seat), rng)):
            if isinstance(event, HandScored):
                scored += 1
                assert sum(event.tricks) == 13
                assert list(event.points) == [max(0, t - 6) for t in event.tricks]
        if scored and not state.is_over():
            assert state.dealer == (dealer + scored) % 4
    assert sum(state.scores) > 0


@pytest.mark.parametrize("target", [5, 7, 25])
def test_game_ends_when_a_side_reaches_the_target(target: int) -> None:
    record = play_out(SPEC, SPEC.make_options(target=target), 3, [SPEC.bots["easy"]] * 4)
    state = record.state
    outcome = state.outcome()
    side = outcome.winners[0] % 2
    assert state.scores[side] >= target > state.scores[1 - side]
    assert set(outcome.winners) == {side, side + 2}
    assert outcome.scores[side] == state.scores[side]


def test_options_are_checked() -> None:
    with pytest.raises(ValueError):
        WhistOptions(target=6)
    with pytest.raises(ValueError):
        WhistOptions(seats=3)


def test_game_over_event_names_the_winners() -> None:
    state = new_game(WhistOptions(target=5), 2)
    rng = random.Random(2)
    last = []
    while not state.is_over():
        seat = state.to_act()[0]
        last = state.apply(SPEC.bots["easy"](state.view(seat), rng))
    assert isinstance(last[-1], GameOver) and last[-1].side == state.winner
