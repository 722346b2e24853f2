"""Fast play-outs of a Nash Whist hand for the computer players: a quick, alliance-aware
policy that plays every seat to the end of the hand (or until the contract is decided).

Cards are small integers (games.core.trick_bots.CARD_ID) and hands are lists of them, so
the inner loop hashes and compares quickly. The policy sees, for each seat, only what that
seat could know in a real game (its own cards, the trick, the cards gone), so the results
measure what simple honest play achieves, which is how evaluate.py is calibrated.

Sides: the declaring ``side`` (the declarer, or in Prop-and-Cop both partners) against
everyone else. ``Goal.mode`` says what the declaring side wants: ``tricks`` (at least
``need``), ``misere`` (none) or ``triste`` (exactly one).

>>> from games.core.cards import cards
>>> from games.core.tricks import TrumpRules
>>> from games.core.trick_bots import fast_rules, ids
>>> hands = [ids(cards("AS KS")), ids(cards("2S 3S")), ids(cards("4S 5S")), ids(cards("6S 7S"))]
>>> play(hands, [], 0, [0, 1, 2, 3], fast_rules(TrumpRules(None)), Goal("tricks", 2, frozenset({0})))
(2, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from games.core.protocol import Seat
from games.core.trick_bots import ALL_CARDS, FastRules

TRICKS, MISERE, TRISTE = "tricks", "misere", "triste"
HAND_TRICKS = 13

# For each card id, the bit mask of the higher cards of its own suit (natural suits: Nash
# Whist has no bowers, so a card's effective suit is its printed suit).
_HIGHER: tuple[int, ...] = tuple(
    sum(1 << j for j, other in enumerate(ALL_CARDS) if other.suit is card.suit and other.rank > card.rank)
    for card in ALL_CARDS)


@dataclass(frozen=True)
class Goal:
    """What the declaring side is playing for."""

    mode: str                  # TRICKS, MISERE or TRISTE
    need: int                  # tricks needed (0 for Misere, 1 for Triste)
    side: frozenset[Seat]      # the declaring side

    def result(self, won: int, played: int) -> bool | None:
        """True when made, False when failed, None while undecided (the hand is claimed
        as soon as it is decided: no over-tricks)."""
        left = HAND_TRICKS - played
        if self.mode == MISERE:
            return False if won else (True if left == 0 else None)
        if self.mode == TRISTE:
            return False if won > 1 else (won == 1 if left == 0 else None)
        if won >= self.need:
            return True
        return False if won + left < self.need else None


@dataclass
class Table:
    """The play-out's running knowledge: cards gone, each seat's hand as a bit mask, and how
    many trumps the defenders still hold (for the declarer's decision to draw them)."""

    fast: FastRules
    goal: Goal
    gone: int
    masks: dict[Seat, int]
    their_trumps: int
    won: int = 0

    def is_top(self, card: int, seat: Seat) -> bool:
        """No card still out, outside ``seat``'s hand, ranks above ``card`` in its suit."""
        return not (_HIGHER[card] & ~(self.gone | self.masks[seat]))


def play(hands: list[list[int]], trick: list[tuple[Seat, int]], leader: Seat, active: Sequence[Seat],
         fast: FastRules, goal: Goal, won: int = 0, played: int = 0, gone: int = 0,
         to_end: bool = False) -> tuple[int, bool]:
    """Play on from here: ``trick`` is the trick on the table (led by ``leader`` if empty),
    ``won`` the declaring side's tricks and ``played`` the tricks finished so far, ``gone``
    the mask of cards played before this trick. Returns the declaring side's tricks and
    whether the contract was made; with ``to_end`` every card is played (for counting
    tricks). ``hands`` and ``trick`` are consumed."""
    order = {s: active[(i + 1) % len(active)] for i, s in enumerate(active)}
    size = len(active)
    masks = {s: _mask(hands[s]) for s in active}
    for _, card in trick:
        gone |= 1 << card
    trump = fast.trump
    their = sum(1 for s in active if s not in goal.side for c in hands[s] if fast.suit[c] == trump)
    table = Table(fast, goal, gone, masks, their, won)
    score = fast.score
    while True:
        if len(trick) == size:  # a full trick: its winner takes it and leads
            led = fast.suit[trick[0][1]]
            leader = max(trick, key=lambda p: score(p[1], led))[0]
            played += 1
            table.won += leader in goal.side
            trick = []
            if not to_end and goal.result(table.won, played) is not None:
                break
        seat = order[trick[-1][0]] if trick else leader
        hand = hands[seat]
        if not hand:
            break
        card = choose(hand, trick, table, seat)
        hand.remove(card)
        bit = 1 << card
        table.masks[seat] ^= bit
        table.gone |= bit
        if fast.suit[card] == trump and seat not in goal.side:
            table.their_trumps -= 1
        trick.append((seat, card))
    return table.won, _final(goal, table.won, played if not to_end else HAND_TRICKS)


def _final(goal: Goal, won: int, played: int) -> bool:
    return bool(goal.result(won, played))


def _mask(cards: Sequence[int]) -> int:
    out = 0
    for card in cards:
        out |= 1 << card
    return out


def choose(hand: list[int], trick: Sequence[tuple[Seat, int]], table: Table, seat: Seat) -> int:
    """The quick policy's card for ``seat``."""
    goal = table.goal
    ours = seat in goal.side
    if goal.mode == MISERE or (goal.mode == TRISTE and table.won > 0):
        return _duck(hand, trick, table) if ours else _force(hand, trick, table, goal.side)
    if goal.mode == TRISTE and ours:
        return _take_one(hand, trick, table)
    return _lead(hand, table, seat) if not trick else _follow(hand, trick, table, seat)


# --- playing for tricks ----------------------------------------------------------------------

def _lead(hand: list[int], table: Table, seat: Seat) -> int:
    fast = table.fast
    suit, rank, trump = fast.suit, fast.rank, fast.trump
    trumps = [c for c in hand if suit[c] == trump]
    if trumps and seat in table.goal.side and table.their_trumps > 0 and 2 * len(trumps) >= table.their_trumps:
        return max(trumps, key=rank.__getitem__)  # draw the defenders' trumps
    plain = [c for c in hand if suit[c] != trump] or hand
    tops = [c for c in plain if table.is_top(c, seat)]
    if tops:
        return max(tops, key=rank.__getitem__)
    counts: dict[int, int] = {}
    for c in plain:
        counts[suit[c]] = counts.get(suit[c], 0) + 1
    longest = max(counts, key=counts.__getitem__)
    return min((c for c in plain if suit[c] == longest), key=rank.__getitem__)


def _follow(hand: list[int], trick: Sequence[tuple[Seat, int]], table: Table, seat: Seat) -> int:
    fast = table.fast
    led = fast.suit[trick[0][1]]
    follow = [c for c in hand if fast.suit[c] == led] or hand
    score, rank = fast.score, fast.rank
    win_seat, win_card = max(trick, key=lambda p: score(p[1], led))
    side = table.goal.side
    low = min(follow, key=rank.__getitem__)
    last = len(trick) == len(table.masks) - 1
    if (win_seat in side) == (seat in side):
        if last or table.is_top(win_card, seat) or score(win_card, led) >= 100:
            return low  # an ally holds the trick
    best = score(win_card, led)
    winners = [c for c in follow if score(c, led) > best]
    if not winners:
        return low
    cheapest = min(winners, key=rank.__getitem__)
    if last or fast.suit[cheapest] != led:
        return cheapest
    tops = [c for c in winners if table.is_top(c, seat)]
    if tops:
        return min(tops, key=rank.__getitem__)
    return low if len(trick) == 1 else cheapest  # second hand low


# --- Misere and Triste -----------------------------------------------------------------------

def _duck(hand: list[int], trick: Sequence[tuple[Seat, int]], table: Table) -> int:
    """The declarer in Misere: lead the lowest card; follow with the highest card that still
    loses; with none of the suit led, throw the highest card."""
    fast = table.fast
    rank = fast.rank
    if not trick:
        return min(hand, key=rank.__getitem__)
    led = fast.suit[trick[0][1]]
    follow = [c for c in hand if fast.suit[c] == led]
    if not follow:
        return max(hand, key=rank.__getitem__)
    best = max(fast.score(c, led) for _, c in trick)
    under = [c for c in follow if fast.score(c, led) < best]
    return max(under or follow, key=rank.__getitem__)


def _force(hand: list[int], trick: Sequence[tuple[Seat, int]], table: Table, side: frozenset[Seat]) -> int:
    """A defender against Misere: lead low; once the declarer is on top, stay under; when
    the declarer has escaped the trick, shed a high card; else play low for them."""
    fast = table.fast
    rank = fast.rank
    if not trick:
        return min(hand, key=rank.__getitem__)
    led = fast.suit[trick[0][1]]
    follow = [c for c in hand if fast.suit[c] == led]
    mine = follow or hand
    theirs = [(s, c) for s, c in trick if s in side]
    if not theirs:
        return min(mine, key=rank.__getitem__)
    top = max(fast.score(c, led) for _, c in trick)
    if max(fast.score(c, led) for _, c in theirs) == top:
        under = [c for c in mine if fast.score(c, led) < top]
        return max(under, key=rank.__getitem__) if under else min(mine, key=rank.__getitem__)
    return max(mine, key=rank.__getitem__)


def _take_one(hand: list[int], trick: Sequence[tuple[Seat, int]], table: Table) -> int:
    """The Triste declarer before its one trick: take a trick with its highest card when it
    can (a high card is a danger later), else duck."""
    fast = table.fast
    rank = fast.rank
    if not trick:
        return max(hand, key=rank.__getitem__)
    led = fast.suit[trick[0][1]]
    follow = [c for c in hand if fast.suit[c] == led]
    return max(follow or hand, key=rank.__getitem__)  # it wins the trick or sheds a danger
