"""The Nash game's rules: set-up, every transfer rule for two and three players, the guessing
rounds (order, no repeats, closest takes three, ties), and the last card's shared wins."""

from __future__ import annotations

import pytest

from games.core.cards import Card, cards
from games.core.protocol import IllegalAction
from games.nash.rules import (
    Ask, Continues, Drew, GameOver, Guess, GuessingBegins, Handed, NashOptions, NashState,
    NoneHeld, Revealed, TookRandom, deck_for, new_game, stack_sizes, value_of,
)


def rig(seats: int, hands: list[str], stacks: list[str], mysteries: str, turn: int = 0,
        starter: int = 0, seed: int = 1) -> NashState:
    """A game in a chosen position: ``turn`` has drawn and must ask. Stacks list their top
    card last, like the state does."""
    state = new_game(NashOptions(seats=seats), seed)
    state.hands = [sorted(cards(h), key=lambda c: (value_of(c), c.sort_key())) for h in hands]
    state.stacks = [cards(s) for s in stacks]
    state.mysteries = cards(mysteries)
    state.turn, state.starter = turn, starter
    state.seen = [set(h) for h in state.hands]
    state.memory = [[] for _ in range(seats)]
    return state


# --- set-up ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("seats", "faces", "deck", "stacks"), [
    (2, False, 30, (7, 5, 5)), (3, False, 40, (8, 7, 7)),
    (2, True, 39, (9, 9, 8)), (3, True, 52, (12, 11, 11)),
])
def test_set_up(seats: int, faces: bool, deck: int, stacks: tuple[int, ...]) -> None:
    assert len(deck_for(seats, faces)) == deck
    assert stack_sizes(seats, faces) == stacks
    state = new_game(NashOptions(seats=seats, faces=faces), seed=4)
    assert len(state.mysteries) == 3
    assert sorted(len(h) for h in state.hands) == [5] * (seats - 1) + [6]   # the starter drew
    assert len(state.hands[state.starter]) == 6
    assert sum(len(s) for s in state.stacks) == sum(stacks) - 1
    assert max(value_of(c) for c in state.all_cards()) == (13 if faces else 10)


# --- asking with two players -------------------------------------------------------------------

def test_two_players_hand_over_all_of_a_value_face_up() -> None:
    state = rig(2, ["4S 7H", "4H 4D 9S"], ["2S 3S", "5S 5H 5D", "6S 6H 6D"], "TS TH TD")
    events = state.apply(Ask(0, 4))
    assert Handed(1, 0, tuple(cards("4H 4D"))) in events
    assert sorted(map(str, state.hands[0])) == ["4D", "4H", "4S", "7H"]
    assert [str(c) for c in state.hands[1]] == ["3S", "9S"]           # kept 9S, then drew 3S
    assert state.seen[1] >= set(cards("4H 4D"))


def test_two_players_none_held_means_one_random_card_taken_from_the_asker() -> None:
    state = rig(2, ["4S 7H", "9S"], ["2S 3S", "5S 5H 5D", "6S 6H 6D"], "TS TH TD")
    events = state.apply(Ask(0, 8))
    assert NoneHeld(0, 8) in events
    took = [e for e in events if isinstance(e, TookRandom)]
    assert len(took) == 1 and took[0].taker == 1 and took[0].giver == 0
    assert took[0].card in cards("4S 7H") and took[0].card in state.hands[1]
    # The taker and the asker know which card moved; the event hides it from nobody else here.
    assert took[0].seen_by(1) == took[0]


def test_turn_passes_left_and_the_next_player_draws() -> None:
    state = rig(2, ["4S", "9S"], ["2S 3S", "5S", "6S"], "TS TH TD")
    events = state.apply(Ask(0, 9))
    assert isinstance(events[-1], Drew) and events[-1].seat == 1 and events[-1].cards == (Card.parse("3S"),)
    assert state.to_act() == [1]


# --- asking with three players -----------------------------------------------------------------

def test_three_players_both_asked_each_holder_hands_over() -> None:
    state = rig(3, ["4S", "4H 9S", "4D 4C 8S"], ["2S 3S", "5S", "6S"], "TS TH TD")
    events = state.apply(Ask(0, 4))
    assert Handed(1, 0, (Card.parse("4H"),)) in events
    assert Handed(2, 0, tuple(cards("4D 4C"))) in events
    assert not any(isinstance(e, TookRandom) for e in events)
    assert sum(1 for c in state.hands[0] if value_of(c) == 4) == 4


def test_three_players_one_holder_is_enough_to_stop_the_random_takes() -> None:
    state = rig(3, ["4S 2H", "9S", "4D 8S"], ["2S 3S", "5S", "6S"], "TS TH TD")
    events = state.apply(Ask(0, 4))
    assert [e for e in events if isinstance(e, Handed)] == [Handed(2, 0, (Card.parse("4D"),))]
    assert not any(isinstance(e, TookRandom) for e in events)


def test_three_players_neither_holds_so_each_takes_a_random_card() -> None:
    state = rig(3, ["4S 2H 7C", "9S", "8S"], ["2S 3S", "5S", "6S"], "TS TH TD")
    events = state.apply(Ask(0, 5))
    took = [e for e in events if isinstance(e, TookRandom)]
    assert [(e.taker, e.giver) for e in took] == [(1, 0), (2, 0)]
    assert len(state.hands[0]) == 1
    # Only the taker and the giver see which card moved.
    assert took[0].seen_by(2).card is None and took[0].seen_by(0).card is not None
    assert took[0].card not in state.seen[2]


