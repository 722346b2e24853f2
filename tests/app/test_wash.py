"""Washing the deck before the first deal: shown over every dealt table, about a second
at normal speed, skipped by any key or click, never at "instant", with the setting off, in
a replay or for a continued game; and only a picture: the game is the one the seed dealt."""

from __future__ import annotations

import math

import pygame
import pytest

from app.window.anim import wash
from app.window.anim.wash import WashScene, paths, pose
from app.window.scenes.pause import PauseScene
from app.core.replay_file import Replay
from app.core.replay_session import ReplaySession
from app.core.session import SeatPlan, Session, Setup
from app.window.tables import table_for
from games.registry import GAMES

from tests.app.ui_driver import FRAME, make_app, post_key, settle, table


@pytest.fixture(autouse=True)
def washing(monkeypatch):
    monkeypatch.setattr(wash, "SHOWN", True)   # (the UI tests' conftest leaves it out)


@pytest.fixture
def app():
    application = make_app()
    yield application
    pygame.quit()


def top(app) -> object:
    return app.scenes.top


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_fresh_table_washes_before_its_deal(app, game_id):
    scene = table(app, game_id)
    assert isinstance(top(app), WashScene) and top(app).table is scene
    app.step(FRAME)
    assert not scene.session.actions   # nothing is played while the cards are washed


def test_the_wash_lasts_about_a_second_and_holds_the_deal(app):
    scene = table(app, "whist")
    queued = len(scene.queue)
    for _ in range(50):                       # five sixths of a second: still washing
        app.step(FRAME)
    assert isinstance(top(app), WashScene) and len(scene.queue) == queued
    for _ in range(15):
        app.step(FRAME)
    assert top(app) is scene and len(scene.queue) < queued   # the deal has begun


def test_any_key_or_click_skips_it_and_goes_no_further(app):
    scene = table(app, "ninety_nine")
    app.step(FRAME)
    post_key(app, pygame.K_ESCAPE)            # skips the wash; does not also pause
    assert top(app) is scene and not any(isinstance(s, PauseScene) for s in app.scenes.stack)
    other = make_app()
    second = table(other, "spoons")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(400, 300), button=1))
    other.step(FRAME)
    assert top(other) is second


@pytest.mark.parametrize("why", ["instant", "setting off", "continued", "replay"])
def test_no_wash_when(app, why):
    if why == "instant":
        app.settings.animation_speed = "instant"
    if why == "setting off":
        app.settings.wash_cards = False
    spec = GAMES["nap"]
    session = Session(spec, Setup("nap", [SeatPlan(i == 0, "easy") for i in range(spec.default_seats)],
                                  {o.key: o.default for o in spec.options}, 5))
    if why == "continued":   # as resume rebuilds it: actions already taken, no opening to show
        seat = session.to_act()[0]
        session.apply(session.state.legal_actions(seat)[0])
        session.opening = []
    if why == "replay":   # the same game, watched from its recording
        session = ReplaySession(Replay.from_session(session))
    scene = table_for("nap")(app, session)
    app.start(scene)
    assert top(app) is scene


def test_washing_changes_nothing_in_the_game():
    """The same seed deals the same cards and plays the same game, washed or not."""
    def played(washed: bool) -> tuple:
        application = make_app()
        application.settings.wash_cards = washed
        application.settings.animation_speed = "fast"
        scene = table(application, "whist", humans=0, seed=11)
        dealt = str(scene.session.state.view(0))
        for _ in range(1200):
            application.step(FRAME)
            settle(application)
            if len(scene.session.actions) >= 8:
                break
        return dealt, tuple(map(str, scene.session.actions[:8])), str(scene.session.state.view(0))

    plain, washed = played(False), played(True)
    pygame.quit()
    assert len(plain[1]) == 8 and washed == plain


def test_the_cards_spread_out_and_gather_into_a_pile():
    cards = paths(40)
    centre, reach = (640.0, 400.0), (380.0, 200.0)
    for t in (0.0, 1.0):   # a pile at the start and the end
        for index, card in enumerate(cards):
            x, y, angle = pose(card, index, t, centre, reach)
            assert math.hypot(x - centre[0], y - centre[1]) < 20 and abs(angle) < 1e-6
    far = [math.hypot(*(a - b for a, b in zip(pose(c, i, 0.5, centre, reach)[:2], centre)))
           for i, c in enumerate(cards)]
    assert max(far) > 150 and sum(far) / len(far) > 100
    swirled = [pose(c, i, 0.6, centre, reach)[:2] != pose(c, i, 0.4, centre, reach)[:2] for i, c in enumerate(cards)]
    assert all(swirled)   # mid-wash the cards keep moving round


def test_the_wash_is_a_setting_that_is_kept(app, tmp_path, monkeypatch):
    from app.core import storage
    from app.window.scenes.settings import SettingsScene

    settings = SettingsScene(app)
    row = next(r for r in settings.rows if r.label == "Wash the cards before dealing")
    assert row.value() == "on"
    row.change(1)
    assert app.settings.wash_cards is False and row.value() == "off"
    assert storage.Settings().wash_cards is True
    assert wash.wanted(table(app, "euchre")) is False


def test_seahaven_paints_its_faces_under_the_wash_not_on_the_deals_frames(app):
    scene = table(app, "seahaven")
    assert scene.preparing and not scene.painted_ahead
    while isinstance(top(app), WashScene):       # a second at most (the wash's own length)
        app.step(FRAME)
    assert not scene.preparing and len(scene.painted_ahead) == 52   # ready as the deal begins
