"""The coach's data: each decision of a game with the value of every option, and a whole
game reviewed from its replay (seed, options, actions).

Pure, like the rest of ``games/``: a game's ``analysis.py`` says what an option is worth
at a decision (``analyse(state, seat)``); :func:`review_game` walks a replay and asks it at
every decision of one seat. Nothing here words anything for the player: the app does that
(app/core/words/review_words.py), so cards stay cards and seats stay seats.

Values have a unit the review names (``tricks``, ``points``, ``winnable``, ``chance``).
``cost`` is always how much worse the chosen option was than the best by the fair judge
(single-dummy for trick games), never negative; 0 is best play.

>>> a = Analysis({"x": 2.0, "y": 1.0}, reason="")
>>> a.best, a.cost_of("y")
(2.0, 1.0)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Collection, Mapping, Sequence

from games.core.protocol import GameState, Seat

# A mistake costs at least this much (single-dummy averages are never exactly equal).
MISTAKE = 0.25


@dataclass(frozen=True)
class Analysis:
    """The options at one decision. ``values`` is the fair judge (higher is better unless
    ``lower_is_better``); ``exact`` the all-seeing value where there is one (double-dummy);
    ``reason`` a short note (``"forced"``, ``"double-dummy only"``); ``extra`` game data
    (a Seahaven verdict, a Ninety-Nine count)."""

    values: Mapping[Any, float]
    exact: Mapping[Any, float] = field(default_factory=dict)
    reason: str = ""
    lower_is_better: bool = False
    extra: Mapping[str, Any] = field(default_factory=dict)
    mistake_at: float = MISTAKE
    """The cost from which a choice counts as a mistake (a game with small units lowers it)."""

    @property
    def best(self) -> float | None:
        if not self.values:
            return None
        pick = min if self.lower_is_better else max
        return pick(self.values.values())

    def cost_of(self, option: Any) -> float:
        """How much worse ``option`` was than the best (0 when it was best or unknown)."""
        best, mine = self.best, self.values.get(option)
        if best is None or mine is None:
            return 0.0
        return max(0.0, (mine - best) if self.lower_is_better else (best - mine))


@dataclass(frozen=True)
class Decision:
    """One decision of the reviewed seat: ``index`` of the action in the replay, ``chosen``
    (the option as ``analysis`` keys it), ``number`` (trick, move or deal number), ``kind``
    (``"card"``, ``"move"``, ``"take"``, ...)."""

    index: int
    seat: Seat
    kind: str
    number: int
    chosen: Any
    analysis: Analysis
    part: int = 0
    """The hand or deal the decision belongs to (0: the game has one)."""

    @property
    def cost(self) -> float:
        return self.analysis.cost_of(self.chosen)

    @property
    def mistake(self) -> bool:
        return self.cost >= self.analysis.mistake_at

    @property
    def bid_cost(self) -> float:
        """What a bid or call cost, in its own unit (chips, points; never added to
        ``cost``, whose unit is the review's): 0 for a card, a move or a sound bid."""
        bid = self.analysis.extra.get("bid")
        return float(bid.get("cost") or 0.0) if isinstance(bid, Mapping) else 0.0

    @property
    def costly(self) -> bool:
        """A mistake in play or a bid that cost something: what the review jumps between."""
        return self.mistake or self.bid_cost > 0


@dataclass
class Review:
    """A whole game reviewed for one seat. ``unit`` names the values; ``notes`` say what
    was left out and why ("bids are not reviewed"); ``verdict`` holds a game's headline
    data (Seahaven: winnable until which move)."""

    game_id: str
    seat: Seat
    unit: str
    decisions: list[Decision] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    verdict: dict[str, Any] = field(default_factory=dict)

    @property
    def mistakes(self) -> list[Decision]:
        return [d for d in self.decisions if d.mistake]

    @property
    def costly(self) -> list[Decision]:
        """The mistakes and the bids that cost something, in the order they came."""
        return [d for d in self.decisions if d.costly]

    @property
    def total_cost(self) -> float:
        return sum(d.cost for d in self.mistakes)


# What a game's analysis module offers the walker: the decision at ``state`` for ``seat``
# before ``action`` is applied (None: not a decision the coach reviews).
Judge = Callable[[GameState[Any, Any], Seat, Any, int], Decision | None]
Progress = Callable[[int, int], None]


def review_game(spec: Any, options: Any, seed: int, actions: Sequence[Any], seat: Seat,
                judge: Judge, unit: str, progress: Progress | None = None,
                only: Collection[int] | None = None) -> Review:
    """Replay the game and ask ``judge`` at every action ``seat`` took (``only``: at those
    action indices alone, so a long review can be done in parts)."""
    state = spec.new_game(options, seed)
    review = Review(spec.id, seat, unit)
    mine = sum(1 for a in actions if getattr(a, "seat", None) == seat)
    done = 0
    for index, action in enumerate(actions):
        if getattr(action, "seat", None) == seat and (only is None or index in only):
            decision = judge(state, seat, action, index)
            if decision is not None:
                review.decisions.append(decision)
            done += 1
            if progress is not None:
                progress(done, mine)
        state.apply(action)
    return review


def to_data(review: Review, word: Callable[[Any], str] = str) -> dict[str, Any]:
    """The review as plain JSON data; ``word`` writes an option ("QH", "take 2")."""
    return {
        "game": review.game_id, "seat": review.seat, "unit": review.unit,
        "notes": list(review.notes), "verdict": dict(review.verdict),
        "total_cost": round(review.total_cost, 3),
        "decisions": [{
            "index": d.index, "kind": d.kind, "part": d.part, "number": d.number, "chosen": word(d.chosen),
            "cost": round(d.cost, 3), "mistake": d.mistake, "reason": d.analysis.reason,
            "best": None if d.analysis.best is None else round(d.analysis.best, 3),
            "values": {word(o): round(v, 3) for o, v in d.analysis.values.items()},
            "exact": {word(o): round(v, 3) for o, v in d.analysis.exact.items()},
            **({"extra": {k: _plain(v) for k, v in d.analysis.extra.items()}} if d.analysis.extra else {}),
        } for d in review.decisions],
    }


def _plain(value: Any) -> Any:
    if isinstance(value, dict):  # a bid's table of tricks by trumps stays a table
        return {str(k): _plain(v) for k, v in value.items()}
    return value if isinstance(value, (int, float, str, bool, type(None))) else str(value)
