"""A damaged ``seats.json`` never stops the app (issue 27, point 8): each case is written as
a player's disk might hold it, then a headless app starts on it, draws its menu for a few
frames and goes "Back to your table" where a seat is offered. A bad seat is dropped with one
notice (the file moved aside, the good seats kept); nothing is drawn from it (a NUL in a
kept code used to crash the menu's first frame at every start). Also: the kept seat is not
deleted when the app's own server cannot open, an unreadable file is not overwritten by the
next seat kept, and each notice is shown once a run."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pygame
import pytest

from app.core import kept_seats, storage
from app.net.server import hosting
from app.net.server import store as store_module
from app.net.server.hosting import LocalServer
from app.window.scenes.back_to_table import BackToTableScene
from app.window.scenes.menu import MenuScene
from app.window.shell import App
from tests.app.ui_driver import FRAME, click, make_app

GOOD_SEAT = {"url": "ws://127.0.0.1:9", "code": "K7QM2X", "game": "whist", "seat": 1, "token": "good-token-0123456789",
             "name": "Bob", "host": "Ann", "hosted_here": False, "when": 2.0, "options": {}}
BAD_SEATS: dict[str, dict[str, Any]] = {
    "a NUL in the code": {"code": "K7\x00M2X"},
    "a NUL in the name": {"name": "B\x00b"},
    "a NUL in the host's name": {"host": "A\x00n"},
    "an escape in the name": {"name": "\x1b[31mBob"},
    "half a character in the name": {"name": "Bob\ud800"},
    "a new line in the token": {"token": "good\ntoken"},
    "a NUL in the address": {"url": "ws://127.0.0.1:9\x00"},
    "a code in small letters": {"code": "k7qm2x"},
    "a code too long": {"code": "K7QM2XK7QM2X"},
    "a code that is a number": {"code": 123456},
    "a seat in words": {"seat": "1"},
    "a seat past the table": {"seat": 99},
    "a time that is NaN": {"when": float("nan")},
    "a time that is infinite": {"when": float("inf")},
    "a time in words": {"when": "yesterday"},
    "hosted here in words": {"hosted_here": "yes"},
    "a name as long as a page": {"name": "Bob" * 200},
    "options inside options": {"options": {"variant": {"pig": True}}},
    "a game nobody knows": {"game": "poker"},
}
BAD_FILES: dict[str, bytes | None] = {
    "not a list": json.dumps({"version": 1, "data": {"seat": 1}}).encode(),
    "a list of numbers": json.dumps({"version": 1, "data": [1, 2]}).encode(),
    "garbage": bytes(range(256)),
    "version 2": json.dumps({"version": 2, "data": [GOOD_SEAT]}).encode(),
    "empty": b"",
    "a folder": None,
}


@pytest.fixture(autouse=True)
def closed_afterwards() -> Any:
    yield
    pygame.quit()


def write_seats(home: Path, seats: list[Any]) -> None:
    home.mkdir(parents=True, exist_ok=True)
    (home / "seats.json").write_text(json.dumps({"version": 1, "data": seats}), encoding="utf-8")


def started(size: tuple[int, int] = (1280, 800)) -> App:
    app = make_app(size)
    app.settings.animation_speed = "instant"
    app.start(MenuScene(app))
    for _ in range(5):
        app.step(FRAME)
    return app


def said(app: App, part: str) -> list[str]:
    return [message for message, _ in app.notices if part in message]


@pytest.mark.parametrize("case", list(BAD_SEATS))
def test_a_bad_seat_is_dropped_with_one_notice_and_the_good_one_is_offered(private_home: Path, case: str) -> None:
    write_seats(private_home, [{**GOOD_SEAT, "token": "bad-token-0123456789", "when": 3.0, **BAD_SEATS[case]},
                               GOOD_SEAT])
    app = started()
    menu: Any = app.scenes.top
    assert menu.kept_seat is not None and menu.kept_seat.token == GOOD_SEAT["token"]
    notices = said(app, "seats.json")
    aside = list(private_home.glob("seats.bad-*.json"))
    assert len(notices) == 1 and notices[0].startswith("1 kept seat could not be used (")
    assert len(aside) == 1 and aside[0].name in notices[0]
    assert [s.token for s in kept_seats.kept()] == [GOOD_SEAT["token"]], "the good seat is written back"
    click(app, menu.back_button.rect.center)            # Back to your table: drawn, and it fails plainly
    scene: Any = app.scenes.top
    assert isinstance(scene, BackToTableScene)
    for _ in range(5):
        app.step(FRAME)
    app.nav.menu()
    for _ in range(5):
        app.step(FRAME)
    assert len(said(app, "seats.json")) == 1


@pytest.mark.parametrize("case", list(BAD_FILES))
def test_a_bad_file_is_moved_aside_with_one_notice_and_the_menu_opens(private_home: Path, case: str) -> None:
    content = BAD_FILES[case]
    private_home.mkdir(parents=True)
    if content is None:
        (private_home / "seats.json").mkdir()
    else:
        (private_home / "seats.json").write_bytes(content)
    app = started()
    menu: Any = app.scenes.top
    assert menu.kept_seat is None
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_b, mod=0, unicode="b", scancode=0))
    app.step(FRAME)
    assert app.scenes.top is menu
    assert len(said(app, "seats.json")) == 1
    assert not (private_home / "seats.json").exists() and len(list(private_home.glob("seats.bad-*"))) == 1


def test_every_seat_bad_leaves_no_seat_and_one_notice(private_home: Path) -> None:
    write_seats(private_home, [{**GOOD_SEAT, **change} for change in BAD_SEATS.values()])
    app = started()
    assert getattr(app.scenes.top, "kept_seat") is None and len(said(app, "seats.json")) == 1


def test_a_file_that_cannot_be_read_is_moved_aside_before_a_seat_is_kept_over_it(
        private_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write_seats(private_home, [GOOD_SEAT])
    real = storage._read_limited

    def refused(path: Path) -> bytes | None:
        if path.name == "seats.json":
            raise PermissionError(13, "Permission denied")
        return real(path)

    monkeypatch.setattr(storage, "_read_limited", refused)
    kept_seats.keep(kept_seats.KeptSeat(**{**GOOD_SEAT, "token": "new-token-0123456789", "when": time.time()}))
    monkeypatch.setattr(storage, "_read_limited", real)
    aside = list(private_home.glob("seats.bad-*.json"))
    assert len(aside) == 1 and json.loads(aside[0].read_text())["data"] == [GOOD_SEAT], "the old seat is kept aside"
    assert [s.token for s in kept_seats.kept()] == ["new-token-0123456789"]
    notices = storage.take_notices()
    assert len(notices) == 1 and "Permission denied" in notices[0] and aside[0].name in notices[0]


def test_a_notice_about_an_unreadable_file_is_shown_once_a_run(private_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An autosave that cannot be read (a folder in its place) is read at each visit to the
    menu and each setup screen: said once, not at every read (it was said 46 times)."""
    (private_home / "autosave.json").mkdir(parents=True)
    app = started()
    assert len(said(app, "autosave.json")) == 1
    shown: list[str] = []
    real = app.notify
    monkeypatch.setattr(app, "notify", lambda message, seconds=4.0: (shown.append(message), real(message, seconds)))
    for _ in range(6):
        app.nav.setup(next(iter(getattr(app.scenes.top, "specs"))))
        for _ in range(3):
            app.step(FRAME)
        app.nav.menu()
        for _ in range(400):        # the notice's seconds run out: a new one would show again
            app.step(FRAME)
    assert shown == []
    assert (private_home / "autosave.json").is_dir(), "an unreadable autosave is left where it is"


