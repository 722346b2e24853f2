"""``app/core`` and ``app/net`` never import pygame, so ``parlour serve`` runs where there is
no display and no SDL: every module imports in a fresh interpreter where pygame cannot be
imported. (Which layer may import which is tests/test_layers.py; this checks what really
loads, through every package's ``__init__`` as well.)"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

IMPORT_NET = textwrap.dedent("""
    import importlib, importlib.abc, json, pkgutil, sys

    class Blocker(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] == "pygame":
                raise ImportError(f"{name} is blocked: app/net must not import it")
            return None

    sys.meta_path.insert(0, Blocker())
    try:
        import pygame
        blocked = False
    except ImportError:
        blocked = True
    import app.core, app.net
    failures, imported = {}, []
    infos = [*pkgutil.walk_packages(app.core.__path__, "app.core."),
             *pkgutil.walk_packages(app.net.__path__, "app.net.")]
    for info in infos:
        try:
            importlib.import_module(info.name)
            imported.append(info.name)
        except BaseException as error:
            failures[info.name] = repr(error)
    for name in ("app.cli.serve", "app.cli.host", "app.cli.join"):
        try:
            importlib.import_module(name)
            imported.append(name)
        except ModuleNotFoundError as error:
            if error.name != name:
                failures[name] = repr(error)
        except BaseException as error:
            failures[name] = repr(error)
    leaked = sorted(m for m in sys.modules if m.split(".")[0] == "pygame" and sys.modules[m] is not None)
    print(json.dumps({"blocked": blocked, "imported": imported, "failures": failures, "leaked": leaked}))
""")


def test_app_net_imports_without_pygame() -> None:
    result = subprocess.run([sys.executable, "-c", IMPORT_NET], cwd=REPO, capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert report["blocked"], "the blocker did not block pygame"
    assert report["failures"] == {}
    assert report["leaked"] == []
    expected = {".".join(p.relative_to(REPO).with_suffix("").parts)
                for folder in ("core", "net") for p in (REPO / "app" / folder).rglob("*.py")
                if p.stem != "__init__"}
    assert "app.net.server.server" in expected and "app.core.session" in expected
    assert expected <= set(report["imported"])
