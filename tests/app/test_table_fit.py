"""Small-window layout checks of tables: nothing a player needs to read is drawn under
something else."""

from __future__ import annotations

import pygame
import pytest

from app.render.table import nameplate

from tests.app.ui_driver import FRAME, make_app, table


@pytest.mark.parametrize("size", [(820, 580), (1280, 800)])
@pytest.mark.parametrize("seats", [2, 4, 6])
def test_ninety_nine_plates_and_tokens_sit_clear_above_each_hand(size, seats):
    app = make_app(size)
    try:
        scene = table(app, "ninety_nine", seats=seats)
        for _ in range(90):
            app.step(FRAME)
        scene.anim.finish_all()
        plate_h = nameplate("P1", "Computer", max(13, int(18 * scene.s)), False, False).get_height()
        tokens_bottom = 3 + 2 * max(6, int(8 * scene.s))
        for seat, hand in enumerate(scene.hands):
            if seat == scene.viewer or not hand:
                continue
            plate_y = scene.opponent_ys[seat][0]
            assert plate_y - plate_h / 2 >= 0                      # the plate is on screen
            under_plate = plate_y + plate_h / 2 + tokens_bottom     # the bottom of its tokens
            assert min(sprite.rect().top for sprite in hand) >= under_plate, (seat, size)
    finally:
        pygame.quit()
