"""How often each contract is bid and made when bots play Nash Whist or Nap (a figure for
reports; ``parlour sim`` reports wins and points, not contracts).

Plays seeded sessions exactly as ``parlour sim`` does (seed, seed+1, ...; the line-up turns
one seat each game) and counts, from the events, every deal: thrown in (all passed), or
which contract won the auction and whether it was made; plus chips won per deal by each
difficulty in the line-up.

    python tools/contract_stats.py nash_whist --games 1000 --seats 4
    python tools/contract_stats.py nap --games 1000 --seats 5 --bots hard,normal
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def label(contract: object) -> str:
    """A contract's family: Out bids of one level together, whatever suit they name."""
    kind = getattr(contract, "kind", None)
    if kind == "out":
        return str(contract).split()[0]  # "Six-Out"
    if kind == "thirteen":
        return "Thirteen"
    return getattr(contract, "title", None) or str(contract)


def play_game(spec, options, seed: int, bots: list) -> tuple[list, object, int]:
    state = spec.new_game(options, seed)
    rng = random.Random(seed)
    events = list(state.opening)
    while not state.is_over():
        seat = state.to_act()[0]
        events += state.apply(bots[seat](state.view(seat), rng))
    return events, state, 0


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("game", choices=("nash_whist", "nap"))
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--bots", default="normal", help="difficulties in seat order, e.g. hard,normal")
    args = parser.parse_args()

    from games.registry import GAMES
    if args.game in GAMES:
        spec = GAMES[args.game]
    else:  # not registered yet: measure it all the same
        from games.nash_whist import spec as nash_whist_spec
        spec = nash_whist_spec()
    lineup = (args.bots.split(",") * args.seats)[:args.seats]
    options = spec.make_options(seats=args.seats)
    start = getattr(options, "cache", None)
    bid, made = Counter(), Counter()
    deals = passed = errors = 0
    chips = Counter()
    seat_deals = Counter()
    started = time.perf_counter()
    for game in range(args.games):
        shift = game % args.seats
        who = [lineup[(seat - shift) % args.seats] for seat in range(args.seats)]
        bots = [spec.bots[d] for d in who]
        try:
            state0 = spec.new_game(options, args.seed + game)
            before = list(state0.chips) if start is None else [start] * args.seats
            events, state, _ = play_game(spec, options, args.seed + game, bots)
        except Exception as problem:  # count and go on, as the simulator does
            errors += 1
            print(f"game {args.seed + game}: {type(problem).__name__}: {problem}", file=sys.stderr)
            continue
        game_deals = 0
        for event in events:
            name = type(event).__name__
            if name == "AllPassed":
                passed += 1
            elif name == "Settled":
                contract = getattr(event, "bid", None) or getattr(event, "contract")
                bid[label(contract)] += 1
                made[label(contract)] += bool(event.made)
            if name == "NewDeal":
                game_deals += 1
        deals += game_deals
        for seat in range(args.seats):
            chips[who[seat]] += state.chips[seat] - before[seat]
            seat_deals[who[seat]] += game_deals
    seconds = time.perf_counter() - started
    print(f"{args.game}, {args.seats} seats, {args.games} games from seed {args.seed}, bots {','.join(lineup)}: "
          f"{deals} deals, {errors} errors, {seconds:.1f} s")
    print(f"  thrown in (all passed): {passed} ({passed / max(1, deals):.1%} of deals)")
    order = sorted(bid, key=lambda k: -bid[k])
    for key in order:
        print(f"  {key:<18} bid {bid[key]:5d} ({bid[key] / max(1, deals):5.1%} of deals)  "
              f"made {made[key]:5d} ({made[key] / bid[key]:5.1%})")
    for level in sorted(set(lineup)):
        print(f"  {level}: chips per seat-deal {chips[level] / max(1, seat_deals[level]):+.3f}")


if __name__ == "__main__":
    main()
