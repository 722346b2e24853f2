"""The self-test solves one deal and says how, in one line: DDS where it is bundled, our own
search where it is not."""

from __future__ import annotations

import pytest

from app.cli.selftest import _check_solver
from games.core import dds_library


def test_the_self_test_solves_a_deal_with_dds_when_it_is_there(capsys: pytest.CaptureFixture[str]) -> None:
    if not dds_library.available():
        pytest.skip("DDS (endplay) is not installed here")
    assert _check_solver() == []
    line = capsys.readouterr().out.strip()
    assert line.startswith("solver: DDS solved Whist deal 1 in ") and "tricks" in line


def test_without_dds_it_solves_an_ending_itself(capsys: pytest.CaptureFixture[str],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dds_library, "available", lambda: False)
    assert _check_solver() == []
    line = capsys.readouterr().out.strip()
    assert line.startswith("solver: no DDS here; our own search solved") and line.count("\n") == 0
