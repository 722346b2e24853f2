"""Whist's Expert: determinised search on the double-dummy solver."""

from __future__ import annotations

from dataclasses import replace
from random import Random

import pytest

from games.core.cards import Card, Suit, cards, standard_deck
from games.core.trick_events import PlayCard
from games.whist import bots
from games.whist.rules import WhistOptions, WhistView, new_game


def end_view(hand: str, trump: Suit, others_hold: str) -> WhistView:
    """Seat 0 to lead with ``hand`` late in a hand; ``others_hold`` are the unseen cards
    (every other card has been played, seat by seat in turn)."""
    mine, unseen = cards(hand), cards(others_hold)
    rest = [c for c in standard_deck() if c not in mine and c not in unseen]
    size = len(mine)
    played = tuple((i % 4, card) for i, card in enumerate(rest))
    return WhistView(
        seat=0, seats=4, hand=tuple(mine), legal=tuple(PlayCard(0, c) for c in mine), turn=0,
        dealer=3, trump=trump, turned=None, shown=(), trick=(), leader=0, last_trick=None,
        won=(3, 3, 3, 4)[:4], hand_sizes=(size, size, size, size), played=played,
        voids=(frozenset(),) * 4, scores=(0, 0), target=7, hand_number=1)


def test_expert_cashes_the_sure_winner_before_losing_the_lead() -> None:
    # No trumps left out; the spade ace wins now, the club loses and then the ace may be
    # stranded under a diamond or club lead.
    view = end_view("AS 2C", Suit.HEARTS, "KS 3C 4D 5D QS 6C")
    for seed in range(3):
        assert bots.expert(view, Random(seed)).card == Card.parse("AS")


@pytest.mark.slow
def test_expert_plays_a_legal_card_all_through_a_hand() -> None:
    state = new_game(WhistOptions(), seed=4)
    rng = Random(4)
    for _ in range(52):
        seat = state.to_act()[0]
        action = bots.BOTS["expert" if seat % 2 == 0 else "hard"](state.view(seat), rng)
        assert action in state.legal_actions(seat)
        state.apply(action)
    assert state.hand_number == 2 or state.is_over()


def test_without_dds_expert_solves_only_short_hands_itself(monkeypatch: pytest.MonkeyPatch) -> None:
    from games.core import dds_library

    monkeypatch.setattr(dds_library, "available", lambda: False)
    state = new_game(WhistOptions(), seed=5)
    view = state.view(state.to_act()[0])
    assert bots.expert(view, Random(1)) == bots.expert_playouts(view, Random(1))  # 13 cards
    end = end_view("AS 2C", Suit.HEARTS, "KS 3C 4D 5D QS 6C")
    assert bots.expert(end, Random(1)).card == Card.parse("AS")  # our own search


def test_expert_play_outs_are_worth_the_game_not_the_tricks() -> None:
    # At 6-6 in a game to 7 the seventh trick wins the game and the ones after it add nothing.
    view = replace(new_game(WhistOptions(), seed=5).view(0), scores=(6, 6))
    value = bots.game_value(view)
    assert value([3, 2, 4, 4]) > 0.99 and value([2, 3, 4, 4]) < 0.01  # 7 tricks, then 6, to seats 0 and 2
    assert 0 < value([6, 0, 6, 1]) - value([3, 2, 4, 4]) < 0.01  # 12 tricks, 7 tricks


def test_single_dummy_values_average_the_deals_the_seat_could_face() -> None:
    from games.core.expert_play import single_dummy

    view = end_view("AS 2C", Suit.HEARTS, "KS 3C 4D 5D QS 6C")
    values = single_dummy(view, bots.knowledge(view), Random(3), deals=40)
    assert set(values) == {Card.parse("AS"), Card.parse("2C")}
    assert 1.0 <= values[Card.parse("AS")] <= 2.0  # the ace always wins its trick
    assert values[Card.parse("AS")] > values[Card.parse("2C")]
