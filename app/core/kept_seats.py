"""The seats this player holds at networked tables, kept so the menu can offer "Back to
your table" after the app was closed (or crashed) mid-game.

A seat at a server's table is opened only by its seat token, which the link held in memory;
an app that closes loses it, and with it the seat. So each live seat is kept in
``<user data>/seats.json`` (versioned JSON written atomically by app/core/storage.py; a file
that cannot be trusted is moved aside and ignored): the server's address, the table's
code, the game, the seat, the token, the player's name, the host's name (for the line when
nothing answers any more), whether the table was on this app's own server, when, and the
game's options (a variant with a name of its own, Pig, is offered by that name; a file
kept before the options were, has none and reads as the game's plain title).

Each seat in the file is checked before anything draws it (a NUL in a kept code stopped the
menu's first frame at every start): its texts printable and short, its code of the form
servers make, its time a real number. A seat that fails is dropped, the file moved aside and
the good seats written back, with one notice; a file that cannot be read at all is moved
aside before a seat is kept, so keeping one never replaces what the player may want back.

A seat is kept once the table has been seen with it, and forgotten when the game is over,
when the player leaves a table not being played, and when the server says the token opens
nothing (or the table is closed). No pygame here: RemoteSession calls it.
"""

from __future__ import annotations

import math
import threading
import time
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from app.core import storage
from app.core.table_code import is_table_code
from app.core.words.names import NAME_LIMIT
from games.registry import GAMES

__all__ = ["KeptSeat", "forget", "keep", "kept", "latest", "seats_path"]

SEATS_VERSION = 1
MAX_KEPT = 20          # a player holds a few seats at most; the oldest go first
TEXT_LIMITS = {"url": 300, "token": 64, "name": NAME_LIMIT, "host": NAME_LIMIT}
"""The longest each text may be (a server's token is 43 characters; a name, as on a plate)."""
_LOCK = threading.Lock()   # the file is read, changed and written whole


@dataclass(frozen=True)
class KeptSeat:
    """One seat to go back to. ``hosted_here``: the table was on this app's own server (it
    went with the app; the app opens it again from its log to go back)."""

    url: str
    code: str
    game: str
    seat: int
    token: str
    name: str
    host: str
    hosted_here: bool
    when: float
    options: dict[str, Any] = field(default_factory=dict, hash=False)

    @property
    def title(self) -> str:
        """What the menu's button says: "Whist at K7QM2X", "Pig at K7QM2X"."""
        spec = GAMES.get(self.game)
        return f"{spec.title_for(self.options) if spec is not None else self.game} at {self.code}"


def seats_path() -> Path:
    return storage.data_dir() / "seats.json"


_TYPES: dict[str, tuple[type, ...]] = {
    "url": (str,), "code": (str,), "game": (str,), "seat": (int,), "token": (str,), "name": (str,),
    "host": (str,), "hosted_here": (bool,), "when": (int, float),
}


def _seat_from(data: Any) -> KeptSeat:
    if not isinstance(data, dict):
        raise storage.BadData("it holds a value where a seat belongs")
    values: dict[str, Any] = {"options": _options_from(data.get("options", {}))}
    for spec in fields(KeptSeat):
        if spec.name == "options":
            continue
        value = data.get(spec.name)
        kinds = _TYPES[spec.name]
        if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
            raise storage.BadData(f"a seat's {spec.name} is missing or of the wrong kind")
        values[spec.name] = value
    _check_texts(values)
    if not values["url"].startswith(("ws://", "wss://")) or not 0 <= values["seat"] < 16:
        raise storage.BadData("a seat has no server address or no seat number")
    if values["game"] not in GAMES:
        raise storage.BadData(f"a seat is at a game this Parlour does not know ({values['game']!r})")
    return KeptSeat(**values)


