"""Start-up stays light: the menu's first frame must not import any game's rules, bots or
solver (that was most of the start-up time), while the specs still work in full once asked."""

from __future__ import annotations

import os
import subprocess
import sys

from games.registry import GAMES

# The modules loaded when the first frame is put on the screen (what runs after it, such
# as starting the worker, does not delay the window).
FIRST_MENU_FRAME = """
import sys
import pygame
from app.window.scenes.menu import MenuScene
from app.window.shell import App
seen = []
flip = pygame.display.flip
pygame.display.flip = lambda: (seen or seen.extend(sorted(sys.modules)), flip())
app = App(headless=True)
app.start(MenuScene(app))
app.step(1 / 60)
print(" ".join(seen))
"""


def _modules_after_first_frame(tmp_path) -> set[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PARLOUR_HOME=str(tmp_path))
    done = subprocess.run([sys.executable, "-c", FIRST_MENU_FRAME], env=env, capture_output=True,
                          text=True, timeout=120, check=True)
    return set(done.stdout.split())


def test_first_menu_frame_imports_no_rules_bots_or_solvers(tmp_path) -> None:
    modules = _modules_after_first_frame(tmp_path)
    assert "app.window.scenes.menu" in modules  # the script really drew the menu
    heavy = sorted(m for m in modules if m.startswith("games.")
                   and m.rsplit(".", 1)[-1] in ("rules", "bots", "solver", "trick_bots", "driver"))
    assert heavy == []
    assert not any(m.startswith("app.window.tables.") for m in modules)
    assert "multiprocessing" not in modules


def test_every_spec_loads_its_parts_on_first_use() -> None:
    for game_id, spec in GAMES.items():
        options = spec.make_options()
        state = spec.new_game(options, 1)
        assert state.seats == spec.default_seats, game_id
        assert spec.parts is spec.parts  # loaded once
        assert all(option.key in {f for f in vars(options)} for option in spec.options), game_id
        assert bool(spec.bots) != (spec.autoplay is not None), game_id
