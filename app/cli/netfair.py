"""``parlour netfair``: how fairly a reflex table judges two players on different
connections, measured over loopback. Prints one JSON object.

A server runs on a thread of its own; two real clients (``ReflexClient``, scripted) sit at
an Egyptian Ratscrew table, each behind an in-process delay proxy (the network, on a thread
of its own) with its one-way delay (``--latency A,B``, each way) plus or minus up to
``--jitter`` ms on every chunk. Each trial the table is given a slappable pile (netfair's
one reach into the server: a fresh deal flipped until the pile shows a pair or a sandwich),
then both clients slap at real times ``--gap`` ms apart, the earlier one alternating. Each
stamps its press with its own estimate of the server's clock, as any client does.

Figures: ``earlier_won``, the share of trials the earlier slap won the pile;
``verdict_delay_ms``, from the later press to the moment the server applied the winning
slap (both on the server's clock, which this process reads directly), p50 and p99;
``window_ms``, the table's resolution window, the longest a press may wait (median over
the trials; a race is decided sooner once both slaps are in hand); ``no_verdict``,
trials where no slap won in time (counted as lost for the earlier one);
``gap_off_by_more_than_ms``: on a busy machine the presses may come out further apart than
asked; such a trial is not counted but run again, and how many were is said here;
``presses_late``: presses that reached the server after the table had judged past them (they
count at the table's clock), ``presses_moved``: presses whose stamps were earlier than the
connection's delay allows (moved up by the lie bound), over all trials run.
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import threading
from random import Random
from typing import Any

from app.net.client.client import percentile
from app.cli.delay_proxy import DelayProxy
from app.net.wire.protocol import read_table
from app.net.client.reflex_client import ReflexClient, local_ms
from app.net.server.reflex_table import RACE_SPAN_MS, ReflexRun, run_of, server_ms
from app.net.server.server import Server, Table
from games.ratscrew.rules import Flip, Slap, Slapped, new_game

# After a verdict, before the next trial: late slaps land, and the next trial's slaps come
# more than the table's race span after this one's, so they are a race of their own (sooner,
# the server took them for more presses in the last race and gave them no verdict).
SETTLE_S = RACE_SPAN_MS / 1000 + 0.05
LEAD_MS = 60.0         # from the pile being set to the first press
TRIAL_TIMEOUT_S = 3.0
GAP_SLACK_MS = 2.0     # a trial whose presses came out further than this off the gap is run again
SPIN_MS = 4.0          # the last ms before a press are spun, not slept
SWITCH_S = 0.0005      # how often Python lets the other thread run (the server's)
SYNC_TIMEOUT_S = 30.0


class ServerThread:
    """A Parlour server on its own thread and event loop (so its timing is its own)."""

    def __init__(self) -> None:
        self.server = Server(None, chosen_seeds=True)     # the same deal on every run
        self.loop = asyncio.new_event_loop()
        self.port: int | None = None
        self._stop: asyncio.Event | None = None
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._main, name="netfair-server", daemon=True)

    def start(self) -> int:
        self._thread.start()
        if not self._ready.wait(30) or self.port is None:
            raise RuntimeError("the server did not start")
        return self.port

    def _main(self) -> None:
        asyncio.set_event_loop(self.loop)
        self._stop = asyncio.Event()

        def ready(_host: str, port: int) -> None:
            self.port = port
            self._ready.set()
        self.loop.run_until_complete(self.server.run("127.0.0.1", 0, ready, self._stop))
        left = asyncio.all_tasks(self.loop)     # the tables' runs: ended with the server
        for task in left:
            task.cancel()
        self.loop.run_until_complete(asyncio.gather(*left, return_exceptions=True))
        self.loop.close()

    def call(self, job: Any) -> asyncio.Future[Any]:
        """Run the coroutine ``job`` on the server's loop; awaitable from another loop."""
        return asyncio.wrap_future(asyncio.run_coroutine_threadsafe(job, self.loop))

    def stop(self) -> None:
        if self._stop is not None:
            self.loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(timeout=30)


