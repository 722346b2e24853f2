"""Headless UI tests for the shell and the Ninety-Nine table: real pygame events are posted
and the app runs frame by frame, as a player would drive it."""

from __future__ import annotations

import pygame
import pytest

from app.core import storage
from app.window.scenes.menu import MenuScene
from app.window.scenes.pause import PauseScene
from app.window.scenes.results import ResultsScene
from app.window.scenes.rules import RulesScene
from app.window.scenes.setup import SetupScene
from app.window.tables.ninety_nine import NinetyNineTable
from games.core.cards import cards
from games.ninety_nine.rules import Play
from games.registry import GAMES

from tests.app.ui_driver import click, drag, make_app, post_key, step_until, table


@pytest.fixture
def app():
    application = make_app()
    yield application
    pygame.quit()


def my_turn(scene: NinetyNineTable) -> bool:
    return scene.human_turn


def human_plays(scene: NinetyNineTable) -> list[Play]:
    return [a for a in scene.session.actions if a.seat == 0]


def give_hand(scene: NinetyNineTable, hand: str, count: int) -> None:
    """Put a known hand in the human's seat (a rules-level set-up) and redraw from the view."""
    state = scene.session.state
    step_until(scene.app, lambda: my_turn(scene))
    others = [c for c in state.hands[0] if c not in cards(hand)]
    wanted = cards(hand)
    for card in wanted:  # take the wanted cards from wherever they are, keeping the deck whole
        for zone in state.hands[1:] + [state.stock, state.pile]:
            if card in zone:
                zone[zone.index(card)] = others.pop()
                break
    state.hands[0] = wanted
    state.count = count
    scene.sync(scene.current_view())
    scene.app.step(1 / 60)


def test_menu_to_table_by_keyboard_with_a_typed_seed(app):
    app.start(MenuScene(app))
    app.step(1 / 60)
    for _ in range(app.scenes.top.specs.index(GAMES["ninety_nine"])):
        post_key(app, pygame.K_RIGHT)
    post_key(app, pygame.K_RETURN)
    assert isinstance(app.scenes.top, SetupScene)
    assert app.scenes.top.spec.id == "ninety_nine"
    post_key(app, pygame.K_UP)  # wraps round to the seed row
    for digit in "42":
        post_key(app, getattr(pygame, f"K_{digit}"), digit)
    post_key(app, pygame.K_RETURN)
    scene = app.scenes.top
    assert isinstance(scene, NinetyNineTable)
    assert scene.session.seed == 42
    assert scene.session.humans == [0]


def test_menu_opens_by_mouse_and_setup_changes_seat_count(app):
    app.start(MenuScene(app))
    app.step(1 / 60)
    menu = app.scenes.top
    click(app, menu.tiles[menu.specs.index(GAMES["ninety_nine"])].center)
    setup = app.scenes.top
    assert setup.spec.id == "ninety_nine"
    assert isinstance(setup, SetupScene)
    before = len(setup.setup.seats)
    click(app, setup.rows[0].rect.center)  # the Players row: a left click adds a seat
    assert len(setup.setup.seats) == before + 1
    click(app, setup.rows[0].rect.center, button=3)
    assert len(setup.setup.seats) == before


def test_a_card_played_by_mouse_click(app):
    scene = table(app, "ninety_nine")
    give_hand(scene, "5S 7H KD 2C", 20)
    sprite = next(s for s in scene.hands[0] if str(s.card) == "7H")
    click(app, sprite.rect().center)
    assert human_plays(scene)[-1] == Play(0, cards("7H")[0])


def test_a_card_played_by_keyboard(app):
    scene = table(app, "ninety_nine")
    give_hand(scene, "5S 7H KD 2C", 20)
    order = [str(s.card) for s in scene.hands[0]]
    post_key(app, pygame.K_RIGHT)
    post_key(app, pygame.K_RETURN)
    chosen = order[1]
    assert str(human_plays(scene)[-1].card) == chosen


def test_drag_to_the_pile_plays_and_a_drop_elsewhere_does_not(app):
    scene = table(app, "ninety_nine")
    give_hand(scene, "5S 7H KD 2C", 20)
    sprite = next(s for s in scene.hands[0] if str(s.card) == "KD")
    start = sprite.rect().center
    drag(app, start, (start[0] + 200, start[1] - 60))  # not onto the pile
    assert human_plays(scene) == []
    step_until(app, lambda: not scene.anim.busy)
    assert abs(sprite.rect().centerx - start[0]) <= 2  # it glided back
    drag(app, sprite.rect().center, scene.drop_rect().center)
    assert human_plays(scene)[-1].card == cards("KD")[0]


def test_an_ace_asks_how_it_counts(app):
    scene = table(app, "ninety_nine")
    give_hand(scene, "AS 7H KD 2C", 40)
    sprite = next(s for s in scene.hands[0] if str(s.card) == "AS")
    click(app, sprite.rect().center)
    assert scene.prompt is not None and human_plays(scene) == []
    assert scene.prompt.question() == "Count A♠ as"   # the card as a player reads it, not "AS"
    post_key(app, pygame.K_2)  # the second choice: 11
    assert human_plays(scene)[-1] == Play(0, cards("AS")[0], 11)


def test_an_unplayable_card_is_refused_with_a_message(app):
    scene = table(app, "ninety_nine")
    give_hand(scene, "8S 7H KD QC", 95)
    sprite = next(s for s in scene.hands[0] if str(s.card) == "QC")
    assert sprite.dim
    click(app, sprite.rect().center)
    assert human_plays(scene) == []
    assert "99" in scene.message


