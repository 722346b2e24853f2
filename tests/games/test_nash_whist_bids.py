"""Nash Whist's contracts: the table's order and payments, Out bids ranked by suit, the
three-handed table, notation round trips and clear errors."""

from __future__ import annotations

import itertools

import pytest

from games.core.cards import Suit
from games.nash_whist.bids import (
    COP, OPEN_MISERE, PROP, THIRTEEN, TRISTE, Bid, available_bids, every_bid,
)

B = Bid.parse
FOUR_SUITS = tuple(Suit)
NO_CLUBS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS)

# The contract table of shared/rules/nash_whist.md written out by hand, lowest first, with
# its payments (Out bids in every suit, clubs lowest; the Thirteens share the top line).
TABLE = [("Prop", 1), ("Cop", 1), ("Five-In", 2)]
for word, out, high in [("Six", 3, 4), ("Seven", 5, 6), ("Eight", 7, 8), ("Nine", 10, 11),
                        ("Ten", 12, 13), ("Eleven", 14, 15), ("Twelve", 16, 17)]:
    if word == "Eight":
        TABLE.append(("Triste", 7))
    if word == "Nine":
        TABLE.append(("Misere", 9))
    TABLE += [(f"{word}-Out {s}", out) for s in ("clubs", "diamonds", "hearts", "spades")]
    TABLE += [(f"{word}-No-Trumps", high), (f"{word}-In", high)]
TABLE += [("Open Misere", 18), ("Thirteen no trumps", 19)]
TABLE += [(f"Thirteen {s}", 19) for s in ("clubs", "diamonds", "hearts", "spades")]


def test_every_contract_in_the_table_ranks_and_pays_as_written() -> None:
    assert [str(b) for b in every_bid()] == [name for name, _ in TABLE]
    assert [B(name).pay for name, _ in TABLE] == [pay for _, pay in TABLE]


def test_every_pair_of_contracts_is_ordered_as_the_table_lists_them() -> None:
    bids = [B(name) for name, _ in TABLE]
    for (i, low), (j, high) in itertools.combinations(enumerate(bids), 2):
        assert low < high and high > low and not high < low, (low, high)
        assert low != high
    assert sorted(reversed(bids)) == bids
    assert len(set(bids)) == len(bids) and hash(B("Six-In")) == hash(Bid("in", 6))


def test_the_rules_examples() -> None:
    assert B("Seven-Out diamonds") > B("Seven-Out clubs")
    # hearts turned, Six-In standing: Seven-Out clubs beats it, Seven-Out diamonds beats that
    assert B("Seven-Out clubs").beats(B("Six-In"))
    assert B("Seven-Out diamonds").beats(B("Seven-Out clubs"))
    assert not B("Six-Out spades").beats(B("Six-In"))
    assert B("Seven-In") < B("Triste") < B("Eight-Out clubs")
    assert B("Eight-In") < B("Misere") < B("Nine-Out clubs")
    assert B("Twelve-In") < B("Open Misere") < B("Thirteen no trumps")


def test_a_thirteen_never_beats_another_and_cop_answers_only_a_prop() -> None:
    thirteens = [b for b in every_bid() if b.kind == THIRTEEN]
    assert len(thirteens) == 5
    for a, b in itertools.permutations(thirteens, 2):
        assert not a.beats(b)
    assert all(t.beats(B("Open Misere")) for t in thirteens)
    assert not B("Cop").beats(None) and B("Prop").beats(None)
    assert B("Five-In").beats(B("Prop")) and not B("Prop").beats(B("Prop"))


@pytest.mark.parametrize("bid", every_bid(), ids=str)
def test_notation_round_trips(bid: Bid) -> None:
    assert B(str(bid)) == bid
    assert B(str(bid).upper()) == bid
    assert B(str(bid).lower().replace("-", " ")) == bid
    assert eval(repr(bid), {"Bid": Bid}) == bid


