"""The hand-by-hand score sheet (app/core/score_sheet.py) from known seeded games: a row a
hand, in order, each hand's words, and totals that add up to the game's end."""

from __future__ import annotations

from typing import Any

import pytest

from app.core.score_sheet import HAND, HAPPENED, POT, score_sheet
from app.core.words.names import SeatNames
from app.core.words.render import render
from games.registry import GAMES
from tests.core.test_replays import played

NAMES = ["Ann", "Bob", "Cy", "Di"]


def _sheet(game_id: str, seed: int) -> tuple[Any, Any]:
    replay, final = played(game_id, seed)
    spec = GAMES[game_id]
    names = NAMES[:len(replay.seats)]
    sheet = score_sheet(spec, spec.make_options(), seed, replay.actions, names,
                        lambda words: render(words, SeatNames(names, 0)))
    return sheet, final


def _total(cell: str) -> int:
    return int(cell.split(" ")[0])


def test_whist_lists_every_hand_with_each_sides_running_score():
    sheet, final = _sheet("whist", 4)
    assert sheet.heads == (HAND, HAPPENED, "Ann & Cy", "Bob & Di")
    assert [row[0] for row in sheet.rows] == [str(i) for i in range(1, len(sheet.rows) + 1)]
    assert len(sheet.rows) == final.hand_number, "one row a hand"
    assert all(" took " in row[1] for row in sheet.rows), "each hand's words: who took how many tricks"
    assert [_total(cell) for cell in sheet.rows[-1][2:]] == list(final.scores)
    for before, row in zip([("", "", "0", "0"), *sheet.rows], sheet.rows):
        for old, new in zip(before[2:], row[2:]):   # "5 (+2)" follows a 3; a side that scored nothing shows no change
            gained = _total(new) - _total(old)
            assert new == (f"{_total(new)} (+{gained})" if gained else str(_total(new)))


def test_ninety_nine_counts_the_tokens_lost_hand_by_hand():
    sheet, final = _sheet("ninety_nine", 4)
    start = GAMES["ninety_nine"].make_options().tokens
    assert sheet.heads[2:] == tuple(NAMES[:final.seats])
    assert len(sheet.rows) == sum(start - t for t in final.tokens), "a row for every token lost"
    for row in sheet.rows:
        assert sum("(−1)" in cell for cell in row[2:]) == 1 and "a token lost" in row[1]
    assert [_total(cell) for cell in sheet.rows[-1][2:]] == list(final.tokens)


@pytest.mark.parametrize("game_id", ["nap", "nash_whist"])
def test_the_chip_games_end_the_sheet_on_the_final_chips(game_id):
    sheet, final = _sheet(game_id, 3)
    assert sheet.rows
    chips = sheet.rows[-1][2:2 + final.seats]
    assert [_total(cell) for cell in chips] == list(final.chips)
    if game_id == "nash_whist":
        assert sheet.heads[-1] == POT and int(sheet.rows[-1][-1]) == final.pot


def test_games_without_hands_have_no_sheet_but_the_nash_game_reveals_its_cards():
    assert _sheet("abstrac", 2)[0] is None
    from games.core.words import T

    sheet, final = _sheet("nash", 4)
    assert not sheet.rows and sheet.notes[0].startswith("The mystery cards were ")
    assert len(final.mysteries) == 3
    for card in final.mysteries:   # every one face up, those nobody turned over too
        assert render(T("{card}", card=card)) in sheet.notes[0]
