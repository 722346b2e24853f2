"""The table log is copied from SQLite's WAL back into the database by a thread of the
store's own, never inside an append on the server's loop, and nothing is lost by it."""

from __future__ import annotations

import time
from pathlib import Path

from app.net.server.store import SeatRecord, TableRecord, TableStore

POLL_FOR_S = 20
APPENDS = 1500    # about 3 MiB of WAL (two 1 KiB pages each): past the store's limit


def test_the_wal_is_checkpointed_in_the_background_and_every_action_stays(tmp_path: Path) -> None:
    store = TableStore(tmp_path)
    store.create(TableRecord("ABCDEF", "whist", {}, 1, [SeatRecord("host", "easy")]), 0)
    database = tmp_path / "tables.sqlite3"
    empty = database.stat().st_size
    # SQLite's own checkpoint is off (wal_autocheckpoint=0): only ours copies them.
    for n in range(APPENDS):
        store.append("ABCDEF", n, {"type": "PlayCard", "seat": 0, "card": "QH"})
    waited = 0.0
    while database.stat().st_size == empty and waited < POLL_FOR_S:
        time.sleep(0.05)
        waited += 0.05
    assert database.stat().st_size > empty, "the actions were never copied into the database"
    store.append("ABCDEF", APPENDS, {"type": "PlayCard", "seat": 0, "card": "2C"})
    store.close()
    actions = TableStore(tmp_path).load_all()[0].actions
    assert len(actions) == APPENDS + 1 and actions[-1]["card"] == "2C"


def test_a_move_adds_less_than_a_4_kib_page_to_the_wal(tmp_path: Path) -> None:
    """Each move's commit writes the pages it touched into the WAL: 4 KiB pages made it
    grow by about 9 KiB a move (and be copied back, fsyncs and all, every 250 moves at a
    busy server); a new log's small pages make it well under one such page."""
    store = TableStore(tmp_path)
    codes = [f"T{number:05d}" for number in range(30)]        # moves at many tables, in turn
    for code in codes:
        store.create(TableRecord(code, "whist", {}, 1, [SeatRecord("host", "easy")]), 0)

    def round_of_moves(n: int) -> None:
        for code in codes:
            store.append(code, n, {"type": "PlayCard", "seat": n % 4, "card": "QH"})

    for n in range(3):
        round_of_moves(n)
    before = store.wal_bytes()
    for n in range(3, 6):
        round_of_moves(n)
    per_move = (store.wal_bytes() - before) / (3 * len(codes))
    store.close()
    assert 0 < per_move < 4096, f"{per_move:.0f} bytes of WAL a move"
