"""A venue for its operator (issue 27, point 4), over real sockets on 127.0.0.1: ``/healthz``
and ``/metrics`` answer plain HTTP on the server's port (and the figures move when a game is
played); ``X-Forwarded-For`` names the address the limits count only when it comes from
the proxy given with ``--behind-proxy``; ``serve --public`` refuses to start without TLS or
a proxy; and the JSON lines of the table events, one per line, carry no secret."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from prometheus_client.parser import text_string_to_metric_families
from websockets.asyncio.client import connect

from app.net.server.limits import Limits, client_address
from app.net.server.metrics import Figures, Histogram
from app.net.server.server import Server
from tests.net.conftest import REPO, start_server
from tests.net.tables import play_table, with_server

WAIT_S = 30


async def http_get(url: str, path: str) -> tuple[int, str]:
    """A plain HTTP/1.1 GET on the server's port: its status and body."""
    host, port = url.removeprefix("ws://").rsplit(":", 1)
    reader, writer = await asyncio.open_connection(host, int(port))
    writer.write(f"GET {path} HTTP/1.1\r\nHost: {host}\r\n\r\n".encode())
    await writer.drain()
    answer = await asyncio.wait_for(reader.read(), WAIT_S)      # (the server closes after it)
    writer.close()
    head, _, body = answer.decode().partition("\r\n\r\n")
    return int(head.split()[1]), body


def figures(text: str) -> dict[str, float]:
    """Every sample of a /metrics page by its name and labels ("parlour_tables{status=over}")."""
    values = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            labels = ",".join(f"{k}={v}" for k, v in sorted(sample.labels.items()))
            values[sample.name + (f"{{{labels}}}" if labels else "")] = sample.value
    return values


def test_healthz_and_metrics_answer_over_http_and_move_when_a_game_is_played() -> None:
    async def job(server: Server, url: str) -> tuple[int, str, dict[str, float], dict[str, float]]:
        status, body = await http_get(url, "/healthz")
        before = figures((await http_get(url, "/metrics"))[1])
        await play_table(url, "abstrac", 2, 1, 5, ["easy", "easy"])
        code, text = await http_get(url, "/metrics")
        assert code == 200
        return status, body, before, figures(text)

    status, body, before, after = asyncio.run(asyncio.wait_for(with_server(job), 120))
    assert (status, body) == (200, "ok\n")
    assert before["parlour_actions_total"] == 0 and before["parlour_answer_seconds_count"] == 0
    assert before['parlour_tables{status=over}'] == 0
    assert after["parlour_actions_total"] > 0           # both players are people's clients
    assert after["parlour_answer_seconds_count"] == after["parlour_actions_total"]
    assert after['parlour_answer_seconds_bucket{le=+Inf}'] == after["parlour_answer_seconds_count"]
    assert after['parlour_tables{status=over}'] == 1
    assert "parlour_connections" in after and "parlour_round_trip_seconds_count" in after


def test_any_other_path_without_an_upgrade_is_still_refused_as_websocket() -> None:
    async def job(server: Server, url: str) -> int:
        return (await http_get(url, "/tables"))[0]

    assert asyncio.run(asyncio.wait_for(with_server(job), 60)) == 426


def test_a_histogram_counts_each_value_in_its_bucket_cumulatively() -> None:
    histogram = Histogram((0.01, 0.1))
    for value in (0.005, 0.01, 0.05, 3.0):
        histogram.observe(value)
    family = histogram.family("x_seconds", "x")
    buckets = {s.labels["le"]: s.value for s in family.samples if s.name == "x_seconds_bucket"}
    assert buckets == {"0.01": 2, "0.1": 3, "+Inf": 4}


def test_round_trips_are_the_keepalive_s_of_each_open_connection_once_measured() -> None:
    class Socket:
        def __init__(self, latency: float) -> None:
            self.latency = latency

    figures = Figures(lambda: [], lambda: 0)
    figures.sample_round_trips([Socket(0.0), Socket(0.004), Socket(0.3)])    # (0: no ping answered yet)
    assert figures.round_trips.counts[1] == 1 and sum(figures.round_trips.counts) == 2
    assert figures.round_trips.total == 0.304


# --- X-Forwarded-For: from the proxy only ---------------------------------------------------------


