"""Which sound each rules event makes, for every game in one place.

The table scenes call :func:`play_for` for each event they show and :func:`play_end` once
when a game is over, so a game's table never has to remember its own sounds: a new game
whose events reuse the shared ones (the trick-taking events, say) is heard at once, and a
missing entry here is the only way a game can fall silent.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any, Callable, Sequence

from app.window import synth

if TYPE_CHECKING:
    from app.core.table_session import TableSession

Sound = str | Callable[[Any], "str | None"]

def _named(module: str, **sounds: Sound) -> dict[str, Sound]:
    return {f"{module}.{name}": sound for name, sound in sounds.items()}


# Keyed by each event class's full name (module and class), not by the class itself:
# importing every game's rules to build this table cost a table's first frame some 60 ms.
SOUNDS: dict[str, Sound] = {
    # the trick-taking games (Whist, Euchre, Nap and any other built on the shared engine)
    **_named("games.core.trick_events", HandDealt="deal", CardPlayed="play", TrickTaken="trick"),
    **_named("games.euchre.rules", PickedUp="draw", Discarded="play"),
    # Ninety-Nine
    **_named("games.ninety_nine.rules", HandDealt="deal", Played="play", Drew="draw", HandLost="lose"),
    # Egyptian Ratscrew: a late slap still hits the table; a false one buzzes
    **_named("games.ratscrew.rules", Dealt="deal", Flipped="play", Slapped="slap", LateSlap="slap",
             FalseSlap="false_slap", PileWon="trick"),
    # Nails: a right call sounds like a good slap, a wrong one like a false slap
    **_named("games.nails.rules", Revealed="play",
             Called=lambda e: "slap" if e.correct else "false_slap"),
    # Spoons (Pig's nose touch uses the spoon sound too: it is that variant's grab; the first
    # grab sounds the alarm, so nobody loses a letter without hearing it); a card
    # taken is heard only when the viewer sees it, or six players would make a rattle
    **_named("games.spoons.events", Dealt="deal", Took=lambda e: "draw" if e.card is not None else None,
             Grabbed=lambda e: "alarm" if e.first else "spoon", FalseGrab="false_slap", RoundLost="lose"),
    # the thinking games
    **_named("games.nash.rules", Dealt="deal", Drew="draw", Handed="play", TookRandom="draw",
             Revealed="trick"),
    **_named("games.abstrac.rules", Dealt="deal", Took="play", DealScored="trick"),
    # Seahaven Towers
    **_named("games.seahaven.rules", Dealt="deal", Moved="play"),
}

REPEAT_GAP = 0.03
"""Seconds within which the same sound is not started again: a deal to four hands, or a
run of cards going home, is heard as one sound, not as a loud pile of copies."""

_last: dict[str, float] = {}


def sound_for(event: Any) -> str | None:
    """The name of ``event``'s sound (see :data:`app.window.synth` for the names), or None."""
    kind = type(event)
    sound = SOUNDS.get(f"{kind.__module__}.{kind.__qualname__}")
    return sound(event) if callable(sound) else sound


def end_sound(humans: Sequence[int], winners: Sequence[int]) -> str:
    """'win' when a human player is among the winners (or nobody human played), else 'lose'."""
    if not humans:
        return "win"
    return "win" if any(seat in winners for seat in humans) else "lose"


def play(name: str | None) -> None:
    if name is None:
        return
    now = time.monotonic()
    if now - _last.get(name, -1.0) < REPEAT_GAP:
        return
    _last[name] = now
    synth.play(name)


def play_for(event: Any) -> None:
    play(sound_for(event))


def play_end(session: TableSession) -> None:
    outcome = session.state.outcome()
    play(end_sound(session.humans, outcome.winners if outcome is not None else ()))
