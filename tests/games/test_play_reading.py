"""Reading the cards: deals that fit the way the opponents followed suit are drawn more often."""

from __future__ import annotations

from random import Random

from games.core.cards import Card, Suit, cards, standard_deck
from games.core.expert_play import sample_positions
from games.core.play_reading import OFF_HABIT, habit_weight
from games.core.trick_events import PlayCard
from games.core.tricks import TrumpRules
from games.whist import bots
from games.whist.rules import WhistView

NO_TRUMPS = TrumpRules(None)


def plays(*pairs: tuple[int, str]) -> list[tuple[int, Card]]:
    return [(seat, Card.parse(card)) for seat, card in pairs]


def weight(played: list[tuple[int, Card]], seat: int, hand: str, reader: int = 0) -> float:
    return habit_weight(played, {seat: cards(hand)}, NO_TRUMPS, reader=reader, seats=4)


def test_a_card_that_does_not_win_is_read_as_the_lowest() -> None:
    under_the_king = plays((0, "KS"), (1, "9S"))
    assert weight(under_the_king, 1, "2S 3H") == OFF_HABIT  # it kept the two: unlikely
    assert weight(under_the_king, 1, "TS 3H") == 1.0        # nothing lower: as expected
    assert weight(under_the_king, 1, "8S 3H") == 1.0        # the eight is the same card as the nine


def test_a_card_that_wins_is_read_as_the_cheapest_winner() -> None:
    over_the_jack = plays((0, "JS"), (1, "KS"))
    assert weight(over_the_jack, 1, "QS 3H") == 1.0  # K-Q are equals: either is the cheapest
    assert weight(over_the_jack, 1, "3S 3H") == 1.0  # a low spade could not have won
    after_the_queen = plays((0, "JS"), (1, "AS"))
    assert weight(after_the_queen, 1, "QS 3H") == OFF_HABIT  # won with the ace holding the queen


def test_cards_played_since_and_before_close_the_gaps() -> None:
    # The eight was played earlier: the nine and the seven are equals for seat 1 then.
    played = plays((2, "8S"), (3, "2S"), (0, "3S"), (1, "4S"), (0, "KS"), (1, "9S"))
    assert weight(played, 1, "7S 3H") == 1.0
    assert weight(played, 1, "6S 3H") == OFF_HABIT


def test_leads_discards_ruffs_and_my_sides_cards_are_not_read() -> None:
    assert weight(plays((1, "9S")), 1, "2S") == 1.0                      # a lead
    assert weight(plays((0, "KS"), (1, "9H")), 1, "2H 3H") == 1.0        # a discard (void in spades)
    assert weight(plays((3, "KS"), (0, "2S"), (1, "AS"), (2, "9S")), 2, "3S", reader=0) == 1.0  # partner


def test_reading_draws_the_deals_that_fit_more_often() -> None:
    # Seat 1 played the nine of spades under seat 0's king; seat 2 (all hearts) is to play.
    # Deals giving seat 1 a spade lower than the nine (bar the eight, its equal) should come
    # up less often when reading.
    hearts = cards("AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H")
    view = WhistView(
        seat=2, seats=4, hand=tuple(hearts),
        legal=tuple(PlayCard(2, c) for c in hearts), turn=2, dealer=3, trump=Suit.HEARTS,
        turned=None, shown=(), trick=tuple(plays((0, "KS"), (1, "9S"))), leader=0, last_trick=None,
        won=(0, 0, 0, 0), hand_sizes=(12, 12, 13, 13), played=tuple(plays((0, "KS"), (1, "9S"))),
        voids=(frozenset(),) * 4, scores=(0, 0), target=7, hand_number=1)
    info = bots.knowledge(view)
    low = set(cards("2S 3S 4S 5S 6S 7S"))

    def share(reading: bool) -> float:
        positions = sample_positions(view, info, Random(5), 400, reading=reading)
        return sum(any(c in low for c in p.hands[1]) for p in positions) / len(positions)

    assert share(reading=True) < share(reading=False) - 0.1  # a fifth as likely: 92% falls to about 71%
    deck = set(standard_deck())
    for position in sample_positions(view, info, Random(6), 50, reading=True):
        dealt = [c for h in position.hands for c in h]
        assert len(dealt) == 50 and set(dealt) == deck - {Card.parse("KS"), Card.parse("9S")}


def test_the_quick_dealer_keeps_every_void_and_hand_size() -> None:
    from games.core.deal_sampling import deal_unseen
    from games.core.trick_bots import Knowledge

    pool = tuple(cards("AS KS QS JS 2H 3H 4H 5H 6D 7D 8C 9C"))
    info = Knowledge(0, {1: 4, 2: 4, 3: 4}, {1: frozenset({Suit.SPADES}), 3: frozenset({Suit.SPADES, Suit.CLUBS})},
                     {}, pool, NO_TRUMPS)
    rng = Random(3)
    for _ in range(200):
        hands = deal_unseen(info, rng)
        assert sorted(len(h) for h in hands.values()) == [4, 4, 4]
        assert {c for h in hands.values() for c in h} == set(pool)
        assert all(c.suit is not Suit.SPADES for c in hands[1] + hands[3])
        assert all(c.suit is not Suit.CLUBS for c in hands[3])
        assert sum(c.suit is Suit.SPADES for c in hands[2]) == 4  # the only seat that may hold spades
