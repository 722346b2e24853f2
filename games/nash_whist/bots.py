"""Computer players for Nash Whist at three strengths.

Bidding starts from games/nash_whist/evaluate.py: tricks the hand should take alone in
each trump choice (the initial trumps for In bids, another suit for Out bids, none for
No-Trumps) and its Misere / Triste chances.

- ``easy`` counts aces, kings and trump length (a crude count that over-values honours),
  bids what that count reaches with no margin, never Open Misere, and plays with the shared
  easy card rules (games.core.trick_bots) with the defenders as allies.
- ``normal`` bids the highest contract its calibrated estimate reaches with a margin, Props
  and Cops on the partnership's combined estimate, Misere on a measured safety, and plays
  with the shared club-player card rules; Misere and Triste by ducking (declarer) or keeping
  the declarer on top (defenders), using the Open Misere hand once it is face up.
- ``expert`` bids as hard does and plays as hard does until the hands are short; then it
  solves a hundred deals consistent with its view exactly (our own double-dummy search:
  a declarer alone against the rest is no shape for DDS), asking of each card whether its
  side then reaches its goal, and plays the card that does in the most deals.
- ``hard`` bids by expected chips: it deals the unseen cards at random many times, plays
  every trump choice (and Misere, Triste) out for each, and bids the contract whose chance
  times its winnings beats its chance of paying. It plays by determinised search over deals
  consistent with its view, scoring each play-out by whether its side reaches its goal.

Sides: a solo declarer against everyone else; in Prop-and-Cop the two partners against
the other two.

>>> from games.nash_whist.rules import NashWhistOptions, new_game
>>> state = new_game(NashWhistOptions(seats=4), seed=2)
>>> seat = state.to_act()[0]
>>> all(bot(state.view(seat), Random(0)) in state.legal_actions(seat) for bot in BOTS.values())
True
"""

from __future__ import annotations

from random import Random
from dataclasses import dataclass
from typing import Any, Sequence

from games.core.cards import Card, Rank, Suit
from games.core.protocol import Action, Seat
from games.core.trick_bots import (
    CARD_ID, Knowledge, easy_card, fast_rules, ids, legal_cards_of, normal_card, sample_hands,
)
from games.core.expert_play import sample_positions
from games.core.trick_events import PlayCard
from games.core.trick_search import reaches
from games.core.tricks import TrumpRules
from games.nash_whist import evaluate as ev
from games.nash_whist.bids import IN, MISERE as MISERE_BID, NO_TRUMPS, OPEN_MISERE, OUT, PROP, THIRTEEN, TRISTE, Bid
from games.nash_whist.playout import MISERE, TRICKS, Goal, Table, choose, play
from games.nash_whist.rules import Cop, MakeBid, NashWhistView, Pass, pack

Trump = Suit | None

NORMAL_MARGIN = 0.0      # normal opens a level its estimate reaches (measured: made ~85%)...
OVERCALL_MARGIN = 0.5    # ...but overcalls another player's bid only with this to spare
NO_TRUMP_MARGIN = 0.7    # measured: No-Trumps bid at the bare estimate were made only 50-65%
EASY_MARGIN = 0.0
PROP_FROM = 3.5          # normal Props with this many tricks in the initial trumps...
PROPOSER_SHOWS = 4.3     # ...so a copper counts on about this many from the proposer
PARTNERS_NEED = 7.6      # measured: two hands estimated at 7.6 together make 8 about 2 times in 3
LAST_CHANCE = 0.4        # the Hot Seat's second chance to Cop: the alternative is a passed deal
MISERE_FROM = 0.75       # measured chance of making Misere that normal wants
OPEN_MISERE_FROM = 0.95
TRISTE_FROM = 0.6
HARD_BID_SAMPLES = 24    # sampled deals per auction decision
HARD_PLAY_BUDGET = 160   # play-outs per card decision, shared over the legal cards
HARD_MIN_SAMPLES = 6
HARD_MIN_CHANCE = 0.5
EXPERT_DEALS = 100       # deals solved per card decision once the hands are short...
EXPERT_CARDS = {4: 4, 3: 6}  # ...this short, by players: a hundred searches then take 0.1-0.5 s


