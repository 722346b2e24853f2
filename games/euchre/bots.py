"""Computer players for Euchre: bidding by hand evaluation, the dealer's discard, and the
shared trick-game card play (games.core.trick_bots).

- ``easy`` accepts a suit holding three trumps, names its longest suit when stuck, never
  goes alone, and plays with the easy card rules.
- ``normal`` weighs its hand for each suit (bowers, trumps, side aces, voids, and who will
  hold the upcard), accepts above a threshold, goes alone with a commanding hand, discards
  to make a void, and plays with the normal card rules.
- ``hard`` calls as ``normal`` does, but decides whether to go alone by expected score: it
  deals the unseen cards at random many times, plays the hand out alone and with its
  partner, and keeps the better; it plays its cards by the shared determinised search,
  scoring each play-out in points (a march, a euchre) rather than tricks.

>>> from games.euchre.rules import EuchreOptions, new_game
>>> state = new_game(EuchreOptions(), seed=2)
>>> seat = state.to_act()[0]
>>> all(bot(state.view(seat), Random(0)) in state.legal_actions(seat)
...     for bot in BOTS.values())
True
"""

from __future__ import annotations

from random import Random
from dataclasses import replace
from typing import Sequence

from games.core.cards import Card, Rank, Suit, euchre_deck, piquet_deck, suit_of
from games.core.protocol import Action, Seat
from games.core.trick_bots import (
    Knowledge, Value, easy_card, fast_rules, hard_card, ids, normal_card, rollout, sample_hands,
)
from games.core.trick_events import PlayCard
from games.core.tricks import TrumpRules
from games.euchre.rules import Discard, EuchreView, NameTrump, OrderUp, Pass, hand_points

HARD_BUDGET = 300        # play-outs per card decision (five-card hands make them cheap)
BID_SAMPLES = 24         # sampled deals per candidate call
HARD_ALONE_FROM = 7.0    # hand strength below which hard never weighs going alone
NORMAL_CALL = 6.0        # hand strength for normal to accept a suit
NORMAL_ALONE = 10.5      # ... and to go alone

_TRUMP_WORTH = {Rank.ACE: 2.0, Rank.KING: 1.6, Rank.QUEEN: 1.3, Rank.TEN: 1.1,
                Rank.NINE: 1.0, Rank.EIGHT: 0.9, Rank.SEVEN: 0.8}


def deck_for(view: EuchreView) -> list[Card]:
    return piquet_deck() if view.deck == 32 else euchre_deck()


# --- hand evaluation ------------------------------------------------------------------------

def card_worth(card: Card, trump: Suit) -> float:
    """A card's share of a hand's strength with ``trump`` as trumps."""
    rules = TrumpRules(trump, bowers=True)
    if rules.is_trump(card):
        if card.rank is Rank.JACK:
            return 3.0 if card.suit is trump else 2.5
        return _TRUMP_WORTH[card.rank]
    return {Rank.ACE: 1.0, Rank.KING: 0.3}.get(card.rank, 0.0)


def strength(hand: Sequence[Card], trump: Suit) -> float:
    """How well ``hand`` plays with ``trump``: its cards' worth plus short side suits when
    it has trumps to ruff with.

    >>> from games.core.cards import cards
    >>> strength(cards("JC JS AC AH KC"), Suit.CLUBS) > NORMAL_ALONE
    True
    """
    rules = TrumpRules(trump, bowers=True)
    total = sum(card_worth(c, trump) for c in hand)
    trumps = sum(1 for c in hand if rules.is_trump(c))
    if trumps >= 2:
        held = {rules.suit_of(c) for c in hand}
        total += 0.6 * sum(1 for s in Suit if s is not trump and s not in held)
    return total


def best_discard(hand: Sequence[Card], trump: Suit) -> Card:
    """Throw a lone low side card (making a void), else the lowest side card, else the
    lowest trump."""
    rules = TrumpRules(trump, bowers=True)
    plain = [c for c in hand if not rules.is_trump(c)]
    if not plain:
        return min(hand, key=rules.power)
    singles = [c for c in plain if c.rank is not Rank.ACE
               and sum(1 for o in plain if o.suit is c.suit) == 1]
    return min(singles or plain, key=lambda c: (rules.power(c), c.sort_key()))


