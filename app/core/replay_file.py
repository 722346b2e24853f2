"""Replays: a finished game written down as its set-up, seed and actions, so it can be
watched again on the table.

A replay file lives in ``<user data>/replays/`` and is ordinary versioned JSON written by
:mod:`app.core.storage` (atomic writes; a file that cannot be trusted is moved aside with a
notice). Every finished game is saved as ``auto-<time>-<game>.json``, keeping the newest
:data:`KEEP_AUTO`; a replay the player names on the results screen is ``<name>.json`` and
is kept until they delete it.

Reading a replay checks everything before the table sees it: the game exists, the seats
and options are allowed, every action decodes, and applying them in order is legal
(:func:`rebuild`). Real-time games also store ``end_ms``, the game clock when they ended,
because their timed steps (a pile collected, cards turned up) fire on that clock.
"""

from __future__ import annotations

import re
import time
from concurrent.futures import Future
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from app.core import storage
from app.core.action_codec import CodecError, decode_action, encode_action
from app.core.deal_proof import DealProof
from app.core.session import SeatPlan, Setup
from app.core.table_session import TableSession
from games.core.protocol import IllegalAction, Outcome
from games.core.realtime import RealtimeState
from games.registry import DIFFICULTIES, GAMES, GameSpec

REPLAY_VERSION = 1
KEEP_AUTO = 50
MAX_ACTIONS = 200_000
AUTO_PREFIX = "auto-"
FILE_NAME_LIMIT = 40   # a saved replay's name (its file's), not a player's
_SAFE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9 _.,()'-]*")

MAX_SEED = 2**128   # a networked game's seed is 128 secret bits (app/net/server/deal_seeds.py)


_version: str | None = None


def app_version() -> str:
    """Parlour's installed version, written into each replay. Importing importlib.metadata
    costs some 40 ms, which held up the frame of a game's first action: ``learn_version``
    has the worker look it up after the first frame; until it answers it is looked up here."""
    global _version
    if _version is None:
        _version = look_up_version()
    return _version


def look_up_version() -> str:
    from app.core.version import look_up

    return look_up()


def learn_version() -> None:
    """Start looking the version up in the worker process, off the frame loop."""
    from app.core import worker

    worker.submit(look_up_version).add_done_callback(_learned)


def _learned(job: Future[str]) -> None:
    global _version
    if _version is None and not job.cancelled() and job.exception() is None:
        _version = job.result()


@dataclass
class Replay:
    """One game as it was played: enough to play it again exactly."""

    game_id: str
    seats: list[SeatPlan]
    options: dict[str, Any]
    seed: int
    actions: list[Any] = field(default_factory=list)
    end_ms: int | None = None
    """For real-time games: the game clock when the record stops."""
    result: str = ""
    """One line about how it ended ("You won", "P2 won"), for lists."""
    date: str = ""
    name: str = ""
    version: str = ""
    """The version of Parlour that recorded it."""
    names: list[str] | None = None
    """Who sat in each seat (older replays have none: the names then follow the seed)."""
    deal: DealProof | None = None
    """A networked game's: the promise of its deal shown before its first card, the salt
    revealed at its end and the end the server announced (``parlour verify`` checks them)."""

    @property
    def spec(self) -> GameSpec:
        return GAMES[self.game_id]

    @property
    def setup(self) -> Setup:
        names = list(self.names) if self.names is not None else None
        return Setup(self.game_id, list(self.seats), dict(self.options), self.seed, names)

    @staticmethod
    def from_session(session: TableSession) -> Replay:
        state = session.state
        now = getattr(state, "now_ms", None)
        return Replay(session.spec.id, list(session.setup.seats), dict(session.setup.options),
                      session.seed, list(session.actions), now if isinstance(now, int) else None,
                      describe(state.outcome(), session.humans, session.setup.names)
                      if state.is_over() else "unfinished",
                      time.strftime("%Y-%m-%d %H:%M"), "", app_version(),
                      list(session.setup.names) if session.setup.names is not None else None)

    def to_data(self) -> dict[str, Any]:
        return {
            "game": self.game_id, "name": self.name, "date": self.date, "result": self.result,
            "parlour": self.version,
            "seats": [{"human": p.human, "difficulty": p.difficulty} for p in self.seats],
            "options": dict(self.options), "seed": self.seed, "end_ms": self.end_ms,
            "actions": [encode_action(a, self.game_id) for a in self.actions],
            **({"names": list(self.names)} if self.names is not None else {}),
            **({"deal": self.deal.to_data()} if self.deal is not None else {}),
        }


def describe(outcome: Outcome | None, humans: list[int], names: list[str] | None = None) -> str:
    """How a game ended, in a few words, from the human's side when there was one, naming
    the winners as the table did (by seat, "Player 2", when the names are not known)."""
    if outcome is None:
        return "unfinished"
    if not outcome.winners:   # the Nash game when nobody guessed right: not "You lost"
        return "Nobody won"
    if len(humans) == 1:
        return "You won" if humans[0] in outcome.winners else "You lost"
    named = names if names is not None and len(names) > max(outcome.winners, default=-1) else None
    winners = ", ".join(named[s] if named else f"Player {s + 1}" for s in outcome.winners) or "Nobody"
    return f"{winners} won"


