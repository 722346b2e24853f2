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


@pytest.mark.parametrize("game_id,humans", [("whist", 2), ("ninety_nine", 2), ("whist", 0), ("nap", 0)])
def test_hot_seat_and_watched_tables_read_in_words(game_id, humans):
    lines = read_a_game(game_id, humans)
    assert not _wrong(lines), "\n".join(_wrong(lines)[:30])
    if humans > 1:
        passes = [line for line in lines if line.startswith("Pass to ")]
        assert passes and all(line in ("Pass to Player 1", "Pass to Player 2") for line in passes), passes


@pytest.mark.parametrize("game_id", ["seahaven", "abstrac"])
def test_hints_read_in_words(game_id):
    lines = read_a_game(game_id, 1, hints=True)
    assert not _wrong(lines), "\n".join(_wrong(lines)[:30])


@pytest.mark.parametrize("game_id", ["abstrac", "ninety_nine"])
def test_the_review_screen_reads_in_words(game_id):
    lines = read_a_game(game_id, 1, review=True)
    assert any(line.startswith("M next mistake") for line in lines), "the Review screen was not read"
    assert not _wrong(lines), "\n".join(_wrong(lines)[:30])


def test_the_review_lists_each_option_with_its_value_apart():
    """'take 3 36' read as one number: the value follows a colon, and points ahead or
    behind carry their sign."""
    from app.core.words.review_words import decision_lines
    from games.abstrac.rules import Take
    from games.core.analysis import Analysis, Decision

    takes = {Take(0, 1): -13.0, Take(0, 2): 20.0, Take(0, 3): 36.0}
    lines = decision_lines(Decision(5, 0, "take", 1, Take(0, 1), Analysis(takes)), "points")
    assert lines == ["take 3: +36  ← best", "take 2: +20", "take 1: −13  ← chosen", "Cost: −49"]


def test_the_seahaven_move_that_lost_the_deal_says_so_in_words():
    """A Seahaven move keeps the win or loses it: its closing line says which, not "Cost: −1"."""
    from app.core.words.review_words import decision_lines
    from games.core.analysis import Analysis, Decision
    from tests.games.test_analysis import _seahaven_loss
    from games.seahaven.analysis import review
    from games.seahaven.rules import SeahavenOptions

    actions, lost_at = _seahaven_loss()
    losing = next(d for d in review(SeahavenOptions(), 1, actions).decisions if d.mistake)
    lines = decision_lines(losing, "winnable")
    assert lines[-1] == "This move lost the win." and any("loses it  ← chosen" in line for line in lines)
    kept = Decision(losing.index, 0, losing.kind, losing.number, losing.chosen,
                    Analysis({losing.chosen: 1.0}, extra=losing.analysis.extra))
    assert decision_lines(kept, "winnable")[-1] == "This move kept the win."


def test_a_summary_without_mistakes_says_best_play_only_when_every_choice_was_best():
    """A Nash guess 5% less likely than the best is no mistake (under ten points), but the
    panel shows it as less likely: the summary must not call it the best play."""
    from app.core.words.review_words import summary
    from games.core.analysis import Analysis, Decision, Review
    from games.nash.rules import Guess

    four, eight = Guess(0, 4), Guess(0, 8)
    odds = Analysis({four: 0.16, eight: 0.11}, mistake_at=0.10)
    review = Review("nash", 0, "chance", [Decision(3, 0, "guess", 1, four, odds)])
    assert summary(review) == "You made the best play at every decision."
    review.decisions.append(Decision(7, 0, "guess", 2, eight, odds))
    assert not review.mistakes
    assert summary(review) == "You made no mistakes: every choice was the best or close to it."
