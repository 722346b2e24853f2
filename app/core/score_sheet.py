"""A finished game's score sheet, hand by hand, for the results screen: what each hand came
to (who bid or made what, in the rules' own words), and the running totals after it:
points per partnership (Whist, Euchre), chips per player (Nap; Nash Whist with the pot, a
deal everyone passed a row too),
tokens left (Ninety-Nine). The Nash game has no hands: its notes reveal the mystery cards
and, when nobody guessed the last one, everyone's guess.

The sheet is read from the events the rules return while the game is replayed from its
seed and actions (quick: no solver, no bot), so it needs nothing the table kept. Which
event closes a hand is each game's own (``HandScored``, ``Settled``, ``HandLost``); a game
with none of them has no sheet.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from games.core.protocol import Event
from games.core.trick_events import HandScored
from games.core.words import T, Words
from games.nap.rules import Settled as NapSettled
from games.nash.rules import NashState
from games.nash_whist.rules import AllPassed as NashWhistPassed, Settled as NashWhistSettled
from games.ninety_nine.rules import HandLost, NinetyNineState

# The sheet's headings, in one place for translation.
HAND = "Hand"
HAPPENED = "What happened"
POT = "Pot"

Say = Callable[[Words], str]


@dataclass(frozen=True)
class Sheet:
    """``heads``: the columns ("Hand", "What happened", then one a total: a partnership, a
    player, the pot); ``rows``: a hand each, its totals as "7 (+2)"; ``notes``: lines
    under the sheet (or instead of it)."""

    heads: tuple[str, ...]
    rows: list[tuple[str, ...]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def score_sheet(spec: Any, options: Any, seed: int, actions: Sequence[Any], names: Sequence[str],
                say: Say) -> Sheet | None:
    """The sheet of the game ``actions`` played from ``seed``; None for a game without
    hands to list nor anything to reveal (a reflex game, Abstrac, Seahaven)."""
    if spec.realtime:   # (its actions replay only on its clock; no reflex game has a sheet)
        return None
    state = spec.new_game(options, seed)
    sheet: Sheet | None = None
    for action in actions:
        for event in state.apply(action):
            row = _row(event, state, names)
            if row is None:
                continue
            heads, cells = row
            sheet = sheet or Sheet(heads)
            sheet.rows.append((str(len(sheet.rows) + 1), say(event.message()), *cells))
    if isinstance(state, NashState):
        sheet = Sheet(()) if sheet is None else sheet
        sheet.notes.extend(nash_notes(state, names, say))
    return sheet


def _row(event: Event, state: Any, names: Sequence[str]) -> tuple[tuple[str, ...], list[str]] | None:
    """The headings and the total cells after ``event``, if it closes a hand."""
    if isinstance(event, HandScored):  # partnerships: seats 0 & 2 against 1 & 3
        sides = [f"{names[a]} & {names[b]}" for a, b in ((0, 2), (1, 3))]
        return (HAND, HAPPENED, *sides), _cells(event.scores, event.points)
    if isinstance(event, NapSettled):
        return (HAND, HAPPENED, *names), _cells(event.chips, event.change)
    if isinstance(event, NashWhistSettled):
        return (HAND, HAPPENED, *names, POT), _cells(event.chips, event.change) + [str(event.pot)]
    if isinstance(event, NashWhistPassed):  # a deal nobody bid on: the pot grows
        return (HAND, HAPPENED, *names, POT), [str(c) for c in event.chips] + [str(event.pot)]
    if isinstance(event, HandLost) and isinstance(state, NinetyNineState):
        lost = [-1 if seat == event.seat else 0 for seat in range(len(state.tokens))]
        return (HAND, HAPPENED, *names), _cells(state.tokens, lost)
    return None


def _cells(totals: Sequence[int], changes: Sequence[int]) -> list[str]:
    """Each total with what this hand changed: "7 (+2)", "3 (−1)", "5"."""
    return [f"{total} ({'+' if change > 0 else '−'}{abs(change)})" if change else str(total)
            for total, change in zip(totals, changes)]


def nash_notes(state: NashState, names: Sequence[str], say: Say) -> list[str]:
    """The mystery cards face up, and when nobody guessed the last one, every guess at it."""
    lines = [say(T("The mystery cards were {cards}", cards=tuple(state.mysteries)))]
    if not state.winners and state.guesses:
        guesses = ", ".join(f"{names[seat]} {value}" for seat, value in state.guesses)
        lines.append(say(T("Nobody guessed right: the guesses were {guesses}", guesses=guesses)))
    return lines
