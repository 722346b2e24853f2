"""Card play for computer players in any trick game, at three strengths.

The bots read a trick view (Whist's and Euchre's share the fields used here: ``hand``,
``legal``, ``trick``, ``rules``, ``played``, ``voids``, ``seat``, ``sitting_out``,
``hand_sizes``, ``won``, ``shown``). Partners sit opposite (seat % 2 is the side).

- ``easy_card``: take the trick with the cheapest card that wins it now, else play low; it
  does not look at its partner or remember anything.
- ``normal_card``: club-player habits: cash the card that is now the highest left in its
  suit, draw trumps when holding most of them, second hand low, third hand high, never
  beat a partner who is already winning, trump in cheaply, throw the least useful card.
- ``hard_card``: determinised search. It deals the unseen cards at random to the other
  hands many times, keeping to everything it has seen (hand sizes, cards shown, voids
  shown by failing to follow), plays each legal card in every such deal to the end of the
  hand with a quick partner-aware policy for all four seats, and keeps the card with the
  best average result. Its budget is a number of play-outs, never a time.
"""

from __future__ import annotations

from random import Random
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Collection, Protocol, Sequence

from games.core.cards import Card, Rank, Suit
from games.core.protocol import Seat
from games.core.trick_events import PlayCard
from games.core.tricks import TrumpRules

Plays = Sequence[tuple[Seat, Card]]
Value = Callable[[list[int]], float]  # my side's tricks, their side's tricks -> worth to me


class TrickView(Protocol):
    """The fields of a trick game's view that these bots read (Whist's, Euchre's, Nap's and
    Nash Whist's views all have them)."""

    @property
    def seat(self) -> Seat: ...
    @property
    def seats(self) -> int: ...
    @property
    def hand(self) -> tuple[Card, ...]: ...
    @property
    def legal(self) -> Sequence[object]: ...
    @property
    def trick(self) -> tuple[tuple[Seat, Card], ...]: ...
    @property
    def played(self) -> tuple[tuple[Seat, Card], ...]: ...
    @property
    def won(self) -> tuple[int, ...]: ...
    @property
    def sitting_out(self) -> Collection[Seat]: ...
    @property
    def rules(self) -> TrumpRules: ...


# --- reading a trick -----------------------------------------------------------------------

def current_winner(trick: Plays, rules: TrumpRules) -> tuple[Seat, tuple[int, int]] | None:
    """Who is winning the trick so far, and with what strength."""
    if not trick:
        return None
    led = rules.suit_of(trick[0][1])
    seat, card = max(trick, key=lambda p: rules.strength(p[1], led))
    return seat, rules.strength(card, led)


def cost(card: Card, rules: TrumpRules) -> tuple[int, int]:
    """How much a card is worth keeping: trumps more than anything, then by rank."""
    return (1 if rules.is_trump(card) else 0, rules.power(card))


def cheapest(cards: Sequence[Card], rules: TrumpRules) -> Card:
    return min(cards, key=lambda c: cost(c, rules))


def dearest(cards: Sequence[Card], rules: TrumpRules) -> Card:
    return max(cards, key=lambda c: cost(c, rules))


def legal_cards_of(view: TrickView) -> list[Card]:
    return [a.card for a in view.legal if isinstance(a, PlayCard)]  # (bots play only in the play phase)


def players_left(view: TrickView) -> int:
    """How many seats still play to this trick after this one."""
    active = view.seats - len(view.sitting_out)
    return active - len(view.trick) - 1


# --- easy ----------------------------------------------------------------------------------

def easy_card(view: TrickView, rng: Random) -> Card:
    cards = legal_cards_of(view)
    rules = view.rules
    if not view.trick:
        return rng.choice(cards)
    best = current_winner(view.trick, rules)
    led = rules.suit_of(view.trick[0][1])
    winners = [c for c in cards if best and rules.strength(c, led) > best[1]]
    return cheapest(winners, rules) if winners else cheapest(cards, rules)


# --- normal --------------------------------------------------------------------------------

def remaining(view: TrickView, deck: Sequence[Card]) -> list[Card]:
    """Cards neither played nor in my hand: the ones the others may hold (or the stub)."""
    gone = {card for _, card in view.played} | set(view.hand)
    return [c for c in deck if c not in gone]


def is_top(card: Card, rules: TrumpRules, outside: Sequence[Card]) -> bool:
    """No card outside my hand in the same (effective) suit ranks above this one."""
    suit = rules.suit_of(card)
    return all(rules.suit_of(c) is not suit or rules.power(c) < rules.power(card) for c in outside)


def normal_card(view: TrickView, rng: Random, deck: Sequence[Card]) -> Card:
    cards = legal_cards_of(view)
    if len(cards) == 1:
        return cards[0]
    rules = view.rules
    outside = remaining(view, deck)
    if not view.trick:
        return _normal_lead(view, cards, rules, outside)
    return _normal_follow(view, cards, rules, outside)


