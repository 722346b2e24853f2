"""A key press or click at a reflex table, read and stamped but not yet an action. The table
(app/window/scenes/realtime.py) turns it into the seat's timed action; at a networked table
the net side (app/window/scenes/realtime_net.py) stamps it on the server's clock first."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Press:
    """One input waiting to become an action: when it was read, whose, and what."""

    ticks: int
    seat: int
    index: int                  # the seat's first (0) or second (1) key; -1 for a click
    pos: tuple[int, int] = (0, 0)
    button: int = 1
