"""A game seen from one seat: what a network client knows, shaped like the rules state.

A client is sent, after every action, its seat's view (a spectator: ``view(None)``), who may
act, whether the game is over and how it ended; never the rules state. ``ViewState`` holds
exactly that and answers the questions a table asks of a state (``to_act``,
``legal_actions``, ``view``, ``is_over``, ``outcome``, ``seats``), so a table draws and plays
the same whether its session holds the real state or this. It never applies an action: the
rules live on the server, and a client sends its action there.

Every turn game's view carries ``legal``: the seat's legal actions while it may act.

>>> from games.registry import GAMES
>>> spec = GAMES["whist"]
>>> state = spec.new_game(spec.make_options(), 3)
>>> seat = state.to_act()[0]
>>> seen = ViewState.of(state, seat)
>>> seen.legal_actions(seat) == state.legal_actions(seat), seen.to_act() == state.to_act()
(True, True)
>>> seen.legal_actions((seat + 1) % 4), seen.seats, seen.is_over(), seen.outcome()
([], 4, False, None)
>>> seen.apply(seen.legal_actions(seat)[0])
Traceback (most recent call last):
...
games.core.view_state.ViewOnly: a view of the game cannot play an action: the rules state applies it
"""

from __future__ import annotations

from typing import Any, Generic, Protocol, Sequence, TypeVar

from games.core.cards import Card
from games.core.protocol import Event, GameState, Outcome, Seat, cards_in

__all__ = ["SeatedView", "ViewOnly", "ViewState"]


class SeatedView(Protocol):
    """What ``ViewState`` reads of a view: whose it is, how many seats, the seat's legal actions."""

    @property
    def seat(self) -> Seat | None: ...

    @property
    def seats(self) -> int: ...

    @property
    def legal(self) -> Sequence[Any]: ...


ViewT = TypeVar("ViewT", bound=SeatedView)


class ViewOnly(RuntimeError):
    """Something asked a view of the game to do what only the rules state can."""


class ViewState(Generic[ViewT]):
    """The game as one seat (or a spectator, ``view.seat`` None) knows it.

    ``view`` is the seat's view, ``to_act`` who may act now (as the rules state says),
    ``over`` whether the game is over and ``outcome`` how it ended (None until then).
    Nothing in it changes: the next message makes a new one.
    """

    __slots__ = ("_view", "_to_act", "_over", "_outcome")

    def __init__(self, view: ViewT, to_act: Sequence[Seat], over: bool,
                 outcome: Outcome | None) -> None:
        self._view = view
        self._to_act = tuple(to_act)
        self._over = over
        self._outcome = outcome

    def __repr__(self) -> str:
        return (f"ViewState(seat={self.seat}, to_act={list(self._to_act)}, over={self._over}, "
                f"outcome={self._outcome!r})")

    @property
    def over(self) -> bool:
        return self._over

    @staticmethod
    def of(state: GameState[Any, Any], seat: Seat | None) -> ViewState[Any]:
        """What ``seat`` (None: a spectator) would be sent of ``state`` now."""
        return ViewState(state.view(seat), state.to_act(), state.is_over(), state.outcome())

    @property
    def seats(self) -> int:
        return self._view.seats

    @property
    def seat(self) -> Seat | None:
        """Whose view this is (None: a spectator's)."""
        return self._view.seat

    @property
    def opening(self) -> tuple[Event, ...]:
        """None: a view is no deal; the first deal's events come with the message that
        shows it (a remote session's ``opening``)."""
        return ()

    def to_act(self) -> list[Seat]:
        return list(self._to_act)

    def legal_actions(self, seat: Seat) -> list[Any]:
        """The view's own legal actions when ``seat`` is its seat and may act; nobody else's
        are known here, so any other seat has none."""
        if seat is None or seat != self._view.seat or seat not in self._to_act or self._over:
            return []
        return list(self._view.legal)

    def view(self, seat: Seat | None) -> ViewT:
        """The one view held, whatever seat is asked for: the table asks for its own."""
        return self._view

    def is_over(self) -> bool:
        return self._over

    def outcome(self) -> Outcome | None:
        return self._outcome

    def apply(self, action: object) -> list[Event]:
        raise ViewOnly("a view of the game cannot play an action: the rules state applies it")

    def clone(self) -> ViewState[ViewT]:
        return self  # nothing in it changes

    def all_cards(self) -> list[Card]:
        """The cards this seat can see (not the whole deck: that is only the rules state's)."""
        return cards_in([self._view])

    def hidden_from(self, seat: Seat | None) -> list[Card]:
        """Nothing held here is hidden from anyone who may see it: the view was made for its seat."""
        return []
