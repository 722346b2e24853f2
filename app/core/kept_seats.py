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

A seat is kept once the table has been seen with it, and forgotten when the game is over,
when the player leaves a table not being played, and when the server says the token opens
nothing (or the table is closed). No pygame here: RemoteSession calls it.
"""

from __future__ import annotations

import threading
import time
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from app.core import storage
from games.registry import GAMES

__all__ = ["KeptSeat", "forget", "keep", "kept", "latest", "seats_path"]

SEATS_VERSION = 1
MAX_KEPT = 20          # a player holds a few seats at most; the oldest go first
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
    if not values["url"].startswith(("ws://", "wss://")) or not 0 <= values["seat"] < 16:
        raise storage.BadData("a seat has no server address or no seat number")
    if values["game"] not in GAMES:
        raise storage.BadData(f"a seat is at a game this Parlour does not know ({values['game']!r})")
    return KeptSeat(**values)


def _options_from(data: Any) -> dict[str, Any]:
    if not isinstance(data, dict) or not all(
            isinstance(key, str) and isinstance(value, (str, int, float, bool)) for key, value in data.items()):
        raise storage.BadData("a seat's options are not a table of plain values")
    return dict(data)


def _seats_from(data: Any) -> list[KeptSeat]:
    if not isinstance(data, list):
        raise storage.BadData("it is not a list of seats")
    return [_seat_from(item) for item in data]


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
    seats = storage.read_json(seats_path(), SEATS_VERSION, _seats_from) or []
    return sorted(seats, key=lambda s: s.when, reverse=True)


def _write(seats: list[KeptSeat]) -> None:
    # (storage's _save turns a refusing disk into a notice: losing this costs only the way back)
    try:
        storage.write_json(seats_path(), [asdict(s) for s in seats], SEATS_VERSION)
    except OSError as error:
        storage.notices.append(f"seats.json could not be saved ({error.strerror or error}).")


def now() -> float:
    """When a seat is kept (the wall clock: the newest kept seat is the one offered)."""
    return time.time()
