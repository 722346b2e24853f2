"""The shared trick engine: following suit, trick winners, bowers, seats sitting out."""

from __future__ import annotations

import pytest

from games.core.cards import Card, Suit, cards
from games.core.tricks import (
    TrickPlay, TrumpRules, legal_cards, side_tricks, trick_winner,
)

NO_TRUMPS = TrumpRules()
HEARTS = TrumpRules(Suit.HEARTS)
EUCHRE_CLUBS = TrumpRules(Suit.CLUBS, bowers=True)


def plays(text: str, first: int = 0) -> list[tuple[int, Card]]:
    return [((first + i) % 4, card) for i, card in enumerate(cards(text))]


def test_highest_of_the_suit_led_wins_without_trumps() -> None:
    assert trick_winner(plays("9S AH KS 2S"), NO_TRUMPS) == 2  # AH is a discard


def test_any_trump_beats_the_suit_led() -> None:
    assert trick_winner(plays("AS 2H KS QS"), HEARTS) == 1
    assert trick_winner(plays("AS 2H 3H QS"), HEARTS) == 2


def test_an_off_suit_card_never_wins() -> None:
    assert trick_winner(plays("2D AS AC AH", first=1), TrumpRules(Suit.HEARTS)) == 0
    assert trick_winner(plays("2D AS AC KS", first=1), TrumpRules(Suit.HEARTS)) == 1


def test_bowers_are_the_top_trumps() -> None:
    assert trick_winner(plays("AC JS KC JC"), EUCHRE_CLUBS) == 3   # right bower
    assert trick_winner(plays("AC JS KC QC"), EUCHRE_CLUBS) == 1   # left bower beats the ace


def test_left_bower_belongs_to_the_trump_suit() -> None:
    assert EUCHRE_CLUBS.suit_of(Card.parse("JS")) is Suit.CLUBS
    assert EUCHRE_CLUBS.is_trump(Card.parse("JS"))
    assert not EUCHRE_CLUBS.is_trump(Card.parse("JD"))
    assert TrumpRules(Suit.HEARTS, True).suit_of(Card.parse("JD")) is Suit.HEARTS


def test_left_bower_follows_as_a_trump_not_its_printed_suit() -> None:
    hand = cards("JS AS 9H")
    assert legal_cards(hand, Suit.SPADES, EUCHRE_CLUBS) == cards("AS")
    assert legal_cards(hand, Suit.CLUBS, EUCHRE_CLUBS) == cards("JS")
    # Without bowers the same Jack is a plain spade.
    assert legal_cards(hand, Suit.SPADES, TrumpRules(Suit.CLUBS)) == cards("JS AS")


def test_left_bower_led_asks_for_trumps() -> None:
    assert trick_winner(plays("JS AS 7C 9S"), EUCHRE_CLUBS) == 0
    assert trick_winner(plays("JS AS 8C JC"), EUCHRE_CLUBS) == 3


def test_void_in_the_suit_led_may_play_anything() -> None:
    assert legal_cards(cards("AH 2D"), Suit.SPADES, HEARTS) == cards("AH 2D")
    assert legal_cards(cards("AH 2S"), None, HEARTS) == cards("AH 2S")


def test_trick_play_follows_the_winner() -> None:
    play = TrickPlay(4, HEARTS, leader=1)
    for seat, card in plays("KS 2H AS 3S", first=1):
        assert play.to_play() == seat
        trick = play.play(seat, card)
    assert trick is not None and trick.winner == 2
    assert play.leader == 2 and play.to_play() == 2 and play.won == [0, 0, 1, 0]
    assert play.played_by(2) == cards("2H")


def test_a_seat_sitting_out_never_plays() -> None:
    play = TrickPlay(4, EUCHRE_CLUBS, leader=1, sitting_out=frozenset({1}))
    assert play.leader == 2
    seen = []
    for card in cards("AH KH 9H"):
        seat = play.to_play()
        seen.append(seat)
        trick = play.play(seat, card)
    assert seen == [2, 3, 0]
    assert trick is not None and trick.winner == 2 and len(trick.plays) == 3


def test_voids_are_shown_by_failing_to_follow() -> None:
    play = TrickPlay(4, EUCHRE_CLUBS, leader=0)
    for seat, card in plays("AS JS 9S 9D"):
        play.play(seat, card)
    voids = play.voids()
    assert voids[1] == {Suit.SPADES}   # the left bower is a club, not a spade
    assert voids[3] == {Suit.SPADES} and voids[0] == voids[2] == frozenset()


def test_clone_is_independent() -> None:
    play = TrickPlay(4, HEARTS, leader=0)
    twin = play.clone()
    twin.play(0, Card.parse("AS"))
    assert play.current == [] and play.key() != twin.key()


def test_side_tricks_adds_partners() -> None:
    assert side_tricks([3, 2, 4, 4]) == [7, 6]


@pytest.mark.parametrize("trump", list(Suit))
def test_sort_key_puts_trumps_first(trump: Suit) -> None:
    rules = TrumpRules(trump, bowers=True)
    hand = sorted(cards("AS KH QD JC TS 9H 8D 7C JH JD"), key=rules.sort_key)
    flags = [rules.is_trump(c) for c in hand]
    assert flags == sorted(flags, reverse=True)
