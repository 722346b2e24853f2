"""The host's own files never stop hosting: the table log and the folder's lock, opened for
the app's server (app/net/server/hosting.py) so that whatever is on disk, the player can host.

A log that SQLite cannot read (garbage, a truncated or damaged file, a folder in its place),
or whose tables are not those this Parlour writes (another schema), is moved aside as
``tables.bad-<time>.sqlite3`` (its ``-wal`` and ``-shm`` beside it: the player or a developer
may want it), every table that still reads from it is copied into a fresh log, and one line
says so. A log with one bad row stays where it is and only that table is set aside
(``TableStore.load_all``). A folder or a file where the lock file belongs is moved aside
too. What no moving helps (a full disk, a log or folder that cannot be written) is one line
in plain words, never raw exception text, and nothing is moved or deleted for it.

No pygame here; the words a player reads are the constants and :data:`PLAIN` below.
"""

from __future__ import annotations

import logging
import sqlite3
import time
from pathlib import Path
from typing import IO

from app.net.server.folder_lock import LOCK_NAME, lock_folder
from app.net.server.store import ASIDE, TableRecord, TableStore, read_table

__all__ = ["LogUnavailable", "lock_clearing", "open_log"]

log = logging.getLogger("parlour.store")

LOG_NAME = "tables.sqlite3"
COLUMNS = {
    "tables": ["code", "game", "options", "seed", "created", "status"],
    "seats": ["code", "seat", "kind", "difficulty", "name", "token_hash"],
    "actions": ["code", "n", "action"],
    "clocks": ["code", "game_ms"],
    "salts": ["code", "salt"],
    "chats": ["code", "n", "line"],
}
"""Each table of the log and its columns, in the order store.py writes them."""

MOVED = "Your table log could not be read ({why}), so it was moved to {aside}{kept}; you can host as usual."
KEPT = " and the {count} game{s} still readable in it {were} kept"
LOCK_MOVED = "Something was in the way of the hosting lock ({name}); it was moved to {aside}."
PLAIN = {
    sqlite3.SQLITE_FULL: "the disk is full",
    sqlite3.SQLITE_READONLY: "the table log cannot be written (it is read-only)",
    sqlite3.SQLITE_PERM: "the table log may not be opened",
    sqlite3.SQLITE_CANTOPEN: "the table log cannot be opened",
    sqlite3.SQLITE_IOERR: "the disk refused to read or write the table log",
    sqlite3.SQLITE_BUSY: "another program is using the table log",
    sqlite3.SQLITE_LOCKED: "another program is using the table log",
}
"""Why a log that is whole cannot be used, in a player's words."""
DAMAGE = {sqlite3.SQLITE_ERROR, sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB, sqlite3.SQLITE_SCHEMA,
          sqlite3.SQLITE_MISMATCH, sqlite3.SQLITE_FORMAT, sqlite3.SQLITE_RANGE}
"""SQLite's answers that mean the file itself is not a log it can use."""


class LogUnavailable(Exception):
    """The log is whole but cannot be used here; the message is a player's line."""


def open_log(folder: Path) -> tuple[TableStore, str | None]:
    """The table log in ``folder``, open, and a line for the player when a damaged one was
    moved aside. Raises :class:`LogUnavailable` when it cannot be opened for a reason that
    is not the file's (nothing is moved then)."""
    path = folder / LOG_NAME
    try:
        store = TableStore(folder)
    except sqlite3.DatabaseError as problem:
        why = _damage_or_raise(problem, path)
    else:
        found = _damage(store)
        if found is None:
            return store, None
        store.close()
        why = found
    rescued = _rescue(path)
    aside = _move_aside(path)
    try:
        store = TableStore(folder)
        for n, record in enumerate(rescued):
            store.put(record, time.time() + n * 1e-6)      # (in their order, oldest first)
    except sqlite3.DatabaseError as problem:
        raise LogUnavailable(_plain(problem)) from problem
    log.info("the table log %s was damaged (%s) and moved to %s; %d tables kept", path, why, aside.name, len(rescued))
    return store, _moved_line(why, aside, len(rescued))


def _moved_line(why: str, aside: Path, count: int) -> str:
    kept = KEPT.format(count=count, s="s" if count > 1 else "", were="were" if count > 1 else "was") if count else ""
    return MOVED.format(why=why, aside=aside.name, kept=kept)


