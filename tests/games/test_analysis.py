"""The coach's analysis (games/*/analysis.py) on hand-made positions with known answers,
and the review of seeded bot games for every game it covers."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

from app.core.words.review_words import summary
from games.abstrac.analysis import analyse as abstrac_analyse
from games.abstrac.rules import AbstracOptions, Take, new_game as abstrac_game
from games.core.analysis import Decision
from games.core.cards import cards
from games.core.driver import play_out
from games.core.trick_analysis import analyse_card
from games.core.trick_events import PlayCard
from games.core.tricks import TrumpRules
from games.registry import GAMES
from games.seahaven.analysis import review as seahaven_review, winnable
from games.seahaven.rules import SeahavenOptions, new_game as seahaven_game
from games.seahaven.solver import solve_state
from games.whist.bots import knowledge as whist_knowledge

CARD_CODE = re.compile(r"\b(?:[2-9TJQKA][SHDC]|JK)\b")
SEAT_CODE = re.compile(r"\bP\d\b")


def _trick_state(hands: list[str], seat: int, trick: list[tuple[int, str]] = ()) -> SimpleNamespace:
    """A no-trumps end position, every hand as given, ``seat`` to play: the fields the
    coach reads of a Whist state and view."""
    held = [cards(h) for h in hands]
    on_table = [(s, cards(c)[0]) for s, c in trick]
    rules = TrumpRules(None)
    legal_cards = held[seat] if not on_table else (
        [c for c in held[seat] if c.suit == on_table[0][1].suit] or held[seat])
    view = SimpleNamespace(
        seat=seat, seats=4, hand=tuple(held[seat]), legal=tuple(PlayCard(seat, c) for c in legal_cards),
        trick=tuple(on_table), leader=on_table[0][0] if on_table else seat, rules=rules,
        sitting_out=frozenset(), played=tuple(on_table), shown=(), phase="play", won=(0, 0, 0, 0),
        hand_sizes=tuple(len(h) for h in held), voids=tuple(frozenset() for _ in range(4)))
    return SimpleNamespace(hands=held, view=lambda s: view)


def test_a_finesse_position_values_each_card_double_dummy():
    # North (seat 0) leads: the ace drops East's bare king; the queen loses to it.
    state = _trick_state(["AS QS", "KS 2H", "3S 4S", "5S 6S"], seat=0)
    result = analyse_card(state, 0, whist_knowledge, seed=1, deals=20)
    assert result is not None
    assert {str(c): v for c, v in result.exact.items()} == {"AS": 2.0, "QS": 0.0}
    ace, queen = cards("AS QS")
    assert result.best == result.values[ace] and result.cost_of(queen) > 0 and result.cost_of(ace) == 0


def test_a_card_only_an_all_seeing_player_would_find_is_no_mistake():
    """North leads the ace of spades: best over the deals North could face, though with
    every hand open the heart takes a trick more. The cost counts against single-dummy, so
    the ace costs nothing and the heart, best only with the hands open, is the mistake."""
    state = _trick_state(["AS TS 3H", "2H 7H 3S", "9H 8S TH", "QS JH 4S"], seat=0)
    result = analyse_card(state, 0, whist_knowledge, seed=1, deals=30)
    assert result is not None
    ace, heart = cards("AS 3H")
    assert result.exact[heart] > result.exact[ace]  # double-dummy prefers the heart
    assert result.values[ace] == result.best > result.values[heart]
    assert not Decision(0, 0, "card", 1, ace, result).mistake
    assert Decision(0, 0, "card", 1, heart, result).mistake


def test_a_forced_card_costs_nothing():
    state = _trick_state(["AS QS", "KS 2H", "3S 4S", "5S 6S"], seat=1, trick=[(0, "AS")])
    result = analyse_card(state, 1, whist_knowledge, seed=1, deals=20)
    assert result is not None and result.reason == "forced" and result.cost_of(cards("KS")[0]) == 0


def test_single_dummy_is_reproducible():
    state = _trick_state(["AS QS 3H", "KS 2H 4H", "3S 4S 5H", "5S 6S 6H"], seat=0)
    first = analyse_card(state, 0, whist_knowledge, seed=7, deals=10)
    again = analyse_card(state, 0, whist_knowledge, seed=7, deals=10)
    assert first is not None and again is not None and first.values == again.values


def test_three_handed_nash_whist_is_solved_from_eight_cards_a_hand():
    """Our own search takes three hands of eight cards (quick enough: see trick_analysis's
    SEARCH_CARDS_BY_HANDS) and refuses nine; every card of an eight-card hand gets values."""
    from games.nash_whist.analysis import analyse as nash_whist_analyse
    from games.nash_whist.rules import NashWhistOptions

    spec, options, seed = GAMES["nash_whist"], NashWhistOptions(seats=3), 5
    record = play_out(spec, options, seed, [spec.bots["normal"]] * 3)
    state, seen = spec.new_game(options, seed), {}
    for action in record.actions:
        size = max(len(h) for h in state.hands)
        if isinstance(action, PlayCard) and size not in seen and len(state.view(action.seat).legal) > 1:
            seen[size] = nash_whist_analyse(state, action.seat, seed=1, deals=3) if size in (8, 9) else None
        state.apply(action)
    eight, nine = seen[8], seen[9]
    assert eight is not None and eight.reason != "too long to solve" and len(eight.exact) > 1
    assert nine is not None and nine.reason == "too long to solve"


def test_abstrac_takes_get_their_exact_values():
    state = abstrac_game(AbstracOptions(), seed=1)
    state.row, state.taken, state.turn, state.choosing = cards("AS KS QS 9H 9D 9C TD"), [[], []], 0, False
    result = abstrac_analyse(state, 0)
    assert result.values == {Take(0, 1): 0, Take(0, 2): 0, Take(0, 3): -6}
    assert result.cost_of(Take(0, 3)) == 6 and result.cost_of(Take(0, 1)) == 0


def test_abstrac_one_card_left_is_forced():
    state = abstrac_game(AbstracOptions(), seed=1)
    state.row, state.taken, state.turn, state.choosing = cards("AS"), [[], []], 0, False
    assert abstrac_analyse(state, 0).reason == "forced"


def _seahaven_loss() -> tuple[list, int]:
    """Deal 1: twelve moves of the solver's win, then 6♣ into the last tower, which the
    solver proves loses the deal; then some more moves."""
    state = seahaven_game(SeahavenOptions(), 1)
    actions = list(solve_state(state).moves[:12])
    for move in actions:
        state.apply(move)
    bad = next(m for m in state.legal_moves() if str(m.card) == "6C" and m.to.kind == "tower")
    after = state.clone()
    after.apply(bad)
    assert winnable(after) is False and winnable(state) is True
    lost_at = len(actions)
    actions.append(bad)
    state.apply(bad)
    for _ in range(5):
        move = next((m for m in state.legal_moves() if m.to.kind != "tower"), None)
        if move is None:
            break
        actions.append(move)
        state.apply(move)
    return actions, lost_at


def test_seahaven_names_the_move_that_lost_the_deal():
    actions, lost_at = _seahaven_loss()
    review = seahaven_review(SeahavenOptions(), 1, actions)
    assert review.verdict["status"] == "lost" and review.verdict["index"] == lost_at
    assert [d.index for d in review.mistakes] == [lost_at]
    words = summary(review)
    assert "6♣ to a tower; no win after it" in words and not CARD_CODE.search(words)


def test_seahaven_on_the_winning_line_is_still_winnable():
    actions = list(solve_state(seahaven_game(SeahavenOptions(), 1)).moves[:20])
    review = seahaven_review(SeahavenOptions(), 1, actions)
    assert review.verdict["status"] == "still winnable" and review.mistakes == []


def test_seahaven_never_guesses_past_its_budget():
    actions, _ = _seahaven_loss()
    review = seahaven_review(SeahavenOptions(), 1, actions, max_nodes=5)
    assert review.verdict["status"] == "unknown" and review.mistakes == []
    assert "unknown" in summary(review)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", [g for g, s in GAMES.items() if s.analysis is not None and s.bots])
def test_a_seeded_bot_game_is_reviewed_in_words_without_codes(game_id):
    import importlib

    spec = GAMES[game_id]
    options = spec.make_options()
    seed = 3  # (a seed where seat 0 plays cards: in some Nash Whist games it only bids)
    seats = spec.new_game(options, seed).seats
    record = play_out(spec, options, seed, [spec.bots["easy"]] * seats)
    module = importlib.import_module(f"games.{game_id}.analysis")
    extra = {} if game_id in ("abstrac", "ninety_nine", "nash") else {"deals": 4}
    review = module.review(options, seed, record.actions, 0, **extra)
    assert review.decisions, "the seat made decisions"
    assert all(d.cost >= 0 for d in review.decisions)
    again = module.review(options, seed, record.actions, 0, **extra)
    assert [d.cost for d in again.decisions] == [d.cost for d in review.decisions]
    words = summary(review)
    assert words and not CARD_CODE.search(words) and not SEAT_CODE.search(words)


def test_ninety_nine_the_card_that_keeps_a_king_is_the_safe_one():
    """At 97 with no stock, holding K♠ and 2♠: playing the 2 (to 99) keeps the king, which
    fits at any count, so it is certainly safe; playing the king keeps a 2 that fits only
    if the count stays at 97 or below, which the other player may well spoil."""
    from games.ninety_nine.analysis import analyse as nn_analyse
    from games.ninety_nine.rules import NinetyNineOptions, Play, new_game as nn_game

    state = nn_game(NinetyNineOptions(seats=2), seed=1)
    seat = state.to_act()[0]
    state.hands[seat], state.count, state.stock = cards("KS 2S"), 97, []
    king, two = (Play(seat, c) for c in cards("KS 2S"))
    result = nn_analyse(state, seat)
    assert result.extra["counts"] == {king: 97, two: 99}
    assert result.values[two] == 1.0 and result.values[king] < 1.0
    assert result.cost_of(king) > 0.1  # a mistake by the coach's measure


def test_seahaven_options_leave_out_a_tower_card_to_another_tower():
    """At the losing move of deal 1 a card sits in a tower beside a free one: moving it
    across is legal but changes nothing, so the coach does not list it as an option."""
    actions, lost_at = _seahaven_loss()
    before = seahaven_game(SeahavenOptions(), 1)
    for move in actions[:lost_at]:
        before.apply(move)
    in_towers = {card for card in before.towers if card is not None}
    assert in_towers and None in before.towers, "the test needs a tower card and a free tower"
    assert any(m.card in in_towers and m.to.kind == "tower" for m in before.legal_moves())
    losing = next(d for d in seahaven_review(SeahavenOptions(), 1, actions).decisions if d.mistake)
    options = list(losing.analysis.values)
    assert len(options) > 1 and losing.chosen in options
    assert not [m for m in options if m.card in in_towers and m.to.kind == "tower"]
