"""Egyptian Ratscrew's rules: challenges, slaps and their options, penalties, dead cards,
running out, slapping back in, the permanent exit and the winner. States are set up card by
card (the top of a stack is its last card) and driven with explicit times."""

from __future__ import annotations

import pytest

from games.core.cards import cards
from games.core.protocol import IllegalAction
from games.ratscrew import rules
from games.ratscrew.rules import (
    COLLECT_MS, GRACE_MS, OFFER_MS, Decline, FalseSlap, Flip, LateSlap, PileCard, PileWon,
    RatscrewOptions, RatscrewState, Slap, Slapped,
)


def table(*stacks: str, turn: int = 0, pile: str = "", **options) -> RatscrewState:
    """Seats holding the given cards (written bottom to top); ``pile`` live, bottom to top."""
    opts = RatscrewOptions(seats=len(stacks), **options)
    state = rules.new_game(opts, seed=1)
    state.stacks = [cards(s) for s in stacks]
    state.pile = [PileCard(c, True, None) for c in cards(pile)]
    state.turn = turn
    return state


def flips(state: RatscrewState, *seats: int, start: int = 100, gap: int = 100) -> list:
    events = []
    for i, seat in enumerate(seats):
        at = start + i * gap
        events += state.advance(at)
        events += state.apply(Flip(seat, at))
    return events


def names(events: list) -> list[str]:
    return [type(e).__name__ for e in events]


# --- challenges ---------------------------------------------------------------------------

def test_a_jack_unanswered_wins_the_pile_after_a_pause():
    state = table("2C 3C JS", "4D 5D 6D", "7H 8H 9H")
    flips(state, 0, 1)
    assert state.collect == (0, 200 + COLLECT_MS) and state.turn is None
    with pytest.raises(IllegalAction, match="taking the pile"):
        state.apply(Flip(2, 300))
    events = state.advance(200 + COLLECT_MS)
    assert events[0] == PileWon(0, 2, "won the challenge")
    assert state.turn == 0 and state.stacks[0][:2] == cards("JS 6D") and not state.pile


@pytest.mark.parametrize(("face", "count"), [("J", 1), ("Q", 2), ("K", 3), ("A", 4)])
def test_each_face_card_gives_its_count(face, count):
    state = table(f"2C {face}S", "3D 4D 5D 6D 7D", "8H 9H")
    flips(state, 0, *[1] * (count - 1))
    assert state.left == 1 and state.turn == 1 and state.collect is None
    flips(state, 1, start=1000)
    assert state.left == 0 and state.collect is not None


def test_a_face_card_in_answer_passes_the_challenge_on():
    state = table("2C QS", "KD 5D", "8H 9H 6H 7H")
    flips(state, 0, 1, 1)
    assert (state.owner, state.left, state.turn) == (1, 3, 2)


def test_running_out_mid_challenge_offers_the_rest_to_the_next_player():
    state = table("2C KS", "5D", "8H 9H 6H 7H")
    events = flips(state, 0, 1)
    assert state.offer == (2, 200 + OFFER_MS) and "Offered" in names(events)
    flips(state, 2, start=300)  # carrying on: two flips were still owed
    assert state.offer is None and state.left == 1 and state.turn == 2


def test_declining_gives_the_pile_to_the_challenger():
    state = table("2C KS", "5D", "8H 9H 6H 7H")
    flips(state, 0, 1)
    with pytest.raises(IllegalAction):
        state.apply(Decline(1, 250))
    events = state.apply(Decline(2, 250))
    assert names(events)[:2] == ["Declined", "PileWon"] and state.turn == 0
    assert len(state.stacks[0]) == 3


def test_waiting_out_the_offer_declines():
    state = table("2C KS", "5D", "8H 9H 6H 7H")
    flips(state, 0, 1)
    events = state.advance(200 + OFFER_MS)
    assert names(events)[:2] == ["Declined", "PileWon"] and state.stacks[0] == cards("KS 5D 2C")


