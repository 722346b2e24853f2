"""Seahaven Towers' rules move by move (see shared/rules/seahaven.md): every kind of move,
every kind of refusal, runs as single moves, undo and redo, the deal numbering."""

from __future__ import annotations

import random

import pytest

from games.core.cards import Card, cards
from games.core.protocol import IllegalAction
from games.seahaven.rules import (
    Dealt, GaveUp, Move, Moved, Place, Resign, SeahavenOptions, SeahavenState, Won, deal_cards,
    layout, new_game, run_length, run_moves,
)

C, T, F = Place.column, Place.tower, Place.foundation


def position(columns: list[str], towers: list[str | None] | None = None,
             foundations: tuple[int, int, int, int] = (0, 0, 0, 0)) -> SeahavenState:
    """A table with these columns (bottom to top, up to ten), towers and foundation heights
    (spades, hearts, diamonds, clubs). The cards need not make up a full deck."""
    cols = [cards(text) for text in columns] + [[] for _ in range(10 - len(columns))]
    held = [Card.parse(t) if t else None for t in (towers or [None] * 4)]
    return SeahavenState(SeahavenOptions(), 0, cols, held, list(foundations))


def move(state: SeahavenState, card: str, to: Place, chained: bool = False) -> list:
    return state.apply(Move(0, Card.parse(card), to, chained))


# --- the deal ---------------------------------------------------------------------------

def test_the_deal_numbering_is_the_published_one() -> None:
    deck = [r + s for s in "CDHS" for r in "A23456789TJQK"]
    random.Random(617).shuffle(deck)
    columns, towers = layout(617)
    assert [str(c) for c in columns[0]] == deck[0:5]
    assert [str(c) for c in columns[9]] == deck[45:50]
    assert [str(t) if t else None for t in towers] == [None, deck[50], deck[51], None]
    assert [str(c) for c in deal_cards(617)] == deck


def test_a_new_game_lays_out_every_card_once_and_says_so() -> None:
    state = new_game(SeahavenOptions(), 5)
    assert sorted(map(str, state.all_cards())) == sorted(map(str, deal_cards(5)))
    assert [len(c) for c in state.columns] == [5] * 10
    assert state.towers[0] is None and state.towers[3] is None
    (opening,) = state.opening
    assert isinstance(opening, Dealt) and opening.deal == 5
    assert state.to_act() == [0] and not state.is_over()


def test_only_one_seat() -> None:
    with pytest.raises(ValueError):
        SeahavenOptions(seats=2)


# --- each kind of move ----------------------------------------------------------------------

def test_an_ace_goes_home_then_its_two() -> None:
    state = position(["5H AS", "2S"])
    events = move(state, "AS", F(0))
    assert events == [Moved(Card.parse("AS"), C(0), F(0), 1)]
    move(state, "2S", F(0))
    assert state.foundations[0] == 2 and state.columns[1] == []


def test_build_down_in_suit_onto_a_column() -> None:
    state = position(["5D", "4D"])
    move(state, "4D", C(0))
    assert state.columns[0] == cards("5D 4D")


def test_any_available_card_may_go_to_an_empty_tower_and_come_back_down() -> None:
    state = position(["5D", "9C 4D"], towers=["KS", None, "QH", None])
    move(state, "4D", T(1))
    assert state.towers[1] == Card.parse("4D")
    move(state, "4D", C(0))
    assert state.towers[1] is None and state.columns[0] == cards("5D 4D")


def test_a_king_may_fill_an_empty_column() -> None:
    state = position(["KC", "3H KH"])
    move(state, "KH", C(2))
    assert state.columns[2] == cards("KH")


def test_legal_actions_list_every_move_and_giving_up() -> None:
    state = position(["5D", "4D", "AS"], towers=["KS", "JH", "QH", None])
    legal = {str(a) for a in state.legal_actions(0)}
    assert legal == {
        "move 4D to column 1", "move AS to the spades foundation", "move KS to column 4",
        "move KS to column 5", "move KS to column 6", "move KS to column 7", "move KS to column 8",
        "move KS to column 9", "move KS to column 10", "give up the deal",
        *(f"move {c} to tower 4" for c in ("5D", "4D", "AS", "KS", "JH", "QH")),
    }
    assert state.legal_actions(1) == []


