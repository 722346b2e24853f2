"""Computer players for Nap: bidding by judging the hand, a chosen trump lead, and card play
where the bidder plays alone against an alliance of everyone else.

- ``easy`` counts aces and its longest suit, bids low and never Mis or the top bids, and
  plays with the shared easy card rules (ducking as bidder in Mis).
- ``normal`` counts the tricks its hand is likely to take in each suit it could lead as
  trumps (top trumps held in sequence, length, side aces) and bids the highest contract it
  expects to make more often than not; Mis only with a hand of low cards and no Joker. It plays
  the shared normal card rules with the defenders as partners of one another.
- ``hard`` bids by expected chips: it deals the unseen cards at random many times, plays
  each deal out for every trump it could choose, and bids the contract whose chance of
  success times its credits beats passing. It plays by determinised search over deals
  consistent with its view (games.core.trick_bots.sample_hands), scoring each play-out by
  whether the contract is made, as the bidder or as a defender.

>>> from games.nap.rules import NapOptions, new_game
>>> state = new_game(NapOptions(seats=5, joker=True), seed=2)
>>> seat = state.to_act()[0]
>>> all(bot(state.view(seat), Random(0)) in state.legal_actions(seat)
...     for bot in BOTS.values())
True
"""

from __future__ import annotations

from random import Random
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Sequence

from games.core.cards import Card, Rank, Suit, nap_deck, standard_deck
from games.core.protocol import Action, Seat
from games.core.trick_bots import Knowledge, easy_card, legal_cards_of, normal_card, sample_hands
from games.core.trick_events import PlayCard
from games.core.tricks import trick_winner
from games.nap.rules import (
    HAND_SIZE, Bid, Contract, NameTrumps, NapRules, NapView, Pass, contract_result,
)

NORMAL_MARGIN = -0.3     # a contract pays when made more often than not: bid a little short
NAP_FROM = 4.4           # sure tricks counted before normal bids Nap
HARD_BID_SAMPLES = 24    # sampled deals per auction decision
HARD_PLAY_BUDGET = 160   # play-outs per card decision
HARD_MIN_CHANCE = 0.55   # hard bids only contracts it expects to make this often or more

Hands = list[list[Card]]


# --- judging a hand ---------------------------------------------------------------------------

def deck_for(view: NapView) -> list[Card]:
    return nap_deck(view.seats, view.joker)


def _suit_ranks(view: NapView, suit: Suit) -> list[Rank]:
    """The ranks of ``suit`` in this deck, highest first."""
    return sorted((c.rank for c in deck_for(view) if c.suit is suit), reverse=True)


def trick_estimate(view: NapView, hand: Sequence[Card], trump: Suit) -> float:
    """Tricks ``hand`` should take with ``trump`` as trumps and the first lead: the top
    trumps it holds in sequence count whole, other trumps by length, side aces and guarded
    kings by how likely they are to stand up at a table this size."""
    ranks = [Rank.JOKER] * view.joker + _suit_ranks(view, trump)
    trumps = sorted((c.rank for c in hand if c.suit is trump or c.is_joker), key=ranks.index)
    total, missing = 0.0, 0
    for i, rank in enumerate(trumps):
        missing = ranks.index(rank) - i  # higher trumps I lack
        total += 1.0 if missing == 0 else (0.6 if len(trumps) >= 3 else 0.3) / missing
    side_ace = 0.85 - 0.05 * view.seats
    for card in hand:
        if card.is_joker or card.suit is trump:
            continue
        if card.rank is Rank.ACE:
            total += side_ace
        elif card.rank is Rank.KING and any(c.suit is card.suit and c.rank is Rank.ACE for c in hand):
            total += side_ace * 0.6
    return min(float(HAND_SIZE), total)


def best_trump(view: NapView, hand: Sequence[Card]) -> tuple[Suit, float]:
    suits = {c.suit for c in hand if c.suit is not None} or set(Suit)
    scored = {s: trick_estimate(view, hand, s) for s in suits}
    suit = max(sorted(scored, key=lambda s: s.value), key=lambda s: scored[s])
    return suit, scored[suit]


def mis_safe(view: NapView, hand: Sequence[Card]) -> bool:
    """A Mis hand: no Joker (it must win the trick it is played to), and every card among
    the three lowest of its suit."""
    for card in hand:
        if card.is_joker or card.suit is None:
            return False
        if _suit_ranks(view, card.suit).index(card.rank) < len(_suit_ranks(view, card.suit)) - 3:
            return False
    return True


