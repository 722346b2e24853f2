"""The protocol every game implements, and the small types it is built from.

A game module offers ``new_game(options, seed) -> State``. The state answers who may act
(``to_act``), what they may do (``legal_actions``), applies an action (``apply``) and
returns the events that happened. Hidden information only leaves the state through
``view(seat)``; bots and the table see nothing else. All chance comes from the state's own
seeded generator, so a seed plus the list of actions replays a game exactly.
"""

from __future__ import annotations

from random import Random
from dataclasses import dataclass
from typing import Any, Callable, Hashable, Iterable, Protocol, Sequence, TypeVar, runtime_checkable

from games.core.cards import Card
from games.core.words import T, Words

Seat = int

# The type parameters of the protocol: a game's action type (taken and given back, so
# invariant), its view type (only given out) and its options type (only taken in).
ActionT = TypeVar("ActionT")
ViewT_co = TypeVar("ViewT_co", covariant=True)
ViewT_contra = TypeVar("ViewT_contra", contravariant=True)
ActionT_co = TypeVar("ActionT_co", covariant=True)


class IllegalAction(ValueError):
    """An action the rules do not allow now. ``message`` says why, as a template with its
    values for the app to put in a player's words; ``str()`` is its plain fallback."""

    def __init__(self, message: Words | str) -> None:
        self.message = message if isinstance(message, Words) else Words.plain(message)
        super().__init__(str(self.message))

    def __reduce__(self) -> tuple[type[IllegalAction], tuple[Words]]:
        return IllegalAction, (self.message,)   # (a copy keeps the template, not only the text)


@dataclass(frozen=True)
class Action:
    """Base for actions: every action names the seat that takes it."""

    seat: Seat


@dataclass(frozen=True)
class Event:
    """Base for events: something that happened, for the table to animate and log.

    An event may carry information that only some seats may see (the card a player drew).
    ``seen_by(viewer)`` returns the event as that seat may see it; ``viewer`` None is a
    spectator, who is no seat and sees only what everyone sees. An event with nothing
    hidden returns itself. Hidden cards are absent from the redacted copy (None, an empty
    tuple, a count), never replaced by others, and its ``str()`` still reads as a sentence
    ("P2 draws a card"). ``redacted(events, viewer)`` redacts a list.

    ``message()`` is what the event says in the log and the banners, a template with its
    values (``games.core.words``); ``str()`` is its plain fallback. Every game's events
    have their own (tests/app/test_render_words.py checks it): the base's, the event's text
    as written, is only for an event made outside the games (a test's).
    """

    def seen_by(self, viewer: Seat | None) -> Event:
        return self

    def message(self) -> Words:
        if type(self).__str__ is Event.__str__:
            return Words.plain(repr(self))
        return Words.plain(str(self))

    def __str__(self) -> str:
        return str(self.message())


def redacted(events: Iterable[Event], viewer: Seat | None) -> list[Event]:
    """The events as ``viewer`` (a seat, or None for a spectator) may see them."""
    return [event.seen_by(viewer) for event in events]


# An outcome that says no more than who won.
NO_REASON = T("")


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended: the winning seats, a score per seat (higher is better),
    and why, as a message for the app to put in a player's words ("{side} reached {target}"),
    never a finished sentence: the results screen names the seats."""

    winners: tuple[Seat, ...]
    scores: tuple[float, ...]
    reason: Words = NO_REASON

    def __str__(self) -> str:
        names = ", ".join(seat_name(s) for s in self.winners) or "nobody"
        why = str(self.reason)
        return f"{names} won" + (f" ({why})" if why else "")


def seat_name(seat: Seat) -> str:
    """The short name used in logs and action strings: seat 0 is ``P1``."""
    return f"P{seat + 1}"


@runtime_checkable
class GameState(Protocol[ActionT, ViewT_co]):
    """What the shell, the bots, the simulator and the conformance tests rely on.

    ``ActionT`` is the game's action type (a dataclass or a union of them), ``ViewT_co``
    what ``view`` gives a seat. Code that drives any game (the session, the simulator)
    holds a ``GameState[Any, Any]``; a game's own code and tests use its concrete state.
    """

    @property
    def seats(self) -> int: ...

    @property
    def opening(self) -> Sequence[Event]:
        """What ``new_game`` dealt, as events (cards dealt, the trump turned, who starts):
        the table animates them and the log shows them before the first action, since no
        ``apply`` returns them. Like every event they may hide cards (``seen_by``). Only a
        state fresh from ``new_game`` has them: a clone is a position to search, not a deal
        to show, and has none. A game whose deal shows nothing has none (Nails: two piles
        face down; the first cards turn up on the clock)."""
        ...

    def to_act(self) -> list[Seat]: ...

    def legal_actions(self, seat: Seat) -> list[ActionT]: ...

    def apply(self, action: ActionT) -> list[Event]: ...

    def view(self, seat: Seat | None) -> ViewT_co:
        """What ``seat`` may know; ``None`` is a spectator, who is no seat: the public table,
        no hand, nothing to do. Bots only ever get a seat's view."""
        ...

    def is_over(self) -> bool: ...

    def outcome(self) -> Outcome | None: ...

    def clone(self) -> GameState[ActionT, ViewT_co]: ...

    def all_cards(self) -> Sequence[Hashable]:
        """Every card in every zone (hands, stock, piles): the conservation check. (Cards, or
        a game's own pieces: Nails plays with rings.)"""
        ...

    def hidden_from(self, seat: Seat | None) -> Sequence[Hashable]:
        """The cards ``seat`` may not know the place of; its view, and every event as
        ``event.seen_by(seat)`` gives it, must contain none of them. ``seat`` None is a
        spectator: every card not shown to the whole table."""
        ...


