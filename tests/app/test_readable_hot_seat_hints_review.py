"""The lines the readable-text test (test_readable_text.py) does not reach, read the same
way: hot-seat play ("Pass to …" and a table with several humans), a table with no human
(partnerships named, not "P1 & P3"), Seahaven's and Abstrac's H hints, and the Review
screen opened from the results."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from app.window.scenes.results import ResultsScene
from games.registry import GAMES
from tests.app.test_readable_text import Reader, _record_calls, faults
from tests.app.ui_driver import FRAME, make_app, post_key, settle, table

MAX_FRAMES = 6000
HINT_FRAMES = 30      # frames waited (settled) for a hint to be drawn
SOLITAIRE_MOVES = 25


def _move(scene: Any, moves: int) -> Any:
    """The seat to play's move: a computer player's choice, or in a solitaire a seeded
    random legal move, giving up after a while."""
    session, seat = scene.session, scene.viewer
    if session.spec.bots:
        return session.spec.bots["easy"](session.state.view(seat), session.bot_rng)
    legal = session.state.legal_actions(seat)
    moves_only = [a for a in legal if type(a).__name__ != "Resign"]
    if moves < SOLITAIRE_MOVES and moves_only:
        return moves_only[session.bot_rng.randrange(len(moves_only))]
    return next(a for a in legal if type(a).__name__ == "Resign")


def read_a_game(game_id: str, humans: int, hints: bool = False, review: bool = False) -> set[str]:
    """Every line drawn or said while ``game_id`` is played to its end with ``humans`` at
    the keyboard (the screen passed between them), H pressed on each turn when ``hints``,
    and the Review screen stepped through its mistakes when ``review``."""
    reader = Reader()
    app = make_app()
    app.settings.animation_speed = "instant"
    reader.install()
    try:
        scene = table(app, game_id, humans=humans, seed=4)
        scene.show_log = True
        for name in ("_banner", "say"):
            _record_calls(scene, name, reader.lines)
        moves = 0
        for _ in range(MAX_FRAMES):
            if app.scenes.top is not scene:
                break
            app.step(FRAME)
            settle(app)
            if scene.curtain_for is not None:
                app.step(FRAME)   # the curtain is drawn, then passed
                post_key(app, pygame.K_SPACE, " ")
            elif scene.human_turn:
                if hints:
                    post_key(app, pygame.K_h, "h")
                    for _ in range(HINT_FRAMES):
                        settle(app)
                        app.step(FRAME)
                scene.act(_move(scene, moves))
                moves += 1
        reader.lines.update(scene.history_line(line) for line in scene.log)
        results = app.scenes.top
        assert isinstance(results, ResultsScene), f"{game_id} did not finish"
        app.step(FRAME)
        if review:
            _read_review(app, results)
    finally:
        reader.remove()
        pygame.quit()
    return reader.lines


def _read_review(app: Any, results: ResultsScene) -> None:
    from tests.app.test_replay_ui import button
    from tests.app.ui_driver import click, step_until

    click(app, button(results, "Review").rect.center)
    step_until(app, lambda: app.scenes.top.coach.job.poll(), frames=20_000)
    for _ in range(6):
        post_key(app, pygame.K_m, "m")
        app.step(FRAME)


def _wrong(lines: set[str]) -> list[str]:
    return [f"{line!r}: {', '.join(faults(line))}" for line in sorted(lines) if faults(line)]


@pytest.mark.slow
@pytest.mark.parametrize("game_id,humans", [("whist", 2), ("ninety_nine", 2), ("whist", 0), ("nap", 0)])
def test_hot_seat_and_watched_tables_read_in_words(game_id, humans):
    lines = read_a_game(game_id, humans)
    assert not _wrong(lines), "\n".join(_wrong(lines)[:30])
    if humans > 1:
        passes = [line for line in lines if line.startswith("Pass to ")]
        assert passes and all(line in ("Pass to Player 1", "Pass to Player 2") for line in passes), passes


@pytest.mark.slow
@pytest.mark.parametrize("game_id", ["seahaven", "abstrac"])
def test_hints_read_in_words(game_id):
    lines = read_a_game(game_id, 1, hints=True)
    assert not _wrong(lines), "\n".join(_wrong(lines)[:30])


@pytest.mark.slow
@pytest.mark.parametrize("game_id", ["abstrac", "ninety_nine"])
def test_the_review_screen_reads_in_words(game_id):
    lines = read_a_game(game_id, 1, review=True)
    assert any(line.startswith("M next mistake") for line in lines), "the Review screen was not read"
    assert not _wrong(lines), "\n".join(_wrong(lines)[:30])
