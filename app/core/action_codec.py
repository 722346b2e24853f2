"""Actions as plain JSON and back, for replays and the autosave.

An action is written as its class name and its fields: ``{"type": "PlayCard", "seat": 0,
"card": "QH"}``. Cards are written as text (``QH``, ``JK``), enums by member name, nested
dataclasses (Seahaven's ``Place``) as objects, tuples as lists. Reading goes by the
dataclass's own type hints, so a hand-edited file with a wrong type is refused with a
sentence rather than half-understood.

Class names are looked up among the actions of one game (its package and ``games.core``),
because two games may both have a ``Pass``.

>>> from games.core.trick_events import PlayCard
>>> from games.core.cards import Card
>>> data = encode_action(PlayCard(1, Card.parse("QH")), "whist")
>>> data
{'type': 'PlayCard', 'seat': 1, 'card': 'QH'}
>>> decode_action(data, "whist") == PlayCard(1, Card.parse("QH"))
True
"""

from __future__ import annotations

import dataclasses
import enum
import math
import types
import typing
from functools import lru_cache
from typing import Any

from games.core.cards import Card
from games.core.protocol import Action


class CodecError(ValueError):
    """An action that cannot be written or read; the message says which part and why."""


# --- which classes a game's actions may be ---------------------------------------------------


def _all_action_classes() -> list[type]:
    found: list[type] = []
    todo = [Action]
    while todo:
        cls = todo.pop()
        for sub in cls.__subclasses__():
            found.append(sub)
            todo.append(sub)
    return found


@lru_cache(maxsize=None)
def action_classes(game_id: str) -> dict[str, type]:
    """The action classes a game's replay may name: those defined in ``games.core``, in the
    game's own package, or in a package its ``new_game`` comes from (a game may reuse
    another's rules)."""
    from games.registry import GAMES

    packages = {"games.core.", f"games.{game_id}."}
    spec = GAMES.get(game_id)
    if spec is not None:
        packages.add(".".join(spec.new_game.__module__.split(".")[:2]) + ".")
    table: dict[str, type] = {}
    for cls in _all_action_classes():
        if (cls.__module__ + ".").startswith(tuple(packages)):
            table.setdefault(cls.__name__, cls)
    return table


# --- writing ----------------------------------------------------------------------------------


def encode_action(action: Any, game_id: str) -> dict[str, Any]:
    """``action`` as a JSON object; raises ``CodecError`` if it could not be read back."""
    cls = type(action)
    if not dataclasses.is_dataclass(action) or action_classes(game_id).get(cls.__name__) is not cls:
        raise CodecError(f"{cls.__name__} is not an action of {game_id} that a replay can name")
    data: dict[str, Any] = {"type": cls.__name__}
    for spec in dataclasses.fields(action):
        data[spec.name] = _encode(getattr(action, spec.name))
    return data


def _encode(value: Any) -> Any:
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, enum.Enum):
        return value.name
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float) and math.isfinite(value):
        return value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _encode(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, (tuple, list)):
        return [_encode(item) for item in value]
    if isinstance(value, frozenset):
        return sorted((_encode(item) for item in value), key=repr)
    raise CodecError(f"cannot write {value!r} in a replay")


# --- reading ----------------------------------------------------------------------------------


def decode_action(data: Any, game_id: str) -> Any:
    """The action ``data`` describes; raises ``CodecError`` naming what is wrong."""
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise CodecError("an action is not an object with a type")
    cls = action_classes(game_id).get(data["type"])
    if cls is None:
        raise CodecError(f"{data['type']!r} is not an action of {game_id}")
    return _build(cls, {k: v for k, v in data.items() if k != "type"})


def _build(cls: type, raw: Any) -> Any:
    if not isinstance(raw, dict):
        raise CodecError(f"{cls.__name__} is not written as an object")
    hints = _hints(cls)
    names = {f.name for f in dataclasses.fields(cls) if f.init}
    unknown = set(raw) - names
    if unknown:
        raise CodecError(f"{cls.__name__} has no field {sorted(unknown)[0]!r}")
    values = {name: _decode(hints[name], raw[name], f"{cls.__name__}.{name}") for name in raw}
    try:
        return cls(**values)
    except (TypeError, ValueError) as error:
        raise CodecError(f"{cls.__name__} cannot be made from {raw!r}: {error}") from error


@lru_cache(maxsize=None)
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _decode(hint: Any, raw: Any, where: str) -> Any:
    if hint is Any:
        return raw
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return _decode_union(typing.get_args(hint), raw, where)
    if origin in (tuple, list, frozenset, set):
        return _decode_sequence(hint, origin, raw, where)
    if hint is type(None):
        if raw is not None:
            raise CodecError(f"{where} should be empty (null)")
        return None
    if isinstance(hint, type):
        return _decode_plain(hint, raw, where)
    raise CodecError(f"{where} has a type a replay cannot read")


def _decode_union(arms: tuple[Any, ...], raw: Any, where: str) -> Any:
    problems = []
    for arm in arms:
        try:
            return _decode(arm, raw, where)
        except CodecError as problem:
            problems.append(str(problem))
    raise CodecError(problems[0] if problems else f"{where} cannot be read")


def _decode_sequence(hint: Any, origin: Any, raw: Any, where: str) -> Any:
    if not isinstance(raw, list):
        raise CodecError(f"{where} should be a list")
    args = typing.get_args(hint)
    if origin is tuple and args and args[-1] is not Ellipsis:
        if len(args) != len(raw):
            raise CodecError(f"{where} should have {len(args)} items")
        return tuple(_decode(a, item, where) for a, item in zip(args, raw))
    item_hint = args[0] if args else Any
    items = [_decode(item_hint, item, where) for item in raw]
    return origin(items)


def _decode_plain(hint: type, raw: Any, where: str) -> Any:
    if hint is Card:
        if not isinstance(raw, str):
            raise CodecError(f"{where} should be a card like \"QH\"")
        try:
            return Card.parse(raw)
        except ValueError as error:
            raise CodecError(f"{where}: {error}") from error
    if issubclass(hint, enum.Enum):
        if not isinstance(raw, str) or raw not in hint.__members__:
            raise CodecError(f"{where} should be one of {', '.join(hint.__members__)}")
        return hint[raw]
    if hint is bool:
        if not isinstance(raw, bool):
            raise CodecError(f"{where} should be true or false")
        return raw
    if hint is int:
        if not isinstance(raw, int) or isinstance(raw, bool):
            raise CodecError(f"{where} should be a whole number")
        return raw
    if hint is float:
        if isinstance(raw, bool) or not isinstance(raw, (int, float)) or not math.isfinite(raw):
            raise CodecError(f"{where} should be a number")
        return float(raw)
    if hint is str:
        if not isinstance(raw, str):
            raise CodecError(f"{where} should be text")
        return raw
    if dataclasses.is_dataclass(hint):
        return _build(hint, raw)
    raise CodecError(f"{where} has a type a replay cannot read")
