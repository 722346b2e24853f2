"""The statistics screen (overall streaks, Seahaven's fewest moves, reflex games' best times,
a reset by mouse that asks first) and the key-binding editor by mouse."""

from __future__ import annotations

import pygame
import pytest

from app.core import storage
from app.window.scenes.menu import MenuScene
from app.window.scenes.results import ResultsScene
from app.window.scenes.stats import StatsScene, _time
from games.core.realtime import play_realtime
from games.registry import GAMES
from tests.app.ui_driver import click, post_key, step_until, table


def open_stats(app) -> StatsScene:
    post_key(app, pygame.K_s)
    assert isinstance(app.scenes.top, StatsScene)
    return app.scenes.top


def row(scene: StatsScene, title: str) -> tuple[str, ...]:
    return next(r for r in scene.rows() if r[0] == title)


def test_overall_streaks_follow_the_order_games_were_played(app):
    for game_id, won in (("whist", True), ("nap", True), ("euchre", True), ("nap", False),
                         ("whist", True), ("abstrac", True)):
        storage.record_result(game_id, won)
    overall = row(open_stats(app), "All games")
    assert overall[1:6] == ("6", "5", "83%", "2", "3")   # played, won, rate, streak, best streak


def test_seahaven_shows_its_best_time_and_fewest_moves(app):
    storage.record_result("seahaven", True, 200.0, 120)
    storage.record_result("seahaven", True, 260.0, 95)   # slower, but in fewer moves
    storage.record_result("seahaven", False)
    seahaven = row(open_stats(app), "Seahaven Towers")
    assert seahaven[1:] == ("3", "2", "67%", "0", "2", "3:20", "95")


def test_a_reflex_win_records_its_game_clock_time(app):
    spec = GAMES["ratscrew"]
    options = spec.make_options(seats=2)
    # a game the first seat (the human's) wins, played out by bots on the simulated clock
    finished = next(r.state for seed in range(1, 60)
                    for r in [play_realtime(spec, options, seed, [spec.bots["hard"], spec.bots["easy"]])]
                    if r.state.outcome().winners == (0,))
    scene = table(app, "ratscrew", humans=1, seats=2)
    scene.session.state = finished
    step_until(app, lambda: isinstance(app.scenes.top, ResultsScene))
    record = storage.load_stats().for_game("ratscrew")
    assert (record.played, record.won) == (1, 1)
    assert record.best_seconds == pytest.approx(finished.now_ms / 1000)
    assert row(open_stats_from_menu(app), "Egyptian Ratscrew")[6] == _time(finished.now_ms / 1000)


def open_stats_from_menu(app) -> StatsScene:
    app.scenes.reset(MenuScene(app))
    app.step(1 / 60)
    return open_stats(app)


def test_reset_by_mouse_asks_and_keep_changes_nothing(app):
    storage.record_result("spoons", True, 61.0)
    scene = open_stats(app)
    click(app, scene.row_rects[scene.ids.index("spoons")].center)
    assert scene.ids[scene.focus] == "spoons"
    click(app, scene.reset_button.rect.center)
    assert scene.confirming == "spoons"
    app.step(1 / 60)
    click(app, scene.no_button.rect.center)
    assert scene.confirming is None and storage.load_stats().for_game("spoons").played == 1
    click(app, scene.reset_button.rect.center)
    click(app, scene.yes_button.rect.center)
    assert storage.load_stats().for_game("spoons").played == 0
    assert row(scene, "Spoons")[1:3] == ("0", "0")


def test_a_click_on_a_key_binding_asks_for_the_new_key(app):
    from app.window.input.bindings import slot_keys
    from app.window.scenes.keys import KeyBindingsScene

    app.scenes.push(KeyBindingsScene(app))
    scene = app.scenes.top
    click(app, scene.rows[4].rect.center)          # Player 2's second key
    assert scene.waiting and scene.focus == 4
    post_key(app, pygame.K_l, "l")
    assert slot_keys(storage.load_settings().key_bindings, 1) == (pygame.K_p, pygame.K_l)
