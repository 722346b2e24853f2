"""Headless UI tests for the Seahaven table: real mouse and key events are posted and the
app runs frame by frame. Deal 1 starts with 3C (column 1) able to go onto 4C (column 6), and
the Ace of spades last in column 4, free to go home."""

from __future__ import annotations

import pygame
import pytest

from app.window.scenes.setup import SetupScene
from app.window.tables.seahaven import SeahavenTable
from app.window.tables.seahaven_parts import load_progress
from games.core.cards import Card
from games.registry import GAMES
from games.seahaven.rules import Move, Place, SeahavenOptions, new_game

from tests.app.ui_driver import click, drag, make_app, step_until, table

FRAME = 1 / 60


@pytest.fixture
def app():
    application = make_app()
    yield application
    pygame.quit()


def deal_one(app, auto: bool = False) -> SeahavenTable:
    scene = table(app, "seahaven", seed=1, options={"auto_safe": auto, "winnable_only": False})
    step_until(app, lambda: scene.human_turn and not scene.anim.busy)
    return scene


def centre(scene: SeahavenTable, text: str) -> tuple[int, int]:
    return scene.sprites[Card.parse(text)].rect().center


def key(app, key: int, mod: int = 0, unicode: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0))
    app.step(FRAME)


def settle(app, scene: SeahavenTable) -> None:
    step_until(app, lambda: scene.idle and not scene.anim.busy)


def test_a_drag_onto_the_next_card_of_the_suit_moves_it(app):
    scene = deal_one(app)
    target = scene.geo.place_rect(Place.column(5), scene.cols).center
    drag(app, centre(scene, "3C"), target)
    assert scene.session.actions == [Move(0, Card.parse("3C"), Place.column(5))]
    assert scene.state.columns[5][-1] == Card.parse("3C")
    settle(app, scene)
    assert scene.sprites[Card.parse("3C")].rect().centerx == pytest.approx(target[0], abs=2)


def test_an_illegal_drop_changes_nothing_and_the_card_glides_back(app):
    scene = deal_one(app)
    start = centre(scene, "3C")
    before = scene.state.clone()
    drag(app, start, scene.geo.place_rect(Place.column(1), scene.cols).center)  # onto 6C: no
    assert scene.state == before and scene.session.actions == []
    assert "same suit" in scene.message
    settle(app, scene)
    assert scene.sprites[Card.parse("3C")].rect().center == pytest.approx(start, abs=2)


def test_ctrl_z_undoes_and_ctrl_y_redoes(app):
    scene = deal_one(app)
    drag(app, centre(scene, "3C"), scene.geo.place_rect(Place.column(5), scene.cols).center)
    assert scene.state.moves == 1
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert scene.state.moves == 0 and scene.session.actions == []
    assert scene.state.columns[0][-1] == Card.parse("3C")
    key(app, pygame.K_y, pygame.KMOD_CTRL)
    assert scene.state.moves == 1 and scene.state.columns[5][-1] == Card.parse("3C")


def test_no_cyan_frame_is_left_behind_after_an_undo(app):
    scene = deal_one(app)
    key(app, pygame.K_RIGHT)                       # the keyboard cursor shows...
    key(app, pygame.K_RETURN)                      # ...and picks a card up
    drag(app, centre(scene, "3C"), scene.geo.place_rect(Place.column(5), scene.cols).center)
    settle(app, scene)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    settle(app, scene)
    app.step(FRAME)
    cyan = pygame.mask.from_threshold(app.screen, (120, 220, 255), (6, 6, 6, 255)).count()
    assert scene.state.moves == 0 and scene.selected is None and cyan == 0


def test_right_click_sends_a_card_home(app):
    scene = deal_one(app)
    click(app, centre(scene, "AS"), button=3)
    assert scene.state.foundations[0] == 1


def test_safe_cards_go_home_by_themselves_and_one_undo_does_not_fight_it(app):
    scene = deal_one(app, auto=True)
    settle(app, scene)
    assert scene.state.foundations[0] >= 1 and scene.state.foundations[3] >= 1
    moves = scene.state.moves
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    settle(app, scene)
    assert scene.state.moves < moves  # the undone cards were not sent straight back


