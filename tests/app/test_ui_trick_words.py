"""The trick tables show the rules' words as a player reads them: the history (L), the hand
summary and a refused move name people and show cards with suit signs, never "P1 & P3" or
"QH". Driven headless, frame by frame, with real pygame events."""

from __future__ import annotations

import re

import pygame
import pytest

from games.core.trick_events import PlayCard

from tests.app.ui_driver import fast_app, post_key, step_until, table

CODES = re.compile(r"\b(10|[2-9TJQKA])[SHDC]\b|\bP\d\b")


@pytest.fixture
def app():
    yield from fast_app()


@pytest.mark.parametrize("game", ["whist", "euchre", "nap", "nash_whist"])
def test_a_hand_watched_reads_without_codes_in_the_history_and_the_summary(app, game):
    """Computers play a whole hand; the history panel (opened with L) and the summary
    between hands say it all in names and suit signs."""
    scene = table(app, game, humans=0, seed=4)
    summaries: list[str] = []
    step_until(app, lambda: summaries.extend(scene.summary[0]) or bool(summaries), frames=20_000)
    post_key(app, pygame.K_l, "l")
    _rect, _size, rows = scene.history_layout()
    assert len(rows) > 5
    for line in [*rows, *summaries]:
        assert not CODES.search(line), line
    # (the panel shows the latest rows, above the first hand in its column: the suit signs
    # are looked for in the whole history as the panel renders it)
    history = [scene.history_line(line) for line in scene.log]
    assert not any(CODES.search(line) for line in history)
    assert any("♠" in line or "♥" in line or "♦" in line or "♣" in line for line in history)


def test_a_refused_card_is_said_in_the_players_words(app):
    """A card the rules refuse (another seat's, sent as the player's move) is explained with
    the card's suit sign and "your hand"; nothing changes."""
    scene = table(app, "whist", seed=5)
    step_until(app, lambda: scene.human_turn)
    state = scene.session.state
    stranger = state.hands[1][0]
    before = list(scene.session.actions)
    assert not scene.act(PlayCard(0, stranger))
    assert scene.session.actions == before
    assert scene.message.endswith("is not in your hand") and not CODES.search(scene.message)
    assert stranger.rank.label in scene.message
