"""parlour sim's summary: each player's win rate with its 95% interval, and decision times."""

from __future__ import annotations

import pytest

from app.commands.sim import simulate, wilson
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
