"""Storage: round trips, atomic writes, and bad files set aside instead of crashing."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from app.core import storage
from app.core.storage import GameStats, Settings, Stats


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    folder = tmp_path / "home"
    monkeypatch.setenv(storage.ENV_HOME, str(folder))
    storage.notices.clear()
    yield folder
    storage.notices.clear()


def write_raw(path: Path, text: str | bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.encode() if isinstance(text, str) else text)


def wrapped(data: Any, version: int = 1) -> str:
    return json.dumps({"version": version, "data": data})


def bad_copies(folder: Path, stem: str) -> list[Path]:
    return sorted(folder.glob(f"{stem}.bad-*.json"))


# --- location ------------------------------------------------------------------------


def test_parlour_home_is_honoured(home: Path) -> None:
    assert storage.data_dir() == home
    assert storage.settings_path() == home / "settings.json"


def test_without_override_uses_platform_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(storage.ENV_HOME)
    assert storage.data_dir().name.lower() == "parlour"


def test_missing_folder_is_created_on_save(home: Path) -> None:
    assert not home.exists()
    assert storage.load_settings() == Settings()
    storage.save_settings(Settings())
    assert (home / "settings.json").is_file()


# --- generic JSON --------------------------------------------------------------------


def test_write_then_read_round_trips(home: Path) -> None:
    path = home / "thing.json"
    storage.write_json(path, {"a": [1, 2.5, None, "x"]}, version=3)
    assert storage.read_json(path, 3, lambda data: data) == {"a": [1, 2.5, None, "x"]}


def test_atomic_write_leaves_only_the_file(home: Path) -> None:
    path = home / "thing.json"
    storage.write_json(path, {"n": 1}, version=1)
    storage.write_json(path, {"n": 2}, version=1)
    assert [p.name for p in home.iterdir()] == ["thing.json"]


def test_failed_write_keeps_old_file_and_no_temp(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = home / "thing.json"
    storage.write_json(path, {"n": 1}, version=1)

    def refuse(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(OSError):
        storage.write_json(path, {"n": 2}, version=1)
    assert [p.name for p in home.iterdir()] == ["thing.json"]
    assert storage.read_json(path, 1, lambda data: data) == {"n": 1}


def test_unserialisable_data_touches_nothing(home: Path) -> None:
    with pytest.raises(TypeError):
        storage.write_json(home / "thing.json", {"n": object()}, version=1)
    assert not home.exists() or list(home.iterdir()) == []


def test_missing_file_reads_as_none(home: Path) -> None:
    assert storage.read_json(home / "nothing.json", 1, lambda data: data) is None
    assert storage.notices == []


def test_bad_copies_never_overwrite_each_other(home: Path) -> None:
    for _ in range(3):
        write_raw(home / "thing.json", "{broken")
        assert storage.read_json(home / "thing.json", 1, lambda data: data) is None
    assert len(bad_copies(home, "thing")) == 3


# --- settings ------------------------------------------------------------------------


def test_settings_round_trip() -> None:
    settings = Settings(
        volume=0.25, muted=True, animation_speed="fast", four_colour=True,
        large_index=True, colourblind_nails=True, card_back="green",
        window_size=(1600, 900), fullscreen=True,
        key_bindings={"p1": {"slap": "space"}},
        last_setup={"ninety_nine": {"seats": ["human", "bot"], "seed": 7}},
    )
    storage.save_settings(settings)
    assert storage.load_settings() == settings
    assert storage.notices == []


def test_defaults_when_no_file() -> None:
    settings = storage.load_settings()
    assert settings == Settings()
    assert settings.volume == 0.7 and settings.window_size == (1280, 800)
    assert settings.animation_speed == "normal" and settings.card_back == "blue"


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        ('{"version": 1, "data": {"volume": 0.', "not valid JSON"),
        (wrapped(["volume", 0.5]), "list or value"),
        ("[1, 2, 3]", "not a Parlour data file"),
        (wrapped({"volume": 0.5}, version=99), "version 99"),
        (b"\xff\xfe not utf-8", "not valid JSON"),
        ("", "not valid JSON"),
    ],
    ids=["truncated", "list-payload", "list-document", "unknown-version", "binary", "empty"],
)
def test_bad_settings_file_is_moved_aside(home: Path, content: str | bytes, reason: str) -> None:
    path = home / "settings.json"
    write_raw(path, content)
    assert storage.load_settings() == Settings()
    assert not path.exists()
    [copy] = bad_copies(home, "settings")
    assert copy.read_bytes() == (content.encode() if isinstance(content, str) else content)
    [notice] = storage.notices
    assert reason in notice and copy.name in notice and "\n" not in notice


def test_huge_file_is_moved_aside(home: Path) -> None:
    path = home / "settings.json"
    write_raw(path, wrapped({"volume": 0.5, "pad": "x" * storage.MAX_BYTES}))
    assert storage.load_settings() == Settings()
    assert len(bad_copies(home, "settings")) == 1
    assert "5 MB" in storage.notices[0]


def test_wrong_typed_field_falls_back_alone(home: Path) -> None:
    write_raw(home / "settings.json", wrapped({
        "volume": "loud", "muted": True, "window_size": [0, 800],
        "animation_speed": "warp", "card_back": "red", "unknown_key": 1,
    }))
    settings = storage.load_settings()
    assert settings == Settings(muted=True, card_back="red")
    assert bad_copies(home, "settings") == []  # the file itself was usable
    assert len(storage.notices) == 3
    assert all("default" in notice for notice in storage.notices)


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("volume", True), ("volume", 1.5), ("volume", 10**400), ("muted", 0),
        ("window_size", [1280]), ("window_size", [1280.5, 800]), ("window_size", "big"),
        ("key_bindings", {"p1": {"slap": 32}}), ("key_bindings", []),
        ("last_setup", {"ninety_nine": 3}), ("card_back", ["blue"]),
    ],
)
def test_each_field_check_rejects(home: Path, name: str, value: Any) -> None:
    write_raw(home / "settings.json", wrapped({name: value}))
    assert storage.load_settings() == Settings()
    assert len(storage.notices) == 1 and name in storage.notices[0]


def test_take_notices_clears() -> None:
    storage.notices.append("hello")
    assert storage.take_notices() == ["hello"]
    assert storage.notices == []


def test_save_failure_becomes_a_notice(home: Path) -> None:
    write_raw(home, "")  # a file where the folder should be
    storage.save_settings(Settings())
    assert len(storage.notices) == 1 and "could not be saved" in storage.notices[0]


# --- statistics ----------------------------------------------------------------------


def test_record_result_counts_streaks_and_best_time() -> None:
    storage.record_result("seahaven", won=True, seconds=200.0)
    storage.record_result("seahaven", won=True, seconds=150.5)
    storage.record_result("seahaven", won=False, seconds=10.0)
    last = storage.record_result("seahaven", won=True, seconds=300)
    assert last == GameStats(played=4, won=3, streak=1, best_streak=2, best_seconds=150.5)
    assert storage.load_stats().for_game("seahaven") == last


def test_untimed_games_have_no_best_time() -> None:
    assert storage.record_result("hearts", won=True).best_seconds is None
    assert storage.record_result("hearts", won=True, seconds=float("nan")).best_seconds is None


def test_stats_round_trip_and_reset() -> None:
    stats = Stats({"a": GameStats(3, 1, 0, 1, None), "b": GameStats(1, 1, 1, 1, 42.0)})
    storage.save_stats(stats)
    assert storage.load_stats() == stats
    storage.reset_stats("a")
    assert storage.load_stats() == Stats({"b": GameStats(1, 1, 1, 1, 42.0)})
    assert storage.load_stats().for_game("a") == GameStats()


def test_bad_stats_entry_costs_only_that_game(home: Path) -> None:
    write_raw(home / "stats.json", wrapped({
        "good": {"played": 2, "won": 1, "streak": 1, "best_streak": 1, "best_seconds": None},
        "bad": {"played": "two"},
        "worse": [1, 2],
    }))
    stats = storage.load_stats()
    assert stats == Stats({"good": GameStats(2, 1, 1, 1, None)})
    assert len(storage.notices) == 2


def test_truncated_stats_file_is_moved_aside(home: Path) -> None:
    write_raw(home / "stats.json", wrapped({"a": {"played": 1}})[:-5])
    assert storage.record_result("a", won=True).played == 1
    assert len(bad_copies(home, "stats")) == 1
    assert storage.load_stats().for_game("a").played == 1
