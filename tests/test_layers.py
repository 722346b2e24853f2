"""The layers of ``app/``, enforced: every import in every module (at the top, inside a
function, under ``TYPE_CHECKING``) points down the order

    games -> app.core -> app.net.wire -> app.net.server | app.net.client -> app.window -> app.cli

never up and never sideways between the server and its clients; nothing imports the command
line but ``app/__main__.py``; ``games/`` imports nothing of ``app``; and no module of ``app/``
leads back to itself through its imports (an import moved into a function, or under
``TYPE_CHECKING``, hides a circle rather than breaking it)."""

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
    counts as ``X.y`` when that is a module of ours (``from app.core import storage``), and
    ``import_module(f"app.window.tables.{game}")`` as every module that name could be."""
    module = module_name(path)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call):
            found.update(_loaded_by_name(node))
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            modules = {f"{base}.{alias.name}" for alias in node.names if _is_module(f"{base}.{alias.name}")}
            # (``from X import y`` of module y leans on X no more than ``from X.y import z``
            # does: X's ``__init__`` runs as y's parent package either way.)
            found.update(modules if len(modules) == len(node.names) else modules | {base})
    return {name for name in found if name.split(".")[0] in ("app", "games")}


def _loaded_by_name(call: ast.Call) -> set[str]:
    """The modules an ``importlib.import_module`` call may load: the one it names, or every
    module under the package its f-string begins with."""
    called = call.func.attr if isinstance(call.func, ast.Attribute) else getattr(call.func, "id", "")
    if called != "import_module" or not call.args:
        return set()
    name = call.args[0]
    if isinstance(name, ast.Constant) and isinstance(name.value, str):
        return {name.value}
    if isinstance(name, ast.JoinedStr) and name.values and isinstance(name.values[0], ast.Constant):
        prefix = str(name.values[0].value)
        folder = REPO / Path(*prefix.rstrip(".").split("."))
        return {module_name(p) for p in folder.glob("*.py") if p.name != "__init__.py"} if prefix.endswith(".") else set()
    return set()


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


def import_graph(top: str = "app") -> dict[str, set[str]]:
    """Each module under ``top`` and the modules under ``top`` it imports."""
    graph = {module_name(p): imports_of(p) for p in sorted((REPO / top).rglob("*.py"))}
    return {module: {used for used in uses if used in graph and used != module} for module, uses in graph.items()}


def find_circle(graph: dict[str, set[str]]) -> list[str]:
    """One import circle, as the modules along it back to the first, or [] when there is none."""
    state: dict[str, int] = {}   # 1: on the current path, 2: every way on from it is done
    path: list[str] = []

    def visit(module: str) -> list[str]:
        state[module] = 1
        path.append(module)
        for used in sorted(graph.get(module, ())):
            if state.get(used) == 1:
                return path[path.index(used):] + [used]
            if used not in state and (found := visit(used)):
                return found
        state[module] = 2
        path.pop()
        return []

    for module in sorted(graph):
        if module not in state and (found := visit(module)):
            return found
    return []


# Circles known and being broken elsewhere, each as the set of its modules: a circle found
# must not be one of these, and each must still be there (delete it once it is gone).
KNOWN_CIRCLES: list[set[str]] = []


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One circle at a time, each then cut by removing its closing arrow, until none is left."""
    graph = {module: set(uses) for module, uses in graph.items()}
    found = []
    while circle := find_circle(graph):
        found.append(circle)
        graph[circle[-2]].discard(circle[-1])
    return found


def test_no_import_circle_in_app() -> None:
    graph = import_graph()
    assert "app.window.scenes.base" in graph["app.window.scenes.table"]   # the walk saw the imports
    unknown = [" -> ".join(circle) for circle in circles(graph)
               if not any(set(circle) <= known for known in KNOWN_CIRCLES)]
    more = f"\n... and {len(unknown) - 10} more" if len(unknown) > 10 else ""
    assert unknown == [], "import circles:\n" + "\n".join(unknown[:10]) + more


def test_the_known_circles_are_still_there() -> None:
    found = [set(circle) for circle in circles(import_graph())]
    gone = [known for known in KNOWN_CIRCLES if not any(circle <= known for circle in found)]
    assert gone == [], f"no longer a circle, delete it from KNOWN_CIRCLES: {gone}"


def test_a_planted_circle_is_found(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The shell imports the menu at the top; the menu imports the shell only inside a
    function, and a scene imports the menu only under ``TYPE_CHECKING``: both are circles."""
    scenes = tmp_path / "app" / "window" / "scenes"
    scenes.mkdir(parents=True)
    for package in (tmp_path / "app", tmp_path / "app" / "window", scenes):
        (package / "__init__.py").write_text("")
    (tmp_path / "app" / "window" / "shell.py").write_text("from app.window.scenes.menu import MenuScene\n")
    (scenes / "menu.py").write_text("def home():\n    from app.window import shell\n")
    (scenes / "stats.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                                     "    from app.window.scenes import menu\n")
    monkeypatch.setitem(globals(), "REPO", tmp_path)
    assert circles(import_graph()) == [["app.window.scenes.menu", "app.window.shell", "app.window.scenes.menu"]]
    (scenes / "menu.py").write_text("from app.window.scenes.stats import StatsScene\n")
    assert circles(import_graph()) == [["app.window.scenes.menu", "app.window.scenes.stats", "app.window.scenes.menu"]]


def test_a_table_loaded_by_name_counts_as_imported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    tables = tmp_path / "app" / "tables"
    tables.mkdir(parents=True)
    (tmp_path / "app" / "__init__.py").write_text("")
    (tables / "__init__.py").write_text(
        "import importlib\ndef table_for(game):\n    return importlib.import_module(f'app.tables.{game}').Table\n")
    (tables / "whist.py").write_text("from app.results import Results\n")
    (tmp_path / "app" / "results.py").write_text("from app.tables import table_for\n")
    monkeypatch.setitem(globals(), "REPO", tmp_path)
    assert circles(import_graph()) == [["app.results", "app.tables", "app.tables.whist", "app.results"]]
