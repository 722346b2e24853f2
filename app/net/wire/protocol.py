r"""The messages between a Parlour server and its clients, as JSON text over a WebSocket.

Every message is one JSON object with a ``type``. A client speaks first with a versioned
``hello`` that either makes a table (``create``), takes a free seat with a join code
(``code``), comes back to its seat with its seat token (``token``), or watches a table
(``code`` with ``watch``). Then it sends ``action`` (at a reflex table ``press``, stamped),
``chat``, ``ping``, ``start`` (the host,
while the table waits: computers take the open seats), ``close`` (the host, while the table
waits: the table is closed), ``leave`` (a player leaving on purpose, as they hang up: shown to the
others as left, and a computer holds the seat at once) and, once the game is over, ``again``
(a new deal with the same seats); the server
answers with ``welcome``, ``table`` (the seat's view and the events redacted for it),
``error`` (one clear line; nothing changed), ``chat`` (each line numbered ``n`` at its
table), ``chat_log`` (after a welcome: the table's recent lines), ``pong``, ``closed`` (the table
is gone; ``message`` says why in one line, and the connection closes) and ``replaced``
(another connection came back into this seat with its token: "you sat down somewhere
else", and this connection closes); at a reflex table also
``clock`` and ``verdict`` (app/net/server/reflex_table.py).

Actions are written by the existing action codec (:mod:`app.core.action_codec`); views and
events by :mod:`app.net.wire.values`. Everything a client sends is checked here before the
server reads it: its size (64 KiB at most, counted in bytes of UTF-8 as on the wire), how
deeply it nests (``MAX_DEPTH``), that it is JSON, its type, its fields and the protocol
version. A refusal is a ``ProtocolError`` whose message is the error line; what it quotes of
the message is a short excerpt (``quote``), never the message itself.

>>> parse_client('{"type": "ping", "t": 5}')
Ping(t=5)
>>> parse_client('{"type": "hello", "v": 1, "name": "Ann\\u0007", "code": "abc234"}')
Hello(name='Ann', code='ABC234', token=None, watch=False, create=None)
>>> parse_client('{"type": "dance"}')
Traceback (most recent call last):
...
app.net.wire.protocol.ProtocolError: unknown message type 'dance'; expected hello, action, press, again, start, close, leave, chat or ping
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field
from typing import Any, Callable

from app.core.action_codec import CodecError, decode_action, encode_action
from app.core.deal_proof import is_commitment, moves_digest
from app.net.wire.values import ValueError_, decode_value, encode_value
from app.core.words.names import NAME_LIMIT   # (one limit for a player's name, on a plate and on the wire)
from app.core.table_code import CODE_ALPHABET as CODE_ALPHABET, CODE_LENGTH as CODE_LENGTH   # (one form, on disk and wire)
from games.core.protocol import Event, IllegalAction, Outcome, Seat, redacted
from games.core.words import T, Words

VERSION = 1
MAX_BYTES = 64 * 1024
MAX_DEPTH = 16           # objects and lists inside each other (a hello with a plan: 4)
QUOTE_LIMIT = 80         # characters of a client's input an error line may quote
LINE_LIMIT = 200         # characters of an error line
CHAT_LIMIT = 200
MAX_SEATS = 8
SEAT_KINDS = ("host", "remote", "bot")

__all__ = [
    "VERSION", "MAX_BYTES", "ProtocolError", "Hello", "Create", "PlannedSeat", "ActionMsg", "Press", "Again", "Start",
    "Close", "Leave", "Chat", "Ping",
    "parse_client", "clean_text", "quote", "cut", "size_of", "dump", "table_message", "read_action", "read_table",
]


class ProtocolError(ValueError):
    """A message that is refused; the text is the error line sent back, and ``words`` the
    same line as a message for the player's table to render (a move the rules refused)."""

    def __init__(self, text: str, words: Words | None = None) -> None:
        super().__init__(text)
        self.words = words


