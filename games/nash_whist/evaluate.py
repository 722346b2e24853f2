"""Judging a Nash Whist hand before the auction: how many tricks it should take alone in each
trump choice, and how safe it is for Misere or Triste.

The estimates are weighted counts of features a card player looks at (top trumps, trump
length, side-suit winners, guarded kings, short suits to ruff, long suits). The weights were
measured, not guessed: ``tools/nash_whist_calibrate.py`` deals thousands of random hands,
plays each out with the honest quick policy of games/nash_whist/playout.py for every trump
choice, fits the weights by least squares to the tricks taken, and prints them with the
calibration tables. The Misere and Triste chances are that tool's measured success rates
by "danger" score. On fresh deals (``--check --seed 99``) the estimate is off by about one
trick (root mean square 1.10 four-handed, 1.26 three-handed) and unbiased in every band:
hands estimated at 5 took 4.96 tricks on average, at 8 took 7.94 (four-handed).

>>> from games.core.cards import cards
>>> round(estimate_tricks(cards("AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"), Suit.SPADES, 4))
13
>>> estimate_tricks(cards("2S 3S 4S 2H 3H 4H 5H 2D 3D 4D 2C 3C 4C"), None, 4) < 1
True
>>> misere_safety(cards("2S 3S 4S 2H 3H 4H 5H 2D 3D 4D 2C 3C 4C"), 4) > 0.8
True
"""

from __future__ import annotations

from typing import Sequence

from games.core.cards import Card, Rank, Suit, standard_deck

HAND = 13
Trump = Suit | None  # None: no trumps

# Feature weights per table size from tools/nash_whist_calibrate.py (least squares over
# 6000 hands per table size, seed 1, every trump choice played out; half the hands drawn
# slanted towards strong or weak ones so that the ends of the range are measured too).
TRUMP_WEIGHTS: dict[int, tuple[float, ...]] = {
    3: (-0.552, 1.171, 0.481, 0.314, 0.508, 0.496, 1.006, 1.001, 0.669, 0.570),
    4: (-0.289, 1.226, 0.492, 0.208, 0.457, 0.397, 0.810, 0.597, 0.190, 0.526),
}
NO_TRUMP_WEIGHTS: dict[int, tuple[float, ...]] = {
    3: (0.762, 1.054, 1.261, 1.146, 0.028),
    4: (0.294, 1.080, 1.210, 0.665, 0.046),
}
# The second stage: mean tricks taken at each whole number 0..13 of the linear count.
TRUMP_CURVE: dict[int, tuple[float, ...]] = {
    3: (0.33, 1.09, 2.06, 2.94, 3.92, 4.94, 6.06, 7.18, 8.28, 9.51, 10.32, 11.03, 11.41, 11.85),
    4: (0.32, 1.09, 2.01, 2.96, 3.86, 4.84, 5.91, 7.18, 8.4, 9.73, 10.59, 11.02, 11.35, 11.59),
}
NO_TRUMP_CURVE: dict[int, tuple[float, ...]] = {
    3: (0.0, 0.36, 1.75, 3.1, 4.35, 5.41, 6.39, 7.38, 8.28, 9.58, 10.04, 10.51, 11.25, 11.69),
    4: (0.13, 1.02, 1.91, 3.03, 4.06, 5.14, 6.23, 7.46, 8.23, 8.86, 9.69, 10.49, 10.66, 11.65),
}
# Measured chance that a Misere (Triste) declarer makes it, by danger score 0, 1, 2, ...
# (kept falling); scores past the end of a table count as its last entry.
MISERE_CHANCE: dict[int, tuple[float, ...]] = {
    3: (0.975, 0.7, 0.413, 0.36, 0.147, 0.099, 0.096, 0.032, 0.024, 0.022, 0.019, 0.009, 0.0),
    4: (1.0, 0.946, 0.834, 0.78, 0.669, 0.525, 0.405, 0.37, 0.324, 0.246, 0.172, 0.17, 0.016),
}
TRISTE_CHANCE: dict[int, tuple[float, ...]] = {3: (0.223, 0.223, 0.223, 0.032)}


def deck(players: int) -> list[Card]:
    """The cards in play: three players leave out the clubs."""
    return [c for c in standard_deck() if players != 3 or c.suit is not Suit.CLUBS]


def suits_in_play(players: int) -> list[Suit]:
    return [s for s in Suit if players != 3 or s is not Suit.CLUBS]


def _ranks(hand: Sequence[Card], suit: Suit) -> list[Rank]:
    return sorted((c.rank for c in hand if c.suit is suit), reverse=True)


def top_run(ranks: Sequence[Rank]) -> int:
    """How many of the suit's top cards, Ace down and unbroken, the hand holds."""
    run = 0
    for rank in ranks:
        if rank != Rank.ACE - run:
            break
        run += 1
    return run


def _honour(ranks: Sequence[Rank], rank: Rank, guards: int) -> int:
    """1 when ``rank`` is held outside the top run with at least ``guards`` cards beside it."""
    return int(rank in ranks[top_run(ranks):] and len(ranks) > guards)


