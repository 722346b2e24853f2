"""The player's files: settings and statistics here; replays (app/replays.py) and the game
kept for "Continue" (app/core/resume.py) use the same versioned JSON helpers.

Every file is JSON shaped ``{"version": N, "data": ...}`` and is written atomically: a
temporary file in the same folder, flushed and fsynced, then ``os.replace``d over the old
one, so a crash mid-write leaves either the old file or the new one, never half of each.

A file that cannot be trusted (does not parse, wrong shape, unknown version, too big) is
renamed to ``<name>.bad-<timestamp>.json`` -- never deleted, the player may want it back --
a one-line message is added to :data:`notices` for the UI to show, and defaults are used.
The app must always start, whatever is on disk.
"""

from __future__ import annotations

import json
import math
import os
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any, TypeVar

from platformdirs import user_data_dir

from app.core.words.language import CHOICES as LANGUAGE_CHOICES

ENV_HOME = "PARLOUR_HOME"
MAX_BYTES = 5 * 1024 * 1024
SETTINGS_VERSION = 1
STATS_VERSION = 1

# Each animation speed a player can choose, and how fast it plays (instant skips every animation).
ANIMATION_SPEEDS = {"slow": 0.6, "normal": 1.0, "fast": 1.8, "instant": 0.0}
MIN_WINDOW = (800, 560)
"""The smallest window the tables are laid out for."""
MAX_WINDOW = (3840, 2160)
"""The largest window kept from settings.json: a 4K screen."""
WINDOW_SIZES = ((1024, 640), (1280, 800), (1440, 900), (1600, 1000))
"""The window sizes Settings offers (those that fit the desktop: :func:`window_choices`)."""
DESKTOP_MARGIN = (16, 80)
"""What a window leaves of the desktop: its frame at the sides, and the title bar and a
task bar or dock in height (a window as tall as the screen hides its top or its bottom)."""
STALE_SECONDS = 60
"""A temporary file older than this is left from a save that was killed (a save takes
milliseconds), and is removed at start-up."""
CARD_BACKS = ("blue", "red", "green")
TEXT_SIZES = ("normal", "large", "larger")
"""The text sizes Settings offers (the window's theme says how large each is)."""

notices: list[str] = []
"""One-line messages about files that were set aside or could not be written, oldest first."""
_said: set[str] = set()
"""Every notice made this run: a file read at each visit to the menu (or at each message of
a networked table) that cannot be read is said once, not at every read (it was said 45
times in one run)."""
_notices_lock = threading.Lock()   # the app's own server notices from its thread

T = TypeVar("T")


class BadData(ValueError):
    """Raised by a validator when a file's payload has the wrong shape."""


def take_notices() -> list[str]:
    """Return the pending notices and clear them (the UI shows each once)."""
    with _notices_lock:
        taken = list(notices)
        notices.clear()
    return taken


def notice(message: str) -> None:
    """Tell the player ``message`` (once a run: the same line again is not said again)."""
    with _notices_lock:
        if message not in _said:
            _said.add(message)
            notices.append(message)


def new_run() -> None:
    """Forget what was said and is pending (each test is a run of its own)."""
    with _notices_lock:
        _said.clear()
        notices.clear()



def data_dir() -> Path:
    """The folder for the player's files: ``$PARLOUR_HOME`` if set, else the OS's choice.

    Read at each call so tests and CI can point it at a temporary folder.
    """
    override = os.environ.get(ENV_HOME)
    if override:
        return Path(override)
    return Path(user_data_dir("parlour", appauthor=False))


# --- generic versioned JSON ---------------------------------------------------------


def write_json(path: Path, data: Any, version: int) -> None:
    """Write ``{"version": version, "data": data}`` to ``path`` atomically.

    Raises ``OSError`` if the disk refuses, and ``TypeError``/``ValueError`` if ``data`` is
    not plain JSON; in both cases any earlier file at ``path`` is left untouched.
    """
    # Serialise before touching the disk, so bad data never leaves a stray temp file.
    text = json.dumps({"version": version, "data": data}, indent=2, allow_nan=False)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as tmp:
            tmp.write(text)
            tmp.flush()
            os.fsync(tmp.fileno())
        os.replace(tmp_name, path)
    except BaseException:
        _remove_quietly(Path(tmp_name))
        raise
    _fsync_dir(path.parent)