def _check_texts(values: dict[str, Any]) -> None:
    """What the menu and "Back to your table" draw, fit to draw: a font refuses a NUL."""
    for key, limit in TEXT_LIMITS.items():
        if len(values[key]) > limit or not values[key].isprintable():
            raise storage.BadData(f"a seat's {key} is too long or not text")
    if not is_table_code(values["code"]):
        raise storage.BadData("a seat's table code is wrong")
    if isinstance(values["when"], float) and not math.isfinite(values["when"]):   # (JSON reads NaN)
        raise storage.BadData("a seat's time is not a number")


def _options_from(data: Any) -> dict[str, Any]:
    if not isinstance(data, dict) or not all(
            isinstance(key, str) and isinstance(value, (str, int, float, bool)) for key, value in data.items()):
        raise storage.BadData("a seat's options are not a table of plain values")
    return dict(data)


@dataclass(frozen=True)
class _Read:
    """The seats that read, and why the first that did not failed (and how many)."""

    seats: list[KeptSeat]
    dropped: int = 0
    why: str = ""


def _seats_from(data: Any) -> _Read:
    if not isinstance(data, list):
        raise storage.BadData("it is not a list of seats")
    seats, problems = [], []
    for item in data:
        try:
            seats.append(_seat_from(item))
        except (storage.BadData, TypeError, ValueError) as problem:
            problems.append(str(problem) if isinstance(problem, storage.BadData) else "a seat is of the wrong shape")
    if problems and not seats:
        raise storage.BadData(problems[0])
    return _Read(seats, len(problems), problems[0] if problems else "")


def kept() -> list[KeptSeat]:
    """Every kept seat, the newest first (a bad file is moved aside, with a notice)."""
    with _LOCK:
        return _read()


def latest() -> KeptSeat | None:
    """The seat the menu offers: the newest."""
    seats = kept()
    return seats[0] if seats else None


def keep(seat: KeptSeat) -> None:
    """Keep ``seat`` (replacing what was kept for its token), as the newest."""
    with _LOCK:
        others = [s for s in _read() if s.token != seat.token]
        _write([seat, *others][:MAX_KEPT])


def forget(token: str) -> None:
    """Forget the seat this token opened, if it was kept."""
    with _LOCK:
        seats = _read()
        left = [s for s in seats if s.token != token]
        if len(left) == len(seats):
            return
        if left:
            _write(left)
        else:
            try:
                seats_path().unlink()
            except OSError:
                pass


def _read() -> list[KeptSeat]:
    """The kept seats. Some that do not read: the file is moved aside (with one notice) and
    the others written back. A file that cannot be read is moved aside too: the next seat
    kept would replace it."""
    path = seats_path()
    found = storage.read_json(path, SEATS_VERSION, _seats_from, move_unreadable=True)
    if found is None:
        return []
    if found.dropped:
        _drop_bad_seats(path, found)
    return sorted(found.seats, key=lambda s: s.when, reverse=True)


SEATS_DROPPED = "{count} kept seat{s} could not be used ({why}); seats.json was moved to {aside}"
"""What the player is told when some seats are dropped (the others are offered as ever)."""


def _drop_bad_seats(path: Path, found: _Read) -> None:
    """Keep the file as it was aside (the player may want it), and the good seats in its place."""
    try:
        aside = storage.move_aside(path)
    except OSError as error:
        storage.notice(f"seats.json holds a seat that cannot be used ({found.why}) and could not be "
                       f"moved aside ({error.strerror or error}).")
        return
    storage.notice(SEATS_DROPPED.format(count=found.dropped, s="s" if found.dropped > 1 else "", why=found.why,
                                        aside=aside.name))
    _write(found.seats)


def _write(seats: list[KeptSeat]) -> None:
    # (storage's _save turns a refusing disk into a notice: losing this costs only the way back)
    try:
        storage.write_json(seats_path(), [asdict(s) for s in seats], SEATS_VERSION)
    except OSError as error:
        storage.notice(f"seats.json could not be saved ({error.strerror or error}).")


def now() -> float:
    """When a seat is kept (the wall clock: the newest kept seat is the one offered)."""
    return time.time()
