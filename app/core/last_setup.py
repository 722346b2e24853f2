"""The setup screen's last choices for a game, as kept in settings.json (``last_setup``),
and their recall: every field checked on its own, so a damaged or hand-edited entry costs
only the fields that are wrong. A bad field falls back to its default and is named in the
one notice the setup screen shows.

>>> from games.registry import GAMES
>>> spec = GAMES["ninety_nine"]
>>> setup, problems = recall(spec, {"seats": [{"human": True, "difficulty": "normal"}] * 30,
...                                 "options": {"tokens": 4}, "seed": "abc"})
>>> len(setup.seats), setup.options["tokens"], setup.seed, problems
(4, 4, None, ['30 players', "the seed 'abc'"])
"""

from __future__ import annotations

from typing import Any

from app.core.session import SeatPlan, Setup
from app.core.words.names import clean_name
from games.registry import DIFFICULTIES, GameSpec

MAX_SEED = 2**63
"""Seeds are whole numbers from 0 below this (a replay file's bound too)."""


def remember(setup: Setup, typed: list[str] | None = None) -> dict[str, Any]:
    """What settings.json keeps of ``setup``; ``typed`` are the names typed for its human
    seats ("" where none was), so a family's hot-seat names are there next time."""
    kept: dict[str, Any] = {
        "seats": [{"human": p.human, "difficulty": p.difficulty} for p in setup.seats],
        "options": dict(setup.options), "seed": setup.seed,
    }
    names = [name if plan.human else "" for name, plan in zip(typed or [], setup.seats)]
    if any(names):
        kept["names"] = names
    return kept


def recall(spec: GameSpec, saved: Any) -> tuple[Setup | None, list[str]]:
    """The setup kept for ``spec`` (None when nothing usable was kept), and what in it had to
    fall back to the default, in a player's words (empty when all was well)."""
    if not isinstance(saved, dict):
        return None, []
    problems: list[str] = []
    seats = _seats(spec, saved.get("seats"), problems)
    options = _options(spec, saved.get("options", {}), problems)
    seed = _seed(saved.get("seed"), problems)
    names = _names(saved.get("names"), seats, problems)
    try:
        spec.make_options(seats=len(seats), **options)
    except (TypeError, ValueError):   # each option allowed alone, not together
        options = _default_options(spec)
        problems.append("options that do not go together")
    return Setup(spec.id, seats, options, seed, names), problems


def notice(spec: GameSpec, problems: list[str]) -> str:
    """The one line shown for a recalled setup that had bad fields."""
    listed = problems[0] if len(problems) == 1 else ", ".join(problems[:-1]) + " and " + problems[-1]
    them = "that is" if len(problems) == 1 else "those are"
    return f"Your last {spec.title} setup had {listed}; {them} back to the default."


def _default_options(spec: GameSpec) -> dict[str, Any]:
    return {o.key: o.default for o in spec.options}


def _seats(spec: GameSpec, raw: Any, problems: list[str]) -> list[SeatPlan]:
    default = Setup.default(spec).seats
    if raw is None:
        return default
    if not isinstance(raw, list) or not spec.min_seats <= len(raw) <= spec.max_seats:
        problems.append(f"{len(raw)} players" if isinstance(raw, list) else "an unreadable list of players")
        return default
    fallback = Setup.default(spec, seats=len(raw)).seats
    plans = [_seat(spec, entry) for entry in raw]
    bad = [i for i, plan in enumerate(plans) if plan is None]
    if bad:
        names = ", ".join(f"seat {i + 1}" for i in bad)
        problems.append(f"an unknown player or level for {names}")
    return [plan if plan is not None else fallback[i] for i, plan in enumerate(plans)]


def _seat(spec: GameSpec, raw: Any) -> SeatPlan | None:
    """One seat's plan, or None when it is not one this game allows."""
    if not isinstance(raw, dict) or not isinstance(raw.get("human"), bool):
        return None
    difficulty = raw.get("difficulty", "normal")
    if not isinstance(difficulty, str) or difficulty not in DIFFICULTIES:
        return None
    if not raw["human"] and difficulty not in spec.bots:
        return None   # a level this game's computer players do not have (or none at all)
    return SeatPlan(raw["human"], difficulty)


def _options(spec: GameSpec, raw: Any, problems: list[str]) -> dict[str, Any]:
    options = _default_options(spec)
    if not isinstance(raw, dict):
        problems.append("unreadable options")
        return options
    allowed = {o.key: o for o in spec.options}
    for key, value in raw.items():
        option = allowed.get(key)
        if option is None:
            problems.append(f"an unknown option {key!r}")
        elif not any(type(value) is type(choice) and value == choice for choice in option.choices):
            # type() too: True == 1, but `true` is not one false-slap penalty card
            problems.append(f"{option.label.lower()} set to {value!r}")
        else:
            options[key] = value
    return options


def _names(raw: Any, seats: list[SeatPlan], problems: list[str]) -> list[str] | None:
    """The names typed for human seats last time ("" elsewhere), each one fit for a plate."""
    if raw is None:
        return None
    if not isinstance(raw, list) or not all(isinstance(name, str) for name in raw):
        problems.append("unreadable player names")
        return None
    names = [clean_name(name) if plan.human else "" for name, plan in zip(raw + [""] * len(seats), seats)]
    return names if any(names) else None


def _seed(raw: Any, problems: list[str]) -> int | None:
    if raw is None:
        return None
    if isinstance(raw, int) and not isinstance(raw, bool) and 0 <= raw < MAX_SEED:
        return raw
    problems.append(f"the seed {raw!r}" if len(repr(raw)) <= 24 else "an unreadable seed")
    return None
