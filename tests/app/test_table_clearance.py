"""What a table draws lies clear of the rest, at a small window and the usual one: the
player's won tricks off the hint line, the name plate and the hand; Euchre's upcard off the
call panel; a reflex seat's key caps off its hand (and its plate calls the one human "You");
nothing drawn over a Spoons player who is out; Nails' "Wait" under the last call's verdict;
Abstrac's match box between the top player's points and the row."""

from __future__ import annotations

import pygame
import pytest

from app.window.render.text import render_text

from tests.app.ui_driver import FRAME, fake_clock_app, make_app, say_ready, table


@pytest.mark.parametrize("game", ["whist", "euchre", "nap"])
@pytest.mark.parametrize("size", [(820, 580), (1280, 800)])
def test_the_players_trick_pile_is_clear_of_the_hint_the_plate_and_the_hand(game, size):
    app = make_app(size)
    try:
        scene = table(app, game)
        for _ in range(60):
            app.step(FRAME)
        scene.anim.finish_all()
        app.step(FRAME)
        viewer = scene.viewer
        scene.piles[viewer] = 5
        pile = scene._pile_rect(viewer)
        hint = render_text(scene.hint_text() or "x", max(12, int(16 * scene.s)), (0, 0, 0))
        top = min(s.rect().top for s in scene.hands[viewer])
        hint_rect = hint.get_rect(center=(size[0] // 2, round(top - hint.get_height() * 0.9)))
        assert pygame.Rect((0, 0), size).contains(pile)
        assert not pile.colliderect(hint_rect)
        assert not pile.colliderect(scene.plate_rects[viewer])
        assert not any(pile.colliderect(s.rect()) for s in scene.hands[viewer])
    finally:
        pygame.quit()


@pytest.mark.parametrize("size", [(820, 580), (1280, 800)])
def test_the_euchre_upcard_of_a_dealing_player_is_not_under_the_call_panel(size):
    from tests.app.ui_driver import step_until

    app = make_app(size)
    try:
        app.settings.animation_speed = "fast"
        scene = next(s for s in (table(app, "euchre", seed=seed) for seed in range(1, 40))
                     if s.session.state.dealer == 0)
        step_until(app, lambda: scene.choosing_call() and scene.idle, frames=3000)
        scene.anim.finish_all()
        app.step(FRAME)
        row = scene._row()
        buttons = row.buttons[0].rect.union(row.buttons[-1].rect)
        box = buttons.inflate(int(40 * scene.s), int(70 * scene.s)).move(0, -int(14 * scene.s))
        upcard = scene.turned.rect()
        assert scene.turned.face_up and pygame.Rect((0, 0), size).contains(upcard)
        assert not upcard.colliderect(box)
        assert not any(upcard.colliderect(s.rect()) for s in scene.hands[0])
    finally:
        pygame.quit()


@pytest.mark.parametrize("variant", ["spoons", "pig"])
@pytest.mark.parametrize("size", [(820, 580), (1280, 800)])
def test_the_reflex_tables_call_the_one_human_you_and_their_keys_stay_off_the_hand(size, variant):
    from app.window.scenes.realtime import COUNTDOWN
    from app.core.session import SeatPlan, Session, Setup
    from app.window.tables.spoons import SpoonsTable
    from games.registry import GAMES
    from tests.app.ui_driver import FRAME_MS, frame

    app = fake_clock_app(size=size)
    try:
        plans = [SeatPlan(i < 1, "easy") for i in range(4)]
        scene = SpoonsTable(app, Session(GAMES["spoons"], Setup("spoons", plans, {"variant": variant}, 4)))
        app.start(scene)
        say_ready(app)
        frame(app, int(COUNTDOWN * 1000 / FRAME_MS) + 2)
        assert scene._plate_name(0, "Human") == "You" and scene._plate_name(1, "Easy") == scene.people[1]
        plate, caps = scene.plate_boxes[scene.viewer]
        word = scene._letters_width(scene.session.state.view(scene.viewer))
        assert plate.width >= word + 16                      # "SPOON" / "PIG" inside the plate
        hand = [pygame.Rect(0, 0, round(scene.card_w), round(scene.card_w * 1.4)) for _ in scene.hand_spots(5)]
        for rect, spot in zip(hand, scene.hand_spots(5)):
            rect.center = (round(spot[0]), round(spot[1]))
            assert caps is not None and not caps.colliderect(rect)
    finally:
        pygame.quit()


def test_a_spoons_player_who_is_out_has_no_word_drawn_over_out_of_the_game():
    from app.window.scenes.realtime import COUNTDOWN
    from tests.app.ui_driver import FRAME_MS, frame

    app = fake_clock_app()
    try:
        scene = table(app, "spoons", seats=4)
        say_ready(app)
        frame(app, int(COUNTDOWN * 1000 / FRAME_MS) + 2)
        drawn = []
        scene._draw_letters = lambda surface, view, seat, centre: drawn.append(seat)
        state = scene.session.state
        state.letters[0] = len(state.options.word)   # P1 has spelled the word: out
        scene.view = scene.current_view()
        frame(app)
        drawn.clear()
        frame(app)
        assert 0 not in drawn and {1, 2, 3} <= set(drawn)
    finally:
        pygame.quit()


def test_nails_prints_wait_under_the_verdict_of_the_last_call_not_over_it():
    from app.window.scenes.realtime import COUNTDOWN
    from games.core.protocol import IllegalAction
    from tests.app.ui_driver import FRAME_MS, frame

    for size in ((800, 560), (1280, 800)):
        app = fake_clock_app(size=size)
        try:
            scene = table(app, "nails", seats=2)
            say_ready(app)
            frame(app, int(COUNTDOWN * 1000 / FRAME_MS) + 92)
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q, mod=0, unicode="", scancode=0))
            frame(app, 3)
            assert scene.last_call is not None                    # the verdict panel is showing
            scene.refused_action(None, IllegalAction("too early"))
            assert scene.message == "Too early" and scene.message_time > 0
            image = render_text(scene.message, max(14, int(20 * scene.s)), (0, 0, 0), bold=True)
            box = scene.verdict_box(scene.last_call)[0]
            message = scene.message_rect(image)
            assert not message.colliderect(box) and pygame.Rect((0, 0), size).contains(message)
            assert not message.colliderect(scene.dump_rect()), "the dump's count shows under the verdict too"
        finally:
            pygame.quit()


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


@pytest.mark.parametrize("size", [(800, 560), (1280, 800)])
def test_euchre_dealers_take_it_up_bubble_stands_above_the_discard_hint(size):
    """The dealer's own "Take it up" stood on "click a card to discard it" at 800x560."""
    from app.window.tables import trick_parts as parts
    from games.euchre.rules import OrderUp
    from tests.app.ui_driver import step_until

    app = make_app(size)
    try:
        app.settings.animation_speed = "fast"
        scene = next(s for s in (table(app, "euchre", seed=seed) for seed in range(40)) if s.session.state.dealer == 0)
        step_until(app, lambda: scene.human_turn and scene.view_now().phase == "round1", frames=8000)
        scene.act(OrderUp(0))
        step_until(app, lambda: scene.human_turn and scene.view_now().phase == "discard", frames=600)
        assert scene.bubbles.get(0, ("", 0))[0] == "Take it up"
        hint = scene.hint_rect()
        tip = scene.bubble_tip(scene.viewer)
        bubble = parts.bubble("Take it up", scene.bubble_size()).get_rect(midbottom=(round(tip[0]), round(tip[1])))
        assert hint is not None and not bubble.colliderect(hint)
    finally:
        pygame.quit()