# --- reading the view -------------------------------------------------------------------------

def players(view: NashWhistView) -> int:
    return len(view.active)


def trump_choices(view: NashWhistView) -> list[Trump]:
    return [None, *ev.suits_in_play(players(view))]


def open_bids(view: NashWhistView) -> list[Bid]:
    return [a.bid for a in view.legal if isinstance(a, MakeBid)]


def may_cop(view: NashWhistView) -> bool:
    return any(isinstance(a, Cop) for a in view.legal)


def _is_trick_bid(bid: Bid) -> bool:
    return bid.kind in (IN, OUT, NO_TRUMPS)


def my_side(view: NashWhistView) -> frozenset[Seat]:
    """The declaring side: declarer and (Prop-and-Cop) partner."""
    assert view.declarer is not None
    return frozenset({view.declarer} | ({view.partner} if view.partner is not None else set()))


# --- bidding: easy and normal ------------------------------------------------------------------

def estimates(view: NashWhistView, crude: bool = False) -> dict[Trump, float]:
    n = players(view)
    if crude:
        return {t: ev.crude_tricks(view.hand, t) for t in trump_choices(view)}
    return {t: ev.estimate_tricks(view.hand, t, n) for t in trump_choices(view)}


def thirteen_bid(view: NashWhistView, bids: Sequence[Bid]) -> Bid | None:
    """A Thirteen only with a hand that cannot lose a trick."""
    leads = view.hot_seat == view.seat
    for bid in bids:
        if bid.kind == THIRTEEN and ev.is_laydown(view.hand, bid.suit, leads):
            return bid
    return None


def solo_fits(view: NashWhistView, margin: float, crude: bool = False) -> list[Bid]:
    """The open solo bids the hand reaches with ``margin`` to spare."""
    bids = open_bids(view)
    est = estimates(view, crude)
    n = players(view)

    def reaches(bid: Bid) -> bool:
        extra = NO_TRUMP_MARGIN if bid.kind == NO_TRUMPS and not crude else 0.0
        return est[bid.trump(view.initial_trump)] >= bid.level + margin + extra
    fits = [b for b in bids if _is_trick_bid(b) and reaches(b)]
    top = thirteen_bid(view, bids)
    if top is not None:
        fits.append(top)
    if crude:
        return fits
    safety = ev.misere_safety(view.hand, n)
    for bid in bids:
        if bid.kind == MISERE_BID and safety >= MISERE_FROM:
            fits.append(bid)
        elif bid.kind == OPEN_MISERE and safety >= OPEN_MISERE_FROM:
            fits.append(bid)
        elif bid.kind == TRISTE and ev.triste_safety(view.hand, n) >= TRISTE_FROM:
            fits.append(bid)
    return fits


def partnership_call(view: NashWhistView, mine: float, shows: float, slack: float = 0.0) -> Action | None:
    """Prop with a middling hand when nothing stands; Cop when the two hands together
    should make 8 tricks. None when neither fits."""
    if may_cop(view) and mine + shows >= PARTNERS_NEED - slack:
        return Cop(view.seat)
    prop = Bid(PROP)
    if prop in open_bids(view) and mine >= PROP_FROM:
        return MakeBid(view.seat, prop)
    return None


def normal_bid(view: NashWhistView, rng: Random) -> Action:
    if view.cop_chance:
        return _last_chance(view, estimates(view)[view.initial_trump], PROPOSER_SHOWS)
    overcall = view.standing is not None and view.standing_seat != view.seat
    fits = solo_fits(view, OVERCALL_MARGIN if overcall else NORMAL_MARGIN)
    if fits:
        return MakeBid(view.seat, max(fits))
    call = partnership_call(view, estimates(view)[view.initial_trump], PROPOSER_SHOWS)
    return call or Pass(view.seat)


