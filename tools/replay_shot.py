"""A replay for screenshots: a file, or a game played out by computer players.

    python tools/screenshot.py replay:nash --at 12 --out /tmp/r.png
    python tools/screenshot.py replay:/path/to/My game.json --end --out /tmp/r.png
"""

from __future__ import annotations

from pathlib import Path
from random import Random
from typing import Any

from app.core.replay_file import Replay, load
from app.core.session import SeatPlan
from games.core.driver import play_out
from games.core.realtime import play_realtime
from games.registry import GAMES


def demo_replay(source: str, seed: int, humans: int = 1) -> Replay:
    """The replay in the file ``source``, or a game of ``source`` (a game id) played by bots."""
    if source not in GAMES:
        replay = load(Path(source))
        if replay is None:
            raise SystemExit(f"{source}: not a game id nor a readable replay")
        return replay
    spec = GAMES[source]
    options = spec.make_options()
    seats = [SeatPlan(i < humans, "easy") for i in range(options.seats)]
    if not spec.bots:  # a patience: random legal moves, then resign
        return Replay(source, seats, {}, seed, _random_moves(spec, options, seed))
    bots = [spec.bots["easy"]] * options.seats
    if spec.realtime:
        record = play_realtime(spec, options, seed, bots)
        return Replay(source, seats, {}, seed, record.actions, record.end_ms)
    return Replay(source, seats, {}, seed, play_out(spec, options, seed, bots).actions)


def _random_moves(spec: Any, options: Any, seed: int, limit: int = 60) -> list[Any]:
    state = spec.new_game(options, seed)
    rng = Random(seed)
    actions: list[Any] = []
    while len(actions) < limit and not state.is_over():
        legal = [a for a in state.legal_actions(0) if type(a).__name__ != "Resign"]
        if not legal:
            break
        actions.append(rng.choice(legal))
        state.apply(actions[-1])
    if not state.is_over():
        actions.append(next(a for a in state.legal_actions(0) if type(a).__name__ == "Resign"))
    return actions


def run_to(app: Any, scene: Any, at: int | None, frames: int) -> None:
    """Play fast up to ``at`` actions (or the end when ``None``), then show ``frames``
    ordinary frames paused there so animations settle."""
    scene.speed = 50
    for _ in range(60_000):
        if scene.finished or (at is not None and scene.session.done >= at):
            break
        app.step(1 / 60)
        if hasattr(scene.session, "settle"):
            scene.session.settle()
    scene.paused = at is not None
    scene.speed = 1
    for _ in range(max(1, frames)):
        app.step(1 / 60)
