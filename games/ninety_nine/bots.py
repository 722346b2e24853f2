"""Computer players for Ninety-Nine, at three strengths.

A bot is ``choose(view, rng) -> Play``: it sees only its seat's view and draws any chance
from ``rng``. Suits never matter in Ninety-Nine, so the bots reason about ranks only.

- ``easy`` plays any legal card.
- ``normal`` keeps its lifelines (4, 9, 10, K: playable at any count) for a tight count,
  spends first the cards that will stop fitting first, and hands the next player 99 with a 9
  when they probably hold no lifeline.
- ``hard`` counts the cards it has not seen (the deck minus its hand minus the pile, since
  every card is gathered and reshuffled each hand) and scores every legal play by its
  chance of losing the hand: exactly how likely each player before its next turn is to be
  stuck (a hand being a uniformly random set of the unseen cards), how likely it is to be
  stuck itself, and what the cards it keeps are worth later.

>>> from games.ninety_nine.rules import NinetyNineOptions, new_game
>>> state = new_game(NinetyNineOptions(seats=3), seed=2)
>>> seat = state.to_act()[0]
>>> all(bot(state.view(seat), Random(0)) in state.legal_actions(seat)
...     for bot in BOTS.values())
True
"""

from __future__ import annotations

from random import Random
from dataclasses import replace
from functools import lru_cache
from typing import Callable, Iterable

from games.core.cards import Card, Rank, standard_deck
from games.core.protocol import Seat
from games.ninety_nine.rules import LIMIT, NinetyNineView, Play, choices

Bot = Callable[[NinetyNineView, Random], Play]

# --- what a card can do at a count ---------------------------------------------------------

LIFELINES = frozenset({Rank.FOUR, Rank.NINE, Rank.TEN, Rank.KING})
"""Ranks playable at any count: 4 and K add nothing, 9 sets 99, and a 10 can take 10 off
(under 10 it adds 10, which always fits)."""

RANKS = tuple(rank for rank in Rank if rank is not Rank.JOKER)


def _least_step(rank: Rank) -> int:
    """The least a card can add to the count (0 for lifelines). A card stops fitting once
    the room left under 99 is smaller than this, so it also says how soon a card dies."""
    if rank in LIFELINES:
        return 0
    if rank is Rank.ACE:
        return 1
    if rank in (Rank.JACK, Rank.QUEEN):
        return 10
    return int(rank)


MIN_STEP: dict[Rank, int] = {rank: _least_step(rank) for rank in RANKS}

SAFE_BELOW = LIMIT - max(MIN_STEP.values())
"""Under this count (89) every card fits, so nobody can be stuck."""

MAX_STEP = 11
"""The most one card adds to the count (an Ace as 11), apart from the 9's jump to 99."""


def min_step(rank: Rank) -> int:
    """The least a card of ``rank`` adds to the count (see ``_least_step``)."""
    return MIN_STEP[rank]


def alive(rank: Rank, count: int) -> bool:
    """Whether a card of ``rank`` can be played at ``count``.

    >>> alive(Rank.QUEEN, 89), alive(Rank.QUEEN, 90), alive(Rank.KING, 99)
    (True, False, True)
    """
    return count + MIN_STEP[rank] <= LIMIT


def is_lifeline(play: Play) -> bool:
    return play.card.rank in LIFELINES


def count_after(count: int, play: Play) -> int:
    """The count once ``play`` is made at ``count``."""
    rank = play.card.rank
    if rank is Rank.NINE:
        return LIMIT
    if rank in (Rank.FOUR, Rank.KING):
        return count
    return count + (play.value if play.value is not None else MIN_STEP[rank])


# --- who plays next ------------------------------------------------------------------------

def step_seat(tokens: tuple[int, ...], seat: Seat, direction: int) -> Seat:
    """The next seat still holding tokens going ``direction``, as the rules pass the turn."""
    nxt = (seat + direction) % len(tokens)
    while tokens[nxt] == 0:
        nxt = (nxt + direction) % len(tokens)
    return nxt


