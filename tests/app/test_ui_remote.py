"""The Whist table on a networked game, headless: a real server on 127.0.0.1 (its own thread,
its computers in the other seats), the table's session a ``RemoteSession``, and the player's
cards played by posting real pygame clicks, to the results, a saved replay and Play again."""

from __future__ import annotations

import time
from typing import Any, Callable, Iterator

import pytest

from app.core import replay_file
from app.net.client.remote import RemoteSession
from app.window.scenes.results import ResultsScene
from app.window.shell import App
from app.window.tables import table_for
from games.core.trick_events import CardPlayed
from tests.app.ui_driver import FRAME, click, fast_app, settle
from tests.net.server_thread import ServerThread, running, wait_for

GAME_S = 150.0      # the bound on the whole game, frames and server together


@pytest.fixture
def app() -> Iterator[App]:
    """The app at its fastest setting (Animation speed: instant): cards land at once and
    nothing waits between the others' moves. What these tests look at does not depend on
    the pace; the pace itself is looked at with ``paced_app``."""
    for fastest in fast_app():
        fastest.settings.animation_speed = "instant"
        yield fastest


@pytest.fixture
def paced_app() -> Iterator[App]:
    """The app at a pace where the computers' moves are shown a computer's pace apart."""
    yield from fast_app()


@pytest.fixture
def server() -> Iterator[ServerThread]:
    yield from running()


def run_until(app: App, condition: Callable[[], bool], play: bool = True) -> None:
    """Frames (and the player's clicks on a legal card whenever it is their turn) until
    ``condition``; each frame also gives the server's thread a moment."""
    deadline = time.monotonic() + GAME_S
    while not condition():
        assert time.monotonic() < deadline, "the table never got there"
        scene: Any = app.scenes.top
        if play and getattr(scene, "human_turn", False):
            playable = scene.playable_cards()
            sprite = next(s for s in scene.hands[scene.viewer] if s.card in playable)
            click(app, sprite.rect().center)
        else:
            app.step(FRAME)
        settle(app)
        time.sleep(0.0005)


def open_table(app: App, server: ServerThread, seed: int) -> RemoteSession:
    create = {"game": "whist", "seats": 4, "remote": 0, "difficulty": "easy", "seed": seed,
              "options": {"target": 5}}
    session = RemoteSession.host(server.url, create, "Ann")
    wait_for(lambda: session.status == "playing", poll=session.poll)
    app.start(table_for("whist")(app, session))
    return session


@pytest.mark.slow
def test_a_networked_whist_game_plays_to_the_results_and_again(app: App, server: ServerThread) -> None:
    session = open_table(app, server, seed=21)
    table: Any = app.scenes.top
    assert table.people[0] == "Ann" and table._name(0) == "You"
    run_until(app, lambda: isinstance(app.scenes.top, ResultsScene))
    results: Any = app.scenes.top
    assert isinstance(results, ResultsScene) and results.remote is session
    assert results.outcome == server.table(session.code or "").core.state.outcome()
    assert results.headline in ("You win!", f"{table.people[1]} and {table.people[3]} win")
    assert any(text.startswith(("1.  Ann (you)", "2.  Ann (you)")) for text, _ in results.placings())
    labels = [b.label for b in results.row.buttons]
    assert "Change setup" not in labels and labels[0] == "Play again"
    saved = replay_file.entries()
    assert saved and saved[0].auto, "the game is in the Replays list"
    replay = replay_file.load(saved[0].path)
    assert replay is not None and replay.actions == server.table(session.code or "").core.actions
    # Play again: the server deals anew and the table opens for the new deal.
    results.age = 10.0
    click(app, results.row.buttons[0].rect.center)
    run_until(app, lambda: app.scenes.top is not results, play=False)
    again: Any = app.scenes.top
    assert type(again) is type(table) and again.session is session and session.game_number == 1
    run_until(app, lambda: len(server.table(session.code or "").core.actions) >= 8)
    assert not session.state.is_over()
    session.leave()


def test_a_dropped_link_shows_a_banner_and_comes_back(app: App, server: ServerThread) -> None:
    session = open_table(app, server, seed=22)
    table: Any = app.scenes.top
    run_until(app, lambda: table.human_turn, play=False)
    server.drop(session.code or "", 0)
    run_until(app, lambda: table.link_line() != "", play=False)
    assert table.link_line() == "Connection lost: coming back…"
    run_until(app, lambda: session.resyncs == 1 and table.link_line() == "", play=False)
    run_until(app, lambda: len(server.table(session.code or "").core.actions) >= 12)


def test_a_remote_player_away_is_reconnecting_on_their_plate_and_one_who_left_is_left(
        app: App, server: ServerThread) -> None:
    create = {"game": "whist", "seats": 4, "remote": 1, "difficulty": "easy", "seed": 23, "options": {}}
    session = RemoteSession.host(server.url, create, "Ann")
    wait_for(lambda: session.status == "waiting", poll=session.poll)
    guest = RemoteSession.join(server.url, session.code or "", "Bob")
    wait_for(lambda: session.status == "playing", poll=session.poll)
    app.start(table_for("whist")(app, session))
    table: Any = app.scenes.top
    run_until(app, lambda: table.idle, play=False)
    assert table.seat_label(1) == "Human" and table.people[1] == "Bob"
    token = guest.token or ""
    guest._link.close(wait_s=0.5)               # his connection ends without a word: not a leave
    run_until(app, lambda: table.seat_label(1) == "reconnecting", play=False)
    assert "reconnecting" in table.plate_detail(1)
    back = RemoteSession.back(server.url, token, "Bob")
    run_until(app, lambda: (back.poll(), table.seat_label(1))[1] == "Human", play=False)
    back.leave()                                # Bob leaves on purpose
    run_until(app, lambda: table.seat_label(1) == "left", play=False)
    assert "left" in table.plate_detail(1)
    session.leave()


def test_the_others_moves_come_one_at_a_time_at_a_computers_pace(paced_app: App, server: ServerThread) -> None:
    app = paced_app
    session = open_table(app, server, seed=24)
    table: Any = app.scenes.top
    run_until(app, lambda: table.human_turn, play=False)
    count = len(server.table(session.code or "").core.actions)
    playable = table.playable_cards()
    click(app, next(s for s in table.hands[0] if s.card in playable).rect().center)
    wait_for(lambda: len(server.table(session.code or "").core.actions) >= count + 2)
    time.sleep(0.2)      # every move the server made is on this side of the wire by now
    def seats_shown() -> list[int]:
        return [e.seat for e in table.told if isinstance(e, CardPlayed)]

    run_until(app, lambda: bool(seats_shown()) and table.idle, play=False)
    shown = seats_shown()
    assert shown == [0], "this player's own card is shown first, at once"
    for _ in range(3):   # 3 frames: less than a computer's pace
        app.step(FRAME)
    assert seats_shown() == shown
    assert session.next_move() is not None, "the computers' moves wait their turn"
    run_until(app, lambda: session.next_move() is None and table.idle, play=False)
    assert seats_shown()[:2] == [0, 1]
