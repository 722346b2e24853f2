"""Every game Parlour offers, in one place: the menu, the command line, the simulator and
the conformance tests are all built from ``GAMES``, and what a game supports (turn or
reflex, networked, reviewed, its picture...) is a field of its ``GameSpec``, so nothing
else keeps a list of game ids: adding a game is its folder here, its table
(``app/window/tables/<id>.py``) and an entry in ``GAME_IDS``.

>>> GAMES["ninety_nine"].title
'Ninety-Nine'
>>> spec = GAMES["ninety_nine"]
>>> state = spec.new_game(spec.make_options(seats=3), seed=1)
>>> state.seats
3

A spec is light: the menu reads its title, seats, blurb and art without importing the
game's rules or bots, which cost most of start-up when all were imported at once. Those
come from the spec's ``load`` function, called once, the first time ``options_type``,
``new_game``, ``bots`` or ``options`` is asked for.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, fields, replace
from enum import Enum
from functools import cached_property
from random import Random
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
    -> [timed action]``; the two shapes share the table, so their type stays open.

    ``knocked_out(view, seat)``: whether that seat has left the game for good (Ninety-Nine's
    last token lost), so a table whose humans are all out may play the rest at once; None
    where nobody leaves before the end. ``sits_out(view, seat)``: whether that seat has
    nothing to decide until the deal ends (Nash Whist's five or six, Euchre's partner of a
    lone hand), so a table whose humans all sit out may play on at once to the next deal;
    None where everyone plays every deal."""

    options_type: type[OptionsT]
    new_game: Callable[[OptionsT, int], StateT]
    bots: Mapping[str, Callable[..., Any]]
    options: tuple[OptionSpec, ...] = ()
    knocked_out: Callable[[Any, int], bool] | None = None   # (Any: a view, as the bots take)
    sits_out: Callable[[Any, int], bool] | None = None


# What a spec holds: the parts of some game, whose state keeps the protocol.
AnyParts = GameParts[Any, GameState[Any, Any]]


class Dynamics(Enum):
    """How play moves on: ``TURN``, one seat at a time, the table waiting for it;
    ``REFLEX``, every seat at once against a game clock (the state has ``advance``; actions
    carry their time; see games/core/realtime.py)."""

    TURN = "turn"
    REFLEX = "reflex"


@dataclass(frozen=True)
class Analysed:
    """The coach reviews the game: ``games/<id>/analysis.py`` has ``review``. ``splits``:
    its review can be asked for a few decisions at a time (``only=``), so the Review screen
    shows progress; a review that is one search (Seahaven's) cannot."""

    splits: bool = True


@dataclass(frozen=True)
class NamedVariant:
    """A variant with a name of its own: played with option ``option`` at ``value``, the
    game is called ``title`` and keeps its own statistics (Spoons played as Pig)."""

    option: str
    value: OptionValue
    title: str


class Picture(Enum):
    """What a menu tile shows (app/window/render/tiles.py paints each). Named by what is
    drawn, so a new game may reuse one with cards of its own."""

    FAN = "fan"                  # the cards in a fan
    TOWERS = "towers"            # two cards in four tower cells, the rest a cascade
    TRICK = "trick"              # four cards from four sides
    BOWERS = "bowers"            # a turned-up card, two crossed over it
    FAN_AND_CHIPS = "fan_and_chips"    # a fan of five and a pile of chips
    AUCTION = "auction"          # two cards, a bid on a plate, a pot
    COUNT = "count"              # a pile and its running count, "99"
    SLAP = "slap"                # a pile with a hand slapping it
    RINGS = "rings"              # Nails's ring cards (codes of five colours)
    SPOON = "spoon"              # a fan and a spoon to grab
    MYSTERY = "mystery"          # three backs marked "?" (no cards)
    ROW = "row"                  # two rows of face-up cards


@dataclass(frozen=True)
class MenuArt:
    """The game's picture on its menu tile and setup screen: what kind (``picture``) and
    the cards in it, in the order the picture places them (card codes such as ``"QH"``;
    for ``RINGS``, Nails's ring codes such as ``"BBRYY"``)."""

    picture: Picture
    cards: tuple[str, ...] = ()


class ChatPlace(Enum):
    """Where a networked table puts its chat panel, clear of what that table draws (app/
    window/scenes/table_chat.py places each)."""

    ABOVE_HAND = "above_hand"        # right, between the right-hand seat and the player's hand
    BESIDE_HAND = "beside_hand"      # bottom right, beside a short hand (Ninety-Nine's three)
    UNDER_CHANCES = "under_chances"  # bottom right, under the Nash game's chances panel
    UNDER_TAKEN = "under_taken"      # under the player's own taken cards (Abstrac)


