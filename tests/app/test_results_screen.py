"""The results screen: an Enter held down from the table does not skip it, a partnership game
ends with one line per side, players level on score share a place, and the buttons keep
their labels off their edges."""

from __future__ import annotations

import pygame
import pytest

from tests.app.test_replay_ui import finish_a_game
from tests.app.ui_driver import FRAME, make_app


@pytest.mark.parametrize("size", [(800, 560), (1280, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_results_buttons_keep_their_labels_off_their_edges(size):
    """At 800x560 "Change setup" touched both edges of its button."""
    from app.window.render.text import font

    app = make_app(size)
    try:
        results = finish_a_game(app, "nash")
        for button in results.row.buttons:
            assert font(button.text_size, bold=True).size(button.label)[0] <= button.rect.width - 24, button.label
    finally:
        pygame.quit()


@pytest.mark.slow
def test_an_enter_held_down_from_the_table_does_not_skip_the_results():
    from app.window.scenes.results import KEY_GUARD, ResultsScene
    from tests.app.ui_driver import post_key

    app = make_app()
    try:
        results = finish_a_game(app, "nash")
        post_key(app, pygame.K_RETURN)          # still playing cards with Enter: let go
        assert app.scenes.top is results
        for _ in range(int(KEY_GUARD / FRAME) + 2):
            app.step(FRAME)
        post_key(app, pygame.K_RETURN)          # a deliberate Enter plays again
        assert app.scenes.top is not results and not isinstance(app.scenes.top, ResultsScene)
    finally:
        pygame.quit()


@pytest.mark.slow
def test_a_partnership_game_ends_with_one_line_per_side_and_its_points():
    app = make_app((820, 580))
    try:
        results = finish_a_game(app, "whist", seats=None, options={"target": 5})
        outcome = results.outcome
        rows = results.placings()
        assert len(rows) == 2 and rows[0][1] and not rows[1][1]
        first = outcome.winners[0]
        people = results.people
        you = " (you)" if first % 2 == 0 else ""
        assert rows[0][0].startswith(f"1.  {people[first % 2]}{you} & {people[first % 2 + 2]}")
        assert rows[0][0].endswith(f"{outcome.scores[first]:g} points")
        app.step(FRAME)   # drawn, every line inside the panel at the small size
    finally:
        pygame.quit()


@pytest.mark.slow
def test_players_level_on_score_share_a_place_and_winners_come_first():
    app = make_app()
    try:
        results = finish_a_game(app, "nap", seats=7)
        scores, winners = results.outcome.scores, results.outcome.winners
        places = [int(text.split(".")[0].lstrip("=")) for text, _ in results.placings()]
        seats = [results.people.index(text.split(".  ")[1].split(" (you)")[0].split("  ·")[0])
                 for text, _ in results.placings()]
        assert set(seats[:len(winners)]) == set(winners)
        for (p1, s1), (p2, s2) in zip(zip(places, seats), zip(places[1:], seats[1:])):
            level = (s1 in winners) == (s2 in winners) and scores[s1] == scores[s2]
            assert (p1 == p2) == level and p1 <= p2
    finally:
        pygame.quit()
