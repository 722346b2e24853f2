"""Back to your table: a player's app closes mid-game (the link simply drops, nobody leaves),
a new app starts on the same data folder, its menu offers the table, and a click sits the
player down again in the same seat with the same hand; the game plays on to the results.
Also: a kept file that cannot be read, a token the server does not know, and a server that
no longer answers. Real sockets on 127.0.0.1, headless windows driven by pygame events."""

from __future__ import annotations

import json
import time
from dataclasses import asdict
from pathlib import Path
from typing import Any, Callable, Iterator

import pygame
import pytest

from app.net.server import hosting
from app.core import kept_seats, storage
from app.net.server.hosting import LocalServer
from app.net.client.remote import RemoteSession
from app.window.render.text import font
from app.window.scenes.back_to_table import BackToTableScene
from app.window.scenes.menu import MenuScene
from app.window.scenes.results import ResultsScene
from app.window.shell import App
from app.window.tables import table_for
from tests.app.ui_driver import FRAME, click, make_app, settle
from tests.net.server_thread import ServerThread, running, wait_for

GAME_S = 150.0      # the bound on the whole game, frames and server together


@pytest.fixture
def server() -> Iterator[ServerThread]:
    yield from running(grace_s=300.0)   # (nobody's seat goes to a computer while the test runs)


def new_app() -> App:
    """A freshly started app on the test's data folder, at its menu, as fast as it goes."""
    app = make_app()
    app.settings.animation_speed = "instant"
    app.start(MenuScene(app))
    app.step(FRAME)
    return app


def run_until(app: App, condition: Callable[[], bool], play: bool = True) -> None:
    """Frames (clicking a legal card whenever it is the player's turn) until ``condition``."""
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


def hand_on_server(server: ServerThread, code: str, seat: int) -> list[Any]:
    state: Any = server.table(code).core.state
    return server.on_loop(lambda: sorted(state.hands[seat], key=str))


def hand_on_table(table: Any, seat: int) -> list[Any]:
    return sorted((sprite.card for sprite in table.hands[seat]), key=str)


def test_a_closed_app_comes_back_to_its_seat_and_plays_on_to_the_results(server: ServerThread) -> None:
    # Ann hosts on a server, Bob (a headless client) joins; Ann's app closes three tricks in.
    first = new_app()
    ann = RemoteSession.host(server.url, {"game": "whist", "seats": 4, "remote": 1, "difficulty": "easy",
                                          "seed": 31, "options": {"target": 5}}, "Ann")
    wait_for(lambda: ann.status == "waiting", poll=ann.poll)
    code = ann.code or ""
    server.bot_client(code, "easy", "Bob")
    wait_for(lambda: ann.status == "playing", poll=ann.poll)
    first.start(table_for("whist")(first, ann))
    run_until(first, lambda: len(server.table(code).core.actions) >= 12 and getattr(first.scenes.top, "human_turn"))
    assert [s.title for s in kept_seats.kept()] == [f"Whist at {code}"]
    ann._link.close(wait_s=2.0)          # the app is gone: no leave, no goodbye
    pygame.quit()
    wait_for(lambda: server.on_loop(lambda: all(c.seat != 0 for c in server.server.tables[code].conns)))

    app = new_app()
    menu: Any = app.scenes.top
    assert menu.kept_seat is not None and menu.back_button.label == f"Back to Whist at {code}"
    click(app, menu.back_button.rect.center)
    assert app.scenes.top is not menu     # (the table may be back within the click's own frame)
    run_until(app, lambda: not isinstance(app.scenes.top, BackToTableScene), play=False)
    table: Any = app.scenes.top
    session = table.session
    assert session is not ann and session.seat == 0 and session.token == ann.token
    run_until(app, lambda: table.idle, play=False)
    assert hand_on_table(table, 0) == hand_on_server(server, code, 0)
    assert table.people[0] == "Ann" and table.human_turn
    run_until(app, lambda: isinstance(app.scenes.top, ResultsScene))
    results: Any = app.scenes.top
    assert results.outcome == server.table(code).core.state.outcome()
    assert kept_seats.kept() == [], "a finished game is not offered again"
    results.menu()
    assert getattr(app.scenes.top, "kept_seat") is None
    pygame.quit()