def _damage(store: TableStore) -> str | None:
    """Why an open log cannot be trusted (its tables are not this Parlour's, or SQLite finds
    it damaged), or None when it is whole; raises :class:`LogUnavailable` when it is whole but
    cannot be written."""
    try:
        for table, columns in COLUMNS.items():
            found = [row[1] for row in store.db.execute(f"PRAGMA table_info({table})")]
            if found != columns:
                return "its tables are not the ones Parlour writes"
        verdict = store.db.execute("PRAGMA quick_check").fetchone()
        _try_a_write(store.db)
    except sqlite3.DatabaseError as problem:
        return _damage_or_raise(problem, store.path)
    return None if verdict == ("ok",) else "it is damaged"


def _try_a_write(db: sqlite3.Connection) -> None:
    """A write, taken back: a log SQLite could open only to read (a read-only file) fails
    here rather than at the host's first move, with the game under way."""
    db.execute("BEGIN IMMEDIATE")
    try:
        db.execute("INSERT INTO clocks VALUES (NULL, 0)")
    finally:
        db.execute("ROLLBACK")


def _damage_or_raise(problem: sqlite3.DatabaseError, path: Path) -> str:
    """What is wrong with the file, in a few words; raises :class:`LogUnavailable` when the
    trouble is not the file's own (a full disk, a folder that cannot be written)."""
    code = (problem.sqlite_errorcode or sqlite3.SQLITE_CORRUPT) & 0xFF   # (the primary code of an extended one)
    if code == sqlite3.SQLITE_CANTOPEN and (path.exists() and not path.is_file()):
        return "something that is not a file is in its place"
    if code not in DAMAGE:
        raise LogUnavailable(_plain(problem)) from problem
    return "it is not a table log" if code == sqlite3.SQLITE_NOTADB else "it is damaged"


def _plain(problem: sqlite3.DatabaseError) -> str:
    code = (problem.sqlite_errorcode or sqlite3.SQLITE_IOERR) & 0xFF
    return PLAIN.get(code, PLAIN[sqlite3.SQLITE_IOERR])


def _rescue(path: Path) -> list[TableRecord]:
    """Every table that still reads from a damaged log, one by one (a damaged page costs
    the tables on it, not the others)."""
    if not path.is_file():
        return []
    rescued = []
    try:
        db = sqlite3.connect(path, isolation_level=None)
    except sqlite3.Error:
        return []
    try:
        codes = [code for (code,) in db.execute("SELECT code FROM tables WHERE status != ? ORDER BY created", (ASIDE,))]
        for code in dict.fromkeys(codes):     # (a damaged index may name one twice)
            try:
                rescued.append(read_table(db, code))
            except (sqlite3.Error, ValueError, TypeError, RecursionError):
                continue      # (that table is lost with the file; the file is kept aside)
    except sqlite3.Error:
        pass                  # nothing more reads
    finally:
        db.close()
    return rescued


def _move_aside(path: Path) -> Path:
    """Move the log (and its -wal and -shm) to ``tables.bad-<time>.sqlite3``; returns where."""
    aside = _free_name(path)
    try:
        for suffix in ("", "-wal", "-shm"):
            part = path.with_name(path.name + suffix)
            if part.exists() or part.is_symlink():
                part.rename(aside.with_name(aside.name + suffix))
    except OSError as problem:
        raise LogUnavailable(f"the damaged table log could not be moved aside ({problem.strerror or problem})") from problem
    return aside


def _free_name(path: Path) -> Path:
    """``<stem>.bad-<time><suffix>``, with a counter if that name is already taken."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    candidate, counter = path.with_name(f"{path.stem}.bad-{stamp}{path.suffix}"), 2
    while candidate.exists() or candidate.is_symlink():
        candidate = path.with_name(f"{path.stem}.bad-{stamp}-{counter}{path.suffix}")
        counter += 1
    return candidate


def lock_clearing(folder: Path, said: list[str]) -> IO[bytes] | None:
    """``lock_folder``, after moving aside what is in the way of its lock file (a folder,
    say), with a line for the player in ``said``. Raises ``OSError`` when the folder itself
    cannot be used (the caller tries the next)."""
    lock = folder / LOCK_NAME
    if (lock.exists() or lock.is_symlink()) and not lock.is_file():
        aside = _free_name(lock)
        lock.rename(aside)
        said.append(LOCK_MOVED.format(name=lock.name, aside=aside.name))
    return lock_folder(folder)
