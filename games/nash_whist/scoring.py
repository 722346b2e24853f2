"""When a Nash Whist hand is decided, and who pays whom when it is.

Kept apart from the state so the arithmetic can be read, and tested, on its own.

Decision (a payment larger than a cache): nobody pays more than they hold. A defender short
of chips pays what they have; a declarer short of chips pays the defenders in turn, from
their left, until nothing is left. A cache at zero ends the session after that deal.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from games.core.protocol import Seat, seat_name
from games.core.words import T, Who, Words
from games.nash_whist.bids import TRISTE, Bid

TRICKS_PER_HAND = 13


@dataclass(frozen=True)
class Payment:
    payer: Seat
    payee: Seat
    chips: int

    def message(self) -> Words:
        """The payment as a message, for a player's words ("Otto pays you 4")."""
        return T("{payer} pays {payee} {chips}", payer=Who(self.payer), payee=Who(self.payee), chips=self.chips)

    def __str__(self) -> str:
        return f"{seat_name(self.payer)} pays {seat_name(self.payee)} {self.chips}"


def decided(contract: Bid, side_tricks: int, played: int) -> bool | None:
    """True once the contract is made, False once it can no longer be made, else None
    (``side_tricks``: tricks of the declaring side; ``played``: tricks played so far).

    >>> decided(Bid.parse("Misere"), 1, 3), decided(Bid.parse("Misere"), 0, 12), decided(Bid.parse("Misere"), 0, 13)
    (False, None, True)
    >>> decided(Bid.parse("Triste"), 1, 12), decided(Bid.parse("Triste"), 1, 13), decided(Bid.parse("Triste"), 2, 5)
    (None, True, False)
    >>> decided(Bid.parse("Six-In"), 6, 9), decided(Bid.parse("Six-In"), 1, 9), decided(Bid.parse("Six-In"), 2, 9)
    (True, False, None)
    """
    left = TRICKS_PER_HAND - played
    if contract.is_misere:
        return False if side_tricks else (True if left == 0 else None)
    if contract.kind == TRISTE:
        if side_tricks > 1:
            return False
        return side_tricks == 1 if left == 0 else None
    if side_tricks >= contract.tricks:
        return True
    return False if side_tricks + left < contract.tricks else None


def clockwise_from(seat: Seat, seats: Sequence[Seat], total: int) -> list[Seat]:
    """``seats`` in playing order starting on ``seat``'s left (``seat`` itself excluded)."""
    return sorted((s for s in seats if s != seat), key=lambda s: (s - seat) % total)


def payments(chips: Sequence[int], active: Sequence[Seat], declarer: Seat, partner: Seat | None,
             contract: Bid, made: bool) -> list[Payment]:
    """Who pays whom, capped by what each payer holds.

    Alone: each defender pays the declarer the contract's chips if it is made; otherwise the
    declarer pays each defender. Prop-and-Cop: the opponents, taken from the declarer's
    left, are matched to the declarer and then to the partner; each pair settles one to one.

    >>> [str(p) for p in payments([50] * 4, [0, 1, 2, 3], 1, None, Bid.parse("Six-In"), True)]
    ['P3 pays P2 4', 'P4 pays P2 4', 'P1 pays P2 4']
    >>> [str(p) for p in payments([50, 3, 50, 50], [0, 1, 2, 3], 1, None, Bid.parse("Six-Out clubs"), False)]
    ['P2 pays P3 3']
    >>> [str(p) for p in payments([50] * 4, [0, 1, 2, 3], 0, 1, Bid.parse("Prop"), True)]
    ['P3 pays P1 1', 'P4 pays P2 1']
    """
    total = len(chips)
    left = list(chips)
    out: list[Payment] = []

    def settle(ours: Seat, theirs: Seat) -> None:
        """One pair settles: ``theirs`` pays ``ours`` if the contract is made, else the reverse."""
        payer, payee = (theirs, ours) if made else (ours, theirs)
        amount = min(contract.pay, left[payer])
        if amount > 0:
            left[payer] -= amount
            left[payee] += amount
            out.append(Payment(payer, payee, amount))

    if partner is not None:
        opponents = clockwise_from(declarer, [s for s in active if s != partner], total)
        for mine, theirs in zip((declarer, partner), opponents):
            settle(mine, theirs)
        return out
    for defender in clockwise_from(declarer, active, total):
        settle(declarer, defender)
    return out