class NetworkThread:
    """The network between the clients and the server: the delay proxies, on a thread and
    event loop of their own. On the clients' loop they would stand still while a client
    spins towards its press, holding back the other's press (which, on two machines, is
    already on its way)."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self.loop.run_forever, name="netfair-network", daemon=True)
        self._thread.start()

    def call(self, job: Any) -> asyncio.Future[Any]:
        """Run the coroutine ``job`` on the network's loop; awaitable from another loop."""
        return asyncio.wrap_future(asyncio.run_coroutine_threadsafe(job, self.loop))

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(timeout=30)
        if not self._thread.is_alive():
            self.loop.close()


def run(latency: tuple[float, float], jitter: float, gap: float, trials: int, seed: int = 1) -> dict[str, Any]:
    switch = sys.getswitchinterval()
    sys.setswitchinterval(SWITCH_S)      # the server's, the network's and this thread take turns often
    host = ServerThread()
    port = host.start()
    network = NetworkThread()
    try:
        return asyncio.run(_measure(host, port, network, latency, jitter, gap, trials, seed))
    finally:
        network.stop()
        host.stop()
        sys.setswitchinterval(switch)


async def _proxies(port: int, latency: tuple[float, float], jitter: float, seed: int) -> list[tuple[DelayProxy, int]]:
    """On the network's loop: a started delay proxy to the server for each client, with its port."""
    rng = Random(seed)
    proxies = [DelayProxy("127.0.0.1", port, d, d, jitter, Random(rng.random())) for d in latency]
    return [(p, await p.start()) for p in proxies]


async def _close(proxies: list[DelayProxy]) -> None:
    for proxy in proxies:
        await proxy.close()


async def _measure(host: ServerThread, port: int, network: NetworkThread, latency: tuple[float, float],
                   jitter: float, gap: float, trials: int, seed: int) -> dict[str, Any]:
    started = await network.call(_proxies(port, latency, jitter, seed))
    proxies = [proxy for proxy, _ in started]
    urls = [f"ws://127.0.0.1:{proxy_port}" for _, proxy_port in started]
    wins: list[tuple[int, float]] = []     # (seat that won a pile, local ms)
    clients, tasks = await _seat(urls, wins)
    try:
        table = host.server.tables[clients[0].table or ""]
        await _synced(clients, table)
        run = run_of(table)
        assert isinstance(run, ReflexRun)
        won, delays, windows, missing = 0, [], [], 0
        deal = 0
        trial = again = 0
        while trial < trials:
            deal = await host.call(_slappable(host.server, table, deal + 1))
            result = await _trial(run, clients, trial % 2, gap, wins)
            if result == "again":       # the presses did not come out the gap apart
                again += 1
                await asyncio.sleep(SETTLE_S)
                continue
            trial += 1
            windows.append(run.window_ms)
            if not isinstance(result, tuple):
                missing += 1
                continue
            earlier_won, delay = result
            won += earlier_won
            delays.append(delay)
            await asyncio.sleep(SETTLE_S)
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await network.call(_close(proxies))
    p50, p99 = percentile(delays, 0.5), percentile(delays, 0.99)
    return {"game": "ratscrew", "trials": trials, "earlier_won": round(won / trials, 4), "gap_ms": gap,
            "latency_ms": list(latency), "jitter_ms": jitter,
            "window_ms": round(statistics.median(windows), 1) if windows else None,
            "verdict_delay_ms": {"p50": _r(p50), "p99": _r(p99)}, "no_verdict": missing,
            "gap_off_by_more_than_ms": {"limit": GAP_SLACK_MS, "trials_run_again": again},
            "presses_late": run.late, "presses_moved": run.moved}


def _r(value: float | None) -> float | None:
    return round(value, 1) if value is not None else None


