"""The Nash Whist auction panel's rows and the settlement's lines: which legal bid goes in
which row, how each button reads (a pip and Out/In, NT, or the contract's name, with what
it pays), and what a contract asks, for the line under the panel.

>>> from games.nash_whist.rules import Bid, MakeBid
>>> rows = bid_rows([MakeBid(0, Bid.parse(t)) for t in ("Prop", "Six-In", "Six-Out hearts", "Misere")], Suit.SPADES)
>>> [(row.heading, [c.label for c in row.choices]) for row in rows]
[('', ['Prop']), ('Six', ['Out', 'In']), ('', ['Misere'])]
>>> describe(Bid.parse("Seven-Out hearts"), Suit.SPADES)
'take 7 tricks alone, hearts trumps instead of the turned spades'
>>> standings_line(["You", "Otto", "Rosa", "Ivy"], (40, 62, 62, 12))
'1. Otto 62 · 1. Rosa 62 · 3. You 40 · 4. Ivy 12'
>>> payment_lines([("Otto", "You", 4), ("You", "Ivy", 2)])
['Otto pays you 4 · You pay Ivy 2']
>>> legal = [Bid.parse(t) for t in ("Six-Out hearts", "Six-Out clubs", "Six-In", "Seven-In", "Six-No-Trumps", "Misere")]
>>> [str(b) for b in first_bids(legal, {Suit.HEARTS: 4.0, Suit.CLUBS: 6.2, Suit.SPADES: 5.0, None: 2.0}, None)]
['Six-Out clubs', 'Six-No-Trumps', 'Six-In', 'Misere']
"""

from __future__ import annotations

from typing import Any

from app.window.tables.auction import Choice, ChoiceRow
from games.core.cards import Suit
from games.nash_whist import bids as nwb


def bid_rows(actions: list[Any], initial: Suit) -> list[ChoiceRow]:
    """The legal bids in the contract table's order, a row a level (Out in each suit, No
    Trumps, In), Triste, Misere and Open Misere each a row where they rank, the Thirteens
    last. Prop and Five-In join the first row (Pass and Cop) to save a line."""
    rows: dict[tuple[int, int], list[Choice]] = {}
    for action in sorted(actions, key=lambda a: a.bid):
        rows.setdefault(_row_of(action.bid), []).append(bid_choice(action, initial))
    return [ChoiceRow(nwb.LEVELS.get(key[0], "") if key[1] == 0 else "", tuple(rows[key]))
            for key in sorted(rows)]


_AFTER = {nwb.TRISTE: 7, nwb.MISERE: 8, nwb.OPEN_MISERE: 12}


def _row_of(bid: nwb.Bid) -> tuple[int, int]:
    """(level, 0) for a level's row; (level, 1) for the special bid ranked after it."""
    if bid.kind in _AFTER:
        return (_AFTER[bid.kind], 1)
    if bid.kind == nwb.PROP or bid.level == 5:
        return (0, 0)
    return (bid.level, 0)


def bid_choice(action: Any, initial: Suit) -> Choice:
    """A compact button: a pip and Out/In, NT, or the contract's name, with its payment."""
    bid = action.bid
    tip = f"{bid}: {describe(bid, initial)} · {bid.pay} from each opponent"
    if bid.kind == nwb.OUT:
        return Choice("Out", action, pay=bid.pay, suit=bid.suit, tip=tip)
    if bid.kind == nwb.IN and bid.level > 5:
        return Choice("In", action, pay=bid.pay, suit=initial, tip=tip)
    if bid.kind == nwb.NO_TRUMPS:
        return Choice("NT", action, pay=bid.pay, tip=tip)
    if bid.kind == nwb.THIRTEEN:
        return Choice("" if bid.suit else "NT", action, pay=bid.pay, suit=bid.suit, tip=tip)
    return Choice(str(bid), action, pay=bid.pay, tip=tip)


def describe(bid: nwb.Bid, initial: Suit) -> str:
    """What a contract asks of its declarer, in a few words (saying which trumps In and
    Out mean, since that is what a new player asks)."""
    trump = bid.trump(initial)
    trumps = f"{trump.title} trumps" if trump else "no trumps"
    if bid.kind == nwb.PROP:
        return f"ask for a partner: 8 tricks together, {trumps}"
    if bid.kind == nwb.TRISTE:
        return "win exactly one trick, no trumps"
    if bid.is_misere:
        return "lose every trick, no trumps" + (", hand laid open after the first" if bid.is_open else "")
    if bid.kind == nwb.THIRTEEN:
        return f"win all 13 tricks, {trumps}"
    if bid.kind == nwb.IN:
        return f"take {bid.tricks} tricks alone, the turned {trumps}"
    if bid.kind == nwb.OUT:
        return f"take {bid.tricks} tricks alone, {trumps} instead of the turned {initial.title}"
    return f"take {bid.tricks} tricks alone, {trumps}"


def first_bids(bids: list[nwb.Bid], estimate: dict[Suit | None, float], suggested: nwb.Bid | None) -> list[nwb.Bid]:
    """The bids that matter now, lowest first: the cheapest legal bid of each way to play
    (Prop; In; Out in the suit the hand's estimate likes best; No Trumps; Triste or Misere,
    the cheapest way to lose), and the one a computer player would make with this hand.
    Every other bid waits behind "More bids"."""
    def cheapest(kinds: tuple[str, ...], suit: Suit | None = None) -> nwb.Bid | None:
        return min((b for b in bids if b.kind in kinds and (suit is None or b.suit is suit)), default=None)
    outs = {b.suit for b in bids if b.kind == nwb.OUT and b.suit is not None}
    best_out = max(outs, key=lambda s: (estimate.get(s, 0.0), nwb.SUIT_RANK[s]), default=None)
    picks = [cheapest((nwb.PROP,)), cheapest((nwb.IN,)), cheapest((nwb.NO_TRUMPS,)),
             cheapest((nwb.TRISTE, nwb.MISERE)), suggested]
    if best_out is not None:
        picks.append(cheapest((nwb.OUT,), best_out))
    return sorted({bid for bid in picks if bid is not None and bid in bids})


def payment_lines(payments: list[tuple[str, str, int]]) -> list[str]:
    """'Otto pays you 4 · Rosa pays you 4', two payments a line so the summary stays narrow."""
    if not payments:
        return ["Nobody had chips to pay"]
    words = [f"{payer} {'pay' if payer == 'You' else 'pays'} {'you' if payee == 'You' else payee} {chips}"
             for payer, payee, chips in payments]
    return [" · ".join(words[i:i + 2]) for i in range(0, len(words), 2)]


def standings_line(names: list[str], chips: tuple[int, ...] | list[int]) -> str:
    """The session's standings, most chips first: equal chips share a place, and the next
    place counts everyone above it ("1. P2 62 · 1. P3 62 · 3. You 40")."""
    order = sorted(range(len(chips)), key=lambda s: (-chips[s], s))
    words = []
    for seat in order:
        place = 1 + sum(1 for other in chips if other > chips[seat])
        words.append(f"{place}. {names[seat]} {chips[seat]}")
    return " · ".join(words)
