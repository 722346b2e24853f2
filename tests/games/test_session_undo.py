"""Undo and redo on the session core: ``actions`` stays the record that replays the
position, whatever is taken back or made again."""

from __future__ import annotations

import pytest

from games.core.protocol import IllegalAction
from games.core.session import SessionCore, Setup
from games.registry import GAMES
from games.seahaven import rules as sh

SPEC = GAMES["seahaven"]


def seahaven(seed: int = 1) -> SessionCore:
    setup = Setup.default(SPEC)
    setup.options.update(auto_safe=False, winnable_only=False)
    return SessionCore(SPEC, setup, seed)


def replayed(core: SessionCore) -> sh.SeahavenState:
    """The position a fresh deal reaches through ``core.actions``: what a save or a replay
    written now would show."""
    state = SPEC.new_game(core.options, core.seed)
    for action in core.actions:
        state.apply(action)
    assert isinstance(state, sh.SeahavenState)
    return state


def same_position(a: sh.SeahavenState, b: sh.SeahavenState) -> bool:
    return (a.columns, a.towers, a.foundations) == (b.columns, b.towers, b.foundations)


def play(core: SessionCore, count: int, chained_from: int | None = None) -> None:
    """``count`` legal moves (the first legal one each time); from ``chained_from`` on,
    each goes with the move before it, as the table's multi-card moves do."""
    for k in range(count):
        move = core.state.legal_actions(0)[0]
        assert isinstance(move, sh.Move)
        core.apply(sh.Move(0, move.card, move.to, chained=chained_from is not None and k >= chained_from))


def test_undo_takes_the_last_move_out_of_the_record_and_redo_puts_it_back():
    core = seahaven()
    play(core, 3)
    kept, last = core.actions[:2], core.actions[2]
    core.undo()
    assert core.actions == kept and same_position(core.state, replayed(core))
    assert core.can_redo
    core.redo()
    assert core.actions == [*kept, last] and same_position(core.state, replayed(core))
    assert not core.can_redo


def test_one_undo_takes_back_a_move_with_the_moves_chained_to_it():
    core = seahaven()
    play(core, 2)
    play(core, 3, chained_from=1)     # one move of three cards
    assert len(core.actions) == 5
    core.undo()
    assert len(core.actions) == 2 and same_position(core.state, replayed(core))
    core.redo()
    assert len(core.actions) == 5 and same_position(core.state, replayed(core))


def test_a_new_move_after_an_undo_forgets_what_was_taken_back():
    core = seahaven()
    play(core, 2)
    core.undo()
    play(core, 1)
    assert not core.can_redo
    with pytest.raises(IllegalAction):
        core.redo()
    assert len(core.actions) == 2 and same_position(core.state, replayed(core))


def test_nothing_to_undo_is_refused_and_changes_nothing():
    core = seahaven()
    assert not core.can_undo
    with pytest.raises(IllegalAction):
        core.undo()
    assert core.actions == [] and same_position(core.state, replayed(core))


def test_a_game_that_takes_no_moves_back_refuses_undo_and_keeps_its_record():
    spec = GAMES["ninety_nine"]
    core = SessionCore(spec, Setup.default(spec, seats=3), seed=4)
    for _ in range(3):
        core.apply(core.bot_action(core.to_act()[0]))
    before = list(core.actions)
    assert not core.can_undo and not core.can_redo
    with pytest.raises(IllegalAction, match="takes no moves back"):
        core.undo()
    assert core.actions == before
