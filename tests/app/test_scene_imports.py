"""The scenes do not import each other in a circle, not even from inside a function (an
import moved into a function to dodge a cycle hides the circle rather than breaking it)."""

from __future__ import annotations

import ast
from pathlib import Path

SCENES = Path(__file__).resolve().parents[2] / "app" / "window" / "scenes"


def _imports(path: Path) -> set[str]:
    """The app.window.scenes modules a scene imports anywhere in its file, typing-only ones aside."""
    found: set[str] = set()
    todo: list[ast.AST] = [ast.parse(path.read_text(encoding="utf-8"))]
    while todo:
        node = todo.pop()
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            todo.extend(node.orelse)   # (``ast.walk`` would already have queued the body)
            continue
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("app.window.scenes."):
            found.add(node.module.rsplit(".", 1)[-1])
        todo.extend(ast.iter_child_nodes(node))
    return found


def _cycle(graph: dict[str, set[str]]) -> list[str]:
    """One import circle, as the modules along it, or [] when there is none."""
    state: dict[str, int] = {}   # 1: on the current path, 2: done
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


def test_no_scene_imports_lead_back_to_themselves() -> None:
    graph = {p.stem: _imports(p) for p in SCENES.glob("*.py")}
    assert "table" in graph and "pause" in graph["table"]   # the walk really saw the imports
    assert _cycle(graph) == []


def test_a_typing_only_import_is_no_circle(tmp_path: Path) -> None:
    scene = tmp_path / "history.py"
    scene.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from app.window.scenes.table import T\n"
                     "def f():\n    from app.window.scenes.base import Scene\n")
    assert _imports(scene) == {"base"}


def test_a_circle_is_found() -> None:
    assert _cycle({"menu": {"pause"}, "pause": {"table"}, "table": {"menu"}}) == ["menu", "pause", "table", "menu"]
