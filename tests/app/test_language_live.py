"""Settings' Language row changes the words at once, with no restart: its own rows, and the
menu's buttons on the way back; and the choice is kept for the next start."""

from __future__ import annotations

import pygame

from app.core import storage
from app.window.scenes.menu import MenuScene
from app.window.scenes.settings import SettingsScene

from tests.app.ui_driver import make_app, post_key


def test_choosing_german_shows_german_at_once_and_is_kept(monkeypatch):
    monkeypatch.delenv("PARLOUR_LANG")
    monkeypatch.setenv("LANGUAGE", "")
    monkeypatch.setenv("LC_ALL", "C")          # the system names no language Parlour has
    app = make_app()
    try:
        menu = MenuScene(app)
        app.start(menu)
        assert menu.settings_button.label == "Settings"
        post_key(app, pygame.K_o)
        scene = app.scenes.top
        assert isinstance(scene, SettingsScene) and scene.rows[0].label == "Language"
        post_key(app, pygame.K_RIGHT)                    # System -> English
        post_key(app, pygame.K_RIGHT)                    # -> Français
        post_key(app, pygame.K_RIGHT)                    # -> Deutsch
        assert scene.rows[0].label == "Sprache" and scene.rows[0].value() == "Deutsch"
        assert scene.rows[1].label == "Lautstärke" and scene.done_button.label == "Fertig"
        assert storage.load_settings().language == "de"
        post_key(app, pygame.K_ESCAPE)
        assert app.scenes.top is menu
        assert (menu.settings_button.label, menu.quit_button.label) == ("Einstellungen", "Beenden")
        post_key(app, pygame.K_ESCAPE)                   # the quit question is German too
        assert menu.quitting is not None and menu.quitting.question == "Parlour beenden?"
    finally:
        pygame.quit()
    assert labels_at_a_new_start() == ("Beenden", "Partien")   # the next start reads the settings


def test_the_command_line_outranks_the_setting(monkeypatch):
    settings = storage.Settings(language="fr")
    storage.save_settings(settings)
    monkeypatch.setenv("PARLOUR_LANG", "es")
    assert labels_at_a_new_start() == ("Salir", "Partidas")


def labels_at_a_new_start() -> tuple[str, str]:
    """The menu's Quit and Replays buttons as a freshly started app shows them."""
    app = make_app()
    try:
        menu = MenuScene(app)
        app.start(menu)
        return menu.quit_button.label, menu.replays_button.label
    finally:
        pygame.quit()