async def _seat(urls: list[str], wins: list[tuple[int, float]]) -> tuple[list[ReflexClient], list[asyncio.Task[Any]]]:
    """Two scripted clients at a new two-seat Ratscrew table."""
    def heard(message: dict[str, Any], arrived: float) -> None:
        if message.get("type") == "table":
            for event in read_table(message).events:
                if isinstance(event, Slapped):
                    wins.append((event.seat, arrived))

    welcomed: asyncio.Future[str] = asyncio.get_running_loop().create_future()
    create = {"game": "ratscrew", "seats": 2, "remote": 1, "seed": 1}
    first = ReflexClient(urls[0], {"create": create}, None, name="Near", timeout_s=24 * 3600,
                         on_welcome=lambda m: welcomed.set_result(m["table"]), on_message=heard)
    tasks = [asyncio.create_task(first.run())]
    code = await asyncio.wait_for(welcomed, 30)
    second = ReflexClient(urls[1], {"code": code}, None, name="Far", timeout_s=24 * 3600)
    tasks.append(asyncio.create_task(second.run()))
    return [first, second], tasks


async def _synced(clients: list[ReflexClient], table: Table) -> None:
    """Until both clocks are synced, the game has begun and the server measured both links."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + SYNC_TIMEOUT_S
    while True:
        run = run_of(table)
        ready = (run is not None and run.game_at(server_ms()) > 500
                 and all(c.clock.synced and c.zero is not None and len(c.clock.samples) >= 8 for c in clients))
        if ready:
            return
        if loop.time() > deadline:
            raise RuntimeError("the clients' clocks did not sync")
        await asyncio.sleep(0.05)


async def _slappable(server: Server, table: Table, deal: int) -> int:
    """On the server's loop: the table's game becomes a fresh deal flipped (at its clock)
    until the pile can be slapped, every card a plain one; returns the deal's number."""
    run = run_of(table)
    assert isinstance(run, ReflexRun)
    options = run.core.options
    while True:
        state = new_game(options, deal)
        at = run.driver.state.now_ms
        state.advance(at)
        for _ in range(6):
            at += 1
            seat = state.turn
            if seat is None or any(e for e in state.apply(Flip(seat, at)) if getattr(e, "needed", 0)):
                break
            if state.view(0).pattern is not None:
                run.core.state = run.driver.state = state
                run.driver.replan()
                server.broadcast(table, [])
                return deal
        deal += 1


async def _trial(run: ReflexRun, clients: list[ReflexClient], earlier: int, gap: float,
                 wins: list[tuple[int, float]]) -> tuple[bool, float] | str | None:
    """Both slap, ``earlier``'s client first; whether it won, and the verdict's delay."""
    start = local_ms() + LEAD_MS
    heard = len(run.verdicts)
    seen = len(wins)
    order = [clients[earlier], clients[1 - earlier]]
    pressed = await _press_both(order, start, gap)
    loop = asyncio.get_running_loop()
    deadline = loop.time() + TRIAL_TIMEOUT_S
    while len(wins) == seen or len(run.verdicts) == heard:
        if loop.time() > deadline:
            return None
        await asyncio.sleep(0.002)
    if abs(pressed[1] - pressed[0] - gap) > GAP_SLACK_MS:
        return "again"          # (its verdict waited for, so it cannot pass for the next one's)
    winner = wins[seen][0]
    decided = min(v.decided_ms for v in run.verdicts[heard:])
    return winner == order[0].seat, decided - pressed[1]


async def _press_both(order: list[ReflexClient], start: float, gap: float) -> list[float]:
    """The first client slaps at ``start`` on this process's clock, the second ``gap`` ms
    later; returns the true moments on the server's clock. The last few ms before each are
    waited out by spinning (a sleep may wake late by as much), and so is the gap itself."""
    await asyncio.sleep(max(0.0, (start - SPIN_MS - local_ms()) / 1000))
    truths: list[float] = []
    for index, client in enumerate(order):
        at = start + index * gap if index == 0 else truths[0] - server_ms() + local_ms() + gap
        while local_ms() < at:
            pass
        truths.append(server_ms())
        assert client.seat is not None
        await client.press(Slap(client.seat, 0))
    return truths
