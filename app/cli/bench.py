"""``parlour bench``: draw each scene off screen for a number of frames and report the
median and 99th-percentile frame time (update + draw) in milliseconds.

Every registered game's table is measured (a game added to the registry is measured
without touching this file), with computer players at every seat and animations on, so the
figure includes cards flying, the count changing and bots deciding; the reflex tables are
measured mid-round, after their countdown. The other screens are measured too: menu,
setup, settings, key bindings, statistics, and pause, rules and results over a table, and
the wash of the deck before a first deal.
``animating`` says what share of the measured frames had an animation running.
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from concurrent.futures import Future, wait
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Callable, Iterator

from app.core.session import LocalSession, SeatPlan, Setup
from games.registry import GAMES

if TYPE_CHECKING:
    from app.window.shell import App

FRAME = 1 / 60
OPENING_FRAMES = 30  # half a second at 60 frames a second
READY_FRAMES = 1200  # untimed frames allowed for a reflex table's countdown

# A builder gets the app and returns the scenes to stack, bottom first.
Builder = Callable[[Any], list[Any]]


def _menu(app: App) -> list[Any]:
    from app.window.scenes.menu import MenuScene

    return [MenuScene(app)]


def _setup(app: App) -> list[Any]:
    from app.window.scenes.setup import SetupScene

    return [SetupScene(app, GAMES["ninety_nine"])]


def _settings(app: App) -> list[Any]:
    from app.window.scenes.settings import SettingsScene

    return [_menu(app)[0], SettingsScene(app)]


def _keys(app: App) -> list[Any]:
    from app.window.scenes.keys import KeyBindingsScene

    return [_menu(app)[0], KeyBindingsScene(app)]


def _stats(app: App) -> list[Any]:
    from app.window.scenes.stats import StatsScene

    return [_menu(app)[0], StatsScene(app)]


def bot_session(game_id: str, seed: int = 1) -> LocalSession:
    spec = GAMES[game_id]
    seats = [SeatPlan(False, "hard") for _ in range(spec.default_seats)]
    return LocalSession(spec, Setup(game_id, seats, {}, seed=seed))


def _table(game_id: str) -> Builder:
    def build(app: App) -> list[Any]:
        from app.window.tables import table_for

        return [table_for(game_id)(app, bot_session(game_id))]
    return build


def _pause(app: App) -> list[Any]:
    from app.window.scenes.pause import PauseScene

    table = _table(_busiest_table())(app)[0]
    return [table, PauseScene(app, table)]


def _rules(app: App) -> list[Any]:
    from app.window.scenes.rules import RulesScene

    table = _table(_busiest_table())(app)[0]
    return [table, RulesScene(app, table.session.spec)]


def _results(app: App) -> list[Any]:
    from app.window.scenes.results import ResultsScene

    game_id = _busiest_table()
    session = bot_session(game_id)
    spec = session.spec
    while not session.state.is_over():  # the bots play to the end, here and quickly
        seat = session.state.to_act()[0]
        session.apply(spec.bots["easy"](session.state.view(seat), session.bot_rng))
    with _scratch_home():  # the results screen keeps a replay: not in the player's folder
        return [ResultsScene(app, session)]


def _wash(app: App) -> list[Any]:
    """Seahaven's table under the wash of the deck before its first deal, washing over and
    over (a real wash is gone in about a second, most of it inside a scene's opening)."""
    from app.window.anim.wash import DURATION, WashScene

    class Washing(WashScene):
        def update(self, dt: float) -> None:
            self.t = (self.t + dt * max(self.app.animation_speed, 1.0) / DURATION) % 1.0

    table = _table("seahaven")(app)[0]
    table._wash_offered = True   # (the one washing here is the looping one)
    return [table, Washing(app, table, table.wash_back)]


def _busiest_table() -> str:
    """The table under the overlays: a trick game with four hands on show."""
    return "whist" if "whist" in GAMES else next(iter(GAMES))


@contextmanager
def _scratch_home() -> Iterator[None]:
    from app.core import storage

    saved = os.environ.get(storage.ENV_HOME)
    with tempfile.TemporaryDirectory() as scratch:
        os.environ[storage.ENV_HOME] = scratch
        try:
            yield
        finally:
            if saved is None:
                os.environ.pop(storage.ENV_HOME, None)
            else:
                os.environ[storage.ENV_HOME] = saved


def scenes() -> dict[str, Builder]:
    found: dict[str, Builder] = {"menu": _menu, "setup": _setup, "settings": _settings,
                                 "keys": _keys, "stats": _stats}
    for game_id in GAMES:
        found[game_id] = _table(game_id)
    found.update({"pause": _pause, "rules": _rules, "results": _results, "wash": _wash})
    return found


def table_scenes() -> list[str]:
    """The benchmark's scenes that are a game's table."""
    return [name for name in scenes() if name in GAMES]


def stage(app: App, build: Builder) -> Any:
    """Put the builder's scenes on the app's stack; a reflex table is run to mid-round."""
    bottom, *above = build(app)
    app.start(bottom)
    for scene in above:
        app.scenes.push(scene)
        scene.resize(app.screen.get_size())
    top = app.scenes.top
    for _ in range(READY_FRAMES):
        session = getattr(top, "session", None)   # (a reflex table: it plays once its countdown is over)
        if getattr(top, "playing", True) or (session is not None and session.state.is_over()):
            break
        app.scenes.update(FRAME)
    return top


def measure(app: App, build: Builder, frames: int) -> dict[str, float | str]:
    top = stage(app, build)
    times, cpu, own, animating = [], [], [], 0
    for _ in range(frames):
        queued = queued_ns()
        started, cpu_started = time.perf_counter(), time.thread_time()
        app.scenes.update(FRAME)
        app.scenes.draw(app.screen)
        times.append((time.perf_counter() - started) * 1000)
        cpu.append((time.thread_time() - cpu_started) * 1000)
        own.append(times[-1] - (queued_ns() - queued) / 1e6)
        anim = getattr(app.scenes.top, "anim", None)
        animating += bool(anim is not None and anim.busy)
        settle(app.scenes.top)  # outside the timed part, as real time would allow
    # A scene's opening (its first half second: the first frame draws and caches its cards
    # and text, a table may paint faces ahead and deal) is reported on its own, as the
    # first frame and the opening's worst frame; the steady-state figures are over the
    # frames after it, so a 600-frame run's p99 is not just the opening's half dozen.
    # On a shared machine the wall clock also counts time spent waiting for a core, so
    # the frame's own CPU time (this thread only) is reported beside it, and the wall time
    # less the wait for a core ("own": CPU time plus any wait for the GIL or a lock); the
    # opening's worst frame is given in all three.
    skip = min(OPENING_FRAMES, frames // 2)
    first, opening = times[0], max(times[:skip] or times[:1])
    opening_cpu, opening_own = max(cpu[:skip] or cpu[:1]), max(own[:skip] or own[:1])
    times, cpu, own = sorted(times[skip:]), sorted(cpu[skip:]), sorted(own[skip:])
    return {"first_frame_ms": round(first, 3), "opening_max_ms": round(opening, 3),
            "opening_cpu_max_ms": round(opening_cpu, 3), "opening_own_max_ms": round(opening_own, 3),
            "median_ms": round(statistics.median(times), 3),
            "p99_ms": round(_p99(times), 3),
            "max_ms": round(times[-1], 3), "frames": len(times),
            "cpu_median_ms": round(statistics.median(cpu), 3), "cpu_p99_ms": round(_p99(cpu), 3),
            "own_p99_ms": round(_p99(own), 3), "own_max_ms": round(own[-1], 3),
            "animating": round(animating / frames, 2), "scene": type(top).__name__}


def settle(scene: Any) -> None:
    """Let a thinking bot, or a solver job of the scene, finish: frames here run far faster
    than real time, and a starved job would leave the table idle."""
    session = getattr(scene, "session", None)
    if session is not None and hasattr(session, "settle"):
        session.settle()
    jobs = [v for v in vars(scene).values() if isinstance(v, Future)] if scene is not None else []
    wait(jobs, timeout=10)


def queued_ns() -> int:
    """Nanoseconds this thread has spent runnable but waiting for a core, where Linux says
    (/proc/thread-self/schedstat); 0 elsewhere, so "own" times fall back to wall times."""
    try:
        with open("/proc/thread-self/schedstat") as stat:
            return int(stat.read().split()[1])
    except (OSError, IndexError, ValueError):
        return 0


def _p99(values: list[float]) -> float:
    return values[min(len(values) - 1, int(len(values) * 0.99))]


def bench(only: str | None, frames: int, size: tuple[int, int]) -> dict[str, Any]:
    from app.core import worker
    from app.window.shell import App

    app = App(size=size, headless=True)
    app.settings.animation_speed = "fast"
    # The app starts the worker after its first frame (App.draw); scenes here are drawn
    # without App.draw, so start it as the app would, or the first table to send a job
    # would count the start (some 20 ms) in its opening.
    worker.warm_up().join()
    chosen = scenes()
    if only is not None:
        chosen = {only: chosen[only]}
    results = {name: measure(app, build, frames) for name, build in chosen.items()}
    return {"size": list(size), "load": round(os.getloadavg()[0], 2), "scenes": results}