def test_a_kept_file_that_cannot_be_read_is_moved_aside_and_the_menu_opens(app: App) -> None:
    kept_seats.seats_path().parent.mkdir(parents=True, exist_ok=True)
    kept_seats.seats_path().write_text('{"version": 1, "data": [{"url": 3}]', encoding="utf-8")
    app.nav.menu()
    app.step(FRAME)
    menu: Any = app.scenes.top
    assert menu.kept_seat is None
    assert not kept_seats.seats_path().exists()
    assert list(storage.data_dir().glob("seats.bad-*.json")), "the bad file is kept aside"
    assert any("seats.json was unusable" in message for message, _ in app.notices)


def test_a_kept_pig_table_is_offered_as_pig_not_spoons(server: ServerThread) -> None:
    """Pig is Spoons' variant: the seat keeps the table's options, and the menu's button
    names the game the player was playing."""
    from app.net.client.remote_realtime import RemoteRealtimeSession

    ann = RemoteRealtimeSession.host(server.url, {"game": "spoons", "seats": 3, "remote": 1, "difficulty": "easy",
                                                  "seed": 5, "options": {"variant": "pig"}}, "Ann")
    wait_for(lambda: kept_seats.latest() is not None, poll=ann.poll)
    code = ann.code or ""
    ann._link.close(wait_s=2.0)
    assert [s.title for s in kept_seats.kept()] == [f"Pig at {code}"]
    app = new_app()
    menu: Any = app.scenes.top
    app.step(FRAME)
    assert menu.back_button.label == f"Back to Pig at {code}"
    width = font(menu.back_button.text_size, bold=True).size(menu.back_button.label)[0]
    assert menu.back_button.rect.width > width and menu.back_button.rect.left >= 0
    pygame.quit()


def test_a_seat_kept_before_options_were_reads_as_the_plain_game() -> None:
    seat = {**asdict(kept_seat("ws://127.0.0.1:1", "old")), "game": "spoons"}
    del seat["options"]
    storage.write_json(kept_seats.seats_path(), [seat], 1)
    assert [s.title for s in kept_seats.kept()] == ["Spoons at K7QM2X"]
    storage.write_json(kept_seats.seats_path(), [{**seat, "options": ["variant", "pig"]}], 1)
    assert kept_seats.kept() == [], "options that are not a table make the file bad"


def kept_seat(url: str, token: str, host: str = "Ann", hosted_here: bool = False) -> kept_seats.KeptSeat:
    return kept_seats.KeptSeat(url, "K7QM2X", "whist", 1, token, "Bob", host, hosted_here, time.time())


def test_a_token_that_opens_nothing_says_so_and_is_forgotten(server: ServerThread) -> None:
    kept_seats.keep(kept_seat(server.url, "not-a-token-of-this-server"))
    app = new_app()
    menu: Any = app.scenes.top
    click(app, menu.back_button.rect.center)
    scene: Any = app.scenes.top
    run_until(app, lambda: scene.problem is not None, play=False)
    assert scene.problem == "Whist at K7QM2X is no longer there: its game has ended, or its table was closed."
    assert kept_seats.kept() == []
    click(app, scene.back_button.rect.center)
    assert app.scenes.top is menu and getattr(menu, "kept_seat") is None
    pygame.quit()


def test_a_table_on_a_computer_that_closed_says_whose_it_was(server: ServerThread) -> None:
    url = server.url
    server.stop()                           # Ann's app, and its server, closed
    kept_seats.keep(kept_seat(url, "a-token-nothing-will-hear"))
    app = new_app()
    post = app.scenes.top
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_b, mod=0, unicode="b", scancode=0))
    app.step(FRAME)
    scene: Any = app.scenes.top
    assert scene is not post
    run_until(app, lambda: scene.problem is not None, play=False)
    address = url.removeprefix("ws://")
    assert scene.problem == f"The table was on Ann's computer, which has closed (nothing answers at {address})."
    assert kept_seats.kept() == []
    pygame.quit()


