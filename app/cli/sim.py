"""``parlour sim``: bots play many games headless; a JSON summary of the results."""

from __future__ import annotations

import statistics
import time
import traceback
from math import sqrt
from typing import Any, Callable

from games.core.driver import play_out
from games.core.realtime import play_realtime
from games.registry import GameSpec


def _bot(spec: GameSpec, difficulty: str) -> Any:
    """The bot for ``difficulty``; a solitaire has none and is played by its automatic player."""
    if spec.bots:
        return spec.bots[difficulty]
    assert spec.autoplay is not None, spec.id   # (a game with no bots has one: tests/test_game_specs.py)
    return spec.autoplay


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% interval of a win rate from ``wins`` in ``games`` (Wilson's score interval,
    which stays inside 0-1 and is fair near either end).

    >>> wilson(60, 100)
    (0.502, 0.6906)
    """
    if games <= 0:
        return (0.0, 1.0)
    p = wins / games
    middle = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (round(max(0.0, middle - half), 4), round(min(1.0, middle + half), 4))


def _timed(bot: Any, times: list[float]) -> Callable[[Any, Any], Any]:
    """``bot``, noting how long each decision takes in ``times``."""
    def play(view: Any, rng: Any) -> Any:
        started = time.perf_counter()
        action = bot(view, rng)
        times.append(time.perf_counter() - started)
        return action
    return play


def _levels(lineup: list[str], wins: list[float], played: int,
            by_deal: dict[int, list[dict[str, float]]] | None = None) -> dict[str, dict[str, Any]]:
    """The games each level won, with its interval: a game won by a partnership of two
    Experts counts once for Expert (each partner's share is half of it). ``by_deal`` (paired
    play) adds the interval over deals, each deal's share of the wins counted once."""
    out: dict[str, dict[str, Any]] = {}
    for difficulty in dict.fromkeys(lineup):
        won = sum(w for d, w in zip(lineup, wins) if d == difficulty)
        out[difficulty] = {"wins": round(won, 2), "win_rate": round(won / max(1, played), 4),
                           "win_rate_95": wilson(won, played)}
        if by_deal:
            shares = [statistics.fmean(game.get(difficulty, 0.0) for game in games) for games in by_deal.values()]
            out[difficulty]["win_rate_95_paired"] = mean_interval(shares)
    return out


def mean_interval(shares: list[float], z: float = 1.96) -> tuple[float, float]:
    """The 95% interval of a mean from its samples (normal approximation): for paired play,
    where each sample is one deal's share of the wins over its seatings.

    >>> mean_interval([0.5, 1.0, 0.5, 0.0, 1.0, 0.5])
    (0.2822, 0.8845)
    """
    if len(shares) < 2:
        return (0.0, 1.0)
    middle = statistics.fmean(shares)
    half = z * statistics.stdev(shares) / sqrt(len(shares))
    return (round(max(0.0, middle - half), 4), round(min(1.0, middle + half), 4))


def seatings(lineup: list[str]) -> int:
    """How many different seatings turning the table gives ``lineup``: 2 for
    expert,hard,expert,hard (the partnerships change sides), 4 for hard,easy,easy,easy.

    >>> seatings(["expert", "hard", "expert", "hard"]), seatings(["hard", "easy", "easy", "easy"])
    (2, 4)
    """
    return next(p for p in range(1, len(lineup) + 1) if lineup[p:] + lineup[:p] == lineup)


def _decision_seconds(times: dict[str, list[float]]) -> dict[str, dict[str, float]]:
    """Median and 90th percentile seconds per decision, by difficulty."""
    out = {}
    for difficulty, seen in times.items():
        if seen:
            ordered = sorted(seen)
            out[difficulty] = {"median": round(statistics.median(ordered), 4),
                               "p90": round(ordered[int(0.9 * (len(ordered) - 1))], 4),
                               "decisions": len(ordered)}
    return out