class TakesMovesBack(Protocol):
    """Taking moves back: ``undo`` takes back the last move with the moves that go with it,
    ``redo`` makes the last ones taken back again; both raise ``IllegalAction`` when there is
    nothing to take back or make again. What a state that does it itself offers
    (``Undoable``), and what a table asks of its session (app/core/table_session.py)."""

    @property
    def can_undo(self) -> bool: ...

    @property
    def can_redo(self) -> bool: ...

    def undo(self) -> list[Event]: ...

    def redo(self) -> list[Event]: ...


@runtime_checkable
class Undoable(TakesMovesBack, Protocol):
    """A state that takes moves back itself (Seahaven, whose player may undo without limit).

    The state keeps what undo needs (where each card came from), so a move is taken back at
    once instead of the whole game being replayed to the move before. ``record`` is the
    actions that made the position now, oldest first: what a session's ``actions`` must
    then be (the moves undone are not among them).
    """

    def record(self) -> list[Action]: ...


class TurnBot(Protocol[ViewT_contra, ActionT_co]):
    """A turn bot picks one of the legal actions from what its seat can see."""

    def __call__(self, view: ViewT_contra, rng: Random, /) -> ActionT_co: ...


# What a game's refusal says when its own checks find nothing wrong though ``legal_actions``
# does not list the action: never a player's case while the two agree.
NOT_ALLOWED_NOW = T("that is not allowed now")


def check_legal(state: GameState[ActionT, Any], action: object,
                why_not: Callable[[object], Words | str]) -> ActionT:
    """The one judge of legality, which every game's ``apply`` asks first: ``action`` is
    legal exactly when ``state.legal_actions`` lists it for its seat. A refused action
    raises ``IllegalAction`` with the game's own sentence, ``why_not(action)``, which only
    explains (it is asked nothing when the action is legal). Returns the action, typed.

    >>> from games.registry import GAMES
    >>> state = GAMES["abstrac"].new_game(GAMES["abstrac"].make_options(), 1)
    >>> check_legal(state, "pass", lambda a: f"no such action: {a}")
    Traceback (most recent call last):
    ...
    games.core.protocol.IllegalAction: no such action: pass
    """
    seat = getattr(action, "seat", None)
    if isinstance(seat, int):
        for legal in state.legal_actions(seat):
            if legal == action:
                return legal
    raise IllegalAction(why_not(action))


# What ``Random.getstate()`` gives: passed to the worker and back so bots' draws stay exact.
RngState = tuple[object, ...]


def copy_rng(rng: Random) -> Random:
    """An independent generator in the same state (for ``clone``)."""
    twin = Random()
    twin.setstate(rng.getstate())
    return twin


def cards_in(values: Iterable[Any]) -> list[Card]:
    """Every ``Card`` found anywhere inside nested containers and dataclasses (for leak checks)."""
    found: list[Card] = []
    _collect(values, found, set())
    return found


def _collect(value: Any, found: list[Card], seen: set[int]) -> None:
    if isinstance(value, Card):
        found.append(value)
        return
    if isinstance(value, (str, bytes, int, float, bool)) or value is None:
        return
    if id(value) in seen:
        return
    seen.add(id(value))
    if isinstance(value, dict):
        for key, item in value.items():
            _collect(key, found, seen)
            _collect(item, found, seen)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for item in value:
            _collect(item, found, seen)
    elif hasattr(value, "__dataclass_fields__"):
        for name in value.__dataclass_fields__:
            _collect(getattr(value, name), found, seen)