# --- reading --------------------------------------------------------------------------------


def _text(raw: dict[str, Any], key: str, limit: int = 200) -> str:
    """A short text shown in lists, without the characters that cannot be drawn (a NUL
    stops the font renderer): the replay itself is still good."""
    value = raw.get(key, "")
    if not isinstance(value, str) or len(value) > limit:
        raise storage.BadData(f"its {key} is not a short text")
    return "".join(c for c in value if c.isprintable())


def parse_header(data: Any) -> Replay:
    """The replay without its actions decoded (quick: for lists and the menu)."""
    if not isinstance(data, dict):
        raise storage.BadData("it is not a replay")
    game_id = data.get("game")
    if game_id not in GAMES:
        raise storage.BadData(f"it is for a game this Parlour does not have ({game_id!r})")
    spec = GAMES[game_id]
    seats = _seats(data.get("seats"), spec)
    options = _options(data.get("options"), spec)
    seed = data.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < MAX_SEED:
        raise storage.BadData("its seed is not a whole number")
    end_ms = data.get("end_ms")
    if end_ms is not None and (not isinstance(end_ms, int) or isinstance(end_ms, bool) or end_ms < 0):
        raise storage.BadData("its end time is not a whole number of milliseconds")
    actions = data.get("actions")
    if not isinstance(actions, list) or len(actions) > MAX_ACTIONS:
        raise storage.BadData("its actions are not a list")
    deal = None
    if data.get("deal") is not None:
        try:
            deal = DealProof.from_data(data["deal"])
        except ValueError as problem:
            raise storage.BadData(str(problem)) from None
    return Replay(game_id, seats, options, seed, list(actions), end_ms, _text(data, "result"),
                  _text(data, "date"), _text(data, "name"), _text(data, "parlour"),
                  _names(data.get("names"), len(seats)), deal)


def _seats(raw: Any, spec: GameSpec) -> list[SeatPlan]:
    if not isinstance(raw, list) or not spec.min_seats <= len(raw) <= spec.max_seats:
        raise storage.BadData(f"its seats are not a list of {spec.seat_range}")
    plans = []
    for seat in raw:
        if not isinstance(seat, dict) or not isinstance(seat.get("human"), bool) \
                or seat.get("difficulty") not in DIFFICULTIES:
            raise storage.BadData("a seat is not a human or a computer player with a difficulty")
        plans.append(SeatPlan(seat["human"], seat["difficulty"]))
    return plans


def _names(raw: Any, seats: int) -> list[str] | None:
    """The seats' names: optional (older replays have none), one short text per seat."""
    if raw is None:
        return None
    if not isinstance(raw, list) or len(raw) != seats or not all(
            isinstance(name, str) and len(name) <= 40 and name.isprintable() for name in raw):
        raise storage.BadData("its names are not one short name per seat")
    return list(raw)


def _options(raw: Any, spec: GameSpec) -> dict[str, Any]:
    if not isinstance(raw, dict):
        raise storage.BadData("its options are not an object")
    known = {o.key: o for o in spec.options}
    for key, value in raw.items():
        if key not in known or not any(value == c and type(value) is type(c) for c in known[key].choices):
            raise storage.BadData(f"its option {key!r} = {value!r} is not one {spec.title} offers")
    return dict(raw)


def parse_full(data: Any) -> Replay:
    """The whole replay, checked: actions decoded and legal in order."""
    replay = parse_header(data)
    try:
        replay.actions = [decode_action(a, replay.game_id) for a in replay.actions]
    except CodecError as problem:
        raise storage.BadData(f"an action cannot be read: {problem}") from problem
    rebuild(replay)
    return replay


def rebuild(replay: Replay) -> tuple[Any, list[Any]]:
    """Play the replay through the rules, headless: the final state and every event.

    Raises ``BadData`` naming the first action the rules refuse (a hand-edited or broken
    file), so nobody watches half a game and then a crash.
    """
    spec = replay.spec
    options = spec.make_options(seats=len(replay.seats), **replay.options)
    state = spec.new_game(options, replay.seed)
    events: list[Any] = list(state.opening)
    for number, action in enumerate(replay.actions, start=1):
        try:
            if isinstance(state, RealtimeState):
                if not isinstance(getattr(action, "at_ms", None), int):
                    raise IllegalAction("it carries no time")
                events += state.advance(action.at_ms)
            events += state.apply(action)
        except IllegalAction as problem:
            raise storage.BadData(f"its action {number} ({action}) is not allowed: {problem}") from problem
    if isinstance(state, RealtimeState) and replay.end_ms is not None and replay.end_ms >= state.now_ms:
        events += state.advance(replay.end_ms)
    return state, events


