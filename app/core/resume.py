"""The game in progress, kept so the menu can offer "Continue".

One game is kept at a time, in ``<user data>/autosave.json``, in the replay format (set-up,
seed, actions so far). Turn tables save after every action: the snapshot is taken on the
frame loop (cheap) and the fsynced write happens on a worker thread. Leaving the table
saves too; a finished game clears the file, and a newer game replaces it.

Not kept: games with no human at the table, networked games (they live on the server, and
the link comes back by itself), Seahaven (its table keeps its own save, with
its timer, and offers it when it opens), and the reflex games, whose game clock and
players' reactions cannot be stopped and picked up again fairly.
"""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

from app.core import storage
from app.core.replay_file import REPLAY_VERSION, Replay, parse_full, parse_header
from app.core.session import LocalSession
from app.core.table_session import TableSession

_WRITER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="autosave")


def autosave_path() -> Path:
    return storage.data_dir() / "autosave.json"


def kept(session: TableSession) -> bool:
    """Whether this session's game is saved for Continue."""
    spec = session.spec
    return (bool(session.humans) and not spec.realtime and not spec.own_autosave
            and session.kind == "local")


def after_action(session: TableSession) -> None:
    """A turn table applied an action: keep the game (or forget it once it is over)."""
    if not kept(session):
        return
    if session.state.is_over():
        clear()
    else:
        save(session)


def left_table(session: TableSession) -> str | None:
    """The player left a table. Returns a line for the player when their game cannot be
    continued later (a reflex game), else ``None``."""
    if session.kind == "replay" or not session.humans:
        return None
    if session.state.is_over():
        return None
    if session.spec.realtime:
        return f"{session.spec.title} is played against the clock, so it cannot be continued later"
    if kept(session) and session.actions:
        save(session)
        flush()
    return None


def save(session: TableSession) -> Future[None]:
    data = Replay.from_session(session).to_data()  # the snapshot, taken now
    path = autosave_path()
    return _WRITER.submit(_write, path, data)


def _write(path: Path, data: dict[str, Any]) -> None:
    try:
        storage.write_json(path, data, REPLAY_VERSION)
    except (OSError, TypeError, ValueError):
        pass  # losing one autosave is not worth interrupting play for


def clear() -> None:
    _WRITER.submit(_unlink, autosave_path())


def _unlink(path: Path) -> None:
    try:
        path.unlink()
    except OSError:
        pass


def flush() -> None:
    """Wait until every save and clear asked for so far is done."""
    _WRITER.submit(lambda: None).result()


def _resumable(replay: Replay) -> Replay:
    """Only the games this module keeps can be continued: a reflex game (or Seahaven, which
    keeps its own save) found here was not written by Parlour, and is set aside."""
    if replay.spec.realtime:
        raise storage.BadData(f"it holds a game of {replay.spec.title}, which is played against "
                              "the clock and never continued")
    if replay.spec.own_autosave:
        raise storage.BadData(f"it holds a game of {replay.spec.title}, which keeps its own save")
    return replay


def _header(data: Any) -> Replay:
    return _resumable(parse_header(data))


def _full(data: Any) -> Replay:
    _header(data)   # before replaying every action of a game that will be refused anyway
    return parse_full(data)


def peek() -> Replay | None:
    """The kept game's header (which game, how far), quickly; a bad file is moved aside."""
    flush()
    return storage.read_json(autosave_path(), REPLAY_VERSION, _header)


def resume() -> LocalSession | None:
    """Rebuild the kept game by replaying its actions, or ``None`` (a bad file is moved
    aside with a notice)."""
    flush()
    replay = storage.read_json(autosave_path(), REPLAY_VERSION, _full)
    if replay is None:
        return None
    session = LocalSession(replay.spec, replay.setup)
    for action in replay.actions:
        session.apply(action)
    session.opening = []  # the table draws the position as it is now, not the first deal
    session.resumed = True
    return session