def test_escape_pauses_and_f1_shows_the_rules(app):
    table(app, "ninety_nine")
    post_key(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, PauseScene)
    post_key(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, NinetyNineTable)
    post_key(app, pygame.K_F1)
    assert isinstance(app.scenes.top, RulesScene)
    post_key(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, NinetyNineTable)


def test_a_small_window_keeps_the_hand_on_screen(app):
    scene = table(app, "ninety_nine")
    step_until(app, lambda: my_turn(scene))
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(820, 580), w=820, h=580))
    app.step(1 / 60)
    bounds = app.screen.get_rect()
    assert bounds.size == (820, 580)
    for sprite in scene.hands[0]:
        assert bounds.contains(sprite.rect()), sprite.rect()


@pytest.mark.slow
def test_bots_play_to_the_end_and_the_results_are_counted(app):
    app.settings.animation_speed = "instant"
    scene = table(app, "ninety_nine", humans=0, seats=3, options={"tokens": 1})
    scene.anim.speed = 0
    step_until(app, lambda: isinstance(app.scenes.top, ResultsScene), frames=5000)
    assert scene.session.state.is_over()
    assert storage.load_stats().games == {}  # nobody human played: nothing recorded


@pytest.mark.slow
def test_a_human_game_is_counted_in_the_statistics(app):
    scene = table(app, "ninety_nine", humans=1, seats=2, options={"tokens": 1})
    scene.anim.speed = 0
    state = scene.session.state
    for _ in range(200):  # a one-token game ends long before 200 turns
        step_until(app, lambda: my_turn(scene) or state.is_over())
        if state.is_over():
            break
        legal = {a.card for a in state.legal_actions(0)}
        index = next(i for i, s in enumerate(scene.hands[0]) if s.card in legal)
        post_key(app, pygame.K_1 + index)  # number keys play the card in that position
        if scene.prompt is not None:
            post_key(app, pygame.K_1)
    step_until(app, lambda: isinstance(app.scenes.top, ResultsScene))
    assert storage.load_stats().games["ninety_nine"].played == 1


def test_two_humans_pass_the_screen_and_never_see_each_others_cards(app):
    scene = table(app, "ninety_nine", humans=2, seats=3)
    scene.anim.speed = 0
    state = scene.session.state
    seen_curtain = False
    for _ in range(12):
        step_until(app, lambda: scene.curtain_for is not None or my_turn(scene))
        if scene.curtain_for is not None:
            seen_curtain = True
            waiting = scene.curtain_for
            post_key(app, pygame.K_SPACE)
            assert scene.viewer == waiting
        for seat, hand in enumerate(scene.hands):
            faces = [s.card for s in hand if s.face_up]
            if seat != scene.viewer:
                assert faces == [] or state.is_over()
            else:
                assert sorted(map(str, faces)) == sorted(map(str, state.hands[seat]))
        legal = {a.card for a in state.legal_actions(scene.viewer)}
        index = next(i for i, s in enumerate(scene.hands[scene.viewer]) if s.card in legal)
        post_key(app, pygame.K_1 + index)
        if scene.prompt is not None:
            post_key(app, pygame.K_1)
    assert seen_curtain


def test_a_corrupt_settings_file_is_moved_aside_and_the_app_starts(private_home):
    private_home.mkdir(parents=True, exist_ok=True)
    (private_home / "settings.json").write_text("{ this is not json")
    application = make_app()
    try:
        application.start(MenuScene(application))
        application.step(1 / 60)
        assert any("settings" in message for message, _ in application.notices)
        assert application.settings == storage.Settings()
        assert list(private_home.glob("settings.bad-*.json"))
    finally:
        pygame.quit()


@pytest.mark.parametrize("size", [(1280, 800), (800, 560)])
@pytest.mark.parametrize("seats", [2, 3, 4, 6])
def test_what_a_card_did_shows_by_its_player_clear_of_cards_plates_and_the_hint(size, seats):
    """The "+10" (or "to 99!", "Skipped") by each seat's hand covers no hand, no plate or
    its tokens, not the turn hint, the pile, the count or the stock, nor another's, from
    when it appears to when it goes."""
    from app.window.render.table import nameplate
    from app.window.tables.ninety_nine import BADGE_TIME

    app = make_app(size)
    try:
        scene = table(app, "ninety_nine", seats=seats)
        step_until(app, lambda: my_turn(scene))
        radius = max(6, int(8 * scene.s))
        taken = [scene.hand_box(seat) for seat in range(seats)]
        for seat in range(seats):
            plate = nameplate(scene._name(seat), "Normal · dealer", scene.plate_text_size(), False, False)
            taken.append(scene.plate_rect(seat, plate.get_size()).inflate(0, 2 * (2 * radius + 4)))
        taken.append(scene.hint_rect(scene.hint_image().get_size()))
        r = scene.pile_width * 0.62 + 4 + 14 * scene.s
        taken.append(pygame.Rect(0, 0, round(2 * r), round(2 * r)))
        taken[-1].center = (round(scene.count_at[0]), round(scene.count_at[1]))
        taken.append(scene.drop_rect())
        taken.append(pygame.Rect(0, 0, round(scene.pile_width), round(scene.pile_width * 1.4)))
        taken[-1].center = (round(scene.stock_at[0]), round(scene.stock_at[1]))
        for text in ("Skipped", "to 99!", "+10"):
            image = scene.badge_image(text)
            for left in (BADGE_TIME, BADGE_TIME / 2, 0.01):
                badges = [scene.badge_rect(seat, image.get_size(), left) for seat in range(seats)]
                for seat, badge in enumerate(badges):
                    assert pygame.Rect((0, 0), size).contains(badge)
                    others = taken + badges[:seat] + badges[seat + 1:]
                    assert badge.collidelist(others) == -1, (text, seat, badge, others[badge.collidelist(others)])
    finally:
        pygame.quit()