# --- guessing ---------------------------------------------------------------------------------

def emptying(seats: int = 2) -> NashState:
    """Player 0 has just drawn the last card of stack 1."""
    hands = ["4S", "9S", "8S"][:seats]
    return rig(seats, hands, ["", "2S 2H 2D 3S", "6S 6H 6D"], "5S 7H TD")


def test_emptying_a_stack_finishes_the_turn_then_guessing_starts_left_of_the_asker() -> None:
    state = emptying(3)
    events = state.apply(Ask(0, 9))
    begins = [e for e in events if isinstance(e, GuessingBegins)]
    assert begins == [GuessingBegins(0, (1, 2, 0), False)]
    assert state.to_act() == [1]
    with pytest.raises(IllegalAction):
        state.apply(Ask(1, 3))


def test_no_repeated_guesses_before_the_last_card() -> None:
    state = emptying(3)
    state.apply(Ask(0, 9))
    state.apply(Guess(1, 6))
    assert Guess(2, 6) not in state.legal_actions(2)
    with pytest.raises(IllegalAction, match="already been guessed"):
        state.apply(Guess(2, 6))


def test_a_right_guess_wins_at_once() -> None:
    state = emptying(2)
    state.apply(Ask(0, 9))
    state.apply(Guess(1, 5))
    events = state.apply(Guess(0, 4))
    assert Revealed(0, Card.parse("5S"), (1,), ()) in events
    assert events[-1] == GameOver((1,)) and state.is_over()
    assert state.outcome().winners == (1,)


def test_the_closest_takes_three_and_continues_by_asking() -> None:
    state = emptying(2)
    state.apply(Ask(0, 9))
    state.apply(Guess(1, 9))
    events = state.apply(Guess(0, 3))          # 5: 3 is two away, 9 four away
    assert Revealed(0, Card.parse("5S"), (), (0,)) in events
    drew = [e for e in events if isinstance(e, Drew)]
    assert drew == [Drew(0, tuple(cards("3S 2D 2H")), 1, 1)]
    assert events[-1] == Continues(0)
    assert state.to_act() == [0] and all(isinstance(a, Ask) for a in state.legal_actions(0))
    before = len(state.stacks[1])
    state.apply(Ask(0, 4))                      # no draw before this ask
    assert len(state.stacks[1]) == before - 1   # the next player's draw


def test_a_tie_gives_the_starter_two_cards_and_the_other_one_who_continues() -> None:
    state = emptying(2)
    state.starter = 1
    state.apply(Ask(0, 9))
    state.apply(Guess(1, 4))
    events = state.apply(Guess(0, 6))          # 4 and 6 are both one from 5
    drew = [e for e in events if isinstance(e, Drew)]
    assert [(d.seat, len(d.cards)) for d in drew] == [(1, 2), (0, 1)]
    assert events[-1] == Continues(0)


def test_three_player_tie_goes_in_turn_order_from_the_starter() -> None:
    state = emptying(3)
    state.starter = 2
    state.apply(Ask(0, 9))
    state.apply(Guess(1, 4))
    state.apply(Guess(2, 1))
    events = state.apply(Guess(0, 6))          # seats 1 and 0 tie; from seat 2 the order is 0 then 1
    drew = [e for e in events if isinstance(e, Drew)]
    assert [(d.seat, len(d.cards)) for d in drew] == [(0, 2), (1, 1)]
    assert events[-1] == Continues(1)


def last_card(seats: int) -> NashState:
    state = rig(seats, ["4S", "9S", "8S"][:seats], ["", "", ""], "5S 7H TD")
    state.resolved = 2
    return state


def test_the_last_card_allows_repeats_and_everyone_right_wins() -> None:
    state = last_card(3)
    state.apply(Ask(0, 3))
    assert state.to_act() == [1]
    state.apply(Guess(1, 10))
    assert Guess(2, 10) in state.legal_actions(2)
    state.apply(Guess(2, 10))
    events = state.apply(Guess(0, 2))
    assert events[-1] == GameOver((1, 2))
    assert state.outcome().winners == (1, 2)


def test_the_last_card_can_have_no_winner() -> None:
    state = last_card(2)
    state.apply(Ask(0, 3))
    state.apply(Guess(1, 1))
    events = state.apply(Guess(0, 1))
    assert events[-1] == GameOver(())
    outcome = state.outcome()
    assert outcome.winners == () and outcome.scores == (0.0, 0.0)


def test_asking_out_of_range_is_refused() -> None:
    state = rig(2, ["4S", "9S"], ["2S 3S", "5S", "6S"], "TS TH TD")
    with pytest.raises(IllegalAction, match="values run from 1"):
        state.apply(Ask(0, 11))


# --- secrets: what each seat has seen comes from the rules, not from the events' masks ----------

@pytest.mark.parametrize("event_type", ["Drew", "TookRandom", "Dealt"])
def test_an_unmasked_private_event_is_caught_by_the_conformance_checks(monkeypatch, event_type: str) -> None:
    from games.core.protocol import Event
    from games.nash import rules, spec
    from tests.test_conformance import play_checked, random_legal

    monkeypatch.setattr(getattr(rules, event_type), "seen_by", Event.seen_by)
    with pytest.raises(AssertionError, match="shows"):
        for seed in range(6):
            play_checked(spec(), 3, seed, random_legal)