# --- files ----------------------------------------------------------------------------------


def replays_dir() -> Path:
    return storage.data_dir() / "replays"


def write(replay: Replay, path: Path) -> None:
    storage.write_json(path, replay.to_data(), REPLAY_VERSION)


def load(path: Path) -> Replay | None:
    """A replay from the replays folder, fully checked; a bad one is moved aside with a
    notice (see :mod:`app.core.storage`) and ``None`` comes back."""
    return storage.read_json(path, REPLAY_VERSION, parse_full)


def load_named_file(path: Path) -> Replay:
    """A replay file the player named (the command line): checked, never moved. Raises
    ``BadData`` or ``OSError`` with the reason."""
    return storage.load_json(path, REPLAY_VERSION, parse_full)


def save_auto(replay: Replay) -> Path | None:
    """Keep a finished game; only the newest :data:`KEEP_AUTO` automatic saves stay."""
    folder = replays_dir()
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"{AUTO_PREFIX}{stamp}-{replay.game_id}.json"
    counter = 2
    try:
        while path.exists():
            path = folder / f"{AUTO_PREFIX}{stamp}-{replay.game_id}-{counter}.json"
            counter += 1
        write(replay, path)
    except (OSError, CodecError) as error:
        storage.notice(f"The replay could not be saved ({getattr(error, 'strerror', None) or error}).")
        return None
    _prune(folder)
    return path


def _prune(folder: Path) -> None:
    try:
        autos = sorted(p for p in folder.glob(f"{AUTO_PREFIX}*.json") if ".bad-" not in p.name)
    except OSError:
        return   # the replay was written; the old ones go next time
    for old in autos[:-KEEP_AUTO]:
        try:
            old.unlink()
        except OSError:
            pass


def check_name(name: str) -> str | None:
    """Why ``name`` cannot name a replay file, or ``None`` when it can."""
    name = name.strip()
    if not name:
        return "Type a name first"
    if len(name) > FILE_NAME_LIMIT:
        return f"Keep the name under {FILE_NAME_LIMIT} characters"
    if not _SAFE_NAME.fullmatch(name) or name.endswith("."):
        return "Use letters, digits, spaces and - _ . , ( ) ' only"
    if name.lower().startswith(AUTO_PREFIX) or ".bad-" in name.lower():
        return f"Names starting with '{AUTO_PREFIX}' are kept for automatic saves"
    try:
        taken = (replays_dir() / f"{name}.json").exists()
    except OSError as error:
        return f"The replays folder cannot be used ({_reason(error)})"
    if taken:
        return f"A replay called '{name}' exists already"
    return None


def save_named(replay: Replay, name: str) -> Path:
    """Save ``replay`` as ``<name>.json``; raises ``ValueError`` with the reason if the name
    is not allowed and ``OSError`` if the disk refuses."""
    problem = check_name(name)
    if problem:
        raise ValueError(problem)
    name = name.strip()
    named = Replay(**{**replay.__dict__, "name": name})
    path = replays_dir() / f"{name}.json"
    write(named, path)
    return path


@dataclass
class Entry:
    """A replay as the list shows it (the actions are read only when it is played)."""

    path: Path
    title: str
    name: str
    date: str
    result: str
    moves: int

    @property
    def auto(self) -> bool:
        return self.path.name.startswith(AUTO_PREFIX)

    @property
    def label(self) -> str:
        if self.name:
            return self.name
        # "The Nash Game", not "The Nash Game game"
        return self.title if self.title.lower().endswith("game") else f"{self.title} game"


def entries() -> list[Entry]:
    """Every readable replay, newest first. Unreadable ones are moved aside with a notice;
    a folder that cannot be read (no permission, a file in the way) is a notice and no
    replays, never an error on the way to the list."""
    try:
        return _entries(replays_dir())
    except OSError as error:
        storage.notice(f"The replays folder {replays_dir()} cannot be read ({_reason(error)}).")
        return []


def _reason(error: OSError) -> str:
    return error.strerror or str(error)


def _entries(folder: Path) -> list[Entry]:
    if not folder.is_dir():
        return []
    found = []
    for path in folder.glob("*.json"):
        if ".bad-" in path.name or path.name.startswith("."):
            continue
        replay = storage.read_json(path, REPLAY_VERSION, parse_header)
        if replay is not None:
            found.append((path.stat().st_mtime if path.exists() else 0.0, Entry(
                path, replay.spec.title_for(replay.options), replay.name, replay.date, replay.result, len(replay.actions))))
    found.sort(key=lambda pair: (pair[1].date, pair[0]), reverse=True)
    return [entry for _, entry in found]


def delete(path: Path) -> str | None:
    """Delete a replay; why not, if the disk refuses (a replay already gone is deleted)."""
    try:
        path.unlink()
    except FileNotFoundError:
        pass
    except OSError as error:
        return _reason(error)
    return None
