"""The table log: every table a server holds, kept in SQLite (WAL) so that a server killed
and started again on the same data folder resumes every table where it was.

A table is its game, options, seed and seats (who sits there, and the hash of the seat's
token: the token itself is never stored), plus its actions in order. ``append`` commits an
action before it returns, and the server answers nobody before that: an action a player saw
accepted is on disk. (WAL with ``synchronous=NORMAL`` survives a killed process; a power
cut may lose the last few actions.)

A table's seed is written as hexadecimal text ("0x…"): a server's seeds are 128 bits and
SQLite's integers stop at 2^63 (a decimal text that large would even be turned into an
inexact REAL by the column's affinity; hexadecimal text is kept as written). A log from
before, with whole-number seeds, reads as ever.

A reflex table (Ratscrew, Nails, Spoons) also keeps the game time its clock had reached
when it last told anyone anything (``append_timed``): its timed actions carry their own game
times, so the seed, the actions and that time replay the game to exactly what the players
last saw (timed steps, such as a pile collected after a pause, fire again on replay).

Each deal's salt (app/core/deal_proof.py) is kept beside its seed, in a table of its own
(``salts``) so a log from before reads as ever: a server started again promises, and at the
end reveals, exactly what the players were shown. A table from such a log has no salt; it
gets a new one when it is resumed, as its players were never shown a promise.

A table's recent chat (app/net/server/chat_log.py) is kept too, in ``chats``: its last
``CHAT_ROWS`` lines, each as the message it was sent as.
"""

from __future__ import annotations

import hashlib
import json
import logging
import sqlite3
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

__all__ = ["ASIDE", "SeatRecord", "TableRecord", "TableStore", "read_table", "seed_cell", "seed_value", "token_hash"]

log = logging.getLogger("parlour.store")

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    code TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL, seed INTEGER NOT NULL,
    created REAL NOT NULL, status TEXT NOT NULL DEFAULT 'waiting');
CREATE TABLE IF NOT EXISTS seats (
    code TEXT NOT NULL, seat INTEGER NOT NULL, kind TEXT NOT NULL, difficulty TEXT NOT NULL,
    name TEXT NOT NULL, token_hash TEXT, PRIMARY KEY (code, seat));
CREATE TABLE IF NOT EXISTS actions (
    code TEXT NOT NULL, n INTEGER NOT NULL, action TEXT NOT NULL, PRIMARY KEY (code, n));
