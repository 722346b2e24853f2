"""Ninety-Nine's computer players: legal, blind to hidden cards, sensible, and strong enough.

Every game here is seeded, so each test gives the same answer on every run.
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction
from typing import Any, Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.core.cards import Card, Rank, cards, standard_deck
from games.core.driver import play_out
from games.ninety_nine import bots
from games.ninety_nine.bots import BOTS, Odds, after_play, seats_before_me
from games.ninety_nine.rules import (
    NinetyNineOptions, NinetyNineState, NinetyNineView, Play, choices, new_game,
)
from games.registry import GAMES

SPEC = GAMES["ninety_nine"]
THINKING = ("normal", "hard")


# --- helpers ---------------------------------------------------------------------------------

def view_of(hand: str, count: int, pile: str, *, seats: int = 4, seat: int = 0,
            direction: int = 1, sizes: tuple[int, ...] | None = None,
            tokens: tuple[int, ...] | None = None, stock: int | None = None) -> NinetyNineView:
    """A hand-made view; the others hold 4 cards and the stock holds the rest by default."""
    mine, played = tuple(cards(hand)), tuple(cards(pile))
    sizes = sizes or tuple(len(mine) if s == seat else 4 for s in range(seats))
    stock = 52 - len(played) - sum(sizes) if stock is None else stock
    legal = tuple(Play(seat, card, value) for card in mine for value in choices(card, count))
    return NinetyNineView(
        seat=seat, seats=seats, hand=mine, count=count, direction=direction, turn=seat,
        dealer=(seat - 1) % seats, tokens=tokens or (3,) * seats, hand_sizes=sizes,
        stock_size=stock, pile=played, legal=legal, hand_number=1)


def checked(bot: Callable[[NinetyNineView, random.Random], Play]) -> Callable[..., Play]:
    """Wrap a bot so every choice it makes is checked against the view's legal plays."""
    def choose(view: NinetyNineView, rng: random.Random) -> Play:
        play = bot(view, rng)
        assert play in view.legal, f"{play} is not among {[str(p) for p in view.legal]}"
        return play
    return choose


def win_rate(hero: str, villain: str, seats: int, games: int) -> float:
    """How often ``hero`` wins against ``seats - 1`` copies of ``villain``; its seat moves
    round the table from game to game, so sitting first or last is no factor."""
    wins = 0
    for seed in range(games):
        me = seed % seats
        players = [BOTS[villain]] * seats
        players[me] = BOTS[hero]
        record = play_out(SPEC, SPEC.make_options(seats=seats), seed=seed, bots=players)
        wins += record.state.outcome().winners == (me,)
    return wins / games


def midgame(seed: int, seats: int, plays: int) -> NinetyNineState:
    """A game some random plays in (fewer if it ends first)."""
    state = new_game(NinetyNineOptions(seats=seats), seed)
    rng = random.Random(seed)
    for _ in range(plays):
        if state.is_over():
            break
        seat = state.to_act()[0]
        state.apply(rng.choice(state.legal_actions(seat)))
    return state


# --- every bot plays legally -------------------------------------------------------------------

@pytest.mark.slow
@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), seats=st.integers(2, 6),
       levels=st.lists(st.sampled_from(sorted(BOTS)), min_size=6, max_size=6))
def test_bots_only_make_legal_plays_whole_games(seed: int, seats: int, levels: list[str]) -> None:
    players = [checked(BOTS[level]) for level in levels[:seats]]
    record = play_out(SPEC, SPEC.make_options(seats=seats), seed=seed, bots=players)
    assert record.state.is_over()


@pytest.mark.slow
@pytest.mark.parametrize("level", sorted(BOTS))
def test_each_bot_plays_legally_at_every_table_size(level: str) -> None:
    for seats in range(2, 7):
        for seed in range(4):
            players = [checked(BOTS[level])] * seats
            record = play_out(SPEC, SPEC.make_options(seats=seats), seed=seed, bots=players)
            assert record.state.is_over()


@pytest.mark.parametrize("level", sorted(BOTS))
def test_a_lone_legal_play_is_taken(level: str) -> None:
    view = view_of("8S KH JD QC", 93, "8H 7D QH JS 6C 5H 8D 7C QD KS AH 6S 5D 4C")
    assert [str(p) for p in view.legal] == ["P1 play KH"]
    assert BOTS[level](view, random.Random(0)) == view.legal[0]


# --- bots see only their view ------------------------------------------------------------------

def _reshuffle_hidden(state: NinetyNineState, seat: int, seed: int) -> NinetyNineState:
    """A twin of ``state`` whose hidden cards (other hands and the stock) are dealt afresh."""
    twin = state.clone()
    hidden = [card for s, hand in enumerate(twin.hands) if s != seat for card in hand] + twin.stock
    random.Random(seed).shuffle(hidden)
    for s, hand in enumerate(twin.hands):
        if s != seat:
            twin.hands[s] = [hidden.pop() for _ in hand]
    twin.stock = hidden
    return twin


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), seats=st.integers(2, 6), plays=st.integers(0, 40))
def test_choices_do_not_depend_on_hidden_cards(seed: int, seats: int, plays: int) -> None:
    state = midgame(seed, seats, plays)
    if state.is_over():
        return
    seat = state.to_act()[0]
    twin = _reshuffle_hidden(state, seat, seed + 1)
    assert twin.view(seat) == state.view(seat)
    for level, bot in BOTS.items():
        mine = bot(state.view(seat), random.Random(seed))
        theirs = bot(twin.view(seat), random.Random(seed))
        assert mine == theirs, level