def test_keyboard_play_picks_a_card_up_and_puts_it_down(app):
    scene = deal_one(app)
    places = scene.geo.places()
    key(app, pygame.K_DOWN)  # from the spades foundation down to column 1
    assert places[scene.cursor] == Place.column(0)
    key(app, pygame.K_RETURN)
    for _ in range(5):
        key(app, pygame.K_RIGHT)
    assert places[scene.cursor] == Place.column(5)
    key(app, pygame.K_RETURN)
    assert scene.state.columns[5][-1] == Card.parse("3C")


def test_h_shows_a_hint_arrow_from_the_solver(app):
    scene = deal_one(app)
    key(app, pygame.K_h)
    step_until(app, lambda: scene.hint_shown is not None, frames=600)
    moves, _ = scene.hint_shown
    assert moves[0] in scene.state.legal_moves()


def test_a_game_in_progress_is_autosaved(app):
    scene = deal_one(app)
    drag(app, centre(scene, "3C"), scene.geo.place_rect(Place.column(5), scene.cols).center)
    saved = load_progress()
    assert saved is not None and saved["deal"] == 1
    assert saved["history"] == [Move(0, Card.parse("3C"), Place.column(5))]


def test_the_setup_screen_offers_no_computer_players_and_a_deal_number(app):
    setup = SetupScene(app, GAMES["seahaven"])
    app.start(setup)
    labels = [row.label for row in setup.rows]
    assert labels == ["Send cards home automatically", "Winnable deals only", "Deal number"]
    setup.focus = 2
    for digit in "617":
        key(app, getattr(pygame, f"K_{digit}"), unicode=digit)
    key(app, pygame.K_RETURN)
    scene = app.scenes.top
    assert isinstance(scene, SeahavenTable) and scene.state.deal == 617
    assert scene.session.humans == [0]


def test_a_saved_game_is_offered_and_resumed_on_the_next_table(app):
    scene = deal_one(app)
    drag(app, centre(scene, "3C"), scene.geo.place_rect(Place.column(5), scene.cols).center)
    fresh = table(app, "seahaven", seed=1, options={"auto_safe": True, "winnable_only": False})
    assert fresh.offer is not None and fresh.offer["deal"] == 1
    for _ in range(60):
        app.step(FRAME)
    assert fresh.state.moves == 0  # nothing plays itself while the question is open
    assert len(fresh.queue) == len(fresh.session.opening)   # nor is the new deal dealt under it
    key(app, pygame.K_RETURN)
    resumed = app.scenes.top
    assert isinstance(resumed, SeahavenTable) and resumed is not fresh
    assert resumed.state.deal == 1 and resumed.state.columns[5][-1] == Card.parse("3C")
    assert resumed.offer is None


