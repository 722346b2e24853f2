"""Who a view is for: a seat, or a spectator (``None``), who is no seat.

Every game's view class is generic in its ``seat`` field's type. ``XView`` alone means
``XView[Seat]``, a seat's view: bots and a seat's own code take that, and the type checker
keeps a spectator's view (``XView[None]``) from them. A table that may draw either takes
``XView[Seat | None]``. Each game's ``view`` is overloaded so ``view(seat)`` gives the first
and ``view(None)`` the second.

``TypeVar`` defaults (PEP 696) are not in ``typing`` before Python 3.13, so the type checker
reads the one from ``typing_extensions``; at run time a plain ``TypeVar`` does the same job.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.core.protocol import Seat

if TYPE_CHECKING:
    from typing_extensions import TypeVar

    SeatT = TypeVar("SeatT", bound="Seat | None", default=Seat, covariant=True)
else:
    from typing import TypeVar

    SeatT = TypeVar("SeatT", bound="Seat | None", covariant=True)

__all__ = ["SeatT"]