CREATE TABLE IF NOT EXISTS clocks (
    code TEXT PRIMARY KEY, game_ms INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS salts (
    code TEXT PRIMARY KEY, salt TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS chats (
    code TEXT NOT NULL, n INTEGER NOT NULL, line TEXT NOT NULL, PRIMARY KEY (code, n));
"""


ASIDE = "aside"     # a table's status once its resumption failed: kept, never loaded again

CHAT_ROWS = 50                # a table's chat lines kept (the chat log keeps as many, fewer if long)
WAL_LIMIT = 2 * 1024 * 1024   # bytes: the WAL is checkpointed past this, and cut back to it when reset
PAGE_SIZE = 1024              # bytes: SQLite's page in a new log (its default is 4096)
LOOK_EVERY = 16               # appends (about 2.7 KiB each in the WAL) between looks at its size


def _checkpoint(path: Path) -> None:
    """Copy the WAL back into the database, on a connection of this thread's own; writers
    go on meanwhile (PASSIVE), and what they write is copied by the store's own catch-up."""
    try:
        db = sqlite3.connect(path, isolation_level=None)
        try:
            db.execute("PRAGMA wal_checkpoint(PASSIVE)")
        finally:
            db.close()
    except sqlite3.Error as problem:      # the log itself is whole in the WAL: nothing is lost
        log.warning("checkpoint of %s failed: %s", path, problem)


def seed_cell(seed: int) -> str:
    """How a seed is written in the log: hexadecimal text, whatever its size.

    >>> seed_cell(255), seed_value(seed_cell(2**127)) == 2**127, seed_value(31)
    ('0xff', True, 31)
    """
    return hex(seed)


def seed_value(cell: int | str) -> int:
    """A seed as the log holds it: text from ``seed_cell``, or a whole number from before."""
    return cell if isinstance(cell, int) else int(cell, 16)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class SeatRecord:
    """Who sits in a seat: ``kind`` is "host" or "remote" (a person) or "bot"."""

    kind: str
    difficulty: str
    name: str = ""
    token_hash: str | None = None


@dataclass
class TableRecord:
    code: str
    game: str
    options: dict[str, Any]
    seed: int
    seats: list[SeatRecord]
    status: str = "waiting"
    actions: list[dict[str, Any]] = field(default_factory=list)
    """The actions as the action codec writes them."""
    game_ms: int | None = None
    """A reflex game's clock when it last told the players anything (None: never, or a turn game)."""
    salt: str | None = None
    """The deal's salt (app/core/deal_proof.py; None in a log from before salts)."""
    chat: list[dict[str, Any]] = field(default_factory=list)
    """The table's last chat lines, oldest first, as they were sent."""


class TableStore:
    """Tables and their action logs in one SQLite file (``tables.sqlite3`` in ``folder``)."""

    def __init__(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.path = folder / "tables.sqlite3"
        self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self.wal = folder / "tables.sqlite3-wal"
        try:
            self._prepare()
        except sqlite3.Error:
            self.db.close()      # (a damaged file is moved aside next: app/net/server/host_files.py)
            raise
        self._checkpointer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="parlour-checkpoint")
        self._checkpointing: Future[None] | None = None
        self._appended = 0

    def _prepare(self) -> None:
        # Small pages for a new log (a log made before keeps its own): each append writes the
        # pages it touches into the WAL, two of them (the row and its key), so 4 KiB pages
        # made 9 KiB of WAL a move and 1 KiB pages make 2.7 KiB. The WAL then fills, and is
        # copied back with its fsyncs on the server's loop (_checkpoint_now_and_then), a
        # third as often; and an append costs less (0.019 ms against 0.042).
        self.db.execute(f"PRAGMA page_size={PAGE_SIZE}")
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        # SQLite copies the WAL back into the database (a checkpoint, with two fsyncs) inside
        # whichever commit crosses 1000 pages: a stall of milliseconds in the server's one
        # loop. Here a thread of our own copies most of it instead (_checkpoint_now_and_then).
        self.db.execute("PRAGMA wal_autocheckpoint=0")
        self.db.execute(f"PRAGMA journal_size_limit={WAL_LIMIT}")    # the file, once the WAL starts afresh
        self.db.executescript(SCHEMA)

    def close(self) -> None:
        self._checkpointer.shutdown(wait=True)
        self.db.close()     # the last connection to close checkpoints what is left

    def create(self, table: TableRecord, created: float) -> None:
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute("INSERT INTO tables VALUES (?, ?, ?, ?, ?, ?)",
                            (table.code, table.game, json.dumps(table.options), seed_cell(table.seed), created,
                             table.status))
            if table.salt is not None:
                self.db.execute("INSERT OR REPLACE INTO salts VALUES (?, ?)", (table.code, table.salt))
            self.db.executemany("INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?)", [
                (table.code, i, s.kind, s.difficulty, s.name, s.token_hash) for i, s in enumerate(table.seats)])

    def put(self, table: TableRecord, created: float) -> None:
        """A whole table as read from another log (its actions and clock too)."""
        self.create(table, created)
        with self.db:
            self.db.execute("BEGIN")
            self.db.executemany("INSERT INTO actions VALUES (?, ?, ?)",
                                [(table.code, n, json.dumps(a)) for n, a in enumerate(table.actions)])
            if table.game_ms is not None:
                self.db.execute("INSERT INTO clocks VALUES (?, ?)", (table.code, table.game_ms))

    def set_seat(self, code: str, seat: int, record: SeatRecord) -> None:
        self.db.execute("UPDATE seats SET kind=?, difficulty=?, name=?, token_hash=? WHERE code=? AND seat=?",
                        (record.kind, record.difficulty, record.name, record.token_hash, code, seat))

    def set_status(self, code: str, status: str) -> None:
        self.db.execute("UPDATE tables SET status=? WHERE code=?", (status, code))

    def new_game(self, code: str, seed: int, salt: str) -> None:
        """The table plays again with ``seed`` and ``salt``: its log starts afresh (everyone
        at the table was sent the finished game's replay)."""
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute("DELETE FROM actions WHERE code=?", (code,))
            self.db.execute("DELETE FROM clocks WHERE code=?", (code,))
            self.db.execute("UPDATE tables SET seed=?, status='playing' WHERE code=?", (seed_cell(seed), code))
            self.db.execute("INSERT OR REPLACE INTO salts VALUES (?, ?)", (code, salt))

    def set_salt(self, code: str, salt: str) -> None:
        """A salt for a table resumed from a log that kept none."""
        self.db.execute("INSERT OR REPLACE INTO salts VALUES (?, ?)", (code, salt))

    def add_chat(self, code: str, line: dict[str, Any]) -> None:
        """A chat line (its ``n`` numbers it at the table); only the last ``CHAT_ROWS`` stay."""
        n = int(line["n"])
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute("INSERT OR REPLACE INTO chats VALUES (?, ?, ?)", (code, n, json.dumps(line)))
            self.db.execute("DELETE FROM chats WHERE code=? AND n<=?", (code, n - CHAT_ROWS))

    def forget(self, code: str) -> None:
        """A table, its seats and its actions, gone for good."""
        with self.db:
            self.db.execute("BEGIN")
            for table in ("actions", "chats", "clocks", "salts", "seats", "tables"):
                self.db.execute(f"DELETE FROM {table} WHERE code=?", (code,))

    def append(self, code: str, n: int, action: dict[str, Any]) -> None:
        """Action number ``n`` (from 0) of a table, committed when this returns."""
        self.db.execute("INSERT INTO actions VALUES (?, ?, ?)", (code, n, json.dumps(action)))
        self._appended += 1
        self._checkpoint_now_and_then()

    def append_timed(self, code: str, n: int, actions: list[dict[str, Any]], game_ms: int) -> None:
        """A reflex table's actions number ``n`` on (none, when only its clock moved) and the
        game time its clock has reached, committed together when this returns."""
        with self.db:
            self.db.execute("BEGIN")
            self.db.executemany("INSERT INTO actions VALUES (?, ?, ?)",
                                [(code, n + i, json.dumps(a)) for i, a in enumerate(actions)])
            self.db.execute("INSERT OR REPLACE INTO clocks VALUES (?, ?)", (code, game_ms))
        self._appended += len(actions) + 1
        self._checkpoint_now_and_then()

    def _checkpoint_now_and_then(self) -> None:
        """Keep the WAL near ``WAL_LIMIT``. Past it, the thread copies the WAL back; once it
        has, this connection copies the few pages written meanwhile (one fsync, a few ms on
        the server's loop, once per ``WAL_LIMIT`` of moves). SQLite starts the WAL afresh
        only at a write that finds all of it copied, and then cuts the file back to
        ``journal_size_limit``: the thread alone never gets there while moves keep coming
        (the WAL grew to 17 MB in 2,000 moves, 909 MB under load)."""
        job = self._checkpointing
        if job is not None and job.done():
            self._checkpointing = None
            try:
                self.db.execute("PRAGMA wal_checkpoint(PASSIVE)")
            except sqlite3.Error as problem:
                log.warning("checkpoint of %s failed: %s", self.path, problem)
        elif job is None and self._appended >= LOOK_EVERY:
            self._appended = 0
            if self.wal_bytes() > WAL_LIMIT:   # (a WAL started afresh is reused at that size)
                self._checkpointing = self._checkpointer.submit(_checkpoint, self.path)

    def wal_bytes(self) -> int:
        """The size of the WAL file now (0 when there is none)."""
        try:
            return self.wal.stat().st_size
        except OSError:
            return 0

    def load_all(self) -> list[TableRecord]:
        """Every table, with its seats and actions in order (but those set aside). A table
        whose rows do not read (a seed that is not a number, options or an action that is not
        JSON) is set aside here, and the others load; a file that does not read at all
        raises ``sqlite3.DatabaseError`` (app/net/server/log_rescue.py moves it aside)."""
        codes = [code for (code,) in self.db.execute(
            "SELECT code FROM tables WHERE status != ? ORDER BY created", (ASIDE,))]
        tables = []
        for code in codes:
            try:
                tables.append(read_table(self.db, code))
            except (ValueError, TypeError, RecursionError) as problem:    # (sqlite3.DatabaseError: the file's)
                log.error("table %r cannot be read from the log and is set aside: %s", code, problem)
                self.db.execute("UPDATE tables SET status=? WHERE code IS ?", (ASIDE, code))
        return tables


def read_table(db: sqlite3.Connection, code: Any) -> TableRecord:
    """One table of the log, read by its code; raises ``ValueError`` or ``TypeError`` when a
    row is not what this module writes."""
    if not isinstance(code, str):
        raise TypeError(f"its code is {type(code).__name__}, not text")
    row = db.execute("SELECT game, options, seed, status FROM tables WHERE code=?", (code,)).fetchone()
    game, options, seed, status = row
    table = TableRecord(code, _text(game), _object(json.loads(options)), seed_value(seed), [], _text(status))
    for kind, difficulty, name, hashed in db.execute(
            "SELECT kind, difficulty, name, token_hash FROM seats WHERE code=? ORDER BY seat", (code,)):
        table.seats.append(SeatRecord(_text(kind), _text(difficulty), _text(name),
                                      None if hashed is None else _text(hashed)))
    for (action,) in db.execute("SELECT action FROM actions WHERE code=? ORDER BY n", (code,)):
        table.actions.append(_object(json.loads(action)))
    clock = db.execute("SELECT game_ms FROM clocks WHERE code=?", (code,)).fetchone()
    if clock is not None:
        if not isinstance(clock[0], int):
            raise TypeError("its clock is not a whole number of milliseconds")
        table.game_ms = clock[0]
    for (salt,) in _rows_since(db, "SELECT salt FROM salts WHERE code=?", code):
        table.salt = _text(salt)
    for (line,) in _rows_since(db, "SELECT line FROM chats WHERE code=? ORDER BY n", code):
        try:          # a chat line that does not read is left out: the table itself is whole
            table.chat.append(_object(json.loads(line)))
        except (ValueError, TypeError, RecursionError):
            log.warning("table %s: a chat line in the log does not read and is left out", code)
    return table


def _rows_since(db: sqlite3.Connection, query: str, code: str) -> list[Any]:
    """A table's rows in a part of the log added since the first logs (the salts, the chat):
    none from a log without it (a log being rescued is read as it is, not made anew)."""
    try:
        return db.execute(query, (code,)).fetchall()
    except sqlite3.OperationalError:
        return []


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{value!r} where text belongs")
    return value


def _object(value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise TypeError(f"{type(value).__name__} where an object belongs")
    return value