def trump_features(hand: Sequence[Card], trump: Suit, players: int) -> tuple[float, ...]:
    """Constant, top trumps, other trumps, trumps past four, trump king, trump queen, side
    winners that stand before a defender can ruff, side guarded kings and queens, ruffs."""
    trumps = _ranks(hand, trump)
    run = top_run(trumps)
    side_tops = kings = queens = short = 0.0
    for suit in suits_in_play(players):
        if suit is trump:
            continue
        ranks = _ranks(hand, suit)
        rounds = (HAND - len(ranks)) / (players - 1)  # rounds before a defender runs out
        side_tops += min(top_run(ranks), rounds)
        kings += _honour(ranks, Rank.KING, 1)
        queens += _honour(ranks, Rank.QUEEN, 2)
        short += max(0, 2 - len(ranks))
    ruffs = min(short, max(0, len(trumps) - 2))
    return (1.0, float(run), float(len(trumps) - run), float(max(0, len(trumps) - 4)),
            float(_honour(trumps, Rank.KING, 1)), float(_honour(trumps, Rank.QUEEN, 2)),
            side_tops, kings, queens, ruffs)


def no_trump_features(hand: Sequence[Card], players: int) -> tuple[float, ...]:
    """Constant, top winners, guarded kings, guarded queens, long cards in suits headed by
    a winner (they run once the suit is cleared)."""
    tops = kings = queens = long = 0.0
    for suit in suits_in_play(players):
        ranks = _ranks(hand, suit)
        run = top_run(ranks)
        tops += run
        kings += _honour(ranks, Rank.KING, 1)
        queens += _honour(ranks, Rank.QUEEN, 2)
        if run or Rank.KING in ranks:
            long += max(0, len(ranks) - run - 3)
    return (1.0, tops, kings, queens, long)


def features(hand: Sequence[Card], trump: Trump, players: int) -> tuple[float, ...]:
    if trump is None:
        return no_trump_features(hand, players)
    return trump_features(hand, trump, players)


def linear_tricks(hand: Sequence[Card], trump: Trump, players: int) -> float:
    """The weighted feature count, before the second-stage curve."""
    table = min(4, max(3, players))
    weights = NO_TRUMP_WEIGHTS[table] if trump is None else TRUMP_WEIGHTS[table]
    total = sum(w * f for w, f in zip(weights, features(hand, trump, table)))
    return max(0.0, min(float(HAND), total))


def estimate_tricks(hand: Sequence[Card], trump: Trump, players: int) -> float:
    """Tricks the hand should take alone against the rest, with ``trump`` as trumps (None:
    no trumps), averaged over where it sits relative to the first lead. A hand that wins
    every trick whoever leads counts all thirteen."""
    if is_laydown(hand, trump, leads=False):
        return float(HAND)
    table = min(4, max(3, players))
    curve = NO_TRUMP_CURVE[table] if trump is None else TRUMP_CURVE[table]
    return _chance(curve, linear_tricks(hand, trump, table))


def is_laydown(hand: Sequence[Card], trump: Trump, leads: bool) -> bool:
    """Every trick is sure: each suit held runs down from its ace; with trumps, they are
    at least as many as the defenders hold between them (so drawing them leaves nothing to
    ruff with) and ruff any lead; without, a hand not on lead must hold every suit."""
    held = {c.suit for c in hand if c.suit is not None}
    if any(top_run(_ranks(hand, s)) < len(_ranks(hand, s)) for s in held):
        return False
    if trump is None:
        return leads or len(held) == len(suits_in_play(4 if Suit.CLUBS in held else 3))
    trumps = len(_ranks(hand, trump))
    return trumps == len(hand) or trumps >= HAND - trumps


def crude_tricks(hand: Sequence[Card], trump: Trump) -> float:
    """The easy player's count: aces and kings, and trumps past three."""
    honours = sum(1.0 if c.rank is Rank.ACE else 0.5 if c.rank is Rank.KING else 0.0 for c in hand)
    length = sum(1 for c in hand if c.suit is trump) if trump is not None else 0
    return honours + max(0, length - 3)


# --- Misere and Triste ------------------------------------------------------------------------

def card_dangers(hand: Sequence[Card], players: int) -> list[float]:
    """For each card, how far it stands above a card that can always duck: the i-th lowest
    card of a suit is safe up to rank 2 + 2i (the 2, then the 4, the 6...), since the
    defenders hold the cards between. A card in a suit of three or fewer counts less: the
    declarer may be able to throw it away."""
    out: list[float] = []
    for suit in suits_in_play(players):
        ranks = sorted(_ranks(hand, suit))
        for i, rank in enumerate(ranks):
            excess = max(0, int(rank) - (2 + 2 * i))
            out.append(excess / 2 if excess else 0.0)
    return out


def misere_danger(hand: Sequence[Card], players: int) -> float:
    return sum(card_dangers(hand, players))


NO_ACE_DANGER = 3.0  # measured: without an ace the Triste declarer seldom gets its one trick


def triste_danger(hand: Sequence[Card], players: int) -> float:
    """As for Misere, but the one trick Triste needs can absorb the worst card; a hand
    with no ace to take that trick is a danger of its own."""
    dangers = sorted(card_dangers(hand, players))
    aces = any(c.rank is Rank.ACE for c in hand)
    return sum(dangers[:-1]) + (0.0 if aces else NO_ACE_DANGER)


def _chance(table: Sequence[float], danger: float) -> float:
    """Read a measured table at a danger score, between its entries linearly."""
    low = min(int(danger), len(table) - 1)
    high = min(low + 1, len(table) - 1)
    part = min(1.0, danger - low)
    return table[low] + (table[high] - table[low]) * part


def misere_safety(hand: Sequence[Card], players: int) -> float:
    """The measured chance that the hand loses every trick against the rest."""
    table = min(4, max(3, players))
    return _chance(MISERE_CHANCE[table], misere_danger(hand, table))


def triste_safety(hand: Sequence[Card], players: int = 3) -> float:
    """The measured chance that the hand takes exactly one trick (three players)."""
    return _chance(TRISTE_CHANCE[3], triste_danger(hand, 3))