def not_allowed(problem: IllegalAction) -> ProtocolError:
    """The refusal of a move the rules do not allow: its line, and its message for the
    player's table ("Not allowed: 4♣ cannot go on Q♥")."""
    return ProtocolError(f"not allowed: {problem}", T("not allowed: {why}", why=problem.message))


def error_message(text: str, words: Words | None = None) -> dict[str, Any]:
    """An ``error`` message: the line, and when there is one, the message it says."""
    return {"type": "error", "message": text, **({"words": encode_value(words)} if words is not None else {})}


def read_error_words(data: dict[str, Any]) -> Words | None:
    """The message an ``error`` carries (None when none, or when it cannot be read or filled:
    the line is said instead).

    >>> from games.core.words import T, Who
    >>> sent = error_message("not allowed: P2 may not", T("not allowed: {seat} may not", seat=Who(1)))
    >>> read_error_words(sent) == T("not allowed: {seat} may not", seat=Who(1)), read_error_words({"words": 3})
    (True, None)
    """
    return read_words(data["words"]) if "words" in data else None


def read_words(data: Any) -> Words | None:
    """A message as ``encode_value`` wrote it; None when it is none, or cannot be filled."""
    try:
        words = decode_value(data, "")
        if isinstance(words, Words):
            str(words)   # every placeholder has its value
            return words
    except (ValueError, ValueError_, KeyError, IndexError, TypeError):
        pass
    return None


# --- what a client sends -------------------------------------------------------------------


@dataclass(frozen=True)
class PlannedSeat:
    """One seat of a table's plan: ``kind`` "host", "remote" (a person who joins with the
    code) or "bot"; ``difficulty`` the computer's level for a bot, and for a remote seat
    the level of the computer that takes it if the host starts before anyone sits there
    (None: the table's ``difficulty``)."""

    kind: str
    difficulty: str | None = None


@dataclass(frozen=True)
class Create:
    """A new table: the game, its seats, options and seed. Without a ``plan`` the host is
    seat 0, the next ``remote`` seats are for remote players and computers at
    ``difficulty`` take the rest; a ``plan`` says each seat's kind (exactly one host, in
    any seat), and then ``seats`` and ``remote`` are counted from it."""

    game: str
    seats: int
    remote: int
    difficulty: str = "normal"
    seed: int | None = None
    options: dict[str, Any] = field(default_factory=dict)
    plan: tuple[PlannedSeat, ...] | None = None

    def seat_plan(self) -> tuple[PlannedSeat, ...]:
        """Every seat's plan, the plan given or the one ``seats`` and ``remote`` mean."""
        if self.plan is not None:
            return self.plan
        kinds = ["host"] + ["remote"] * self.remote + ["bot"] * (self.seats - 1 - self.remote)
        return tuple(PlannedSeat(kind) for kind in kinds)


@dataclass(frozen=True)
class Hello:
    name: str
    code: str | None = None
    token: str | None = None
    watch: bool = False
    create: Create | None = None
    seat: int | None = field(default=None, repr=False)
    """With ``code``: the free remote seat wanted (the host's app seats the others at its
    keyboard where the host put them); None: the first free one."""


@dataclass(frozen=True)
class ActionMsg:
    data: dict[str, Any]
    """The action as the codec writes it; read with ``read_action`` for the table's game."""


@dataclass(frozen=True)
class Chat:
    text: str


@dataclass(frozen=True)
class Ping:
    """``t``: the client's clock, sent back in the ``pong`` with the server's clock ``s``.
    At a reflex table a client also sends ``est``, its estimate of the server's clock as it
    sends (the server learns the one-way delay), and ``echo``/``held``: the last pong's ``s``
    and how long it held that pong in ms (the server learns the round trip)."""

    t: float
    est: float | None = field(default=None, repr=False)
    echo: float | None = field(default=None, repr=False)
    held: float | None = field(default=None, repr=False)


