"""Checks from playing the games as a new player would: the menu shows a game's blurb whole
or in whole sentences (never "…" in mid-phrase when a shorter cut reads well), and the
tricks the player has won lie clear of the hint line, the name plate and the hand."""

from __future__ import annotations

import re

import pygame
import pytest

from app.window.render.text import font, render_text, wrap
from app.window.ui.blurb import fit_blurb, rows, sentences
from games.core.cards import Card
from games.core.words import T, Who
from games.registry import GAMES

from tests.app.ui_driver import FRAME, fake_clock_app, make_app, say_ready, table

BLURBS = [spec.blurb for spec in GAMES.values()]


@pytest.mark.parametrize("room,height", [(120, 40), (170, 70), (180, 90), (260, 60), (400, 200)])
@pytest.mark.parametrize("blurb", BLURBS, ids=[spec.id for spec in GAMES.values()])
def test_a_blurb_fits_its_box_and_is_cut_only_between_clauses(blurb, room, height):
    size, lines = fit_blurb(blurb, 15, room, height)
    assert 13 <= size <= 15
    assert len(lines) <= rows(size, height)
    for line in lines:
        assert font(size).size(line)[0] <= room, line
    shown = " ".join(line.strip() for line in lines)
    if not shown.endswith("…"):
        # whole: every sentence shown is a sentence of the blurb, from the first on
        assert blurb.startswith(shown) and shown in [" ".join(sentences(blurb)[:k]) for k in range(1, 9)]
    else:
        cut = shown[:-1]
        assert blurb.startswith(cut), shown
        if blurb[len(cut)] not in ",;:":
            # the last resort, only when not even the first clause fits at the smallest size
            first = re.split(r"(?<=[,;:.])\s+", blurb)[0].rstrip(",;:") + "…"
            assert len(wrap(first, font(13), room)) > rows(13, height), shown


def test_a_blurb_that_fits_is_shown_whole_at_the_size_asked():
    blurb = GAMES["whist"].blurb
    size, lines = fit_blurb(blurb, 15, 2000, 100)
    assert (size, lines) == (15, [blurb])


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


def test_an_enter_held_down_from_the_table_does_not_skip_the_results():
    from app.window.scenes.results import KEY_GUARD, ResultsScene
    from tests.app.ui_driver import post_key

    app = make_app()
    try:
        app.settings.animation_speed = "instant"
        table(app, "nash", humans=0, seats=2, seed=4)
        for _ in range(5000):
            if isinstance(app.scenes.top, ResultsScene):
                break
            app.step(0.2)
            app.scenes.top.session.settle()
        results = app.scenes.top
        assert isinstance(results, ResultsScene)
        post_key(app, pygame.K_RETURN)          # still playing cards with Enter: let go
        assert app.scenes.top is results
        for _ in range(int(KEY_GUARD / FRAME) + 2):
            app.step(FRAME)
        post_key(app, pygame.K_RETURN)          # a deliberate Enter plays again
        assert app.scenes.top is not results and not isinstance(app.scenes.top, ResultsScene)
    finally:
        pygame.quit()


def finish(app, game_id: str, seats: int | None = None, options: dict | None = None):
    from app.window.scenes.results import ResultsScene

    app.settings.animation_speed = "instant"
    table(app, game_id, humans=0, seats=seats, seed=4, options=options)
    for _ in range(20000):
        if isinstance(app.scenes.top, ResultsScene):
            return app.scenes.top
        app.step(0.2)
        app.scenes.top.session.settle()
    raise AssertionError("the game did not end")


def test_a_partnership_game_ends_with_one_line_per_side_and_its_points():
    app = make_app((820, 580))
    try:
        results = finish(app, "whist", options={"target": 5})
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


def test_players_level_on_score_share_a_place_and_winners_come_first():
    app = make_app()
    try:
        results = finish(app, "nap", seats=7)
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


def test_ninety_nine_can_be_played_to_the_end_with_enter_alone():
    """Enter always plays the ringed card, and the ring never rests on a card that would
    break 99 while another can be played (it used to, and Enter then only complained)."""
    from app.window.scenes.results import ResultsScene
    from tests.app.ui_driver import post_key

    app = make_app()
    try:
        app.settings.animation_speed = "instant"
        scene = table(app, "ninety_nine", seats=2, seed=11)
        for _ in range(20000):
            if isinstance(app.scenes.top, ResultsScene):
                break
            if scene.prompt is not None:
                post_key(app, pygame.K_1)
            elif scene.human_turn and scene.idle:
                legal = {a.card for a in scene.session.state.legal_actions(scene.viewer)}
                assert scene.hands[scene.viewer][scene.selected].card in legal or not legal
                post_key(app, pygame.K_RETURN)
            else:
                app.step(FRAME)
            scene.session.settle()
        assert isinstance(app.scenes.top, ResultsScene)
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


def test_back_on_the_menu_the_focus_is_on_the_game_just_opened():
    from app.window.scenes.menu import MenuScene
    from app.window.scenes.setup import SetupScene
    from tests.app.ui_driver import post_key

    app = make_app()
    try:
        menu = MenuScene(app)
        app.start(menu)
        assert menu.index == 0
        post_key(app, pygame.K_RIGHT)
        post_key(app, pygame.K_RIGHT)
        post_key(app, pygame.K_RETURN)
        assert isinstance(app.scenes.top, SetupScene) and app.scenes.top.spec.id == menu.specs[2].id
        again = MenuScene(app)          # as the results screen's Menu button makes it
        assert again.index == 2
    finally:
        pygame.quit()


