"""The host's own files never stop hosting (issue 27, point 8): each damaged
``hosted/tables.sqlite3`` (or lock, or folder) a player's disk might hold is made in a
temporary folder, then the app's server (a real ``LocalServer`` on 127.0.0.1) starts on it.
It always hosts a new table; a damaged log is moved aside with one notice in plain words and
every table that still reads is kept; one bad row sets only that table aside, in place."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from app.core import storage
from app.net.server import store as store_module
from app.net.server.hosting import LocalServer
from app.net.server.store import ASIDE, SeatRecord, TableRecord, TableStore, token_hash
from tests.net.test_local_server import WAIT_S, make_table

GOOD, BAD = "GOODAA", "BADBAD"


def _table(code: str) -> TableRecord:
    seats = [SeatRecord("host", "easy", "Ann", token_hash(f"{code}-token-0123456789"))]
    return TableRecord(code, "whist", {}, 7, seats + [SeatRecord("bot", "easy") for _ in range(3)], "playing")


def _log(folder: Path, *codes: str) -> Path:
    store = TableStore(folder)
    try:
        for n, code in enumerate(codes):
            store.create(_table(code), time.time() + n)
    finally:
        store.close()
    return folder / "tables.sqlite3"


def _sql(folder: Path, *statements: str) -> None:
    """A log with GOOD and BAD playing, then BAD's rows changed by hand."""
    db = sqlite3.connect(_log(folder, GOOD, BAD), isolation_level=None)
    try:
        for statement in statements:
            db.execute(statement)
    finally:
        db.close()


def _garbage(folder: Path) -> None:
    folder.mkdir(parents=True)
    (folder / "tables.sqlite3").write_bytes(bytes(range(256)) * 16)


