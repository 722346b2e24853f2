"""Hosting from the window: a table with a remote player is dealt from a secret seed (the
server refuses a chosen one there), so the host setup's seed row says "secret" and takes no
digits, and the table asked for carries no seed; with every other seat a computer the seed
is the host's to choose, as at home. Keys are posted as real pygame events."""

from __future__ import annotations

from typing import Iterator

import pygame
import pytest

from app.window.scenes.host_setup import HostSetupScene
from app.window.shell import App
from games.registry import GAMES
from tests.app.ui_driver import fast_app, post_key


@pytest.fixture
def app() -> Iterator[App]:
    yield from fast_app()


def _to_seed_row(app: App, setup: HostSetupScene) -> str:
    while setup.rows[setup.focus].label != setup.seed_label:
        post_key(app, pygame.K_DOWN)
    return str(setup.rows[setup.focus].value())


def test_the_seed_is_secret_with_a_remote_player_and_chosen_without(app: App) -> None:
    setup = HostSetupScene(app, GAMES["whist"])
    app.start(setup)
    assert _to_seed_row(app, setup) == "secret (remote players)"
    for digit in "42":
        post_key(app, getattr(pygame, f"K_{digit}"), digit)
    post_key(app, pygame.K_RIGHT)
    assert setup.rows[setup.focus].value() == "secret (remote players)" and "seed" not in setup.create()

    for seat in (1, 2, 3):                     # every other seat a computer
        while setup.kind(seat) != "bot":
            setup._seat_changer(seat)(1)
    assert setup.rows[setup.focus].value() == "random"
    for digit in "42":
        post_key(app, getattr(pygame, f"K_{digit}"), digit)
    assert setup.rows[setup.focus].value() == "42" and setup.create()["seed"] == 42
