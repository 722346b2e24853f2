"""``parlour --selftest`` with ``PARLOUR_SPEECH_LOG`` set leaves what a screen reader would
have said (issue 29): the menu's focus and the tables' events, in words."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest


@pytest.mark.slow
def test_the_selftest_leaves_what_a_screen_reader_would_have_said(tmp_path):
    log = tmp_path / "speech.txt"
    env = os.environ | {"PARLOUR_SPEECH_LOG": str(log), "PARLOUR_HOME": str(tmp_path / "home"),
                        "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    result = subprocess.run([sys.executable, "-m", "app", "--selftest"], capture_output=True, text=True,
                            timeout=300, env=env)
    assert result.returncode == 0, result.stderr
    said = log.read_text(encoding="utf-8").splitlines()
    assert re.fullmatch(r".+, \d+ players?, game 1 of \d+", said[0]), said[0]   # the menu's first tile
    plays = [line for line in said if re.fullmatch(r"[A-Z]\w+ plays (Ace|King|Queen|Jack|\d+) of \w+", line)]
    assert len(plays) >= 20                                                     # the trick tables
    assert any(re.fullmatch(r"\w+ flips (Ace|King|Queen|Jack|\d+) of \w+", line) for line in said)   # Ratscrew
    assert not [line for line in said if re.search(r"[♠♥♦♣]|\b(10|[2-9JQKA])[SHDC]\b", line)]