def test_the_kept_seat_stays_when_the_apps_own_server_cannot_open(
        private_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write_seats(private_home, [{**GOOD_SEAT, "hosted_here": True}])

    def full(self: Any) -> None:
        problem = sqlite3.OperationalError("database or disk is full")
        problem.sqlite_errorcode = sqlite3.SQLITE_FULL
        raise problem

    monkeypatch.setattr(store_module.TableStore, "_prepare", full)
    own = LocalServer(tmp_path / "hosted", port=0, host="127.0.0.1", announce=False)
    monkeypatch.setattr(hosting, "local_server", lambda **_: own.start() if not own._thread.is_alive() else own)
    app = started()
    menu: Any = app.scenes.top
    click(app, menu.back_button.rect.center)
    scene: Any = app.scenes.top
    deadline = time.monotonic() + 20
    while scene.problem is None:
        assert time.monotonic() < deadline
        app.step(FRAME)
    assert scene.problem == ("Your table cannot be opened here: the disk is full. "
                             "Your seat is kept: come back to it once that is put right.")
    assert [s.token for s in kept_seats.kept()] == [GOOD_SEAT["token"]], "nothing was wrong with the seat"


@pytest.mark.slow
@pytest.mark.parametrize("case", list(BAD_SEATS) + list(BAD_FILES))
def test_the_selftest_passes_with_each_damaged_file(tmp_path: Path, case: str) -> None:
    """``parlour --selftest`` (the packaged executable's check) on a data folder holding the
    damaged seats.json: it used to fail at the menu's first frame."""
    home = tmp_path / "home"
    if case in BAD_SEATS:
        write_seats(home, [{**GOOD_SEAT, **BAD_SEATS[case]}])
    elif BAD_FILES[case] is None:
        (home / "seats.json").mkdir(parents=True)
    else:
        home.mkdir(parents=True)
        (home / "seats.json").write_bytes(BAD_FILES[case] or b"")
    result = subprocess.run([sys.executable, "-m", "app", "--selftest"], capture_output=True, text=True,
                            timeout=300, env={**os.environ, "PARLOUR_HOME": str(home)})
    assert result.returncode == 0, result.stderr[-2000:]
    assert "abstrac: ok" in result.stdout and list(home.glob("seats.bad-*"))


def test_a_folder_where_the_lock_belongs_is_moved_aside_and_the_host_goes_back_to_the_game(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The host's app closed mid-game; something made a folder of hosted/server.lock. Going
    back opens the app's server all the same (the folder moved aside, said once) and sits
    the host down in their game: the seat was not forgotten for it."""
    from app.net.client.remote import RemoteSession
    from tests.net.server_thread import wait_for

    folder = tmp_path / "hosted"
    made: list[LocalServer] = []

    def local_server(**_: Any) -> LocalServer:
        if not made or not made[-1].running:
            made.append(LocalServer(folder, port=0, host="127.0.0.1", announce=False).start())
            monkeypatch.setattr(hosting, "_running", made[-1])
        return made[-1]

    monkeypatch.setattr(hosting, "local_server", local_server)
    own = local_server()
    assert own.wait(20)
    ann = RemoteSession.host(own.url, {"game": "whist", "seats": 4, "remote": 0, "difficulty": "easy",
                                       "seed": 32, "options": {"target": 5}}, "Ann")
    wait_for(lambda: ann.status == "playing" and bool(kept_seats.kept()), poll=ann.poll)
    ann._link.close(wait_s=2.0)          # the app closes, and its server with it
    own.stop()
    (folder / "server.lock").unlink()
    (folder / "server.lock").mkdir()

    app = started()
    menu: Any = app.scenes.top
    click(app, menu.back_button.rect.center)
    deadline = time.monotonic() + 30
    while isinstance(app.scenes.top, (BackToTableScene, MenuScene)):
        assert time.monotonic() < deadline and getattr(app.scenes.top, "problem", None) is None
        app.step(FRAME)
        time.sleep(0.002)
    table: Any = app.scenes.top
    assert table.session.seat == 0 and table.session.token == ann.token
    assert len(said(app, "server.lock")) == 1 and len(list(folder.glob("server.bad-*.lock"))) == 1
    made[-1].stop()