# --- refusals ----------------------------------------------------------------------------

@pytest.mark.parametrize(("columns", "towers", "foundations", "card", "to", "reason"), [
    (["5D", "4H"], None, (0, 0, 0, 0), "4H", C(0), "same suit"),
    (["6D", "4D"], None, (0, 0, 0, 0), "4D", C(0), "same suit"),
    (["5D", "QH"], None, (0, 0, 0, 0), "QH", C(5), "only a King"),
    (["2S"], None, (0, 0, 0, 0), "2S", F(0), "Ace first"),
    (["3H"], None, (0, 1, 0, 0), "3H", F(1), "2 first"),
    (["AS"], None, (0, 0, 0, 0), "AS", F(1), "spades foundation"),
    (["AS 5D"], None, (0, 0, 0, 0), "AS", F(0), "not free"),
    (["5D"], ["KS", "QS", "JS", "TS"], (0, 0, 0, 0), "5D", T(2), "not empty"),
    (["5D"], ["KS", None, None, None], (0, 0, 0, 0), "KS", T(0), "already there"),
])
def test_illegal_moves_are_refused_and_change_nothing(columns, towers, foundations, card, to, reason) -> None:
    state = position(columns, towers, foundations)
    before = state.clone()
    with pytest.raises(IllegalAction, match=reason):
        move(state, card, to)
    assert state == before


def test_a_card_on_the_foundation_never_moves_back() -> None:
    state = position(["2S"], foundations=(1, 0, 0, 0))
    assert not any(m.card == Card.parse("AS") for m in state.legal_moves())
    with pytest.raises(IllegalAction, match="not free"):
        move(state, "AS", T(0))


# --- runs -----------------------------------------------------------------------------------

def test_run_length_counts_a_same_suit_run_down_by_one() -> None:
    assert run_length(cards("9C 8D 7D 6D")) == 3
    assert run_length(cards("8D 6D")) == 1
    assert run_length(cards("KS QS")) == 2
    assert run_length([]) == 0


def test_a_run_moves_as_its_single_moves_and_one_undo_takes_it_back() -> None:
    state = position(["8H", "2C 7H 6H 5H"], towers=["KS", None, None, None])
    before = state.clone()
    plan = run_moves(state, 1, 3, C(0))
    assert [str(m) for m in plan] == [
        "move 5H to tower 2", "move 6H to tower 3 (with the last)", "move 7H to column 1 (with the last)",
        "move 6H to column 1 (with the last)", "move 5H to column 1 (with the last)"]
    for step in plan:
        state.apply(step)
    assert state.columns[0] == cards("8H 7H 6H 5H") and state.moves == 5
    state.undo()
    assert state.columns == before.columns and state.towers == before.towers and state.moves == 0
    state.redo()
    assert state.columns[0] == cards("8H 7H 6H 5H")


def test_a_run_longer_than_the_free_towers_allow_is_refused() -> None:
    state = position(["8H", "2C 7H 6H 5H"], towers=["KS", "QS", None, "JS"])
    before = state.clone()
    with pytest.raises(IllegalAction, match="needs 2 free towers"):
        run_moves(state, 1, 3, C(0))
    with pytest.raises(IllegalAction, match="cannot go"):  # 6H-5H fits nowhere: 6H needs the 7H
        run_moves(state, 1, 2, C(0))
    assert state == before


def test_a_run_into_an_empty_column_must_start_with_a_king() -> None:
    state = position(["3C QS JS", "4D KH QH"])
    with pytest.raises(IllegalAction, match="King"):
        run_moves(state, 0, 2, C(5))
    plan = run_moves(state, 1, 2, C(5))
    for step in plan:
        state.apply(step)
    assert state.columns[5] == cards("KH QH")


def test_a_run_must_really_be_a_run() -> None:
    state = position(["9H 7H 6H", "8H"])
    with pytest.raises(IllegalAction, match="one suit going down"):
        run_moves(state, 0, 3, C(1))


# --- undo, redo, the end --------------------------------------------------------------------

