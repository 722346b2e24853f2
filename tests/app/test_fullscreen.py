"""F11 full screen is remembered: the key stores it at once, and the app opens in full screen
next time. (The dummy video driver cannot really go full screen; what is checked is that the
shell asks for it, and that a display refusing it leaves a plain window.)"""

from __future__ import annotations

import pygame
import pytest

from app.core import storage
from app.window.scenes.menu import MenuScene
from app.window.shell import App

from tests.app.ui_driver import make_app, post_key


class ModeSpy:
    """Wraps pygame.display.set_mode, noting the flags of every call; may refuse full screen."""

    def __init__(self, refuse_fullscreen: bool = False) -> None:
        self.real = pygame.display.set_mode
        self.calls: list[int] = []
        self.refuse = refuse_fullscreen

    def __call__(self, size=(0, 0), flags=0, *args, **kwargs):
        self.calls.append(flags)
        if self.refuse and flags & pygame.FULLSCREEN:
            raise pygame.error("no full screen here")
        return self.real(size, flags, *args, **kwargs)

    def asked_fullscreen(self) -> bool:
        return any(flags & pygame.FULLSCREEN for flags in self.calls)


def remember_fullscreen(on: bool) -> None:
    settings = storage.load_settings()
    settings.fullscreen = on
    storage.save_settings(settings)


@pytest.fixture(autouse=True)
def _quit_pygame():
    yield
    pygame.quit()


def test_f11_is_stored_at_once_both_ways():
    app = make_app((900, 600))
    app.start(MenuScene(app))
    post_key(app, pygame.K_F11)
    assert app.fullscreen and storage.load_settings().fullscreen
    post_key(app, pygame.K_F11)
    assert not app.fullscreen and not storage.load_settings().fullscreen
    assert app.screen.get_size() == (900, 600)        # back to the window it had


def test_the_app_opens_in_full_screen_when_it_was_left_so(monkeypatch):
    remember_fullscreen(True)
    spy = ModeSpy()
    monkeypatch.setattr(pygame.display, "set_mode", spy)
    app = App(headless=True)
    assert spy.asked_fullscreen() and app.fullscreen
    app.start(MenuScene(app))
    app.step(1 / 60)                                  # the menu lays out for the whole screen
    assert app.scenes.top.size == app.screen.get_size()


def test_a_window_when_full_screen_was_not_left_on(monkeypatch):
    remember_fullscreen(False)
    spy = ModeSpy()
    monkeypatch.setattr(pygame.display, "set_mode", spy)
    app = App(headless=True)
    assert not spy.asked_fullscreen() and not app.fullscreen


def test_a_named_size_wins_over_the_remembered_full_screen(monkeypatch):
    remember_fullscreen(True)
    spy = ModeSpy()
    monkeypatch.setattr(pygame.display, "set_mode", spy)
    app = App(size=(900, 600), headless=True)
    assert not spy.asked_fullscreen() and app.screen.get_size() == (900, 600)


def test_a_display_that_refuses_full_screen_gets_a_window(monkeypatch):
    remember_fullscreen(True)
    monkeypatch.setattr(pygame.display, "set_mode", ModeSpy(refuse_fullscreen=True))
    app = App(headless=True)
    assert not app.fullscreen
    assert app.screen.get_size() == tuple(storage.load_settings().window_size)
    app.start(MenuScene(app))
    post_key(app, pygame.K_F11)                       # asked again, refused again: still fine
    assert not app.fullscreen and not storage.load_settings().fullscreen
