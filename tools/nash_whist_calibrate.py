"""Measure and fit Nash Whist's hand evaluation (games/nash_whist/evaluate.py).

Deals random hands, plays each out for every trump choice with the honest quick policy
(games/nash_whist/playout.py: the declarer alone against the rest, no seat sees another's
cards), fits the trick-estimate weights by least squares to the tricks taken, and measures
how often Misere (and, three-handed, Triste) is made by danger score. Prints the weights to
put in evaluate.py and calibration tables of estimate against tricks actually taken.

    python tools/nash_whist_calibrate.py --hands 4000 --seed 1
    python tools/nash_whist_calibrate.py --hands 2000 --seed 99 --check   # current weights only
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.core.trick_bots import fast_rules, ids  # noqa: E402
from games.core.tricks import TrumpRules  # noqa: E402
from games.nash_whist import evaluate as ev  # noqa: E402
from games.nash_whist.playout import Goal, play  # noqa: E402

SOLO = frozenset({0})


def deal(players: int, rng: random.Random) -> list[list]:
    """A random deal; every other time seat 0's hand is drawn with a slant (towards high or
    low cards, and towards some suits) so that the strong hands and the Misere hands a
    bidder cares about are measured often enough."""
    cards = ev.deck(players)
    rng.shuffle(cards)
    if rng.random() < 0.5:
        slope = rng.uniform(-3.0, 3.0)
        lean = {s: rng.gauss(0.0, 1.0) for s in ev.suits_in_play(players)}
        weight = {c: math.exp(slope * (int(c.rank) - 8) / 6 + lean[c.suit]) for c in cards}
        mine: list = []
        pool = list(cards)
        while len(mine) < 13:
            pick = rng.choices(pool, [weight[c] for c in pool])[0]
            pool.remove(pick)
            mine.append(pick)
        cards = mine + pool
    return [cards[i * 13:(i + 1) * 13] for i in range(players)]


def tricks_taken(hands: list[list], trump, leader: int, players: int) -> int:
    work = [ids(h) for h in hands]
    won, _ = play(work, [], leader, list(range(players)), fast_rules(TrumpRules(trump)),
                  Goal("tricks", 13, SOLO), to_end=True)
    return won


def made(hands: list[list], mode: str, leader: int, players: int) -> bool:
    work = [ids(h) for h in hands]
    _, ok = play(work, [], leader, list(range(players)), fast_rules(TrumpRules(None)),
                 Goal(mode, 1 if mode == "triste" else 0, SOLO))
    return ok


def solve(rows: list[tuple[float, ...]], ys: list[float], ridge: float = 1e-6) -> list[float]:
    """Least squares by the normal equations and Gaussian elimination."""
    k = len(rows[0])
    a = [[sum(r[i] * r[j] for r in rows) + (ridge if i == j else 0.0) for j in range(k)] for i in range(k)]
    b = [sum(r[i] * y for r, y in zip(rows, ys)) for i in range(k)]
    for col in range(k):
        pivot = max(range(col, k), key=lambda r: abs(a[r][col]))
        a[col], a[pivot], b[col], b[pivot] = a[pivot], a[col], b[pivot], b[col]
        for r in range(k):
            if r != col and a[col][col]:
                f = a[r][col] / a[col][col]
                a[r] = [x - f * y for x, y in zip(a[r], a[col])]
                b[r] -= f * b[col]
    return [b[i] / a[i][i] if a[i][i] else 0.0 for i in range(k)]


def buckets(pairs: list[tuple[float, float]]) -> list[str]:
    """Estimate (rounded) -> mean actual, count."""
    groups: dict[int, list[float]] = {}
    for est, got in pairs:
        groups.setdefault(round(est), []).append(got)
    return [f"  est {k:2d}: actual {sum(v) / len(v):5.2f}  (n={len(v)})" for k, v in sorted(groups.items())]


def rmse(pairs: list[tuple[float, float]]) -> float:
    return math.sqrt(sum((e - g) ** 2 for e, g in pairs) / len(pairs))


def measure(players: int, hands: int, seed: int, fit: bool) -> None:
    rng = random.Random(seed)
    data: dict[bool, tuple[list, list]] = {True: ([], []), False: ([], [])}
    raw: list[tuple[list, object, int]] = []
    misere: list[tuple[float, bool]] = []
    triste: list[tuple[float, bool]] = []
    for _ in range(hands):
        table = deal(players, rng)
        leader = rng.randrange(players)
        mine = table[0]
        for trump in [None, *ev.suits_in_play(players)]:
            got = tricks_taken(table, trump, leader, players)
            rows, ys = data[trump is not None]
            rows.append(ev.features(mine, trump, players))
            ys.append(float(got))
            raw.append((mine, trump, got))
        misere.append((ev.misere_danger(mine, players), made(table, "misere", leader, players)))
        if players == 3:
            triste.append((ev.triste_danger(mine, players), made(table, "triste", leader, players)))
    print(f"== {players} players, {hands} hands, seed {seed}")
    if fit:
        for trumps, (rows, ys) in data.items():
            w = solve(rows, ys)
            name = "TRUMP_WEIGHTS" if trumps else "NO_TRUMP_WEIGHTS"
            print(f"{name}[{players}] = ({', '.join(f'{x:.3f}' for x in w)})")
            (ev.TRUMP_WEIGHTS if trumps else ev.NO_TRUMP_WEIGHTS)[players] = tuple(round(x, 3) for x in w)
        fit_curves(raw, players)
    report_tricks(raw, players)
    report_chances("MISERE", misere, players)
    if triste:
        report_chances("TRISTE", triste, players)


def fit_curves(raw: list, players: int) -> None:
    """The second stage: the mean tricks taken at each whole number of the linear count
    (kept rising), which straightens the bend at the top of the range."""
    for trumps in (True, False):
        groups: dict[int, list[float]] = {}
        for h, t, g in raw:
            if (t is not None) == trumps:
                groups.setdefault(round(ev.linear_tricks(h, t, players)), []).append(float(g))
        curve, level = [], 0.0
        for k in range(14):
            got = groups.get(k, [])
            mean = sum(got) / len(got) if len(got) >= 8 else float(k)
            level = max(level, mean)
            curve.append(round(level, 2))
        name = "TRUMP_CURVE" if trumps else "NO_TRUMP_CURVE"
        print(f"{name}[{players}] = {tuple(curve)}")
        (ev.TRUMP_CURVE if trumps else ev.NO_TRUMP_CURVE)[players] = tuple(curve)


def report_tricks(raw: list, players: int) -> None:
    pairs = [(ev.estimate_tricks(h, t, players), float(g)) for h, t, g in raw]
    print(f"every trump choice: RMSE {rmse(pairs):.2f}, mean est {sum(e for e, _ in pairs) / len(pairs):.2f}, "
          f"mean actual {sum(g for _, g in pairs) / len(pairs):.2f}")
    print("\n".join(buckets(pairs)))
    best: dict[int, tuple[float, float]] = {}
    for i, (h, t, g) in enumerate(raw):
        est = ev.estimate_tricks(h, t, players)
        key = id(h)
        if key not in best or est > best[key][0]:
            best[key] = (est, float(g))
    chosen = list(best.values())
    print(f"the best-looking choice per hand (what a bidder would pick): RMSE {rmse(chosen):.2f}")
    print("\n".join(buckets(chosen)))


def report_chances(name: str, rows: list[tuple[float, bool]], players: int) -> None:
    groups: dict[int, list[bool]] = {}
    for danger, ok in rows:
        groups.setdefault(min(int(danger), 12), []).append(ok)
    rates, running = [], 1.0
    for k in range(max(groups) + 1):
        got = groups.get(k, [])
        rate = sum(got) / len(got) if len(got) >= 5 else 0.0
        running = min(running, rate) if got else running
        rates.append(round(running, 3))
        print(f"  {name.lower()} danger {k:2d}: made {rate:5.3f} (n={len(got)})")
    while len(rates) > 1 and rates[-1] == 0.0 and rates[-2] == 0.0:
        rates.pop()
    print(f"{name}_CHANCE[{players}] = {tuple(rates)}  # monotone (running minimum)")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, nargs="*", default=[3, 4])
    parser.add_argument("--check", action="store_true", help="report the current weights without fitting")
    args = parser.parse_args()
    for players in args.players:
        measure(players, args.hands, args.seed, fit=not args.check)


if __name__ == "__main__":
    main()
