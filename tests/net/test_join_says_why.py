"""``parlour join`` with a window says on the terminal too why it could not sit down (the
window shows it as well), and a window with no display to show it on is one line and exit 1
rather than an app running invisibly."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest

from tests.net.conftest import REPO, ServeProcess


def test_a_wrong_code_is_said_on_the_terminal(served: ServeProcess) -> None:
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    joiner = subprocess.Popen([sys.executable, "-m", "app", "join", served.url, "ZZZZZZ"], cwd=REPO,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env)
    try:
        assert joiner.stderr is not None
        deadline = time.monotonic() + 60
        line = ""
        while time.monotonic() < deadline and not line.startswith("parlour join:"):
            line = joiner.stderr.readline()
            if not line and joiner.poll() is not None:
                break
        assert line.startswith("parlour join:") and "ZZZZZZ" in line, line
        assert "\n" not in line.rstrip("\n")
    finally:
        joiner.kill()
        joiner.wait(timeout=20)


def test_no_display_is_one_line(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """SDL falls back to drawing off screen when there is no display; the app says so and
    stops instead of waiting for input nobody can give."""
    import pygame

    from app.cli.main import main
    from app.window import shell

    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "offscreen")
    monkeypatch.setattr(shell.App, "_open_window", lambda *a: pytest.fail("a window was opened"))
    assert main(["play", "whist"]) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith("parlour: there is no display") and "\n" not in err


def test_a_driver_chosen_on_purpose_is_left_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    import pygame

    from app.window import shell

    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "dummy")
    shell._check_display()   # no error: tests and tools ask for the dummy driver