def test_undo_and_redo_round_trip_through_a_random_game() -> None:
    rng = random.Random(3)
    state = new_game(SeahavenOptions(), 11)
    snapshots = [state.clone()]
    for _ in range(40):
        moves = state.legal_moves()
        if not moves:
            break
        state.apply(rng.choice(moves))
        snapshots.append(state.clone())
    for snapshot in reversed(snapshots[:-1]):
        state.undo()
        assert (state.columns, state.towers, state.foundations) == \
            (snapshot.columns, snapshot.towers, snapshot.foundations)
    with pytest.raises(IllegalAction, match="no move to undo"):
        state.undo()
    for snapshot in snapshots[1:]:
        state.redo()
        assert state.history == snapshot.history
    with pytest.raises(IllegalAction, match="no move to redo"):
        state.redo()


def test_a_new_move_clears_the_redo_list() -> None:
    state = position(["5D", "4D", "AS"])
    move(state, "4D", C(0))
    state.undo()
    assert state.can_redo
    move(state, "AS", F(0))
    assert not state.can_redo


def test_undo_events_say_where_the_card_went_back() -> None:
    state = position(["5D", "9S 4D"])
    move(state, "4D", C(0))
    (event,) = state.undo()
    assert event == Moved(Card.parse("4D"), C(0), C(1), 0, undo=True)
    assert "back to column 2" in str(event)


def test_restart_undoes_everything_and_keeps_it_redoable() -> None:
    state = new_game(SeahavenOptions(), 2)
    fresh = state.clone()
    for m in state.legal_moves()[:1] * 1:
        state.apply(m)
    state.apply(state.legal_moves()[0])
    state.restart()
    assert state.columns == fresh.columns and state.towers == fresh.towers and state.can_redo


def test_the_last_card_home_wins() -> None:
    state = position(["KC"], foundations=(13, 13, 13, 12))
    events = move(state, "KC", F(3))
    assert isinstance(events[-1], Won) and state.is_over() and state.to_act() == []
    assert state.outcome().winners == (0,)
    assert state.legal_actions(0) == []
    with pytest.raises(IllegalAction):
        state.undo()


def test_giving_up_ends_the_game_as_a_loss() -> None:
    state = new_game(SeahavenOptions(), 4)
    assert state.apply(Resign(0)) == [GaveUp()]
    assert state.is_over() and state.outcome().winners == ()
    with pytest.raises(IllegalAction):
        state.apply(Resign(0))


def test_stuck_when_only_pointless_moves_are_left() -> None:
    stuck = position(["KD", "2S 3H", "4C 5C"], towers=["9S", "8S", "7S", None])
    assert not stuck.stuck()  # 3H may still go into the free tower
    move(stuck, "3H", T(3))
    assert stuck.stuck()  # only tower-to-tower and the lone King's column moves remain
    assert not stuck.is_over()  # the player may still undo
    assert not position(["5D", "4D"]).stuck()


def test_view_shows_the_table_and_the_history_flags() -> None:
    state = position(["5D", "4D"])
    move(state, "4D", C(0))
    view = state.view(0)
    assert view.columns[0] == tuple(cards("5D 4D")) and view.moves == 1
    assert view.can_undo and not view.can_redo and not view.won
    assert Resign(0) in view.legal


def every_move_by_the_book(state: SeahavenState) -> list[Move]:
    """The legal moves as the rules read (shared/rules/seahaven.md), in the order the
    state lists them: each free card home, onto a column (the next card up of its suit, or
    a King into an empty one), into an empty tower. The state's quicker listing must agree."""
    found = []
    for card, source in state.available():
        rank = "A23456789TJQK".index(card.rank.symbol) + 1
        home = "SHDC".index(card.suit.letter)
        places = [F(home)] if state.foundations[home] == rank - 1 else []
        for i, col in enumerate(state.columns):
            above = "A23456789TJQK".index(col[-1].rank.symbol) + 1 if col else 14
            if C(i) != source and (col[-1].suit == card.suit if col else True) and above == rank + 1:
                places.append(C(i))
        places += [T(i) for i, held in enumerate(state.towers) if held is None]
        found += [Move(0, card, to) for to in places]
    return found


def test_the_legal_moves_are_the_books_in_its_order_through_whole_games():
    pick = random.Random(3)
    for deal in range(1, 13):
        state = new_game(SeahavenOptions(), deal)
        for _ in range(120):
            assert state.legal_moves() == every_move_by_the_book(state)
            if not state.legal_moves():
                break
            state.apply(pick.choice(state.legal_moves()))
