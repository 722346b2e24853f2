"""When the host leaves: the host closing a waiting table tells every guest at once with one
line ("Ann closed the table"), not a connection lost for a minute; the app's own server
closes the tables friends are at, games under way too, when its host quits; a guest who
leaves on purpose is shown to the others as left (a drop is still "reconnecting"); a
server that stops answering without closing anything (a paused process) is noticed by the
guests' links within ``SILENT_S``, and they come back once it answers again. Real sockets
on 127.0.0.1, bounded in time."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest
from websockets.asyncio.client import connect

import app.net.client.link as link_module
from app.core.words import net_words
from app.net.client.remote import RemoteSession
from app.net.server.hosting import LocalServer
from app.net.server.server import Server
from app.net.wire.protocol import VERSION
from tests.net.server_thread import ServerThread, running
from tests.net.tables import with_server
from tests.net.test_bad_input import next_of, refused

TOLD_S = 1.0     # "at once": the bound on a guest hearing that the table is closed


@pytest.fixture
def server() -> Iterator[ServerThread]:
    yield from running()


def wait_until(condition: Callable[[], bool], within_s: float, *sessions: RemoteSession) -> float:
    """Poll ``sessions`` until ``condition``; how long it took (fails past ``within_s``)."""
    began = time.monotonic()
    while not condition():
        waited = time.monotonic() - began
        assert waited < within_s, f"not within {within_s} s"
        for session in sessions:
            session.poll()
        time.sleep(0.01)
    return time.monotonic() - began


def _hello(**fields: Any) -> str:
    return json.dumps({"type": "hello", "v": VERSION, "name": fields.pop("name"), **fields})


def test_the_host_closing_a_waiting_table_tells_every_guest_at_once() -> None:
    async def job(server: Server, url: str) -> None:
        create = {"game": "whist", "seats": 4, "remote": 2, "difficulty": "easy", "seed": 4}
        async with connect(url) as host, connect(url) as guest:
            await host.send(_hello(name="Ann", create=create))
            code = (await next_of(host, "welcome"))["table"]
            await guest.send(_hello(name="Bo", code=code))
            await next_of(guest, "welcome")
            await refused(guest, '{"type": "close"}', "only the host can close the table")
            await host.send('{"type": "close"}')
            closed = await asyncio.wait_for(next_of(guest, "closed"), TOLD_S)
            assert closed["message"] == "Ann closed the table"
            assert code not in server.tables

    asyncio.run(with_server(job))


def test_a_guest_who_leaves_on_purpose_is_left_and_one_who_drops_is_reconnecting(server: ServerThread) -> None:
    create = {"game": "whist", "seats": 4, "remote": 2, "difficulty": "easy", "seed": 5}
    host = RemoteSession.host(server.url, create, "Ann")
    wait_until(lambda: host.code is not None, 10, host)
    bo, cy = RemoteSession.join(server.url, host.code or "", "Bo"), RemoteSession.join(server.url, host.code or "", "Cy")
    wait_until(lambda: host.status == "playing" and bo.seat is not None and cy.seat is not None, 10, host, bo, cy)
    bos, cys = bo.seat or 0, cy.seat or 0       # (they sat down at once: in either order)
    bo.leave()
    wait_until(lambda: host.seat_note(bos) == "left" and cy.players[bos].left, 10, host, cy)
    cy._link.close(wait_s=0.5)         # Cy's connection ends without a word: not a leave
    wait_until(lambda: host.seat_note(cys) == "reconnecting", 10, host)
    assert host.seat_note(bos) == "left"
    # Back with the seat's token: no longer left.
    again = RemoteSession.back(server.url, bo.token or "", "Bo")
    wait_until(lambda: host.seat_note(bos) is None, 10, host, again)
    for session in (again, host):
        session.leave()


def test_the_app_s_own_server_closes_its_tables_for_the_guests_when_its_host_quits(tmp_path: Path) -> None:
    local = LocalServer(tmp_path / "hosted", port=0, host="127.0.0.1", announce=False).start()
    try:
        assert local.wait(20)
        assert local.guests() == []
        create = {"game": "whist", "seats": 4, "remote": 2, "difficulty": "easy"}
        host = RemoteSession.host(local.url, create, "Hana")
        wait_until(lambda: host.code is not None, 10, host)
        bo = RemoteSession.join(local.url, host.code or "", "Bo")
        wait_until(lambda: bo.status == "waiting", 10, bo, host)
        assert local.guests() == ["Bo"]
        assert net_words.close_question(local.guests()) == "Close the table for Bo?"
        local.close_for_guests()
        told = wait_until(lambda: bo.status == "failed", TOLD_S, bo)
        assert bo.failure == "Hana closed the table" and told < TOLD_S
        assert local.guests() == [] and local.server is not None and local.server.tables == {}
    finally:
        local.stop()


def test_a_silent_server_is_noticed_within_the_silence_bound_and_the_link_comes_back(
        server: ServerThread, monkeypatch: pytest.MonkeyPatch) -> None:
    assert link_module.SILENT_S + link_module.PING_EVERY_S <= 15, "a silent host is told within 15 s"
    monkeypatch.setattr(link_module, "SILENT_S", 1.5)       # (shortened: the same code path)
    create = {"game": "whist", "seats": 4, "remote": 1, "difficulty": "easy", "seed": 6}
    host = RemoteSession.host(server.url, create, "Ann")
    wait_until(lambda: host.code is not None, 10, host)
    guest = RemoteSession.join(server.url, host.code or "", "Bo")
    wait_until(lambda: guest.status == "playing" and guest.host_name == "Ann", 10, guest, host)
    assert not guest.silent
    # The server's process stops answering without closing anything: its loop is held.
    server.loop.call_soon_threadsafe(time.sleep, 4.0)
    wait_until(lambda: guest.silent, 15, guest)
    assert guest.to_act() == [], "nobody is asked to play at a table that does not answer"
    assert net_words.link_line(guest.status, guest.failure, guest.link, guest.silent, guest.host_name,
                               guest.hosting) == "Ann's computer is not answering"
    wait_until(lambda: not guest.silent and guest.link == "connected", 20, guest)
    guest.leave()
    host.leave()