def after_play(view: NinetyNineView, play: Play) -> tuple[Seat, int]:
    """The seat that must act after ``play``, and the direction of play then: a 4 reverses
    when more than two players are left, a 3 skips one seat (with two players that brings
    the turn straight back to the player)."""
    direction = view.direction
    if play.card.rank is Rank.FOUR and len(view.active) > 2:
        direction = -direction
    nxt = step_seat(view.tokens, view.seat, direction)
    if play.card.rank is Rank.THREE:
        nxt = step_seat(view.tokens, nxt, direction)
    return nxt, direction


def seats_before_me(view: NinetyNineView, first: Seat, direction: int) -> list[Seat]:
    """The seats that act, in order, from ``first`` until the turn is this seat's again."""
    order: list[Seat] = []
    seat = first
    while seat != view.seat:
        order.append(seat)
        seat = step_seat(view.tokens, seat, direction)
    return order


# --- easy ----------------------------------------------------------------------------------

def easy(view: NinetyNineView, rng: Random) -> Play:
    """Any legal card: a beginner who does not yet think about the count."""
    return rng.choice(view.legal)


# --- normal --------------------------------------------------------------------------------

TRAP_ODDS = 0.45
"""How sure ``normal`` must be that the next player cannot answer 99 to spend a 9 on it."""

ACE_HIGH_UP_TO = 80
"""``normal`` counts an Ace as 11 while that keeps the count at or under this."""



def normal(view: NinetyNineView, rng: Random) -> Play:
    """Rules of thumb a steady club player follows; see the module docstring."""
    legal = view.legal
    if len(legal) == 1:
        return legal[0]
    trap = _nine_trap(view)
    if trap is not None:
        return trap
    spenders = [play for play in legal if not is_lifeline(play)]
    if spenders:
        return max(spenders, key=lambda play: _spend_key(view, play))
    return min(legal, key=lambda play: _lifeline_cost(view, play))


def _nine_trap(view: NinetyNineView) -> Play | None:
    """A 9 hands the next player 99: worth a lifeline when they probably cannot answer it."""
    nine = next((play for play in view.legal if play.card.rank is Rank.NINE), None)
    if nine is None:
        return None
    nxt, _ = after_play(view, nine)
    if nxt != view.seat and _rough_stuck_at_99(view, nxt) >= TRAP_ODDS:
        return nine
    return None


def _rough_stuck_at_99(view: NinetyNineView, seat: Seat) -> float:
    """A quick guess that ``seat`` holds no lifeline: its cards taken as if drawn with
    replacement from the cards not yet seen."""
    seen = view.hand + view.pile
    unseen = 52 - len(seen)
    if unseen <= 0:
        return 0.0
    lifelines = 16 - sum(1 for card in seen if card.rank in LIFELINES)
    return (1 - lifelines / unseen) ** view.hand_sizes[seat]


def _spend_key(view: NinetyNineView, play: Play) -> tuple[int, int, int]:
    """Spend first the card that stops fitting first (the largest least step), so the cards
    kept are the ones still playable when the count is tight. With two players a 3 means
    playing again at once, which is unwelcome when the count is already high."""
    rank = play.card.rank
    again = rank is Rank.THREE and len(view.active) == 2 and view.count >= 70
    return (0 if again else 1, MIN_STEP[rank], _ace_fit(view, play))


def _ace_fit(view: NinetyNineView, play: Play) -> int:
    """Prefer an Ace's 11 while the count is low (it presses the others), its 1 later."""
    if play.card.rank is not Rank.ACE:
        return 0
    high = view.count + 11 <= ACE_HIGH_UP_TO
    return 1 if (play.value == 11) == high else 0


