"""Is the hard Nash Whist bot stronger than the normal one (or normal than easy)? A paired
measurement, and the hard bot's time per decision (figures for reports, too slow for a test).

For each seed the same deals are played once for every turn of the line-up (hard, normal,
hard, normal, ... round the table), so every seat's cards go to each difficulty in turn
and the luck of the deal cancels out. Per seed the difference is hard's mean chips per
deal minus normal's; the report gives the mean difference over seeds with its standard
error, and the hard bot's decision times (bidding and card play apart).

    python tools/nash_whist_strength.py --seats 4 --seeds 60
    python tools/nash_whist_strength.py --seats 4 --seeds 200 --pair normal,easy
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.nash_whist import spec as nash_whist_spec  # noqa: E402


def session(spec, options, seed: int, who: list[str], times: dict[str, list[float]]) -> tuple[list[int], int]:
    """Play one session; returns each seat's chips change and the number of deals."""
    state = spec.new_game(options, seed)
    rng = random.Random(seed)
    while not state.is_over():
        seat = state.to_act()[0]
        view = state.view(seat)
        started = time.perf_counter()
        action = spec.bots[who[seat]](view, rng)
        if who[seat] == "hard":
            times[view.phase].append(time.perf_counter() - started)
        state.apply(action)
    return [c - options.cache for c in state.chips], state.deal_number


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--seeds", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--deals", type=int, default=8)
    parser.add_argument("--pair", default="hard,normal", help="the two difficulties compared, e.g. normal,easy")
    args = parser.parse_args()
    first, second = args.pair.split(",")
    spec = nash_whist_spec()
    options = spec.make_options(seats=args.seats, end="deals", deals=args.deals)
    base = [first if i % 2 == 0 else second for i in range(args.seats)]
    diffs: list[float] = []
    per: dict[str, list[float]] = {first: [], second: []}
    times: dict[str, list[float]] = {"bid": [], "play": []}
    started = time.perf_counter()
    for n in range(args.seeds):
        seed = args.seed + n
        sums = {first: 0.0, second: 0.0}
        counts = {first: 0, second: 0}
        for shift in range(args.seats):
            who = [base[(s - shift) % args.seats] for s in range(args.seats)]
            change, deals = session(spec, options, seed, who, times)
            for seat, level in enumerate(who):
                sums[level] += change[seat] / deals
                counts[level] += 1
        means = {k: sums[k] / counts[k] for k in sums}
        per[first].append(means[first])
        per[second].append(means[second])
        diffs.append(means[first] - means[second])
    seconds = time.perf_counter() - started
    mean = statistics.mean(diffs)
    se = statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else float("nan")
    print(f"nash_whist {args.seats} seats, {args.seeds} seeds from {args.seed} x {args.seats} line-up turns, "
          f"{args.deals} deals a session, {seconds:.0f} s")
    print(f"  chips per deal: {first} {statistics.mean(per[first]):+.3f}, {second} {statistics.mean(per[second]):+.3f}")
    print(f"  {first} - {second}: {mean:+.3f} chips per deal (standard error {se:.3f}, z = {mean / se:.1f})")
    for phase, got in times.items():
        if got:
            got.sort()
            print(f"  hard {phase} decisions: {len(got)}, median {statistics.median(got) * 1000:.1f} ms, "
                  f"p95 {got[int(len(got) * 0.95)] * 1000:.1f} ms, max {got[-1] * 1000:.1f} ms")


if __name__ == "__main__":
    main()
