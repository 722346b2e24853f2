"""Euchre's North American game as an option (issue 28, point 12): the 24-card deck, 9 to
Ace, played to 10 points, beside the default 32-card deck to 5."""

from __future__ import annotations

import random

import pytest

from games.core.cards import Card, Rank, Suit
from games.core.tricks import TrumpRules
from games.euchre import spec
from games.euchre.rules import EuchreOptions, EuchreState, new_game

SPEC = spec()


def test_the_default_is_still_32_cards_to_5_points() -> None:
    options = SPEC.make_options()
    assert (options.deck, options.target) == (32, 5)
    assert {o.key: o.default for o in SPEC.options}["deck"] == 32


def test_the_24_card_deck_holds_nine_to_ace_of_every_suit() -> None:
    state = new_game(EuchreOptions(deck=24, target=10), 11)
    every = state.all_cards()
    assert len(every) == len(set(every)) == 24
    assert {card.rank for card in every} == {Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE}
    assert {card.suit for card in every} == set(Suit)


def test_the_setup_screen_names_the_north_american_deck() -> None:
    deck = next(o for o in SPEC.options if o.key == "deck")
    assert "North American" in deck.label_for(24) and "32" in deck.label_for(32)
    assert 10 in next(o for o in SPEC.options if o.key == "target").choices


def play_out(state: EuchreState, seed: int) -> list[tuple[int, int]]:
    """Easy bots play the game to its end; the scores after every hand."""
    rng, scores = random.Random(seed), []
    while not state.is_over():
        seat = state.to_act()[0]
        hand = state.hand_number
        state.apply(SPEC.bots["easy"](state.view(seat), rng))
        assert sorted(map(str, state.all_cards())) == sorted(map(str, new_game(state.options, 0).all_cards()))
        if state.hand_number != hand or state.is_over():
            scores.append(tuple(state.scores))
    return scores


@pytest.mark.parametrize("seed", [1, 2])
def test_a_whole_24_card_game_goes_to_10_points(seed: int) -> None:
    state = new_game(EuchreOptions(deck=24, target=10), seed)
    scores = play_out(state, seed)
    assert max(state.scores) >= 10 and min(state.scores) < 10
    assert any(max(s) >= 5 for s in scores[:-1])     # it went on past 5, the default's end
    assert state.outcome() is not None and state.view(0).target == 10


def test_the_bowers_top_the_trumps_in_the_short_deck_too() -> None:
    """Hearts trumps: of the trumps the 24-card deck holds, the Jack of hearts is highest,
    then the Jack of diamonds (a heart for every purpose), then Ace down to 9."""
    state = new_game(EuchreOptions(deck=24, target=10), 5)
    rules = TrumpRules(Suit.HEARTS, bowers=True)   # as the rules make it once trumps are named
    trumps = sorted((c for c in state.all_cards() if rules.suit_of(c) is Suit.HEARTS), key=rules.power, reverse=True)
    assert [str(c) for c in trumps] == ["JH", "JD", "AH", "KH", "QH", "TH", "9H"]
