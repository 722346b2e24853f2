"""Which sound each rules event makes, for every game in one place.

The table scenes call :func:`play_for` for each event they show and :func:`play_end` once
when a game is over, so a game's table never has to remember its own sounds: a new game
whose events reuse the shared ones (the trick-taking events, say) is heard at once, and a
missing entry here is the only way a game can fall silent.
"""

from __future__ import annotations

import time
from typing import Any, Callable, Sequence

from app import audio
from games.abstrac import rules as ab
from games.core import trick_events as te
from games.euchre import rules as eu
from games.nails import rules as nl
from games.nash import rules as na
from games.ninety_nine import rules as nn
from games.ratscrew import rules as rs
from games.seahaven import rules as sh
from games.spoons import events as sp

Sound = str | Callable[[Any], "str | None"]

SOUNDS: dict[type, Sound] = {
    # the trick-taking games (Whist, Euchre, Nap and any other built on the shared engine)
    te.HandDealt: "deal", te.CardPlayed: "play", te.TrickTaken: "trick",
    eu.PickedUp: "draw", eu.Discarded: "play",
    # Ninety-Nine
    nn.HandDealt: "deal", nn.Played: "play", nn.Drew: "draw", nn.HandLost: "lose",
    # Egyptian Ratscrew: a late slap still hits the table; a false one buzzes
    rs.Dealt: "deal", rs.Flipped: "play", rs.Slapped: "slap", rs.LateSlap: "slap",
    rs.FalseSlap: "false_slap", rs.PileWon: "trick",
    # Nails: a right call sounds like a good slap, a wrong one like a false slap
    nl.Revealed: "play", nl.Called: lambda e: "slap" if e.correct else "false_slap",
    # Spoons (Pig's nose touch uses the spoon sound too: it is that variant's grab); a card
    # taken is heard only when the viewer sees it, or six players would make a rattle
    sp.Dealt: "deal", sp.Took: lambda e: "draw" if e.card is not None else None, sp.Grabbed: "spoon", sp.FalseGrab: "false_slap",
    sp.RoundLost: "lose",
    # the thinking games
    na.Dealt: "deal", na.Drew: "draw", na.Handed: "play", na.TookRandom: "draw", na.Revealed: "trick",
    ab.Dealt: "deal", ab.Took: "play", ab.DealScored: "trick",
    # Seahaven Towers
    sh.Dealt: "deal", sh.Moved: "play",
}

REPEAT_GAP = 0.03
"""Seconds within which the same sound is not started again: a deal to four hands, or a
run of cards going home, is heard as one sound, not as a loud pile of copies."""

_last: dict[str, float] = {}


def sound_for(event: Any) -> str | None:
    """The name of ``event``'s sound (see :data:`app.audio` for the names), or None."""
    sound = SOUNDS.get(type(event))
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
    audio.play(name)


def play_for(event: Any) -> None:
    play(sound_for(event))


def play_end(session: Any) -> None:
    outcome = session.state.outcome()
    play(end_sound(session.humans, outcome.winners if outcome is not None else ()))
