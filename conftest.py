"""Test-wide set-up: no display, no sound, and a private user data folder per test.

It sits at the repo root, not in tests/, so it also reaches the doctests collected from
app/ and games/ (``testpaths``), whichever path a run names."""

import os

# Before anything imports pygame: the whole suite runs with SDL's dummy drivers.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def private_home(tmp_path, monkeypatch):
    """Settings and statistics go to a temporary folder, never the developer's own; and
    each test is a run of its own, whose file notices are said afresh."""
    from app.core import storage

    home = tmp_path / "parlour-home"
    monkeypatch.setenv("PARLOUR_HOME", str(home))
    storage.new_run()
    return home


@pytest.fixture(autouse=True)
def english(monkeypatch):
    """Tests read English, whatever the machine's locale: ``PARLOUR_LANG=en`` (a test of
    the translations sets its own), and the language is English again after each test."""
    from app.core.words import language

    monkeypatch.setenv("PARLOUR_LANG", "en")
    language.use("en")
    yield
    language.use("en")
