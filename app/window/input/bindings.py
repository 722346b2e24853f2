"""Per-seat keys for the reflex games: up to four humans share one keyboard.

Each human gets two keys, the first for the game's first action (flip in Ratscrew, hit in
Nails) and the second for its other one (slap, miss). The pairs sit far apart so that
four pairs of hands fit round one keyboard. Players may rebind them in the settings file
under ``key_bindings["reflex<N>"] = {"first": "q", "second": "w"}``.

>>> import pygame
>>> _ = pygame.init()   # key names are SDL's: read once pygame is up, as in the app
>>> keys = KeyMap.for_seats({}, humans=[0, 2])
>>> keys.lookup(pygame.K_p)
(2, 0)
>>> keys.labels(0)
('Q', 'W')
>>> pygame.quit()
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

import pygame

DEFAULT_KEYS: tuple[tuple[str, str], ...] = (("q", "w"), ("p", "["), ("z", "x"), ("m", ","))
MAX_KEYBOARD_PLAYERS = len(DEFAULT_KEYS)
# A third key beside each pair, for games where a player also picks a card (Spoons: which
# card to pass on). Saved as ``key_bindings["reflex<N>"]["choose"]``.
DEFAULT_CHOOSE_KEYS: tuple[str, ...] = ("e", "]", "c", ".")


def _code(name: str, fallback: str) -> int:
    try:
        return pygame.key.key_code(name)
    except ValueError:
        return pygame.key.key_code(fallback)


def slot_keys(bindings: Mapping[str, Mapping[str, str]], slot: int) -> tuple[int, int]:
    """The two key codes of the ``slot``-th human (0-based), from settings or the defaults."""
    first, second = DEFAULT_KEYS[slot]
    saved = bindings.get(f"reflex{slot + 1}", {})
    return (_code(saved.get("first", first), first), _code(saved.get("second", second), second))


def slot_choose_key(bindings: Mapping[str, Mapping[str, str]], slot: int) -> int:
    """The ``slot``-th human's choose key, from settings or the default."""
    default = DEFAULT_CHOOSE_KEYS[slot]
    return _code(bindings.get(f"reflex{slot + 1}", {}).get("choose", default), default)


def key_label(code: int) -> str:
    name = pygame.key.name(code)
    return name.upper() if len(name) == 1 else name.title()


@dataclass(frozen=True)
class KeyMap:
    """Which key belongs to which seat and action (0 = first, 1 = second)."""

    keys: dict[int, tuple[int, int]]   # key code -> (seat, action index)
    by_seat: dict[int, tuple[int, int]]
    choosers: dict[int, int] = field(default_factory=dict)  # choose key code -> seat

    @staticmethod
    def for_seats(bindings: Mapping[str, Any], humans: Sequence[int]) -> KeyMap:
        keys: dict[int, tuple[int, int]] = {}
        by_seat: dict[int, tuple[int, int]] = {}
        choosers: dict[int, int] = {}
        for slot, seat in enumerate(humans[:MAX_KEYBOARD_PLAYERS]):
            pair = slot_keys(bindings, slot)
            by_seat[seat] = pair
            for index, code in enumerate(pair):
                keys.setdefault(code, (seat, index))
        for slot, seat in enumerate(humans[:MAX_KEYBOARD_PLAYERS]):
            code = slot_choose_key(bindings, slot)
            if code not in keys:  # a playing key always wins over a choose key
                choosers.setdefault(code, seat)
        return KeyMap(keys, by_seat, choosers)

    def lookup(self, code: int) -> tuple[int, int] | None:
        return self.keys.get(code)

    def chooser(self, code: int) -> int | None:
        """The seat whose choose key ``code`` is, if any."""
        return self.choosers.get(code)

    def choose_label(self, seat: int) -> str | None:
        return next((key_label(code) for code, owner in self.choosers.items() if owner == seat), None)

    def labels(self, seat: int) -> tuple[str, str] | None:
        pair = self.by_seat.get(seat)
        return None if pair is None else (key_label(pair[0]), key_label(pair[1]))
