"""The coach for Euchre: each card, each call and the dealer's discard, judged single-dummy
(what the player could know) beside double-dummy (every hand open), by our own exact search
(games/core/trick_search.py: the bowers).

Cards: each legal card's tricks for its side (games/core/trick_analysis.py).

Calls (pass, order up, name a suit): each suit is valued by the tricks the caller's side
takes with it as trumps, every hand open, the player left of the dealer leading; with the
upcard's suit the dealer takes the upcard and throws the card best for its own side.
- Double-dummy: the deal as dealt, all four suits.
- Single-dummy: for the suits the caller could make trumps then (round one: the upcard's;
  round two: the other three), the average over ``CALL_DEALS`` deals consistent with what
  it knew: its own hand, the upcard, and the passes so far, read simply: a seat that
  passed held no hand the Normal computer would have called with (games/euchre/bots.py).
  The same deals serve every suit, each solved double-dummy; beside the average, the
  chance of making 3 and the expected points (1 for 3 or 4 tricks, 2 for a march, 4 for a
  lone march, -2 when euchred; the game's score is not counted).
A call's cost counts against single-dummy: the expected points of the best the seat could
have done instead (another suit it could name, or passing, counted as 0: what the others
would then call is unknown) less the chosen call's. So a sound call that was euchred on
the deal as dealt costs nothing, and a wild one that happened to make is still charged.
A pass is never charged (it depends on the other calls and the score), but the review
says when a call was worth points.

The dealer's discard: each of the six cards valued as a card is, by the tricks the dealer's
side then takes (double-dummy, and single-dummy over deals consistent with the dealer's six
cards and the passes), the cost counted against single-dummy.

Fifty deals a call or discard, as for the cards: a call solves each deal once for each suit
(with the upcard's suit, once for each of the dealer's six discards, in one search), and a
whole hand's review (calls, discard, cards) takes well under a second of the worker's time.
"""

from __future__ import annotations

from random import Random
from typing import Any, Callable, Collection, Sequence

from games.core import trick_search
from games.core.analysis import MISTAKE, Analysis, Decision, Progress, Review, review_game
from games.core.cards import Card, Suit, euchre_deck, piquet_deck, suit_of
from games.core.protocol import Seat
from games.core.trick_analysis import DEALS, analyse_card, bid_table, card_judge, sampled_deals
from games.core.trick_bots import Knowledge
from games.core.trick_position import Position
from games.core.tricks import TrumpRules
from games.euchre.bots import calls_round1, play_knowledge, round2_choice
from games.euchre.rules import HAND_SIZE, Discard, EuchreState, NameTrump, OrderUp, Pass, hand_points

UNIT = "tricks"
EUCHRED = 2  # the defenders' points when the makers take fewer than three tricks
TO_MAKE = 3
CALL_DEALS = DEALS  # deals per single-dummy call or discard: the cards' fifty

Hands = Sequence[Sequence[Card]]


def analyse(state: EuchreState, seat: int, seed: int = 0, deals: int = DEALS) -> Analysis | None:
    return analyse_card(state, seat, play_knowledge, seed=seed, deals=deals)


# --- one deal, every hand open -----------------------------------------------------------------

def first_leader(dealer: Seat, out: frozenset[Seat]) -> Seat:
    """Left of the dealer leads; if that seat sits out, the dealer's partner."""
    leader = (dealer + 1) % 4
    return (leader + 1) % 4 if leader in out else leader


def deal_tricks(hands: Hands, suit: Suit, seat: Seat, dealer: Seat, up: Card | None,
                out: frozenset[Seat] = frozenset()) -> int:
    """The tricks ``seat``'s side takes with ``suit`` as trumps and every hand open; with
    ``up``, the dealer first takes it up and throws the card best for its own side."""
    position = Position.of(hands, TrumpRules(suit, bowers=True), first_leader(dealer, out), sitting_out=out)
    if up is None or dealer in out:
        tricks, side = trick_search.value(position), position.leader
    else:
        tricks, side = trick_search.best_discard_value(position, dealer, up), dealer
    return tricks if side % 2 == seat % 2 else HAND_SIZE - tricks


def suit_tricks(state: EuchreState, seat: Seat, suit: Suit, alone: bool = False) -> int:
    """The tricks ``seat``'s side takes on the deal as dealt with ``suit`` as trumps (the
    dealer takes up the upcard, discarding as suits its side, when it is the upcard's)."""
    out = frozenset({(seat + 2) % 4}) if alone else frozenset()
    up = state.up if suit is state.up.suit else None
    return deal_tricks(state.hands, suit, seat, state.dealer, up, out)


# --- the deals a seat could face ---------------------------------------------------------------

