"""Spoons and Pig: the pass chain, the five-card limit, the stock, grabs, letters, noses."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest

from games.core.cards import cards
from games.core.protocol import IllegalAction
from games.spoons.events import (Eliminated, FalseGrab, GameWon, Grabbed, Passed, Recycled,
                                 RoundLost)
from games.spoons.rules import (HAND, NEXT_ROUND_MS, Grab, Pass, SpoonsOptions, SpoonsState,
                                Take, new_game)


def game(seats: int = 4, variant: str = "spoons", seed: int = 1) -> SpoonsState:
    return new_game(SpoonsOptions(seats=seats, variant=variant), seed)


def give(state: SpoonsState, seat: int, text: str) -> None:
    """Make ``seat`` hold exactly ``text``, swapping cards with wherever they were (every
    other hand keeps its size)."""
    wanted = cards(text)
    spare = [c for c in state.hands[seat] if c not in wanted]
    for card in wanted:
        if card in state.hands[seat]:
            continue
        zone = next(z for z in (state.stock, *state.hands, *state.queues, state.discard)
                    if card in z and z is not state.hands[seat])
        if spare:
            zone[zone.index(card)] = spare.pop()
        else:
            zone.remove(card)
    state.stock += spare
    state.hands[seat] = list(wanted)


def passing_steps(state: SpoonsState, rng: random.Random, steps: int) -> None:
    """Everyone takes and passes at random moments, nobody grabs."""
    for _ in range(steps):
        state.advance(state.now_ms + rng.randrange(0, 40))
        moves = [a for s in state.to_act() for a in state.legal_actions(s) if not isinstance(a, Grab)]
        state.apply(rng.choice(moves))


@pytest.mark.parametrize("seats", [3, 5, 8, 12])
def test_the_pass_chain_loses_no_card_and_never_exceeds_five(seats: int) -> None:
    rng = random.Random(seats)
    state = game(seats)
    initial = Counter(state.all_cards())
    assert sum(initial.values()) == 52 * state.options.decks
    for _ in range(60):
        passing_steps(state, rng, 20)
        assert Counter(state.all_cards()) == initial
        assert all(HAND <= len(h) <= HAND + 1 for h in state.hands)


def test_a_full_hand_must_pass_before_taking_again() -> None:
    state = game()
    dealer = state.dealer
    state.apply(Take(dealer, 10))
    with pytest.raises(IllegalAction, match="five"):
        state.apply(Take(dealer, 20))
    card = state.hands[dealer][0]
    events = state.apply(Pass(dealer, 30, card))
    assert events == [Passed(dealer, state.right_of(dealer), card)]
    assert state.queues[state.right_of(dealer)] == [card]


def test_cards_pass_to_the_right_as_the_seed_rules_say() -> None:
    """shared/rules/spoons.md: "the dealer draws from the stock, then discards one card face
    down to the right; each other player picks up from the pile at their left (the cards
    passed to them) and discards to their right; the player at the dealer's left (last in the
    chain) discards into a discard pile beside the stock". Seats are numbered clockwise (to
    the left), so a seat's right is the seat numbered one lower."""
    state = game(5, seed=3)
    dealer, n = state.dealer, 5
    right, left = (dealer - 1) % n, (dealer + 1) % n
    state.apply(Take(dealer, 10))
    card = state.hands[dealer][0]
    assert state.apply(Pass(dealer, 20, card)) == [Passed(dealer, right, card)]
    assert state.queues[right] == [card]              # the dealer's right draws it
    state.apply(Take(right, 30))
    assert state.hands[right][-1] == card
    passed = state.hands[right][0]
    assert state.apply(Pass(right, 40, passed))[0].to == (right - 1) % n
    assert state.players() == [dealer, right, (dealer - 2) % n, (dealer - 3) % n, left]
    assert state.right_of(left) is None               # the dealer's left discards
    give(state, left, "2S 3S 4S 5S 6S")
    state.apply(Pass(left, 50, cards("6S")[0]))
    assert state.discard == cards("6S")


def test_only_the_dealer_draws_from_the_stock_and_others_wait_for_a_card() -> None:
    state = game()
    other = state.right_of(state.dealer)
    with pytest.raises(IllegalAction, match="no card waiting"):
        state.apply(Take(other, 5))
    stock = len(state.stock)
    state.apply(Take(state.dealer, 10))
    assert len(state.stock) == stock - 1


def test_the_last_seat_discards_and_the_discards_become_the_stock() -> None:
    state = game(3)
    order = state.players()
    last = order[-1]
    assert state.right_of(last) is None
    rng = random.Random(3)
    recycled: list[Recycled] = []
    while not recycled:
        state.advance(state.now_ms + 5)
        moves = [a for s in state.to_act() for a in state.legal_actions(s) if not isinstance(a, Grab)]
        action = rng.choice(moves)
        before = (len(state.discard), len(state.stock))
        events = state.apply(action)
        if isinstance(action, Pass) and action.seat == last:
            assert len(state.discard) == before[0] + 1
        recycled += [e for e in events if isinstance(e, Recycled)]
    assert recycled[0].cards == before[0] and state.discard == []
    assert len(state.stock) == before[0] - 1          # the dealer's card came off the new stock