def _lifeline_cost(view: NinetyNineView, play: Play) -> tuple[int, float, int]:
    """With only lifelines to play, give up the plainest: a King or 4 (the count stays),
    choosing the one that passes the turn to whoever is likelier to be stuck (a 4 turns
    play round); then a 10 (taking 10 off when the count is high, for room); a 9 last."""
    rank = play.card.rank
    if rank in (Rank.KING, Rank.FOUR):
        nxt, _ = after_play(view, play)
        return (0, -_rough_stuck_at_99(view, nxt), 0 if rank is Rank.KING else 1)
    if rank is Rank.TEN:
        wanted = -10 if view.count >= 60 else 10
        return (1, 0.0, 0 if play.value == wanted else 1)
    return (2, 0.0, 0)


# --- hard ----------------------------------------------------------------------------------

AGAIN_DEPTH = 1
"""How many of its own 3s in a row (two players: a 3 means playing again) ``hard`` looks
through before it judges the position with its usual one-round estimate. Looking through
one gains about two points of hand-loss rate in a duel; a second gains nothing measurable."""

LATER_RISK = {2: 0.5, 3: 0.35}
"""The chance of losing the rest of the hand holding no lifeline, by players left (3 = three
or more). Measured in self-play against easy bots, like the shields below."""

LIFELINE_SHIELD = {2: 0.5, 3: 0.3}
"""Each lifeline kept multiplies that risk by this; in a duel the count sits at 99 for long
stretches, so one lifeline buys less."""

SMALL_SHIELD = 0.9
"""Each small card kept (A, 2, 3) still fits at 96-98, so it helps a little too."""


def hard(view: NinetyNineView, rng: Random) -> Play:
    """Take the play with the best score. Ties (common while the count is low, when the
    model sees no danger yet) go to the card that would stop fitting first, as ``normal``
    spends them, then to the higher count (an Ace as 11 presses the others sooner), then
    to the earlier legal play: the choice never depends on ``rng``."""
    legal = view.legal
    if len(legal) == 1:
        return legal[0]
    odds = Odds.from_view(view)
    keys = [(round(_score(view, odds, play, AGAIN_DEPTH), 9), MIN_STEP[play.card.rank],
             count_after(view.count, play), -i) for i, play in enumerate(legal)]
    return legal[-max(keys)[-1]]


def _score(view: NinetyNineView, odds: Odds, play: Play, depth: int) -> float:
    """Minus my chance of losing this hand after ``play`` (stuck at my next turn, or later
    with the cards I keep), plus a token-aware weight on which other player might lose it
    before my turn comes round."""
    first, direction = after_play(view, play)
    if first == view.seat and depth > 0:
        return _again_score(view, odds, play, depth - 1)
    order = seats_before_me(view, first, direction)
    sizes = tuple(view.hand_sizes[seat] for seat in order)
    ended, at_me = odds.walk(sizes, count_after(view.count, play))
    kept = list(view.hand)
    kept.remove(play.card)
    mine = _my_risk(odds, kept, view.stock_size > 0, at_me)
    survive = sum(at_me.values()) - mine
    weights = _token_weights(view.seat, view.tokens)
    bonus = sum(chance * weights[seat] for chance, seat in zip(ended, order))
    return bonus - mine - survive * _later_risk(kept, len(view.active))


def _my_risk(odds: Odds, kept: list[Card], draws: bool, at_me: dict[int, float]) -> float:
    """The chance I cannot play when the turn comes back, holding ``kept`` plus, while the
    stock lasts, the card I draw now (a random unseen card)."""
    if not kept and not draws:
        return sum(at_me.values())
    # All I keep fits up to this count; above it only the card I draw can save me.
    holds_to = LIMIT - min((MIN_STEP[card.rank] for card in kept), default=LIMIT + 1)
    risk = 0.0
    for count, chance in at_me.items():
        if count > holds_to:
            risk += chance * (odds.dead_share(count) if draws else 1.0)
    return risk


