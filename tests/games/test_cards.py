"""Cards and decks: notation round-trips, bad input, and every deck's size and contents."""

from __future__ import annotations

from collections import Counter

import pytest

from games.core.cards import (
    JOKER, RANKS, SUITS, Card, Rank, Suit, cards, deck_of, euchre_deck, nap_deck, piquet_deck,
    standard_deck,
)

ALL_CARDS = standard_deck() + [JOKER]


# --- notation -----------------------------------------------------------------------------

@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_str_parse_round_trip(card: Card) -> None:
    text = str(card)
    assert Card.parse(text) == card
    assert Card.parse(text.lower()) == card
    assert Card.parse(f"  {text} ") == card
    assert str(Card.parse(text)) == text


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_repr_reads_like_code(card: Card) -> None:
    assert repr(card) == f"Card.parse({str(card)!r})"
    assert eval(repr(card), {"Card": Card}) == card


def test_str_uses_one_letter_ranks_and_suits() -> None:
    assert str(Card(Rank.TEN, Suit.HEARTS)) == "TH"
    assert str(Card(Rank.ACE, Suit.SPADES)) == "AS"
    assert str(Card(Rank.TWO, Suit.CLUBS)) == "2C"
    assert str(Card(Rank.QUEEN, Suit.DIAMONDS)) == "QD"
    assert str(JOKER) == "JK"
    assert {len(str(c)) for c in standard_deck()} == {2}


@pytest.mark.parametrize("text", ["10H", "10h", "TH", "th", "tH", " 10H "])
def test_ten_is_written_t_or_10(text: str) -> None:
    card = Card.parse(text)
    assert card == Card.parse("TH") == Card(Rank.TEN, Suit.HEARTS)
    assert str(card) == "TH"


@pytest.mark.parametrize("suit", SUITS, ids=str)
def test_ten_of_every_suit(suit: Suit) -> None:
    assert Card.parse(f"10{suit.letter}") == Card.parse(f"T{suit.letter}") == Card(Rank.TEN, suit)


@pytest.mark.parametrize("text", ["JK", "jk", "Joker", "JOKER"])
def test_joker_parses(text: str) -> None:
    card = Card.parse(text)
    assert card == JOKER
    assert card.is_joker and card.suit is None and not card.is_red


def test_parse_reads_lower_case_everything() -> None:
    assert Card.parse("qh") == Card(Rank.QUEEN, Suit.HEARTS)
    assert Card.parse("as") == Card(Rank.ACE, Suit.SPADES)
    assert Card.parse("kd") == Card(Rank.KING, Suit.DIAMONDS)
    assert Card.parse("2c") == Card(Rank.TWO, Suit.CLUBS)


def test_parsed_cards_equal_constructed_ones_and_hash_alike() -> None:
    parsed = {Card.parse(str(c)) for c in ALL_CARDS}
    assert parsed == set(ALL_CARDS)
    assert len(parsed) == 53
    assert Card.parse("QH") != Card.parse("QD")
    assert Card.parse("QH") != Card.parse("KH")


def test_cards_helper_parses_a_list() -> None:
    assert cards("AS 10H JK") == [Card(Rank.ACE, Suit.SPADES), Card(Rank.TEN, Suit.HEARTS), JOKER]
    assert cards("") == []


@pytest.mark.parametrize(("text", "fragment"), [
    ("", "not a card"),
    ("   ", "not a card"),
    ("Q", "not a card"),
    ("H", "not a card"),
    ("1H", "'1'"),
    ("11H", "'11'"),
    ("0H", "'0'"),
    ("ZH", "'Z'"),
    ("QX", "'X'"),
    ("Q1", "'1'"),
    ("HQ", "'H'"),
    ("QHH", "'QH'"),
    ("10", "'1'"),
    ("AS KS", "'AS K'"),
    ("Q♥", "'♥'"),
])
def test_bad_input_raises_value_error_naming_the_problem(text: str, fragment: str) -> None:
    with pytest.raises(ValueError) as info:
        Card.parse(text)
    message = str(info.value)
    assert fragment in message
    assert len(message) > len(fragment) + 10  # a sentence, not just the echo


@pytest.mark.parametrize("text", ["JKS", "jkh"])
def test_joker_with_a_suit_is_rejected_with_a_message_naming_it(text: str) -> None:
    with pytest.raises(ValueError, match="(?i)JK"):
        Card.parse(text)


@pytest.mark.parametrize("text", ["JKS", "jkh"])
def test_joker_with_a_suit_is_rejected(text: str) -> None:
    with pytest.raises(ValueError):
        Card.parse(text)


def test_card_constructor_checks_the_joker_rule() -> None:
    with pytest.raises(ValueError, match="Joker"):
        Card(Rank.ACE, None)
    with pytest.raises(ValueError, match="Joker"):
        Card(Rank.JOKER, Suit.SPADES)