@dataclass(frozen=True)
class Press:
    """A press at a reflex table: the action (its ``at_ms`` is set by the server) and when
    it happened, ``t``, on the server's clock as the client estimates it (app/net/wire/clock.py)."""

    data: dict[str, Any]
    t: float


@dataclass(frozen=True)
class Again:
    """Play again: a new deal at the same table, with the same seats, once the game is over."""


@dataclass(frozen=True)
class Start:
    """The host starts the game now: computers take the remote seats nobody has taken."""


@dataclass(frozen=True)
class Close:
    """The host closes the table before the game starts: everyone else is told, and it is gone."""


@dataclass(frozen=True)
class Leave:
    """A player leaves on purpose (sent as they hang up): the others see them as left, not
    as reconnecting, and a computer holds the seat at once until they come back."""


ClientMessage = Hello | ActionMsg | Press | Again | Start | Close | Leave | Chat | Ping


def clean_text(text: str, limit: int) -> str:
    """``text`` without control characters (a NUL, an escape, a bell, new lines), spaces
    squeezed, cut to ``limit`` characters."""
    printable = "".join(c if c.isprintable() else " " for c in text)
    return " ".join(printable.split())[:limit]


def quote(value: object) -> str:
    """``value`` as an error line quotes it: its ``repr``, cut to ``QUOTE_LIMIT`` characters.

    >>> quote("dance"), len(quote("x" * 500)), quote("x" * 500)[-3:]
    ("'dance'", 82, "x…'")
    """
    text = repr(value)
    if len(text) <= QUOTE_LIMIT + 2:
        return text
    return text[:QUOTE_LIMIT] + "…" + text[0]


def cut(line: str) -> str:
    """An error line kept to ``LINE_LIMIT`` characters, whatever it quotes (a codec's own
    message may carry the input)."""
    return line if len(line) <= LINE_LIMIT else line[:LINE_LIMIT - 1] + "…"


def size_of(raw: str | bytes) -> int:
    """The bytes ``raw`` takes on the wire (a text frame is UTF-8)."""
    if isinstance(raw, bytes):
        return len(raw)
    if len(raw) * 4 <= MAX_BYTES:       # short enough whatever its characters
        return len(raw)
    return len(raw.encode("utf-8", "surrogatepass"))


_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKETS = re.compile(r"[\[\]{}]")


def nesting(raw: str) -> int:
    """How deeply the objects and lists of the JSON text ``raw`` nest (brackets in strings
    aside); cheap enough to run before parsing, where a deep one would exhaust the stack.

    >>> nesting('{"a": [1, {"b": "[[["}]}'), nesting("[" * 1000)
    (3, 1000)
    """
    depth = deepest = 0
    for bracket in _BRACKETS.findall(_STRINGS.sub("", raw)):
        depth += 1 if bracket in "[{" else -1
        deepest = max(deepest, depth)
    return deepest


def parse_client(raw: str | bytes) -> ClientMessage:
    """A client's message, checked; raises ``ProtocolError`` with the reason."""
    size = size_of(raw)
    if size > MAX_BYTES:
        raise ProtocolError(f"message too long ({size} bytes; the limit is {MAX_BYTES})")
    try:
        text = raw.decode() if isinstance(raw, bytes) else raw
    except UnicodeDecodeError:
        raise ProtocolError("message is not JSON") from None
    # Counting brackets only when there are enough of them to nest too deeply.
    if text.count("[") + text.count("{") > MAX_DEPTH and nesting(text) > MAX_DEPTH:
        raise ProtocolError(f"message nests too deeply (more than {MAX_DEPTH} levels)")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise ProtocolError("message is not JSON") from None
    if not isinstance(data, dict):
        raise ProtocolError("message is not a JSON object")
    kind = data.get("type")
    reader = _READERS.get(kind) if isinstance(kind, str) else None
    if reader is None:
        raise ProtocolError(f"unknown message type {quote(kind)}; expected hello, action, press, again, start, close, leave, chat or ping")
    return reader(data)


