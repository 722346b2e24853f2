"""Words that agree: a name and its verb ("P2 slaps" but "You slap"), for the banners
that name whoever did something, the player included; a count and its noun ("1 move",
"2 moves")."""

from __future__ import annotations

_IRREGULAR = {"is": "are", "has": "have", "does": "do", "was": "were", "goes": "go"}


def base_form(verb: str) -> str:
    """The form of a third-person verb that goes with "you".

    >>> [base_form(v) for v in ("flips", "is", "has", "touches", "carries", "takes", "passes")]
    ['flip', 'are', 'have', 'touch', 'carry', 'take', 'pass']
    """
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if verb.endswith("ies"):
        return verb[:-3] + "y"
    if verb.endswith(("ches", "shes", "sses", "xes", "zzes")):
        return verb[:-2]
    return verb[:-1] if verb.endswith("s") else verb


def says(name: str, verb: str) -> str:
    """``name`` with ``verb`` (given as for "P2": "flips") made to agree.

    >>> says("P2", "flips"), says("You", "flips"), says("You", "is")
    ('P2 flips', 'You flip', 'You are')
    """
    return f"{name} {base_form(verb) if name == 'You' else verb}"


def counted(number: int, noun: str, plural: str | None = None) -> str:
    """``number`` with ``noun`` in the right number.

    >>> counted(1, "move"), counted(0, "card"), counted(3, "spoon")
    ('1 move', '0 cards', '3 spoons')
    >>> counted(2, "match", "matches")
    '2 matches'
    """
    return f"{number} {noun if number == 1 else plural or noun + 's'}"
