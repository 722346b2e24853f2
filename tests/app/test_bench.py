"""``parlour bench`` measures every screen a player sees: each registered game's table with
its cards moving, the reflex tables mid-round, and the menus and overlays."""

from __future__ import annotations

import pygame
import pytest

from app.cli import bench
from app.window.tables import table_for
from games.registry import GAMES

from tests.app.ui_driver import make_app


@pytest.fixture(scope="module")
def app():
    application = make_app()
    application.settings.animation_speed = "fast"
    yield application
    pygame.quit()


def test_every_registered_game_has_a_table_scene_in_the_bench():
    assert bench.table_scenes() == list(GAMES)
    assert {"menu", "setup", "settings", "keys", "stats", "pause", "rules", "results"} <= set(bench.scenes())


@pytest.mark.parametrize("game_id", list(GAMES))
def test_each_table_is_measured_with_animations_running(app, game_id):
    figures = bench.measure(app, bench.scenes()[game_id], frames=120)
    assert figures["scene"] == table_for(game_id).__name__
    assert figures["animating"] > 0  # cards were moving in some of the measured frames
    if GAMES[game_id].realtime:
        assert app.scenes.top.started  # measured mid-round, not during the countdown


@pytest.mark.parametrize("name,overlay", [("pause", "PauseScene"), ("rules", "RulesScene")])
def test_overlays_are_measured_over_a_table(app, name, overlay):
    figures = bench.measure(app, bench.scenes()[name], frames=3)
    assert figures["scene"] == overlay
    assert app.scenes.stack[0].name != "menu" and len(app.scenes.stack) == 2


def test_the_results_screen_shows_a_finished_game(app):
    bench.measure(app, bench.scenes()["results"], frames=3)
    assert app.scenes.top.session.state.is_over()


def test_the_wash_is_measured_washing_throughout(app):
    figures = bench.measure(app, bench.scenes()["wash"], frames=120)
    assert figures["scene"] == "Washing" and app.scenes.top is not app.scenes.stack[0]
    assert 0 < app.scenes.top.t < 1        # still washing, round and round, not dealt
