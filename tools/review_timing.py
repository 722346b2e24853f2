"""Time the coach's review of one whole hand of Whist (a figure for reports, not a test).

Each seed's game is played by Normal bots; the first hand's 52 actions are reviewed for
seat 0 as the Review screen's worker does it (every decision: double-dummy on the real
deal and single-dummy over the coach's 50 deals). Wall time and the process's CPU time
(DDS's threads included) are printed per hand, then the median and the worst.

    python tools/review_timing.py --seeds 1-20
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
    parser.add_argument("--seeds", default="1-20", help="a range FIRST-LAST of game seeds")
    args = parser.parse_args()
    first, last = (int(part) for part in args.seeds.split("-"))

    from games.core.double_dummy import dds_available
    from games.core.driver import play_out
    from games.registry import GAMES
    from games.whist import analysis

    spec = GAMES["whist"]
    options = spec.make_options(seats=4)
    walls, cpus = [], []
    for seed in range(first, last + 1):
        record = play_out(spec, options, seed, [spec.bots["normal"]] * 4)
        hand = list(record.actions)[:52]
        wall, cpu = time.perf_counter(), _cpu()
        review = analysis.review(options, seed, hand, 0)
        walls.append(time.perf_counter() - wall)
        cpus.append(_cpu() - cpu)
        print(f"seed {seed}: {len(review.decisions)} decisions, wall {walls[-1]:.2f} s, cpu {cpus[-1]:.2f} s",
              flush=True)
    engine = "DDS" if dds_available() else "our own search"
    print(f"{len(walls)} hands ({engine}): wall median {statistics.median(walls):.2f} s, worst {max(walls):.2f} s;"
          f" cpu median {statistics.median(cpus):.2f} s, worst {max(cpus):.2f} s")


if __name__ == "__main__":
    main()