def test_bots_use_only_the_generator_they_are_given(monkeypatch: pytest.MonkeyPatch) -> None:
    def forbidden(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("a bot used the global random generator")

    for name in ("random", "choice", "choices", "randrange", "randint", "shuffle", "sample"):
        monkeypatch.setattr(random, name, forbidden)
    for level in sorted(BOTS):
        for seats in (2, 4):
            record = play_out(SPEC, SPEC.make_options(seats=seats), seed=3,
                              bots=[BOTS[level]] * seats)
            assert record.state.is_over()


def test_bots_repeat_their_choice_for_the_same_view_and_seed() -> None:
    state = midgame(11, 4, 9)
    view = state.view(state.to_act()[0])
    for bot in BOTS.values():
        assert bot(view, random.Random(5)) == bot(view, random.Random(5))


# --- clear situations --------------------------------------------------------------------------

PILE_TO_95 = "8H 7D QC JS 6C 5H 8D 7C QD KS AH 8S 5D"  # 95 with the Ace as 11


@pytest.mark.parametrize("level", THINKING)
@pytest.mark.parametrize("seats", [2, 4])
def test_at_95_keep_the_nine_and_play_the_two(level: str, seats: int) -> None:
    # The 9 is a lifeline for a later turn; the 2 still fits now and will not for long.
    view = view_of("9S 2S QH JD", 95, PILE_TO_95, seats=seats)
    assert str(BOTS[level](view, random.Random(0)).card) == "2S"


@pytest.mark.parametrize("level", THINKING)
@pytest.mark.parametrize("direction", [1, -1])
def test_a_nine_ends_the_hand_when_the_next_cannot_answer(level: str, direction: int) -> None:
    # Stock empty, only 2H and QH unseen, one card each: at 99 the next player is stuck
    # for certain, whereas after the 5 (95) a 2 would still save them.
    unseen = {"9S", "5S", "2H", "QH"}
    pile = " ".join(str(c) for c in standard_deck() if str(c) not in unseen)
    view = view_of("9S 5S", 90, pile, seats=3, sizes=(2, 1, 1), stock=0, direction=direction)
    assert str(BOTS[level](view, random.Random(0)).card) == "9S"


@pytest.mark.parametrize("level", THINKING)
@pytest.mark.parametrize("seats", [2, 4])
def test_at_99_hold_with_the_king_rather_than_hand_over_room(level: str, seats: int) -> None:
    # The 10 could only take 10 off, giving the next player room for any card; the King
    # keeps them at 99, where only a lifeline will do.
    view = view_of("KS TS QS JS", 99, "8H 7D QC JH 6C 5H 8D 7C QD KD AH 8S 5D 4H 9C", seats=seats)
    assert [str(p) for p in view.legal] == ["P1 play KS", "P1 play TS as -10"]
    assert str(BOTS[level](view, random.Random(0)).card) == "KS"


@pytest.mark.parametrize("level", THINKING)
def test_lifelines_are_kept_while_the_count_is_low(level: str) -> None:
    view = view_of("9S KS 7H 2D", 20, "8H QC 2C")
    assert str(BOTS[level](view, random.Random(0)).card) == "7H"


# --- the pieces of the hard bot ----------------------------------------------------------------

def test_next_player_follows_direction_skip_and_reverse() -> None:
    view = view_of("3S 4S KS 2S", 10, "8H QC", seats=4)
    play = {str(p.card): p for p in view.legal}
    assert after_play(view, play["KS"]) == (1, 1)
    assert after_play(view, play["3S"]) == (2, 1)
    assert after_play(view, play["4S"]) == (3, -1)
    assert seats_before_me(view, 3, -1) == [3, 2, 1]
    duel = view_of("3S 4S KS 2S", 10, "8H QC", seats=2)
    duel_play = {str(p.card): p for p in duel.legal}
    assert after_play(duel, duel_play["3S"])[0] == 0  # two players: a 3 comes straight back
    assert after_play(duel, duel_play["4S"]) == (1, 1)  # and a 4 does not reverse
    out = view_of("KS 2S", 10, "8H QC", seats=4, tokens=(3, 0, 2, 1))
    assert after_play(out, out.legal[0])[0] == 2  # a seat with no tokens is passed over


def _brute_stuck(unseen: list[Card], size: int, count: int) -> Fraction:
    hands = list(itertools.combinations(unseen, size))
    stuck = sum(1 for hand in hands if not any(choices(card, count) for card in hand))
    return Fraction(stuck, len(hands))


@pytest.mark.parametrize("count", [50, 90, 95, 98, 99])
@pytest.mark.parametrize("size", [0, 1, 2, 3, 4])
def test_stuck_chance_is_exact(count: int, size: int) -> None:
    unseen = cards("AS 2S 3S 5S 8S JS QS KS TH 9H")
    counts: dict[Rank, int] = {}
    for card in unseen:
        counts[card.rank] = counts.get(card.rank, 0) + 1
    expected = _brute_stuck(unseen, size, count)
    assert Odds(counts).stuck(count, size) == pytest.approx(float(expected), abs=1e-12)


def test_who_should_lose_weighs_tokens() -> None:
    assert bots._token_weights(0, (3, 2)) == (0.0, 0.0)
    weights = bots._token_weights(0, (3, 1, 3, 3))
    # Taking a last token shrinks the table, which makes each later hand riskier for me.
    assert weights[1] < 0 < weights[2] == weights[3]


# --- strength ----------------------------------------------------------------------------------

@pytest.mark.slow
def test_hard_beats_three_easy_bots() -> None:
    assert win_rate("hard", "easy", seats=4, games=200) > 0.45


@pytest.mark.slow
def test_hard_beats_an_easy_bot_head_to_head() -> None:
    assert win_rate("hard", "easy", seats=2, games=200) > 0.75


@pytest.mark.slow
def test_hard_beats_three_normal_bots() -> None:
    assert win_rate("hard", "normal", seats=4, games=200) > 0.28
