"""The host's lobby when friends beyond this network were chosen (Host, "Friends join from:
anywhere"): the router is asked (a simulated one on 127.0.0.1, tests/net/fake_router.py),
the lobby says in words what it answered, the address to send is the public one when the
port was opened, and leaving the lobby (the table closes) takes the mapping down. Headless,
real pygame events, the app's own server on loopback."""

from __future__ import annotations

import socket
from typing import Iterator

import pygame
import pytest

import app.net.server.router as router_module
from app.net.server.hosting import LocalServer
from app.window.scenes.host_setup import REACH_LABEL
from app.window.scenes.lobby import LobbyScene
from app.window.shell import App
from tests.app.test_online_ui import app, drawn, frames_until, host_setup, own_server   # noqa: F401 (fixtures)
from tests.app.ui_driver import click, post_key
from tests.net.fake_router import CGNAT_IP, PUBLIC_IP, FakeRouter
from tests.net.test_router import until

OUTSIDE = "friends outside your network cannot reach this computer"


@pytest.fixture
def router(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeRouter]:
    """The simulated router, of the kind the test is parametrised with (default: open), where
    the app looks for one."""
    made = FakeRouter(getattr(request, "param", "open"))
    monkeypatch.setenv("PARLOUR_ROUTER", made.description_url)
    yield made
    made.close()


def host_whist(app: App, anywhere: bool) -> LobbyScene:
    """Menu, Play online, Whist; "Friends join from" set by keyboard; Open table."""
    setup = host_setup(app, "Ann", "Whist")
    reach = next(i for i, row in enumerate(setup.rows) if row.label == REACH_LABEL)
    assert setup.rows[reach].value() == "this network"         # (the router is asked only when chosen)
    if anywhere:
        while setup.focus != reach:
            post_key(app, pygame.K_DOWN)
        post_key(app, pygame.K_RIGHT)
        assert setup.rows[reach].value() == "anywhere (asks your router)"
    click(app, setup.start_button.rect.center)
    lobby = app.scenes.top
    assert isinstance(lobby, LobbyScene)
    frames_until(app, lambda: lobby.session is not None and lobby.session.status == "waiting")
    return lobby


def said(drawn: list[str]) -> str:
    return " ".join(drawn)


def test_the_router_opens_the_port_the_lobby_gives_the_public_address_and_leaving_unmaps(
        app: App, own_server: list[LocalServer], drawn: list[str], router: FakeRouter) -> None:
    lobby = host_whist(app, anywhere=True)
    port = own_server[0].port
    opened = f"Your router opened port {port}: friends anywhere can join at {PUBLIC_IP}:{port}."
    frames_until(app, lambda: opened in said(drawn))
    invitation = lobby.invitation                   # the public address, to paste
    assert invitation is not None and (invitation.address, invitation.port) == (PUBLIC_IP, port)
    assert f"On this network: 127.0.0.1:{port}" in drawn and lobby.address == f"{PUBLIC_IP}:{port}"
    assert list(router.mappings) == [port]
    post_key(app, pygame.K_ESCAPE)                  # Leave: the host's waiting table closes...
    assert not isinstance(app.scenes.top, LobbyScene)
    assert until(lambda: router.mappings == {}), router.calls     # ...and the router's port with it


@pytest.mark.parametrize("router", ["refuse", "cgnat"], indirect=True)
def test_a_router_that_will_not_is_said_in_words_and_the_address_stays_this_network_s(
        app: App, own_server: list[LocalServer], drawn: list[str], router: FakeRouter) -> None:
    lobby = host_whist(app, anywhere=True)
    frames_until(app, lambda: OUTSIDE in said(drawn))
    if router.mode == "refuse":
        assert "Your router did not allow it: " + OUTSIDE + "; use a venue (Settings), or forward TCP port " \
            f"{own_server[0].port} to 127.0.0.1 in your router's settings." in said(drawn)
    else:
        assert f"Your router's address on the internet, {CGNAT_IP}, is itself private" in said(drawn)
    assert lobby.address == f"127.0.0.1:{own_server[0].port}" and router.mappings == {}


def test_no_router_answering_is_said_within_its_bound(
        app: App, own_server: list[LocalServer], drawn: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as silent:   # hears the search, answers nothing
        silent.bind(("127.0.0.1", 0))
        monkeypatch.setenv("PARLOUR_ROUTER", f"ssdp://127.0.0.1:{silent.getsockname()[1]}")
        monkeypatch.setattr(router_module, "SEARCH_S", 4.0)    # (room for a busy machine to draw the asking)
        host_whist(app, anywhere=True)
        frames_until(app, lambda: f"Asking your router to open port {own_server[0].port}" in said(drawn))
        frames_until(app, lambda: "No router answered (UPnP is off or missing): " + OUTSIDE in said(drawn))


def test_a_table_for_this_network_asks_no_router(
        app: App, own_server: list[LocalServer], drawn: list[str], router: FakeRouter) -> None:
    lobby = host_whist(app, anywhere=False)
    for _ in range(30):
        app.step(1 / 60)
    assert own_server[0].router is None and router.calls == [] and router.searches == 0
    assert "router" not in said(drawn) and lobby.address == f"127.0.0.1:{own_server[0].port}"
