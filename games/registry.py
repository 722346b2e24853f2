"""Every game Parlour offers, in one place: the menu, the command line, the simulator and
the conformance tests are all built from ``GAMES``.

>>> GAMES["ninety_nine"].title
'Ninety-Nine'
>>> spec = GAMES["ninety_nine"]
>>> state = spec.new_game(spec.make_options(seats=3), seed=1)
>>> state.seats
3

A spec is light: the menu reads its title, seats, blurb and cover without importing the
game's rules or bots, which cost most of start-up when all were imported at once. Those
come from the spec's ``load`` function, called once, the first time ``options_type``,
``new_game``, ``bots`` or ``options`` is asked for.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field, fields, replace
from functools import cached_property
from typing import Any, Callable, Generic, Mapping, TypeVar

from games.core.protocol import GameState

OptionsT = TypeVar("OptionsT")
StateT = TypeVar("StateT", bound=GameState[Any, Any])

# Every level, weakest first. A game offers those its ``bots`` has: Expert (determinised
# search on the double-dummy solver) only where a solver makes it stronger than Hard.
DIFFICULTIES = ("easy", "normal", "hard", "expert")

# What a setting on the setup screen can be: a switch, a number or a word.
OptionValue = bool | int | str


@dataclass(frozen=True)
class OptionSpec:
    """One setting on the setup screen: its key in the options dataclass, a label, the
    allowed values (shown in this order) and the default. ``only_if`` (another option's
    key and a value): the setting matters, and is shown, only while that option has it.
    ``names``: the words the screen shows for the choices, in the same order, if not their
    own."""

    key: str
    label: str
    choices: tuple[OptionValue, ...]
    default: OptionValue
    only_if: tuple[str, OptionValue] | None = None
    names: tuple[str, ...] = ()

    def label_for(self, value: object) -> str:
        if self.names and value in self.choices:
            return self.names[self.choices.index(value)]
        if isinstance(value, bool):
            return "on" if value else "off"
        return str(value)


@dataclass(frozen=True)
class GameParts(Generic[OptionsT, StateT]):
    """The heavy half of a game's spec, imported on first use: the options dataclass, the
    function that deals a new game, the bots by difficulty and the setup screen's options.

    Generic in the game's options and state types, so that a game's ``_parts`` is checked:
    ``new_game`` must take its options type and make a state that keeps the protocol.
    The bots are turn bots ``(view, rng) -> action`` or reflex bots ``(view, now_ms, rng)
    -> [timed action]``; the two shapes share the table, so their type stays open."""

    options_type: type[OptionsT]
    new_game: Callable[[OptionsT, int], StateT]
    bots: Mapping[str, Callable[..., Any]]
    options: tuple[OptionSpec, ...] = ()


# What a spec holds: the parts of some game, whose state keeps the protocol.
AnyParts = GameParts[Any, GameState[Any, Any]]


@dataclass(frozen=True)
class GameSpec:
    """What the menu shows about a game, and (through ``load``) how to play it. ``extra``
    holds the menu's cover cards, flags and small hooks; reading it imports nothing heavy
    (a hook imports what it needs when called)."""

    id: str
    title: str
    family: str
    min_seats: int
    max_seats: int
    default_seats: int
    rules_text: str
    blurb: str
    load: Callable[[], AnyParts]
    realtime: bool = False
    extra: dict[str, Any] = field(default_factory=dict)

    # cached_property writes to the instance's __dict__, which a frozen dataclass allows.
    @cached_property
    def parts(self) -> AnyParts:
        return self.load()

    @property
    def options_type(self) -> type[Any]:
        return self.parts.options_type

    @property
    def new_game(self) -> Callable[[Any, int], GameState[Any, Any]]:
        return self.parts.new_game

    @property
    def bots(self) -> Mapping[str, Callable[..., Any]]:
        return self.parts.bots

    @property
    def options(self) -> tuple[OptionSpec, ...]:
        return self.parts.options

    def with_parts(self, **changes: Any) -> GameSpec:
        """The same game with some heavy parts swapped (tests play variants this way).

        >>> spec = GAMES["nap"].with_parts(bots={})
        >>> spec.bots, spec.title
        ({}, 'Nap')
        """
        parts = replace(self.parts, **changes)
        return replace(self, load=lambda: parts)

    def make_options(self, seats: int | None = None, **values: Any) -> Any:
        """Build and validate the game's options; unknown keys raise ``ValueError``."""
        known = {f.name for f in fields(self.options_type)}
        unknown = set(values) - known
        if unknown:
            raise ValueError(f"{self.title} has no option {', '.join(sorted(unknown))}")
        seat_count = self.default_seats if seats is None else seats
        if not self.min_seats <= seat_count <= self.max_seats:
            raise ValueError(
                f"{self.title} is for {self.min_seats} to {self.max_seats} players, not {seat_count}")
        return self.options_type(seats=seat_count, **values)

    def title_for(self, options: Mapping[str, object]) -> str:
        """The name a player reads for this game played with ``options``: a variant with a
        name of its own (``extra["titles"]``: option, value, name) goes by it.

        >>> GAMES["spoons"].title_for({"variant": "pig"}), GAMES["spoons"].title_for({})
        ('Pig', 'Spoons')
        """
        for key, names in self.extra.get("titles", {}).items():
            if options.get(key) in names:
                return str(names[options[key]])
        return self.title

    def record_id(self, options: Mapping[str, object]) -> str:
        """Where the statistics of a game played with ``options`` are kept: a variant with
        a name of its own keeps its own record.

        >>> GAMES["spoons"].record_id({"variant": "pig"}), GAMES["spoons"].record_id({"variant": "spoons"})
        ('spoons:pig', 'spoons')
        """
        for key, names in self.extra.get("titles", {}).items():
            if options.get(key) in names:
                return f"{self.id}:{options[key]}"
        return self.id

    def records(self) -> list[tuple[str, str]]:
        """Each statistics record of this game and its title: the game's, then its named variants'.

        >>> GAMES["spoons"].records()
        [('spoons', 'Spoons'), ('spoons:pig', 'Pig')]
        """
        named = [(f"{self.id}:{value}", str(title)) for names in self.extra.get("titles", {}).values()
                 for value, title in names.items()]
        return [(self.id, self.title), *named]

    @property
    def seat_range(self) -> str:
        if self.min_seats == self.max_seats:
            return f"{self.min_seats} players" if self.min_seats > 1 else "1 player"
        return f"{self.min_seats}-{self.max_seats} players"


# The games in menu order. Each id names a package ``games.<id>`` whose ``spec()`` returns
# its GameSpec; adding a game means adding its package and its id here.
GAME_IDS: tuple[str, ...] = ("seahaven", "whist", "euchre", "nap", "nash_whist", "ninety_nine", "ratscrew", "nails", "spoons", "nash", "abstrac")


def _build() -> dict[str, GameSpec]:
    specs = [importlib.import_module(f"games.{game_id}").spec() for game_id in GAME_IDS]
    return {spec.id: spec for spec in specs}


GAMES: dict[str, GameSpec] = _build()


def record_title(record_id: str) -> str | None:
    """The title of a game's record id (``GameSpec.record_id``), None for one unknown here.

    >>> record_title("spoons:pig"), record_title("spoons"), record_title("spoons:snap")
    ('Pig', 'Spoons', None)
    """
    spec = GAMES.get(record_id.split(":")[0])
    return dict(spec.records()).get(record_id) if spec is not None else None


def get(game_id: str) -> GameSpec:
    """Look up a game by id, with a message listing the known ids when it is unknown."""
    try:
        return GAMES[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r}; choose from {', '.join(GAMES)}") from None