async def refused(url: str, forwarded: str, kept: list[Any]) -> str | None:
    """Opens a connection (with ``forwarded`` as its X-Forwarded-For) and keeps it open (in
    ``kept``); the server's refusal line if it refused it at once, else None."""
    ws = await connect(url, additional_headers={"X-Forwarded-For": forwarded})
    kept.append(ws)
    try:
        message = json.loads(await asyncio.wait_for(ws.recv(), 0.5))
    except asyncio.TimeoutError:
        return None         # (nothing said: it waits for a hello, counted in)
    return str(message.get("message"))


async def close_all(kept: list[Any]) -> None:
    for ws in kept:
        await ws.close()


def test_behind_the_proxy_each_forwarded_address_has_its_own_limits() -> None:
    limits = Limits(connections_per_address=2, proxy="127.0.0.1")

    async def job(server: Server, url: str) -> tuple[list[str | None], dict[str, int]]:
        kept: list[Any] = []
        try:
            said = [await refused(url, "203.0.113.5", kept) for _ in range(3)]
            said.append(await refused(url, "198.51.100.1, 203.0.113.6", kept))   # the proxy's own entry is the last
            return said, dict(server.gate.open)
        finally:
            await close_all(kept)

    said, counted = asyncio.run(asyncio.wait_for(with_server(job, limits=limits), 60))
    assert said[:2] == [None, None]
    assert said[2] is not None and "too many connections from your address" in said[2]
    assert said[3] is None                  # another player behind the same proxy
    assert counted == {"203.0.113.5": 2, "203.0.113.6": 1}


def test_a_forwarded_header_from_anyone_but_the_proxy_is_ignored() -> None:
    limits = Limits(connections_per_address=2, proxy="10.9.9.9")    # not where the test connects from

    async def job(server: Server, url: str) -> tuple[list[str | None], dict[str, int]]:
        kept: list[Any] = []
        try:
            said = [await refused(url, f"203.0.113.{n}", kept) for n in range(1, 4)]
            return said, dict(server.gate.open)
        finally:
            await close_all(kept)

    said, counted = asyncio.run(asyncio.wait_for(with_server(job, limits=limits), 60))
    assert said[:2] == [None, None]
    assert said[2] is not None and "too many connections" in said[2]     # all counted as 127.0.0.1
    assert counted == {"127.0.0.1": 2}


def test_the_forwarded_address_is_the_proxy_s_own_last_entry_and_must_be_an_address() -> None:
    assert client_address("10.0.0.2", ["1.2.3.4, 5.6.7.8"], "10.0.0.0/24") == "5.6.7.8"
    assert client_address("10.0.0.2", ["1.2.3.4", "5.6.7.8"], "10.0.0.2") == "5.6.7.8"
    assert client_address("::ffff:10.0.0.2", ["2001:db8::1"], "10.0.0.2") == "2001:db8::1"
    assert client_address("10.0.0.2", ["not an address"], "10.0.0.2") == "10.0.0.2"
    assert client_address("10.0.0.3", ["5.6.7.8"], "10.0.0.2") == "10.0.0.3"
    assert client_address("10.0.0.2", ["5.6.7.8"], "") == "10.0.0.2"        # no proxy given


# --- serve --public ---------------------------------------------------------------------------


def serve_says(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "app", "serve", *args], cwd=REPO, capture_output=True,
                          text=True, timeout=60)


def test_public_without_tls_or_a_proxy_is_refused_in_one_line(tmp_path: Path) -> None:
    done = serve_says("--public", "--port", "0", "--data", str(tmp_path / "data"))
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "--public needs TLS" in lines[0] and "--behind-proxy" in lines[0]
    assert done.stdout == "" and not (tmp_path / "data").exists()     # nothing started


def test_a_proxy_that_is_not_an_address_is_refused_in_one_line() -> None:
    done = serve_says("--public", "--behind-proxy", "caddy.example")
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1
    assert "--behind-proxy takes the proxy's IP address" in done.stderr


# --- the JSON lines of a venue's table events ------------------------------------------------------


