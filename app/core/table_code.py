"""The form of a table's code ("K7QM2X"): six of 32 letters and digits, none that reads as
another (no I, O, 0 or 1). Servers make codes of this form (app/net/server), the wire and the
Join screen check typed ones, and a code read from a file (the kept seats, app/core) or sent
by a server is checked against it before anything draws it: a NUL in a code kept on disk
stopped the menu's first frame. Here in app/core so every layer above reads the same form.
"""

from __future__ import annotations

from typing import TypeGuard

__all__ = ["CODE_ALPHABET", "CODE_LENGTH", "is_table_code"]

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"   # 32 letters: no I, O, 0, 1
CODE_LENGTH = 6


def is_table_code(value: object) -> TypeGuard[str]:
    """Whether ``value`` is a table's code as servers make them.

    >>> is_table_code("K7QM2X"), is_table_code("K7\\x00M2X"), is_table_code("k7qm2x"), is_table_code(7)
    (True, False, False, False)
    """
    return (isinstance(value, str) and len(value) == CODE_LENGTH
            and all(c in CODE_ALPHABET for c in value))