def passed(state: EuchreState, seat: Seat) -> tuple[list[Seat], list[Seat]]:
    """The other seats that had passed, in round one and in round two, when ``seat`` chose
    (at the dealer's discard: those before the maker)."""
    first = (state.dealer + 1) % 4
    order = [(first + i) % 4 for i in range(4)]
    before = {"round1": seat, "round2": seat, "discard": state.maker}.get(state.phase, seat)
    earlier = order[:order.index(before)] if before is not None else []
    if state.phase == "round2":
        return [s for s in order if s != seat], [s for s in earlier if s != seat]
    return [s for s in earlier if s != seat], []


def fits_passes(round1: Collection[Seat], round2: Collection[Seat], dealer: Seat,
                up: Card) -> Callable[[Sequence[Sequence[Card]]], bool]:
    """Whether a deal fits the passes: no seat that passed held a hand the Normal computer
    calls with (in round one the upcard's suit; in round two its choice of the others)."""
    def keep(hands: Sequence[Sequence[Card]]) -> bool:
        return (not any(calls_round1(hands[s], s, dealer, up) for s in round1)
                and not any(round2_choice(hands[s], up)[2] for s in round2))
    return keep


def seat_deals(state: EuchreState, seat: Seat, hand: Sequence[Card], seen: Collection[Card], rng: Random,
               count: int) -> list[list[Sequence[Card]]]:
    """``count`` deals consistent with what ``seat`` knew: ``hand`` its own, the cards it
    had ``seen`` (its hand and the upcard) in no other hand, the passes so far."""
    deck = piquet_deck() if state.options.deck == 32 else euchre_deck()
    pool = tuple(c for c in deck if c not in seen)
    info = Knowledge(seat, {s: HAND_SIZE for s in range(4) if s != seat}, {}, {}, pool, TrumpRules())
    round1, round2 = passed(state, seat)
    keep = fits_passes(round1, round2, state.dealer, state.up)
    return sampled_deals(info, hand, seat, 4, rng, count, keep)


def points(tricks: int, alone: bool) -> int:
    """The makers' points for ``tricks``, negative when euchred."""
    made, _ = hand_points(tricks, alone)
    return made if made else -EUCHRED


def summary(counts: Sequence[int], alone: bool = False) -> dict[str, float]:
    """A suit's single-dummy figures over the sampled deals."""
    n = max(1, len(counts))
    return {"average": sum(counts) / n, "worst": min(counts, default=0),
            "make_chance": sum(1 for t in counts if t >= TO_MAKE) / n,
            "expected_points": sum(points(t, alone) for t in counts) / n}


# --- calls ---------------------------------------------------------------------------------------

def call_analysis(state: EuchreState, seat: Seat, action: Any, seed: int = 0, deals: int = CALL_DEALS) -> Analysis:
    """The call (or pass) of ``seat``: each suit's tricks double-dummy, and for the suits it
    could make trumps then, single-dummy, the chance of making 3 and the expected points."""
    up = state.up
    real = {s.value: (float(t), t) for s in Suit for t in [suit_tricks(state, seat, s)]}
    round1 = isinstance(action, OrderUp) or (state.phase == "round1" and not isinstance(action, NameTrump))
    open_suits = [suit_of(up)] if round1 else [s for s in Suit if s is not up.suit]
    hand = list(state.hands[seat])
    sampled = seat_deals(state, seat, hand, {*hand, up}, Random(seed), deals) if deals else []
    figures = {s.value: summary([deal_tricks(d, s, seat, state.dealer, up if round1 else None) for d in sampled])
               for s in open_suits} if sampled else {}
    data = bid_table(real, {k: (f["average"], int(f["worst"])) for k, f in figures.items()} or None)
    data["upcard"] = up.suit.value if up.suit else None
    if figures:
        data.update(deals=len(sampled), make_chance={k: round(f["make_chance"], 3) for k, f in figures.items()},
                    expected_points={k: round(f["expected_points"], 3) for k, f in figures.items()})
    if isinstance(action, Pass):
        data.update(bid="pass", needs=None)
        best = max(figures, key=lambda k: figures[k]["expected_points"], default=None)
        if best is not None and round(figures[best]["expected_points"], 1) > 0:
            data.update(best_call=best)
        return Analysis({}, reason="bid", extra={"bid": data})
    suit = suit_of(up) if isinstance(action, OrderUp) else action.suit
    tricks = suit_tricks(state, seat, suit, action.alone) if action.alone else int(real[suit.value][1])
    data.update(bid="call alone" if action.alone else "call", named=suit.value, named_tricks=tricks, needs=TO_MAKE,
                tricks=tricks, makes=tricks >= TO_MAKE, won_auction=True)
    chosen = figures.get(suit.value)
    if action.alone:
        data["alone_tricks"] = tricks
        if sampled:
            out = frozenset({(seat + 2) % 4})
            chosen = summary([deal_tricks(d, suit, seat, state.dealer, up if round1 else None, out)
                              for d in sampled], alone=True)
            data["alone"] = {k: round(v, 3) for k, v in chosen.items()}
    if chosen is None:  # no deals asked for: the deal as dealt alone judges it
        if tricks < TO_MAKE:
            data.update(cost=EUCHRED, cost_unit="points", cost_note="the defenders score 2 when it is euchred")
        return Analysis({}, reason="bid", extra={"bid": data})
    _charge(data, figures, chosen["expected_points"], Pass(seat) in state.legal_actions(seat))
    return Analysis({}, reason="bid", extra={"bid": data})


