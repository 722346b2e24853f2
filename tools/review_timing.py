"""Time the coach's review of one whole hand of Whist (``--whole``: of the whole game), or
of a whole game of another game (a figure for reports, not a test).

Whist: each seed's game is played by Normal bots; the first hand's 52 actions are reviewed
for seat 0 as the Review screen's worker does it (every decision: double-dummy on the real
deal and single-dummy over the coach's 50 deals). Another game: the game tools/replay_shot.py
makes for screenshots (Seahaven: random legal moves, then resigning, so the deal is mostly
lost along the way and the review has a losing move to find). Wall time and the process's
CPU time (DDS's threads included) are printed per review, then the median and the worst.

    python tools/review_timing.py --seeds 1-20
    python tools/review_timing.py --whole --seeds 1-3
    python tools/review_timing.py --game seahaven --seeds 1-20
"""

from __future__ import annotations

import argparse
import resource
import statistics
import time


def _cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_SELF)
    return used.ru_utime + used.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", default="whist")
    parser.add_argument("--seeds", default="1-20", help="a range FIRST-LAST of game seeds")
    parser.add_argument("--whole", action="store_true", help="Whist: review the whole game, not its first hand")
    args = parser.parse_args()
    first, last = (int(part) for part in args.seeds.split("-"))

    from app.core.review import review_part
    from games.core.double_dummy import dds_available
    from games.core.driver import play_out
    from games.registry import GAMES
    from replay_shot import demo_replay  # (tools/ is on the path: this script's own folder)

    spec = GAMES[args.game]
    options = spec.make_options()
    walls, cpus = [], []
    for seed in range(first, last + 1):
        if args.game == "whist":
            actions = list(play_out(spec, options, seed, [spec.bots["normal"]] * options.seats).actions)
            actions = actions if args.whole else actions[:52]
        else:
            actions = list(demo_replay(args.game, seed).actions)
        wall, cpu = time.perf_counter(), _cpu()
        review = review_part(args.game, options.seats, {}, seed, actions, 0)
        walls.append(time.perf_counter() - wall)
        cpus.append(_cpu() - cpu)
        print(f"seed {seed}: {len(review.decisions)} decisions, wall {walls[-1]:.2f} s, cpu {cpus[-1]:.2f} s",
              flush=True)
    engine = "DDS" if dds_available() else "our own search"
    print(f"{args.game}, {len(walls)} reviews ({engine}): wall median {statistics.median(walls):.2f} s, worst {max(walls):.2f} s;"
          f" cpu median {statistics.median(cpus):.2f} s, worst {max(cpus):.2f} s")


if __name__ == "__main__":
    main()
