"""``parlour solve seahaven --deal N``: the deal, the solver's verdict, the moves, the time.

With ``--to M`` every deal from N to M is solved and a summary is printed instead (the
figures the issue asks for: verdict counts, median and p90 seconds, median solution length).

``parlour solve whist --deal SEED``: the first deal of ``parlour play whist --seed SEED``,
and each legal opening lead with the tricks the leader's partnership takes when all four
play perfectly after it (double dummy: games/core/double_dummy.py).
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from app.core.words.deal_words import deal_number
from games.seahaven.rules import state_for
from games.seahaven.solver import DEFAULT_NODES, solve_state


def solve_deal(deal: int, max_nodes: int = DEFAULT_NODES) -> dict[str, Any]:
    """The JSON record of one deal: layout, verdict, single-card moves, seconds, nodes."""
    state = state_for(deal)
    started = time.perf_counter()
    result = solve_state(state, max_nodes)
    seconds = time.perf_counter() - started
    return {
        "deal": deal,
        "columns": [[str(c) for c in col] for col in state.columns],
        "towers": [str(t) if t else None for t in state.towers],
        "solvable": result.solvable,
        "moves": [_notation(m) for m in result.moves],
        "seconds": round(seconds, 4),
        "nodes": result.nodes,
    }


def whist_deal(seed: int) -> dict[str, Any]:
    """The JSON record of a Whist deal: hands, trumps, the leader, each lead's tricks."""
    from games.core.cards import Card
    from games.core.double_dummy import solve_leads
    from games.whist.rules import WhistOptions, new_game

    state = new_game(WhistOptions(), seed)
    leader = state.tricks.leader
    leads = solve_leads(state.hands, state.trump, leader)
    order = sorted(leads, key=lambda c: (c.sort_key(), str(c)))
    return {
        "hands": {str(s): [str(c) for c in sorted(hand, key=Card.sort_key)] for s, hand in enumerate(state.hands)},
        "trumps": state.trump.value if state.trump else None,
        "leader": leader,
        "leads": {str(card): leads[card] for card in order},
    }


def describe_whist(seed: int, record: dict[str, Any]) -> str:
    """The human-readable report of a Whist deal's opening leads, in a player's words: the
    seats as the table numbers them (you sit in seat 1), cards with their suit signs."""
    from app.core.words.render import card_text
    from games.core.cards import Card, Suit

    def cards(codes: list[str]) -> str:
        return " ".join(card_text(Card.parse(code)) for code in codes)

    trumps = Suit.parse(record["trumps"]).title if record["trumps"] else "no trumps"
    lines = [f"Whist, {deal_number(seed).lower()}: {trumps} are trumps, seat {record['leader'] + 1} leads"]
    for seat, hand in record["hands"].items():
        lines.append(f"  seat {int(seat) + 1}{' (you)' if seat == '0' else ''}: {cards(hand)}")
    best = max(record["leads"].values())
    lines.append("Opening leads, tricks for the leader's side with perfect play:")
    for card, tricks in record["leads"].items():
        lines.append(f"  {cards([card]):>3} {tricks:2}{'  best' if tricks == best else ''}")
    return "\n".join(lines)


def _notation(move: Any) -> str:
    """``4D>c3``, ``4D>t1``, ``4D>home``: short enough to read a whole line of them."""
    to = move.to
    where = "home" if to.kind == "foundation" else f"{to.kind[0]}{to.index + 1}"
    return f"{move.card}>{where}"


def summary(first: int, last: int, max_nodes: int = DEFAULT_NODES) -> dict[str, Any]:
    records = [solve_deal(d, max_nodes) for d in range(first, last + 1)]
    times = sorted(r["seconds"] for r in records)
    lengths = [len(r["moves"]) for r in records if r["solvable"]]
    return {
        "deals": f"{first}-{last}",
        "solved": sum(1 for r in records if r["solvable"] is True),
        "unsolvable": sum(1 for r in records if r["solvable"] is False),
        "unknown": sum(1 for r in records if r["solvable"] is None),
        "median_seconds": round(statistics.median(times), 4),
        "p90_seconds": round(times[max(0, int(len(times) * 0.9 + 0.5) - 1)], 4),
        "max_seconds": times[-1],
        "median_moves": statistics.median(lengths) if lengths else None,
        "median_nodes": statistics.median(r["nodes"] for r in records),
        "unsolvable_deals": [r["deal"] for r in records if r["solvable"] is False],
        "unknown_deals": [r["deal"] for r in records if r["solvable"] is None],
    }


def describe(record: dict[str, Any]) -> str:
    """The human-readable report of one deal."""
    lines = [f"Seahaven Towers, {deal_number(record['deal']).lower()}"]
    for i, col in enumerate(record["columns"], start=1):
        lines.append(f"  column {i:2}: {' '.join(col)}")
    lines.append("  towers   : " + " ".join(t or "--" for t in record["towers"]))
    verdict = {True: "solvable", False: "unsolvable", None: "unknown (node budget reached)"}
    lines.append(f"Verdict: {verdict[record['solvable']]} in {record['seconds']:.3f} s, "
                 f"{record['nodes']} positions searched")
    if record["moves"]:
        lines.append(f"Solution, {len(record['moves'])} single-card moves:")
        moves = record["moves"]
        for start in range(0, len(moves), 12):
            lines.append("  " + " ".join(moves[start:start + 12]))
    return "\n".join(lines)
