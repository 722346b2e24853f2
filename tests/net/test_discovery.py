"""Finding tables on the local network (app.net.wire.discovery).

Multicast works on loopback in the sandbox where these tests were written, so the live test
is real zeroconf end to end: a server's announcer (one Zeroconf instance, interface
127.0.0.1) and a browse (another Zeroconf instance, same interface) find each other, a bot
client joins the listed table by its listed address and code, and the table leaves the
list once its seats are taken. Where the announcer cannot open its mDNS socket at all, that
test is skipped with the announcer's own one-line reason; the rest need no sockets: what is
announced and how a listing reads, built and read back through zeroconf's own ServiceInfo.
Every wait is bounded; nothing here asserts a wall-clock time.
"""

from __future__ import annotations

import asyncio
import socket
from pathlib import Path
from typing import Any

import pytest
from zeroconf import ServiceInfo

from app.cli import join, serve
from app.net.wire import discovery, protocol
from app.net.client.client import BotClient
from app.net.wire.discovery import DiscoveryUnavailable, Found, ListedTable
from app.net.wire.protocol import Create
from app.net.server.limits import Limits
from app.net.server.server import Server
from tests.net.tables import with_server

LOOPBACK = ["127.0.0.1"]
BROWSE_S = 2.0


def _as_zeroconf_reads(props: dict[str, str]) -> dict[bytes, bytes | None]:
    """The properties as a browser reads them: through a ServiceInfo's TXT record."""
    info = ServiceInfo(discovery.SERVICE_TYPE, f"test.{discovery.SERVICE_TYPE}", port=1,
                       addresses=[socket.inet_aton("127.0.0.1")], properties=props)
    return ServiceInfo(discovery.SERVICE_TYPE, info.name, port=1, properties=info.text).properties


def test_announced_tables_read_back_as_they_were() -> None:
    tables = [ListedTable("ABC234", "whist", 2, 4, "Ann | Bo"), ListedTable("ZZZ999", "nash", 1, 2, "Cy")]
    version, name, read = discovery.read_properties(
        _as_zeroconf_reads(discovery.announced_properties("kitchen\x07", tables)))
    assert (version, name, read) == (protocol.VERSION, "kitchen", tuple(tables))


def test_an_announcement_stays_within_one_packet() -> None:
    many = [ListedTable(f"AAA{i:03d}".replace("0", "A").replace("1", "B"), "whist", 3, 4, "N" * protocol.NAME_LIMIT)
            for i in range(200)]
    props = discovery.announced_properties("box", many)
    text = ServiceInfo(discovery.SERVICE_TYPE, f"t.{discovery.SERVICE_TYPE}", port=1,
                       addresses=[socket.inet_aton("127.0.0.1")], properties=props).text
    assert len(text) <= discovery.TXT_BUDGET
    listed = discovery.read_properties(_as_zeroconf_reads(props))[2]
    assert 5 < len(listed) < 200 and list(listed) == many[:len(listed)]


def test_a_stranger_s_junk_announcement_is_read_without_raising() -> None:
    junk = {b"v": b"x", b"t1": b"not a table", b"t2": b"abc234|whist|1|4|Ann", b"t3": b"OIO000|whist|1|4|x",
            b"t4": b"ABC235|whist|one|4|x", b"name": b"\xff\xfe"}
    version, name, tables = discovery.read_properties(junk)
    assert version is None and name
    assert tables == (ListedTable("ABC234", "whist", 1, 4, "Ann"),)      # only the readable one


def test_only_tables_waiting_for_players_are_listed() -> None:
    server = Server()
    waiting, _ = server.create(Create("whist", 4, 2), "Ann")
    server.create(Create("whist", 4, 0), "Bo")                   # no remote seat: nobody to wait for
    started, _ = server.create(Create("nash", 2, 1), "Cy")
    started.status = "playing"
    assert discovery.open_tables(server.tables.values()) == [ListedTable(waiting.code, "whist", 2, 4, "Ann")]
    server.executor.shutdown()


@pytest.mark.parametrize(("host", "announce"), [("127.0.0.1", False), ("localhost", False), ("::1", False),
                                                ("0.0.0.0", True), ("192.168.1.20", True), ("", True)])
def test_a_server_on_loopback_is_not_announced(host: str, announce: bool) -> None:
    assert discovery.should_announce(host) is announce


def test_listing_lines_start_with_what_join_takes() -> None:
    found = [Found("box", "ws://10.0.0.2:8765", protocol.VERSION, (ListedTable("ABC234", "whist", 1, 4, "Ann"),)),
             Found("old", "ws://10.0.0.3:8765", protocol.VERSION + 1, (ListedTable("XYZ234", "nap", 2, 4, "Bo"),))]
    lines = discovery.listing_lines(found, 3)
    assert lines[0].startswith("ws://10.0.0.2:8765 ABC234  ") and "1 of 4 seats free" in lines[0]
    assert "host Ann" in lines[0] and "another Parlour version" in lines[1]
    assert "no table is waiting" in discovery.listing_lines([Found("box", "ws://h:1", 1, ())], 3)[0]
    nothing = discovery.listing_lines([], 3)
    assert len(nothing) == 1 and "no Parlour tables found" in nothing[0] and "ADDRESS CODE" in nothing[0]


