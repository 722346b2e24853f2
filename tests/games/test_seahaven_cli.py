"""``parlour solve seahaven``: the JSON shape the issue fixes, the text report, the range summary."""

from __future__ import annotations

import json

import pytest

from app.cli.main import main
from games.seahaven.rules import Move, Place, layout, state_for
from games.core.cards import Card


def run(capsys, *args: str) -> str:
    assert main(["solve", "seahaven", *args]) == 0
    return capsys.readouterr().out


def test_json_has_the_deal_the_verdict_and_a_line_that_wins(capsys):
    record = json.loads(run(capsys, "--deal", "18", "--json"))
    assert set(record) == {"deal", "columns", "towers", "solvable", "moves", "seconds", "nodes"}
    columns, towers = layout(18)
    assert record["columns"] == [[str(c) for c in col] for col in columns]
    assert record["towers"] == [None, str(towers[1]), str(towers[2]), None]
    assert record["solvable"] is True and record["nodes"] > 0
    state = state_for(18)
    kinds = {"home": "foundation", "c": "column", "t": "tower"}
    for text in record["moves"]:
        card, where = text.split(">")
        kind = "home" if where == "home" else where[0]
        index = {"S": 0, "H": 1, "D": 2, "C": 3}[card[-1]] if kind == "home" else int(where[1:]) - 1
        state.apply(Move(0, Card.parse(card), Place(kinds[kind], index)))
    assert state.won


def test_an_unsolvable_deal_says_so(capsys):
    record = json.loads(run(capsys, "--deal", "7", "--json"))
    assert record["solvable"] is False and record["moves"] == []
    assert "Verdict: unsolvable" in run(capsys, "--deal", "7")


def test_a_range_prints_the_summary_figures(capsys):
    summary = json.loads(run(capsys, "--deal", "5", "--to", "8"))
    assert summary["solved"] + summary["unsolvable"] + summary["unknown"] == 4
    assert summary["unsolvable_deals"] == [7]


def test_a_bad_game_is_refused(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["solve", "ninety_nine", "--deal", "1"])
    assert stop.value.code == 2
