"""Nothing lost: ``kill -9`` the server in the middle of a Whist game, start it again on the
same ``--data``; the clients come back by themselves with their seat tokens, the game
finishes, and its outcome is that of a replay of the server's log."""

from __future__ import annotations

import json
import signal
import socket
import sqlite3
import time
from pathlib import Path

from app.core.action_codec import decode_action
from app.net.server.store import TableStore
from app.net.wire.protocol import outcome_data
from app.core.replay_file import Replay, rebuild
from games.core.session import SeatPlan
from tests.net.conftest import start_server
from tests.net.test_cli_game import TIMEOUT_S, parlour


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def logged_actions(data: Path) -> int:
    path = data / "tables.sqlite3"
    if not path.exists():
        return 0
    with sqlite3.connect(path) as db:
        return int(db.execute("SELECT COUNT(*) FROM actions").fetchone()[0])


def test_a_killed_server_resumes_and_the_game_finishes(tmp_path: Path) -> None:
    data = tmp_path / "data"
    port = str(free_port())
    server = start_server(data, "--port", port)
    url = server.url
    assert url.endswith(f":{port}")
    host = parlour("host", "whist", "--server", url, "--remote", "1", "--bot", "normal")
    assert host.stdout is not None
    code = host.stdout.readline().split()[1]
    guest = parlour("join", url, code, "--bot", "easy")
    try:
        for _ in range(600):               # mid-game: some tricks played, most to come
            if logged_actions(data) >= 40 or host.poll() is not None:
                break
            time.sleep(0.05)
        assert host.poll() is None and logged_actions(data) >= 40
        server.stop(signal.SIGKILL)
        killed_at = logged_actions(data)
        time.sleep(0.5)
        server = start_server(data, "--port", port)
        results = []
        for process in (host, guest):
            out, err = process.communicate(timeout=TIMEOUT_S)
            assert process.returncode == 0, err
            results.append(json.loads(out.strip().splitlines()[-1]))
    finally:
        server.stop()
        for process in (host, guest):
            if process.poll() is None:
                process.kill()
    record = next(t for t in TableStore(data).load_all() if t.code == code)
    assert record.status == "over" and len(record.actions) > killed_at
    replay = Replay("whist", [SeatPlan(s.kind != "bot", s.difficulty) for s in record.seats], record.options,
                    record.seed, [decode_action(a, "whist") for a in record.actions])
    outcome = rebuild(replay)[0].outcome()
    expected = outcome_data(outcome)
    assert [r["outcome"] for r in results] == [expected, expected]
