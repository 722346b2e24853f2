"""The promise of a networked deal on screen, headless, with a real server on 127.0.0.1: the
lobby shows it short before the first card, the table says it as it opens, and the results
say the deal was the one promised (loudly when a promise is broken), keeping the promise in
the saved replay so ``parlour verify`` can check it."""

from __future__ import annotations

import random
import time
from typing import Iterator

import pytest

import app.window.scenes.lobby as lobby_scene
import app.window.scenes.results as results_scene
from app.cli.verify import verify
from app.core import replay_file
from app.core.deal_proof import short
from app.core.words import promise_words
from app.net.client.remote import RemoteSession
from app.window.scenes.lobby import LobbyScene
from app.window.scenes.results import ResultsScene
from app.window.shell import App
from app.window.tables import table_for
from games.registry import GAMES
from tests.app.test_online_ui import frames_until
from tests.app.ui_driver import FRAME, fast_app, texts_drawn
from tests.net.server_thread import ServerThread, running, wait_for

WAIT_S = 60.0


@pytest.fixture
def app() -> Iterator[App]:
    yield from fast_app()


@pytest.fixture
def server() -> Iterator[ServerThread]:
    yield from running()


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text the lobby and the results screen draw."""
    return texts_drawn(monkeypatch, lobby_scene, results_scene)


def play_out(session: RemoteSession) -> None:
    """This seat's moves by an easy computer, from the view it is sent, to the game's end."""
    bot, rng = GAMES["nash"].bots["easy"], random.Random(3)
    deadline = time.monotonic() + WAIT_S
    while session.status != "over":
        assert time.monotonic() < deadline and session.status != "failed", session.failure
        session.poll()
        session.take_events()
        if session.status == "playing" and session.seat in session.to_act():
            session.apply(bot(session.state.view(session.seat), rng))
        time.sleep(0.002)


def test_the_lobby_shows_the_promise_and_the_table_says_it_as_it_opens(
        app: App, server: ServerThread, drawn: list[str]) -> None:
    create = {"game": "nash", "seats": 2, "remote": 1, "difficulty": "easy"}
    host = RemoteSession.host(server.url, create, "Ann")
    lobby = LobbyScene(app, host, "127.0.0.1", GAMES["nash"])
    app.start(lobby)
    frames_until(app, lambda: host.status == "waiting" and host.promised is not None)
    promise = server.table(host.code or "").commitment
    assert host.promised == promise
    frames_until(app, lambda: f"Deal sealed: {short(promise)}" in drawn)
    guest = RemoteSession.join(server.url, host.code or "", "Bo")
    wait_for(lambda: guest.status == "playing" and host.status == "playing", poll=lambda: (guest.poll(), host.poll()))
    assert guest.promised == promise, "both seats see the same promise"
    app.start(table_for("nash")(app, guest))
    assert promise_words.promise_line(promise) in [text for text, _ in app.notices]
    guest.leave()
    host.leave()


def test_the_results_say_the_deal_was_the_one_promised_and_the_replay_keeps_it(
        app: App, server: ServerThread, drawn: list[str]) -> None:
    session = RemoteSession.host(server.url, {"game": "nash", "seats": 2, "remote": 0, "difficulty": "easy"}, "Ann")
    play_out(session)
    finished = session.finished()
    assert finished is not None
    app.start(ResultsScene(app, finished, remote=session))
    app.step(FRAME)
    assert promise_words.KEPT in " ".join(drawn) and promise_words.BROKEN not in drawn
    saved = replay_file.entries()
    assert saved and saved[0].auto
    kept = replay_file.load(saved[0].path)
    assert kept is not None and kept.deal is not None and kept.deal.commitment == session.promised
    holds, line = verify(saved[0].path)
    assert holds, line

    # A promise the seed does not keep (as a server that changed the deal would send):
    # the results say so loudly, and the replay is kept as it came, for verify to refuse.
    drawn.clear()
    session.promised = "0" * 64
    app.start(ResultsScene(app, finished, remote=session))
    app.step(FRAME)
    assert promise_words.BROKEN in drawn and promise_words.KEPT not in " ".join(drawn)
    newest = replay_file.entries()[0].path
    assert verify(newest) == (False, promise_words.SEED_CHANGED.format(promise=short("0" * 64)))
    session.leave()
