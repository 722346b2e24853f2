"""Views and events as plain JSON and back, for the wire.

The action codec (:mod:`app.core.action_codec`) reads an action by its class's type hints; a
view or an event holds more shapes (dicts keyed by seat or card, events inside views,
fields typed by a base class), so these are written with a tag wherever plain JSON would
lose the type:

- a ``Card`` is ``{"$c": "QH"}``, an enum member ``{"$e": "module:Class", "n": "NAME"}``;
- a dataclass is ``{"$t": "module:Class", field: value, ...}``;
- a tuple is ``{"$u": [...]}``, a set or frozenset ``{"$s": [...]}``, a dict ``{"$d": [[k, v], ...]}``;
- lists, text, numbers, booleans and null are themselves.

Only classes of the game being played (its package and ``games.core``) may be named: a
message can make the reader import none but that game's own modules.

>>> from games.core.cards import Card
>>> data = encode_value({"hand": (Card.parse("QH"),), 2: None})
>>> data
{'$d': [['hand', {'$u': [{'$c': 'QH'}]}], [2, None]]}
>>> decode_value(data, "whist") == {"hand": (Card.parse("QH"),), 2: None}
True
"""

from __future__ import annotations

import dataclasses
import enum
import importlib
import json
import math
import operator
import sys
from typing import Any, Callable

from games.core.cards import Card

__all__ = ["ValueError_", "encode_value", "value_text", "shared_value_text", "SharedTexts", "decode_value"]


class ValueError_(ValueError):
    """A value that cannot be written or read back; the message says why."""


def _name(cls: type) -> str:
    return f"{cls.__module__}:{cls.__qualname__}"


def encode_value(value: Any) -> Any:
    """``value`` as JSON-ready data (see the module's docstring)."""
    kind = type(value)
    writer = _WRITERS.get(kind)
    if writer is None:
        writer = _WRITERS[kind] = _writer_for(kind)
    return writer(value)


# The server writes a view for every seat after every action: how to write each type is
# worked out once (a chain of isinstance tests per value was most of the cost).
_Writer = Callable[[Any], Any]
_WRITERS: dict[type, _Writer] = {}


def _same(value: Any) -> Any:
    return value


def _number(value: float) -> float:
    if not math.isfinite(value):
        raise ValueError_(f"cannot send the number {value!r}")
    return value


def _writer_for(kind: type) -> _Writer:
    if issubclass(kind, enum.Enum):        # before int: some enums are IntEnums
        tag = _name(kind)
        return lambda value: {"$e": tag, "n": value.name}
    if kind is type(None) or issubclass(kind, (bool, int, str)):
        return _same
    if issubclass(kind, float):
        return _number
    if issubclass(kind, Card):
        return lambda value: {"$c": str(value)}
    if dataclasses.is_dataclass(kind):
        return _record_writer(kind)
    if issubclass(kind, list):
        return lambda value: [encode_value(item) for item in value]
    if issubclass(kind, tuple):
        return lambda value: {"$u": [encode_value(item) for item in value]}
    if issubclass(kind, (set, frozenset)):
        return lambda value: {"$s": sorted((encode_value(item) for item in value), key=repr)}
    if issubclass(kind, dict):
        return lambda value: {"$d": [[encode_value(k), encode_value(v)] for k, v in value.items()]}

    def refuse(value: Any) -> Any:
        raise ValueError_(f"cannot send a {kind.__name__}")
    return refuse


def _record_writer(kind: type) -> _Writer:
    tag = _name(kind)
    names = [spec.name for spec in dataclasses.fields(kind)]

    def write(value: Any) -> dict[str, Any]:
        data: dict[str, Any] = {"$t": tag}
        for name in names:
            data[name] = encode_value(getattr(value, name))
        return data
    return write



# --- straight to JSON text ---------------------------------------------------------------
# ``value_text(v)`` is ``json.dumps(encode_value(v), separators=(",", ":"))`` without the
# dicts in between: the server writes every seat's view after every action, and building
# the tagged dicts and then walking them again in ``json.dumps`` was most of its time.

_TextWriter = Callable[[Any], str]
_TEXT_WRITERS: dict[type, _TextWriter] = {}
_CARD_TEXTS: dict[int, tuple[Card, str]] = {}    # by id: Card's own hash is Python-level, slow
_string = json.encoder.encode_basestring_ascii  # what json.dumps writes a str with (ensure_ascii)


