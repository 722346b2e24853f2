"""A venue, for the player (issue 27, point 4), headless windows driven by real pygame events
against a real server on 127.0.0.1 (a thread standing in for the venue): Settings takes the
venue's address (checked; kept in settings.json); Host offers "at the venue", and the table
is then made there, the host's app a client like the others', with no server of its own;
and when the host's app goes away mid-game the table plays on at the venue, and "Back to
your table" sits the host down again in their seat."""

from __future__ import annotations

import json
import time
from typing import Any, Iterator

import pygame
import pytest

import app.net.server.hosting as hosting
from app.core import kept_seats, storage
from app.window.scenes.back_to_table import BackToTableScene
from app.window.scenes.host_setup import REACH_LABEL, HostSetupScene
from app.window.scenes.lobby import LobbyScene
from app.window.scenes.menu import MenuScene
from app.window.scenes.settings import SettingsScene
from app.window.shell import App
from app.core.words import venue_words
from games.registry import GAMES
from tests.app.test_online_ui import frames_until, type_text
from tests.app.ui_driver import FRAME, click, fast_app, make_app, post_key
from tests.net.server_thread import ServerThread, running

WAIT_S = 60.0


@pytest.fixture
def app() -> Iterator[App]:
    yield from fast_app()


@pytest.fixture
def venue() -> Iterator[ServerThread]:
    yield from running(grace_s=300.0)     # (nobody's seat goes to a computer while the test runs)


@pytest.fixture
def no_own_server(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hosting at the venue must not open this app's own server."""
    def refuse(**_: Any) -> Any:
        raise AssertionError("the app opened a server of its own")

    monkeypatch.setattr(hosting, "local_server", refuse)


def venue_row(scene: SettingsScene) -> int:
    return next(i for i, row in enumerate(scene.rows) if row.label == venue_words.SETTINGS_ROW)


def test_settings_takes_a_venue_address_checked_and_keeps_it(app: App) -> None:
    settings = SettingsScene(app)
    app.start(settings)
    click(app, settings.rows[venue_row(settings)].rect.center)      # opens the address box
    assert settings.prompt is not None and settings.prompt.title == venue_words.PROMPT_TITLE
    type_text(app, "http://cards.example.org")
    post_key(app, pygame.K_RETURN)
    assert settings.prompt is not None and settings.prompt.problem == venue_words.BAD_SCHEME
    assert app.settings.venue == ""                                   # nothing changed
    for _ in "http://cards.example.org":
        post_key(app, pygame.K_BACKSPACE)
    type_text(app, "cards.example.org:99999")
    post_key(app, pygame.K_RETURN)
    assert settings.prompt.problem == venue_words.BAD_PORT
    for _ in ":99999":
        post_key(app, pygame.K_BACKSPACE)
    assert settings.prompt.text == "cards.example.org"
    post_key(app, pygame.K_RETURN)
    assert settings.prompt is None and app.settings.venue == "wss://cards.example.org"
    assert settings.rows[venue_row(settings)].value() == "cards.example.org"
    kept = json.loads(storage.settings_path().read_text(encoding="utf-8"))
    assert kept["data"]["venue"] == "wss://cards.example.org"
    assert storage.load_settings().venue == "wss://cards.example.org"

    click(app, settings.rows[venue_row(settings)].rect.center)      # emptied: no venue any more
    for _ in range(40):
        post_key(app, pygame.K_BACKSPACE)
    post_key(app, pygame.K_RETURN)
    assert app.settings.venue == "" and settings.rows[venue_row(settings)].value() == venue_words.NO_VENUE


def test_a_venue_in_settings_json_that_is_not_an_address_costs_only_that_setting(app: App) -> None:
    path = storage.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"version": storage.SETTINGS_VERSION,
                                "data": {"venue": "http://x/y", "player_name": "Ann"}}), encoding="utf-8")
    settings = storage.load_settings()
    assert settings.venue == "" and settings.player_name == "Ann"


def host_setup_at_venue(app: App, game: str) -> HostSetupScene:
    app.start(MenuScene(app))
    app.nav.online()
    app.nav.host(GAMES[game])
    setup = app.scenes.top
    assert isinstance(setup, HostSetupScene)
    where = len(setup.rows) - 1
    assert setup.rows[where].label == REACH_LABEL and setup.rows[where].value() == "this network"
    setup.focus = where
    post_key(app, pygame.K_LEFT)          # this network, then back round: the venue (the last choice)
    return setup


