"""People at the table instead of seat numbers: the player's own name, for a second human at
the keyboard the name they played under last time (else "Player 2"), and a small cast of computer players whose names follow from
the seed, so a replay shows the same people; and ``SeatNames``, how one table names its
seats, which ``app.core.words.render`` reads when it puts a message of the rules core in
a player's words ("Mabel gives 2 to you").
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Sequence

from app.core.words.language import N_, _

if TYPE_CHECKING:
    from app.core.table_session import TableSession

# Friendly names for computer players: short, easy to tell apart, none a seat number.
CAST = ("Mabel", "Otto", "Rosa", "Felix", "Hattie", "Jasper", "Nell", "Ruben", "Ivy",
        "Walter", "Dot", "Cyril", "Maud", "Percy")
NAME_LIMIT = 16
LEVELS = {"easy": N_("Easy"), "normal": N_("Normal"), "hard": N_("Hard"), "expert": N_("Expert")}


def clean_name(text: str) -> str:
    """A name as typed, made fit for a plate: printable, trimmed, at most ``NAME_LIMIT``.

    >>> clean_name("  Sam \\t"), clean_name("x" * 40) == "x" * NAME_LIMIT, clean_name("P2")
    ('Sam', True, '')
    """
    name = " ".join("".join(c for c in text if c.isprintable()).split())[:NAME_LIMIT].strip()
    return "" if re.fullmatch(r"P\d+|you", name, re.IGNORECASE) else name


def cast_for(seed: int, count: int, taken: Sequence[str] = ()) -> list[str]:
    """``count`` computer names for a game with ``seed``, none of them in ``taken``: the same
    seed always seats the same cast, in the same seats.

    >>> cast_for(7, 3) == cast_for(7, 3), len(set(cast_for(7, 5)))
    (True, 5)
    >>> "Mabel" in cast_for(7, 13, taken=["Mabel"])
    False
    """
    free = [name for name in CAST if name not in taken]
    random.Random(seed * 104_729 + 31).shuffle(free)
    return [free[i % len(free)] for i in range(count)]


def seat_names(plans: Sequence[Any], seed: int, player: str, given: Sequence[str] | None = None,
               others: Sequence[str] = ()) -> list[str]:
    """A name for every seat: one ``given`` (from the setup screen or a saved game) where
    there is one; else a human's default (``human_default``: ``player``, the name in the
    settings, for the first; ``others``, the other people at this keyboard last time, then
    "Player 3"... for the rest), and computer players are drawn from the cast.

    >>> from app.core.session import SeatPlan
    >>> plans = [SeatPlan(True), SeatPlan(False), SeatPlan(True), SeatPlan(False)]
    >>> names = seat_names(plans, 3, "Sam")
    >>> names[0], names[2], names[1] in CAST, names[1] != names[3]
    ('Sam', 'Player 3', True, True)
    >>> seat_names(plans, 3, "Sam", ["Ann", "", "Bo", ""])[:3:2], seat_names(plans, 3, "Sam", others=["Mia"])[2]
    (['Ann', 'Bo'], 'Mia')
    """
    given = list(given or [])
    chosen = [clean_name(given[seat]) if seat < len(given) and isinstance(given[seat], str) else ""
              for seat in range(len(plans))]
    names = [name or (human_default(plans, seat, player, others, taken=chosen) if plan.human else "")
             for seat, (name, plan) in enumerate(zip(chosen, plans))]
    bots = iter(cast_for(seed, len(plans), taken=[n for n in names if n]))
    return [name or next(bots) for name in names]


def human_default(plans: Sequence[Any], seat: int, player: str, others: Sequence[str] = (),
                  taken: Sequence[str] = ()) -> str:
    """What a human seat is called until a name is typed for it: the first human is
    ``player`` (or "Player 1"); the next ones with no name typed (``taken``: each seat's,
    "" where none) take, in order, the names of the other people who played at this
    keyboard last time (``others``, from the settings) that no seat has, then "Player 3"...

    >>> from app.core.session import SeatPlan
    >>> plans = [SeatPlan(True), SeatPlan(True), SeatPlan(False), SeatPlan(True)]
    >>> [human_default(plans, seat, "Sam", ["Mia", "Sam"]) for seat in (0, 1, 3)]
    ['Sam', 'Mia', 'Player 4']
    >>> human_default(plans, 1, "", ["Mia", "Bo"], taken=["", "", "", "Mia"])
    'Bo'
    >>> human_default(plans, 3, "", ["Mia", "Bo"], taken=["", "Bo", "", ""])
    'Mia'
    """
    humans = [i for i, plan in enumerate(plans) if plan.human]
    if seat not in humans or humans.index(seat) == 0:
        return clean_name(player) or "Player 1"
    typed = [clean_name(name) for name in taken]
    untyped = [i for i in humans[1:] if i == seat or i >= len(typed) or not typed[i]]
    used = {clean_name(player), *typed}
    free = [name for name in dict.fromkeys(clean_name(n) for n in others) if name and name not in used]
    place = untyped.index(seat)
    return free[place] if place < len(free) else f"Player {seat + 1}"


def others_kept(plans: Sequence[Any], names: Sequence[str], kept: Sequence[str], most: int = 8) -> list[str]:
    """The settings' list of the other people at this keyboard after a game set up with
    ``names``: the humans' after the first (not a "Player 3" default) first, in seat order,
    then those ``kept`` before, at most ``most``.

    >>> from app.core.session import SeatPlan
    >>> others_kept([SeatPlan(True), SeatPlan(True), SeatPlan(True)], ["Sam", "Bo", "Player 3"], ["Mia", "Bo"])
    ['Bo', 'Mia']
    """
    humans = [clean_name(name) for name, plan in zip(names, plans) if plan.human][1:]
    fresh = [name for name in humans if name and not re.fullmatch(r"Player \d+", name)]
    return [name for name in dict.fromkeys([*fresh, *map(clean_name, kept)]) if name][:most]


def name_problem(text: str) -> str | None:
    """Why ``text`` cannot be a player's name (None when it can; empty means "no name")."""
    if text.strip() and not clean_name(text):
        return _("Choose a name that is not a seat number or \"you\"")
    return None


def level_word(difficulty: str) -> str:
    """A computer player's level as the plate shows it, small under the name."""
    return _(LEVELS[difficulty]) if difficulty in LEVELS else difficulty.title()


@dataclass
class SeatNames:
    """How one table names its seats: ``names`` per seat, and ``you`` the seat the table
    speaks to ("You"), if one."""

    names: list[str]
    you: int | None = None

    def name(self, seat: int) -> str:
        """The seat as a sentence names it: "You" or its person's name."""
        return "You" if seat == self.you else self.names[seat]


def name_session(session: TableSession, player: str, others: Sequence[str] = ()) -> list[str]:
    """Every seat's name for ``session``, written into its setup (``setup.names``) so that
    Continue, a replay and a rematch seat the same people (``others``: the other people at
    this keyboard last time, the defaults for the humans after the first)."""
    names = seat_names(session.setup.seats, session.seed, player, session.setup.names, others)
    session.setup.names = names
    return names