def _later_risk(kept: Iterable[Card], players: int) -> float:
    """A rough chance of being stuck later in the hand, given the cards kept."""
    key = 2 if players == 2 else 3
    risk = LATER_RISK[key]
    for card in kept:
        if card.rank in LIFELINES:
            risk *= LIFELINE_SHIELD[key]
        elif MIN_STEP[card.rank] <= 3:
            risk *= SMALL_SHIELD
    return risk


def _again_score(view: NinetyNineView, odds: Odds, play: Play, depth: int) -> float:
    """With two players a 3 skips the other and I must play again at once, so its worth is
    my best next play, averaged exactly over the rank of the card I would draw."""
    if view.stock_size == 0 or odds.total == 0:
        return _best_score(_after_own_play(view, play, None), odds, depth)
    spare = _one_unseen_of_each_rank(view)
    return sum(n / odds.total * _best_score(_after_own_play(view, play, spare[rank]),
                                            odds.without(rank), depth)
               for rank, n in odds.unseen.items())


def _best_score(view: NinetyNineView, odds: Odds, depth: int) -> float:
    """The score of my best play in an imagined view; nothing to play means losing (-1)."""
    if not view.legal:
        return -1.0
    return max(_score(view, odds, play, depth) for play in view.legal)


def _one_unseen_of_each_rank(view: NinetyNineView) -> dict[Rank, Card]:
    """A stand-in unseen card for each rank left (suits never matter in this game)."""
    seen = set(view.hand) | set(view.pile)
    return {card.rank: card for card in standard_deck() if card not in seen}


def _after_own_play(view: NinetyNineView, play: Play, drawn: Card | None) -> NinetyNineView:
    """The view I would have after ``play`` and drawing ``drawn``, with the turn mine again."""
    hand = list(view.hand)
    hand.remove(play.card)
    if drawn is not None:
        hand.append(drawn)
    count = count_after(view.count, play)
    sizes = list(view.hand_sizes)
    sizes[view.seat] = len(hand)
    legal = tuple(Play(view.seat, card, value) for card in hand for value in choices(card, count))
    return replace(view, hand=tuple(hand), count=count, pile=view.pile + (play.card,),
                   stock_size=view.stock_size - (drawn is not None),
                   hand_sizes=tuple(sizes), legal=legal)


# --- hard: who else should lose ------------------------------------------------------------

@lru_cache(maxsize=1024)
def _token_weights(me: Seat, tokens: tuple[int, ...]) -> tuple[float, ...]:
    """How much better it is for me that seat ``s`` loses this hand rather than a typical
    opponent, in units of what my own loss costs (measured with ``win_chance``).

    Knocking a player out is not a prize in itself: with fewer players left, each hand
    is more likely to be lost by me. So a last token taken weighs a little less than one
    taken from a player with tokens to spare. With one opponent all weights are 0.
    """
    after = [_win_after(me, tokens, seat) for seat in range(len(tokens))]
    rivals = [seat for seat in range(len(tokens)) if seat != me and tokens[seat] > 0]
    typical = sum(after[seat] for seat in rivals) / len(rivals) if rivals else 0.0
    scale = typical - after[me]
    if scale <= 0:
        return tuple(0.0 for _ in tokens)
    return tuple((after[seat] - typical) / scale if seat in rivals else 0.0
                 for seat in range(len(tokens)))


def _win_after(me: Seat, tokens: tuple[int, ...], loser: Seat) -> float:
    """My ``win_chance`` once ``loser`` has given up a token."""
    left = list(tokens)
    left[loser] = max(0, left[loser] - 1)
    return win_chance(left[me], tuple(sorted(t for seat, t in enumerate(left) if seat != me and t)))