def clear_stale_temporaries(now: float | None = None) -> int:
    """Remove the temporary files that saves killed mid-write left behind (in the data
    folder and its replays folder), if older than :data:`STALE_SECONDS`: a younger one may
    be another Parlour's save in progress. Returns how many went."""
    now = time.time() if now is None else now
    removed = 0
    for folder in (data_dir(), data_dir() / "replays"):
        try:
            candidates = list(folder.glob(".*.json.*.tmp"))
        except OSError:
            continue
        for path in candidates:
            try:
                if now - path.stat().st_mtime > STALE_SECONDS:
                    path.unlink()
                    removed += 1
            except OSError:
                pass  # gone already, or not ours to remove: try again next start
    return removed


def _remove_quietly(path: Path) -> None:
    try:
        path.unlink()
    except OSError:
        pass


def _fsync_dir(folder: Path) -> None:
    # Makes the rename itself durable on POSIX; Windows cannot open folders this way.
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def read_json(path: Path, version: int, validate: Callable[[Any], T], move_unreadable: bool = False) -> T | None:
    """Read a file written by :func:`write_json` and pass its payload through ``validate``.

    Returns ``None`` when the file is missing or was bad; a bad file is moved aside with a
    notice. ``validate`` turns the raw payload into a value, raising ``ValueError`` (e.g.
    :class:`BadData`) or ``TypeError`` when the payload cannot be used at all. A file that
    cannot be read at all is left where it is, unless ``move_unreadable``: a caller that
    writes the file again next (and would replace what the player may want back) has it
    moved aside first.
    """
    try:
        raw = _read_limited(path)
    except FileNotFoundError:
        return None
    except OSError as error:
        reason = f"it could not be read: {error.strerror or error}"
        if move_unreadable:
            set_aside(path, reason)
        else:   # (permissions, a folder in the way: the next start may read it)
            notice(f"{path.name} could not be read ({error.strerror or error}); defaults are used.")
        return None
    if raw is None:
        set_aside(path, "it is larger than 5 MB")
        return None
    try:
        return validate(_unwrap(raw, version))
    except (ValueError, TypeError, ArithmeticError, RecursionError) as error:
        set_aside(path, _reason(error))
        return None


def load_json(path: Path, version: int, validate: Callable[[Any], T]) -> T:
    """Like :func:`read_json`, for a file the player named (``parlour replay FILE``): it is
    theirs, so nothing is moved aside. Raises ``BadData`` saying what is wrong, or ``OSError``
    (``FileNotFoundError`` included) when it cannot be read."""
    raw = _read_limited(path)
    if raw is None:
        raise BadData("it is larger than 5 MB")
    try:
        return validate(_unwrap(raw, version))
    except BadData:
        raise
    except (ValueError, TypeError, ArithmeticError, RecursionError) as error:
        raise BadData(_reason(error)) from error


def _read_limited(path: Path) -> bytes | None:
    """The file's bytes, or ``None`` if it is over :data:`MAX_BYTES`."""
    if path.stat().st_size > MAX_BYTES:
        return None
    with path.open("rb") as file:
        raw = file.read(MAX_BYTES + 1)  # the file may have grown since stat
    return None if len(raw) > MAX_BYTES else raw


def _unwrap(raw: bytes, version: int) -> Any:
    try:
        document = json.loads(raw.decode("utf-8"))
    except ValueError as error:  # JSONDecodeError and UnicodeDecodeError both are
        raise BadData("it is not valid JSON") from error
    if not isinstance(document, dict) or "data" not in document:
        raise BadData("it is not a Parlour data file")
    found = document.get("version")
    if found != version or isinstance(found, bool):
        raise BadData(f"it has version {found!r}, this Parlour reads version {version}")
    return document["data"]


def _reason(error: BaseException) -> str:
    if isinstance(error, BadData):
        return str(error)
    if isinstance(error, RecursionError):
        return "it is nested too deeply"
    return "its contents have the wrong shape"


def set_aside(path: Path, reason: str, then: str = "defaults are used") -> bool:
    """Move an unusable file to ``<stem>.bad-<time>.json`` with one notice saying ``reason``
    and what happens ``then``; False (and a notice) if it could not be moved."""
    try:
        target = move_aside(path)
    except OSError as error:
        notice(f"{path.name} is unusable ({reason}) and could not be moved aside "
               f"({error.strerror or error}); {then}.")
        return False
    notice(f"{path.name} was unusable ({reason}); it was moved to {target.name} and {then}.")
    return True


def move_aside(path: Path) -> Path:
    """Rename ``path`` to ``<stem>.bad-<time>.json`` and return that (``OSError`` if it cannot be)."""
    target = _bad_name(path)
    path.rename(target)
    return target


