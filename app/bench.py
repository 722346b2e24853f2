"""``parlour bench``: draw each scene off screen for a number of frames and report the
median and 99th-percentile frame time (update + draw) in milliseconds.

The table scenes run with computer players at every seat and animations on, so the figure
includes cards flying, the count changing and bots deciding."""

from __future__ import annotations

import statistics
import time
from typing import Any, Callable

from app.session import SeatPlan, Session, Setup
from games.registry import GAMES

FRAME = 1 / 60


def _menu(app: Any) -> Any:
    from app.scenes.menu import MenuScene

    return MenuScene(app)


def _setup(app: Any) -> Any:
    from app.scenes.setup import SetupScene

    return SetupScene(app, GAMES["ninety_nine"])


def _table(game_id: str) -> Callable[[Any], Any]:
    def build(app: Any) -> Any:
        from app.tables import table_for

        spec = GAMES[game_id]
        seats = [SeatPlan(False, "hard") for _ in range(spec.default_seats)]
        session = Session(spec, Setup(game_id, seats, {}, seed=1))
        return table_for(game_id)(app, session)
    return build


def scenes() -> dict[str, Callable[[Any], Any]]:
    found: dict[str, Callable[[Any], Any]] = {"menu": _menu, "setup": _setup}
    for game_id in GAMES:
        found[game_id] = _table(game_id)
    return found


def measure(app: Any, build: Callable[[Any], Any], frames: int) -> dict[str, float]:
    app.start(build(app))
    times, cpu = [], []
    for _ in range(frames):
        started, cpu_started = time.perf_counter(), time.thread_time()
        app.scenes.update(FRAME)
        app.scenes.draw(app.screen)
        times.append((time.perf_counter() - started) * 1000)
        cpu.append((time.thread_time() - cpu_started) * 1000)
        # Outside the timed part: let a thinking bot finish, as it would in real time.
        session = getattr(app.scenes.top, "session", None)
        if hasattr(session, "settle"):
            session.settle()
    # The first frame of a scene draws and caches its cards and text: reported on its own,
    # the steady-state figures are over the frames after it.
    # On a shared machine the wall clock also counts time spent waiting for a core, so
    # the frame's own CPU time (this thread only) is reported beside it.
    first, times, cpu = times[0], sorted(times[1:]), sorted(cpu[1:])
    return {"first_frame_ms": round(first, 3), "median_ms": round(statistics.median(times), 3),
            "p99_ms": round(_p99(times), 3),
            "max_ms": round(times[-1], 3), "frames": frames - 1,
            "cpu_median_ms": round(statistics.median(cpu), 3), "cpu_p99_ms": round(_p99(cpu), 3)}


def _p99(values: list[float]) -> float:
    return values[min(len(values) - 1, int(len(values) * 0.99))]


def bench(only: str | None, frames: int, size: tuple[int, int]) -> dict[str, Any]:
    from app.shell import App

    app = App(size=size, headless=True)
    app.settings.animation_speed = "fast"
    chosen = scenes()
    if only is not None:
        chosen = {only: chosen[only]}
    results = {name: measure(app, build, frames) for name, build in chosen.items()}
    return {"size": list(size), "scenes": results}