def test_a_public_venue_behind_a_proxy_logs_each_table_event_as_json_with_no_secret(tmp_path: Path) -> None:
    # (--host 127.0.0.1, which start_server gives, keeps the test on loopback)
    served = start_server(tmp_path / "data", "--public", "--behind-proxy", "127.0.0.1")
    try:
        played = asyncio.run(asyncio.wait_for(
            play_table(served.url, "abstrac", 2, 1, 5, ["easy", "easy"], secret=True), 120))
        deadline = time.monotonic() + WAIT_S
        while sum('"seat_left"' in line for line in served.lines) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        served.stop()
    lines = [json.loads(line) for line in served.lines]       # every line is one JSON object
    events = [line["event"] for line in lines]
    assert events[0] == "table_made" and events[-2:] == ["seat_left", "seat_left"]
    assert events.count("seat_joined") == 2 and "table_started" in events and "table_ended" in events
    assert events.index("table_started") < events.index("table_ended")
    assert len({line["table"] for line in lines}) == 1 and all(line["game"] == "abstrac" for line in lines)
    welcomes = [json.loads(m) for record in played.records for m in record if '"welcome"' in m]
    code = welcomes[0]["table"]
    tokens = [w["token"] for w in welcomes if w.get("token")]
    ended = [json.loads(m) for m in played.records[0] if '"over"' in m][-1]
    seed = str(ended["replay"]["seed"])
    assert tokens and len(tokens) == 2
    for text in served.lines:
        assert code not in text and all(token not in text for token in tokens)
        assert "seed" not in text and seed not in text


def test_a_reader_that_stops_reading_holds_up_nothing_and_the_lines_it_missed_are_counted() -> None:
    import io
    import threading

    from app.net.server.journal import Lines

    class Stuck(io.StringIO):
        """A stream that takes nothing until it is let go (a pipe nobody reads)."""
        let_go = threading.Event()

        def write(self, text: str) -> int:
            self.let_go.wait(WAIT_S)
            return super().write(text)

    stream = Stuck()
    lines = Lines(stream, most=3)
    for number in range(20):            # returns at once every time, the stream stuck or not
        lines(json.dumps({"n": number}))
    assert lines.dropped >= 16
    Stuck.let_go.set()
    deadline = time.monotonic() + WAIT_S
    while not lines.waiting.empty() and time.monotonic() < deadline:
        time.sleep(0.01)
    lines(json.dumps({"n": "after"}))
    lines.close(WAIT_S)
    written = [json.loads(line) for line in stream.getvalue().splitlines()]
    kept = [line["n"] for line in written if "n" in line]
    dropped = [line["count"] for line in written if line.get("event") == "lines_dropped"]
    assert kept[0] == 0 and kept[-1] == "after" and kept[:-1] == sorted(kept[:-1])
    assert dropped and len(kept) - 1 + sum(dropped) == 20     # every line written or counted


# --- a venue keeps a lobby while its host's computer sleeps -----------------------------------------


def test_a_venue_keeps_a_lobby_while_its_host_is_away_and_the_host_comes_back_to_the_seat() -> None:
    from app.net.server import table_life
    from app.net.server.journal import Journal
    from tests.net.test_bad_input import next_of
    from tests.net.test_table_life import create

    said: list[str] = []
    limits = Limits(host_away_s=1.5)        # (a venue's is ten minutes; the grace period here is 0.1 s)

    async def job(server: Server, url: str) -> tuple[str, list[str]]:
        async with connect(url) as ws:         # Ann opens a table at the venue; her laptop sleeps
            await ws.send(create())
            welcome = await next_of(ws, "welcome")
            code, token = str(welcome["table"]), str(welcome["token"])
        await asyncio.sleep(0.6)               # the grace period is long past
        assert code in server.tables and table_life.sweep(server) == []
        async with connect(url) as ws:         # she wakes and comes back to her seat
            await ws.send(json.dumps({"type": "hello", "v": 1, "name": "Ann", "token": token}))
            back = await next_of(ws, "welcome")
            table = await next_of(ws, "table")
            assert (back["table"], back["seat"], table["status"]) == (code, 0, "waiting")
            assert table["players"][0]["connected"] and table["players"][0]["name"] == "Ann"
        await asyncio.sleep(1.8)               # and now she is gone for longer than the venue waits
        return code, table_life.sweep(server)

    code, swept = asyncio.run(asyncio.wait_for(
        with_server(job, grace_s=0.1, limits=limits, journal=Journal(said.append)), 60))
    assert swept == [code]
    closed = json.loads(said[-1])
    assert closed["event"] == "table_closed" and closed["why"] == "its host left"
    assert [json.loads(line)["event"] for line in said].count("seat_joined") == 2