def simulate(spec: GameSpec, games: int, seed: int, difficulties: list[str], seats: int | None,
             options: dict[str, Any] | None = None, rotate: bool = True, paired: bool = False) -> dict[str, Any]:
    """Play ``games`` games; seat i is played by ``difficulties[i]``. With ``rotate`` the
    line-up turns one seat each game so that no difficulty keeps the same place, and the
    results are reported per difficulty line-up position ("player") as well as per seat.
    Turning the table keeps opposite seats opposite, so partnerships (partners opposite, as
    ``--bots hard,easy``) stay together and simply change sides every game.

    With ``paired`` each deal is played once in every seating (as duplicate bridge does),
    so that the luck of the cards falls on both sides alike and a difference in skill shows
    in far fewer games; the levels then also get an interval over deals."""
    count = seats or len(difficulties)
    lineup = (difficulties * count)[:count]
    period = seatings(lineup) if paired else 1
    by_deal: dict[int, list[dict[str, float]]] = {}
    opts = spec.make_options(seats=count, **(options or {}))
    wins_by_seat = [0.0] * count
    wins_by_player = [0.0] * count
    points_by_player = [0.0] * count
    errors: list[str] = []
    times: dict[str, list[float]] = {d: [] for d in lineup}
    actions = 0
    rounds = 0
    started = time.perf_counter()
    for game in range(games):
        shift = (game % period if paired else game % count) if rotate or paired else 0
        deal = seed + game // period
        bots = [_bot(spec, lineup[(seat - shift) % count]) for seat in range(count)]
        if not spec.realtime:  # (a real-time bot answers on a simulated clock: nothing to time)
            bots = [_timed(bot, times[lineup[(seat - shift) % count]]) for seat, bot in enumerate(bots)]
        try:
            # Real-time games run on a simulated clock; it also checks that no card is lost.
            runner = play_realtime if spec.realtime else play_out
            record = runner(spec, opts, deal, bots)
        except Exception as problem:  # the simulator reports every failure instead of stopping
            errors.append(f"game {deal}: {type(problem).__name__}: {problem}\n{traceback.format_exc(limit=3)}")
            continue
        actions += len(record.actions)
        rounds += getattr(record.state, "round", 0)  # games played in rounds say how many
        outcome = record.state.outcome()
        assert outcome is not None  # (the record is of a finished game)
        winners = outcome.winners
        for seat, points in enumerate(outcome.scores):
            points_by_player[(seat - shift) % count] += points
        shares: dict[str, float] = {}
        for seat in winners:
            wins_by_seat[seat] += 1 / len(winners)
            wins_by_player[(seat - shift) % count] += 1 / len(winners)
            level = lineup[(seat - shift) % count]
            shares[level] = shares.get(level, 0.0) + 1 / len(winners)
        by_deal.setdefault(deal, []).append(shares)
    seconds = time.perf_counter() - started
    played = games - len(errors)
    return {
        "game": spec.id, "games": games, "seats": count, "seed": seed,
        **({"deals": len(by_deal), "seatings_per_deal": period} if paired else {}),
        "players": [{"difficulty": d, "wins": round(w, 2), "win_rate": round(w / max(1, played), 4),
                     "win_rate_95": wilson(w, played), "points_per_game": round(p / max(1, played), 3)}
                    for d, w, p in zip(lineup, wins_by_player, points_by_player)],
        "levels": _levels(lineup, wins_by_player, played, by_deal if paired else None),
        "wins_by_seat": [round(w, 2) for w in wins_by_seat],
        "actions_per_game": round(actions / max(1, played), 1),
        **({"rounds_per_game": round(rounds / max(1, played), 1)} if rounds else {}),
        "decision_seconds": _decision_seconds(times),
        "games_per_second": round(games / seconds, 1) if seconds else None,
        "seconds": round(seconds, 3),
        "errors": len(errors), "error_samples": errors[:3],
    }
