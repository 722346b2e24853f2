"""parlour sim's summary: each player's win rate with its 95% interval, and decision times."""

from __future__ import annotations

from typing import Any

import pytest

from app.cli.sim import simulate, wilson
from games.registry import GAMES


def test_the_interval_holds_the_rate_and_narrows_with_more_games() -> None:
    low, high = wilson(60, 100)
    assert (low, high) == pytest.approx((0.502, 0.691), abs=0.001)
    wide, narrow = wilson(6, 10), wilson(600, 1000)
    assert wide[0] < narrow[0] < 0.6 < narrow[1] < wide[1]
    assert wilson(0, 20)[0] == 0.0 and wilson(20, 20)[1] == 1.0


def test_the_summary_gives_each_player_an_interval_and_each_level_its_decision_times() -> None:
    summary = simulate(GAMES["ninety_nine"], 4, 3, ["hard", "easy", "easy"], None)
    for player in summary["players"]:
        low, high = player["win_rate_95"]
        assert low <= player["win_rate"] <= high
    times = summary["decision_seconds"]
    assert set(times) == {"hard", "easy"}
    assert all(t["decisions"] > 0 and 0 <= t["median"] <= t["p90"] for t in times.values())


def test_a_partnership_of_one_level_wins_the_games_its_side_wins() -> None:
    summary = simulate(GAMES["whist"], 4, 2, ["normal", "easy", "normal", "easy"], None, {"target": 5})
    levels = summary["levels"]
    assert levels["normal"]["wins"] + levels["easy"]["wins"] == 4  # every game is won by one side
    assert levels["normal"]["wins"] == 2 * summary["players"][0]["wins"]
    low, high = levels["normal"]["win_rate_95"]
    assert low <= levels["normal"]["win_rate"] <= high


def test_paired_play_deals_each_deal_once_in_every_seating(monkeypatch: pytest.MonkeyPatch) -> None:
    import app.cli.sim as sim

    seen: list[tuple[int, tuple[int, ...]]] = []
    real = sim.play_out

    def level_of(bot: object) -> int:
        """Which level plays: each level's decisions are timed into a list of its own."""
        return next(id(cell.cell_contents) for cell in getattr(bot, "__closure__") if isinstance(cell.cell_contents, list))

    def spy(spec: Any, options: Any, seed: int, bots: Any) -> Any:
        seen.append((seed, tuple(level_of(bot) for bot in bots)))
        return real(spec, options, seed, bots)

    monkeypatch.setattr(sim, "play_out", spy)
    summary = simulate(GAMES["whist"], 6, 40, ["normal", "easy", "normal", "easy"], None, {"target": 5}, paired=True)
    assert [seed for seed, _ in seen] == [40, 40, 41, 41, 42, 42]
    seatings = [levels for _, levels in seen]
    assert seatings[0] != seatings[1] and seatings[0][0] == seatings[1][1]  # the sides swap within a deal
    assert seatings[0] == seatings[2] == seatings[4]
    assert summary["deals"] == 3 and summary["seatings_per_deal"] == 2
    normal, easy = summary["levels"]["normal"], summary["levels"]["easy"]
    assert normal["wins"] + easy["wins"] == 6
    low, high = normal["win_rate_95_paired"]
    assert low <= normal["win_rate"] <= high