def _bad_name(path: Path) -> Path:
    """``<stem>.bad-<timestamp>.json``, with a counter if that name is already taken."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    candidate = path.with_name(f"{path.stem}.bad-{stamp}.json")
    counter = 2
    while candidate.exists():
        candidate = path.with_name(f"{path.stem}.bad-{stamp}-{counter}.json")
        counter += 1
    return candidate


def _object(data: Any) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise BadData("it holds a list or value where an object belongs")
    return data


# --- field checks --------------------------------------------------------------------


def _is_number(value: Any) -> bool:
    # bool is an int subclass, but `true` is not a volume; ints are always finite (and
    # math.isfinite would overflow on a huge one).
    if isinstance(value, bool):
        return False
    return isinstance(value, int) or (isinstance(value, float) and math.isfinite(value))


def _is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _check_volume(value: Any) -> float:
    if not _is_number(value) or not 0.0 <= value <= 1.0:
        raise BadData("not a number from 0 to 1")
    return float(value)


def _check_bool(value: Any) -> bool:
    if not isinstance(value, bool):
        raise BadData("not true or false")
    return value


def _check_player_name(value: Any) -> str:
    if not isinstance(value, str) or len(value) > 40 or not all(c.isprintable() for c in value):
        raise BadData("not a short name")
    return value.strip()


def _check_venue(value: Any) -> str:
    """A venue's address as Settings keeps it: the WebSocket address it was made into, or ""."""
    from app.core.venue_address import VenueAddressError, venue_url

    if not isinstance(value, str):
        raise BadData("not a venue's address")
    try:
        return venue_url(value) if value.strip() else ""
    except VenueAddressError as problem:
        raise BadData(str(problem)) from None


def _check_names(value: Any) -> list[str]:
    if not isinstance(value, list) or len(value) > 16 or not all(isinstance(v, str) for v in value):
        raise BadData("not a short list of names")
    return [_check_player_name(name) for name in value]


def _check_choice(choices: tuple[str, ...]) -> Callable[[Any], str]:
    def check(value: Any) -> str:
        if not isinstance(value, str) or value not in choices:
            raise BadData(f"not one of {', '.join(choices)}")
        return value

    return check


def _check_window_size(value: Any) -> tuple[int, int]:
    """A width and a height in pixels, brought within :data:`MIN_WINDOW` and
    :data:`MAX_WINDOW` (a 1-pixel window cannot hold a table; a 16384-pixel one takes
    gigabytes and seconds a frame)."""
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise BadData("not a width and a height")
    width, height = value
    if not all(_is_count(side) and side > 0 for side in (width, height)):
        raise BadData("not a sensible width and height")
    size = (min(max(width, MIN_WINDOW[0]), MAX_WINDOW[0]), min(max(height, MIN_WINDOW[1]), MAX_WINDOW[1]))
    if size != (width, height):
        notice(f"The window size {width} × {height} in settings.json is out of bounds; "
                f"{size[0]} × {size[1]} is used.")
    return size


def window_room(desktop: tuple[int, int]) -> tuple[int, int]:
    """The largest window that fits on a desktop of that size, frame and task bar included."""
    return (max(1, desktop[0] - DESKTOP_MARGIN[0]), max(1, desktop[1] - DESKTOP_MARGIN[1]))


def least_window(room: tuple[int, int]) -> tuple[int, int]:
    """The smallest window to allow: :data:`MIN_WINDOW`, or the whole room on a desktop
    smaller than that (a window that fits beats a layout's ideal)."""
    return (min(MIN_WINDOW[0], room[0]), min(MIN_WINDOW[1], room[1]))


def fit_window(size: tuple[int, int], room: tuple[int, int]) -> tuple[int, int]:
    """``size`` cut down to what fits in ``room``, side by side.

    >>> fit_window((1280, 800), (1350, 688))
    (1280, 688)
    """
    return (min(size[0], room[0]), min(size[1], room[1]))


def window_choices(room: tuple[int, int]) -> tuple[tuple[int, int], ...]:
    """The sizes of :data:`WINDOW_SIZES` that fit in ``room``, smallest first; the room
    itself when none does."""
    fitting = tuple(size for size in WINDOW_SIZES if size[0] <= room[0] and size[1] <= room[1])
    return fitting or (room,)


def next_window_size(current: tuple[int, int], step: int,
                     choices: tuple[tuple[int, int], ...]) -> tuple[int, int]:
    """The next larger (``step`` > 0) or smaller choice than ``current``, by area; at either
    end ``current`` itself: the sizes stop there rather than wrap round to the other end.

    >>> next_window_size((1024, 640), -1, WINDOW_SIZES)
    (1024, 640)
    >>> next_window_size((1100, 700), 1, WINDOW_SIZES)
    (1280, 800)
    """
    area = current[0] * current[1]
    if step > 0:
        ahead = [size for size in choices if size[0] * size[1] > area]
    else:
        ahead = [size for size in reversed(choices) if size[0] * size[1] < area]
    return ahead[0] if ahead else current


