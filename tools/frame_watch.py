"""Frame times of a table in real time while computer players think (a figure for reports).

Unlike ``parlour bench``, which lets a thinking bot finish between frames, this runs the
table headless at 60 frames a second on the wall clock, exactly as ``App.run`` does, so a
bot's search (or the Seahaven solver) competes with the frames as it would for a player.
Each frame's work (input, update, draw, flip) is timed, and frames during which something
was thinking are reported apart.

On a shared machine a frame also waits for a core while other programs run. Linux counts
that wait per thread (/proc/thread-self/schedstat), so beside the wall time each frame is
also reported without it ("own_"): the frame's CPU time plus time blocked, which is where
waiting for the GIL shows; "cpu_" is the frame's CPU time alone. ``--thread`` thinks on a
thread in this process instead of the worker process, for comparison.

    python tools/frame_watch.py whist --seconds 20
    python tools/frame_watch.py seahaven --humans 1      # the hint solver working ahead
    python tools/frame_watch.py whist --thread           # bots on a thread, as before
"""

from __future__ import annotations

import argparse
import json
import os
import time
from concurrent.futures import Future
from typing import Any


def thinking(scene: Any) -> bool:
    """True while a bot or a solver job of ``scene`` is still working."""
    session = getattr(scene, "session", None)
    job = getattr(session, "_thinking", None)
    if job is not None and not job[1].done():
        return True
    return any(isinstance(v, Future) and not v.done() for v in vars(scene).values())


def watch(game_id: str, seconds: float, humans: int, difficulty: str, seed: int) -> dict[str, Any]:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from app.cli.bench import queued_ns
    from app.core.session import SeatPlan, Session, Setup
    from app.window.shell import App
    from app.window.tables import table_for
    from games.registry import GAMES

    app = App(size=(1280, 800), headless=True)
    spec = GAMES[game_id]
    seats = [SeatPlan(i < humans, difficulty) for i in range(spec.default_seats)]
    app.start(table_for(game_id)(app, Session(spec, Setup(game_id, seats, {}, seed=seed))))
    busy: list[tuple[float, float, float]] = []
    calm: list[tuple[float, float, float]] = []
    firsts: dict[str, float] = {}  # the first frame of each scene draws and caches its cards
    clock = pygame.time.Clock()
    ends = time.perf_counter() + seconds
    while time.perf_counter() < ends and app.scenes.top is not None:
        dt = clock.tick(60) / 1000.0
        scene = app.scenes.top
        was = thinking(scene)
        queued, started, cpu = queued_ns(), time.perf_counter(), time.thread_time()
        app.step(min(dt, 0.1))
        took = (time.perf_counter() - started) * 1000
        own = took - (queued_ns() - queued) / 1e6
        cpu = (time.thread_time() - cpu) * 1000
        if scene.name not in firsts:
            firsts[scene.name] = round(took, 1)
        else:
            (busy if was or thinking(app.scenes.top) else calm).append((took, own, cpu))
    pygame.quit()
    return {"game": game_id, "load": os.getloadavg()[0], "thinking": _summary(busy), "idle": _summary(calm),
            "first_frames_ms": firsts}


def _summary(frames: list[tuple[float, float, float]]) -> dict[str, Any]:
    if not frames:
        return {"frames": 0}
    found: dict[str, Any] = {"frames": len(frames)}
    for label, times in (("", [f[0] for f in frames]), ("own_", [f[1] for f in frames]),
                         ("cpu_", [f[2] for f in frames])):
        ordered = sorted(times)
        found.update({f"{label}median_ms": round(ordered[len(ordered) // 2], 2),
                      f"{label}p99_ms": round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))], 2),
                      f"{label}max_ms": round(ordered[-1], 2),
                      f"{label}over_16ms": sum(t > 16 for t in ordered)})
    return found


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("game")
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--humans", type=int, default=0)
    parser.add_argument("--difficulty", default="hard")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--thread", action="store_true", help="think on a thread, not in the worker process")
    args = parser.parse_args()
    from app.core import worker

    worker.USE_PROCESS = not args.thread
    if not args.thread:
        worker.warm_up()  # as the app does after its first menu frame
    print(json.dumps(watch(args.game, args.seconds, args.humans, args.difficulty, args.seed)))


if __name__ == "__main__":
    main()
