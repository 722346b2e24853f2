"""The window fits the desktop it opens on (issue 28, 1): a saved 1280 x 800 opened on an
800 x 560 screen hid the title and the menu's bottom buttons. Here get_desktop_sizes is
made to say a small desktop, and the app opens, resizes and offers sizes within it."""

from __future__ import annotations

import pygame
import pytest

from app.core import storage
from app.window.scenes.menu import MenuScene
from app.window.scenes.settings import SettingsScene
from app.window.shell import App

from tests.app.ui_driver import FRAME, click, post_key


def small_desktop(monkeypatch, size: tuple[int, int]) -> tuple[int, int]:
    """Make the first screen ``size``; returns the room a window has on it."""
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [size])
    return storage.window_room(size)


def saved_size(size: tuple[int, int]) -> None:
    settings = storage.load_settings()
    settings.window_size = size
    storage.save_settings(settings)


def opened_app() -> App:
    """The app as the player opens it: no size named, the saved one asked for."""
    app = App(headless=True)
    app.start(MenuScene(app))
    app.step(FRAME)
    return app


def inside(app: App, rect: pygame.Rect) -> bool:
    return app.screen.get_rect().contains(rect)


def test_the_first_window_fits_a_small_screen_and_so_do_the_menus_buttons(monkeypatch):
    room = small_desktop(monkeypatch, (800, 560))
    saved_size((1280, 800))
    app = opened_app()
    width, height = app.screen.get_size()
    assert width <= room[0] and height <= room[1] < 560
    assert tuple(app.settings.window_size) == (width, height)
    menu = app.scenes.top
    for button in (menu.quit_button, menu.online_button, menu.replays_button):
        assert inside(app, button.rect), button.label
    pygame.quit()


def test_a_saved_size_that_fits_is_kept(monkeypatch):
    small_desktop(monkeypatch, (1366, 768))
    saved_size((1024, 640))
    app = opened_app()
    assert app.screen.get_size() == (1024, 640)
    pygame.quit()


def test_a_laptop_screen_keeps_the_width_and_loses_only_the_height_it_lacks(monkeypatch):
    room = small_desktop(monkeypatch, (1366, 768))
    saved_size((1280, 800))
    app = opened_app()
    assert app.screen.get_size() == (1280, room[1])
    pygame.quit()


def size_row(scene: SettingsScene):
    return next(row for row in scene.rows if row.label == "Window size")


def open_settings(app: App) -> SettingsScene:
    post_key(app, pygame.K_o)
    scene = app.scenes.top
    assert isinstance(scene, SettingsScene)
    scene.focus = scene.rows.index(size_row(scene))
    return scene


def press(app: App, key: int) -> tuple[int, int]:
    post_key(app, key)
    app.step(FRAME)     # the resize the change posted
    return app.screen.get_size()


def test_settings_offer_only_the_sizes_that_fit_and_stop_at_either_end(monkeypatch):
    room = small_desktop(monkeypatch, (1440, 900))   # 1024 x 640 and 1280 x 800 fit; 1440 x 900 does not
    saved_size((1024, 640))
    app = opened_app()
    open_settings(app)
    assert press(app, pygame.K_LEFT) == (1024, 640)            # the smallest: Left does not wrap
    assert press(app, pygame.K_RIGHT) == (1280, 800)
    assert press(app, pygame.K_RIGHT) == (1280, 800)           # the largest that fits: no further
    assert all(side <= limit for side, limit in zip(app.screen.get_size(), room))
    assert press(app, pygame.K_LEFT) == (1024, 640)
    assert storage.load_settings().window_size == (1024, 640)
    pygame.quit()


def test_a_click_at_the_largest_size_does_not_wrap_to_the_smallest(monkeypatch):
    small_desktop(monkeypatch, (1920, 1200))
    saved_size((1600, 1000))
    app = opened_app()
    scene = open_settings(app)
    click(app, size_row(scene).rect.center)
    app.step(FRAME)
    assert app.screen.get_size() == (1600, 1000)
    pygame.quit()


def test_on_a_screen_smaller_than_every_size_the_one_offered_is_the_room(monkeypatch):
    room = small_desktop(monkeypatch, (800, 560))
    app = opened_app()
    scene = open_settings(app)
    for key in (pygame.K_RIGHT, pygame.K_LEFT):
        assert press(app, key) == room
    assert scene.size == room
    pygame.quit()


def test_a_resize_on_a_small_screen_is_not_blown_back_up_to_the_tables_ideal(monkeypatch):
    room = small_desktop(monkeypatch, (800, 560))      # smaller than storage.MIN_WINDOW
    app = opened_app()
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=room, w=room[0], h=room[1]))
    app.step(FRAME)
    assert app.screen.get_size() == room
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(300, 200), w=300, h=200))
    app.step(FRAME)
    assert app.screen.get_size() == room               # but no smaller than the room
    pygame.quit()


@pytest.mark.parametrize("desktop", [(800, 560), (1366, 768), (1920, 1080)])
def test_every_size_offered_fits(desktop):
    room = storage.window_room(desktop)
    choices = storage.window_choices(room)
    assert choices and all(w <= room[0] and h <= room[1] for w, h in choices)