def test_no_offer_when_the_next_player_is_the_challenger():
    state = table("2C KS", "5D")
    events = flips(state, 0, 1)
    assert state.offer is None and state.collect is None
    assert names(events)[-2:] == ["PileWon", "GameWon"] and state.winner == 0


# --- slaps --------------------------------------------------------------------------------

@pytest.mark.parametrize(("pile", "options", "pattern"), [
    ("3C 7S 7H", {}, "pair"),
    ("7S 2C 7H", {}, "sandwich"),
    ("7S 2C 7H", {"sandwich": False}, None),
    ("2C JK", {"jokers": 1}, "Joker"),
    ("5S 6H 7C", {}, None),
    ("5S 6H 7C", {"sequence": True}, "three in sequence"),
    ("9S 8H 7C", {"sequence": True}, "three in sequence"),
    ("QS KH AC", {"sequence": True}, "three in sequence"),
    ("2S 4H 7C", {"sequence": True}, None),
])
def test_slap_patterns_and_their_options(pile, options, pattern):
    state = table("2D 3D", "4D 5D", pile=pile, **options)
    events = state.apply(Slap(1, 100))
    if pattern is None:
        assert names(events) == ["FalseSlap"]
    else:
        assert events[:2] == [Slapped(1, 100, pattern), PileWon(1, 3 if len(pile) > 5 else 2, f"slapped a {pattern}")]
        assert state.turn == 1 and not state.pile


def test_dead_cards_are_skipped_when_looking_for_a_pattern():
    state = table("2D 3D 7D", "4D 5D", pile="7S")
    flips(state, 1)                    # out of turn: a dead 5D lands on top
    assert not state.pile[-1].live
    flips(state, 0, start=200)         # 7D: a pair with 7S under the dead card
    assert names(state.apply(Slap(1, 300)))[:2] == ["Slapped", "PileWon"]


def test_a_dead_face_card_starts_no_challenge_and_the_turn_stays():
    state = table("2D 3D", "4D JD")
    flips(state, 1)
    assert state.owner is None and state.left == 0 and state.turn == 0


def test_a_slap_preempts_a_challenge():
    state = table("2C 3C 7S KS", "4D 7D", "8H 9H")
    flips(state, 0, 1)                 # K, then 7D: no pattern yet
    state.pile.append(PileCard(cards("7C")[0], True, 1))
    state.apply(Slap(2, 500))
    assert state.owner is None and state.left == 0 and state.turn == 2


def test_a_slap_during_the_collection_pause_steals_the_pile():
    state = table("2C JS", "4D JD", "8H 9H", pile="4S")
    flips(state, 0, 1)                 # JS, then JD answers: the challenge passes to seat 2
    flips(state, 2, start=300)         # 9H: no face, seat 1 will collect
    assert state.collect is not None
    state.pile.append(PileCard(cards("9C")[0], True, 2))
    assert names(state.apply(Slap(0, 400)))[:2] == ["Slapped", "PileWon"]
    assert state.collect is None and state.turn == 0


def test_the_first_of_two_slaps_wins_and_a_close_second_is_only_late():
    state = table("2D 3D", "4D 5D", "6D 8D", pile="7S 7H")
    state.apply(Slap(2, 1000))
    events = state.apply(Slap(0, 1000 + 23))
    assert events == [LateSlap(0, 1023, 2, 23)] and str(events[0]) == "P3 beat P1 by 23 ms"
    assert len(state.stacks[0]) == 2
    events = state.apply(Slap(1, 1000 + GRACE_MS + 1))
    assert names(events) == ["FalseSlap"] and len(state.stacks[1]) == 1


