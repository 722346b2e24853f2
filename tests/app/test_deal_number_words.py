"""One name for a deal's number on every screen, and digits a person can read out: the
setup row is "Deal number" at every game (it was "Seed" everywhere but Seahaven) and shows
typed digits in threes; the results screen says "Deal number 4" where it said "Seed 4".
Keys are posted as real pygame events."""

from __future__ import annotations

from typing import Iterator

import pygame
import pytest

from app.core.words.deal_words import DEAL_NUMBER, deal_number, readable
from app.window.scenes import results as results_module
from app.window.scenes.setup import SetupScene
from app.window.shell import App
from games.registry import GAMES
from tests.app.test_replay_ui import finish_a_game
from tests.app.ui_driver import FRAME, fast_app, post_key


@pytest.fixture
def app() -> Iterator[App]:
    yield from fast_app()


@pytest.mark.parametrize("game_id", ["whist", "seahaven", "ninety_nine"])
def test_the_setup_row_is_the_deal_number_and_reads_in_threes(app: App, game_id: str) -> None:
    setup = SetupScene(app, GAMES[game_id])
    app.start(setup)
    labels = [row.label for row in setup.rows]
    assert DEAL_NUMBER in labels and "Seed" not in labels
    while setup.rows[setup.focus].label != DEAL_NUMBER:
        post_key(app, pygame.K_DOWN)
    post_key(app, pygame.K_r)                  # random first, then type a number
    for digit in "668399809":
        post_key(app, getattr(pygame, f"K_{digit}"), digit)
    assert setup.rows[setup.focus].value() == "668 399 809"
    post_key(app, pygame.K_BACKSPACE)          # deletes a digit, not a space
    assert setup.rows[setup.focus].value() == "66 839 980" and setup.setup.seed == 66839980


def test_a_network_tables_secret_number_shows_a_short_form() -> None:
    secret = 2**127 + 12345
    assert readable(secret) == "170 141 183…" and len(readable(secret)) < 15
    assert readable(10**12 - 1) == "999 999 999 999"   # a number typed at home shows whole


def test_the_results_screen_names_the_deal_number(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[str] = []
    real = results_module.render_text
    monkeypatch.setattr(results_module, "render_text", lambda text, *a, **k: drawn.append(text) or real(text, *a, **k))
    results = finish_a_game(app, "nash")
    app.step(FRAME)
    assert deal_number(results.session.seed) == "Deal number 4" and "Deal number 4" in drawn
    assert not any(text.startswith("Seed") for text in drawn)