# A seat's automatic player where a game has no bots (Seahaven): the turn bots' shape.
AutoPlay = Callable[[Any, Random], Any]
# A stand-in deal shown at once while ``new_game``'s slow deal is made in the worker, or
# None when ``new_game`` is quick for these options.
StandIn = Callable[[Any, int], "GameState[Any, Any] | None"]


@dataclass(frozen=True)
class GameSpec:
    """What a game is and supports, as data: the menu, the command line, the server, the
    coach and the tests ask it, never a list of ids. Reading it imports nothing heavy (a
    hook imports what it needs when called); ``load`` gives the rules and bots.

    - ``id``, ``title``, ``family`` (the menu's group), the seat range, ``rules_text``
      (F1) and ``blurb`` (the menu's line);
    - ``dynamics``: turn or reflex (:class:`Dynamics`); ``realtime`` says the same as a flag;
    - ``networked``: it can be played across machines (``parlour host``, the server);
    - ``analysis``: how the coach reviews it (:class:`Analysed`), None when it does not;
    - ``art``: its picture on the menu (:class:`MenuArt`);
    - ``races``: at a reflex game, the name of the action type whose presses race, as the
      server judges and names races ("Slap": "Bob by 12 ms"); None where none race;
    - ``keys``: at a reflex game, what each of a human's keys does, as the setup screen
      names them; turn games take no keys of their own;
    - ``own_autosave``: the table keeps its own save (Seahaven, with its timer), so the
      app's Continue leaves the game alone;
    - ``partnerships``: seats 1 and 3 play seats 2 and 4 (four seats);
    - ``score_unit``: the results show each seat's score in this unit ("chips"); None
      where a game is not won on points and shows none;
    - ``variants``: variants with names (and statistics) of their own (:class:`NamedVariant`);
    - ``chat_place``: where a networked table puts its chat (:class:`ChatPlace`);
    - ``autoplay``: the automatic player of a game with no bots (a solitaire), for the
      simulator and the tests; ``stand_in``: a quick deal to show while a slow one is made.
    """

    id: str
    title: str
    family: str
    min_seats: int
    max_seats: int
    default_seats: int
    rules_text: str
    blurb: str
    load: Callable[[], AnyParts]
    dynamics: Dynamics
    networked: bool
    analysis: Analysed | None
    art: MenuArt
    races: str | None = None
    keys: tuple[str, ...] = ()
    own_autosave: bool = False
    partnerships: bool = False
    score_unit: str | None = None
    variants: tuple[NamedVariant, ...] = ()
    chat_place: ChatPlace = ChatPlace.ABOVE_HAND
    autoplay: AutoPlay | None = None
    stand_in: StandIn | None = None

    @property
    def realtime(self) -> bool:
        """A reflex game, played against the clock."""
        return self.dynamics is Dynamics.REFLEX

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
        name of its own (``variants``) goes by it.

        >>> GAMES["spoons"].title_for({"variant": "pig"}), GAMES["spoons"].title_for({})
        ('Pig', 'Spoons')
        """
        named = self._named(options)
        return named.title if named is not None else self.title

    def record_id(self, options: Mapping[str, object]) -> str:
        """Where the statistics of a game played with ``options`` are kept: a variant with
        a name of its own keeps its own record.

        >>> GAMES["spoons"].record_id({"variant": "pig"}), GAMES["spoons"].record_id({"variant": "spoons"})
        ('spoons:pig', 'spoons')
        """
        named = self._named(options)
        return f"{self.id}:{named.value}" if named is not None else self.id

    def records(self) -> list[tuple[str, str]]:
        """Each statistics record of this game and its title: the game's, then its named variants'.

        >>> GAMES["spoons"].records()
        [('spoons', 'Spoons'), ('spoons:pig', 'Pig')]
        """
        return [(self.id, self.title), *((f"{self.id}:{v.value}", v.title) for v in self.variants)]

    def _named(self, options: Mapping[str, object]) -> NamedVariant | None:
        return next((v for v in self.variants if v.option in options and options[v.option] == v.value), None)

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


def networked() -> list[GameSpec]:
    """The games played across machines, as the online screen lists them: the turn games,
    then the reflex games, each in menu order.

    >>> [spec.id for spec in networked()][-3:]
    ['ratscrew', 'nails', 'spoons']
    """
    return sorted((spec for spec in GAMES.values() if spec.networked), key=lambda spec: spec.realtime)


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
