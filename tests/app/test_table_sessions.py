"""Every kind of session a table draws from keeps one protocol (``TableSession``) and says
what it is; undo and redo at Seahaven's table go through the session, so the autosave and
the replay written after an undo hold the true record."""

from __future__ import annotations

from typing import Iterator

import pygame
import pytest

from app.core import replay_file
from app.core.replay_file import Replay
from app.core.replay_session import ReplaySession
from app.core.session import LocalSession, SeatPlan, Setup
from app.core.table_session import NetworkedSession, TableSession
from app.net.client.remote import RemoteSession
from app.net.client.remote_realtime import RemoteRealtimeSession
from app.core.review import reviewable
from app.window.scenes.replay_watch import RealtimeReplayControls, ReplayControls
from app.window.scenes.review import ReviewControls
from app.window.tables import replay_table_for, review_table_for, table_for
from app.window.tables.seahaven import SeahavenTable
from app.window.tables.seahaven_parts import load_progress
from games.core.protocol import IllegalAction
from games.registry import GAMES
from games.seahaven import rules as sh
from tests.app.ui_driver import FRAME, make_app, step_until, table
from tests.net.server_thread import ServerThread, running, wait_for


def local(game_id: str = "nap", seed: int = 5) -> LocalSession:
    spec = GAMES[game_id]
    seats = [SeatPlan(i == 0, "easy") for i in range(spec.default_seats)]
    return LocalSession(spec, Setup(game_id, seats, {o.key: o.default for o in spec.options}, seed))


def refuses_undo(session: TableSession) -> None:
    before = list(session.actions)
    assert not session.can_undo and not session.can_redo
    for step in (session.undo, session.redo):
        with pytest.raises(IllegalAction, match="takes no moves back"):
            step()
    assert session.actions == before


def test_a_game_played_here_is_a_local_table_session():
    session = local()
    assert isinstance(session, TableSession) and not isinstance(session, NetworkedSession)
    assert session.kind == "local" and session.network is None
    assert session.bot_seat() is not None or session.humans == session.to_act()
    refuses_undo(session)            # (Nap takes no moves back; Seahaven does: below)


def test_a_replay_is_a_replay_table_session_nobody_plays():
    played = local()
    for _ in range(3):
        played.apply(played.bot_action(played.to_act()[0]))
    session = ReplaySession(Replay.from_session(played))
    assert isinstance(session, TableSession) and session.kind == "replay" and session.network is None
    assert session.humans == [0] and not session.is_human(0) and session.bot_seat() is None
    assert session.think(0) is None and session.next_action() == played.actions[0]
    refuses_undo(session)
    session.apply(session.next_action())
    assert session.actions == played.actions[:1] and not session.can_undo


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_names_its_replay_and_review_tables(game_id):
    table, replay = table_for(game_id), replay_table_for(game_id)
    controls = RealtimeReplayControls if GAMES[game_id].realtime else ReplayControls
    assert issubclass(replay, controls) and issubclass(replay, table) and replay.__module__ == table.__module__
    if reviewable(game_id):
        review = review_table_for(game_id)
        assert issubclass(review, ReviewControls) and issubclass(review, table)
    else:
        with pytest.raises(KeyError):
            review_table_for(game_id)


@pytest.fixture
def server() -> Iterator[ServerThread]:
    yield from running()


@pytest.mark.parametrize("kind, game", [(RemoteSession, "whist"), (RemoteRealtimeSession, "ratscrew")])
def test_a_networked_game_is_a_remote_table_session_whose_network_is_itself(server, kind, game):
    create = {"game": game, "seats": 2 if game == "ratscrew" else 4, "remote": 0, "difficulty": "easy",
              "seed": 3, "options": {}}
    session = kind.host(server.url, create, "Ann")
    try:
        wait_for(lambda: session.status in ("playing", "failed"), poll=session.poll)
        assert session.status == "playing", session.failure
        assert isinstance(session, NetworkedSession) and session.kind == "remote"
        assert session.network is session and session.bot_seat() is None
        assert session.rematch() is None           # the server deals again, not this machine
        refuses_undo(session)
    finally:
        session.leave()


# --- Seahaven's undo through the session ----------------------------------------------------


@pytest.fixture
def app():
    application = make_app()
    yield application
    pygame.quit()


def key(app, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=pygame.KMOD_CTRL, unicode="", scancode=0))
    app.step(FRAME)


def replayed(session: TableSession) -> sh.SeahavenState:
    """The position the replay written now shows: through the file's format and checks."""
    data = Replay.from_session(session).to_data()
    state, _ = replay_file.rebuild(replay_file.parse_full(data))
    assert isinstance(state, sh.SeahavenState)
    return state


def test_after_an_undo_the_autosave_and_the_replay_hold_the_true_record(app):
    scene = table(app, "seahaven", seed=1, options={"auto_safe": False, "winnable_only": False})
    assert isinstance(scene, SeahavenTable)
    step_until(app, lambda: scene.human_turn and not scene.anim.busy)
    for _ in range(3):
        scene.play([scene.state.legal_moves()[0]])
    made = list(scene.session.actions)
    assert len(made) == 3

    key(app, pygame.K_z)                       # Ctrl+Z: the last move leaves the record
    saved = load_progress()
    assert scene.session.actions == made[:2] and saved is not None and saved["history"] == made[:2]
    assert replayed(scene.session).columns == scene.state.columns
    assert scene.state.towers == replayed(scene.session).towers

    key(app, pygame.K_y)                       # Ctrl+Y: and comes back
    saved = load_progress()
    assert scene.session.actions == made and saved is not None and saved["history"] == made
    assert replayed(scene.session).columns == scene.state.columns

    key(app, pygame.K_z)
    scene.play([next(m for m in scene.state.legal_moves() if m != made[2])])   # another move
    assert scene.session.actions[:2] == made[:2] and len(scene.session.actions) == 3
    assert not scene.session.can_redo and replayed(scene.session).columns == scene.state.columns
