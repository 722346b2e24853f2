"""The pause box holds its title and buttons with room all round: the "Paused" title
never touches the box's edge or the first button."""

from __future__ import annotations

import pygame
import pytest

from app.window.scenes.pause import PauseScene

from tests.app.ui_driver import FRAME, make_app, table


@pytest.mark.parametrize("size", [(800, 560), (1280, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_title_and_buttons_sit_well_inside_the_box(size):
    app = make_app(size)
    try:
        scene = table(app, "whist")
        app.step(FRAME)
        pause = PauseScene(app, scene)
        app.scenes.push(pause)
        app.step(FRAME)
        ink = pause.title.get_bounding_rect().move(pause.title_rect.topleft)   # the letters themselves
        box, first = pause.box, pause.row.buttons[0].rect
        assert ink.top - box.top >= 16 and ink.left - box.left >= 16 and box.right - ink.right >= 16
        assert first.top - ink.bottom >= 12
        for button in pause.row.buttons:
            assert box.inflate(-24, -24).contains(button.rect)
        assert pygame.Rect((0, 0), size).contains(box)
    finally:
        pygame.quit()
