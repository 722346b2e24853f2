"""``games/`` is the pure rules core: it runs without pygame or the app, and it never touches
files, the clock or the global random generator (see shared/DESIGN.md).

Two checks: every module under ``games/`` imports in a fresh interpreter where pygame and
``app`` cannot be imported, and a static read of the source finds no forbidden import, no
``open(...)`` and no use of the ``random`` module other than ``random.Random``.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

# Found from this file, not from ``games.__file__``: with tests/conftest.py putting tests/ on
# sys.path, a plain ``pytest`` run can see tests/games as a namespace package named games.
REPO = Path(__file__).resolve().parents[1]
GAMES_DIR = REPO / "games"
SOURCES = sorted(GAMES_DIR.rglob("*.py"))

FORBIDDEN_MODULES = {"pygame", "app", "time", "datetime", "os", "pathlib", "io"}
BLOCKED_AT_RUNTIME = ("pygame", "app")
ALLOWED_FROM_RANDOM = {"Random"}

IMPORT_ALL = textwrap.dedent("""
    import importlib, importlib.abc, json, pkgutil, sys

    BLOCKED = {blocked!r}

    class Blocker(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] in BLOCKED:
                raise ImportError(f"{{name}} is blocked: games/ must not import it")
            return None

    sys.meta_path.insert(0, Blocker())
    for name in BLOCKED:
        sys.modules.pop(name, None)

    blocked_works = []
    for name in BLOCKED:
        try:
            importlib.import_module(name)
        except ImportError:
            blocked_works.append(name)

    import games
    failures = {{}}
    def failed(name):
        failures[name] = repr(sys.exc_info()[1])

    imported = []
    for info in pkgutil.walk_packages(games.__path__, "games.", onerror=failed):
        try:
            importlib.import_module(info.name)
            imported.append(info.name)
        except BaseException as error:
            failures[info.name] = repr(error)

    from games.registry import GAMES
    leaked = sorted(m for m in sys.modules
                    if m.split(".")[0] in BLOCKED and sys.modules[m] is not None)
    print(json.dumps({{"blocked_works": blocked_works, "imported": imported,
                      "failures": failures, "leaked": leaked, "games": sorted(GAMES)}}))
""").format(blocked=BLOCKED_AT_RUNTIME)


@pytest.fixture(scope="module")
def import_report() -> dict:
    result = subprocess.run(
        [sys.executable, "-c", IMPORT_ALL], cwd=REPO, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_the_blocker_really_blocks(import_report: dict) -> None:
    assert sorted(import_report["blocked_works"]) == sorted(BLOCKED_AT_RUNTIME)


def test_every_games_module_imports_without_pygame_or_app(import_report: dict) -> None:
    assert import_report["failures"] == {}
    assert import_report["leaked"] == []


def test_walk_found_every_module(import_report: dict) -> None:
    imported = set(import_report["imported"])
    expected = {".".join(("games", *p.relative_to(GAMES_DIR).with_suffix("").parts))
                .removesuffix(".__init__") for p in SOURCES} - {"games"}
    assert expected <= imported
    assert {"games.registry", "games.core.cards", "games.core.protocol"} <= imported


def test_registry_builds_without_pygame(import_report: dict) -> None:
    assert import_report["games"], "GAMES is empty"


# --- the static check -------------------------------------------------------------------------

def violations(source: str, filename: str = "<source>") -> list[str]:
    """Every forbidden import, file opening and global-random use in ``source``."""
    tree = ast.parse(source, filename)
    found: list[str] = []
    random_names: set[str] = set()

    def where(node: ast.AST) -> str:
        return f"{filename}:{getattr(node, 'lineno', '?')}"

    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                top = alias.name.split(".")[0]
                if top in FORBIDDEN_MODULES:
                    found.append(f"{where(node)} imports {alias.name}")
                if alias.name == "random":
                    random_names.add(alias.asname or "random")
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            top = node.module.split(".")[0]
            if top in FORBIDDEN_MODULES:
                found.append(f"{where(node)} imports from {node.module}")
            if node.module == "random":
                for alias in node.names:
                    if alias.name not in ALLOWED_FROM_RANDOM:
                        found.append(f"{where(node)} imports random.{alias.name}")
        elif isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Name) and func.id == "open":
                found.append(f"{where(node)} opens a file")
            if (isinstance(func, ast.Name) and func.id == "__import__"
                    or isinstance(func, ast.Attribute) and func.attr == "import_module"):
                for arg in node.args[:1]:
                    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                        if arg.value.split(".")[0] in FORBIDDEN_MODULES:
                            found.append(f"{where(node)} imports {arg.value} dynamically")

    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                and node.value.id in random_names and node.attr not in ALLOWED_FROM_RANDOM):
            found.append(f"{where(node)} uses the global random.{node.attr}")
    return found


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(REPO)))
def test_games_source_is_pure(path: Path) -> None:
    assert violations(path.read_text(encoding="utf-8"), str(path.relative_to(REPO))) == []


def test_sources_were_found() -> None:
    names = {p.name for p in SOURCES}
    assert {"cards.py", "protocol.py", "registry.py", "rules.py"} <= names


@pytest.mark.parametrize("source", [
    "import pygame",
    "import pygame.display",
    "from pygame import Rect",
    "import app.window.scenes",
    "from app import storage",
    "import time",
    "from time import monotonic",
    "import datetime",
    "import os",
    "import os.path",
    "from os import path",
    "from pathlib import Path",
    "import io",
    "def f():\n    import time\n    return time.time()",
    "def load(name):\n    with open(name) as f:\n        return f.read()",
    "import random\nrandom.shuffle(deck)",
    "import random\nrandom.choice(deck)",
    "import random\nrandom.randint(1, 6)",
    "import random\nrandom.random()",
    "import random\nrandom.randrange(4)",
    "import random\nrandom.seed(1)",
    "import random\nrandom.sample(deck, 3)",
    "import random as r\nr.shuffle(deck)",
    "import random\nroll = random.SystemRandom()",
    "from random import shuffle",
    "from random import choice as pick",
    "__import__('os')",
    "import importlib\nimportlib.import_module('pygame')",
])
def test_the_static_check_catches(source: str) -> None:
    assert violations(source)


@pytest.mark.parametrize("source", [
    "import random\nrng = random.Random(7)\nrng.shuffle(deck)",
    "from random import Random\nrng = Random(seed)",
    "import random\ndef f(rng: random.Random) -> int:\n    return rng.randrange(3)",
    "from games.core.cards import Card\nimport dataclasses, enum, typing, collections",
    "def f(state):\n    return state.open_piles()",
    "from __future__ import annotations\nfrom dataclasses import dataclass",
])
def test_the_static_check_allows(source: str) -> None:
    assert violations(source) == []