def _only(data: dict[str, Any], *allowed: str) -> None:
    extra = sorted(set(data) - {"type", *allowed})
    if extra:
        raise ProtocolError(f"{data['type']} has no field {quote(extra[0])}")


def _text(data: dict[str, Any], key: str, limit: int, required: bool = True) -> str | None:
    value = data.get(key)
    if value is None and not required:
        return None
    if not isinstance(value, str):
        raise ProtocolError(f"{data.get('type', 'message')}.{key} should be text")
    if len(value) > limit * 4:
        raise ProtocolError(f"{data.get('type', 'message')}.{key} is too long")
    return value


def _whole(data: dict[str, Any], key: str, low: int, high: int, default: int | None = None) -> int:
    value = data.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ProtocolError(f"{data.get('type', 'message')}.{key} should be a whole number from {low} to {high}")
    return value


def _hello(data: dict[str, Any]) -> Hello:
    _only(data, "v", "name", "code", "token", "watch", "create", "seat")
    if data.get("v") != VERSION:
        raise ProtocolError(f"this server speaks protocol version {VERSION}, not {quote(data.get('v'))}: "
                            "use the same Parlour version as the host")
    name = clean_text(_text(data, "name", NAME_LIMIT) or "", NAME_LIMIT) or "Player"
    code = _text(data, "code", CODE_LENGTH, required=False)
    token = _text(data, "token", 64, required=False)
    watch = data.get("watch", False)
    if not isinstance(watch, bool):
        raise ProtocolError("hello.watch should be true or false")
    create = _create(data["create"]) if data.get("create") is not None else None
    ways = sum(x is not None for x in (code, token, create))
    if ways != 1:
        raise ProtocolError("hello needs exactly one of code (to join), token (to come back) or create")
    if watch and code is None:
        raise ProtocolError("to watch, give the table's code")
    seat = None
    if data.get("seat") is not None:
        seat = _whole(data, "seat", 0, MAX_SEATS - 1)
        if code is None or watch:
            raise ProtocolError("hello.seat goes with a code, to take that seat")
    return Hello(name, code.strip().upper() if code is not None else None, token, watch, create, seat)


def _create(raw: Any) -> Create:
    if not isinstance(raw, dict):
        raise ProtocolError("hello.create should be an object")
    data = {"type": "create", **raw}
    _only(data, "game", "seats", "remote", "difficulty", "seed", "options", "plan")
    game = _text(data, "game", 40) or ""
    plan = _plan(data["plan"]) if data.get("plan") is not None else None
    if plan is None:
        seats = _whole(data, "seats", 1, MAX_SEATS)
        remote = _whole(data, "remote", 0, seats - 1, 0)
    else:
        seats, remote = len(plan), sum(p.kind == "remote" for p in plan)
        _agrees(data, "seats", seats)
        _agrees(data, "remote", remote)
    difficulty = _text(data, "difficulty", 20, required=False) or "normal"
    seed = data.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63):
        raise ProtocolError("create.seed should be a whole number from 0")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise ProtocolError("create.options should be an object")
    return Create(game, seats, remote, difficulty, seed, dict(options), plan)


def _plan(raw: Any) -> tuple[PlannedSeat, ...]:
    """``create.plan``: a list of seats, each ``{"kind": ..., "difficulty": ...}``."""
    if not isinstance(raw, list) or not 1 <= len(raw) <= MAX_SEATS:
        raise ProtocolError(f"create.plan should be a list of 1 to {MAX_SEATS} seats")
    plan = []
    for number, seat in enumerate(raw, 1):
        if not isinstance(seat, dict):
            raise ProtocolError(f"create.plan seat {number} should be an object")
        data = {"type": f"create.plan seat {number}", **seat}
        _only(data, "kind", "difficulty")
        kind = data.get("kind")
        if kind not in SEAT_KINDS:
            raise ProtocolError(f"create.plan seat {number}: kind should be host, remote or bot, not {quote(kind)}")
        plan.append(PlannedSeat(str(kind), _text(data, "difficulty", 20, required=False)))
    hosts = sum(p.kind == "host" for p in plan)
    if hosts != 1:
        raise ProtocolError(f"create.plan needs exactly one host seat, not {hosts}")
    return tuple(plan)


