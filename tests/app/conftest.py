"""Fixtures shared by the UI tests."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from app.window.scenes.menu import MenuScene
from tests.app.ui_driver import make_app


@pytest.fixture(autouse=True)
def whole_first_pictures(monkeypatch):
    """Tables paint their cards ahead a few milliseconds a frame before the first whole
    picture, so how many frames that takes depends on the machine's speed and load. UI
    tests count frames: here the first picture always comes in one frame (the painting
    ahead itself is tested, with its real budget, in test_paint_ahead.py)."""
    import app.window.scenes.table as table_scene

    monkeypatch.setattr(table_scene, "PAINT_AHEAD", 60.0)


@pytest.fixture(autouse=True)
def no_wash(monkeypatch):
    """A fresh table washes the deck for a second before its first deal. UI tests count
    frames from the deal, so here tables deal at once (test_wash.py turns the wash back on)."""
    from app.window.anim import wash

    monkeypatch.setattr(wash, "SHOWN", False)


@pytest.fixture(autouse=True)
def hand_summaries_go_by_themselves(monkeypatch):
    """With a player at a trick table, the summary between hands waits for Space or a
    click. UI tests that play through several hands wait for the player's next turn, so
    here it goes by itself after its seconds, as when no one is at the table
    (test_hand_summary_waits.py turns the waiting back on)."""
    from app.window.tables import tricks

    monkeypatch.setattr(tricks, "SUMMARY_WAITS", False)


@pytest.fixture(autouse=True)
def roomy_desktop(monkeypatch):
    """The window fits the desktop (app.window.shell.desktop_room), and the dummy driver
    says its desktop is 1024x768: UI tests get one that holds every window size, and
    test_window_fits.py shrinks it."""
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(8192, 8192)])


@pytest.fixture
def app():
    """The app, headless at 1280x800, showing its menu after one frame (a test file may
    define its own ``app`` for another start)."""
    application = make_app()
    application.start(MenuScene(application))
    application.step(1 / 60)
    yield application
    pygame.quit()


@pytest.fixture
def log(tmp_path, monkeypatch) -> Path:
    """The speech log (``PARLOUR_SPEECH_LOG``) of an app made after this: every line it says,
    one a line, for the tests that listen (test_speech*, test_play_by_ear)."""
    path = tmp_path / "speech.txt"
    monkeypatch.setenv("PARLOUR_SPEECH_LOG", str(path))
    return path
