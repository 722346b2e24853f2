"""Playable without looking (issue 29, point 3): whole games played by pressing keys and
deciding only from what the speech log says, never from the game's state. The player
listens for "Your turn: you can play ...", picks a card from that list, moves the cursor
with the arrow keys until the card it hears is the one it wants, and presses Enter."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest

from tests.app.ui_driver import make_app, post_key, table

TURN = re.compile(r"Your turn: you can play (.+)\.$")


class Ear:
    """Reads the speech log as a listener would: only what was said since last time."""

    def __init__(self, log: Path) -> None:
        self.log = log
        self.read = 0
        self.last = ""

    def new(self) -> list[str]:
        lines = self.log.read_text(encoding="utf-8").splitlines() if self.log.exists() else []
        fresh, self.read = lines[self.read:], len(lines)
        if fresh:
            self.last = fresh[-1]
        return fresh


def choices(line: str) -> list[str]:
    """The cards in "you can play 7 of hearts, 9 of hearts or King of hearts"."""
    listed = TURN.match(line)
    assert listed, line
    *rest, last = listed[1].split(", ")
    if " or " in last:
        rest, last = rest + last.split(" or ")[:1], last.split(" or ")[1]
    return rest + [last]


def play_by_ear(app, ear: Ear, pick, ending: re.Pattern[str], frames: int = 200_000) -> str:
    """Listen and play until a line matching ``ending`` is heard; returns that line."""
    heard_turn: list[str] = []
    for _ in range(frames):
        app.step(1 / 60)
        for line in ear.new():
            if ending.search(line):
                return line
            if TURN.match(line):
                heard_turn = choices(line)
        if heard_turn:
            want, heard_turn = pick(heard_turn), []
            _move_to(app, ear, want)
            post_key(app, pygame.K_RETURN)
    raise AssertionError("the game never ended")


def _move_to(app, ear: Ear, want: str) -> None:
    """Arrow right until the card under the cursor, as said, is ``want``."""
    app.step(1 / 60)
    ear.new()
    for _ in range(60):
        if ear.last == want:
            return
        post_key(app, pygame.K_RIGHT)
        app.step(1 / 60)
        ear.new()
    raise AssertionError(f"never heard {want!r} under the cursor")


@pytest.fixture
def ear(tmp_path, monkeypatch) -> Ear:
    path = tmp_path / "speech.txt"
    monkeypatch.setenv("PARLOUR_SPEECH_LOG", str(path))
    return Ear(path)


@pytest.mark.slow
def test_a_whole_game_of_whist_by_ear(ear):
    app = make_app()
    app.settings.animation_speed = "instant"
    try:
        table(app, "whist", seed=11)
        # A listener's plan: the highest card it may play (the list is in hand order, and
        # a hand is sorted high to low within a suit).
        end = play_by_ear(app, ear, pick=lambda cards: cards[0], ending=re.compile(r"win the game|You win"))
        assert end
    finally:
        pygame.quit()