def _truncated(folder: Path) -> None:
    path = _log(folder, GOOD)
    data = path.read_bytes()
    path.write_bytes(data[:len(data) // 2 + 100])


OTHERS = [f"X{a}{b}XXX" for a in "ABCDEFGH" for b in "ABCDEFGH"]


def _damaged_page(folder: Path) -> None:
    """65 tables, and the last page of the file garbage: the tables on it are lost, the rest kept."""
    path = _log(folder, GOOD, *OTHERS)
    data = bytearray(path.read_bytes())
    data[-4096:] = b"\xa5" * 4096          # the last page: garbage
    path.write_bytes(bytes(data))


def _other_schema(folder: Path) -> None:
    folder.mkdir(parents=True)
    db = sqlite3.connect(folder / "tables.sqlite3")
    db.execute("CREATE TABLE tables (code TEXT, players INTEGER)")
    db.execute("INSERT INTO tables VALUES ('XYZXYZ', 4)")
    db.commit()
    db.close()


def _columns_reordered(folder: Path) -> None:
    """Every column there, in another order: the tables are rescued by name."""
    path = _log(folder, GOOD)
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("CREATE TABLE t2 (status TEXT, created REAL, seed, options TEXT, game TEXT, code TEXT PRIMARY KEY)")
    db.execute("INSERT INTO t2 SELECT status, created, seed, options, game, code FROM tables")
    db.execute("DROP TABLE tables")
    db.execute("ALTER TABLE t2 RENAME TO tables")
    db.close()


def _view(folder: Path) -> None:
    folder.mkdir(parents=True)
    db = sqlite3.connect(folder / "tables.sqlite3")
    db.execute("CREATE VIEW tables AS SELECT 1 AS code")
    db.commit()
    db.close()


def _folder_for_log(folder: Path) -> None:
    (folder / "tables.sqlite3").mkdir(parents=True)


def _folder_for_lock(folder: Path) -> None:
    _log(folder, GOOD)
    (folder / "server.lock" / "inside").mkdir(parents=True)


def _garbage_beside(suffix: str) -> Callable[[Path], None]:
    def make(folder: Path) -> None:
        _log(folder, GOOD)
        (folder / f"tables.sqlite3{suffix}").write_bytes(b"\x00\xffnot sqlite" * 500)
    return make


def _hosted_is_a_file(folder: Path) -> None:
    folder.parent.mkdir(parents=True, exist_ok=True)
    folder.write_text("not a folder")


def _empty(folder: Path) -> None:
    folder.mkdir(parents=True)
    (folder / "tables.sqlite3").write_bytes(b"")


@dataclass(frozen=True)
class Case:
    make: Callable[[Path], None]
    kept: frozenset[str] = frozenset()
    moved: bool = True            # the log set aside as tables.bad-….sqlite3, with a notice
    aside: frozenset[str | None] = frozenset()    # tables set aside in place (one bad row each)


ROW = dict(kept=frozenset({GOOD}), moved=False, aside=frozenset({BAD}))
CASES = {
    "garbage": Case(_garbage),
    "truncated": Case(_truncated),
    "a damaged page": Case(_damaged_page, frozenset({GOOD})),
    "another schema": Case(_other_schema),
    "columns in another order": Case(_columns_reordered, frozenset({GOOD})),
    "a view named tables": Case(_view),
    "a folder where the log belongs": Case(_folder_for_log),
    "a text seed": Case(lambda f: _sql(f, f"UPDATE tables SET seed='banana' WHERE code='{BAD}'"), **ROW),
    "a seed that is a fraction": Case(lambda f: _sql(f, f"UPDATE tables SET seed=2.5 WHERE code='{BAD}'"), **ROW),
    "options not JSON": Case(lambda f: _sql(f, f"UPDATE tables SET options='{{target:' WHERE code='{BAD}'"), **ROW),
    "options a list": Case(lambda f: _sql(f, f"UPDATE tables SET options='[1, 2]' WHERE code='{BAD}'"), **ROW),
    "an action not JSON": Case(lambda f: _sql(f, f"INSERT INTO actions VALUES ('{BAD}', 0, 'play QH')"), **ROW),
    "a clock in words": Case(lambda f: _sql(f, f"INSERT INTO clocks VALUES ('{BAD}', 'noon')"), **ROW),
    "a seat's kind in bytes": Case(lambda f: _sql(f, f"UPDATE seats SET kind=X'00ff' WHERE code='{BAD}'"), **ROW),
    "a game nobody knows": Case(lambda f: _sql(f, f"UPDATE tables SET game='poker' WHERE code='{BAD}'"), **ROW),
    "a table with no code": Case(lambda f: _sql(f, f"UPDATE tables SET code=NULL WHERE code='{BAD}'"),
                                 frozenset({GOOD}), moved=False, aside=frozenset({None})),
    "a folder where the lock belongs": Case(_folder_for_lock, frozenset({GOOD}), moved=False),
    "garbage for the WAL": Case(_garbage_beside("-wal"), frozenset({GOOD}), moved=False),
    "garbage for the shared memory": Case(_garbage_beside("-shm"), frozenset({GOOD}), moved=False),
    "a file where the folder belongs": Case(_hosted_is_a_file, moved=False),
    "an empty file": Case(_empty, moved=False),
}


@pytest.fixture(autouse=True)
def fresh_notices() -> None:
    storage.new_run()


def started(folder: Path) -> LocalServer:
    server = LocalServer(folder, port=0, host="127.0.0.1", announce=False).start()
    assert server.wait(WAIT_S), server.failure
    return server


@pytest.mark.parametrize("name", list(CASES))
def test_the_server_hosts_whatever_the_log_holds(tmp_path: Path, name: str) -> None:
    case, hosted = CASES[name], tmp_path / "hosted"
    case.make(hosted)
    server = started(hosted)
    try:
        assert server.failure is None and server.server is not None
        tables = set(server.server.tables)
        if name == "a damaged page":
            assert GOOD in tables and 1 < len(tables - {GOOD}) < len(OTHERS), len(tables)
        else:
            assert tables == case.kept
        made = asyncio.run(make_table(server.url, remote=1))      # hosting works
        assert made in server.server.tables
    finally:
        server.stop()
    notices = storage.take_notices()
    moved = sorted(p.name for p in server.folder.glob("tables.bad-*.sqlite3"))
    assert len(moved) == case.moved, moved
    if case.moved:
        assert len(notices) == 1 and moved[0] in notices[0], notices
        assert "Your table log could not be read" in notices[0] and "Error" not in notices[0]
        assert ("kept" in notices[0]) == bool(case.kept)
    elif name == "a folder where the lock belongs":
        assert len(notices) == 1 and "server.bad-" in notices[0], notices
    else:
        assert notices == []
    store = TableStore(server.folder)
    try:
        held = {code for (code,) in store.db.execute("SELECT code FROM tables WHERE status=?", (ASIDE,))}
        assert held == case.aside
    finally:
        store.close()


def test_the_second_start_is_quiet_and_keeps_what_was_rescued(tmp_path: Path) -> None:
    hosted = tmp_path / "hosted"
    _damaged_page(hosted)
    first = started(hosted)
    first.stop()
    assert len(storage.take_notices()) == 1
    again = started(hosted)
    try:
        assert again.server is not None and GOOD in again.server.tables
    finally:
        again.stop()
    assert storage.take_notices() == [] and len(list(hosted.glob("tables.bad-*"))) == 1


def fails_saying(hosted: Path, words: str) -> None:
    """The app's server on ``hosted`` does not open, and says ``words`` why."""
    server = LocalServer(hosted, port=0, host="127.0.0.1", announce=False).start()
    try:
        assert not server.wait(WAIT_S)
        assert server.failure == f"Your table cannot be opened here: {words}"
    finally:
        server.stop()


@pytest.mark.parametrize(("code", "words"), [
    (sqlite3.SQLITE_FULL, "the disk is full"),
    (sqlite3.SQLITE_READONLY, "the table log cannot be written (it is read-only)"),
    (sqlite3.SQLITE_IOERR, "the disk refused to read or write the table log"),
])
def test_a_log_that_cannot_be_used_here_is_said_in_plain_words_and_nothing_moves(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, code: int, words: str) -> None:
    hosted = tmp_path / "hosted"
    _log(hosted, GOOD)
    before = sorted(os.listdir(hosted))

    def refusing(self: TableStore) -> None:
        problem = sqlite3.OperationalError("disk I/O")
        problem.sqlite_errorcode = code
        raise problem

    monkeypatch.setattr(store_module.TableStore, "_prepare", refusing)
    fails_saying(hosted, words)
    assert sorted(set(os.listdir(hosted)) - {"server.lock"}) == before and storage.take_notices() == []


def test_parlour_host_moves_a_damaged_log_aside_and_plays(tmp_path: Path) -> None:
    """``parlour host`` without ``--server`` keeps its tables in the same hosted folder."""
    import json
    import subprocess
    import sys

    home = tmp_path / "home"
    _garbage(home / "hosted")
    result = subprocess.run([sys.executable, "-m", "app", "host", "nash", "--bot", "easy", "--remote", "0",
                             "--listen", "127.0.0.1:0"], capture_output=True, text=True, timeout=120,
                            env={**os.environ, "PARLOUR_HOME": str(home)})
    assert result.returncode == 0, result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("parlour host: Your table log could not be read"), lines
    assert json.loads(result.stdout.splitlines()[-1])["game"] == "nash"
    assert len(list((home / "hosted").glob("tables.bad-*.sqlite3"))) == 1


def _immutable(path: Path, on: bool) -> bool:
    """``chattr ±i``: a file or folder nobody may change, root included (False where the
    system does not allow it: the test is skipped there)."""
    import subprocess

    try:
        return subprocess.run(["chattr", "+i" if on else "-i", str(path)], capture_output=True).returncode == 0
    except OSError:
        return False


@pytest.mark.parametrize(("what", "words"), [("log", "the table log cannot be written (it is read-only)"),
                                             ("folder", "the table log cannot be opened")])
def test_a_read_only_log_or_folder_fails_plainly_and_moves_nothing(tmp_path: Path, what: str, words: str) -> None:
    hosted = tmp_path / "hosted"
    _log(hosted, GOOD)
    (hosted / "server.lock").touch()
    target = hosted / "tables.sqlite3" if what == "log" else hosted
    if not _immutable(target, True):
        pytest.skip("chattr +i is not allowed here")
    try:
        fails_saying(hosted, words)
    finally:
        _immutable(target, False)
    assert not list(hosted.glob("*.bad-*")) and storage.take_notices() == []
    assert {r.code for r in TableStore(hosted).load_all()} == {GOOD}, "the games are all there for next time"
