"""Ninety-Nine's rules, card by card and edge by edge (see shared/rules/ninety_nine.md).

Most cases build a ``NinetyNineState`` directly: the hands, the count, whose turn, the stock.
The rest of the 52 cards go on the pile so a redeal has a full deck to shuffle.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.core.cards import Card, Rank, cards, standard_deck
from games.core.protocol import Action, IllegalAction, cards_in
from games.ninety_nine.rules import (
    Drew, Eliminated, GameWon, HandDealt, HandLost, NewHand, NinetyNineOptions, NinetyNineState,
    Play, Played, Reversed, Skipped, choices, new_count, new_game,
)

DECK = standard_deck()


def table(hands: list[str], *, count: int = 0, turn: int = 0, stock: str = "",
          tokens: list[int] | None = None, direction: int = 1, dealer: int | None = None,
          seed: int = 0) -> NinetyNineState:
    """A state with these hands (one string per seat), stock (last card drawn first) and count."""
    seats = len(hands)
    held = [cards(h) for h in hands]
    stock_cards = cards(stock)
    used = Counter(c for h in held for c in h) + Counter(stock_cards)
    assert all(n == 1 for n in used.values()), "a card may be placed only once"
    pile = [c for c in DECK if c not in used]
    return NinetyNineState(
        NinetyNineOptions(seats=seats, tokens=3), random.Random(seed),
        list(tokens) if tokens is not None else [3] * seats, held, stock_cards, pile, count,
        direction, (turn - 1) % seats if dealer is None else dealer, turn,
    )


def play(state: NinetyNineState, text: str, value: int | None = None, seat: int | None = None):
    return state.apply(Play(state.turn if seat is None else seat, Card.parse(text), value))


def kinds(events) -> list[str]:
    return [type(e).__name__ for e in events]


def legal_strs(state: NinetyNineState, seat: int | None = None) -> set[str]:
    seat = state.turn if seat is None else seat
    return {f"{a.card}" + ("" if a.value is None else f"{a.value:+d}") for a in state.legal_actions(seat)}


# --- each card's effect on the count -------------------------------------------------------

@pytest.mark.parametrize(("card", "count", "after"), [
    ("2S", 40, 42), ("3S", 40, 43), ("4S", 40, 40), ("5S", 40, 45), ("6S", 40, 46),
    ("7S", 40, 47), ("8S", 40, 48), ("9S", 40, 99), ("9S", 0, 99), ("9S", 99, 99),
    ("JS", 40, 50), ("QS", 40, 50), ("KS", 40, 40), ("KS", 99, 99), ("4S", 99, 99),
])
def test_fixed_value_cards(card: str, count: int, after: int) -> None:
    state = table([f"{card} 2H", "KC 6C"], count=count)
    assert choices(Card.parse(card), count) == [None]
    events = play(state, card)
    assert state.count == after
    assert events[0] == Played(0, Card.parse(card), None, after)


@pytest.mark.parametrize(("count", "values"), [
    (0, [1, 11]), (50, [1, 11]), (88, [1, 11]), (89, [1]), (97, [1]), (98, [1]), (99, []),
])
def test_ace_counts_one_or_eleven_within_the_limit(count: int, values: list[int]) -> None:
    assert choices(Card.parse("AH"), count) == values
    state = table(["AH 9S", "5C 6C"], count=count)
    assert {a.value for a in state.legal_actions(0) if a.card == Card.parse("AH")} == set(values)


@pytest.mark.parametrize("value", [1, 11])
def test_ace_played_as_chosen(value: int) -> None:
    state = table(["AH 2H", "5C 6C"], count=30)
    events = play(state, "AH", value)
    assert state.count == 30 + value
    assert events[0].value == value


@pytest.mark.parametrize(("count", "values"), [
    (0, [10]), (5, [10]), (9, [10]), (10, [10, -10]), (50, [10, -10]), (89, [10, -10]),
    (90, [-10]), (95, [-10]), (99, [-10]),
])
def test_ten_plus_or_minus_ten_never_below_zero(count: int, values: list[int]) -> None:
    assert choices(Card.parse("TD"), count) == values
    state = table(["TD 2H", "5C 6C"], count=count)
    assert sorted(a.value for a in state.legal_actions(0) if a.card.rank is Rank.TEN) == sorted(values)


def test_ten_at_five_only_adds() -> None:
    state = table(["TD", "5C"], count=5)
    assert legal_strs(state) == {"TD+10"}
    with pytest.raises(IllegalAction, match=r"\+10"):
        play(state, "TD", -10)
    play(state, "TD", 10)
    assert state.count == 15


def test_ten_at_ten_may_go_to_zero() -> None:
    state = table(["TD", "5C"], count=10)
    assert legal_strs(state) == {"TD+10", "TD-10"}
    play(state, "TD", -10)
    assert state.count == 0


def test_ten_at_ninety_five_only_subtracts() -> None:
    state = table(["TD", "5C"], count=95)
    assert legal_strs(state) == {"TD-10"}
    play(state, "TD", -10)
    assert state.count == 85


def test_at_ninety_nine_only_nine_king_four_and_minus_ten() -> None:
    state = table(["9S KS 4S TS AS 2S JS QS", "5C"], count=99)
    assert legal_strs(state) == {"9S", "KS", "4S", "TS-10"}


@pytest.mark.parametrize("card", ["9C", "KC", "4C"])
def test_count_may_stay_at_ninety_nine(card: str) -> None:
    state = table([f"{card} 2H KH", "9D 3H"], count=99)
    play(state, card)
    assert state.count == 99
    assert state.turn == 1
    play(state, "9D")
    assert state.count == 99


@given(count=st.integers(0, 99), card=st.sampled_from(DECK))
def test_choices_keep_count_between_zero_and_ninety_nine(count: int, card: Card) -> None:
    legal = choices(card, count)
    for value in legal:
        assert 0 <= new_count(card, count, value) <= 99
    if card.rank in (Rank.NINE, Rank.KING, Rank.FOUR, Rank.TEN):
        assert legal, f"{card} must always be playable (count {count})"
    possible = [1, 11] if card.rank is Rank.ACE else [10, -10] if card.rank is Rank.TEN else [None]
    for value in possible:
        after = new_count(card, count, value)
        assert (value in legal) == (0 <= after <= 99)


def test_ace_and_ten_need_a_value_to_count() -> None:
    with pytest.raises(IllegalAction, match="1 or 11"):
        new_count(Card.parse("AS"), 10)
    with pytest.raises(IllegalAction, match=r"\+10 or -10"):
        new_count(Card.parse("TS"), 10)


# --- drawing, the stock ---------------------------------------------------------------------

def test_player_draws_the_top_of_the_stock_after_playing() -> None:
    state = table(["5S 6S 7S 8S", "5C 6C 7C 8C"], stock="2D 3D")
    events = play(state, "5S")
    assert kinds(events) == ["Played", "Drew"]
    assert events[1] == Drew(0, Card.parse("3D"), 1)
    assert Counter(state.hands[0]) == Counter(cards("6S 7S 8S 3D"))
    assert state.stock == cards("2D")
    assert state.pile[-1] == Card.parse("5S")
    assert state.turn == 1


def test_empty_stock_hands_shrink() -> None:
    state = table(["5S 6S 7S 8S", "5C 6C 7C 8C"])
    events = play(state, "5S")
    assert kinds(events) == ["Played"]
    assert len(state.hands[0]) == 3
    play(state, "5C")
    assert [len(h) for h in state.hands] == [3, 3]


def test_empty_hand_at_turn_loses_a_token() -> None:
    state = table(["5S", ""], count=20)
    events = play(state, "5S")
    assert kinds(events)[:2] == ["Played", "HandLost"]
    assert events[1] == HandLost(1, 25, 2, ())
    assert state.tokens == [3, 2]
    assert state.count == 0
    assert [len(h) for h in state.hands] == [4, 4]


def test_two_seat_three_with_empty_stock_leaves_the_player_of_the_three_empty_handed() -> None:
    state = table(["3S", "5C"], count=20)
    events = play(state, "3S")
    assert kinds(events)[:3] == ["Played", "Skipped", "HandLost"]
    assert events[2].seat == 0
    assert state.tokens == [2, 3]


# --- skip -------------------------------------------------------------------------------------

def test_three_with_two_seats_the_player_plays_again_after_drawing() -> None:
    state = table(["3S 5S 6S 7S", "5C 6C 7C KC"], count=10, stock="2D 9H")
    events = play(state, "3S")
    assert kinds(events) == ["Played", "Drew", "Skipped"]
    assert events[2] == Skipped(1)
    assert state.turn == 0
    assert state.to_act() == [0]
    assert state.count == 13
    assert Card.parse("9H") in state.hands[0]
    assert state.legal_actions(1) == []
    play(state, "9H")  # the drawn card may be played straight away
    assert state.count == 99
    assert state.turn == 1


def test_three_with_two_seats_player_who_cannot_play_again_loses() -> None:
    state = table(["3S 5S 6S 7S", "5C 6C 7C KC"], count=93, stock="2D 8H")
    events = play(state, "3S")
    assert kinds(events)[:4] == ["Played", "Drew", "Skipped", "HandLost"]
    assert events[3].seat == 0
    assert state.tokens == [2, 3]


def test_three_with_three_seats_skips_the_next_player() -> None:
    state = table(["3S 4S", "5C 6C", "5D 6D"], count=10)
    events = play(state, "3S")
    assert Skipped(1) in events
    assert state.turn == 2


def test_three_skips_in_the_current_direction() -> None:
    state = table(["3S 4S", "5C 6C", "5D 6D", "5H 6H"], count=10, direction=-1)
    events = play(state, "3S")
    assert Skipped(3) in events
    assert state.turn == 2


@pytest.mark.parametrize(("tokens", "skipped", "turn"), [
    ([3, 0, 3, 3], 2, 3),   # the seat after the player is out: skip the next one still in
    ([3, 3, 0, 3], 1, 3),   # the seat after the skipped one is out
    ([3, 0, 0, 3], 3, 0),   # two left: the player of the 3 plays again
])
def test_skip_ignores_eliminated_seats(tokens: list[int], skipped: int, turn: int) -> None:
    hands = ["3S 4S", "", "", "5H 6H"]
    hands[1] = "5C 6C" if tokens[1] else ""
    hands[2] = "5D 6D" if tokens[2] else ""
    state = table(hands, count=10, tokens=tokens)
    events = play(state, "3S")
    assert Skipped(skipped) in events
    assert state.turn == turn


# --- reverse ----------------------------------------------------------------------------------

def test_four_reverses_with_three_seats() -> None:
    state = table(["4S 5S", "5C 6C", "5D 6D"], count=10)
    events = play(state, "4S")
    assert events[-1] == Reversed(-1)
    assert state.direction == -1
    assert state.turn == 2
    play(state, "5D")
    assert state.turn == 1
    play(state, "5C")
    assert state.turn == 0


def test_two_fours_restore_the_direction() -> None:
    state = table(["4S 5S", "5C 6C", "4D 6D", "5H 6H"], count=10)
    play(state, "4S")
    assert state.turn == 3
    play(state, "5H")
    assert state.turn == 2
    events = play(state, "4D")
    assert Reversed(1) in events
    assert state.direction == 1
    assert state.turn == 3


def test_four_does_not_reverse_with_two_seats() -> None:
    state = table(["4S 5S", "5C 6C"], count=10)
    events = play(state, "4S")
    assert "Reversed" not in kinds(events)
    assert state.direction == 1
    assert state.turn == 1
    assert state.count == 10


def test_four_does_not_reverse_with_two_active_players_left() -> None:
    state = table(["4S 5S", "", "5D 6D", ""], count=10, tokens=[2, 0, 1, 0])
    events = play(state, "4S")
    assert "Reversed" not in kinds(events)
    assert state.direction == 1
    assert state.turn == 2


def test_reverse_skips_eliminated_seats() -> None:
    state = table(["4S 5S", "5C 6C", "5D 6D", ""], count=10, tokens=[3, 3, 3, 0])
    play(state, "4S")
    assert state.direction == -1
    assert state.turn == 2


# --- losing a hand ------------------------------------------------------------------------------

def test_next_player_who_cannot_play_loses_a_token_and_cards_are_redealt() -> None:
    state = table(["KS 2S", "5C 6C 7C 8C", "5D 6D"], count=95, dealer=0, turn=0,
                  stock="2H 3H")
    state.hand_number = 4
    events = play(state, "KS")
    assert kinds(events)[:3] == ["Played", "Drew", "HandLost"]
    assert events[2] == HandLost(1, 95, 2, tuple(cards("5C 6C 7C 8C")))
    assert state.tokens == [3, 2, 3]
    new_hand = events[3]
    assert new_hand == NewHand(5, 1, 52 - 12)
    assert state.dealer == 1                      # the deal passes left
    assert state.turn == 2                        # left of the new dealer starts
    assert [e.seat for e in events if isinstance(e, HandDealt)] == [2, 0, 1]
    assert state.count == 0 and state.direction == 1 and state.pile == []
    assert [len(h) for h in state.hands] == [4, 4, 4]
    assert len(state.stock) == 40
    assert Counter(state.all_cards()) == Counter(DECK)
    assert state.hand_number == 5


def test_redeal_resets_a_reversed_direction() -> None:
    state = table(["4S 2S", "5C 6C 7C 8C", "5D 6D 7D 8D"], count=95, dealer=1, turn=0)
    events = play(state, "4S")
    assert kinds(events)[:3] == ["Played", "Reversed", "HandLost"]
    assert events[2].seat == 2
    assert state.direction == 1
    assert state.dealer == 2
    assert state.turn == 0


def test_dealer_passes_left_over_eliminated_seats() -> None:
    state = table(["KS 2S", "", "5D 6D 7D 8D", "5H 6H"], count=95, tokens=[3, 0, 3, 3],
                  dealer=0, turn=0)
    play(state, "KS")
    assert state.tokens == [3, 0, 2, 3]
    assert state.dealer == 2
    assert state.turn == 3
    assert state.hands[1] == []
    assert [len(h) for h in state.hands] == [4, 0, 4, 4]


def test_loser_is_found_after_the_skip() -> None:
    # P2 could not play, but is skipped; P3 cannot play either and loses.
    state = table(["3S 2S", "5C 6C 7C 8C", "5D 6D 7D 8D"], count=93, turn=0)
    events = play(state, "3S")
    lost = [e for e in events if isinstance(e, HandLost)]
    assert [e.seat for e in lost] == [2]
    assert state.tokens == [3, 3, 2]


def test_a_player_who_can_play_does_not_lose() -> None:
    state = table(["KS 2S", "5C 6C 7C KC", "5D 6D"], count=95)
    events = play(state, "KS")
    assert "HandLost" not in kinds(events)
    assert state.turn == 1
    assert legal_strs(state) == {"KC"}


# --- elimination and the winner -------------------------------------------------------------

def test_elimination_at_zero_tokens() -> None:
    state = table(["KS 2S", "5C 6C 7C 8C", "5D 6D"], count=95, tokens=[3, 1, 3], dealer=2)
    events = play(state, "KS")
    assert kinds(events)[:3] == ["Played", "HandLost", "Eliminated"]
    assert events[2] == Eliminated(1)
    assert state.tokens == [3, 0, 3]
    assert state.out_order == [1]
    assert not state.is_over() and state.outcome() is None
    assert state.hands[1] == []
    assert [e.seat for e in events if isinstance(e, HandDealt)] == [2, 0]
    assert state.dealer == 0 and state.turn == 2
    assert state.legal_actions(1) == []
    assert Counter(state.all_cards()) == Counter(DECK)


def test_last_player_with_tokens_wins() -> None:
    state = table(["KS 2S", "5C 6C 7C 8C"], count=95, tokens=[1, 1])
    events = play(state, "KS")
    assert kinds(events) == ["Played", "HandLost", "Eliminated", "GameWon"]
    assert events[-1] == GameWon(0)
    assert state.is_over()
    assert state.to_act() == []
    assert state.legal_actions(0) == [] and state.legal_actions(1) == []
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,)
    assert outcome.scores[0] > outcome.scores[1]
    assert str(outcome) == "P1 won (last player with tokens)"
    with pytest.raises(IllegalAction, match="over"):
        state.apply(Play(0, Card.parse("2S")))


def test_placings_follow_the_order_players_went_out() -> None:
    state = table(["KS 2S", "", "5C 6C 7C 8C"], count=95, tokens=[1, 0, 1])
    state.out_order = [1]
    play(state, "KS")
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,)
    assert outcome.scores == (2.0, 0.0, 1.0)


# --- illegal actions --------------------------------------------------------------------------

ILLEGAL = [
    # (hands, count, action seat, card, value, message pattern)
    (["5S AS", "5C 6C"], 10, 1, "5C", None, r"not P2's turn: P1 plays now"),
    (["5S AS", "5C 6C"], 10, 0, "5C", None, r"5C is not in P1's hand"),
    (["5S AS", "5C 6C"], 10, 0, "KH", None, r"KH is not in P1's hand"),
    (["8S 9S", "5C 6C"], 95, 0, "8S", None, r"8S would take the count past 99"),
    (["AS 9S", "5C 6C"], 99, 0, "AS", 1, r"AS would take the count past 99"),
    (["AS 9S", "5C 6C"], 10, 0, "AS", None, r"AS can count 1 or 11"),
    (["AS 9S", "5C 6C"], 10, 0, "AS", 5, r"AS can count 1 or 11"),
    (["AS 9S", "5C 6C"], 10, 0, "AS", -1, r"AS can count 1 or 11"),
    (["AS 9S", "5C 6C"], 90, 0, "AS", 11, r"AS can count 1 here"),
    (["TS 9S", "5C 6C"], 50, 0, "TS", None, r"TS can count \+10 or -10"),
    (["TS 9S", "5C 6C"], 50, 0, "TS", 1, r"TS can count \+10 or -10"),
    (["TS 9S", "5C 6C"], 5, 0, "TS", -10, r"TS can count \+10 here"),
    (["TS 9S", "5C 6C"], 95, 0, "TS", 10, r"TS can count -10 here"),
]


@pytest.mark.parametrize(("hands", "count", "seat", "card", "value", "message"), ILLEGAL)
def test_illegal_action_raises_and_changes_nothing(hands, count, seat, card, value, message) -> None:
    state = table(hands, count=count, stock="2D 3D")
    before = state.clone()
    action = Play(seat, Card.parse(card), value)
    assert action not in state.legal_actions(seat)
    with pytest.raises(IllegalAction, match=message):
        state.apply(action)
    assert state == before
    assert state.hands == before.hands and state.stock == before.stock


def test_illegal_action_is_a_value_error() -> None:
    assert issubclass(IllegalAction, ValueError)


def test_not_a_play_is_illegal() -> None:
    state = table(["5S", "5C"])
    before = state.clone()
    with pytest.raises(IllegalAction, match="no action"):
        state.apply(Action(0))  # type: ignore[arg-type]
    assert state == before


def test_fixed_card_with_a_value_is_illegal() -> None:
    state = table(["5S 6S", "5C"], count=10)
    before = state.clone()
    with pytest.raises(IllegalAction):
        play(state, "5S", 5)
    assert state == before


def test_fixed_card_with_a_value_has_a_readable_message() -> None:
    state = table(["5S 6S", "5C"], count=10)
    with pytest.raises(IllegalAction) as info:
        play(state, "5S", 5)
    assert "None" not in str(info.value)


@pytest.mark.parametrize(("hands", "count", "seat", "card", "value", "message"), ILLEGAL)
def test_messages_are_sentences(hands, count, seat, card, value, message) -> None:
    state = table(hands, count=count)
    with pytest.raises(IllegalAction) as info:
        state.apply(Play(seat, Card.parse(card), value))
    text = str(info.value)
    assert re.search(r"[a-z]{2,} [a-z]{2,}", text), text
    assert "Card(" not in text and "Rank." not in text


# --- what each seat may see -------------------------------------------------------------------

def test_view_holds_only_the_seats_own_cards() -> None:
    state = table(["5S 6S 7S 8S", "5C 6C 7C 8C", "5D 6D 7D 8D"], count=30, stock="2H 3H")
    play(state, "5S")
    for seat in range(3):
        view = state.view(seat)
        assert Counter(view.hand) == Counter(state.hands[seat])
        seen = set(cards_in(view))
        others = {c for s, h in enumerate(state.hands) if s != seat for c in h}
        assert not seen & others
        assert not seen & set(state.stock)
        assert seen <= set(state.hands[seat]) | set(state.pile)
        assert view.hand_sizes == (4, 4, 4)
        assert view.stock_size == 1
        assert view.count == 35 and view.turn == 1
        assert view.tokens == (3, 3, 3)
        assert view.active == (0, 1, 2)
    assert state.view(1).legal and not state.view(0).legal and not state.view(2).legal
    assert set(state.view(1).legal) == set(state.legal_actions(1))


def test_view_of_a_new_game() -> None:
    state = new_game(NinetyNineOptions(seats=4), seed=11)
    for seat in range(4):
        seen = Counter(cards_in(state.view(seat)))
        assert seen.keys() == set(state.hands[seat])
        assert not set(seen) & set(state.hidden_from(seat))


def test_drawn_card_is_seen_only_by_the_drawer() -> None:
    state = table(["5S 6S", "5C 6C", "5D 6D"], stock="2H 3H")
    events = play(state, "5S")
    drew = events[1]
    assert isinstance(drew, Drew) and drew.card == Card.parse("3H")
    assert drew.seen_by(0) == drew
    for viewer in (1, 2, None):
        masked = drew.seen_by(viewer)
        assert masked == Drew(0, None, 1)
        assert cards_in(masked) == []
    assert str(drew.seen_by(1)) == "P1 draws"
    assert str(drew) == "P1 draws 3H"


def test_dealt_hands_are_seen_only_by_their_owner() -> None:
    state = table(["KS 2S", "5C 6C 7C 8C", "5D 6D"], count=95)
    events = play(state, "KS")
    dealt = [e for e in events if isinstance(e, HandDealt)]
    assert len(dealt) == 3
    for event in dealt:
        assert event.cards == tuple(state.hands[event.seat])
        assert event.seen_by(event.seat) == event
        for viewer in [s for s in range(3) if s != event.seat] + [None]:
            masked = event.seen_by(viewer)
            assert isinstance(masked, HandDealt)
            assert masked.cards == (None,) * 4
            assert cards_in(masked) == []


def test_opening_deal_events_hide_other_hands() -> None:
    state = new_game(NinetyNineOptions(seats=5), seed=3)
    for viewer in range(5):
        seen = Counter(c for e in state.opening for c in cards_in(e.seen_by(viewer)))
        assert seen == Counter(state.hands[viewer])


def test_played_card_and_lost_hand_are_public() -> None:
    state = table(["KS 2S", "5C 6C 7C 8C", "5D 6D"], count=95)
    events = play(state, "KS")
    assert events[0].seen_by(2) == events[0]
    lost = events[1]
    assert isinstance(lost, HandLost)
    assert lost.seen_by(0) == lost and lost.seen_by(2) == lost


# --- a new game, options, strings, clones ----------------------------------------------------

@pytest.mark.parametrize("seats", range(2, 7))
def test_new_game_deals_four_each_and_starts_left_of_the_dealer(seats: int) -> None:
    state = new_game(NinetyNineOptions(seats=seats, tokens=2), seed=seats)
    assert [len(h) for h in state.hands] == [4] * seats
    assert len(state.stock) == 52 - 4 * seats
    assert state.pile == [] and state.count == 0 and state.direction == 1
    assert state.tokens == [2] * seats
    assert state.turn == (state.dealer + 1) % seats
    assert Counter(state.all_cards()) == Counter(DECK)
    assert kinds(state.opening) == ["NewHand"] + ["HandDealt"] * seats
    assert [e.seat for e in state.opening[1:]] == [(state.dealer + 1 + i) % seats for i in range(seats)]


def test_same_seed_same_game_different_seed_different_deal() -> None:
    options = NinetyNineOptions(seats=4)
    assert new_game(options, 42) == new_game(options, 42)
    deals = {tuple(map(tuple, new_game(options, seed).hands)) for seed in range(10)}
    assert len(deals) == 10


@pytest.mark.parametrize(("seats", "tokens"), [(1, 3), (7, 3), (0, 3), (4, 0), (4, 6)])
def test_options_are_validated(seats: int, tokens: int) -> None:
    with pytest.raises(ValueError, match=str(seats) if seats in (0, 1, 7) else str(tokens)):
        NinetyNineOptions(seats=seats, tokens=tokens)


def test_action_and_event_strings() -> None:
    assert str(Play(0, Card.parse("AS"), 11)) == "P1 play AS as 11"
    assert str(Play(2, Card.parse("TD"), -10)) == "P3 play TD as -10"
    assert str(Play(1, Card.parse("TD"), 10)) == "P2 play TD as +10"
    assert str(Play(1, Card.parse("9C"))) == "P2 play 9C"
    assert str(Played(0, Card.parse("9C"), None, 99)) == "P1 plays 9C: count 99"
    assert str(Skipped(1)) == "P2 is skipped"
    assert "anticlockwise" in str(Reversed(-1))
    assert str(HandLost(1, 95, 2, ())) == "P2 cannot play at 95: a token lost (2 left)"
    assert str(Eliminated(3)) == "P4 is out"
    assert str(GameWon(0)) == "P1 wins the game"


def test_clone_is_equal_and_independent() -> None:
    state = table(["5S 6S", "5C 6C"], count=10, stock="2D 3D")
    twin = state.clone()
    assert twin == state and twin is not state
    play(twin, "5S")
    assert twin != state
    assert state.count == 10 and state.hands[0] == cards("5S 6S") and state.stock == cards("2D 3D")
    play(state, "6S")
    assert twin.hands[0] == cards("6S 3D")


def test_replaced_seat_is_illegal() -> None:
    state = table(["5S 6S", "5C 6C"], count=10)
    action = state.legal_actions(0)[0]
    before = state.clone()
    with pytest.raises(IllegalAction, match="turn"):
        state.apply(replace(action, seat=1))
    assert state == before