def _normal_lead(view: TrickView, cards: list[Card], rules: TrumpRules, outside: list[Card]) -> Card:
    trumps = [c for c in cards if rules.is_trump(c)]
    their_trumps = [c for c in outside if rules.is_trump(c)]
    maker = getattr(view, "maker", None)
    we_made = maker is not None and maker % 2 == view.seat % 2
    enough = 2 if we_made else max(3, len(their_trumps))
    if trumps and their_trumps and len(trumps) >= enough:
        return dearest(trumps, rules)  # draw their trumps while holding the most
    sure = [c for c in cards if not rules.is_trump(c) and is_top(c, rules, outside)]
    if sure:
        return max(sure, key=lambda c: rules.power(c))
    plain = [c for c in cards if not rules.is_trump(c)] or cards
    by_suit: dict[Suit, list[Card]] = {}
    for card in plain:
        by_suit.setdefault(rules.suit_of(card), []).append(card)
    longest = max(by_suit.values(), key=len)
    return cheapest(longest, rules)  # lead low from the longest suit


def _normal_follow(view: TrickView, cards: list[Card], rules: TrumpRules, outside: list[Card]) -> Card:
    led = rules.suit_of(view.trick[0][1])
    best = current_winner(view.trick, rules)
    assert best is not None
    winners = [c for c in cards if rules.strength(c, led) > best[1]]
    partner_winning = best[0] % 2 == view.seat % 2
    last = players_left(view) == 0
    if partner_winning:
        safe = last or is_top(dict(view.trick)[best[0]], rules, outside)
        if safe or not winners:
            return _throw(cards, rules)
    if not winners:
        return _throw(cards, rules)
    if last:
        return cheapest(winners, rules)
    sure = [c for c in winners if is_top(c, rules, outside)]
    if sure:
        return cheapest(sure, rules)
    if len(view.trick) == 1 and not rules.is_trump(winners[0]):
        return _throw(cards, rules)  # second hand low
    return dearest(winners, rules) if rules.suit_of(winners[0]) is led else cheapest(winners, rules)


def _throw(cards: list[Card], rules: TrumpRules) -> Card:
    """The least useful card: the lowest, from the shortest plain suit if it is a choice."""
    plain = [c for c in cards if not rules.is_trump(c)] or cards
    return cheapest(plain, rules)


# --- hard: sampling deals consistent with the view ------------------------------------------

@dataclass(frozen=True)
class Knowledge:
    """What a seat knows about where the unseen cards are: each other playing seat's
    number of unknown cards, its voids, cards known to be in a hand, and the pool of cards
    that may be anywhere (some of which lie in no hand, as Euchre's stub)."""

    seat: Seat
    need: dict[Seat, int]
    voids: dict[Seat, frozenset[Suit]]
    known: dict[Seat, tuple[Card, ...]]
    pool: tuple[Card, ...]
    rules: TrumpRules


def sample_hands(info: Knowledge, rng: Random, tries: int = 12) -> dict[Seat, list[Card]]:
    """One deal of the pool to the other hands that keeps every void; if the voids cannot
    all be kept in ``tries`` attempts (rare), the last attempt keeps as many as it can."""
    for attempt in range(tries):
        deal = _try_deal(info, rng, strict=attempt < tries - 1)
        if deal is not None:
            return deal
    raise AssertionError("unreachable: the last attempt is not strict")


def _try_deal(info: Knowledge, rng: Random, strict: bool) -> dict[Seat, list[Card]] | None:
    pool = list(info.pool)
    rng.shuffle(pool)
    room = dict(info.need)
    hands: dict[Seat, list[Card]] = {s: list(info.known.get(s, ())) for s in info.need}
    # Most constrained cards first: those fewest seats may hold.
    def takers(card: Card) -> list[Seat]:
        suit = info.rules.suit_of(card)
        return [s for s in room if room[s] > 0 and suit not in info.voids.get(s, frozenset())]
    pool.sort(key=lambda c: len(takers(c)))
    spare = sum(info.need.values())
    free = len(pool) - spare  # cards that lie in no hand
    for card in pool:
        seats = takers(card)
        if free > 0 and (not seats or rng.random() < free / (free + sum(room.values()))):
            free -= 1
            continue
        if not seats:
            if strict:
                return None
            seats = [s for s in room if room[s] > 0]
            if not seats:
                continue
        weights = [room[s] for s in seats]
        seat = rng.choices(seats, weights)[0]
        hands[seat].append(card)
        room[seat] -= 1
    if any(room.values()):
        return None if strict else _fill(hands, room, pool)
    return hands


def _fill(hands: dict[Seat, list[Card]], room: dict[Seat, int], pool: list[Card]) -> dict[Seat, list[Card]]:
    used = {c for h in hands.values() for c in h}
    rest = [c for c in pool if c not in used]
    for seat in room:
        while room[seat] > 0 and rest:
            hands[seat].append(rest.pop())
            room[seat] -= 1
    return hands


# --- hard: fast play-outs ---------------------------------------------------------------------

ALL_CARDS: tuple[Card, ...] = tuple(Card(r, s) for s in Suit for r in Rank if r is not Rank.JOKER)
CARD_ID: dict[Card, int] = {card: i for i, card in enumerate(ALL_CARDS)}
_SUIT_ID = {suit: i for i, suit in enumerate(Suit)}


