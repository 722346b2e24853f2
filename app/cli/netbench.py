"""``parlour netbench``: a server process and many headless bot clients over loopback, for
``--seconds``; prints JSON figures: tables, clients, actions, actions per second, the action
round trip (p50, p99, max), the server's CPU per action (and the clients', and the machine's
load average, which say where the rest of the time goes), errors.

The server is a real ``parlour serve`` subprocess (so its CPU time is its own, read from
/proc where there is one); the clients all run in this process, every seat of every table
a remote bot client at ``--level`` (Easy by default: it chooses in microseconds, so the
clients' one process leaves the server a core of its own on a two-core machine), each
table playing game after game until time is up.

With ``think_ms`` 0 every bot moves the moment its turn comes: a closed loop that measures
how many actions a second the server and clients manage together, and the round trip is
mostly the queue of other tables' moves (n tables at r actions a second wait about n / r
seconds a move, whatever the server does). With ``think_ms`` each bot waits that long
before each move, as a person would, and the round trip is the server's answer alone.
``rtt_ms_all_seated`` counts only the round trips begun once every client had sat down
(``all_seated_after_s``), and ``server_cpu_ms_per_action_all_seated`` only the server's CPU
from then on: the server holding all its tables, without the first seconds' rush of
connections.

``stalls`` says where the loops paused, in the server and in the clients' process: their
collections of cyclic garbage by generation, and the lags of each loop over 10 ms;
``slow_round_trips`` counts the round trips over 50 ms and, for each kind of pause, how
many of them it overlapped (app/cli/stalls.py). The clients' process does not collect
while they play (``_no_collections``): it stands in for a thousand machines.
"""

from __future__ import annotations

import asyncio
import gc
import json
import os
import subprocess
import sys
import tempfile
import time
from collections import Counter
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

from app.cli.serve import fast_loop
from app.cli.stalls import Stalls, causes
from app.net.client.client import BotClient, percentile
from games.registry import GAMES


def _cpu_s(pid: int) -> float | None:
    """A process's user + system CPU seconds (Linux's /proc), or None elsewhere."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return None


def run(game: str, tables: int, seconds: float, level: str, think_ms: float = 0.0) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="parlour-netbench-") as data:
        # A session of its own: where Linux shares the CPU out by session (autogroups), the
        # server gets its own share, as a real one would, not half of one with 1,000 clients.
        # Every client is on loopback: one address with as many connections and tables as it
        # likes; and the same deals on every run (--chosen-seeds).
        server_stalls = Path(data) / "stalls.json"      # (where the server's loop paused: app/cli/stalls.py)
        server = subprocess.Popen([sys.executable, "-m", "app", "serve", "--port", "0", "--data", data,
                                   "--connections-per-address", "0", "--waiting-tables-per-address", "0",
                                   "--chosen-seeds", "--stalls", str(server_stalls)],
                                  stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                                  start_new_session=True)
        try:
            assert server.stdout is not None
            line = server.stdout.readline().strip()
            if not line.startswith("parlour server listening on "):
                raise RuntimeError(f"the server did not start: {line!r}")
            url = line.rsplit(" ", 1)[-1]
            cpu_before, own_before = _cpu_s(server.pid), time.process_time()
            seated = _Seated(tables * GAMES[game].default_seats, server.pid)
            clients_stalls = Stalls()
            with _no_collections(), asyncio.Runner(loop_factory=fast_loop()) as runner:   # (the server's loop too)
                clients, failures, elapsed = runner.run(_bench(url, game, tables, seconds, level, think_ms / 1000,
                                                               seated, clients_stalls))
            cpu_after, own_cpu = _cpu_s(server.pid), time.process_time() - own_before
        finally:
            server.terminate()
            server.wait(timeout=30)
        stalls = Stalls.from_data(json.loads(server_stalls.read_text())) if server_stalls.exists() else None
    # The round trips on time.monotonic(), the clock of the pauses (perf_counter runs at its rate).
    shift = time.monotonic() - time.perf_counter()
    spans = [(at + shift, at + shift + r / 1000) for c in clients for r, at in zip(c.rtts_ms, c.sent_at)]
    rtts = [r for c in clients for r in c.rtts_ms]
    # Once every client has sat down: the round trips of a server holding all its tables,
    # without the first seconds' queue of connections and new tables.
    held = [r for c in clients for r, at in zip(c.rtts_ms, c.sent_at) if seated.at is not None and at >= seated.at]
    held_cpu_ms = (cpu_after - seated.server_cpu_s) * 1000 if cpu_after is not None and seated.server_cpu_s is not None else None
    actions = sum(len(c.rtts_ms) for c in clients)
    cpu_ms = (cpu_after - cpu_before) * 1000 if cpu_before is not None and cpu_after is not None else None
    return {
        "game": game, "tables": tables, "clients": tables * GAMES[game].default_seats,
        "seconds": round(elapsed, 1), "think_ms": think_ms, "games_finished": sum(1 for c in clients if c.outcome and c.seat == 0),
        "actions": actions, "actions_per_s": round(actions / elapsed, 1) if elapsed else None,
        "rtt_ms": _spread(rtts),
        "all_seated_after_s": _round(seated.at - seated.started) if seated.at is not None else None,
        "rtt_ms_all_seated": _spread(held),
        "server_cpu_ms_per_action": round(cpu_ms / actions, 3) if cpu_ms is not None and actions else None,
        "server_cpu_ms_per_action_all_seated": round(held_cpu_ms / len(held), 3) if held_cpu_ms is not None and held else None,
        # Where the rest of the time goes: every client runs in this one process.
        "clients_cpu_ms_per_action": round(own_cpu * 1000 / actions, 3) if actions else None,
        "load_average": _load(),
        "errors": sum(len(c.errors) for c in clients) + sum(failures.values()),
        # What went wrong, most common first: an operator needs the kind, not only the count.
        "error_kinds": dict(Counter([e[:80] for c in clients for e in c.errors] + list(failures.elements()))
                            .most_common(5)),
        # Where the long round trips' time went: each process's pauses, and the round trips
        # over 50 ms that overlapped each kind (app/cli/stalls.py).
        "stalls": {"server": stalls.summary() if stalls is not None else None, "clients": clients_stalls.summary()},
        "slow_round_trips": causes(spans, stalls, clients_stalls),
    }


def _load() -> float | None:
    """The machine's one-minute load average: on a busy machine round trips wait for a core."""
    try:
        return round(os.getloadavg()[0], 2)
    except (OSError, AttributeError):
        return None


