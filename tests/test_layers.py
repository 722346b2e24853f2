"""The layers of ``app/``, enforced: every import in every module (at the top, inside a
function, under ``TYPE_CHECKING``) points down the order

    games -> app.core -> app.net.wire -> app.net.server | app.net.client -> app.window -> app.cli

never up and never sideways between the server and its clients; nothing imports the command
line but ``app/__main__.py``; and ``games/`` imports nothing of ``app``."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]

# Each layer and what it may import besides itself (the standard library and third-party
# packages aside). The server and the clients sit side by side: neither sees the other.
LAYERS: dict[str, set[str]] = {
    "games": set(),
    "app.core": {"games"},
    "app.net.wire": {"games", "app.core"},
    "app.net.server": {"games", "app.core", "app.net.wire"},
    "app.net.client": {"games", "app.core", "app.net.wire"},
    "app.window": {"games", "app.core", "app.net.wire", "app.net.server", "app.net.client"},
    "app.cli": {"games", "app.core", "app.net.wire", "app.net.server", "app.net.client", "app.window"},
}
# Package files that only describe a folder and the ``python -m app`` entry.
ENTRIES = {"app", "app.net", "app.__main__"}


def layer_of(module: str) -> str | None:
    """The layer a module belongs to, by its longest matching prefix."""
    for layer in sorted(LAYERS, key=len, reverse=True):
        if module == layer or module.startswith(layer + "."):
            return layer
    return None


def module_name(path: Path) -> str:
    parts = list(path.relative_to(REPO).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path) -> set[str]:
    """Every module of ours that ``path`` imports anywhere in the file; ``from X import y``
    counts as ``X.y`` when that is a module of ours (``from app.core import storage``)."""
    module = module_name(path)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names if _is_module(f"{base}.{alias.name}"))
    return {name for name in found if name.split(".")[0] in ("app", "games")}


def _is_module(name: str) -> bool:
    path = REPO / Path(*name.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def sources() -> list[Path]:
    return sorted(p for top in ("app", "games") for p in (REPO / top).rglob("*.py"))


def upward_arrows() -> list[str]:
    wrong = []
    for path in sources():
        module = module_name(path)
        if module in ENTRIES:
            continue
        mine = layer_of(module)
        assert mine is not None, f"{module} is in no layer: put it in one of {sorted(LAYERS)}"
        for used in sorted(imports_of(path)):
            theirs = layer_of(used)
            if theirs is None or theirs == mine or used in ENTRIES - {"app.__main__"}:
                continue
            if theirs not in LAYERS[mine]:
                wrong.append(f"{module} ({mine}) imports {used} ({theirs})")
    return wrong


def test_every_import_points_down_the_layers() -> None:
    assert upward_arrows() == []


def test_the_walk_sees_imports_inside_functions_and_under_type_checking() -> None:
    # app/cli/main.py imports its commands inside functions: the walk must see them.
    seen = imports_of(REPO / "app" / "cli" / "main.py")
    assert "app.cli.review" in seen and "app.core.review" in seen
    assert layer_of("app.net.server.server") == "app.net.server"
    assert layer_of("app.network") is None   # a prefix counts only at a dot


def test_an_upward_import_is_caught(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    core = tmp_path / "app" / "core"
    core.mkdir(parents=True)
    (tmp_path / "app" / "__init__.py").write_text("")
    (core / "__init__.py").write_text("")
    (core / "sneaky.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from app.window.shell import App\n")
    monkeypatch.setitem(globals(), "REPO", tmp_path)
    assert upward_arrows() == ["app.core.sneaky (app.core) imports app.window.shell (app.window)"]


def test_nothing_imports_the_command_line() -> None:
    users = [module_name(p) for p in sources()
             if module_name(p) != "app.__main__" and layer_of(module_name(p)) != "app.cli"
             and any(layer_of(used) == "app.cli" for used in imports_of(p))]
    assert users == []
