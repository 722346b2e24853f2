"""parlour netbench paced like people (think_ms), and its round trips once every client sat down."""

from __future__ import annotations

from app.cli import netbench


def test_a_paced_netbench_reports_its_pace_and_the_round_trips_once_all_are_seated() -> None:
    figures = netbench.run("whist", tables=2, seconds=3, level="easy", think_ms=20)
    assert figures["think_ms"] == 20 and figures["errors"] == 0 and figures["actions"] > 0
    assert figures["all_seated_after_s"] is not None      # every one of the 8 clients sat down
    held = figures["rtt_ms_all_seated"]
    assert set(held) == {"p50", "p99", "max"} and held["p50"] is not None
    assert held["max"] <= figures["rtt_ms"]["max"]
    assert "server_cpu_ms_per_action_all_seated" in figures
    # Where the loops paused: the server wrote its own (app/cli/stalls.py); the clients' process
    # does not collect while they play.
    server, clients = figures["stalls"]["server"], figures["stalls"]["clients"]
    assert server is not None and set(server) == set(clients) == {
        "gen0_collections", "gen1_collections", "gen2_collections", "loop_lags_over_10ms"}
    assert all(clients[f"gen{g}_collections"]["n"] == 0 for g in range(3))
    assert figures["slow_round_trips"]["slow"] <= figures["actions"]