def round1_strength(hand: Sequence[Card], seat: Seat, dealer: Seat, up: Card) -> float:
    """A hand's strength in the upcard's suit, counting who will hold the upcard."""
    trump = suit_of(up)
    if seat == dealer:
        held = list(hand) + [up]
        held.remove(best_discard(held, trump))
        return strength(held, trump)
    share = card_worth(up, trump) * 0.5
    partner_deals = dealer == (seat + 2) % 4
    return strength(hand, trump) + (share if partner_deals else -share)


def calls_round1(hand: Sequence[Card], seat: Seat, dealer: Seat, up: Card) -> bool:
    """Whether ``normal`` accepts the upcard with this hand (the coach also reads a pass
    by it: a seat that passed is taken not to have held such a hand)."""
    held = list(hand) + ([up] if seat == dealer else [])
    return round1_strength(hand, seat, dealer, up) >= NORMAL_CALL or _trumps(held, suit_of(up)) >= 3


def round2_choice(hand: Sequence[Card], up: Card) -> tuple[Suit, float, bool]:
    """The suit ``normal`` would name in round two, its strength, and whether it names it
    unforced (the coach reads a round-two pass by it, as :func:`calls_round1`)."""
    values = {s: strength(hand, s) for s in Suit if s is not up.suit}
    suit = max(values, key=lambda s: values[s])
    return suit, values[suit], values[suit] >= NORMAL_CALL - 0.5 or _trumps(hand, suit) >= 3


def _suits_to_name(view: EuchreView) -> list[Suit]:
    return [s for s in Suit if s is not view.upcard.suit]


# --- easy -----------------------------------------------------------------------------------

def easy(view: EuchreView, rng: Random) -> Action:
    if view.phase == "play":
        return PlayCard(view.seat, easy_card(view, rng))
    if view.phase == "discard":
        rules = TrumpRules(view.trump, bowers=True)
        return Discard(view.seat, min(view.hand, key=lambda c: (rules.is_trump(c), rules.power(c))))
    if view.phase == "round1":
        hand = list(view.hand) + ([view.upcard] if view.seat == view.dealer else [])
        return OrderUp(view.seat) if _trumps(hand, suit_of(view.upcard)) >= 3 else Pass(view.seat)
    counts = {s: _trumps(view.hand, s) for s in _suits_to_name(view)}
    suit = max(counts, key=lambda s: counts[s])
    if counts[suit] >= 3 or Pass(view.seat) not in view.legal:
        return NameTrump(view.seat, suit)
    return Pass(view.seat)


def _trumps(hand: Sequence[Card], trump: Suit) -> int:
    rules = TrumpRules(trump, bowers=True)
    return sum(1 for c in hand if rules.is_trump(c))


# --- normal ---------------------------------------------------------------------------------

def normal(view: EuchreView, rng: Random) -> Action:
    if view.phase == "play":
        return PlayCard(view.seat, normal_card(view, rng, deck_for(view)))
    if view.phase == "discard":
        return Discard(view.seat, best_discard(view.hand, view.trump))  # type: ignore[arg-type]
    if view.phase == "round1":
        if calls_round1(view.hand, view.seat, view.dealer, view.upcard):
            value = round1_strength(view.hand, view.seat, view.dealer, view.upcard)
            return OrderUp(view.seat, alone=value >= NORMAL_ALONE)
        return Pass(view.seat)
    suit, value, calls = round2_choice(view.hand, view.upcard)
    if calls or Pass(view.seat) not in view.legal:
        return NameTrump(view.seat, suit, alone=value >= NORMAL_ALONE)
    return Pass(view.seat)


# --- hard -----------------------------------------------------------------------------------

def hard(view: EuchreView, rng: Random) -> Action:
    if view.phase == "play":
        card = hard_card(view, rng, play_knowledge(view), points_value(view), HARD_BUDGET,
                         drawers=makers(view))
        return PlayCard(view.seat, card)
    if view.phase == "discard":
        return Discard(view.seat, best_discard(view.hand, view.trump))  # type: ignore[arg-type]
    return _hard_call(view, rng)