def _last_chance(view: NashWhistView, mine: float, shows: float) -> Action:
    call = partnership_call(view, mine, shows, LAST_CHANCE)
    return call if isinstance(call, Cop) else Pass(view.seat)


def easy_bid(view: NashWhistView, rng: Random) -> Action:
    """A crude count with no margin; the highest bid it reaches."""
    crude = estimates(view, crude=True)
    if view.cop_chance:
        return _last_chance(view, crude[view.initial_trump], PROPOSER_SHOWS)
    fits = solo_fits(view, EASY_MARGIN, crude=True)
    if fits:
        return MakeBid(view.seat, max(fits))
    lows = sum(1 for c in view.hand if c.rank <= Rank.NINE)
    misere = [b for b in open_bids(view) if b.kind == MISERE_BID]
    if misere and lows == len(view.hand):
        return MakeBid(view.seat, misere[0])
    return partnership_call(view, crude[view.initial_trump], PROPOSER_SHOWS) or Pass(view.seat)


# --- bidding: hard, by expected chips -----------------------------------------------------------

def knowledge(view: NashWhistView) -> Knowledge:
    """Where the unseen cards may be: the other playing hands (sizes and voids known, an
    Open Misere hand known outright)."""
    known = {s: tuple(cards) for s, cards in view.open_hands.items() if s != view.seat}
    gone = set(view.hand) | {card for _, card in view.played} | {c for h in known.values() for c in h}
    need = {s: view.hand_sizes[s] - len(known.get(s, ())) for s in view.active if s != view.seat}
    voids = {s: view.voids[s] for s in need}
    pool = tuple(c for c in pack(view.three_handed) if c not in gone)
    return Knowledge(view.seat, need, voids, known, pool, view.rules)


def _world(view: NashWhistView, deal: dict[Seat, list[Card]]) -> list[list[int]]:
    hands: list[list[int]] = [[] for _ in range(view.seats)]
    for seat, cards in deal.items():
        hands[seat] = ids(cards)
    hands[view.seat] = ids(view.hand)
    return hands


@dataclass
class Chances:
    """How often sampled deals made each kind of contract for this hand."""

    tricks: dict[Trump, list[int]]
    misere: float
    triste: float

    def make(self, bid: Bid, initial: Suit) -> float:
        if bid.is_misere:
            return self.misere
        if bid.kind == TRISTE:
            return self.triste
        counts = self.tricks[bid.trump(initial)]
        return sum(t >= bid.tricks for t in counts) / len(counts)


def sample_chances(view: NashWhistView, rng: Random, samples: int = HARD_BID_SAMPLES) -> Chances:
    info = knowledge(view)
    active = list(view.active)
    me = frozenset({view.seat})
    tricks: dict[Trump, list[int]] = {t: [] for t in trump_choices(view)}
    misere = triste = 0
    for _ in range(samples):
        world = _world(view, sample_hands(info, rng))
        for trump in tricks:
            won, _ = play([list(h) for h in world], [], view.hot_seat, active,
                          fast_rules(TrumpRules(trump)), Goal(TRICKS, 13, me), to_end=True)
            tricks[trump].append(won)
        nt = fast_rules(TrumpRules(None))
        misere += play([list(h) for h in world], [], view.hot_seat, active, nt, Goal(MISERE, 0, me))[1]
        if view.three_handed:
            triste += play([list(h) for h in world], [], view.hot_seat, active, nt, Goal(TRISTE, 1, me))[1]
    return Chances(tricks, misere / samples, triste / samples)


def worth(view: NashWhistView, bid: Bid, chance: float) -> float:
    """Expected chips from declaring ``bid`` with this chance of making it."""
    defenders = players(view) - 1
    win = bid.pay * defenders + view.pot
    return chance * win - (1 - chance) * bid.pay * defenders


