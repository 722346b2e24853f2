"""Two Parlours hosting from the app at once on one machine: the second keeps its tables in a
folder of its own, so neither forgets the other's lobbies (the app's server forgets the
lobbies of an earlier run as it starts); once the first has stopped, its folder is free again."""

from __future__ import annotations

import asyncio
from pathlib import Path

from app.net.server.hosting import LocalServer
from app.net.server.store import TableStore
from tests.net.test_local_server import WAIT_S, make_table


def started(folder: Path) -> LocalServer:
    server = LocalServer(folder, port=0, host="127.0.0.1", announce=False).start()
    assert server.wait(WAIT_S), server.failure
    return server


def codes(folder: Path) -> set[str]:
    return {r.code for r in TableStore(folder).load_all()}


def test_a_second_app_hosting_at_once_uses_its_own_folder_and_forgets_nothing_of_the_first(tmp_path: Path) -> None:
    hosted = tmp_path / "hosted"
    first = started(hosted)
    try:
        lobby = asyncio.run(make_table(first.url, remote=1))
        second = started(hosted)
        try:
            assert first.folder == hosted and second.folder == tmp_path / "hosted-2"
            other = asyncio.run(make_table(second.url, remote=1))
            assert codes(hosted) == {lobby}, "the second server forgot nothing of the first's"
            assert codes(second.folder) == {other}
            assert first.server is not None and lobby in first.server.tables
            assert second.server is not None and set(second.server.tables) == {other}
        finally:
            second.stop()
    finally:
        first.stop()
    again = started(hosted)          # the first folder is free again: this run takes it
    try:
        assert again.folder == hosted
        assert again.server is not None and again.server.tables == {}, "an earlier run's lobby is forgotten"
    finally:
        again.stop()