def test_where_multicast_cannot_work_each_side_says_so_in_one_line() -> None:
    nowhere = ["203.0.113.9"]       # an address no interface here has (TEST-NET-3)
    with pytest.raises(DiscoveryUnavailable, match="cannot listen for tables"):
        discovery.browse(0.1, interfaces=nowhere)
    with pytest.raises(DiscoveryUnavailable, match="mDNS cannot announce"):
        asyncio.run(discovery.Announcer("box", "0.0.0.0", 1, interfaces=nowhere, addresses=LOOPBACK).start([]))
    with pytest.raises(DiscoveryUnavailable, match="no network address"):
        asyncio.run(discovery.Announcer("box", "0.0.0.0", 1, addresses=[]).start([]))


def test_join_list_says_why_in_one_line(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    def unavailable(seconds: float) -> list[Found]:
        raise DiscoveryUnavailable("cannot listen for tables on the local network (No such device)")

    monkeypatch.setattr(discovery, "browse", unavailable)
    assert join.list_tables(1) == 1
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "ADDRESS CODE" in err
    monkeypatch.setattr(discovery, "browse", lambda seconds: [])
    assert join.list_tables(1) == 1
    assert "no Parlour tables found" in capsys.readouterr().out


def test_a_server_that_cannot_announce_serves_on(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    async def refuse(self: Any, tables: Any) -> None:
        raise DiscoveryUnavailable("mDNS cannot announce here (No such device)")

    monkeypatch.setattr(discovery.Announcer, "start", refuse)
    monkeypatch.setattr(discovery, "should_announce", lambda host: True)

    said: list[str] = []

    def heard() -> bool:
        said.append(capsys.readouterr().err)
        return "not listed on the local network" in "".join(said)

    async def run() -> bool:
        task = asyncio.create_task(serve.serve_until_stopped("127.0.0.1", 0, tmp_path, 30.0))
        try:
            await _until(lambda: task.done() or heard())
            await asyncio.sleep(0.1)
            return not task.done()          # the server is still serving
        finally:
            task.cancel()

    assert asyncio.run(run())
    assert "".join(said).count("not listed") == 1 and "address and code" in "".join(said)


def test_main_passes_no_announce(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[bool, float]] = []
    limits: list[Limits] = []

    def run(*args: Any, announce: bool = True, reflex_speed: float = 1.0, **options: Any) -> int:
        seen.append((announce, reflex_speed))
        limits.append(options["limits"])
        return 0

    monkeypatch.setattr(serve, "run", run)
    from app.cli.main import main

    assert main(["serve", "--no-announce"]) == 0 and main(["serve", "--reflex-speed", "4"]) == 0
    assert seen == [(False, 1.0), (True, 4.0)] and limits[0] == Limits()
    assert main(["serve", "--connections-per-address", "0", "--allow-origin", "https://a.example",
                 "--allow-origin", "http://b.example:8000", "--unstarted-for", "60"]) == 0
    assert limits[-1] == Limits(connections_per_address=0, unstarted_s=60.0,
                                origins=("https://a.example", "http://b.example:8000"))


# --- real zeroconf on loopback ----------------------------------------------------------------


def test_a_table_announced_on_loopback_is_found_joined_and_then_unlisted(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(discovery, "REFRESH_S", 0.1)

    async def job(server: Server, url: str) -> None:
        port = int(url.rsplit(":", 1)[1])
        announcer = discovery.Announcer("loopback-test", "127.0.0.1", port, interfaces=LOOPBACK, addresses=LOOPBACK)
        stop = asyncio.Event()
        announcing = asyncio.create_task(announcer.keep_up(server, stop))
        welcomed: asyncio.Future[str] = asyncio.get_running_loop().create_future()
        create = {"game": "nash", "seats": 2, "remote": 1, "difficulty": "easy", "seed": 7}
        host = BotClient(url, {"create": create}, "easy", name="Ann", timeout_s=120,
                         on_welcome=lambda m: welcomed.set_result(m["table"]))
        host_task = asyncio.create_task(host.run())
        code = await asyncio.wait_for(welcomed, 30)
        try:
            await _until(lambda: announcing.done() or bool(announcer.listed))
            if announcing.done() and isinstance(announcing.exception(), DiscoveryUnavailable):
                pytest.skip(f"multicast on loopback does not work here: {announcing.exception()}")
            assert not announcing.done(), announcing.exception()
            mine = await _browse_for(url, lambda f: bool(f.tables))
            assert len(mine) == 1 and mine[0].server == "loopback-test" and mine[0].version == protocol.VERSION
            assert mine[0].tables == (ListedTable(code, "nash", 1, 2, "Ann"),)

            listed = mine[0].tables[0]      # join as `parlour join ADDRESS CODE` would
            guest = BotClient(mine[0].address, {"code": listed.code}, "easy", name="Bo", seed=2, timeout_s=120)
            results = await asyncio.gather(host_task, guest.run())
            assert results[1]["seat"] == 1 and results[0]["outcome"] == results[1]["outcome"]

            await _until(lambda: not announcer.listed)
            again = await _browse_for(url, lambda f: not f.tables)
            assert again and again[0].tables == ()
        finally:
            stop.set()
            await asyncio.wait_for(announcing, 10)

    asyncio.run(with_server(job))


async def _browse_for(url: str, wanted: Any, tries: int = 3) -> list[Found]:
    """The servers at ``url`` heard on loopback, browsing again (a few times at most) while
    none is as ``wanted``: on a loaded machine one browse window can miss an answer."""
    for _ in range(tries):
        mine = [f for f in await asyncio.to_thread(discovery.browse, BROWSE_S, LOOPBACK) if f.address == url]
        if any(wanted(f) for f in mine):
            break
    return mine


async def _until(condition: Any, limit_s: float = 15.0) -> None:
    for _ in range(int(limit_s / 0.05)):
        if condition():
            return
        await asyncio.sleep(0.05)
    raise AssertionError("waited too long")
