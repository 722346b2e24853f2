"""Fixtures shared by the UI tests."""

from __future__ import annotations

import pygame
import pytest

from app.scenes.menu import MenuScene
from tests.app.ui_driver import make_app


@pytest.fixture
def app():
    """The app, headless at 1280x800, showing its menu after one frame (a test file may
    define its own ``app`` for another start)."""
    application = make_app()
    application.start(MenuScene(application))
    application.step(1 / 60)
    yield application
    pygame.quit()