def _dump(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"))


def value_text(value: Any) -> str:
    """``value`` as compact JSON text, exactly as ``json.dumps`` writes ``encode_value(value)``
    with ``separators=(",", ":")``."""
    kind = type(value)
    writer = _TEXT_WRITERS.get(kind)
    if writer is None:
        writer = _TEXT_WRITERS[kind] = _text_writer_for(kind)
    return writer(value)


def _card_text(card: Card) -> str:
    known = _CARD_TEXTS.get(id(card))
    if known is not None and known[0] is card:
        return known[1]
    text = _dump({"$c": str(card)})
    if len(_CARD_TEXTS) > 4096:        # cards are shared instances: only stray copies fill it
        _CARD_TEXTS.clear()
    _CARD_TEXTS[id(card)] = (card, text)  # the card is held, so its id is not reused meanwhile
    return text


def _float_text(value: float) -> str:
    return float.__repr__(_number(value))


def _text_writer_for(kind: type) -> _TextWriter:
    if issubclass(kind, enum.Enum):        # before int: some enums are IntEnums
        texts = {id(member): _dump(encode_value(member)) for member in kind}   # members live forever
        return lambda value: texts.get(id(value)) or _dump(encode_value(value))
    if kind is type(None):
        return lambda value: "null"
    if kind is bool:
        return lambda value: "true" if value else "false"
    if issubclass(kind, int):
        return int.__repr__
    if issubclass(kind, str):
        return _string
    if issubclass(kind, float):
        return _float_text
    if issubclass(kind, Card):
        return _card_text
    if dataclasses.is_dataclass(kind):
        return _record_text_writer(kind)
    if issubclass(kind, list):
        return lambda value: "[" + ",".join(map(value_text, value)) + "]"
    if issubclass(kind, tuple):
        return lambda value: '{"$u":[' + ",".join(map(value_text, value)) + "]}"
    if issubclass(kind, dict):
        return lambda value: '{"$d":[' + ",".join(
            f"[{value_text(k)},{value_text(v)}]" for k, v in value.items()) + "]}"
    # Sets (sorted by the written data's repr) and anything refused: the dict way.
    return lambda value: _dump(encode_value(value))


_Fields = Callable[[Any], tuple[Any, ...]]
_RECORDS: dict[type, tuple[str, list[str], _Fields]] = {}


def _record_parts(kind: type) -> tuple[str, list[str], _Fields]:
    """A record's opening text, each field's written key, and what reads its fields' values."""
    parts = _RECORDS.get(kind)
    if parts is None:
        names = [f.name for f in dataclasses.fields(kind)]
        if len(names) > 1:
            fields: _Fields = operator.attrgetter(*names)
        else:
            fields = (lambda value: (getattr(value, names[0]),)) if names else (lambda value: ())
        head = '{"$t":' + _string(_name(kind))
        parts = _RECORDS[kind] = (head, ["," + _string(name) + ":" for name in names], fields)
    return parts


def _record_text_writer(kind: type) -> _TextWriter:
    head, keys, fields = _record_parts(kind)

    def write(value: Any) -> str:
        return head + "".join(map(operator.add, keys, map(value_text, fields(value)))) + "}"
    return write


SharedTexts = dict[type, tuple[tuple[Any, ...], list[str]]]
"""What ``shared_value_text`` keeps of the last record of each type: its fields' values and texts."""


def shared_value_text(value: Any, last: SharedTexts) -> str:
    """``value_text(value)``, for one of several records written together that share most
    fields (every seat's view of one moment): a field equal to the same field of the last
    record of its type written (same type, ``==``) takes its text instead of being written
    again; ``last`` is left holding this record's. Not a record: plain ``value_text``."""
    kind = type(value)
    if not dataclasses.is_dataclass(kind) or issubclass(kind, Card):
        return value_text(value)
    head, keys, fields = _record_parts(kind)
    values = fields(value)
    before = last.get(kind)
    if before is None:
        texts = [value_text(v) for v in values]
    else:
        texts = [text if old is new or (type(old) is type(new) and old == new) else value_text(new)
                 for old, new, text in zip(before[0], values, before[1])]
    last[kind] = (values, texts)
    return head + "".join(map(operator.add, keys, texts)) + "}"

def decode_value(data: Any, game_id: str) -> Any:
    """The value ``data`` describes, with classes looked up among the game's own."""
    return _Reader(game_id).read(data, 0)


_CARDS: dict[str, Card] = {}     # "QH": the card, as written (a client reads every card of every view)


def _read_card(text: Any) -> Card:
    card = _CARDS.get(text) if isinstance(text, str) else None
    if card is None:
        try:
            card = Card.parse(text)
        except (ValueError, TypeError, AttributeError) as error:
            raise ValueError_(f"not a card: {text!r}") from error
        if str(card) == text:      # only cards as written, so a server cannot fill it with spellings
            _CARDS[text] = card
    return card


_PLAIN = frozenset({type(None), bool, int, float, str})   # what JSON reads that is read as itself
_CLASSES: dict[str, type] = {}      # "module:Class", once found (and allowed: checked each time)
_FIELDS: dict[type, frozenset[str]] = {}


class _Reader:
    MAX_DEPTH = 40

    def __init__(self, game_id: str) -> None:
        self.allowed = ("games.core.", f"games.{game_id}.")
        self.game_id = game_id

    def read(self, data: Any, depth: int) -> Any:
        if depth > self.MAX_DEPTH:
            raise ValueError_("the value is nested too deeply")
        if data is None or isinstance(data, (bool, int, float, str)):
            return data
        if isinstance(data, list):
            return self._items(data, depth)
        if not isinstance(data, dict):
            raise ValueError_(f"cannot read a {type(data).__name__}")
        if "$c" in data:
            return _read_card(data["$c"])
        if "$u" in data:
            return tuple(self._items(self._list(data["$u"]), depth))
        if "$s" in data:
            return frozenset(self._items(self._list(data["$s"]), depth))
        if "$d" in data:
            return {self._key(pair, depth): self.read(pair[1], depth + 1) for pair in self._list(data["$d"])}
        if "$e" in data:
            cls = self._class(data["$e"])
            if not issubclass(cls, enum.Enum) or data.get("n") not in cls.__members__:
                raise ValueError_(f"{data['$e']} has no member {data.get('n')!r}")
            return cls[data["n"]]
        if "$t" in data:
            return self._dataclass(data, depth)
        raise ValueError_("an object without a tag")

    def _items(self, items: list[Any], depth: int) -> list[Any]:
        # Numbers and text, most of a view's items, are taken as they are without a call
        # each: a bot client reads a whole view before every move.
        return [item if type(item) in _PLAIN else self.read(item, depth + 1) for item in items]

    def _list(self, raw: Any) -> list[Any]:
        if not isinstance(raw, list):
            raise ValueError_("a tagged value does not hold a list")
        return raw

    def _key(self, pair: Any, depth: int) -> Any:
        if not isinstance(pair, list) or len(pair) != 2:
            raise ValueError_("a dict entry is not a [key, value] pair")
        key = self.read(pair[0], depth + 1)
        try:
            hash(key)
        except TypeError as error:
            raise ValueError_("a dict key cannot be a list") from error
        return key

    def _class(self, name: Any) -> type:
        if not isinstance(name, str) or ":" not in name:
            raise ValueError_(f"not a class name: {name!r}")
        module_name, _, qualname = name.partition(":")
        if not (module_name + ".").startswith(self.allowed):
            raise ValueError_(f"{name} is not a class of {self.game_id}")
        known = _CLASSES.get(name)
        if known is not None:
            return known
        module = sys.modules.get(module_name)
        if module is None:          # one of the game's own modules, not yet needed here
            try:
                module = importlib.import_module(module_name)
            except ImportError:
                raise ValueError_(f"{name} is not a class of {self.game_id}") from None
        found: Any = module
        for part in qualname.split("."):
            found = getattr(found, part, None)
        if not isinstance(found, type):
            raise ValueError_(f"{name} is not a class")
        _CLASSES[name] = found
        return found

    def _dataclass(self, data: dict[str, Any], depth: int) -> Any:
        cls = self._class(data["$t"])
        if not dataclasses.is_dataclass(cls):
            raise ValueError_(f"{data['$t']} is not a record")
        fields = _FIELDS.get(cls)
        if fields is None:
            fields = _FIELDS[cls] = frozenset(f.name for f in dataclasses.fields(cls))
        values = {k: v if type(v) in _PLAIN else self.read(v, depth + 1) for k, v in data.items() if k != "$t"}
        if values.keys() != fields:
            raise ValueError_(f"{data['$t']} has other fields than {sorted(fields)}")
        obj = cls.__new__(cls)
        for key, value in values.items():      # as the writer had it, init fields or not
            object.__setattr__(obj, key, value)
        return obj
