"""Time the coach's review of one whole hand of Whist (``--whole``: of the whole game), or
of a whole game of another game (a figure for reports, not a test).

Whist: each seed's game is played by Normal bots; seat 0's decisions are reviewed as the
Review screen's worker does it (every decision: double-dummy on the real deal and
single-dummy over the coach's deals). Another game: the game tools/replay_shot.py makes for
screenshots (Seahaven: random legal moves, then resigning, so the deal is mostly lost along
the way and the review has a losing move to find). Wall time and the process's CPU time
(DDS's threads included) are printed per review, then the median and the worst.

``--compare``: each review twice, in turn, with the early hand's single-dummy deals as they
are and as they were before (every value over ``DEALS``), so both figures share the
machine's load; with ``--whole`` the first hand's time is printed too (the Review screen
shows it as soon as it is done).

    python tools/review_timing.py --seeds 1-20
    python tools/review_timing.py --whole --compare --seeds 1-3
    python tools/review_timing.py --game seahaven --seeds 1-20
"""

from __future__ import annotations

import argparse
import resource
import statistics
import time
from typing import Any


def _cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_SELF)
    return used.ru_utime + used.ru_stime


def _timed(game_id: str, seats: int, seed: int, actions: list[Any], early: int) -> tuple[float, float, int]:
    """Wall and CPU seconds of one review, with ``early`` deals early in a hand; its decisions."""
    from app.core.review import review_part
    from games.core import trick_analysis

    kept, trick_analysis.EARLY_DEALS = trick_analysis.EARLY_DEALS, early
    try:
        wall, cpu = time.perf_counter(), _cpu()
        review = review_part(game_id, seats, {}, seed, actions, 0)
        return time.perf_counter() - wall, _cpu() - cpu, len(review.decisions)
    finally:
        trick_analysis.EARLY_DEALS = kept


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", default="whist")
    parser.add_argument("--seeds", default="1-20", help="a range FIRST-LAST of game seeds")
    parser.add_argument("--whole", action="store_true", help="Whist: review the whole game, not its first hand")
    parser.add_argument("--compare", action="store_true", help="also time each review as it was before (every "
                        "single-dummy value over DEALS deals)")
    args = parser.parse_args()
    first, last = (int(part) for part in args.seeds.split("-"))

    from games.core.double_dummy import dds_available
    from games.core.driver import play_out
    from games.core.trick_analysis import DEALS, EARLY_DEALS
    from games.registry import GAMES
    from replay_shot import demo_replay  # (tools/ is on the path: this script's own folder)

    spec = GAMES[args.game]
    options = spec.make_options()
    kinds = {"now": EARLY_DEALS, **({"before": DEALS} if args.compare else {})}
    figures: dict[str, dict[str, list[float]]] = {kind: {"wall": [], "cpu": [], "first": []} for kind in kinds}
    for seed in range(first, last + 1):
        if args.game == "whist":
            actions = list(play_out(spec, options, seed, [spec.bots["normal"]] * options.seats).actions)
            actions = actions if args.whole else actions[:52]
        else:
            actions = list(demo_replay(args.game, seed).actions)
        for kind, early in kinds.items():
            wall, cpu, decisions = _timed(args.game, options.seats, seed, actions, early)
            figures[kind]["wall"].append(wall)
            figures[kind]["cpu"].append(cpu)
            line = f"seed {seed} ({kind}): {decisions} decisions, wall {wall:.2f} s, cpu {cpu:.2f} s"
            if args.whole and args.game == "whist":
                hand, _, _ = _timed(args.game, options.seats, seed, actions[:52], early)
                figures[kind]["first"].append(hand)
                line += f"; first hand {hand:.2f} s"
            print(line, flush=True)
    engine = "DDS" if dds_available() else "our own search"
    for kind, got in figures.items():
        walls, cpus = got["wall"], got["cpu"]
        text = (f"{args.game} ({kind}), {len(walls)} reviews ({engine}): wall median {statistics.median(walls):.2f} s,"
                f" worst {max(walls):.2f} s; cpu median {statistics.median(cpus):.2f} s, worst {max(cpus):.2f} s")
        if got["first"]:
            text += f"; first hand median {statistics.median(got['first']):.2f} s, worst {max(got['first']):.2f} s"
        print(text)


if __name__ == "__main__":
    main()
