"""What a release carries besides the game: the version the executable reports, the icon
drawn in code (on the window, and written out for the executables) and Linux's menu entry."""

from __future__ import annotations

import configparser
import struct
import subprocess
import sys
import tomllib
from importlib.metadata import PackageNotFoundError
from pathlib import Path

import pygame
import pytest

ROOT = Path(__file__).resolve().parents[2]


def project_version() -> str:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]


# --- parlour --version ---------------------------------------------------------------

def test_version_prints_the_package_version():
    done = subprocess.run([sys.executable, "-m", "app", "--version"], capture_output=True, text=True,
                          timeout=120, cwd=ROOT)
    assert done.returncode == 0
    assert done.stdout == f"parlour {project_version()}\n"


def test_the_frozen_build_reads_the_version_written_into_it(tmp_path, monkeypatch):
    """A one-file executable has no package metadata: build/parlour.spec writes app/VERSION
    into the bundle, which unpacks at sys._MEIPASS."""
    import importlib.metadata

    from app.core import version

    def no_metadata(name: str) -> str:
        raise PackageNotFoundError(name)

    monkeypatch.setattr(importlib.metadata, "version", no_metadata)
    assert version.look_up() == "unknown"                       # a source tree, never installed
    (tmp_path / "app").mkdir()
    (tmp_path / "app" / "VERSION").write_text("9.8.7\n")
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert version.look_up() == "9.8.7"


# --- the icon ------------------------------------------------------------------------

def test_the_window_gets_the_icon_before_it_opens(monkeypatch):
    from app.window.shell import App

    calls: list[str] = []
    set_icon, set_mode = pygame.display.set_icon, pygame.display.set_mode
    monkeypatch.setattr(pygame.display, "set_icon", lambda image: (calls.append("icon"), set_icon(image)))
    monkeypatch.setattr(pygame.display, "set_mode", lambda *a, **k: (calls.append("mode"), set_mode(*a, **k))[1])
    App(size=(800, 560), headless=True)
    pygame.quit()
    assert calls[:2] == ["icon", "mode"]


def test_the_icon_is_a_card_fan_on_felt_with_a_clear_outside():
    from app.window.render.icon import icon_surface
    from app.window.ui import theme

    image = icon_surface(64)
    assert image.get_size() == (64, 64)
    assert image.get_at((0, 0)).a == 0                           # rounded corners: see-through
    assert tuple(image.get_at((32, 54)))[:3] == theme.FELT       # felt below the fan
    heart = image.get_at((32, 30))                               # the front card's red pip
    assert heart.r > 150 and heart.g < 80 and heart.b < 90


def test_make_icon_writes_png_ico_and_icns(tmp_path):
    done = subprocess.run([sys.executable, str(ROOT / "build" / "make_icon.py"), str(tmp_path)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    png = pygame.image.load(str(tmp_path / "parlour.png"))
    assert png.get_size() == (256, 256)
    ico = (tmp_path / "parlour.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", ico[:6])
    sizes = [ico[6 + 16 * i] or 256 for i in range(count)]
    assert (reserved, kind) == (0, 1) and sizes == [16, 24, 32, 48, 64, 128, 256]
    icns = (tmp_path / "parlour.icns").read_bytes()
    assert icns[:4] == b"icns" and struct.unpack(">I", icns[4:8])[0] == len(icns)
    kinds, at = [], 8
    while at < len(icns):
        kinds.append(icns[at:at + 4])
        at += struct.unpack(">I", icns[at + 4:at + 8])[0]
    assert kinds == [b"ic07", b"ic08", b"ic09", b"ic10"]


# --- the Linux menu entry -------------------------------------------------------------

def test_the_desktop_entry_parses_and_names_the_command_and_icon():
    entry = configparser.ConfigParser(interpolation=None, strict=True)
    entry.optionxform = str                                      # keys are case-sensitive
    entry.read(ROOT / "build" / "parlour.desktop", encoding="utf-8")
    assert entry.sections() == ["Desktop Entry"]
    fields = entry["Desktop Entry"]
    assert fields["Type"] == "Application" and fields["Name"] == "Parlour"
    # An invitation clicked (parlour://…) is passed as the one argument; none opens the menu.
    assert fields["Exec"] == "parlour %u" and fields["Terminal"] == "false"
    assert "x-scheme-handler/parlour" in fields["MimeType"].split(";")
    assert fields["Icon"] == "parlour"                           # parlour.png from make_icon.py
    categories = fields["Categories"]
    assert categories.endswith(";") and {"Game", "CardGame"} <= set(categories.split(";"))
    assert all(key[0].isupper() or key.startswith("X-") for key in fields)


def test_no_generated_icon_is_kept_in_the_repository():
    tracked = subprocess.run(["git", "ls-files", "build", "app"], capture_output=True, text=True, cwd=ROOT).stdout
    if not tracked:
        pytest.skip("not a git checkout")
    assert not any(path.endswith((".ico", ".icns")) or path.startswith("build/work/") for path in tracked.split())