def test_forgiving_spellings() -> None:
    assert B("prop-and-cop") == B("Prop")
    assert B("Six-Out D") == B("Six-Out diamonds")
    assert B("six out diamond") == B("Six-Out diamonds")
    assert B("Seven NT") == B("Seven-No-Trumps")
    assert B("Misère") == B("Misere")
    assert B("Thirteen NT") == B("Thirteen no trumps")
    assert B("Thirteen in hearts") == B("Thirteen hearts")


@pytest.mark.parametrize("text", [
    "", "Pass", "Five-Out hearts", "Five-No-Trumps", "Four-In", "Fourteen-In", "Six-Out",
    "Six-Out hearts spades", "Six-In hearts", "Six-Out roses", "Thirteen", "Prop hearts",
    "Open", "Seven", "Misere hearts", "13 hearts",
])
def test_nonsense_is_a_clear_value_error(text: str) -> None:
    with pytest.raises(ValueError, match="not a Nash Whist contract"):
        B(text)


def test_bad_values_cannot_be_built() -> None:
    with pytest.raises(ValueError):
        Bid("out", 6)
    with pytest.raises(ValueError):
        Bid("in", 6, Suit.HEARTS)
    with pytest.raises(ValueError):
        Bid("in", 4)
    with pytest.raises(ValueError):
        Bid("grand", 6)


def test_what_each_contract_asks_for() -> None:
    hearts = Suit.HEARTS
    assert (B("Prop").tricks, B("Five-In").tricks, B("Nine-Out clubs").tricks) == (8, 5, 9)
    assert (B("Triste").tricks, B("Misere").tricks, B("Open Misere").tricks) == (1, 0, 0)
    assert B("Thirteen no trumps").tricks == 13
    assert B("Prop").trump(hearts) is hearts and B("Cop").trump(hearts) is hearts
    assert B("Eight-In").trump(hearts) is hearts
    assert B("Eight-Out spades").trump(hearts) is Suit.SPADES
    assert B("Thirteen clubs").trump(hearts) is Suit.CLUBS
    for name in ("Eight-No-Trumps", "Triste", "Misere", "Open Misere", "Thirteen no trumps"):
        assert B(name).trump(hearts) is None
    assert B("Misere").is_misere and B("Open Misere").is_misere and not B("Triste").is_misere
    assert B("Open Misere").is_open and not B("Misere").is_open
    assert B("Prop").title == "Prop-and-Cop" and B("Six-In").title == "Six-In"
    assert (B("Six-Out spades").kind, B("Six-Out spades").level, B("Six-Out spades").suit) == ("out", 6, Suit.SPADES)


def test_four_handed_table_has_prop_and_cop_and_no_triste() -> None:
    bids = available_bids(Suit.HEARTS, 4, FOUR_SUITS)
    kinds = {b.kind for b in bids}
    assert PROP in kinds and COP in kinds and TRISTE not in kinds
    assert not [b for b in bids if b.kind == "out" and b.suit is Suit.HEARTS]
    assert {b.suit for b in bids if b.kind == "out"} == {Suit.SPADES, Suit.DIAMONDS, Suit.CLUBS}
    assert bids == sorted(bids)


def test_three_handed_table_has_triste_no_prop_and_no_clubs() -> None:
    bids = available_bids(Suit.SPADES, 3, NO_CLUBS)
    kinds = {b.kind for b in bids}
    assert TRISTE in kinds and PROP not in kinds and COP not in kinds and OPEN_MISERE in kinds
    assert not [b for b in bids if b.suit is Suit.CLUBS]
    assert {b.suit for b in bids if b.kind == "out"} == {Suit.HEARTS, Suit.DIAMONDS}
    assert [b for b in bids if b.kind == THIRTEEN] == [B("Thirteen no trumps"), B("Thirteen diamonds"),
                                                        B("Thirteen hearts"), B("Thirteen spades")]
