"""Every turn game's own table plays a whole game over the network: the table's session is a
``RemoteSession`` on a real server (127.0.0.1, its own thread) whose computers hold the other
seats, and the player's moves are made with the keys the table offers, to the results,
whose outcome is the server's."""

from __future__ import annotations

import time
from typing import Any, Iterator

import pytest

from app.net.client.remote import RemoteSession
from app.window.scenes.results import ResultsScene
from app.window.shell import App
from app.window.tables import table_for
from games.registry import GAMES
from tests.app.ui_driver import fast_app
from tests.net.server_thread import ServerThread, running, wait_for
from tests.test_tables_on_view_state import GAMES_PLAYED, STEP, human_moves

GAME_S = 120.0


@pytest.fixture
def app() -> Iterator[App]:
    yield from fast_app()


@pytest.fixture(scope="module")
def server() -> Iterator[ServerThread]:
    yield from running()


@pytest.mark.slow
@pytest.mark.parametrize("game_id", list(GAMES_PLAYED))
def test_a_networked_table_plays_a_whole_game(app: App, server: ServerThread, game_id: str) -> None:
    options, seed = GAMES_PLAYED[game_id]
    create = {"game": game_id, "seats": GAMES[game_id].default_seats, "remote": 0, "difficulty": "easy",
              "seed": seed, "options": options}
    session = RemoteSession.host(server.url, create, "Ann")
    wait_for(lambda: session.status == "playing", poll=session.poll)
    scene: Any = table_for(game_id)(app, session)
    seated: Any = session
    app.start(scene)
    deadline = time.monotonic() + GAME_S
    while not isinstance(app.scenes.top, ResultsScene):
        assert time.monotonic() < deadline, f"{game_id} never reached its end"
        if scene.human_turn and app.scenes.top is scene:
            human_moves(app, scene, seated)   # (asserts that the keys made a move)
        app.step(STEP)
        time.sleep(0.0002)    # the server's thread answers in real time
    results: Any = app.scenes.top
    table = server.table(session.code or "")
    assert results.outcome == table.core.state.outcome() and results.session.actions == table.core.actions
    assert any(a.seat == 0 for a in table.core.actions)
    session.leave()
