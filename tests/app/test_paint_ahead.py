"""A table paints its cards ahead over its first frames (a few milliseconds each) instead
of all in one: the bare felt shows meanwhile, nothing moves, and the first whole picture
is the one the table would have drawn had every card been painted already."""

from __future__ import annotations

import pygame
import pytest

from app.window.render.cards import CardRenderer, PaintLater
from app.window.render.table import felt
from games.core.cards import Card

from tests.app.ui_driver import FRAME, make_app, settle, table


@pytest.fixture
def app(monkeypatch):
    import app.window.scenes.table as table_scene

    monkeypatch.setattr(table_scene, "PAINT_AHEAD", 0.003)  # the real budget (conftest lifts it)
    app = make_app((1280, 800))
    yield app
    pygame.quit()


def test_a_spent_budget_defers_new_surfaces_but_hands_out_painted_ones() -> None:
    renderer = CardRenderer()
    ace = renderer.face(Card.parse("AS"), 90)
    with renderer.budget(0.0):
        assert renderer.face(Card.parse("AS"), 90) is ace   # painted already: no limit
        renderer.back(90)                                    # the first new one is always painted
        with pytest.raises(PaintLater):
            renderer.face(Card.parse("KH"), 90)
    renderer.face(Card.parse("KH"), 90)                      # outside the block: painted at once


def _first_picture(app, scene) -> tuple[int, bytes]:
    """Frames until the table's first whole picture, and that picture."""
    for frames in range(1, 200):
        app.step(FRAME)
        settle(app)
        if scene.pictured:
            return frames, pygame.image.tobytes(app.screen, "RGB")
        # Meanwhile the felt alone is shown and the deal waits.
        assert scene.painting_ahead
        assert pygame.image.tobytes(app.screen, "RGB") == pygame.image.tobytes(felt(scene.size), "RGB")
    raise AssertionError("the table never drew a whole picture")


@pytest.mark.parametrize("game_id", ["whist", "ninety_nine"])
def test_a_table_paints_ahead_then_shows_the_picture_it_would_have_shown(app, game_id) -> None:
    frames, ahead = _first_picture(app, table(app, game_id))
    assert frames > 1  # the painting was spread over several frames
    # The same deal again: its cards are painted now, so its first frame is whole, and it
    # is the picture the first table showed after painting ahead.
    again = table(app, game_id)
    assert _first_picture(app, again) == (1, ahead)


def test_saving_settings_keeps_the_painted_cards_unless_their_looks_change(app) -> None:
    renderer = app.cards
    app.save_settings()  # as the setup screen does on Start
    assert app.cards is renderer
    app.settings.four_colour = not app.settings.four_colour
    app.save_settings()
    assert app.cards is not renderer and app.cards.four_colour == app.settings.four_colour
