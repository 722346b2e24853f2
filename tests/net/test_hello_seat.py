"""A hello with a code may ask for one free remote seat (the host's app seats the others at
its keyboard where the host put them); any other seat is refused in one line."""

from __future__ import annotations

from typing import Iterator

import pytest

from app.net.wire.protocol import ProtocolError, parse_client
from app.net.client.remote import RemoteSession
from tests.net.server_thread import ServerThread, running, wait_for


@pytest.fixture
def server() -> Iterator[ServerThread]:
    yield from running()


def test_the_seat_asked_for_is_given_and_a_taken_one_refused(server: ServerThread) -> None:
    create = {"game": "ratscrew", "seats": 3, "remote": 2, "options": {}}
    host = RemoteSession.host(server.url, create, "Ann")
    wait_for(lambda: host.code is not None, poll=host.poll)
    cleo = RemoteSession(server.url, {"code": host.code, "seat": 2}, "Cleo")
    wait_for(lambda: cleo.seat is not None, poll=cleo.poll)
    assert cleo.seat == 2
    eve = RemoteSession(server.url, {"code": host.code, "seat": 0}, "Eve")
    wait_for(lambda: eve.status == "failed", poll=eve.poll)
    assert eve.failure == f"the server refused: seat 1 of table {host.code} is not free"
    for session in (host, cleo, eve):
        session.leave()


def test_a_seat_needs_a_code() -> None:
    with pytest.raises(ProtocolError, match="hello.seat goes with a code"):
        parse_client('{"type": "hello", "v": 1, "name": "Ann", "token": "x", "seat": 1}')
    with pytest.raises(ProtocolError, match="hello.seat should be a whole number"):
        parse_client('{"type": "hello", "v": 1, "name": "Ann", "code": "ABCDEF", "seat": -1}')