def _hard_call(view: EuchreView, rng: Random) -> Action:
    """Whether to call, and which suit, by the normal hand evaluation (in self-play it
    judged calls better than play-outs that ignore what the passes so far reveal); whether
    to go alone by expected score over sampled deals."""
    call = normal(view, rng)
    if isinstance(call, Pass):
        return call
    if not isinstance(call, (OrderUp, NameTrump)):
        return call
    suit = suit_of(view.upcard) if isinstance(call, OrderUp) else call.suit
    if strength(view.hand, suit) < HARD_ALONE_FROM:
        return replace(call, alone=False)
    alone = _expected_points(view, suit, True, rng) > _expected_points(view, suit, False, rng)
    return replace(call, alone=alone)


def _expected_points(view: EuchreView, trump: Suit, alone: bool, rng: Random) -> float:
    """Average points to my side over sampled deals if I make ``trump`` (alone or not)."""
    rules = TrumpRules(trump, bowers=True)
    round1 = view.phase == "round1"
    pool = tuple(c for c in deck_for(view) if c not in view.hand and c != view.upcard)
    others = [s for s in range(4) if s != view.seat]
    info = Knowledge(view.seat, {s: 5 for s in others}, {}, {}, pool, rules)
    out = frozenset({(view.seat + 2) % 4}) if alone else frozenset()
    active = [s for s in range(4) if s not in out]
    total = 0.0
    for _ in range(BID_SAMPLES):
        deal = sample_hands(info, rng)
        hands = [list(deal.get(s, ())) for s in range(4)]
        hands[view.seat] = list(view.hand)
        if round1:
            dealer_hand = hands[view.dealer] + [view.upcard]
            dealer_hand.remove(best_discard(dealer_hand, trump))
            hands[view.dealer] = dealer_hand
        leader = (view.dealer + 1) % 4
        if leader in out:
            leader = (leader + 1) % 4
        mine = frozenset({view.seat, (view.seat + 2) % 4})
        won = rollout([ids(h) for h in hands], [], leader, active, fast_rules(rules), [0] * 4, mine)
        total += _points_for(view.seat, view.seat, alone, won)
    return total / BID_SAMPLES


def _points_for(me: Seat, maker: Seat, alone: bool, won: list[int]) -> float:
    """Points to my side minus points to theirs, for a finished hand."""
    side = maker % 2
    makers = sum(n for s, n in enumerate(won) if s % 2 == side)
    points, _ = hand_points(makers, alone)
    swing = float(points) if points else -2.0
    return swing if me % 2 == side else -swing


def makers(view: EuchreView) -> frozenset[Seat]:
    """The seats that draw trumps in play-outs: the side that made them."""
    if view.maker is None:
        return frozenset()
    return frozenset(s for s in range(4) if s % 2 == view.maker % 2)


def points_value(view: EuchreView) -> Value:
    maker = view.maker if view.maker is not None else view.seat
    return lambda won: _points_for(view.seat, maker, view.alone, won)


def play_knowledge(view: EuchreView) -> Knowledge:
    """What the seat knows in play: the dealer holds the upcard when it was taken (unless
    played), the stub and discard are somewhere unseen, and voids shown."""
    gone = set(view.hand) | {card for _, card in view.played} | {view.upcard}
    if view.discard is not None:
        gone.add(view.discard)
    known: dict[Seat, tuple[Card, ...]] = {}
    active = [s for s in range(4) if s not in view.sitting_out and s != view.seat]
    upcard_played = any(card == view.upcard for _, card in view.played)
    if view.picked_up and view.dealer in active and not upcard_played:
        known[view.dealer] = (view.upcard,)
    need = {s: view.hand_sizes[s] - len(known.get(s, ())) for s in active}
    voids = {s: view.voids[s] for s in active}
    pool = tuple(c for c in deck_for(view) if c not in gone)
    return Knowledge(view.seat, need, voids, known, pool, view.rules)


BOTS = {"easy": easy, "normal": normal, "hard": hard}
