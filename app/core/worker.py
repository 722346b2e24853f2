"""A second process where bots and solvers think, so a long search never holds up a frame.

A bot thread in the same process shares the GIL with the frame loop: each time the frame
loop wants the interpreter back it may wait a whole switch interval (5 ms), several times a
frame. Measured with tools/frame_watch.py (frame time less any wait for a core), a frame
drawn while a hard bot searched on a thread took up to 6-10 ms instead of 2, and up to
15-39 ms while the Seahaven solver ran. A worker process runs on the other core and takes
nothing from the frame loop, which only pickles a view (about a kilobyte) and polls a
future: those frames took 2-4 ms, as frames with nobody thinking do. (A shorter switch
interval, 0.5 ms, helped a thread less: Seahaven frames still reached 11-29 ms.)

One worker serves the whole app, so jobs run one at a time in the order they were sent,
as they did on the old single bot thread. It starts on first use, or early with
``warm_up`` (after the first menu frame, so start-up does not wait for it). Where no
process can be started, or the worker dies, jobs run on a thread instead: slower frames,
same answers.
"""

from __future__ import annotations

import atexit
import os
import threading
import time
from concurrent.futures import BrokenExecutor, Executor, Future, ThreadPoolExecutor
from random import Random
from typing import TYPE_CHECKING, Any, Callable, TypeVar

if TYPE_CHECKING:
    from games.core.protocol import Action, GameState, RngState

_lock = threading.Lock()
_pool: Executor | None = None
_fallback: ThreadPoolExecutor | None = None
# Set to False (tests, or a platform where processes misbehave) to think on a thread.
USE_PROCESS = True
# How the worker is started. Spawn everywhere: it is what Windows and macOS must use, so
# the tests and CI on Linux run the way every player's copy runs; a forked worker would
# also inherit the app's threads and SDL's state (Python 3.12+ warns that forking a process
# with threads can deadlock). PARLOUR_WORKER_START=fork or forkserver overrides it. (Under
# forkserver a killed app's worker lives on until its current job ends: it is a child of
# the fork server, which it keeps alive itself.)
START_METHOD: str = os.environ.get("PARLOUR_WORKER_START") or "spawn"

R = TypeVar("R")   # what a job returns: its future holds the same type


def _start_pool() -> Executor:
    global _fallback
    if USE_PROCESS:
        try:  # imported here: multiprocessing is not needed before the first frame
            import multiprocessing
            from concurrent.futures import ProcessPoolExecutor

            return ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context(START_METHOD),
                                       initializer=_watch_parent)
        except (OSError, ImportError, NotImplementedError, ValueError):
            pass
    if _fallback is None:
        _fallback = ThreadPoolExecutor(max_workers=1, thread_name_prefix="thinker")
    return _fallback


def _executor() -> Executor:
    global _pool
    with _lock:
        if _pool is None:
            _pool = _start_pool()
        return _pool


def submit(fn: Callable[..., R], *args: object) -> Future[R]:
    """Run ``fn(*args)`` in the worker. ``fn`` and the arguments must pickle (module-level
    functions and plain data); the answer comes back as a copy."""
    try:
        return _executor().submit(fn, *args)
    except (BrokenExecutor, RuntimeError, OSError):
        give_up_on_process()
        return _executor().submit(fn, *args)


def give_up_on_process() -> None:
    """The worker died or could not start: from now on jobs run on a thread."""
    global _pool, USE_PROCESS
    with _lock:
        broken, _pool, USE_PROCESS = _pool, None, False
    if broken is not None and broken is not _fallback:
        broken.shutdown(wait=False, cancel_futures=True)


def run_here(fn: Callable[..., R], *args: object) -> Future[R]:
    """Run ``fn(*args)`` on the fallback thread (for jobs that do not pickle)."""
    global _fallback
    with _lock:
        if _fallback is None:
            _fallback = ThreadPoolExecutor(max_workers=1, thread_name_prefix="thinker")
    return _fallback.submit(fn, *args)


def stop() -> None:
    """Stop the worker at once, dropping any search in progress (the app is closing):
    otherwise Python would wait at exit for the job to finish, seconds for a hard solve."""
    global _pool
    with _lock:
        pool, _pool = _pool, None
    if pool is not None and pool is not _fallback:
        # SIGKILL, as SIGTERM may be caught: a worker forked (not spawned) after pygame
        # started inherits SDL's handler, which turns it into a quit event nobody reads.
        for process in list((getattr(pool, "_processes", None) or {}).values()):  # public only from 3.14
            process.kill()
        pool.shutdown(wait=True, cancel_futures=True)  # quick: its processes are gone


@atexit.register
def _let_go() -> None:
    """Drop the pool while Python is still whole (its workers have been joined by now): if
    it were collected later, at teardown, its clean-up callback would fail noisily."""
    global _pool
    _pool = None


def warm_up() -> threading.Thread:
    """Start the worker now, so the first bot of the first game does not wait for it. The
    start runs on a thread of its own: starting a process (and the pool's manager thread)
    held up the calling thread for 30-160 ms, a visible stall if that is the frame loop."""
    starter = threading.Thread(target=submit, args=(_ready,), name="worker-start", daemon=True)
    starter.start()
    return starter


def in_process() -> bool:
    """True when jobs run in a separate process (not on the fallback thread)."""
    return _executor() is not _fallback


def how() -> str:
    """Where jobs run, in words: "a process (spawn)" or "a thread" (for the self-test)."""
    pool = _executor()
    if pool is _fallback:
        return "a thread"
    context = getattr(pool, "_mp_context", None)
    return f"a process ({context.get_start_method() if context else 'default'})"


def _ready() -> bool:
    return True


def _watch_parent(every: float = 0.5) -> None:
    """In the worker: leave as soon as the app is gone. If the app is killed, nobody sends
    the pool's stop signal, and a worker deep in a search (or waiting for its next job)
    would otherwise live on, holding the app's pipes open. The parent is the app when the
    worker is forked or spawned, and the fork server (which leaves with the app) under
    forkserver: either way the worker is orphaned, and its parent changes, when the app goes."""
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(every)
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def choose(game_id: str, difficulty: str, view: object, rng_state: RngState) -> tuple[Action, RngState]:
    """A registered bot's action for ``view``, drawing from a generator in ``rng_state``,
    and that generator's state afterwards: the caller's generator then moves on exactly as
    if the bot had run at home, so seeded games and replays stay the same. Bots are found
    by name because some are closures, which do not pickle; the generator goes as its
    state, an immutable copy taken when the job is sent."""
    from games.registry import GAMES

    rng = Random()
    rng.setstate(rng_state)
    action = GAMES[game_id].bots[difficulty](view, rng)
    return action, rng.getstate()


def new_game(game_id: str, options: object, seed: int) -> GameState[Any, Any]:
    """A registered game's ``new_game(options, seed)``, for a deal that needs a search."""
    from games.registry import GAMES

    return GAMES[game_id].new_game(options, seed)