def test_rank_and_suit_parse() -> None:
    assert Rank.parse("10") is Rank.TEN and Rank.parse("t") is Rank.TEN
    assert Rank.parse("a") is Rank.ACE
    assert Suit.parse("spades") is Suit.SPADES and Suit.parse("Heart") is Suit.HEARTS
    assert Suit.parse("d") is Suit.DIAMONDS
    with pytest.raises(ValueError, match="'X'"):
        Suit.parse("X")
    with pytest.raises(ValueError, match="'1'"):
        Rank.parse("1")


def test_card_properties() -> None:
    assert Card.parse("QH").is_red and Card.parse("2D").is_red
    assert not Card.parse("QS").is_red and not Card.parse("2C").is_red
    assert Card.parse("AS").rank.pip_value == 1
    assert Card.parse("KS").rank.pip_value == 13
    assert JOKER.rank.pip_value == 0
    assert Rank.TEN.label == "10" and Rank.TEN.symbol == "T"
    assert [r.is_court for r in (Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)] == [
        False, True, True, True, False]


def test_sort_key_groups_by_suit_then_rank_high_to_low() -> None:
    hand = cards("2C JK AS TH KS 3H")
    assert [str(c) for c in sorted(hand, key=Card.sort_key)] == ["AS", "KS", "TH", "3H", "2C", "JK"]


# --- decks ---------------------------------------------------------------------------------

def _ranks(deck: list[Card]) -> set[Rank]:
    return {c.rank for c in deck}


def test_standard_deck_is_every_rank_of_every_suit_once() -> None:
    deck = standard_deck()
    assert len(deck) == 52
    assert len(set(deck)) == 52
    assert set(deck) == {Card(r, s) for r in RANKS for s in SUITS}
    assert JOKER not in deck
    assert Counter(c.suit for c in deck) == {s: 13 for s in SUITS}


def test_standard_deck_is_in_a_fixed_order() -> None:
    assert standard_deck() == standard_deck()
    assert [str(c) for c in standard_deck()[:2]] == ["2S", "3S"]


def test_piquet_deck() -> None:
    deck = piquet_deck()
    assert len(deck) == 32
    assert len(set(deck)) == 32
    assert _ranks(deck) == {r for r in RANKS if r >= Rank.SEVEN}
    assert Counter(c.suit for c in deck) == {s: 8 for s in SUITS}


def test_euchre_deck() -> None:
    deck = euchre_deck()
    assert len(deck) == 24
    assert len(set(deck)) == 24
    assert _ranks(deck) == {Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE}


@pytest.mark.parametrize(("seats", "size", "lowest"), [
    (3, 24, Rank.NINE), (4, 28, Rank.EIGHT), (5, 32, Rank.SEVEN), (6, 36, Rank.SIX),
    (7, 40, Rank.FIVE),
])
def test_nap_deck(seats: int, size: int, lowest: Rank) -> None:
    deck = nap_deck(seats)
    assert len(deck) == size
    assert len(set(deck)) == size
    assert min(c.rank for c in deck) is lowest
    assert _ranks(deck) == {r for r in RANKS if r >= lowest}
    assert JOKER not in deck
    with_joker = nap_deck(seats, joker=True)
    assert len(with_joker) == size + 1
    assert Counter(with_joker) - Counter(deck) == Counter([JOKER])


@pytest.mark.parametrize("seats", [0, 1, 2, 8, 10, -3])
def test_nap_deck_rejects_other_seat_counts(seats: int) -> None:
    with pytest.raises(ValueError, match=str(seats)):
        nap_deck(seats)


@pytest.mark.parametrize("jokers", [0, 1, 2, 3])
def test_jokers_are_added(jokers: int) -> None:
    deck = standard_deck(jokers=jokers)
    assert len(deck) == 52 + jokers
    assert deck.count(JOKER) == jokers
    assert len(set(deck) - {JOKER}) == 52


@pytest.mark.parametrize("copies", [1, 2, 3])
def test_copies_repeat_every_card(copies: int) -> None:
    deck = standard_deck(copies=copies)
    assert len(deck) == 52 * copies
    assert Counter(deck) == Counter({c: copies for c in standard_deck()})


def test_two_decks_with_jokers() -> None:
    deck = standard_deck(jokers=4, copies=2)
    assert len(deck) == 108
    assert Counter(deck)[JOKER] == 4
    assert Counter(deck)[Card.parse("QH")] == 2


def test_deck_of_any_ranks() -> None:
    deck = deck_of([Rank.ACE, Rank.KING], jokers=1, copies=2)
    assert len(deck) == 2 * 4 * 2 + 1
    assert Counter(deck)[Card.parse("AS")] == 2
    assert deck_of([]) == []


@pytest.mark.parametrize("make", [standard_deck, piquet_deck, euchre_deck,
                                  *(lambda s=s: nap_deck(s, joker=True) for s in range(3, 8))])
def test_no_duplicates_in_one_deck(make) -> None:
    deck = make()
    duplicates = [c for c, n in Counter(deck).items() if n > 1]
    assert duplicates == []


def test_decks_are_fresh_lists() -> None:
    deck = standard_deck()
    deck.pop()
    assert len(standard_deck()) == 52