def hard_bid(view: NashWhistView, rng: Random) -> Action:
    mine = ev.estimate_tricks(view.hand, view.initial_trump, players(view))
    if view.cop_chance:
        return _last_chance(view, mine, PROPOSER_SHOWS)
    bids = [b for b in open_bids(view) if b.kind != PROP]
    chances = sample_chances(view, rng)
    safety = ev.misere_safety(view.hand, players(view))
    values: dict[Bid, float] = {}
    for bid in bids:
        chance = chances.make(bid, view.initial_trump)
        if bid.is_open:  # the defenders will see the hand: trust only a hand safe both ways
            chance = min(chance, safety) if safety >= OPEN_MISERE_FROM else 0.0
        if bid.kind == THIRTEEN and thirteen_bid(view, [bid]) is None:
            chance = min(chance, 0.5)
        if chance >= HARD_MIN_CHANCE:
            values[bid] = worth(view, bid, chance)
    if values and max(values.values()) > 0:
        return MakeBid(view.seat, max(values, key=lambda b: (values[b], b)))
    return partnership_call(view, mine, PROPOSER_SHOWS) or Pass(view.seat)


# --- card play ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class _AlliedView:
    """A view relabelled for the shared card rules, which treat seats of one parity as
    partners: the declaring side gets odd labels and the defenders even ones."""

    view: NashWhistView

    def _label(self, seat: Seat) -> Seat:
        return 2 * seat + (1 if seat in my_side(self.view) else 2)

    @property
    def seat(self) -> Seat:
        return self._label(self.view.seat)

    @property
    def maker(self) -> Seat:
        assert self.view.declarer is not None
        return self._label(self.view.declarer)

    @property
    def trick(self) -> tuple[tuple[Seat, Card], ...]:
        return tuple((self._label(s), c) for s, c in self.view.trick)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.view, name)


def goal_of(view: NashWhistView) -> Goal:
    bid = view.contract
    assert bid is not None
    mode = MISERE if bid.is_misere else (TRISTE if bid.kind == TRISTE else TRICKS)
    return Goal(mode, bid.tricks, my_side(view))


def side_won(view: NashWhistView) -> int:
    return sum(view.won[s] for s in my_side(view))


def quick_card(view: NashWhistView) -> Card:
    """The play-out policy's card, from what the view shows: cards gone and, for the seat
    deciding, its own hand (other hands count as unknown)."""
    goal = goal_of(view)
    gone = 0
    for _, card in view.played:
        gone |= 1 << CARD_ID[card]
    mine = ids(view.hand)
    masks = {s: 0 for s in view.active}
    masks[view.seat] = sum(1 << c for c in mine)
    fast = fast_rules(view.rules)
    trumps = [c for c in pack(view.three_handed) if view.trump is not None and c.suit is view.trump]
    theirs = sum(1 for c in trumps if not gone >> CARD_ID[c] & 1 and c not in view.hand)
    table = Table(fast, goal, gone, masks, theirs, side_won(view))
    legal_cards = legal_cards_of(view)
    legal = {CARD_ID[c] for c in legal_cards}
    trick = [(s, CARD_ID[c]) for s, c in view.trick]
    chosen = choose([c for c in mine if c in legal], trick, table, view.seat)
    return next(c for c in legal_cards if CARD_ID[c] == chosen)


def open_misere_lead(view: NashWhistView) -> Card | None:
    """A defender on lead against a face-up Misere hand: lead low in a suit where the
    declarer's lowest card is above one of mine, the suit where it is highest, so the
    declarer must go over the defenders."""
    assert view.declarer is not None
    shown = view.open_hands.get(view.declarer)
    if not shown or view.trick:
        return None
    best: tuple[int, Card] | None = None
    for suit in {c.suit for c in shown}:
        theirs = min(c.rank for c in shown if c.suit is suit)
        under = [c for c in view.hand if c.suit is suit and c.rank < theirs]
        if under and (best is None or theirs > best[0]):
            best = (int(theirs), min(under, key=lambda c: c.rank))
    return best[1] if best else None


