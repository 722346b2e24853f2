"""Abstrac solved exactly: negamax with alpha-beta pruning and a transposition table.

A position is the number of cards already taken from the row and the set of cards the
player to move holds (the other player holds the rest of the taken cards), so a search
key is two integers. Values are from the mover's side: its deal score minus the other's.

The table stores bounds as well as exact values, so the searches for each root take (the
hint shows all of them) and the re-searches of a narrowed window share their work.

>>> from games.core.cards import cards
>>> solver = Solver(cards("AS KS QS 9H 9D 9C TD"))
>>> solver.take_values(0, 0)
{1: 0, 2: 0, 3: -6}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from games.abstrac.scoring import card_bit, mask_of, mask_points, scores_from
from games.core.cards import Card

INF = 10**9
EXACT, LOWER, UPPER = 0, 1, 2
MAX_TAKE = 3


def final_value(me: int, opp: int) -> int:
    """The mover's score minus the other's when the row is empty (misère included)."""
    mine, theirs = scores_from((mask_points(me), mask_points(opp)), (me.bit_count(), opp.bit_count()))
    return mine - theirs


@dataclass
class SearchStats:
    nodes: int = 0


class Solver:
    """Searches one row. ``row[0]`` is the top end, the next card to be taken."""

    def __init__(self, row: Sequence[Card], held: Iterable[Card] = ()) -> None:
        """``held``: the cards both players took before this row was searched (for a position
        in mid-deal, pass the rest of the row and every taken card)."""
        bits = [card_bit(card) for card in row]
        self.size = len(bits)
        self.prefix = [0] * (self.size + 1)
        self.prefix[0] = mask_of(held)
        for i, bit in enumerate(bits):
            self.prefix[i + 1] = self.prefix[i] | bit
        self.table: dict[tuple[int, int], tuple[int, int, int]] = {}
        self.stats = SearchStats()

    def takes(self, taken: int) -> list[int]:
        return [k for k in range(1, MAX_TAKE + 1) if taken + k <= self.size]

    def gain(self, taken: int, k: int) -> int:
        """The bits of the next ``k`` cards from the top end."""
        return self.prefix[taken + k] ^ self.prefix[taken]

    # exact search ---------------------------------------------------------------------------

    def value(self, taken: int, me: int, alpha: int = -INF, beta: int = INF) -> int:
        """Negamax value for the mover holding ``me`` after ``taken`` cards have gone."""
        self.stats.nodes += 1
        if taken == self.size:
            return final_value(me, self.prefix[taken] ^ me)
        key = (taken, me)
        entry = self.table.get(key)
        first = MAX_TAKE
        if entry is not None:
            stored, flag, first = entry
            if flag == EXACT or (flag == LOWER and stored >= beta) or (flag == UPPER and stored <= alpha):
                return stored
        start_alpha, best, best_k = alpha, -INF, first
        opp = self.prefix[taken] ^ me
        for k in self._ordered(taken, first):
            score = -self.value(taken + k, opp, -beta, -alpha)
            if score > best:
                best, best_k = score, k
            alpha = max(alpha, score)
            if alpha >= beta:
                break
        flag = UPPER if best <= start_alpha else LOWER if best >= beta else EXACT
        self.table[key] = (best, flag, best_k)
        return best

    def _ordered(self, taken: int, first: int) -> list[int]:
        moves = self.takes(taken)
        if first in moves:
            moves.remove(first)
            moves.insert(0, first)
        return moves

    def take_values(self, taken: int, me: int) -> dict[int, int]:
        """The exact value of every legal take for the mover (what the hint shows)."""
        opp = self.prefix[taken] ^ me
        return {k: -self.value(taken + k, opp) for k in self.takes(taken)}

    def best_take(self, taken: int, me: int) -> int:
        values = self.take_values(taken, me)
        return max(values, key=lambda k: (values[k], k))

    # a short look ahead, for the easier computer players ----------------------------------------

    def shallow(self, taken: int, me: int, depth: int, alpha: int = -INF, beta: int = INF) -> int:
        """Negamax ``depth`` takes deep; below that, the deal is scored as if it ended there."""
        self.stats.nodes += 1
        opp = self.prefix[taken] ^ me
        if taken == self.size or depth == 0:
            return final_value(me, opp)
        best = -INF
        for k in self.takes(taken):
            best = max(best, -self.shallow(taken + k, opp, depth - 1, -beta, -alpha))
            alpha = max(alpha, best)
            if alpha >= beta:
                break
        return best

    def shallow_values(self, taken: int, me: int, depth: int) -> dict[int, int]:
        opp = self.prefix[taken] ^ me
        return {k: -self.shallow(taken + k, opp, depth - 1) for k in self.takes(taken)}


@dataclass(frozen=True)
class Opening:
    """The solved opening of a deal: the value to the chooser of going first or second."""

    first: int
    second: int
    takes: dict[int, int]
    nodes: int

    @property
    def go_first(self) -> bool:
        return self.first >= self.second


def solve_opening(row: Sequence[Card]) -> Opening:
    """Solve a fresh row. The game is the same whoever starts, so going second is worth
    exactly minus what going first is worth."""
    solver = Solver(row)
    takes = solver.take_values(0, 0)
    best = max(takes.values())
    return Opening(best, -best, takes, solver.stats.nodes)
