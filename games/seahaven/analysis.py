"""The coach for Seahaven Towers: whether the deal was still winnable after each move, and
the move that lost it ("winnable until move 17, 7♣ to a tower; no win after it").

Winnability only ever goes one way along a game (a lost position has no winnable
successor; Parlour's replays hold no undone moves), so a binary search over the moves finds
the losing one with a handful of solves. Each solve has a node budget
(games/seahaven/solver.py); a position the budget cannot decide is "unknown", and the
review says where it could not tell, never guessing.

A move here is what the player did in one go: a card with the cards chained to it (the
rest of a run, cards sent home by themselves).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable, Sequence

from games.core.analysis import Analysis, Decision, Progress, Review
from games.seahaven.rules import Move, Resign, SeahavenOptions, SeahavenState, new_game
from games.seahaven.solver import DEFAULT_NODES, HINT_NODES, solve_state, verdicts

UNIT = "winnable"


def winnable(state: SeahavenState, max_nodes: int = DEFAULT_NODES) -> bool | None:
    """True, False, or None where the budget ran out."""
    if state.won:
        return True
    if state.resigned:
        return False
    return solve_state(state, max_nodes).solvable


def _distinct(moves: list[Move], chosen: Any = None) -> list[Move]:
    """The moves less repeats: a card sent to one free tower or another is the same move
    (``chosen``, if it is one of them, stands for the rest)."""
    kept: dict[tuple[Any, ...], Move] = {}
    for move in moves:
        key = (move.card, "tower") if move.to.kind == "tower" else (move.card, move.to)
        if key not in kept or move == chosen:
            kept[key] = move
    return list(kept.values())


def analyse(state: SeahavenState, seat: int = 0, max_nodes: int = HINT_NODES, chosen: Any = None) -> Analysis:
    """Each useful move (a tower card to another tower is no option: it changes nothing)
    with 1.0 if the deal is still winnable after it, 0.0 if not, and ``chosen`` among them
    whatever it was; moves the budget could not decide are left out of ``values`` and
    listed in ``extra``."""
    values: dict[Any, float] = {}
    unknown = []
    useful = state.useful_moves()
    if isinstance(chosen, Move) and chosen not in useful and chosen in state.legal_moves():
        useful.append(chosen)
    moves = _distinct(useful, chosen)
    for move, verdict in zip(moves, _winnable_after(state, moves, max_nodes)):
        if verdict is None:
            unknown.append(move)
        else:
            values[move] = 1.0 if verdict else 0.0
    return Analysis(values, reason="", extra={"unknown": len(unknown)})


def _winnable_after(state: SeahavenState, moves: list[Move], max_nodes: int) -> list[bool | None]:
    """``winnable`` after each of ``moves`` (never a resignation), in one go whose searches
    share the winning lines they find: the same verdicts, about three times sooner."""
    after = [state.clone() for _ in moves]
    for position, move in zip(after, moves):
        position.apply(move)
    return verdicts(after, max_nodes)


def _groups(options: SeahavenOptions, seed: int, actions: Sequence[Any]) -> tuple[list[SeahavenState], list[tuple[int, Any]]]:
    """The position before each move (and the last one after it) and each move's first
    action with its index."""
    state = new_game(options, seed)
    positions: list[SeahavenState] = []
    starts: list[tuple[int, Any]] = []
    for index, action in enumerate(actions):
        if not (isinstance(action, Move) and action.chained):
            positions.append(state.clone())
            starts.append((index, action))
        state.apply(action)
    positions.append(state.clone())
    return positions, starts


class _Verdicts:
    """Each position's winnability, solved once, counting nodes and reporting progress."""

    def __init__(self, positions: list[SeahavenState], max_nodes: int, progress: Progress | None) -> None:
        self.positions, self.max_nodes, self.progress = positions, max_nodes, progress
        self.known: dict[int, bool | None] = {}

    def __call__(self, k: int) -> bool | None:
        if k not in self.known:
            self.known[k] = winnable(self.positions[k], self.max_nodes)
            if self.progress is not None:
                self.progress(len(self.known), max(len(self.known), 12))
        return self.known[k]


def _last_winnable(status: Callable[[int], bool | None], lo: int, hi: int) -> tuple[int, int, bool]:
    """With ``status(lo)`` True and ``status(hi)`` False, narrow to ``hi == lo + 1``; the
    flag is False where positions in between could not be decided (then ``lo``..``hi`` is
    the span the budget left open)."""
    while hi - lo > 1:
        mid = (lo + hi) // 2
        for k in sorted(range(lo + 1, hi), key=lambda k: abs(k - mid)):
            verdict = status(k)
            if verdict is not None:
                break
        else:
            return lo, hi, False
        if verdict:
            lo = k
        else:
            hi = k
    return lo, hi, True


def review(options: SeahavenOptions, seed: int, actions: Sequence[Any], seat: int = 0,
           progress: Progress | None = None, max_nodes: int = DEFAULT_NODES) -> Review:
    positions, starts = _groups(options, seed, actions)
    result = Review("seahaven", 0, UNIT)
    status = _Verdicts(positions, max_nodes, progress)
    moves = [positions[k].moves + 1 for k in range(len(starts))]
    first, last = status(0), status(len(positions) - 1)
    verdict: dict[str, Any] = {"moves": positions[-1].moves}  # single cards, as the table counts
    if last:
        verdict["status"] = "won" if positions[-1].won else "still winnable"
    elif first is None or last is None:
        verdict["status"] = "unknown"
        verdict["unknown_at"] = "start" if first is None else "end"
    elif not first:
        verdict["status"] = "never winnable"
    else:
        lo, hi, sure = _last_winnable(status, 0, len(positions) - 1)
        if sure:
            verdict.update(status="lost", move=moves[lo], index=starts[lo][0])
        else:
            verdict.update(status="unknown", winnable_until=moves[lo] - 1 if lo else 0,
                           lost_by=moves[hi - 1] if hi - 1 < len(moves) else len(moves))
    result.verdict = verdict
    for k, (index, action) in enumerate(starts):
        after = status.known.get(k + 1, _implied(status.known, k + 1))
        extra = {"winnable_after": after}
        if verdict.get("status") == "lost" and verdict.get("index") == index:
            analysis = _at_loss(positions[k], action)
        else:
            analysis = Analysis({}, reason="", extra=extra)
        result.decisions.append(Decision(index, 0, "move", moves[k], _plain(action), analysis))
    return result


def _implied(known: dict[int, bool | None], k: int) -> bool | None:
    """What the solved positions imply for position ``k``: winnable if a later one was,
    lost if an earlier one was."""
    if any(v for j, v in known.items() if j >= k):
        return True
    if any(v is False for j, v in known.items() if j <= k):
        return False
    return None


def _plain(action: Any) -> Any:
    return replace(action, chained=False) if isinstance(action, Move) else action


def _at_loss(before: SeahavenState, action: Any) -> Analysis:
    """The options at the losing move: each legal move with whether it kept the win."""
    analysis = analyse(before, chosen=_plain(action))
    values = dict(analysis.values)
    values[_plain(action)] = 0.0  # known: this move lost it
    if isinstance(action, Resign):
        values[action] = 0.0
    return Analysis(values, reason="lost the win", extra={**analysis.extra, "winnable_after": False})