def normal_card_for(view: NashWhistView, rng: Random) -> Card:
    if goal_of(view).mode == TRICKS:
        return normal_card(_AlliedView(view), rng, pack(view.three_handed))
    if view.seat not in my_side(view):
        lead = open_misere_lead(view)
        if lead is not None:
            return lead
    return quick_card(view)


def easy_card_for(view: NashWhistView, rng: Random) -> Card:
    if goal_of(view).mode != TRICKS and view.seat in my_side(view):
        return quick_card(view)  # even easy ducks as declarer
    return easy_card(_AlliedView(view), rng)


def hard_card(view: NashWhistView, rng: Random) -> Card:
    """The legal card that reaches this seat's side's goal (made for the declaring side,
    defeated for the defenders) in the most deals sampled from the view."""
    cards = legal_cards_of(view)
    if len(cards) == 1:
        return cards[0]
    goal = goal_of(view)
    ours = view.seat in goal.side
    info = knowledge(view)
    fast = fast_rules(view.rules)
    active = list(view.active)
    done = len(view.played) // len(active)
    gone_before = 0
    for _, card in view.played[:done * len(active)]:
        gone_before |= 1 << CARD_ID[card]
    before = [(s, CARD_ID[c]) for s, c in view.trick]
    won = side_won(view)
    samples = max(HARD_MIN_SAMPLES, HARD_PLAY_BUDGET // len(cards))
    totals = [0.0] * len(cards)
    for _ in range(samples):
        world = _world(view, sample_hands(info, rng))
        for i, card in enumerate(cards):
            hands = [list(h) for h in world]
            hands[view.seat].remove(CARD_ID[card])
            trick = before + [(view.seat, CARD_ID[card])]
            _, made = play(hands, trick, view.leader, active, fast, goal, won, done, gone_before)
            totals[i] += 1.0 if made == ours else 0.0
    rules = view.rules
    return cards[max(range(len(cards)), key=lambda i: (totals[i], -rules.is_trump(cards[i]), -rules.power(cards[i])))]


def expert_card(view: NashWhistView, rng: Random) -> Card:
    """Hard's card while the hands are long (and in Triste, whose goal is no trick count);
    then the card that reaches this side's goal in the most solved deals."""
    cards = legal_cards_of(view)
    goal = goal_of(view)
    if len(cards) == 1 or goal.mode == TRISTE or len(view.hand) > EXPERT_CARDS.get(players(view), 0):
        return hard_card(view, rng)
    side = my_side(view)
    ours = view.seat in side
    left, still = len(view.hand), goal.need - side_won(view)
    if goal.mode == MISERE:  # at most: the declarer none, the defenders all but one
        target = 0 if ours else left - 1
    else:
        target = still if ours else left - still + 1
    sides = tuple(0 if s in side else 1 for s in range(view.seats))
    positions = sample_positions(view, knowledge(view), rng, EXPERT_DEALS, sides, goal.mode == MISERE)
    made = [0] * len(cards)
    for position in positions:
        result = reaches(position, target)
        for i, card in enumerate(cards):
            made[i] += result[card]
    rules = view.rules
    return cards[max(range(len(cards)), key=lambda i: (made[i], -rules.is_trump(cards[i]), -rules.power(cards[i])))]


# --- the players ---------------------------------------------------------------------------------

def easy(view: NashWhistView, rng: Random) -> Action:
    if view.phase == "bid":
        return easy_bid(view, rng)
    return PlayCard(view.seat, easy_card_for(view, rng))


def normal(view: NashWhistView, rng: Random) -> Action:
    if view.phase == "bid":
        return normal_bid(view, rng)
    return PlayCard(view.seat, normal_card_for(view, rng))


def hard(view: NashWhistView, rng: Random) -> Action:
    if view.phase == "bid":
        return hard_bid(view, rng)
    return PlayCard(view.seat, hard_card(view, rng))


def expert(view: NashWhistView, rng: Random) -> Action:
    if view.phase == "bid":
        return hard_bid(view, rng)
    return PlayCard(view.seat, expert_card(view, rng))


BOTS = {"easy": easy, "normal": normal, "hard": hard, "expert": expert}