def test_host_at_the_venue_makes_the_table_there_with_no_server_here(
        app: App, venue: ServerThread, no_own_server: None) -> None:
    app.settings.player_name = "Hana"
    app.settings.venue = venue.url
    setup = host_setup_at_venue(app, "abstrac")
    assert setup.rows[-1].value() == venue_words.AT_VENUE
    post_key(app, pygame.K_RETURN)                   # Open table
    lobby = app.scenes.top
    assert isinstance(lobby, LobbyScene)
    frames_until(app, lambda: lobby.session is not None and lobby.session.status == "waiting")
    code = lobby.session.code or ""
    table = venue.table(code)
    assert [s.kind for s in table.seats] == ["host", "remote"] and table.seats[0].name == "Hana"
    assert lobby.address == venue.url and lobby.is_host
    frames_until(app, lambda: kept_seats.latest() is not None)
    for closing in app.on_close:         # the app closes with the lobby open: the table waits at the venue
        closing()
    lobby.session._link.close(wait_s=2.0)
    assert venue.on_loop(lambda: code in venue.server.tables and venue.server.tables[code].status == "waiting")
    seat = kept_seats.latest()
    assert seat is not None and (seat.code, seat.seat, seat.url) == (code, 0, venue.url)


def test_without_a_venue_the_choices_are_this_network_and_anywhere(app: App) -> None:
    setup = host_setup_at_venue(app, "abstrac")
    assert not setup.at_venue and setup.rows[-1].value() == "anywhere (asks your router)"
    post_key(app, pygame.K_RIGHT)
    assert not setup.at_venue and setup.rows[-1].value() == "this network"


@pytest.mark.slow
def test_a_venue_table_plays_on_when_the_host_s_app_goes_and_the_host_comes_back_to_the_seat(
        venue: ServerThread, no_own_server: None) -> None:
    first = make_app()
    first.settings.player_name = "Hana"
    first.settings.venue = venue.url
    host_setup_at_venue(first, "abstrac")
    post_key(first, pygame.K_RETURN)
    lobby = first.scenes.top
    assert isinstance(lobby, LobbyScene)
    frames_until(first, lambda: lobby.session is not None and lobby.session.status == "waiting")
    session = lobby.session
    assert session is not None
    code = session.code or ""
    venue.bot_client(code, "easy", "Bo")           # a friend elsewhere (headless: it keeps no seat here)
    frames_until(first, lambda: session.status == "playing")
    frames_until(first, lambda: kept_seats.latest() is not None)
    session._link.close(wait_s=2.0)                # the host's computer sleeps: no leave, no goodbye
    pygame.quit()
    frames_gone = time.monotonic() + WAIT_S
    while venue.on_loop(lambda: any(c.seat == 0 for c in venue.server.tables[code].conns)):
        assert time.monotonic() < frames_gone
        time.sleep(0.01)
    table = venue.table(code)
    assert table.status == "playing" and 0 in table.away_since      # the table lives on at the venue

    app = make_app()                                 # the host's app again
    app.start(MenuScene(app))
    app.step(FRAME)
    menu: Any = app.scenes.top
    assert menu.kept_seat is not None and menu.kept_seat.url == venue.url and not menu.kept_seat.hosted_here
    click(app, menu.back_button.rect.center)
    frames_until(app, lambda: not isinstance(app.scenes.top, (BackToTableScene, MenuScene)))
    back: Any = app.scenes.top
    assert back.session.seat == 0 and back.session.token == session.token
    assert venue.on_loop(lambda: any(c.seat == 0 for c in venue.server.tables[code].conns))
    assert 0 not in venue.table(code).away_since
    pygame.quit()


def test_a_venue_that_does_not_answer_keeps_the_seat_for_later(app: App) -> None:
    import socket

    with socket.socket() as probe:          # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        url = f"ws://127.0.0.1:{probe.getsockname()[1]}"
    app.settings.venue = url
    seat = kept_seats.KeptSeat(url, "ABCDEF", "whist", 0, "t" * 22, "Hana", "Hana", False, kept_seats.now())
    kept_seats.keep(seat)
    app.start(MenuScene(app))
    app.nav.back_to_table(seat)
    back = app.scenes.top
    assert isinstance(back, BackToTableScene)
    frames_until(app, lambda: back.problem is not None)
    assert back.problem == venue_words.venue_silent(url)
    assert kept_seats.kept() == [seat]          # offered again once the network is back
