"""The one human at a table is "You" in what the table says, and the others go by their
names: Ratscrew's banners (in good grammar), a refused key's explanation, the L history."""

from __future__ import annotations

import pygame

from games.core.cards import Card
from games.core.words import T, Who

from tests.app.ui_driver import FRAME, fake_clock_app, make_app, table


def test_ratscrew_banners_speak_to_the_player_in_good_grammar():
    from games.ratscrew import rules as rs

    app = fake_clock_app()
    try:
        scene = table(app, "ratscrew", seats=3)
        said = []
        scene._banner = lambda text, seconds, **spoken_as: said.append(text)
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
