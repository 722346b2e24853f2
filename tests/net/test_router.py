"""Through the router, where it allows (issue 27, point 3): the hosting port asked of a
simulated router on 127.0.0.1 (tests/net/fake_router.py), found by a real SSDP search sent to
it on loopback or by its description URL; the mapping made with the public address, taken
down when the table closes or the server stops; and each way it can fail said in words,
within a bound."""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable, Iterator

import pytest
from app.net.client.dial import dial

from app.core.words.net_words import router_line
from app.net.server.hosting import LocalServer
from app.net.server.router import ASK_S, LEASE_S, NO_ANSWER, RouterPort, Where, is_reachable_from_outside
from app.net.wire.protocol import VERSION
from tests.net.conftest import REPO
from tests.net.fake_router import CGNAT_IP, PUBLIC_IP, FakeRouter

WAIT_S = 20.0
BOUND_S = ASK_S + 5.0
"""Long enough for any answer: the router module gives up on its own within ASK_S."""


@pytest.fixture
def router_kind() -> Iterator[Callable[[str], FakeRouter]]:
    made: list[FakeRouter] = []

    def make(mode: str) -> FakeRouter:
        made.append(FakeRouter(mode))
        return made[-1]

    yield make
    for router in made:
        router.close()


def until(check: Callable[[], bool], timeout: float = WAIT_S) -> bool:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def ask(router: FakeRouter, port: int = 8765, by_search: bool = True) -> RouterPort:
    where = Where(ssdp_target=router.ssdp_target) if by_search else Where(description_url=router.description_url)
    port_ = RouterPort(port, where).start()
    assert port_.wait(BOUND_S) is not None, "the router module did not give up in time"
    return port_


def test_an_open_router_found_by_ssdp_maps_the_port_and_close_takes_it_down(router_kind: Callable[[str], FakeRouter]) -> None:
    router = router_kind("open")
    port = ask(router)
    try:
        outcome = port.outcome
        assert outcome is not None and outcome.kind == "mapped", outcome
        assert outcome.address == f"{PUBLIC_IP}:8765" and router.searches >= 1
        [added] = router.actions("AddPortMapping")
        assert added["NewExternalPort"] == added["NewInternalPort"] == "8765"
        assert added["NewProtocol"] == "TCP" and added["NewInternalClient"] == "127.0.0.1"
        assert added["NewPortMappingDescription"] == "Parlour" and added["NewLeaseDuration"] == str(LEASE_S)
        assert list(router.mappings) == [8765]
    finally:
        port.close()
    assert router.mappings == {}
    [deleted] = router.actions("DeletePortMapping")
    assert deleted["NewExternalPort"] == "8765" and deleted["NewProtocol"] == "TCP"
    assert router_line(outcome.kind, outcome.port, outcome.public_ip) == \
        f"Your router opened port 8765: friends anywhere can join at {PUBLIC_IP}:8765."


def test_a_refusal_maps_nothing_and_is_said(router_kind: Callable[[str], FakeRouter]) -> None:
    router = router_kind("refuse")
    port = ask(router, by_search=False)
    port.close()
    outcome = port.outcome
    assert outcome is not None and outcome.kind == "refused" and outcome.address is None
    assert "606" in outcome.detail and router.mappings == {}
    line = router_line(outcome.kind, outcome.port, lan="192.168.1.20")
    assert line.startswith("Your router did not allow it: friends outside your network cannot reach this computer")
    assert "use a venue (Settings)" in line and "forward TCP port 8765 to 192.168.1.20" in line


def test_a_carrier_grade_nat_address_is_said_and_no_port_is_asked_for(router_kind: Callable[[str], FakeRouter]) -> None:
    router = router_kind("cgnat")
    port = ask(router)
    port.close()
    outcome = port.outcome
    assert outcome is not None and outcome.kind == "private" and outcome.public_ip == CGNAT_IP
    assert router.actions("AddPortMapping") == [] and outcome.address is None
    line = router_line(outcome.kind, outcome.port, outcome.public_ip)
    assert CGNAT_IP in line and "friends outside your network cannot reach this computer" in line


def test_no_router_answering_the_search_is_said_within_the_bound() -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as silent:   # hears the search, says nothing
        silent.bind(("127.0.0.1", 0))
        port = RouterPort(8765, Where(ssdp_target=silent.getsockname())).start()
        outcome = port.wait(BOUND_S)
        port.close()
        assert silent.recv(2048).startswith(b"M-SEARCH * HTTP/1.1")
    assert outcome is not None and outcome.kind == "no_router"
    assert router_line(outcome.kind, 8765).startswith("No router answered (UPnP is off or missing): friends outside")


def test_a_router_that_never_answers_its_requests_counts_as_none(router_kind: Callable[[str], FakeRouter]) -> None:
    router = router_kind("mute")
    port = ask(router)
    port.close(timeout=0)
    assert port.outcome is not None and port.outcome.kind == "no_router" and port.outcome.detail == NO_ANSWER


def test_a_taken_port_maps_the_next_and_a_permanent_only_router_gets_a_permanent_mapping(
        router_kind: Callable[[str], FakeRouter]) -> None:
    taken = ask(router_kind("taken"), by_search=False)
    taken.close()
    assert taken.outcome is not None and taken.outcome.address == f"{PUBLIC_IP}:8766"
    permanent_router = router_kind("permanent")
    permanent = ask(permanent_router, by_search=False)
    try:
        assert permanent.outcome is not None and permanent.outcome.kind == "mapped"
        assert [a["NewLeaseDuration"] for a in permanent_router.actions("AddPortMapping")] == [str(LEASE_S), "0"]
    finally:
        permanent.close()
    assert permanent_router.mappings == {}