def _bid_or_pass(view: NapView, contract: Contract | None) -> Action:
    if contract is None or Bid(view.seat, contract) not in view.legal:
        return Pass(view.seat)
    return Bid(view.seat, contract)


def _open(view: NapView) -> list[Contract]:
    return [a.contract for a in view.legal if isinstance(a, Bid)]


# --- card play shared by the levels --------------------------------------------------------

def first_lead(view: NapView) -> Action:
    """The bidder's first card fixes trumps: the top card of the chosen trump suit, or the
    Joker (then naming that suit); in Mis, the lowest card."""
    hand = list(view.hand)
    if view.contract is Contract.MIS:
        return PlayCard(view.seat, min(hand, key=lambda c: (c.is_joker, int(c.rank))))
    suit, _ = best_trump(view, hand)
    trumps = [c for c in hand if c.suit is suit or c.is_joker]
    return PlayCard(view.seat, max(trumps, key=lambda c: int(c.rank)))


def name_trumps(view: NapView) -> Action:
    suit, _ = best_trump(view, [c for c in view.hand])
    return NameTrumps(view.seat, suit)


def _leads_first(view: NapView) -> bool:
    return view.phase == "play" and view.seat == view.bidder and not view.played


@dataclass(frozen=True)
class Fast:
    """``NapRules`` as look-up tables for the play-outs' inner loop: each card's effective
    suit, and a keep-value (trumps above plain cards, the Joker above all)."""

    suit: dict[Card, Suit | None]
    keep: dict[Card, int]

    def score(self, card: Card, led: Suit | None) -> int:
        """How strongly a card bids for a trick led in ``led`` (0 for a discard)."""
        keep = self.keep[card]
        if keep >= 100 or self.suit[card] is led:
            return keep + 1
        return 0

    def winner(self, trick: Sequence[tuple[Seat, Card]]) -> Seat:
        led = self.suit[trick[0][1]]
        return max(trick, key=lambda p: self.score(p[1], led))[0]


@lru_cache(maxsize=16)
def fast(rules: NapRules) -> Fast:
    every = standard_deck(jokers=1)
    keep = {c: rules.power(c) + (100 if rules.is_trump(c) else 0) + (100 if c.is_joker else 0) for c in every}
    return Fast({c: rules.suit_of(c) for c in every}, keep)


def quick(hand: Sequence[Card], trick: Sequence[tuple[Seat, Card]], rules: NapRules,
          seat: Seat, bidder: Seat, mis: bool) -> Card:
    """A fast alliance-aware policy for play-outs and for Mis: the bidder ducks in Mis, and
    otherwise everyone wins as cheaply as possible unless an ally already holds the trick."""
    f = fast(rules)
    led = f.suit[trick[0][1]] if trick else None
    cards = [c for c in hand if f.suit[c] is led] if led is not None else []
    cards = cards or list(hand)
    low = f.keep.__getitem__
    if not trick:
        if mis:
            return min(cards, key=low)
        if seat == bidder:
            return max(cards, key=low)
        plain = [c for c in cards if low(c) < 100]
        return max(plain, key=low) if plain else min(cards, key=low)
    best_seat, best_card = max(trick, key=lambda p: f.score(p[1], led))
    winner, best = best_seat, f.score(best_card, led)
    beats = [c for c in cards if f.score(c, led) > best]
    losers = [c for c in cards if c not in beats]
    if mis:
        if seat == bidder:
            return max(losers, key=low) if losers else min(cards, key=low)
        if winner == bidder and losers:
            return max(losers, key=low)  # keep the bidder on top
        return min(cards, key=low)
    allied = (winner == bidder) == (seat == bidder)
    if beats and not allied:
        return min(beats, key=low)
    return min(cards, key=low)


@dataclass(frozen=True)
class _AlliedView:
    """A view relabelled so the shared card rules, which treat seats of the same parity as
    partners, see every defender as the partner of every other: the bidder becomes seat 1
    and the defenders even seats."""

    view: NapView

    def _label(self, seat: Seat) -> Seat:
        bidder = self.view.bidder
        return 1 if seat == bidder else 2 * seat + 2

    @property
    def seat(self) -> Seat:
        return self._label(self.view.seat)

    @property
    def maker(self) -> Seat | None:
        return 1

    @property
    def trick(self) -> tuple[tuple[Seat, Card], ...]:
        return tuple((self._label(s), c) for s, c in self.view.trick)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.view, name)