def _round(value: float | None) -> float | None:
    return round(value, 2) if value is not None else None


def _spread(rtts: list[float]) -> dict[str, float | None]:
    return {"p50": _round(percentile(rtts, 0.5)), "p99": _round(percentile(rtts, 0.99)),
            "max": _round(max(rtts) if rtts else None)}


class _Seated:
    """When every client had been welcomed to its seat (``time.perf_counter``), and the
    server's CPU seconds then."""

    def __init__(self, clients: int, server_pid: int) -> None:
        self.waiting, self.started, self.server_pid = clients, time.perf_counter(), server_pid
        self.at: float | None = None
        self.server_cpu_s: float | None = None

    def welcomed(self) -> None:
        self.waiting -= 1
        if self.waiting == 0:
            self.at, self.server_cpu_s = time.perf_counter(), _cpu_s(self.server_pid)


@contextmanager
def _no_collections() -> Iterator[None]:
    """No cyclic garbage collection in this process while the clients play. They stand in
    for a thousand machines, each with a small heap and short collections; here one heap
    holds them all, and its collections stopped every client at once, for tens of
    milliseconds (100-300 ms on a busy machine), which the round trips then counted as
    the server's. Freezing the heap once all had sat down still left the young
    generations' collections over a thousand clients' messages (up to 167 ms each, under
    load). The clients make little cyclic garbage in a run (a few hundred objects), so
    none is collected until the run is over. (This is the benchmark's process only: the
    server collects as ever, app/cli/serve.py.)"""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


async def _bench(url: str, game: str, tables: int, seconds: float, level: str,
                 think_s: float, seated: _Seated, stalls: Stalls) -> tuple[list[BotClient], Counter[str], float]:
    stalls.start()
    clients: list[BotClient] = []
    failures: Counter[str] = Counter()
    started = time.monotonic()
    deadline = started + seconds
    loops = [asyncio.create_task(_table_loop(url, game, t, level, think_s, deadline, clients, failures, seated))
             for t in range(tables)]
    await asyncio.wait(loops, timeout=max(0.0, deadline - time.monotonic()) + 0.5)
    elapsed = time.monotonic() - started
    for task in loops:
        task.cancel()
    await asyncio.gather(*loops, return_exceptions=True)
    stalls.stop()
    return clients, failures, elapsed


async def _table_loop(url: str, game: str, number: int, level: str, think_s: float, deadline: float,
                      clients: list[BotClient], failures: Counter[str], seated: _Seated) -> None:
    seats = GAMES[game].default_seats
    seed = number * 1000
    while time.monotonic() < deadline:
        seed += 1
        welcomed: asyncio.Future[str] = asyncio.get_running_loop().create_future()
        create = {"game": game, "seats": seats, "remote": seats - 1, "difficulty": level, "seed": seed}

        def host_welcomed(message: dict[str, Any]) -> None:
            welcomed.set_result(message["table"])
            seated.welcomed()

        host = BotClient(url, {"create": create}, level, name="Host", seed=seed, timeout_s=600,
                         think_s=think_s, on_welcome=host_welcomed)
        clients.append(host)
        try:
            host_task = asyncio.create_task(host.run())
            code = await asyncio.wait_for(welcomed, 60)
            guests = [BotClient(url, {"code": code}, level, name=f"Guest {i}", seed=seed + i, timeout_s=600,
                                think_s=think_s, on_welcome=lambda m: seated.welcomed()) for i in range(1, seats)]
            clients.extend(guests)
            await asyncio.gather(host_task, *(g.run() for g in guests))
        except asyncio.CancelledError:
            raise
        except Exception as failure:   # counted: the benchmark reports failures, never stops on one
            failures[f"{type(failure).__name__}: {failure}"[:80]] += 1
