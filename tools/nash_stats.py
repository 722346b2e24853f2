"""Where Nash games end, over many bot games: how often the first mystery card is guessed
exactly, how often the game goes to the second or the last card, and how often nobody wins.

    python tools/nash_stats.py --games 2000 --bots hard,normal,easy
"""

from __future__ import annotations

import argparse
import json
from collections import Counter

from games.core.driver import play_out
from games.registry import GAMES


def measure(games: int, lineup: list[str], seed: int, faces: bool) -> dict[str, object]:
    spec = GAMES["nash"]
    seats = len(lineup)
    options = spec.make_options(seats=seats, faces=faces)
    ended: Counter[str] = Counter()
    for game in range(games):
        shift = game % seats               # turn the line-up so nobody keeps a seat
        bots = [spec.bots[lineup[(seat - shift) % seats]] for seat in range(seats)]
        state = play_out(spec, options, seed + game, bots).state
        card = state.resolved
        if state.winners:
            ended[f"won_on_card_{card}"] += 1
        else:
            ended["nobody_won"] += 1
    return {"games": games, "lineup": lineup, "faces": faces,
            **{key: round(n / games, 4) for key, n in sorted(ended.items())}}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--bots", default="hard,normal")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--faces", action="store_true")
    args = parser.parse_args()
    print(json.dumps(measure(args.games, args.bots.split(","), args.seed, args.faces)))


if __name__ == "__main__":
    main()
