"""Fit checks found by looking at every screen as a new player would."""

from __future__ import annotations

import pygame
import pytest

from tests.app.ui_driver import make_app, table


@pytest.mark.parametrize("size", [(800, 560), (1280, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_abstrac_match_box_sits_under_the_top_players_points_and_over_the_row(size):
    """At 800x560 the top player's points lines wrap to six lines; the "Deal 1 of 2" box
    covered the last of them."""
    app = make_app(size)
    try:
        scene = table(app, "abstrac")
        app.step(1 / 60)
        scene.relayout_now()
        match = scene._match_rect()
        assert match.top >= scene._points_bottom(1 - scene._me)
        assert match.bottom <= scene.row_y - scene.row_width * 0.7
    finally:
        pygame.quit()


@pytest.mark.parametrize("size", [(800, 560), (1280, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_results_buttons_keep_their_labels_off_their_edges(size):
    """At 800x560 "Change setup" touched both edges of its button."""
    from app.window.render.text import font
    from tests.app.test_replay_ui import finish_a_game

    app = make_app(size)
    try:
        results = finish_a_game(app, "nash")
        for button in results.row.buttons:
            assert font(button.text_size, bold=True).size(button.label)[0] <= button.rect.width - 24, button.label
    finally:
        pygame.quit()