def test_which_addresses_the_internet_can_dial() -> None:
    for private in ("10.1.2.3", "172.20.0.1", "192.168.1.1", "100.64.0.1", "100.127.255.254", "127.0.0.1",
                    "169.254.9.9", "0.0.0.0", "", "not an address", "2001:db8::1"):
        assert not is_reachable_from_outside(private), private
    for public in ("203.0.113.7", "8.8.8.8", "100.63.255.255", "100.128.0.1", "172.32.0.1"):
        assert is_reachable_from_outside(public), public


# --- the app's own server --------------------------------------------------------------------------------------

async def _host_a_table(url: str, made: Callable[[str], None], close: bool = True) -> None:
    """A Whist table for one friend, made by its host, who calls ``made`` with its code
    while the table waits, then (with ``close``) closes it."""
    async with dial(url) as ws:     # (the app's own server: TLS, pinned)
        create = {"game": "whist", "seats": 4, "remote": 1, "difficulty": "easy"}
        await ws.send(json.dumps({"type": "hello", "v": VERSION, "name": "Ann", "create": create}))
        while (message := json.loads(await asyncio.wait_for(ws.recv(), WAIT_S)))["type"] != "welcome":
            pass
        await asyncio.to_thread(made, str(message["table"]))
        if close:
            await ws.send(json.dumps({"type": "close"}))
            while json.loads(await asyncio.wait_for(ws.recv(), WAIT_S))["type"] != "closed":
                pass


def test_the_hosting_server_gives_the_public_address_and_unmaps_when_its_table_closes(
        tmp_path: Path, router_kind: Callable[[str], FakeRouter]) -> None:
    router = router_kind("open")
    server = LocalServer(tmp_path, port=0, host="127.0.0.1", announce=False).start()

    def open_to_friends_anywhere(code: str) -> None:
        port = server.open_to_internet(code, Where(description_url=router.description_url))
        assert port is not None and port.wait(BOUND_S) is not None
        assert server.open_to_internet(code) is port        # (asked once)
        assert server.public_address == f"{PUBLIC_IP}:{server.port}"
        time.sleep(1.5)                                     # (three of the server's looks at its tables)
        assert list(router.mappings) == [server.port]       # the table waits: the port stays open

    try:
        assert server.wait(WAIT_S), server.failure
        asyncio.run(_host_a_table(server.url, open_to_friends_anywhere))
        assert until(lambda: router.mappings == {}), router.calls    # closed: the port with it
        assert server.public_address is None and len(router.actions("DeletePortMapping")) == 1
    finally:
        server.stop()


def test_stopping_the_hosting_server_takes_the_mapping_down(tmp_path: Path, router_kind: Callable[[str], FakeRouter]) -> None:
    router = router_kind("open")
    server = LocalServer(tmp_path, port=0, host="127.0.0.1", announce=False).start()

    def open_to_friends_anywhere(code: str) -> None:
        port = server.open_to_internet(code, Where(description_url=router.description_url))
        assert port is not None and port.wait(BOUND_S) is not None and router.mappings

    try:
        assert server.wait(WAIT_S), server.failure
        asyncio.run(_host_a_table(server.url, open_to_friends_anywhere, close=False))   # (it waits, its host away)
    finally:
        server.stop()                                       # (as the app closes)
    assert router.mappings == {} and len(router.actions("DeletePortMapping")) == 1


# --- parlour host --internet ------------------------------------------------------------------------------------

def test_parlour_host_internet_prints_what_the_router_said_and_the_public_address_and_ctrl_c_unmaps(
        tmp_path: Path, router_kind: Callable[[str], FakeRouter]) -> None:
    router = router_kind("open")
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "PARLOUR_HOME": str(tmp_path),
           "PARLOUR_ROUTER": router.description_url}
    host = subprocess.Popen([sys.executable, "-m", "app", "host", "abstrac", "--remote", "1", "--bot", "easy",
                             "--listen", "127.0.0.1:0", "--internet"], cwd=REPO, env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        assert host.stdout is not None
        said = host.stdout.readline().strip()
        assert until(lambda: bool(router.mappings)), router.calls
        [port] = router.mappings
        assert said == f"router: Your router opened port {port}: friends anywhere can join at {PUBLIC_IP}:{port}."
        assert re.fullmatch(rf"table [A-Z0-9]+ at wss://{re.escape(PUBLIC_IP)}:{port}", host.stdout.readline().strip())
        assert host.stdout.readline().startswith(f"invite: parlour://{PUBLIC_IP}:{port}/"), "friends dial the public one"
        host.send_signal(signal.SIGINT)              # Ctrl+C: the table ends, the port closes
        assert host.wait(WAIT_S) == 130
    finally:
        host.kill()
    assert router.mappings == {} and len(router.actions("DeletePortMapping")) == 1


def test_parlour_host_internet_is_refused_beside_another_server() -> None:
    done = subprocess.run([sys.executable, "-m", "app", "host", "abstrac", "--server", "ws://127.0.0.1:9",
                           "--internet", "--bot", "easy"], cwd=REPO, text=True, capture_output=True, timeout=WAIT_S)
    assert done.returncode == 2 and "--internet opens this computer's port" in done.stderr
