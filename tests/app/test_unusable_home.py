"""A data folder Parlour cannot use (PARLOUR_HOME under a file, a folder it may not read)
is said in a notice, once, and every screen that reads files still opens (issue 28, 16:
Replays crashed with PermissionError in the replay list). The suite runs as root, for
whom no folder is unreadable, so a refusal is made by raising what the system would."""

from __future__ import annotations

from pathlib import Path

import pygame

from app.core import replay_file, storage
from app.window.scenes.menu import MenuScene
from app.window.scenes.replay_list import ReplaysScene
from app.window.scenes.settings import SettingsScene
from app.window.scenes.stats import StatsScene
from tests.app.test_damaged_files import fresh_notices  # noqa: F401 (autouse: notices start empty)
from tests.app.test_replays import played
from tests.app.ui_driver import FRAME, make_app, post_key


def refuse(monkeypatch, method: str, inside: Path) -> None:
    """``Path.<method>`` on ``inside`` and below raises PermissionError, as for a folder
    without read permission."""
    real = getattr(Path, method)

    def refused(self, *args, **kwargs):
        if self == inside or inside in self.parents:
            raise PermissionError(13, "Permission denied", str(self))
        return real(self, *args, **kwargs)
    monkeypatch.setattr(Path, method, refused)


def visit_every_screen_that_reads_files(app) -> list[str]:
    """Open Replays, Statistics and Settings from the menu and come back; the notices shown."""
    for key, scene in ((pygame.K_r, ReplaysScene), (pygame.K_s, StatsScene), (pygame.K_o, SettingsScene)):
        post_key(app, key)
        assert isinstance(app.scenes.top, scene)
        app.step(FRAME)
        post_key(app, pygame.K_ESCAPE)
        assert isinstance(app.scenes.top, MenuScene)
    return [message for message, _ in app.notices]


def test_a_data_folder_under_a_file_is_said_once_and_every_screen_opens(monkeypatch, tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv(storage.ENV_HOME, str(blocker / "parlour"))
    app = make_app()
    app.start(MenuScene(app))
    app.step(FRAME)
    shown = visit_every_screen_that_reads_files(app)
    assert any("could not be read" in message for message in shown)
    assert len(shown) == len(set(shown))                # each said once, not per screen


def test_a_replays_folder_that_cannot_be_read_is_a_notice_not_a_crash(monkeypatch):
    replay_file.save_auto(played("nash", 1)[0])
    refuse(monkeypatch, "glob", replay_file.replays_dir())
    app = make_app()
    app.start(MenuScene(app))
    app.step(FRAME)
    post_key(app, pygame.K_r)                           # was: PermissionError in entries()
    scene = app.scenes.top
    assert isinstance(scene, ReplaysScene) and scene.entries == []
    assert any("replays folder" in m and "Permission denied" in m for m, _ in app.notices)


def test_a_replay_the_disk_will_not_delete_is_said_and_stays(monkeypatch):
    path = replay_file.save_auto(played("nash", 1)[0])
    refuse(monkeypatch, "unlink", replay_file.replays_dir())
    app = make_app()
    app.start(ReplaysScene(app))
    scene = app.scenes.top
    scene.confirm = scene.chosen
    scene.delete()
    assert path.exists() and len(scene.entries) == 1
    assert any("could not be deleted (Permission denied)" in m for m, _ in app.notices)


def test_naming_a_replay_in_a_folder_that_cannot_be_read_says_why(monkeypatch):
    refuse(monkeypatch, "stat", replay_file.replays_dir())
    assert replay_file.check_name("Keep me") == "The replays folder cannot be used (Permission denied)"
    assert replay_file.save_auto(played("nash", 1)[0]) is None
    assert any("could not be saved" in line for line in storage.take_notices())
