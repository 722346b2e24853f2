"""The navigator (app/window/routes.py), reached as ``app.nav``: each place a scene can go
opens that scene, over the caller or in its place, laid out for the window; the menu clears
the stack. Where a key leads there (Enter, Esc, the pause menu's arrows), the test presses
it as a posted event; the other places are asked of ``app.nav`` as a scene asks."""

from __future__ import annotations

import pygame
import pytest

from app.window.routes import Routes
from app.window.scenes.base import Navigator
from app.window.tables import replay_table_for, review_table_for
from games.registry import GAMES
from tests.app.test_replays import played
from tests.app.ui_driver import FRAME, post_key, table

WHIST = GAMES["whist"]
FIRST = next(iter(GAMES))   # the game the menu has chosen when it opens


def names(app) -> list[str]:
    return [type(scene).__name__ for scene in app.scenes.stack]


def test_routes_has_every_place_the_navigator_names() -> None:
    places = {name for name in vars(Navigator) if not name.startswith("_")}
    assert "table" in places and places <= set(vars(Routes))


@pytest.mark.parametrize("go,scene", [
    (lambda nav: nav.stats(), "StatsScene"),
    (lambda nav: nav.replays(), "ReplaysScene"),
    (lambda nav: nav.settings(), "SettingsScene"),
    (lambda nav: nav.keys(), "KeyBindingsScene"),
    (lambda nav: nav.online(), "OnlineScene"),
    (lambda nav: nav.setup(WHIST), "SetupScene"),
    (lambda nav: nav.host(WHIST), "HostSetupScene"),
    (lambda nav: nav.rules(WHIST), "RulesScene"),
])
def test_a_screen_opens_over_the_menu_and_esc_comes_back(app, go, scene) -> None:
    go(app.nav)
    assert names(app) == ["MenuScene", scene]
    post_key(app, pygame.K_ESCAPE)
    assert names(app) == ["MenuScene"]


def test_a_game_goes_from_setup_to_table_to_pause_to_a_new_deal_and_home(app) -> None:
    post_key(app, pygame.K_RETURN)           # the menu's chosen game: its setup screen
    assert names(app) == ["MenuScene", "SetupScene"]
    post_key(app, pygame.K_RETURN)           # Start: the table in the setup's place
    first = app.scenes.top
    assert names(app) == ["MenuScene", type(first).__name__] and first.session.spec.id == FIRST
    post_key(app, pygame.K_ESCAPE)
    assert names(app)[-1] == "PauseScene" and app.scenes.top.table is first
    choose(app, 3)                           # New game: a table of the same kind, in its place
    again = app.scenes.top
    assert names(app) == ["MenuScene", type(first).__name__] and again is not first
    assert type(again) is type(first) and again.size == app.screen.get_size()
    post_key(app, pygame.K_ESCAPE)
    choose(app, 4)                           # Leave to menu
    assert names(app) == ["MenuScene"]


def choose(app, index: int) -> None:
    """The pause menu's button ``index`` (Resume, Rules, Settings, New game, Leave), by keys."""
    for _ in range(index):
        post_key(app, pygame.K_DOWN)
    post_key(app, pygame.K_RETURN)


def test_the_results_replace_the_table_and_review_opens_over_them(app) -> None:
    scene = table(app, "abstrac")
    replay, _ = played("abstrac", 1)
    app.nav.results(scene.session)
    assert names(app) == ["ResultsScene"]
    app.nav.review(replay)
    assert names(app)[0] == "ResultsScene" and type(app.scenes.top) is review_table_for("abstrac")
    assert len(app.scenes.stack) == 2


def test_a_replay_opens_over_the_list_and_esc_goes_back_to_it(app) -> None:
    app.nav.replays()
    app.nav.replay(played("abstrac", 2)[0])
    assert names(app)[:2] == ["MenuScene", "ReplaysScene"] and type(app.scenes.top) is replay_table_for("abstrac")
    assert len(app.scenes.stack) == 3
    post_key(app, pygame.K_ESCAPE)
    assert names(app) == ["MenuScene", "ReplaysScene"]


def test_a_table_opened_in_place_is_returned_and_laid_out(app) -> None:
    scene = table(app, "whist")
    opened = app.nav.table(scene.session.rematch(), replace=True)
    assert app.scenes.stack == [opened] and opened is not scene
    assert opened.size == app.screen.get_size()
    app.nav.history(opened)
    assert names(app) == ["WhistTable", "HistoryScene"]
    app.step(FRAME)
    post_key(app, pygame.K_l)
    assert names(app) == ["WhistTable"]
