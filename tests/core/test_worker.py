"""Bots thinking in the worker process: the same answers as at home, for the same seed."""

from __future__ import annotations

import dataclasses
import multiprocessing
import os
import random
from concurrent.futures import Future

import pytest

from app.core import worker
from app.core.session import SeatPlan, Session, Setup
from games.registry import GAMES

TURN_GAMES = [g for g, spec in GAMES.items() if spec.bots and not spec.realtime]


def bot_session(spec, seed: int) -> Session:
    seats = [SeatPlan(False, ("hard", "normal", "easy")[i % 3]) for i in range(spec.default_seats)]
    return Session(spec, Setup(spec.id, seats, {}, seed=seed))


def play(session: Session, decisions: int) -> list:
    """Let the bots take ``decisions`` actions through ``think``, as a table does."""
    for _ in range(decisions):
        seat = session.bot_seat()
        if seat is None:
            break
        action = None
        while action is None:
            session.settle()
            action = session.think(seat)
        session.apply(action)
    return session.actions


def test_jobs_run_in_another_process():
    assert worker.submit(os.getpid).result(timeout=30) != os.getpid()
    assert worker.in_process()


@pytest.mark.parametrize("game_id", TURN_GAMES)
def test_a_bot_in_the_worker_chooses_as_it_would_at_home(game_id):
    spec = GAMES[game_id]
    state = spec.new_game(spec.make_options(), 11)
    for step in range(12):
        if state.is_over():
            break
        seat = state.to_act()[0]
        difficulty = ("hard", "normal", "easy")[step % 3]
        view, rng = state.view(seat), random.Random(step)
        job = worker.submit(worker.choose, game_id, difficulty, view, rng.getstate())
        away, after = job.result(timeout=60)
        here = spec.bots[difficulty](view, rng)
        assert away == here
        assert after == rng.getstate()  # the generator moved on exactly as at home
        state.apply(here)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", TURN_GAMES)
def test_a_seeded_game_plays_the_same_in_the_worker_and_on_a_thread(game_id):
    spec = GAMES[game_id]
    in_worker = play(bot_session(spec, 3), 20)
    # A copy of the spec is not the registered one, so its bots think on a thread here.
    at_home = play(bot_session(dataclasses.replace(spec), 3), 20)
    assert in_worker == at_home and in_worker


def test_a_failed_job_is_thought_again_at_home(monkeypatch):
    spec = GAMES["whist"]
    expected = play(bot_session(dataclasses.replace(spec), 8), 6)

    def broken(fn, *args):
        failed: Future = Future()
        failed.set_exception(RuntimeError("the view would not pickle"))
        return failed

    monkeypatch.setattr(worker, "submit", broken)
    assert play(bot_session(spec, 8), 6) == expected


@pytest.mark.skipif(not os.path.exists("/proc/self/stat"), reason="reads /proc to see the worker go")
def test_stopping_the_worker_drops_a_long_search_and_a_new_worker_starts_on_demand():
    import time

    pid = worker.submit(os.getpid).result(timeout=30)
    worker.submit(time.sleep, 120)
    worker.stop()
    for _ in range(200):  # the worker is ended at once, not after its two-minute job
        if not os.path.exists(f"/proc/{pid}") or _zombie(pid):
            break
        time.sleep(0.05)
    else:
        pytest.fail("the worker is still running")
    assert worker.submit(os.getpid).result(timeout=30) not in (pid, os.getpid())


def _zombie(pid: int) -> bool:
    with open(f"/proc/{pid}/stat") as stat:
        return stat.read().rsplit(")", 1)[1].split()[0] == "Z"


METHODS = [m for m in ("fork", "spawn", "forkserver") if m in multiprocessing.get_all_start_methods()]


@pytest.mark.parametrize("method", METHODS)
def test_every_way_of_starting_the_worker_gives_the_same_answers(method, monkeypatch):
    """Windows and macOS spawn the worker, Linux forks it (and from Python 3.14 uses a fork
    server): the bots must think in a process, and choose as at home, whichever it is."""
    worker.stop()
    monkeypatch.setattr(worker, "START_METHOD", method)
    try:
        spec = GAMES["whist"]
        state = spec.new_game(spec.make_options(), 5)
        view, rng = state.view(state.to_act()[0]), random.Random(3)
        away, _ = worker.submit(worker.choose, "whist", "hard", view, rng.getstate()).result(timeout=120)
        assert away == spec.bots["hard"](view, rng)
        assert worker.how() == f"a process ({method})"
    finally:
        worker.stop()


@pytest.mark.skipif(not os.path.exists("/proc"), reason="reads /proc to see the worker")
@pytest.mark.parametrize("method", [m for m in METHODS if m != "forkserver"])
def test_the_worker_leaves_when_the_app_is_killed(tmp_path, method):
    """A killed app sends no stop signal: the worker must notice and go by itself, even in
    the middle of a long search, rather than live on as an orphan."""
    import subprocess
    import sys
    import time

    script = (
        "import os, time\n"
        "from app.core import worker\n"
        "print(worker.submit(os.getpid).result(timeout=30), flush=True)\n"
        "worker.submit(time.sleep, 120)\n"
        "time.sleep(0.3)\n"
        "os._exit(9)\n"  # gone at once, like a kill: no atexit, no pool shutdown
    )
    env = {**os.environ, "PARLOUR_WORKER_START": method}
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60, env=env)
    pid = int(done.stdout.split()[0])
    for _ in range(200):
        if not os.path.exists(f"/proc/{pid}") or _zombie(pid):
            return
        time.sleep(0.05)
    os.kill(pid, 9)
    pytest.fail("the worker outlived the app")


@pytest.mark.parametrize("game_id", ["whist", "nap"])
def test_the_app_session_plays_as_the_headless_core_does(game_id):
    from games.core.session import SessionCore

    spec = GAMES[game_id]
    session = bot_session(spec, 6)
    core = SessionCore(spec, session.setup, 6)
    for _ in range(20):
        seat = core.bot_seat()
        if seat is None:
            break
        core.apply(core.bot_action(seat))
    assert play(session, 20) == core.actions and core.actions
