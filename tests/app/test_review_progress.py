"""The coach shows the first hand at once and the rest as it comes: the worker is driven
by hand here (each job answered when the test says), so what the panel shows after the
first hand, before the others, is checked without any timing. And Seahaven's review counts
moves one way on the strip, the table and the panel."""

from __future__ import annotations

from concurrent.futures import Future
from typing import Any, Callable

import re

import pygame
import pytest

from app.core import replay_file, worker
from app.window.scenes import review as review_scene
from app.window.scenes.review import ReviewControls
from tests.app.ui_driver import post_key
from tests.core.test_replays import played


class HeldWorker:
    """``worker.submit`` that keeps each job until ``answer`` runs it, in order."""

    def __init__(self) -> None:
        self.jobs: list[tuple[Callable[..., Any], tuple[Any, ...], Future[Any]]] = []

    def submit(self, fn: Callable[..., Any], *args: Any) -> Future[Any]:
        future: Future[Any] = Future()
        self.jobs.append((fn, args, future))
        return future

    def answer(self, count: int = 1) -> None:
        waiting = [job for job in self.jobs if not job[2].done()]
        for fn, args, future in waiting[:count]:
            future.set_result(fn(*args))


@pytest.fixture
def held(monkeypatch) -> HeldWorker:
    fake = HeldWorker()
    monkeypatch.setattr(worker, "submit", fake.submit)
    return fake


def _drawn(monkeypatch) -> list[str]:
    """Every line of text the Review screen draws from now on: its panel, the replay's
    strip and the Seahaven table's status line."""
    from app.window.scenes import replay_watch
    from app.window.tables import seahaven

    lines: list[str] = []
    real = review_scene.render_text

    def record(text: str, *args: Any, **kwargs: Any) -> pygame.Surface:
        lines.append(text)
        return real(text, *args, **kwargs)

    for module in (review_scene, replay_watch, seahaven):
        monkeypatch.setattr(module, "render_text", record)
    return lines


def _open_review(app, game_id: str, seed: int, replay: Any = None) -> ReviewControls:
    replay = replay or played(game_id, seed)[0]
    replay.date = "2026-01-01"
    replay_file.save_named(replay, "Game 1")
    post_key(app, pygame.K_r)  # the menu's Replays
    post_key(app, pygame.K_r)  # review the chosen one
    scene = app.scenes.top
    assert isinstance(scene, ReviewControls)
    return scene


def test_the_first_hand_shows_while_the_rest_is_analysed(app, held, monkeypatch):
    scene = _open_review(app, "whist", 2)
    hands = len(held.jobs)
    assert hands > 2, "one worker job a hand, the first hand first"
    drawn = _drawn(monkeypatch)
    app.step(1 / 60)
    assert f"Reviewing hand 1 of {hands}…" in drawn and scene.coach.review is None

    held.answer(1)  # the first hand is back; the others are still in the worker
    drawn.clear()
    app.step(1 / 60)
    review = scene.coach.review
    assert review is not None and not scene.coach.complete
    assert review.decisions and {d.part for d in review.decisions} == {1}
    assert f"Reviewing hand 2 of {hands}…" in drawn
    assert any(line.startswith("So far:") for line in drawn), "the first hand's summary is on screen"
    assert any(line.startswith(("Now:", "Next:")) for line in drawn), "and its first decision"

    held.answer(hands)
    drawn.clear()
    app.step(1 / 60)
    assert scene.coach.complete and not any(line.startswith(("So far", "Reviewing")) for line in drawn)
    assert {d.part for d in scene.coach.review.decisions} == set(range(1, hands + 1))


def test_a_mistake_beyond_the_hands_analysed_waits_for_them(app, held):
    scene = _open_review(app, "whist", 2)
    held.answer(1)
    app.step(1 / 60)
    first_hand = scene.coach.review
    assert first_hand is not None
    for _ in first_hand.costly:  # through the first hand's mistakes
        post_key(app, pygame.K_m, "m")
    post_key(app, pygame.K_m, "m")
    top = app.scenes.top
    assert isinstance(top, ReviewControls) and top.message.startswith("Still analysing")


def _counts(lines: list[str]) -> tuple[int, int, int]:
    """The strip's "Replay 3/9", the table's "3 moves" and the panel's "Next: move 4"."""
    strip = next(int(m[1]) for line in lines if (m := re.fullmatch(r"Replay (\d+)/\d+", line)))
    table = next(int(m[1]) for line in lines if (m := re.search(r"·\s+(\d+) moves?\b", line)))
    panel = next(int(m[1]) for line in lines if (m := re.fullmatch(r"Next: move (\d+)", line)))
    return strip, table, panel


def test_seahaven_review_counts_moves_one_way(app, held, monkeypatch):
    from app.core.replay_file import Replay
    from app.core.session import SeatPlan
    from tests.games.test_analysis import _seahaven_loss

    actions, lost_at = _seahaven_loss()
    scene = _open_review(app, "seahaven", 1, Replay("seahaven", [SeatPlan(True, "easy")], {}, 1, actions))
    held.answer(len(held.jobs))
    drawn = _drawn(monkeypatch)
    app.step(1 / 60)
    assert scene.coach.complete
    assert _counts(drawn) == (0, 0, 1), "nothing made yet, the next move is the first"
    post_key(app, pygame.K_m, "m")  # to the move that lost the deal
    assert app.scenes.top.session.done == lost_at
    drawn.clear()
    for _ in range(30):
        app.step(1 / 60)
    assert _counts(drawn) == (lost_at, lost_at, lost_at + 1)