def _charge(data: dict[str, Any], figures: dict[str, dict[str, float]], mine: float, could_pass: bool) -> None:
    """The call's cost against single-dummy: the best other choice's expected points
    (another suit it could name; passing, as 0) less its own."""
    options = {k: f["expected_points"] for k, f in figures.items()}
    if could_pass:
        options["pass"] = 0.0
    better = max(options, key=lambda k: options[k])
    cost = options[better] - mine
    data["expected"] = round(mine, 3)
    if cost >= MISTAKE:
        data.update(cost=round(cost, 2), cost_unit="points", better=better, better_points=round(options[better], 3),
                    cost_note="expected points over the deals you could face")


def call_judge(seed: int, deals: int) -> Callable[[Any, int, Any, int], Decision | None]:
    def judge(state: EuchreState, seat: int, action: Any, index: int) -> Decision | None:
        if state.phase not in ("round1", "round2") or not isinstance(action, (Pass, OrderUp, NameTrump)):
            return None
        analysis = call_analysis(state, seat, action, seed * 7919 + index, deals)
        chosen = analysis.extra["bid"]["bid"]
        return Decision(index, seat, "call", 0, chosen, analysis, int(state.hand_number))
    return judge


# --- the dealer's discard ------------------------------------------------------------------------

def discard_analysis(state: EuchreState, seat: Seat, seed: int = 0, deals: int = CALL_DEALS) -> Analysis:
    """Each card the dealer could throw, with the tricks its side then takes: on the deal as
    dealt (double-dummy) and on average over deals consistent with what it knew."""
    if seat in state.sitting_out:
        return Analysis({}, reason="the dealer sits this hand out: the discard does not matter")
    up, out = state.up, state.sitting_out
    rules = TrumpRules(state.trump, bowers=True)
    leader = first_leader(state.dealer, out)
    held = list(state.hands[seat])
    hand = [c for c in held if c != up]

    def values(hands: Hands) -> dict[Card, int]:
        dealt = [hand if s == seat else h for s, h in enumerate(hands)]
        return trick_search.discard_values(Position.of(dealt, rules, leader, sitting_out=out), seat, up)

    real = values(state.hands)
    sampled = seat_deals(state, seat, hand, held, Random(seed), deals) if deals else []
    totals = dict.fromkeys(real, 0.0)
    for deal in sampled:
        for card, tricks in values(deal).items():
            totals[card] += tricks
    fair = {c: t / len(sampled) for c, t in totals.items()} if sampled else {c: float(t) for c, t in real.items()}
    return Analysis(fair, {c: float(t) for c, t in real.items()})


def discard_judge(seed: int, deals: int) -> Callable[[Any, int, Any, int], Decision | None]:
    def judge(state: EuchreState, seat: int, action: Any, index: int) -> Decision | None:
        if state.phase != "discard" or not isinstance(action, Discard):
            return None
        analysis = discard_analysis(state, seat, seed * 7919 + index, deals)
        return Decision(index, seat, "discard", 0, action.card, analysis, int(state.hand_number))
    return judge


def review(options: Any, seed: int, actions: Sequence[Any], seat: int, progress: Progress | None = None,
           deals: int = DEALS, only: Collection[int] | None = None, call_deals: int | None = None) -> Review:
    """The seat's calls, discards and cards (``call_deals``: deals a call or discard;
    by default as many as a card's)."""
    from games.registry import GAMES

    few = deals if call_deals is None else call_deals
    judges = [call_judge(seed, few), discard_judge(seed, few), card_judge(play_knowledge, seed=seed, deals=deals)]

    def judge(state: Any, who: int, action: Any, index: int) -> Decision | None:
        for each in judges:
            decision = each(state, who, action, index)
            if decision is not None:
                return decision
        return None

    return review_game(GAMES["euchre"], options, seed, actions, seat, judge, UNIT, progress, only)
