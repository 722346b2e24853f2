"""``parlour netfair`` runs end to end: a server, the network (delay proxies on a thread of
their own) and two scripted clients, and prints the figures the issue names. How fair the
verdicts are is measured by the command, on a quiet machine, not asserted here."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.net.conftest import REPO

RUN_TIMEOUT_S = 240
KEYS = {"trials", "earlier_won", "gap_ms", "latency_ms", "jitter_ms", "window_ms", "verdict_delay_ms"}


@pytest.mark.slow
def test_netfair_prints_its_figures_as_one_json_object() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "app", "netfair", "--latency", "5,30", "--jitter", "5", "--gap", "25", "--trials", "4"],
        cwd=REPO, capture_output=True, text=True, timeout=RUN_TIMEOUT_S)
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout)
    assert KEYS <= set(figures)
    assert figures["trials"] == 4 and figures["gap_ms"] == 25 and figures["latency_ms"] == [5, 30]
    assert 0 <= figures["earlier_won"] <= 1 and figures["no_verdict"] <= 4
    delays = figures["verdict_delay_ms"]
    if figures["no_verdict"] < 4:
        assert delays["p50"] is not None and delays["p50"] <= delays["p99"]


def test_netfair_refuses_a_bad_latency_list_in_one_line() -> None:
    done = subprocess.run([sys.executable, "-m", "app", "netfair", "--latency", "ten"],
                          cwd=REPO, capture_output=True, text=True, timeout=RUN_TIMEOUT_S)
    assert done.returncode == 2 and "latency" in done.stderr and "Traceback" not in done.stderr