def test_the_resume_question_comes_before_the_new_deal_and_esc_deals_it(app, monkeypatch):
    from app.window.anim import wash

    scene = deal_one(app)
    drag(app, centre(scene, "3C"), scene.geo.place_rect(Place.column(5), scene.cols).center)
    monkeypatch.setattr(wash, "SHOWN", True)
    fresh = table(app, "seahaven", seed=1, options={"auto_safe": True, "winnable_only": False})
    assert app.scenes.top is fresh and fresh.offer is not None   # asked first, not washed first
    for _ in range(30):
        app.step(FRAME)
    assert not fresh.log and fresh.queue   # the deal waits for the answer
    floor = fresh._floor().copy()
    box = pygame.Rect(0, 0, int(560 * fresh.s), int(170 * fresh.s))
    box.center = (app.screen.get_width() // 2, app.screen.get_height() // 2)
    x, y = fresh.geo.in_column(0, 3, 7)
    spot = (round(x), round(y))
    assert not box.collidepoint(spot) and app.screen.get_at(spot) == floor.get_at(spot)   # no cards shown
    key(app, pygame.K_ESCAPE)
    assert fresh.offer is None and isinstance(app.scenes.top, wash.WashScene)
    step_until(app, lambda: fresh.human_turn and not fresh.anim.busy)
    assert fresh.log   # dealt after the wash


def test_a_win_is_counted_with_its_moves(app):
    from app.core import storage
    from games.seahaven.solver import solve_state

    scene = deal_one(app)
    scene.anim.speed = 0  # no need to watch every card fly
    for move in solve_state(scene.state).moves:
        scene.act(move)
    step_until(app, lambda: app.scenes.top is not scene, frames=3000)
    record = storage.load_stats().for_game("seahaven")
    assert record.won == 1 and record.fewest_moves == scene.state.moves


def test_a_hint_on_a_lost_deal_says_plainly_that_it_cannot_be_won(app):
    scene = table(app, "seahaven", seed=7, options={"auto_safe": False, "winnable_only": False})
    step_until(app, lambda: scene.human_turn and not scene.anim.busy)
    key(app, pygame.K_h)
    step_until(app, lambda: "can no longer be won" in scene.message, frames=600)
    assert scene.hint_shown is None


def test_winnable_deals_only_skips_a_deal_the_solver_proves_lost(app):
    scene = table(app, "seahaven", seed=7, options={"auto_safe": False, "winnable_only": True})
    step_until(app, lambda: not scene.finding)  # searched for in the worker, off the frame
    assert scene.state.deal == 8
    assert scene.state.view(0) == new_game(SeahavenOptions(auto_safe=False, winnable_only=True), 7).view(0)
    assert "Deal number 7 has no known win" in scene.message
    step_until(app, lambda: scene.human_turn and not scene.anim.busy)
    on_table = [c for col in scene.state.columns for c in col] + [t for t in scene.state.towers if t]
    assert set(scene.sprites) == set(on_table)
    for card in on_table:  # every card of the real deal rests where the picture says
        x, y = scene.spot(card)
        assert abs(scene.sprites[card].x - x) < 1 and abs(scene.sprites[card].y - y) < 1


def test_a_fresh_table_paints_its_faces_ahead_before_dealing(app):
    scene = table(app, "seahaven", seed=1, options={"auto_safe": False, "winnable_only": False})
    assert scene.preparing and not scene.finding and not scene.human_turn
    app.step(FRAME)
    assert scene.painted_ahead  # a few faces each frame, the floor alone on the screen
    step_until(app, lambda: not scene.preparing)
    assert scene.painted_ahead == set(scene.sprites) and scene.queue  # then the deal is dealt out
    step_until(app, lambda: scene.human_turn and not scene.anim.busy)
    assert scene.state.deal == 1


def test_input_waits_while_a_winnable_deal_is_found(app, monkeypatch):
    scene = table(app, "seahaven", seed=7, options={"auto_safe": False, "winnable_only": True})
    assert scene.finding
    real_finish = scene.session.finish_dealing
    monkeypatch.setattr(scene.session, "finish_dealing", lambda wait=False: False)  # still searching
    for _ in range(3):
        app.step(FRAME)
    assert scene.finding and scene.session.dealing is not None
    assert scene.painted_ahead  # the waiting frames paint the deck's faces for the deal
    key(app, pygame.K_n)                     # the new-deal key...
    click(app, (640, 400))                   # ...and a click on the middle of the table
    app.step(FRAME)
    assert scene.prompt is None and scene.session.actions == [] and app.scenes.top is scene
    monkeypatch.setattr(scene.session, "finish_dealing", real_finish)
    step_until(app, lambda: not scene.finding)
    assert scene.state.deal == 8 and not scene.preparing and scene.queue  # dealt out as usual


def test_fewest_moves_is_kept_and_old_statistics_still_load():
    from app.core import storage

    storage.write_json(storage.stats_path(), {"seahaven": {"played": 3, "won": 1, "streak": 0,
                                                           "best_streak": 1, "best_seconds": 90.0}},
                       storage.STATS_VERSION)
    assert storage.load_stats().for_game("seahaven").fewest_moves is None  # written before the field
    storage.record_result("seahaven", True, 80.0, moves=120)
    record = storage.record_result("seahaven", True, 100.0, moves=110)
    assert (record.played, record.won, record.best_seconds, record.fewest_moves) == (5, 3, 80.0, 110)
    assert storage.record_result("seahaven", False, moves=50).fewest_moves == 110  # a loss is no record