def _check_key_bindings(value: Any) -> dict[str, dict[str, str]]:
    if not isinstance(value, dict) or not all(
        isinstance(keys, dict) and all(isinstance(k, str) for k in keys.values())
        for keys in value.values()
    ):
        raise BadData("not a table of key names")
    return {group: dict(keys) for group, keys in value.items()}


def _check_last_setup(value: Any) -> dict[str, dict[str, Any]]:
    if not isinstance(value, dict) or not all(isinstance(v, dict) for v in value.values()):
        raise BadData("not a table of setup choices")
    return {game: dict(choices) for game, choices in value.items()}


# --- settings ------------------------------------------------------------------------


@dataclass
class Settings:
    """What the player chose on the settings screen, plus a few remembered choices."""

    volume: float = 0.7
    muted: bool = False
    animation_speed: str = "normal"
    wash_cards: bool = True
    """Whether the deck is washed (spread, swirled, gathered) on the felt before a deal."""
    winnable_light: bool = False
    """Seahaven: a lamp by the deal number saying whether the deal can still be won."""
    four_colour: bool = False
    large_index: bool = False
    colourblind_nails: bool = False
    high_contrast: bool = False
    """The high-contrast theme: a dark plain felt, white and yellow text, thick focus rings."""
    text_size: str = "normal"
    """How large every text is drawn: one of :data:`TEXT_SIZES`."""
    speech: bool = False
    """Say everything aloud through the screen reader or the system's voice (on by itself
    when a screen reader is running)."""
    listening_pace: bool = False
    """The reflex games' computer players take twice their time, so a player who listens to
    each card as it turns up has the time to hear it (games/core/realtime.py, ``pace``)."""
    card_back: str = "blue"
    window_size: tuple[int, int] = (1280, 800)
    fullscreen: bool = False
    key_bindings: dict[str, dict[str, str]] = field(default_factory=dict)
    """Per binding group (e.g. a seat or a game id): action name -> pygame key name."""
    last_setup: dict[str, dict[str, Any]] = field(default_factory=dict)
    """Per game id: the setup screen's last choices, restored next time."""
    player_name: str = ""
    """The player's own name at the table ("" until asked)."""
    asked_name: bool = False
    """Whether the first-run prompt for the name has been shown (once, even if skipped)."""
    other_players: list[str] = field(default_factory=list)
    """The names of the other people who last played at this keyboard (the second human,
    the third...), whatever the game: the setup screen's names for them until others are typed."""
    venue: str = ""
    """The venue's WebSocket address (app/core/venue_address.py), where Host can open a table
    that lives on without this computer; "" until one is given."""
    language: str = "system"
    """The language the app speaks ("en", "fr", "de", "es"), or "system" to follow the
    computer's locale; ``PARLOUR_LANG`` outranks it (app/core/words/language.py)."""


_SETTINGS_CHECKS: dict[str, Callable[[Any], Any]] = {
    "volume": _check_volume,
    "muted": _check_bool,
    "animation_speed": _check_choice(tuple(ANIMATION_SPEEDS)),
    "wash_cards": _check_bool,
    "winnable_light": _check_bool,
    "four_colour": _check_bool,
    "large_index": _check_bool,
    "colourblind_nails": _check_bool,
    "high_contrast": _check_bool,
    "text_size": _check_choice(TEXT_SIZES),
    "speech": _check_bool,
    "listening_pace": _check_bool,
    "card_back": _check_choice(CARD_BACKS),
    "window_size": _check_window_size,
    "fullscreen": _check_bool,
    "key_bindings": _check_key_bindings,
    "last_setup": _check_last_setup,
    "player_name": _check_player_name,
    "asked_name": _check_bool,
    "other_players": _check_names,
    "venue": _check_venue,
    "language": _check_choice(LANGUAGE_CHOICES),
}


def settings_path() -> Path:
    return data_dir() / "settings.json"


def _settings_from(data: Any) -> Settings:
    """Build settings field by field: one bad field costs only that field.

    Unknown keys are ignored (a newer Parlour of the same version may have added some).
    """
    raw = _object(data)
    values: dict[str, Any] = {}
    for spec in fields(Settings):
        if spec.name not in raw:
            continue
        try:
            values[spec.name] = _SETTINGS_CHECKS[spec.name](raw[spec.name])
        except BadData as error:
            notice(f"Setting {spec.name!r} in settings.json was {error}; the default is used.")
    return Settings(**values)


