"""Double-dummy analysis of trick games: with every hand open, what each card is worth.

The one interface the coach (review screen), the Expert bots and ``parlour solve`` use.
Two exact engines answer it, the same answers (tests/games/test_double_dummy.py plays
them against each other):

- Bo Haglund's DDS, through the library ``endplay`` installs (games/core/dds_library.py):
  four hands, partners opposite, plain trumps; whole 13-card deals in milliseconds to a
  fraction of a second. Used when it is installed and the position fits.
- Our own search (games/core/trick_search.py) for everything else: Euchre's bowers, Nap's
  Joker and 3-7 hands, three-handed Nash Whist, a declarer alone against the rest,
  misère, seats sitting out; and for Whist where DDS is missing (Python 3.14, for now).
  Exponential: fine up to about seven cards a hand, slow beyond.

API (all pure; a value is always "tricks the side to play takes from here on, the trick
on the table included, with perfect play by everyone after it"):

- ``solve_leads(hands, trumps, leader, played_so_far) -> {card: tricks}``: four hands of
  up to 13 cards, partners opposite; ``leader`` led the trick now on the table (or leads
  next), ``played_so_far`` are that trick's cards in order.
- ``Position.of(hands, rules, leader, trick, sides=, sitting_out=, misere=)``: any shape;
  ``rules`` is the game's own ``TrumpRules`` (Euchre's bowers, Nap's ``NapRules``).
- ``solve(position) -> {card: tricks}`` and ``solve_many(positions)`` (batched: DDS shares
  them over its threads); ``value(position) -> tricks`` for the best card.
- ``engine_for(position) -> "dds" | "search"``: which engine would answer.
- ``trick_search.reaches(position, target) -> {card: bool}``: whether the side to play
  then takes at least ``target`` tricks (at most, in misère); a contract's question, far
  cheaper than exact counts in our own search.

For the coach: the double-dummy value of each card at a decision is ``solve`` of the
state's real hands (``Position.of(state.hands, rules, trick leader, trick cards, ...)``);
the single-dummy value is ``games.core.expert_play.single_dummy(view, knowledge, rng)``:
the same, averaged over deals consistent with what the seat knew (each game's bots module
has a ``knowledge(view)``).

>>> from games.core.cards import Suit, cards
>>> hands = [cards("AS QS"), cards("KS 2H"), cards("3S 4S"), cards("5S 6S")]
>>> {str(c): t for c, t in solve_leads(hands, None, 0, []).items()}
{'AS': 2, 'QS': 0}
"""

from __future__ import annotations

from typing import Literal, Sequence

from games.core import dds_library, trick_search
from games.core.cards import Card, Suit
from games.core.protocol import Seat
from games.core.trick_position import Hands, Position
from games.core.tricks import TrumpRules

__all__ = ["Position", "solve_leads", "solve", "solve_many", "value", "engine_for", "dds_available"]

Engine = Literal["auto", "dds", "search"]


def dds_available() -> bool:
    """Whether DDS is installed here (``pip install endplay`` where it has wheels)."""
    return dds_library.available()


def engine_for(position: Position, engine: Engine = "auto") -> Literal["dds", "search"]:
    if engine == "search":
        return "search"
    if engine == "dds" or (dds_library.fits(position) and dds_library.available()):
        return "dds"
    return "search"


def solve(position: Position, engine: Engine = "auto") -> dict[Card, int]:
    """Every legal card of the seat to play, with the tricks its side then takes."""
    return solve_many([position], engine)[0]


def solve_many(positions: Sequence[Position], engine: Engine = "auto") -> list[dict[Card, int]]:
    """``solve`` for many positions at once: DDS's ones go in batches to its threads."""
    results: list[dict[Card, int] | None] = [None] * len(positions)
    for_dds = [i for i, p in enumerate(positions) if engine_for(p, engine) == "dds"]
    if for_dds:
        for i, answer in zip(for_dds, dds_library.solve_many([positions[i] for i in for_dds])):
            results[i] = answer
    for i, position in enumerate(positions):
        if results[i] is None:
            results[i] = trick_search.solve(position)
    return [r for r in results if r is not None]


def value(position: Position, engine: Engine = "auto") -> int:
    """The tricks the side to play takes with its best card (fewest, in misère)."""
    results = solve(position, engine)
    return min(results.values()) if position.misere else max(results.values())


def solve_leads(hands: Hands, trumps: Suit | None, leader: Seat,
                played_so_far: Sequence[Card] = (), engine: Engine = "auto") -> dict[Card, int]:
    """Four hands, partners opposite, ``trumps`` (None: no trumps): each legal card of the
    seat to play (the leader when ``played_so_far`` is empty) with the tricks its
    partnership takes from here on, this trick included."""
    position = Position.of(hands, TrumpRules(trumps), leader, played_so_far, seats=4)
    if position.seats != 4:
        raise ValueError(f"solve_leads is for four hands, not {position.seats}")
    return solve(position, engine)