def _agrees(data: dict[str, Any], key: str, counted: int) -> None:
    """``seats`` or ``remote`` given beside a plan must say what the plan says."""
    if key in data and (type(data[key]) is not int or data[key] != counted):
        raise ProtocolError(f"create.{key} is {quote(data[key])} but the plan has {counted}")


def _action(data: dict[str, Any]) -> ActionMsg:
    _only(data, "action")
    action = data.get("action")
    if not isinstance(action, dict):
        raise ProtocolError("action.action should be an object")
    return ActionMsg(action)


def _chat(data: dict[str, Any]) -> Chat:
    _only(data, "text")
    text = clean_text(_text(data, "text", CHAT_LIMIT) or "", CHAT_LIMIT)
    if not text:
        raise ProtocolError("chat.text is empty")
    return Chat(text)


def _number(data: dict[str, Any], key: str, required: bool = True) -> float | None:
    value = data.get(key)
    if value is None and not required:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise ProtocolError(f"{data['type']}.{key} should be a number")
    return value


def _ping(data: dict[str, Any]) -> Ping:
    _only(data, "t", "est", "echo", "held")
    t = _number(data, "t")
    assert t is not None
    return Ping(t, _number(data, "est", False), _number(data, "echo", False), _number(data, "held", False))


def _press(data: dict[str, Any]) -> Press:
    _only(data, "action", "t")
    t = _number(data, "t")
    assert t is not None
    action = data.get("action")
    if not isinstance(action, dict):
        raise ProtocolError("press.action should be an object")
    return Press(action, t)


def _again(data: dict[str, Any]) -> Again:
    _only(data)
    return Again()


def _start(data: dict[str, Any]) -> Start:
    _only(data)
    return Start()


def _close(data: dict[str, Any]) -> Close:
    _only(data)
    return Close()


def _leave(data: dict[str, Any]) -> Leave:
    _only(data)
    return Leave()


_READERS: dict[str, Callable[[dict[str, Any]], ClientMessage]] = {
    "hello": _hello, "action": _action, "press": _press, "again": _again, "start": _start, "close": _close, "leave": _leave, "chat": _chat,
    "ping": _ping}


def read_action(message: ActionMsg, game_id: str, seat: Seat) -> Any:
    """The action in ``message`` for ``game_id``; raises ``ProtocolError`` if it cannot be
    read or names another seat than the sender's."""
    try:
        action = decode_action(message.data, game_id)
    except CodecError as problem:      # (its message may quote the input: kept short)
        raise ProtocolError(f"the action cannot be read: {str(problem)[:QUOTE_LIMIT + 40]}") from None
    if getattr(action, "seat", None) != seat:
        raise ProtocolError(f"you sit in seat {seat + 1}; you cannot act for another seat")
    return action


# --- what the server sends -----------------------------------------------------------------


