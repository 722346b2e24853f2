"""Settings behave like settings (issue 28, point 11): the mouse lights the row under it but
never moves the keyboard's focus, so a stray key after a resize changes nothing unseen; one
thing is lit at a time; rows that open a dialog are buttons, not pickers."""

from __future__ import annotations

import pygame
import pytest

from app.window.scenes.settings import SettingsScene

from tests.app.ui_driver import post_key


def motion(app, pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.step(1 / 60)


def open_settings(app) -> SettingsScene:
    post_key(app, pygame.K_o)
    scene = app.scenes.top
    assert isinstance(scene, SettingsScene)
    return scene


def row_index(scene: SettingsScene, label: str) -> int:
    return next(i for i, row in enumerate(scene.rows) if row.label == label)


def test_hovering_a_row_does_not_move_the_focus_and_a_stray_key_changes_nothing(app):
    scene = open_settings(app)
    nails = row_index(scene, "Colour-blind Nails cards")
    chosen, blind = app.settings.language, app.settings.colourblind_nails
    motion(app, scene.rows[nails].rect.center)     # (or the rows slid under a still mouse)
    assert scene.focus == 0 and scene.lit() == nails
    post_key(app, pygame.K_LEFT)                   # only shows where the focus is
    assert app.settings.colourblind_nails == blind and app.settings.language == chosen
    assert scene.lit() == 0
    post_key(app, pygame.K_LEFT)                   # now it acts, on the row that is lit (Language)
    assert app.settings.language == "es" != chosen
    assert app.settings.colourblind_nails == blind


def test_only_one_thing_is_lit_at_a_time(app):
    scene = open_settings(app)
    motion(app, scene.done_button.rect.center)
    assert scene.done_button.hover and scene.lit() is None
    post_key(app, pygame.K_DOWN)
    assert not scene.done_button.hover and scene.lit() == scene.focus


def test_a_click_still_changes_the_row_and_takes_the_focus(app):
    scene = open_settings(app)
    four = row_index(scene, "Four-colour deck")
    was = app.settings.four_colour
    for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        extra = {"rel": (0, 0), "buttons": (0, 0, 0)} if kind == pygame.MOUSEMOTION else {"button": 1}
        pygame.event.post(pygame.event.Event(kind, pos=scene.rows[four].rect.center, **extra))
    app.step(1 / 60)
    assert app.settings.four_colour != was and scene.focus == four and scene.lit() == four


def test_the_name_and_keys_rows_are_buttons_left_and_right_do_not_open_them(app):
    scene = open_settings(app)
    name = row_index(scene, "Your name")
    assert scene.rows[name].opens and scene.rows[row_index(scene, "Keys for reflex games")].opens
    assert "‹" not in scene.rows[name].value()
    while scene.focus != name:
        post_key(app, pygame.K_DOWN)
    post_key(app, pygame.K_RIGHT)
    post_key(app, pygame.K_LEFT)
    assert scene.prompt is None and app.scenes.top is scene
    post_key(app, pygame.K_RETURN)
    assert scene.prompt is not None