@lru_cache(maxsize=4096)
def win_chance(mine: int, others: tuple[int, ...]) -> float:
    """My chance to win from these token counts (``others`` sorted, without zeros) if each
    hand is lost by a player drawn uniformly from those still in: a neutral yardstick for
    weighing who else should lose a hand.

    >>> win_chance(1, (1,)), win_chance(2, (1,)), round(win_chance(1, (1, 1)), 4)
    (0.5, 0.75, 0.3333)
    """
    if mine == 0:
        return 0.0
    if not others:
        return 1.0
    share = 1 / (len(others) + 1)
    total = share * win_chance(mine - 1, others)
    for i, t in enumerate(others):
        rest = others[:i] + ((t - 1,) if t > 1 else ()) + others[i + 1:]
        total += share * win_chance(mine, tuple(sorted(rest)))
    return total


# --- hard: the odds from the unseen cards ----------------------------------------------------

OPEN_FROM, OPEN_TO = 10, LIMIT - MAX_STEP
"""Between these counts every card fits with every choice (a 10 either way, an Ace as 11)."""


class Odds:
    """The unseen cards by rank (the deck minus my hand minus the pile) and the chances
    drawn from them, cached for one decision.

    The model: another player's hand is a uniformly random subset of the unseen cards of
    its known size, and a player who can play plays a random playable unseen card.
    """

    def __init__(self, unseen: dict[Rank, int]) -> None:
        self.unseen = {rank: n for rank, n in unseen.items() if n}
        self.total = sum(self.unseen.values())
        self.nine = self.unseen.get(Rank.NINE, 0) / self.total if self.total else 0.0
        self._dead: dict[int, int] = {}
        self._stuck: dict[tuple[int, int], float] = {}
        self._moves: dict[int, list[tuple[int, float]]] = {}
        self._open: list[tuple[int, float]] | None = None
        self._walks: dict[tuple[tuple[int, ...], int], tuple[list[float], dict[int, float]]] = {}

    @classmethod
    def from_view(cls, view: NinetyNineView) -> Odds:
        """Everything not in my hand or on this hand's pile is somewhere I cannot see."""
        unseen: dict[Rank, int] = {rank: 4 for rank in RANKS}
        for card in view.hand + view.pile:
            unseen[card.rank] -= 1
        return cls(unseen)

    def without(self, rank: Rank) -> Odds:
        """The odds once I have drawn a card of ``rank`` (it is no longer unseen)."""
        unseen = dict(self.unseen)
        unseen[rank] -= 1
        return Odds(unseen)

    def dead(self, count: int) -> int:
        """How many unseen cards would not fit at ``count``."""
        if count < SAFE_BELOW:
            return 0
        if count not in self._dead:
            self._dead[count] = sum(n for rank, n in self.unseen.items() if not alive(rank, count))
        return self._dead[count]

    def dead_share(self, count: int) -> float:
        """The chance that one random unseen card would not fit at ``count``."""
        return self.dead(count) / self.total if self.total else 1.0

    def stuck(self, count: int, hand_size: int) -> float:
        """The exact chance that a hand of ``hand_size`` unseen cards holds nothing playable
        at ``count``: hypergeometric, C(dead, size) / C(unseen, size).

        >>> odds = Odds({Rank.KING: 1, Rank.QUEEN: 3})
        >>> odds.stuck(99, 1), odds.stuck(99, 2), odds.stuck(50, 2)
        (0.75, 0.5, 0.0)
        """
        key = (count, hand_size)
        if key not in self._stuck:
            self._stuck[key] = _all_among(self.dead(count), self.total, hand_size)
        return self._stuck[key]

    def walk(self, sizes: tuple[int, ...], count: int) -> tuple[list[float], dict[int, float]]:
        """Follow the count from ``count`` through players holding ``sizes`` cards, in turn
        order: for each, the chance the hand ends with them stuck; then the distribution of
        the count when the turn comes back to me (its total is the chance it does)."""
        key = (sizes, count)
        if key not in self._walks:
            self._walks[key] = self._walk(sizes, count)
        return self._walks[key]

    def _walk(self, sizes: tuple[int, ...], count: int) -> tuple[list[float], dict[int, float]]:
        dist, low = {count: 1.0}, 0.0
        ended: list[float] = []
        for left, size in zip(range(len(sizes), 0, -1), sizes):
            # A count this far under 89 cannot get there before my turn except by a 9, so
            # such counts merge into one "low" mass: exact, and it keeps the walk small.
            for c in [c for c in dist if c + MAX_STEP * left < SAFE_BELOW]:
                low += dist.pop(c)
            dist, out = self._turn(dist, size)
            dist[LIMIT] = dist.get(LIMIT, 0.0) + low * self.nine
            low -= low * self.nine
            ended.append(out)
        if low:
            dist[0] = dist.get(0, 0.0) + low
        return ended, dist

    def _turn(self, dist: dict[int, float], size: int) -> tuple[dict[int, float], float]:
        """One player's turn: the chance they are stuck, and the count after they play."""
        after: dict[int, float] = {}
        get = after.get
        out = 0.0
        for count, chance in dist.items():
            if count >= SAFE_BELOW:
                stuck = chance * self.stuck(count, size)
                out += stuck
                chance -= stuck
            for target, p in self.moves(count):
                after[target] = get(target, 0.0) + chance * p
        return after, out

    def moves(self, count: int) -> list[tuple[int, float]]:
        """Where the count goes when a player who can play does: a random playable unseen
        card, with either value of an Ace or 10 equally likely."""
        if count not in self._moves:
            inside = OPEN_FROM <= count <= OPEN_TO and self.total
            self._moves[count] = self._shifted(count) if inside else self._spread(count)
        return self._moves[count]

    def _shifted(self, count: int) -> list[tuple[int, float]]:
        """In the open middle every card and choice fits, so the moves are the same steps
        from any count (only the 9 lands on 99 wherever it starts): computed once."""
        if self._open is None:
            self._open = [(c - OPEN_FROM, p) for c, p in self._spread(OPEN_FROM) if c != LIMIT]
        moves = [(count + step, p) for step, p in self._open]
        return moves + [(LIMIT, self.nine)] if self.nine else moves

    def _spread(self, count: int) -> list[tuple[int, float]]:
        """The moves worked out card by card (near 0 and near 99, where not all fit)."""
        playable = [(targets, self.unseen[rank]) for rank, targets in _FITS[count]
                    if rank in self.unseen]
        weight = sum(n for _, n in playable)
        if weight == 0:
            return [(count, 1.0)]
        spread: dict[int, float] = {}
        for targets, n in playable:
            share = n / weight / len(targets)
            for target in targets:
                spread[target] = spread.get(target, 0.0) + share
        return list(spread.items())


