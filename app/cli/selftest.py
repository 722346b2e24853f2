"""``parlour --selftest``: start headless, walk from the menu into every game's table, let
computer players run each for a few hundred frames, and report what failed (exit 1) or
that all is well (exit 0). The packaged executable runs this in CI."""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

if TYPE_CHECKING:
    from app.window.shell import App

FRAMES = 300
NETWORK_GAME = "nap"
NETWORK_SEATS = 4
NETWORK_TIMEOUT_S = 120.0


def run(started: float) -> int:
    from app.window.scenes.menu import MenuScene
    from app.core.session import LocalSession, SeatPlan, Setup
    from app.window.shell import App
    from app.window.tables import table_for
    from games.registry import GAMES

    app = App(headless=True)
    app.settings.animation_speed = "fast"
    app.start(MenuScene(app))
    app.step(1 / 60)
    first = (app.first_frame_at or time.perf_counter()) - started
    age = _process_age()
    since_launch = f", {(age - (time.perf_counter() - (app.first_frame_at or time.perf_counter()))) * 1000:.0f} ms after launch" if age else ""
    # Flushed at once: tools/launch_time.py times the arrival of this line, and a frozen
    # executable ignores PYTHONUNBUFFERED, so without the flush it came out only at exit.
    print(f"first frame drawn {first * 1000:.0f} ms after Python started the app{since_launch}, "
          f"{time.process_time() * 1000:.0f} ms of CPU", flush=True)
    failures = _check_worker() + _check_solver() + _check_network()
    for game_id, spec in GAMES.items():
        try:
            _key(app, pygame.K_RETURN)  # the menu opens a setup screen...
            seats = [SeatPlan(False, "normal") for _ in range(spec.default_seats)]
            table = table_for(game_id)(app, LocalSession(spec, Setup(game_id, seats, {}, seed=1)))
            app.start(table)
            for _ in range(FRAMES):
                app.step(1 / 30)
                _settle(app)
            print(f"{game_id}: ok ({len(table.session.actions)} actions in {FRAMES} frames)")
            app.start(MenuScene(app))
        except Exception as problem:  # report every game's failure, then fail once
            failures.append(f"{game_id}: {type(problem).__name__}: {problem}")
    for line in failures:
        print("FAILED " + line, file=sys.stderr)
    pygame.quit()
    return 1 if failures else 0


def _process_age() -> float | None:
    """Seconds since this process was launched (Linux only), so the one-file executable's
    unpacking time is counted too; None where the system does not say."""
    try:
        with open("/proc/self/stat") as stat, open("/proc/uptime") as uptime:
            started_ticks = int(stat.read().rsplit(")", 1)[1].split()[19])
            return float(uptime.read().split()[0]) - started_ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def _check_worker() -> list[str]:
    """Bots must think in the worker process: a packaged build where it cannot start
    (say, a spawned worker that runs the app again instead) would only show as slow frames."""
    from app.core import worker

    try:
        elsewhere = worker.submit(os.getpid).result(timeout=60) != os.getpid()
    except Exception as problem:  # any failure to start or answer is the finding
        return [f"worker: {type(problem).__name__}: {problem}"]
    print(f"worker: bots think in {worker.how()}", flush=True)
    return [] if elsewhere and worker.in_process() else ["worker: jobs ran in the app's own process"]


def _check_solver() -> list[str]:
    """The double-dummy solver the coach and the Expert use: one Whist deal's opening leads
    (DDS), or a five-card ending with our own search where DDS is not bundled."""
    from games.core.cards import standard_deck
    from games.core.double_dummy import dds_available, solve_leads

    try:
        started = time.perf_counter()
        if dds_available():
            from app.cli.solve import whist_deal

            leads = whist_deal(1)["leads"]
            what = "DDS solved Whist deal 1"
        else:
            deck = standard_deck()
            leads = {str(c): t for c, t in solve_leads([deck[i::4][:5] for i in range(4)], None, 0).items()}
            what = "no DDS here; our own search solved a five-card ending"
        best = max(leads, key=leads.__getitem__)
        print(f"solver: {what} in {time.perf_counter() - started:.2f} s: "
              f"lead {best} takes {leads[best]} tricks", flush=True)
        return []
    except Exception as problem:  # the finding is the failure itself
        return [f"solver: {type(problem).__name__}: {problem}"]


def _check_network(timeout_s: float = NETWORK_TIMEOUT_S) -> list[str]:
    """serve / host / join need websockets, ssl, http and sqlite3, which a packaged build
    could leave out: one short game on 127.0.0.1, a server in this process on a free port
    and every seat a headless bot client, as ``parlour join --bot`` plays one."""
    from games.registry import GAMES

    title = GAMES[NETWORK_GAME].title
    try:
        started = time.perf_counter()
        with tempfile.TemporaryDirectory(prefix="parlour-selftest-") as folder:
            results = asyncio.run(asyncio.wait_for(_loopback_game(Path(folder)), timeout_s))
        outcomes = {repr(result["outcome"]) for result in results}
        errors = sum(result["errors"] for result in results)
        if None in (result["outcome"] for result in results) or len(outcomes) != 1 or errors:
            return [f"network: the clients disagree or were refused ({errors} errors): {sorted(outcomes)}"]
        moves = sum(result["actions"] for result in results)
        print(f"network: a {title} game over loopback in {time.perf_counter() - started:.1f} s "
              f"({len(results)} bot clients, {moves} moves)", flush=True)
        return []
    except asyncio.TimeoutError:
        return [f"network: the {title} game over loopback did not finish within {timeout_s:g} s"]
    except Exception as problem:  # the finding is the failure itself
        return [f"network: {type(problem).__name__}: {problem}"]


async def _loopback_game(folder: Path) -> list[dict[str, Any]]:
    """Every seat's result line, once the game is over (the host's first)."""
    from app.net.client.client import BotClient
    from app.net.server.server import Server
    from app.net.server.store import TableStore

    server = Server(TableStore(folder), chosen_seeds=True)     # the same deal on every run
    stop = asyncio.Event()
    ports: list[int] = []
    serving = asyncio.create_task(server.run("127.0.0.1", 0, lambda _host, port: ports.append(port), stop))
    try:
        while not ports:
            if serving.done():
                serving.result()              # it could not listen: raise why
            await asyncio.sleep(0.01)
        url = f"ws://127.0.0.1:{ports[0]}"
        code: asyncio.Future[str] = asyncio.get_running_loop().create_future()
        create = {"game": NETWORK_GAME, "seats": NETWORK_SEATS, "remote": NETWORK_SEATS - 1,
                  "difficulty": "easy", "seed": 1}


        def welcomed(message: dict[str, Any]) -> None:   # the table's code, for the guests
            code.set_result(message["table"])

        host = asyncio.create_task(BotClient(url, {"create": create}, "easy", name="Host", seed=1,
                                             on_welcome=welcomed).run())
        first: set[asyncio.Future[Any]] = {host, code}
        await asyncio.wait(first, return_when=asyncio.FIRST_COMPLETED)
        if not code.done():
            host.result()                     # the table was refused: raise why
        guests = [BotClient(url, {"code": code.result()}, "easy", name=f"Guest {seat}", seed=seat + 1).run()
                  for seat in range(1, NETWORK_SEATS)]
        return list(await asyncio.gather(host, *guests))
    finally:
        stop.set()
        await serving


def _settle(app: App) -> None:
    """Frames here run far faster than real time: let a thinking bot (or a solver job of
    the table, such as Seahaven's demonstration) finish between them."""
    from app.cli.bench import settle

    settle(app.scenes.top)


def _key(app: App, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
    app.step(1 / 60)