def test_a_true_grab_starts_the_scramble_and_the_last_without_a_spoon_gets_a_letter() -> None:
    state = game(4)
    a, b, c, d = state.players()
    give(state, b, "7S 7H 7D 7C")
    events = state.apply(Grab(b, 100))
    assert events == [Grabbed(b, 100, True, 2)]
    with pytest.raises(IllegalAction, match="no more passing"):
        state.apply(Take(a, 110))
    with pytest.raises(IllegalAction, match="already"):
        state.apply(Grab(b, 120))
    state.apply(Grab(d, 150))
    events = state.apply(Grab(a, 200))
    assert RoundLost(c, 1, "SPOON", False) in events
    assert state.letters[c] == 1 and state.next_due() == 200 + NEXT_ROUND_MS
    assert state.to_act() == []


def test_a_grab_with_five_cards_passes_the_odd_card_first() -> None:
    state = game(4)
    seat = state.right_of(state.dealer)
    give(state, seat, "7S 7H 2C 7D 7C")
    events = state.apply(Grab(seat, 50))
    assert events[0] == Passed(seat, state.right_of(seat), cards("2C")[0])
    assert sorted(map(str, state.hands[seat])) == ["7C", "7D", "7H", "7S"]


def test_a_false_first_grab_ends_the_round_with_a_letter_for_the_grabber() -> None:
    state = game(4)
    seat = state.dealer
    give(state, seat, "7S 7H 7D 2C")
    events = state.apply(Grab(seat, 80))
    assert events[0] == FalseGrab(seat, 80)
    assert events[1] == RoundLost(seat, 1, "SPOON", True)
    assert state.spoons_left() == 3                 # the spoon went back
    state.advance(80 + NEXT_ROUND_MS)
    assert state.round == 2 and all(len(state.hands[s]) == HAND for s in state.players())


def test_elimination_removes_a_spoon_and_the_last_player_wins() -> None:
    state = game(3)
    state.letters = [4, 4, 0]
    state.apply(Grab(0, 10))                        # false: P1 spells SPOON
    assert state.is_out(0)
    state.advance(10 + NEXT_ROUND_MS)
    assert state.players() and 0 not in state.players() and state.spoons_left() == 1
    assert state.legal_actions(0) == []
    give(state, 2, "AS AH AD AC")
    events = state.apply(Grab(2, 20 + NEXT_ROUND_MS))
    assert any(isinstance(e, Eliminated) and e.seat == 1 for e in events)
    assert events[-1] == GameWon(2) and state.is_over()
    assert state.outcome().winners == (2,)


def test_two_decks_from_seven_players() -> None:
    state = game(7)
    assert len(state.all_cards()) == 104 and state.spoons_left() == 6


def test_pig_noses_pass_through_and_the_last_to_touch_gets_a_letter() -> None:
    state = game(4, "pig")
    a, b, c, d = state.players()
    give(state, c, "KS KH KD KC")
    state.apply(Grab(c, 100))
    # Passing goes on in Pig, and a nose sends what reaches it straight on, unseen.
    state.apply(Take(a, 110))
    state.apply(Take(b, 115)) if state.queues[b] else None
    card = state.hands[a][-1]
    state.apply(Pass(a, 120, card))
    queued = state.queues[b][-1]
    state.apply(Grab(b, 130))                       # b's queue and fifth card go past c to d
    assert state.queues[b] == [] and queued in state.queues[d]
    assert len(state.hands[c]) == HAND
    events = state.apply(Grab(d, 140))
    assert RoundLost(a, 1, "PIG", False) in events


def test_three_pig_letters_put_a_player_out() -> None:
    state = game(3, "pig")
    state.letters = [2, 0, 0]
    events = state.apply(Grab(0, 10))
    assert Eliminated(0, "PIG") in events and state.is_out(0)


def test_bad_options_are_refused() -> None:
    with pytest.raises(ValueError):
        SpoonsOptions(seats=2)
    with pytest.raises(ValueError):
        SpoonsOptions(seats=4, variant="cow")


def test_pig_keeps_the_realtime_protocol() -> None:
    """The conformance suite's random timed games, on the Pig variant."""
    from tests.test_realtime_conformance import play_checked
    from games.core.realtime import replay_timed_events
    from games.spoons import spec as spoons_spec

    base = spoons_spec()
    pig = base.with_parts(
        new_game=lambda options, seed: new_game(dataclasses.replace(options, variant="pig"), seed))
    for seats, seed in ((3, 1), (5, 2), (8, 3)):
        state, actions, log, end = play_checked(pig, seats, seed)
        again, events = replay_timed_events(pig, pig.make_options(seats=seats), seed, actions, end)
        assert again == state and events == log
