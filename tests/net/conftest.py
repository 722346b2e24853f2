"""Real servers for the network tests: ``parlour serve`` in a subprocess on 127.0.0.1, a
free port, a private data folder; stopped (SIGTERM, then kill) at the end of the test."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator

import pytest

REPO = Path(__file__).resolve().parents[2]
START_TIMEOUT_S = 60


@dataclass
class ServeProcess:
    process: subprocess.Popen[str]
    url: str
    data: Path
    lines: list[str] = field(default_factory=list)
    """What it wrote to stdout after its first line (the journal's JSON lines), as it comes:
    read all along, so a long test never fills the pipe and stalls the server."""

    def stop(self, sig: int = signal.SIGTERM) -> int:
        return stop_process(self.process, sig)


def stop_process(process: subprocess.Popen[str], sig: int = signal.SIGTERM) -> int:
    """Stop a command started by a test (``sig``, then kill after 20 s); its exit status."""
    if process.poll() is None:
        process.send_signal(sig)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=20)
    return process.returncode


def start_server(data: Path, *extra: str) -> ServeProcess:
    """``parlour serve --port 0`` on loopback; returns once its first line names the port."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen(
        [sys.executable, "-m", "app", "serve", "--host", "127.0.0.1", "--port", "0", "--data", str(data), *extra],
        cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    assert process.stdout is not None
    line = process.stdout.readline().strip()      # the command's promise: this line first
    if not line.startswith("parlour server listening on ws://127.0.0.1:"):
        process.kill()
        raise AssertionError(f"serve said {line!r}; stderr: {process.stderr.read() if process.stderr else ''}")
    served = ServeProcess(process, line.rsplit(" ", 1)[-1], data)
    threading.Thread(target=_drain, args=(process, served.lines), daemon=True).start()
    return served


def _drain(process: subprocess.Popen[str], lines: list[str]) -> None:
    try:
        assert process.stdout is not None
        for line in process.stdout:
            lines.append(line.rstrip("\n"))
    except (ValueError, OSError):       # the test closed the pipe
        pass


@pytest.fixture
def served(tmp_path: Path) -> Iterator[ServeProcess]:
    server = start_server(tmp_path / "server-data")
    yield server
    server.stop()
