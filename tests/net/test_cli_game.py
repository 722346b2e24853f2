"""A whole Whist game across real sockets: ``parlour serve`` in one process, ``parlour host
--bot`` in another and two ``parlour join --bot`` in two more, on 127.0.0.1."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys

from tests.net.conftest import REPO, ServeProcess

TIMEOUT_S = 240


def parlour(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "app", *args], cwd=REPO, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def test_a_whist_game_between_a_host_and_two_remote_bots(served: ServeProcess) -> None:
    host = parlour("host", "whist", "--server", served.url, "--remote", "2", "--bot", "normal",
                   "--name", "Ann")
    assert host.stdout is not None
    first = host.stdout.readline().split()
    assert first[0] == "table" and first[2] == "at" and first[3] == served.url, first
    code = first[1]
    assert len(code) == 6
    guests = [parlour("join", served.url, code, "--bot", level, "--name", name)
              for level, name in (("easy", "Bob"), ("hard", "Cy"))]
    results = []
    for process in (host, *guests):
        out, err = process.communicate(timeout=TIMEOUT_S)
        assert process.returncode == 0, err
        results.append(json.loads(out.strip().splitlines()[-1]))
    assert results[0]["seat"] == 0      # the host; the guests take seats 2 and 3 as they come
    assert sorted(r["seat"] for r in results[1:]) == [1, 2]
    outcomes = [r["outcome"] for r in results]
    assert outcomes[0] is not None and outcomes[0]["reason"]
    assert outcomes == [outcomes[0]] * 3, "every seat sees the same ending"
    for r in results:
        assert r["game"] == "whist" and r["table"] == code and r["errors"] == 0
        assert r["actions"] >= 13 and r["rtt_ms"]["p50"] is not None
    assert served.stop(signal.SIGTERM) == 0, "SIGTERM stops the server cleanly"


def test_host_without_bot_opens_the_window_and_prints_the_code(served: ServeProcess) -> None:
    """(SDL's dummy video driver, from the test's environment: the window is real to pygame.)"""
    host = subprocess.Popen([sys.executable, "-m", "app", "host", "whist", "--server", served.url, "--remote", "1",
                             "--name", "Ann"], cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, start_new_session=True)   # its worker process goes with it
    try:
        assert host.stdout is not None
        first = host.stdout.readline().split()      # printed once the server gave the code
        assert first[:1] == ["table"] and first[2:] == ["at", served.url], first
        assert len(first[1]) == 6
        assert host.poll() is None, "the window stays open"
    finally:
        os.killpg(host.pid, signal.SIGKILL)
        host.communicate(timeout=30)


def test_a_wrong_code_fails_with_one_line(served: ServeProcess) -> None:
    process = parlour("join", served.url, "ZZZZZZ", "--bot", "easy")
    out, err = process.communicate(timeout=60)
    assert process.returncode == 1 and out == ""
    assert err.strip() == "parlour join: the server refused: no table has the code 'ZZZZZZ'"


def test_netbench_prints_its_figures() -> None:
    process = parlour("netbench", "--tables", "2", "--seconds", "3")
    out, err = process.communicate(timeout=120)
    assert process.returncode == 0, err
    figures = json.loads(out)
    assert {"tables", "clients", "actions", "actions_per_s", "rtt_ms", "server_cpu_ms_per_action",
            "errors"} <= set(figures)
    assert figures["tables"] == 2 and figures["clients"] == 8 and figures["errors"] == 0
    assert figures["actions"] > 0 and set(figures["rtt_ms"]) == {"p50", "p99", "max"}