def test_the_file_holds_each_seat_once_newest_first() -> None:
    kept_seats.keep(kept_seat("ws://127.0.0.1:1", "one"))
    kept_seats.keep(kept_seat("ws://127.0.0.1:2", "two"))
    kept_seats.keep(kept_seat("ws://127.0.0.1:1", "one"))
    assert [s.token for s in kept_seats.kept()] == ["one", "two"]
    raw = json.loads(kept_seats.seats_path().read_text(encoding="utf-8"))
    assert raw["version"] == 1 and raw["data"][0]["token"] == "one"
    kept_seats.forget("one")
    kept_seats.forget("two")
    assert not kept_seats.seats_path().exists()


def test_a_host_whose_app_closed_opens_its_own_server_again_and_plays_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The table was on the app's own server, which went with the app: going back opens that
    server again on the same folder (it replays the game from its log), then sits down."""
    made: list[LocalServer] = []

    def local_server(**_: Any) -> LocalServer:
        if not made or not made[-1].running:
            made.append(LocalServer(tmp_path / "hosted", port=0, host="127.0.0.1", announce=False).start())
            monkeypatch.setattr(hosting, "_running", made[-1])
        return made[-1]

    monkeypatch.setattr(hosting, "local_server", local_server)
    first = new_app()
    own = local_server()
    assert own.wait(20)
    ann = RemoteSession.host(own.url, {"game": "whist", "seats": 4, "remote": 0, "difficulty": "easy",
                                       "seed": 32, "options": {"target": 5}}, "Ann")
    wait_for(lambda: ann.status == "playing", poll=ann.poll)
    first.start(table_for("whist")(first, ann))
    table: Any = first.scenes.top
    run_until(first, lambda: len(ann.actions) >= 3 and table.human_turn)
    before = hand_on_table(table, 0)
    assert [s.hosted_here for s in kept_seats.kept()] == [True]
    ann._link.close(wait_s=2.0)          # the app closes, and its server with it
    own.stop()
    pygame.quit()

    app = new_app()
    menu: Any = app.scenes.top
    click(app, menu.back_button.rect.center)
    run_until(app, lambda: not isinstance(app.scenes.top, BackToTableScene), play=False)
    assert len(made) == 2 and made[1].running and hosting.stop in app.on_close
    back: Any = app.scenes.top
    assert back.session.seat == 0 and back.session.url == made[1].url
    run_until(app, lambda: back.idle, play=False)
    assert hand_on_table(back, 0) == before and back.human_turn
    assert [s.url for s in kept_seats.kept()] == [made[1].url], "kept with the server's new address"
    run_until(app, lambda: isinstance(app.scenes.top, ResultsScene))
    assert kept_seats.kept() == []
    made[1].stop()
    pygame.quit()


def test_joining_the_same_table_again_after_the_app_closed_sits_the_player_back_in_their_seat(
        server: ServerThread) -> None:
    """``parlour join ADDRESS CODE`` once more after the app closed mid-game: the seat is still
    the player's (a fresh join found no free seat and offered to watch); it goes back to it."""
    from app.cli import online_window
    from app.net.client.remote_realtime import RemoteRealtimeSession

    ann = RemoteRealtimeSession.host(server.url, {"game": "ratscrew", "seats": 2, "remote": 1, "seed": 5,
                                                  "options": {}}, "Ann")
    wait_for(lambda: ann.code is not None, poll=ann.poll)
    code = ann.code or ""
    first = new_app()
    bob = RemoteRealtimeSession.join(server.url, code, "Bob")
    online_window.open_session(first, bob, server.url)
    run_until(first, lambda: bool(kept_seats.kept()) and hasattr(first.scenes.top, "net"), play=False)
    bob._link.close(wait_s=2.0)          # the app is gone: no leave, no goodbye
    pygame.quit()
    wait_for(lambda: server.on_loop(lambda: all(c.seat != 1 for c in server.server.tables[code].conns)))

    app = new_app()
    seat = online_window.kept_seat_at(server.url, code.lower())
    assert seat is not None and seat.seat == 1 and seat.token == bob.token
    online_window.go_back(app, seat)
    run_until(app, lambda: hasattr(app.scenes.top, "net"), play=False)
    table: Any = app.scenes.top
    assert table.session.seat == 1 and table.session.token == bob.token and table.people == ["Ann", "Bob"]
    run_until(app, lambda: table.session.paused is None and table.playing, play=False)
    assert online_window.kept_seat_at(server.url, "OTHER1") is None
    ann.leave()
    pygame.quit()
