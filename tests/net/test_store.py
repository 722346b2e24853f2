"""The table log: what a server keeps of each table, and the order of keeping and playing."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from app.core.action_codec import decode_action
from app.net.wire.protocol import Create, ProtocolError
from app.net.server.server import Server, Table
from app.net.server.store import SeatRecord, TableRecord, TableStore
from app.net.server.turn_table import TurnTable


def turns(table: Table) -> TurnTable:
    assert isinstance(table.kind, TurnTable)
    return table.kind


def test_a_table_and_its_actions_come_back_from_the_log(tmp_path: Path) -> None:
    server = Server(TableStore(tmp_path))
    table, token = server.create(Create("whist", 4, 0, "easy", 9), "Ann")
    table.status = "playing"          # as the host's hello does, with no remote seat to wait for
    assert server.store is not None
    server.store.set_status(table.code, "playing")
    for _ in range(7):
        seat = table.core.to_act()[0]
        asyncio.run(turns(table).apply(table.core.bot_action(seat)))
    server.store.close()
    again = Server(TableStore(tmp_path))
    back = again.tables[table.code]
    assert back.core.actions == table.core.actions and back.core.seed == 9
    assert back.status == "playing" and back.seats[0].name == "Ann"
    assert again.by_token[back.seats[0].token_hash or ""][1] == 0
    assert token not in (tmp_path / "tables.sqlite3").read_bytes().decode("latin-1"), "only the token's hash is kept"


def test_a_move_the_disk_refuses_is_not_played(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    server = Server(TableStore(tmp_path))
    table, _ = server.create(Create("whist", 4, 0, "easy", 9), "Ann")
    table.status = "playing"
    action = table.core.bot_action(table.core.to_act()[0])

    def full(*args: object) -> None:
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(TableStore, "append", full)
    with pytest.raises(ProtocolError, match="could not keep that move"):
        asyncio.run(turns(table).apply(action))
    assert table.core.actions == []
    monkeypatch.undo()
    asyncio.run(turns(table).apply(action))
    assert table.core.actions == [action]
    assert server.store is not None
    logged = [decode_action(a, "whist") for a in server.store.load_all()[0].actions]
    assert logged == [action]


def test_a_reflex_tables_actions_and_clock_are_kept_together_and_a_new_game_clears_them(tmp_path: Path) -> None:
    store = TableStore(tmp_path)
    store.create(TableRecord("RATSCR", "ratscrew", {}, 6, [SeatRecord("host", "hard")]), 0)
    flip = {"type": "Flip", "seat": 0, "at_ms": 120}
    store.append_timed("RATSCR", 0, [flip], 150)
    store.append_timed("RATSCR", 1, [], 900)         # a timed step fired: only the clock moved
    record = store.load_all()[0]
    assert record.actions == [flip] and record.game_ms == 900
    store.new_game("RATSCR", 7, "cd" * 16)
    record = store.load_all()[0]
    assert record.actions == [] and record.game_ms is None and record.seed == 7 and record.salt == "cd" * 16
    store.close()
