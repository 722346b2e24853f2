"""The setup screen says who plays with whom and sets every computer's level at once (issue
28, point 12): at a partnership game the seat opposite the player reads "your partner"; an
"All computers" row puts every computer seat at one level."""

from __future__ import annotations

import pygame

from app.window.scenes.setup import SetupScene
from games.registry import GAMES

from tests.app.ui_driver import post_key


def open_setup(app, game_id: str) -> SetupScene:
    scene = SetupScene(app, GAMES[game_id])
    app.scenes.push(scene)
    app.step(1 / 60)
    return scene


def seat_labels(scene: SetupScene) -> dict[int, str]:
    return {seat: scene.rows[row].label for row, seat in scene.seat_rows.items()}


def test_the_seat_opposite_the_player_is_called_their_partner(app):
    scene = open_setup(app, "whist")
    labels = seat_labels(scene)
    assert "your partner" in labels[2]
    assert not any("partner" in labels[seat] for seat in (0, 1, 3))


def test_a_game_without_partners_names_none(app):
    scene = open_setup(app, "ninety_nine")
    assert not any("partner" in label for label in seat_labels(scene).values())


def focus_row(app, scene: SetupScene, label: str) -> None:
    for _ in range(len(scene.rows)):
        if scene.rows[scene.focus].label == label:
            return
        post_key(app, pygame.K_DOWN)
    raise AssertionError(f"no row {label!r}")


def test_all_computers_puts_every_computer_at_one_level(app):
    scene = open_setup(app, "whist")
    focus_row(app, scene, "All computers")
    row = scene.rows[scene.focus]
    before = row.value()
    post_key(app, pygame.K_RIGHT)
    levels = {plan.difficulty for plan in scene.setup.seats if not plan.human}
    assert len(levels) == 1 and row.value() == levels.pop() != before
    while row.value() != "hard":
        post_key(app, pygame.K_RIGHT)
    assert [plan.human for plan in scene.setup.seats] == [True, False, False, False]   # humans stay
    post_key(app, pygame.K_RETURN)
    table = app.scenes.top
    assert [plan.difficulty for plan in table.session.setup.seats[1:]] == ["hard"] * 3


def test_one_computer_set_apart_reads_mixed_and_the_next_step_evens_them(app):
    scene = open_setup(app, "whist")
    focus_row(app, scene, "All computers")
    row = scene.rows[scene.focus]
    while row.value() != "easy":
        post_key(app, pygame.K_RIGHT)
    scene.rows[next(r for r, seat in scene.seat_rows.items() if seat == 3)].change(1)   # seat 4 a step up
    assert row.value() == "mixed"
    post_key(app, pygame.K_RIGHT)
    assert row.value() == "easy"
