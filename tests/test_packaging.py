"""What an installed Parlour holds: every package of the source tree, and the font with its
licence as app/assets (kept in the top-level assets/ folder, mapped in pyproject.toml)."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _setuptools() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]


def _packages_in_tree() -> set[str]:
    """Every folder under app/ and games/ with an __init__.py, as a dotted package name."""
    return {".".join(init.parent.relative_to(ROOT).parts)
            for top in ("app", "games") for init in (ROOT / top).rglob("__init__.py")
            if "__pycache__" not in init.parts}


def test_every_package_in_the_tree_is_listed_for_installing() -> None:
    listed = set(_setuptools()["packages"])
    missing = sorted(_packages_in_tree() - listed)
    assert not missing, f"add {missing} to [tool.setuptools] packages in pyproject.toml"


def test_every_listed_package_exists() -> None:
    mapped = _setuptools()["package-dir"]
    for package in _setuptools()["packages"]:
        folder = ROOT / mapped.get(package, package.replace(".", "/"))
        assert folder.is_dir(), f"{package} is listed in pyproject.toml but {folder} is missing"


def test_the_font_and_its_licence_are_shipped_as_app_assets() -> None:
    folder = ROOT / _setuptools()["package-dir"]["app.assets"]
    assert folder == ROOT / "assets"
    patterns = _setuptools()["package-data"]["app.assets"]
    for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "FONT-LICENSE.txt"):
        assert (folder / name).is_file()
        assert any(Path(name).match(p) for p in patterns), f"{name} is not in app.assets' package data"


def test_the_source_tree_finds_the_font_in_the_top_level_folder() -> None:
    from app.window.render import text

    assert text.assets_dir() == ROOT / "assets"
    assert text.font_path(bold=True).is_file()


def test_endplay_is_asked_for_only_where_it_has_wheels() -> None:
    """DDS comes with endplay, which has wheels for CPython 3.11-3.13 and none yet for
    3.14: an environment marker keeps ``pip install .`` working there (the coach and the
    Expert then use our own search)."""
    from packaging.requirements import Requirement

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    endplay = next(r for r in map(Requirement, project["dependencies"]) if r.name == "endplay")
    assert endplay.marker is not None, "endplay needs a python_version marker"
    assert endplay.marker.evaluate({"python_version": "3.11"}) and endplay.marker.evaluate({"python_version": "3.13"})
    assert not endplay.marker.evaluate({"python_version": "3.14"})


def test_the_compiled_catalogues_ship_in_the_package_and_the_executable() -> None:
    """Every language's parlour.mo is package data of ``app`` (pyproject.toml) and a data
    file of the one-file build (build/parlour.spec), at the path the app reads it from."""
    patterns = _setuptools()["package-data"]["app"]
    catalogues = sorted((ROOT / "app" / "locale").glob("*/LC_MESSAGES/parlour.mo"))
    assert {mo.parent.parent.name for mo in catalogues} >= {"fr", "de", "es"}
    for mo in catalogues:
        relative = mo.relative_to(ROOT / "app")
        assert any(relative.match(p) for p in patterns), f"{relative} is not in app's package data"
    spec = (ROOT / "build" / "parlour.spec").read_text(encoding="utf-8")
    assert "locale_datas()" in spec.split("datas=", 1)[1].split("\n", 1)[0]


def test_the_app_reads_its_catalogues_from_the_packaged_place() -> None:
    from app.core.words.language import locale_dir

    assert locale_dir() == ROOT / "app" / "locale"
