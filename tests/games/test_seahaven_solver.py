"""The Seahaven solver: every line it returns replays legally to a win, and on small
positions its verdict matches a plain exhaustive search over the rules' own moves."""

from __future__ import annotations

import random

import pytest

from games.core.cards import Card
from games.seahaven.rules import (
    FOUNDATION_SUITS, Move, SeahavenOptions, SeahavenState, card_of, new_game, state_for,
)
from games.seahaven.solver import (
    autoplay, first_group, hint, next_winnable, safe_moves, solve, solve_state,
)


def replays_to_a_win(state: SeahavenState, moves: tuple[Move, ...]) -> bool:
    for move in moves:
        state.apply(move)  # raises IllegalAction if the line is not legal
    return state.won


@pytest.mark.parametrize("deal", [1, 2, 3, 4, 5, 6, 8, 18])
def test_a_solution_replays_legally_to_a_won_game(deal: int) -> None:
    result = solve_state(state_for(deal))
    assert result.solvable is True
    assert replays_to_a_win(state_for(deal), result.moves)


@pytest.mark.parametrize("deal", [7, 30])
def test_known_lost_deals_are_proved_unsolvable(deal: int) -> None:
    # Deals 7 and 30 were also checked unsolvable by an independent exhaustive search.
    result = solve_state(state_for(deal))
    assert result.solvable is False and result.moves == ()


def test_a_tiny_budget_says_unknown_rather_than_guessing() -> None:
    result = solve_state(state_for(48), max_nodes=10)
    assert result.solvable is None and result.verdict == "unknown"


def test_a_solution_groups_runs_and_automatic_moves_behind_their_first_move() -> None:
    result = solve_state(state_for(1))
    group = first_group(result.moves)
    assert group and not group[0].chained and all(m.chained for m in group[1:])
    state = state_for(1)
    for move in group:
        state.apply(move)
    state.undo()
    assert state.moves == 0  # the whole group is one step for undo


def test_a_hint_from_the_middle_of_a_game_still_wins() -> None:
    state = state_for(3)
    line = solve_state(state).moves
    for move in line[:40]:
        state.apply(move)
    result = hint(state)
    assert result.solvable and replays_to_a_win(state.clone(), result.moves)


def test_next_winnable_skips_a_lost_deal() -> None:
    assert next_winnable(7) == 8
    assert next_winnable(8) == 8
    assert new_game(SeahavenOptions(winnable_only=True), 7).deal == 8


def test_safe_moves_are_the_cards_that_can_go_home() -> None:
    state = state_for(1)
    assert {str(m) for m in safe_moves(state)} == {
        "move AS to the spades foundation", "move AC to the clubs foundation"}


def test_the_autoplayer_always_ends_a_game() -> None:
    rng = random.Random(1)
    for deal in range(5):
        state = state_for(deal)
        for _ in range(400):
            if state.is_over():
                break
            state.apply(autoplay(state.view(0), rng))
        assert state.is_over()


# --- against an exhaustive search ---------------------------------------------------------

def exhaustive(state: SeahavenState, limit: int = 200_000) -> bool:
    """Can this position be won? A plain depth-first search that tries every legal single
    move the rules engine lists (only a tower card moving to another tower is left out,
    since it changes nothing) and shares none of the solver's shortcuts."""
    seen: set = set()
    stack = [state]
    while stack:
        current = stack.pop()
        if current.won:
            return True
        key = (tuple(sorted(" ".join(map(str, c)) for c in current.columns)),
               tuple(sorted(str(t) for t in current.towers if t)))
        if key in seen:
            continue
        seen.add(key)
        assert len(seen) < limit, "position too big for the exhaustive check"
        for move in current.legal_moves():
            source = current.place_of(move.card)
            if source.kind == move.to.kind == "tower":
                continue
            if source.kind == "column" and len(current.columns[source.index]) == 1 and move.to.kind == "column":
                continue  # a lone King from one empty column to another: the same position
            after = SeahavenState(current.options, 0, [list(c) for c in current.columns],
                                  list(current.towers), list(current.foundations))
            after.apply(move)
            stack.append(after)
    return False


def endgame(rng: random.Random) -> SeahavenState:
    """A random late position: each suit home up to a random height, the other cards
    shuffled into the four towers and all ten columns (so no column starts empty)."""
    heights = [rng.randint(6, 9) for _ in FOUNDATION_SUITS]
    rest = [card_of(s, r) for s, h in zip(FOUNDATION_SUITS, heights) for r in range(h + 1, 14)]
    rng.shuffle(rest)
    towers: list[Card | None] = list(rest[:4])
    columns: list[list[Card]] = [[] for _ in range(10)]
    for i, card in enumerate(rest[4:]):
        columns[i if i < 10 else rng.randrange(10)].append(card)
    return SeahavenState(SeahavenOptions(), 0, columns, towers, heights)


@pytest.mark.slow
@pytest.mark.parametrize("deal", [7, 30, 73, 84])
def test_lost_deals_are_lost_by_exhaustive_search_too(deal: int) -> None:
    assert exhaustive(state_for(deal)) is False
    assert solve_state(state_for(deal)).solvable is False


@pytest.mark.slow
def test_the_solver_agrees_with_exhaustive_search_on_small_positions() -> None:
    # Random late positions are nearly always winnable (the lost deals above cover the
    # other verdict); the point here is that the solver's shortcuts never miss a win.
    rng = random.Random(2024)
    for _ in range(25):
        state = endgame(rng)
        result = solve(state.columns, state.towers, state.foundations)
        truth = exhaustive(state.clone())
        assert result.solvable is truth, f"{state.columns} {state.towers} {state.foundations}"
        if truth:
            assert replays_to_a_win(state.clone(), result.moves)


@pytest.mark.slow
@pytest.mark.parametrize("deal", [1, 3, 26])
def test_shared_verdicts_match_a_solve_of_each_position(deal: int) -> None:
    """The options a review weighs, a few random moves that keep the win into a deal: the
    searches that share their winning lines (verdicts) give each the verdict a search of
    its own gives, lost options and won ones alike."""
    from games.seahaven.solver import HINT_NODES, verdicts

    rng = random.Random(deal)
    state = state_for(deal)
    for _ in range(8):
        moves = state.legal_moves()
        rng.shuffle(moves)
        for move in moves:
            trial = state.clone()
            trial.apply(move)
            if solve_state(trial, HINT_NODES).solvable:
                state = trial
                break
    after = []
    for move in state.legal_moves():
        after.append(state.clone())
        after[-1].apply(move)
    alone = [solve_state(s, HINT_NODES).solvable for s in after]
    assert verdicts(after, HINT_NODES) == alone
    assert True in alone and False in alone  # both kinds of verdict are checked
