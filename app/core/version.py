"""Parlour's version, as ``parlour --version`` prints it and replays record.

An installed Parlour reads it from the package metadata. The one-file executable carries
no metadata, so the build writes the version into the bundle as ``app/VERSION`` (see
build/parlour.spec), read from where the bundle unpacks (``sys._MEIPASS``)."""

from __future__ import annotations

import sys
from pathlib import Path

UNKNOWN = "unknown"


def look_up() -> str:
    """The version ("0.1.0"), or "unknown" from a source tree that was never installed."""
    try:
        from importlib.metadata import PackageNotFoundError, version

        return version("parlour")
    except (ImportError, PackageNotFoundError):
        return _bundled() or UNKNOWN


def _bundled() -> str | None:
    """The version the build wrote into the one-file executable, if this is one."""
    base = getattr(sys, "_MEIPASS", None)
    if base is None:
        return None
    try:
        text = (Path(base) / "app" / "VERSION").read_text(encoding="utf-8").strip()
    except OSError:
        return None
    return text or None
