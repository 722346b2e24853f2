"""Playing and moving between screens by the keyboard alone or the mouse alone: Ninety-Nine to
its end with Enter, the menu's focus back on the game just opened, the key bindings opened
from Settings with Enter, and used and left with the mouse."""

from __future__ import annotations

import pygame
import pytest

from tests.app.ui_driver import FRAME, make_app, table


@pytest.mark.slow
def test_ninety_nine_can_be_played_to_the_end_with_enter_alone():
    """Enter always plays the ringed card, and the ring never rests on a card that would
    break 99 while another can be played (it used to, and Enter then only complained)."""
    from app.window.scenes.results import ResultsScene
    from tests.app.ui_driver import post_key

    app = make_app()
    try:
        app.settings.animation_speed = "instant"
        scene = table(app, "ninety_nine", seats=2, seed=11)
        for _ in range(20000):
            if isinstance(app.scenes.top, ResultsScene):
                break
            if scene.prompt is not None:
                post_key(app, pygame.K_1)
            elif scene.human_turn and scene.idle:
                legal = {a.card for a in scene.session.state.legal_actions(scene.viewer)}
                assert scene.hands[scene.viewer][scene.selected].card in legal or not legal
                post_key(app, pygame.K_RETURN)
            else:
                app.step(FRAME)
            scene.session.settle()
        assert isinstance(app.scenes.top, ResultsScene)
    finally:
        pygame.quit()


def test_back_on_the_menu_the_focus_is_on_the_game_just_opened():
    from app.window.scenes.menu import MenuScene
    from app.window.scenes.setup import SetupScene
    from tests.app.ui_driver import post_key

    app = make_app()
    try:
        menu = MenuScene(app)
        app.start(menu)
        assert menu.index == 0
        post_key(app, pygame.K_RIGHT)
        post_key(app, pygame.K_RIGHT)
        post_key(app, pygame.K_RETURN)
        assert isinstance(app.scenes.top, SetupScene) and app.scenes.top.spec.id == menu.specs[2].id
        again = MenuScene(app)          # as the results screen's Menu button makes it
        assert again.index == 2
    finally:
        pygame.quit()


def test_enter_on_the_keys_row_of_settings_opens_the_key_bindings():
    from app.window.scenes.keys import KeyBindingsScene
    from app.window.scenes.menu import MenuScene
    from app.window.scenes.settings import SettingsScene
    from tests.app.ui_driver import post_key

    app = make_app()
    try:
        app.start(MenuScene(app))
        post_key(app, pygame.K_o)
        settings = app.scenes.top
        assert isinstance(settings, SettingsScene)
        for _ in range(len(settings.rows) - 1):
            post_key(app, pygame.K_DOWN)
        post_key(app, pygame.K_RETURN)
        assert isinstance(app.scenes.top, KeyBindingsScene)
        post_key(app, pygame.K_ESCAPE)
        assert app.scenes.top is settings
        post_key(app, pygame.K_UP)                 # on any other row Enter still means Done
        post_key(app, pygame.K_RETURN)
        assert isinstance(app.scenes.top, MenuScene)
    finally:
        pygame.quit()


def test_the_key_bindings_screen_can_be_used_and_left_with_the_mouse_alone():
    from app.window.scenes.keys import KeyBindingsScene
    from app.window.scenes.settings import SettingsScene
    from tests.app.ui_driver import click

    app = make_app((820, 580))
    try:
        settings = SettingsScene(app)
        app.start(settings)
        click(app, settings.rows[-1].rect.center)          # "Keys for reflex games"
        keys = app.scenes.top
        assert isinstance(keys, KeyBindingsScene)
        app.settings.key_bindings["reflex1"] = {"first": "a"}
        window = pygame.Rect((0, 0), app.screen.get_size())
        for button in (keys.usual_button, keys.done_button):
            assert window.contains(button.rect) and button.rect.top > keys.rows[-1].rect.bottom
        click(app, keys.usual_button.rect.center)
        assert app.settings.key_bindings == {} and "usual keys" in keys.message
        click(app, keys.done_button.rect.center)
        assert app.scenes.top is settings
    finally:
        pygame.quit()