def test_ratscrew_banners_speak_to_the_player_in_good_grammar():
    from games.ratscrew import rules as rs

    app = fake_clock_app()
    try:
        scene = table(app, "ratscrew", seats=3)
        said = []
        scene._banner = lambda text, seconds: said.append(text)
        scene._on_Dealt(rs.Dealt((18, 17, 17), dealer=2, first=0))
        scene._on_Declined(rs.Declined(0))
        scene._on_RanOut(rs.RanOut(0))
        scene._on_Declined(rs.Declined(1))
        p2, p3 = scene.people[1], scene.people[2]
        assert said == [f"{p3} deals · You flip first", "You decline the challenge",
                        "You are out of cards: slap back in!", f"{p2} declines the challenge"]
    finally:
        pygame.quit()


def test_a_refused_key_in_a_reflex_game_is_explained_to_you_not_to_p1():

    app = fake_clock_app()
    try:
        scene = table(app, "ratscrew", seats=3)
        assert scene.to_player(T("{seat} has left the game", seat=Who(0))) == "You have left the game"
        assert scene.to_player(T("{seat} is out of the game", seat=Who(0))) == "You are out of the game"
        assert scene.to_player(T("{seat} has no cards to flip", seat=Who(1))) == f"{scene.people[1]} has no cards to flip"
        assert scene.to_player("Too early") == "Too early"
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


def test_enter_on_the_keys_row_of_settings_opens_the_key_bindings():
    from app.window.scenes.keys import KeyBindingsScene
    from app.window.scenes.menu import MenuScene
    from app.window.scenes.settings import SettingsScene
    from tests.app.ui_driver import post_key

    app = make_app()
    try:
        app.start(MenuScene(app))
        post_key(app, pygame.K_o)
        settings = app.scenes.top
        assert isinstance(settings, SettingsScene)
        for _ in range(len(settings.rows) - 1):
            post_key(app, pygame.K_DOWN)
        post_key(app, pygame.K_RETURN)
        assert isinstance(app.scenes.top, KeyBindingsScene)
        post_key(app, pygame.K_ESCAPE)
        assert app.scenes.top is settings
        post_key(app, pygame.K_UP)                 # on any other row Enter still means Done
        post_key(app, pygame.K_RETURN)
        assert isinstance(app.scenes.top, MenuScene)
    finally:
        pygame.quit()


def test_the_key_bindings_screen_can_be_used_and_left_with_the_mouse_alone():
    from app.window.scenes.keys import KeyBindingsScene
    from app.window.scenes.settings import SettingsScene
    from tests.app.ui_driver import click

    app = make_app((820, 580))
    try:
        settings = SettingsScene(app)
        app.start(settings)
        click(app, settings.rows[-1].rect.center)          # "Keys for reflex games"
        keys = app.scenes.top
        assert isinstance(keys, KeyBindingsScene)
        app.settings.key_bindings["reflex1"] = {"first": "a"}
        window = pygame.Rect((0, 0), app.screen.get_size())
        for button in (keys.usual_button, keys.done_button):
            assert window.contains(button.rect) and button.rect.top > keys.rows[-1].rect.bottom
        click(app, keys.usual_button.rect.center)
        assert app.settings.key_bindings == {} and "usual keys" in keys.message
        click(app, keys.done_button.rect.center)
        assert app.scenes.top is settings
    finally:
        pygame.quit()


def test_an_unnamed_replay_is_listed_without_a_doubled_game():
    from pathlib import Path

    from app.core.replay_file import Entry

    def label(title: str, name: str = "") -> str:
        return Entry(Path("auto-1.json"), title, name, "2026-01-01 10:00", "You won", 3).label

    assert label("The Nash Game") == "The Nash Game"
    assert label("Whist") == "Whist game"
    assert label("Whist", "my best") == "my best"


@pytest.mark.parametrize("size", [(800, 560), (1280, 800)])
def test_the_statistics_headings_keep_a_gap_between_columns(size):
    from app.window.scenes.stats import COLUMNS, WIDTHS, StatsScene

    app = make_app(size)
    try:
        scene = StatsScene(app)
        app.start(scene)
        app.step(FRAME)
        row = max(12, int(scene.line * 0.45))
        head = scene.heading_size(row)
        assert 10 <= head <= row
        for text, frac in zip(COLUMNS, WIDTHS):
            assert font(head, bold=True).size(text)[0] <= scene.table_rect.width * frac - 8, text
    finally:
        pygame.quit()


def test_the_history_calls_the_one_human_you_as_the_table_does():
    """The L history printed the rules' "P1 plays QH" beside a plate saying "You"."""
    app = make_app()
    try:
        scene = table(app, "whist")
        for _ in range(400):
            if any(line.startswith("P1 ") for line in map(str, scene.log)):
                break
            app.step(FRAME)
            scene.session.settle()
        mine = next(line for line in scene.log if str(line).startswith("P1 "))
        said = scene.to_player(mine)
        assert said.startswith("You ") and "P1" not in said
        assert scene.to_player(T("{seat} plays {card}", seat=Who(1), card=Card.parse("4H"))) == f"{scene.people[1]} plays 4♥"
        watched = table(app, "whist", humans=0)   # nobody to speak to: names, no "You"
        told = watched.to_player(mine)
        assert told.startswith(watched.people[0] + " ") and "You" not in told
    finally:
        pygame.quit()
