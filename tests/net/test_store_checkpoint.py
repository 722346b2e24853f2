"""The table log is copied from SQLite's WAL back into the database by a thread of the
store's own, never inside an append on the server's loop, and nothing is lost by it."""

from __future__ import annotations

import time
from pathlib import Path

from app.net.server.store import SeatRecord, TableRecord, TableStore

POLL_FOR_S = 20
APPENDS = 300     # about 2.5 MB of WAL: past the store's limit, far below SQLite's own 1000 pages


def test_the_wal_is_checkpointed_in_the_background_and_every_action_stays(tmp_path: Path) -> None:
    store = TableStore(tmp_path)
    store.create(TableRecord("ABCDEF", "whist", {}, 1, [SeatRecord("host", "easy")]), 0)
    database = tmp_path / "tables.sqlite3"
    empty = database.stat().st_size
    # Fewer pages than SQLite's own checkpoint waits for (1000): only ours copies them.
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