def load_settings() -> Settings:
    """The saved settings, or defaults if there are none or they cannot be used."""
    settings = read_json(settings_path(), SETTINGS_VERSION, _settings_from)
    return settings if settings is not None else Settings()


def save_settings(settings: Settings) -> None:
    """Save settings; a disk that refuses is reported as a notice, not an exception."""
    _save(settings_path(), asdict(settings), SETTINGS_VERSION)


def _save(path: Path, data: Any, version: int) -> None:
    try:
        write_json(path, data, version)
    except OSError as error:
        notice(f"{path.name} could not be saved ({error.strerror or error}).")


# --- statistics ----------------------------------------------------------------------


@dataclass
class GameStats:
    """One game's record. The streak counts wins in a row; a loss resets it."""

    played: int = 0
    won: int = 0
    streak: int = 0
    best_streak: int = 0
    best_seconds: float | None = None
    """Fastest win, if the game is timed and has been won."""
    fewest_moves: int | None = None
    """Shortest win in moves, for games that count moves (solitaires)."""

    def record(self, won: bool, seconds: float | None = None, moves: int | None = None) -> None:
        self.played += 1
        if not won:
            self.streak = 0
            return
        self.won += 1
        self.streak += 1
        self.best_streak = max(self.best_streak, self.streak)
        if _is_count(moves) and (self.fewest_moves is None or moves < self.fewest_moves):  # type: ignore[operator]
            self.fewest_moves = moves
        if seconds is None or not (_is_number(seconds) and seconds >= 0):
            return  # untimed game, or a clock glitch not worth a record
        if self.best_seconds is None or seconds < self.best_seconds:
            self.best_seconds = float(seconds)


@dataclass
class Stats:
    """Statistics for every game played, keyed by game id."""

    games: dict[str, GameStats] = field(default_factory=dict)

    def for_game(self, game_id: str) -> GameStats:
        """The record for ``game_id`` (an empty one if never played; not stored)."""
        return self.games.get(game_id, GameStats())


def stats_path() -> Path:
    return data_dir() / "stats.json"


def _game_stats_from(data: Any) -> GameStats:
    raw = _object(data)
    counts = {name: raw.get(name, 0) for name in ("played", "won", "streak", "best_streak")}
    best = raw.get("best_seconds")
    if not all(_is_count(count) for count in counts.values()):
        raise BadData("has counts that are not whole numbers")
    if best is not None and not (_is_number(best) and best >= 0):
        raise BadData("has a best time that is not a number of seconds")
    fewest = raw.get("fewest_moves")
    if fewest is not None and not _is_count(fewest):
        raise BadData("has a fewest-moves record that is not a whole number")
    return GameStats(**counts, best_seconds=None if best is None else float(best), fewest_moves=fewest)


def _stats_from(data: Any) -> Stats:
    """Build statistics game by game: one bad entry costs only that game's record."""
    stats = Stats()
    for game_id, entry in _object(data).items():
        try:
            stats.games[game_id] = _game_stats_from(entry)
        except BadData as error:
            notice(f"Statistics for {game_id!r} in stats.json {error}; they start again.")
    return stats


def load_stats() -> Stats:
    """The saved statistics, or empty ones if there are none or they cannot be used."""
    stats = read_json(stats_path(), STATS_VERSION, _stats_from)
    return stats if stats is not None else Stats()


def save_stats(stats: Stats) -> None:
    """Save statistics; a disk that refuses is reported as a notice."""
    data = {game_id: asdict(record) for game_id, record in stats.games.items()}
    _save(stats_path(), data, STATS_VERSION)


OVERALL = "_overall"
"""The key of the record kept across every game, in the order they were played: the only
way to know the overall streaks (sums of the games' own records give the rest)."""


def record_result(game_id: str, won: bool, seconds: float | None = None,
                  moves: int | None = None) -> GameStats:
    """Count one finished game (and its time and moves, if won) and save; returns the new record."""
    stats = load_stats()
    record = stats.games.setdefault(game_id, GameStats())
    record.record(won, seconds, moves)
    stats.games.setdefault(OVERALL, GameStats()).record(won)
    save_stats(stats)
    return record


def reset_stats(game_id: str) -> None:
    """Forget ``game_id``'s record."""
    stats = load_stats()
    if stats.games.pop(game_id, None) is not None:
        save_stats(stats)
