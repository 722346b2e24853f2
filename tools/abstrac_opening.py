"""How long the exact Abstrac solver takes on the opening of a deal (the values of going
first and of going second, and of every first take), over many shuffled deals; JSON out.

    python tools/abstrac_opening.py --deals 50 --seed 1
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from games.abstrac.solver import solve_opening
from games.core.cards import euchre_deck


def measure(deals: int, seed: int) -> dict[str, object]:
    seconds: list[float] = []
    nodes: list[int] = []
    first_wins = 0
    for deal in range(deals):
        row = euchre_deck()
        random.Random(seed + deal).shuffle(row)
        started = time.perf_counter()
        opening = solve_opening(row)
        seconds.append(time.perf_counter() - started)
        nodes.append(opening.nodes)
        first_wins += opening.go_first
    return {
        "deals": deals, "seed": seed,
        "seconds_median": round(statistics.median(seconds), 4), "seconds_max": round(max(seconds), 4),
        "nodes_median": int(statistics.median(nodes)), "nodes_max": max(nodes),
        "chooser_goes_first": first_wins,
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(json.dumps(measure(args.deals, args.seed), indent=2))


if __name__ == "__main__":
    main()