@pytest.mark.parametrize("penalty", [1, 2, 3])
def test_a_false_slap_pays_the_penalty_under_the_pile_as_dead_cards(penalty):
    state = table("2D 3D 4D 5D", "6D 8D", pile="7S 9H", penalty=penalty)
    events = state.apply(Slap(0, 50))
    paid = events[0].paid
    assert len(paid) == penalty and list(paid) == cards("5D 4D 3D")[:penalty]
    assert tuple(p.card for p in state.pile[:penalty]) == paid
    assert not any(p.live for p in state.pile[:penalty])
    assert state.pile[-1].card == cards("9H")[0]


def test_a_penalty_on_a_short_stack_pays_what_there_is():
    state = table("2D", "6D 8D", "3S 4S", pile="7S 9H", penalty=3)
    events = state.apply(Slap(0, 50))
    assert events[0].paid == tuple(cards("2D")) and "RanOut" in names(events)


# --- out, back in, out for good, the winner -------------------------------------------------

def test_an_out_player_slaps_back_in():
    state = table("", "4D 5D", "8H 9H", turn=1, pile="7S 7H")
    assert state.is_out(0) and rules.Slap(0, 0) in state.legal_actions(0)
    state.apply(Slap(0, 100))
    assert state.stacks[0] and not state.is_out(0) and state.turn == 0


def test_a_false_slap_while_out_is_the_permanent_exit():
    state = table("", "4D 5D", "8H 9H", turn=1, pile="7S 8C")
    events = state.apply(Slap(0, 100))
    assert events[0] == FalseSlap(0, 100, (), eliminated=True)
    assert state.eliminated[0] and state.legal_actions(0) == []
    with pytest.raises(IllegalAction, match="left the game"):
        state.apply(Slap(0, 200))


def test_a_challenger_without_cards_pays_nothing_for_a_false_slap():
    state = table("KS", "4D 5D 6D 8D", "8H 9H")
    flips(state, 0)
    events = state.apply(Slap(0, 150))
    assert events == [FalseSlap(0, 150, ())] and not state.eliminated[0]


def test_no_slapping_in_when_only_one_player_holds_cards():
    state = table("", "4D 5D", "", turn=1, pile="7S 7H")
    state.owner, state.left = None, 0
    assert state.legal_actions(0) == []


def test_the_last_player_holding_cards_wins():
    state = table("2C", "4D 5D")
    events = flips(state, 0)
    assert names(events)[-2:] == ["PileWon", "GameWon"] and state.winner == 1
    assert state.is_over() and state.outcome().winners == (1,)
    assert state.stacks[1] and len(state.stacks[1]) == 3 and state.to_act() == []


def test_two_left_and_one_runs_out_on_a_face_card_the_other_wins_at_once():
    """shared/rules/ratscrew.md: "when only two players remain and one runs out, the other
    takes the pile and wins", at once, even though the last card was a face card."""
    state = table("2C", "KS 4D", "6H 7H")
    flips(state, 0, 1, 2)                       # P1's 2C: P1 is out, two players remain
    assert state.is_out(0) and state.winner is None and state.turn == 1
    events = flips(state, 1, start=400)         # P2's last card is a King
    assert names(events)[-2:] == ["PileWon", "GameWon"] and state.winner == 2
    assert len(state.stacks[2]) == 5 and state.pile == [] and state.next_due() is None


def test_with_three_still_in_a_face_card_as_last_card_still_challenges():
    state = table("2C KS", "4D 5D", "6H 7H")
    flips(state, 0)
    assert state.owner == 0 and state.turn == 1 and state.winner is None


def test_a_challenge_answered_by_the_last_cards_goes_to_the_challenger_and_wins():
    state = table("2C QS", "5D 6D")
    flips(state, 0, 1, 1)
    state.advance(10_000)
    assert state.winner == 0 and len(state.stacks[0]) == 4


def test_refused_actions_change_nothing():
    state = table("2C QS", "5D 6D", "7S")
    before = state.clone()
    for bad in (Decline(1, 10), Flip(3 % 3, -1)):
        with pytest.raises(IllegalAction):
            state.apply(bad)
        assert state == before
