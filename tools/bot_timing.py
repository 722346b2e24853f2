"""Time a game's hard bot per card decision (a figure for reports, not used by tests).

The hard bot plays seats 0 and 2 against normal bots; every decision it takes in the play
of the cards is timed, including forced ones (a single legal card). ``--level`` and
``--against`` time another level against another.

    python tools/bot_timing.py whist --games 3
    python tools/bot_timing.py whist --games 1 --level expert --against hard
"""

from __future__ import annotations

import argparse
import random
import statistics
import time


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=500)
    parser.add_argument("--level", default="hard", help="the level timed (seats 0 and 2)")
    parser.add_argument("--against", default="normal", help="the level of seats 1 and 3")
    args = parser.parse_args()

    from games.registry import GAMES

    spec = GAMES[args.game]
    times: list[float] = []
    for game in range(args.games):
        state = spec.new_game(spec.make_options(), args.seed + game)
        rng = random.Random(game)
        while not state.is_over():
            seat = state.to_act()[0]
            view = state.view(seat)
            level = args.level if seat % 2 == 0 else args.against
            started = time.perf_counter()
            action = spec.bots[level](view, rng)
            if seat % 2 == 0 and getattr(view, "phase", "play") == "play":
                times.append(time.perf_counter() - started)
            state.apply(action)
    times.sort()
    print(f"{args.game}: {len(times)} {args.level} card decisions, median {statistics.median(times):.4f} s, "
          f"p95 {times[int(len(times) * 0.95)]:.4f} s, max {times[-1]:.4f} s")


if __name__ == "__main__":
    main()