# --- easy -----------------------------------------------------------------------------------

def easy(view: NapView, rng: Random) -> Action:
    if view.phase == "bid":
        longest = max(sum(1 for c in view.hand if c.suit is s) for s in Suit)
        aces = sum(1 for c in view.hand if c.rank in (Rank.ACE, Rank.JOKER))
        guess = min(4, aces + longest // 2 + (1 if longest >= 4 else 0))
        fits = [b for b in _open(view) if not b.is_mis and b.needs <= guess and b <= Contract.FOUR]
        return _bid_or_pass(view, min(fits) if fits else None)
    if view.phase == "name":
        return name_trumps(view)
    if _leads_first(view):
        return first_lead(view)
    if view.contract is Contract.MIS and view.seat == view.bidder:
        return PlayCard(view.seat, _quick_for(view))
    return PlayCard(view.seat, easy_card(view, rng))


def _quick_for(view: NapView) -> Card:
    assert view.bidder is not None
    return quick(view.hand, view.trick, view.rules, view.seat, view.bidder, view.contract is Contract.MIS)


# --- normal ---------------------------------------------------------------------------------

def lead_bonus(seats: int) -> float:
    """Tricks a bidder takes beyond the count of sure cards, from leading and choosing
    trumps (measured by playing deals out: about 0.85 at three players, 0.6 at seven)."""
    return 1.05 - 0.065 * seats


def normal_bid(view: NapView) -> Contract | None:
    _, sure = best_trump(view, view.hand)
    expected = sure + lead_bonus(view.seats)
    open_bids = _open(view)
    fits = [b for b in open_bids if not b.is_mis and b.needs < HAND_SIZE
            and b.needs + NORMAL_MARGIN <= expected]
    # The five-trick bids pay far more but fail on a single lost trick: only when nearly
    # every card counts as a sure trick, and Wellington or Blücher only with all five.
    if sure >= NAP_FROM:
        fits.append(Contract.NAP)
    if sure >= HAND_SIZE - 0.2:
        fits += [Contract.WELLINGTON, Contract.BLUCHER]
    fits = [b for b in fits if b in open_bids]
    if fits:
        return max(fits)
    if Contract.MIS in open_bids and mis_safe(view, view.hand):
        return Contract.MIS
    return None


def normal(view: NapView, rng: Random) -> Action:
    if view.phase == "bid":
        return _bid_or_pass(view, normal_bid(view))
    if view.phase == "name":
        return name_trumps(view)
    if _leads_first(view):
        return first_lead(view)
    if view.contract is Contract.MIS:
        return PlayCard(view.seat, _quick_for(view))
    return PlayCard(view.seat, normal_card(_AlliedView(view), rng, deck_for(view)))


# --- hard: sampled deals ---------------------------------------------------------------------

def knowledge(view: NapView) -> Knowledge:
    """Where the unseen cards may be: the other hands (sizes and voids known) or the stub."""
    gone = set(view.hand) | {card for _, card in view.played}
    others = [s for s in range(view.seats) if s != view.seat]
    need = {s: view.hand_sizes[s] for s in others}
    voids = {s: frozenset(v for v in view.voids[s] if v is not None) for s in others}
    pool = tuple(c for c in deck_for(view) if c not in gone)
    return Knowledge(view.seat, need, voids, {}, pool, view.rules)


def play_out(hands: Hands, trick: list[tuple[Seat, Card]], leader: Seat, rules: NapRules,
             bidder: Seat, contract: Contract, won: list[int], to_end: bool = False) -> bool:
    """Play the hand on from here with the quick policy until the contract is decided (or
    every card is played, with ``to_end``); True when it is made. ``hands``, ``trick`` and
    ``won`` are consumed, so ``won`` holds the tricks taken afterwards."""
    seats = len(hands)
    mis = contract is Contract.MIS
    done = sum(won)
    while True:
        seat = (trick[-1][0] + 1) % seats if trick else leader
        if not hands[seat]:
            return contract_result(contract, won[bidder], HAND_SIZE) is True
        card = quick(hands[seat], trick, rules, seat, bidder, mis)
        hands[seat].remove(card)
        trick.append((seat, card))
        if len(trick) < seats:
            continue
        leader = fast(rules).winner(trick)
        won[leader] += 1
        done += 1
        trick = []
        result = contract_result(contract, won[bidder], done)
        if result is not None and not to_end:
            return result


def hard_bid(view: NapView, rng: Random) -> Contract | None:
    """The open contract with the best expected chips, if any beats passing: each is judged
    by how often sampled deals, played out with the best trump for that deal's bidder
    choice, make it."""
    open_bids = _open(view)
    if not open_bids:
        return None
    info = knowledge(view)
    suits = sorted({c.suit for c in view.hand if c.suit is not None}, key=lambda s: s.value)
    made = {b: 0 for b in open_bids}
    per_suit: dict[Suit, list[int]] = {s: [] for s in suits}
    mis_made = 0
    for _ in range(HARD_BID_SAMPLES):
        deal = sample_hands(info, rng)
        for suit in suits:
            per_suit[suit].append(_tricks_with(view, deal, suit))
        if Contract.MIS in made and not any(c.is_joker for c in view.hand):
            mis_made += _mis_with(view, deal)
    chance: dict[Contract, float] = {}
    for bid in open_bids:
        if bid.is_mis:
            chance[bid] = mis_made / HARD_BID_SAMPLES
        else:
            chance[bid] = max((sum(t >= bid.needs for t in per_suit[s]) / HARD_BID_SAMPLES for s in suits), default=0.0)
    worth = {b: b.credits * (2 * chance[b] - 1) for b in open_bids if chance[b] >= HARD_MIN_CHANCE}
    return max(worth, key=lambda b: (worth[b], -b)) if worth and max(worth.values()) > 0 else None


def _deal_with_me(view: NapView, deal: dict[Seat, list[Card]]) -> Hands:
    hands = [list(deal.get(s, ())) for s in range(view.seats)]
    hands[view.seat] = list(view.hand)
    return hands


def _tricks_with(view: NapView, deal: dict[Seat, list[Card]], suit: Suit) -> int:
    """Tricks I take if I bid, lead my top card of ``suit`` and play on for every trick."""
    hands = _deal_with_me(view, deal)
    rules = NapRules(suit)
    lead = max((c for c in hands[view.seat] if c.suit is suit or c.is_joker), key=rules.power)
    hands[view.seat].remove(lead)
    won = [0] * view.seats
    play_out(hands, [(view.seat, lead)], view.seat, rules, view.seat, Contract.BLUCHER, won, to_end=True)
    return won[view.seat]


def _mis_with(view: NapView, deal: dict[Seat, list[Card]]) -> int:
    hands = _deal_with_me(view, deal)
    return int(play_out(hands, [], view.seat, NapRules(None), view.seat, Contract.MIS, [0] * view.seats))


def hard_card(view: NapView, rng: Random) -> Card:
    """The legal card that makes (as bidder) or beats (as defender) the contract in the
    most sampled deals."""
    cards = legal_cards_of(view)
    if len(cards) == 1:
        return cards[0]
    assert view.bidder is not None and view.contract is not None
    samples = max(8, HARD_PLAY_BUDGET // len(cards))
    info = knowledge(view)
    totals = [0.0] * len(cards)
    for _ in range(samples):
        deal = sample_hands(info, rng)
        for i, card in enumerate(cards):
            hands = _deal_with_me(view, deal)
            hands[view.seat].remove(card)
            trick = list(view.trick) + [(view.seat, card)]
            made = _finish(view, hands, trick)
            totals[i] += 1.0 if made == (view.seat == view.bidder) else 0.0
    rules = view.rules
    return cards[max(range(len(cards)), key=lambda i: (totals[i], -rules.is_trump(cards[i]), -rules.power(cards[i])))]


def _finish(view: NapView, hands: Hands, trick: list[tuple[Seat, Card]]) -> bool:
    assert view.bidder is not None and view.contract is not None
    rules = view.rules
    won = list(view.won)
    if len(trick) == view.seats:
        winner = trick_winner(trick, rules)
        won[winner] += 1
        result = contract_result(view.contract, won[view.bidder], sum(won))
        if result is not None:
            return result
        return play_out(hands, [], winner, rules, view.bidder, view.contract, won)
    return play_out(hands, trick, trick[0][0], rules, view.bidder, view.contract, won)


def hard(view: NapView, rng: Random) -> Action:
    if view.phase == "bid":
        return _bid_or_pass(view, hard_bid(view, rng))
    if view.phase == "name":
        return name_trumps(view)
    if _leads_first(view):
        return first_lead(view)
    return PlayCard(view.seat, hard_card(view, rng))


BOTS = {"easy": easy, "normal": normal, "hard": hard}
