"""Where a server table's deal comes from: a secret nobody at the table chooses.

The seed and the actions replay a whole game, so whoever knows a table's seed knows every
hand. A host who could choose it (``create.seed``, ``parlour host --seed``) would deal
their friends' hands knowing them all, and a seed drawn from a small range (10^9, 30
bits) is found again from one hand by trying them all. So a table with a remote seat is
dealt from 128 bits of ``secrets`` (again at each new deal), and a chosen seed there is
refused. A seed may still be chosen where nobody could be wronged by it: at a table with
no remote seat (the host and computers: a fixed deal for local play), or on a server made
with ``chosen_seeds`` (the tests, the self-test and the benchmarks, which replay deals;
``parlour serve --chosen-seeds``, hidden).
"""

from __future__ import annotations

import secrets

from app.net.wire.protocol import Create, ProtocolError

__all__ = ["SEED_BITS", "CHOSEN_REFUSED", "secret_seed", "table_seed"]

SEED_BITS = 128
CHOSEN_REFUSED = ("a table with remote players is dealt from a secret seed that nobody chooses, the host "
                  "included: leave the seed out (a chosen deal is for a table of you and computers)")


def secret_seed() -> int:
    """A fresh deal's seed: ``SEED_BITS`` random bits from ``secrets``."""
    return secrets.randbits(SEED_BITS)


def table_seed(request: Create, chosen_seeds: bool = False) -> int:
    """The seed of the table ``request`` makes; raises ``ProtocolError`` when it chooses
    one it may not (a remote seat, on a server that does not allow it)."""
    if request.seed is None:
        return secret_seed()
    if not chosen_seeds and any(seat.kind == "remote" for seat in request.seat_plan()):
        raise ProtocolError(CHOSEN_REFUSED)
    return request.seed