def dump(message: dict[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"))


def outcome_data(outcome: Outcome | None) -> dict[str, Any] | None:
    """An outcome for the wire: its reason goes as the message it is (each client names the
    seats), not as a sentence."""
    if outcome is None:
        return None
    return {"winners": list(outcome.winners), "scores": list(outcome.scores),
            "reason": encode_value(outcome.reason)}


def read_outcome(data: dict[str, Any] | None) -> Outcome | None:
    """An outcome as ``outcome_data`` wrote it. A reason that is text (a server from before
    reasons were messages) is kept as written; one that cannot be read is left out rather
    than refusing the table.

    >>> from games.core.words import Side, T
    >>> won = Outcome((0, 2), (7.0, 3.0), T("{side} reached {target}", side=Side((0, 2)), target=7))
    >>> read_outcome(outcome_data(won)) == won
    True
    >>> str(read_outcome({"winners": [1], "scores": [0, 1], "reason": "P2 reached 7"}).reason)
    'P2 reached 7'
    """
    if data is None:
        return None
    winners, scores = tuple(data["winners"]), tuple(data["scores"])
    reason = data.get("reason", "")
    words = Words.plain(reason) if isinstance(reason, str) else read_words(reason)
    return Outcome(winners, scores) if words is None else Outcome(winners, scores, words)


def table_message(*, table: str, game: str, seat: Seat | None, status: str, count: int,
                  to_act: list[Seat], view: Any, events: list[Event], players: list[dict[str, Any]],
                  outcome: Outcome | None, replay: dict[str, Any] | None = None,
                  deal: str | None = None) -> dict[str, Any]:
    """What one connection is told of its table: its seat's view and the events as that
    seat (or a spectator, ``seat`` None) may see them. ``view`` must already be the seat's.
    ``deal``: the commitment to the deal being played (app/core/deal_proof.py), in every
    message, so a seat has it before the first card of each deal."""
    return {
        "type": "table", "table": table, "game": game, "seat": seat, "status": status, "n": count,
        "to_act": list(to_act), "view": encode_value(view),
        "events": [encode_value(e) for e in redacted(events, seat)],
        "players": players, "outcome": outcome_data(outcome), "replay": replay, "deal": deal,
    }


def encode_replay(game: str, seats: list[dict[str, Any]], options: dict[str, Any], seed: int,
                  actions: list[Any], salt: str | None = None, outcome: Outcome | None = None) -> dict[str, Any]:
    """The whole game, once it is over (nothing is hidden any more then): with the deal's
    ``salt``, which with the seed keeps or breaks the promise made before the first card,
    and the ``end`` the server reached (``outcome``, and the digest of the moves that
    reached it), which the actions must replay to."""
    encoded = [encode_action(a, game) for a in actions]
    return {"game": game, "seats": seats, "options": options, "seed": seed, "actions": encoded,
            **({"salt": salt} if salt is not None else {}),
            **({"end": {"winners": list(outcome.winners), "scores": list(outcome.scores),
                        "moves": moves_digest(encoded)}} if outcome is not None else {})}


@dataclass
class TableState:
    """A ``table`` message as a client reads it."""

    table: str
    game: str
    seat: Seat | None
    status: str
    count: int
    to_act: list[Seat]
    view: Any
    events: list[Any]
    players: list[dict[str, Any]]
    outcome: dict[str, Any] | None
    replay: dict[str, Any] | None
    deal: str | None = None
    """The commitment to the deal being played (None: a server from before, or not one)."""


def read_table(data: dict[str, Any], decode: bool = True) -> TableState:
    """A ``table`` message from the server, its view and events decoded for its game (with
    ``decode`` False they stay as sent: see ``decoded``)."""
    try:
        game = data["game"]
        view, events = data["view"], list(data["events"])
        if decode:
            view, events = decode_value(view, game), [decode_value(e, game) for e in events]
        return TableState(data["table"], game, data["seat"], data["status"], int(data["n"]),
                          list(data["to_act"]), view, events, list(data["players"]),
                          data.get("outcome"), data.get("replay"), _commitment(data.get("deal")))
    except (KeyError, TypeError, ValueError, ValueError_) as problem:
        raise ProtocolError(f"the server sent a table that cannot be read: {problem}") from None


def _commitment(value: Any) -> str | None:
    """A ``table`` message's ``deal``: a commitment, or None when it is none or malformed
    (the results then say the deal was not promised, rather than refuse the table)."""
    return value if is_commitment(value) else None


def decoded(data: Any, game: str) -> Any:
    """A view or event left as sent by ``read_table(..., decode=False)``, decoded."""
    try:
        return decode_value(data, game)
    except ValueError_ as problem:
        raise ProtocolError(f"the server sent a view that cannot be read: {problem}") from None