def ids(cards: Sequence[Card]) -> list[int]:
    """Cards as small integers, which the play-outs hash and compare far faster."""
    return [CARD_ID[c] for c in cards]


@dataclass(frozen=True)
class FastRules:
    """``TrumpRules`` as tables indexed by card id, for the play-outs' inner loop: each
    card's effective suit, and its rank with trumps lifted above every plain card."""

    suit: tuple[int, ...]
    rank: tuple[int, ...]
    trump: int  # -1 without trumps

    def score(self, card: int, led: int) -> int:
        """How strongly a card bids for a trick led in ``led`` (0 for a discard)."""
        suit = self.suit[card]
        if suit == self.trump:
            return 100 + self.rank[card]
        return self.rank[card] if suit == led else 0


@lru_cache(maxsize=32)
def fast_rules(rules: TrumpRules) -> FastRules:
    suits = tuple(_SUIT_ID[rules.suit_of(c)] for c in ALL_CARDS)
    ranks = tuple(rules.power(c) + (100 if rules.is_trump(c) else 0) for c in ALL_CARDS)
    return FastRules(suits, ranks, -1 if rules.trump is None else _SUIT_ID[rules.trump])


def rollout(hands: list[list[int]], trick: list[tuple[Seat, int]], leader: Seat,
            active: list[Seat], fast: FastRules, won: list[int],
            drawers: frozenset[Seat] = frozenset()) -> list[int]:
    """Play the hand to its end with the quick policy (cards as ids); returns tricks per
    seat. Seats in ``drawers`` (Euchre's makers) lead trumps while they hold them.
    ``hands``, ``trick`` and ``won`` are consumed."""
    order = {s: active[(i + 1) % len(active)] for i, s in enumerate(active)}
    size = len(active)
    score = fast.score
    while hands[leader] or trick:
        seat = order[trick[-1][0]] if trick else leader
        if not hands[seat]:
            break
        card = quick_choice(hands[seat], trick, fast, seat, seat in drawers)
        hands[seat].remove(card)
        trick.append((seat, card))
        if len(trick) == size:
            led = fast.suit[trick[0][1]]
            leader = max(trick, key=lambda p: score(p[1], led))[0]
            won[leader] += 1
            trick = []
    return won


def quick_choice(hand: list[int], trick: Sequence[tuple[Seat, int]], fast: FastRules, seat: Seat,
                 draw_trumps: bool = False) -> int:
    """A fast partner-aware policy for play-outs: lead the strongest plain card (the top
    trump when drawing trumps); follow by letting a winning partner have the trick, winning
    as cheaply as possible, or throwing low."""
    suit, rank, trump = fast.suit, fast.rank, fast.trump
    if not trick:
        trumps = [c for c in hand if suit[c] == trump] if draw_trumps else []
        if trumps:
            return max(trumps, key=rank.__getitem__)
        plain = [c for c in hand if suit[c] != trump]
        return max(plain or hand, key=rank.__getitem__)
    led = suit[trick[0][1]]
    follow = [c for c in hand if suit[c] == led] or hand
    score = fast.score
    win_seat, win_card = max(trick, key=lambda p: score(p[1], led))
    if win_seat % 2 != seat % 2:
        best = score(win_card, led)
        winners = [c for c in follow if score(c, led) > best]
        if winners:
            return min(winners, key=rank.__getitem__)
    return min(follow, key=rank.__getitem__)


def hard_card(view: TrickView, rng: Random, info: Knowledge, value: Value,
              budget: int = 160, min_samples: int = 8, drawers: frozenset[Seat] = frozenset()) -> Card:
    """The legal card with the best average result over sampled deals (see the module doc)."""
    cards = legal_cards_of(view)
    if len(cards) == 1:
        return cards[0]
    samples = max(min_samples, budget // len(cards))
    totals = [0.0] * len(cards)
    active = [s for s in range(view.seats) if s not in view.sitting_out]
    fast = fast_rules(view.rules)
    mine = ids(view.hand)
    before = [(seat, CARD_ID[card]) for seat, card in view.trick]
    for _ in range(samples):
        deal = {seat: ids(hand) for seat, hand in sample_hands(info, rng).items()}
        for i, card in enumerate(ids(cards)):
            hands = [list(deal.get(s, ())) for s in range(view.seats)]
            hands[view.seat] = [c for c in mine if c != card]
            trick = before + [(view.seat, card)]
            won = list(view.won)
            leader = trick[0][0]
            if len(trick) == len(active):
                led = fast.suit[trick[0][1]]
                leader = max(trick, key=lambda p: fast.score(p[1], led))[0]
                won[leader] += 1
                trick = []
            totals[i] += value(rollout(hands, trick, leader, active, fast, won, drawers))
    best = max(range(len(cards)), key=lambda i: (totals[i], -cost(cards[i], view.rules)[1]))
    return cards[best]


def side_value(seat: Seat) -> Value:
    """Worth of a play-out to ``seat``: the tricks its side took."""
    return lambda won: float(sum(n for s, n in enumerate(won) if s % 2 == seat % 2))