def _all_among(bad: int, total: int, size: int) -> float:
    """The chance that ``size`` cards drawn without replacement from ``total`` are all
    among ``bad`` of them (1 for an empty hand: it cannot play either)."""
    chance = 1.0
    for i in range(size):
        if bad - i <= 0:
            return 0.0
        chance *= (bad - i) / (total - i)
    return chance


def _targets(rank: Rank, count: int) -> list[int]:
    """The counts a card of ``rank`` can leave at ``count`` (it must fit)."""
    if rank is Rank.NINE:
        return [LIMIT]
    if rank in (Rank.FOUR, Rank.KING):
        return [count]
    if rank is Rank.TEN:
        if 10 <= count <= LIMIT - 10:
            return [count + 10, count - 10]
        return [count + 10] if count < 10 else [count - 10]
    if rank is Rank.ACE and count + 11 <= LIMIT:
        return [count + 1, count + 11]
    return [count + MIN_STEP[rank]]


_FITS: tuple[tuple[tuple[Rank, tuple[int, ...]], ...], ...] = tuple(
    tuple((rank, tuple(_targets(rank, count))) for rank in RANKS if alive(rank, count))
    for count in range(LIMIT + 1))
"""For each count, the ranks that fit and the counts each can leave: looked up, not worked
out, in the hard bot's inner loop."""


BOTS: dict[str, Bot] = {"easy": easy, "normal": normal, "hard": hard}
