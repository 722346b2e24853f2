"""The coach for Nap: each card's double-dummy and single-dummy tricks for the card's side
(the bidder alone against the rest), against single-dummy; in Mis, fewer is better.

Each bid (or pass) is judged against the tricks the hand could take as bidder, leading
first: for each suit it could make trumps by leading it (and Mis, no trumps, fewest
tricks), the tricks with every hand open on the deal as dealt (double-dummy), the average
over deals the bidder could face and the worst case in any of them (single-dummy).
Beside each contract open to the bidder, its chance of being made over those deals (the
first card, which names trumps, chosen once for them all) and the chips it is expected to
win: its credits from every other player when made, to each of them when beaten.
The cost of the bid that won the auction counts against single-dummy: the chips expected
from the best contract open to the bidder then (or passing, counted as 0: what the others
would then bid is unknown), less its own. So a sound bid beaten on the deal as dealt costs
nothing, a reckless one that happened to make is still charged, and a bid below a contract
the hand made in every deal it could face misses the difference. Asked for no deals, the
deal as dealt judges it: a bid that could not be made even with every hand open pays its
credits to every other player.
"""

from __future__ import annotations

from random import Random
from typing import Any, Collection, Sequence

from games.core.analysis import MISTAKE, Analysis, Decision, Progress, Review, review_game
from games.core.cards import Card, Suit
from games.core.trick_analysis import (
    DEALS, TrumpChoice, analyse_card, bid_table, card_judge, contract_tricks, sampled_deals, solve_contracts,
)
from games.nap.bots import knowledge
from games.core.trick_events import PlayCard
from games.nap.rules import Bid, Contract, NameTrumps, NapRules, NapState, NapView, Pass

UNIT = "tricks"
BID_DEALS = 12  # deals per single-dummy bid value: our own search solves five choices of trumps


def sides(view: NapView) -> tuple[tuple[int, ...], bool]:
    """The bidder against everyone else; Mis is played for fewest tricks."""
    bidder = view.bidder
    misere = view.contract is not None and view.contract.is_mis
    return tuple(0 if s == bidder else 1 for s in range(view.seats)), misere


def analyse(state: NapState, seat: int, seed: int = 0, deals: int = DEALS) -> Analysis | None:
    return analyse_card(state, seat, knowledge, sides, seed=seed, deals=deals)


def choices(hand: Sequence[Card]) -> list[TrumpChoice]:
    """Trumps are the suit of the bidder's first card (the Joker names any); Mis has none."""
    jokers = frozenset(c for c in hand if c.is_joker)
    out = [TrumpChoice(s.value, NapRules(s), leads=frozenset(c for c in hand if c.suit is s) | jokers)
           for s in Suit]
    return out + [TrumpChoice("mis", NapRules(None), misere=True)]


def bid_analysis(state: NapState, seat: int, chosen: Contract | None, seed: int = 0,
                 deals: int = BID_DEALS) -> Analysis:
    """What the seat's hand could take as bidder, for each trump suit and Mis."""
    view = state.view(seat)
    hand = list(state.hands[seat])
    table = choices(hand)
    bidder_side = tuple(0 if s == seat else 1 for s in range(state.seats))
    real = contract_tricks([state.hands], table, seat, seat, bidder_side)
    fair = None
    legal = [a.contract for a in state.legal_actions(seat) if isinstance(a, Bid)]
    odds: dict[str, float] = {}
    if deals:
        sampled = sampled_deals(knowledge(view), hand, seat, state.seats, Random(seed), deals)
        solved = solve_contracts(sampled, table, seat, seat, bidder_side)
        fair = solved.tricks()
        odds = {c.title: _chance(solved.chance(_made_by(c))) for c in {*legal, *([chosen] if chosen else [])}}
    data = bid_table(real, fair)
    data.update(bid="pass" if chosen is None else chosen.title, needs=None if chosen is None else chosen.needs,
                could=_could(real), sure_contract=_sure_contract(fair, legal))
    if odds:
        data["make_chance"] = {c.title: round(odds[c.title], 3) for c in sorted(Contract) if c.title in odds}
        data["expected_chips"] = {t: round(_expected(t, odds[t], state.seats), 3) for t in data["make_chance"]}
    if chosen is not None:
        data["makes"] = _makes(real, chosen)
    return Analysis({}, reason="bid", extra={"bid": data})


def _made_by(contract: Contract) -> Any:
    """Whether ``tricks`` with a choice of trumps make ``contract`` (Mis only without trumps)."""
    def made(choice: TrumpChoice, tricks: int) -> bool:
        if contract.is_mis:
            return choice.misere and tricks == 0
        return not choice.misere and tricks >= contract.needs
    return made


def _chance(by_choice: dict[str, float]) -> float:
    """The bidder picks its trumps (its first card) for the best chance."""
    return max(by_choice.values(), default=0.0)


def _expected(title: str, chance: float, seats: int) -> float:
    """Chips expected: the credits from every other player when made, to each when beaten."""
    credits = next(c for c in Contract if c.title == title).credits
    return (2 * chance - 1) * credits * (seats - 1)


def _makes(table: dict[str, tuple[float, int]], contract: Contract) -> bool:
    if contract.is_mis:
        return "mis" in table and table["mis"][1] == 0
    return any(v[1] >= contract.needs for k, v in table.items() if k != "mis")


def _could(table: dict[str, tuple[float, int]]) -> int:
    return max((v[1] for k, v in table.items() if k != "mis"), default=0)


def _sure_contract(fair: dict[str, tuple[float, int]] | None, legal: Sequence[Contract]) -> str | None:
    """The highest contract open to the seat that it made in every deal it could face."""
    if fair is None:
        return None
    sure = [c for c in legal if _makes(fair, c)]
    return max(sure).title if sure else None


def bid_judge(seed: int, deals: int) -> Any:
    def judge(state: NapState, seat: int, action: Any, index: int) -> Decision | None:
        if not isinstance(action, (Bid, Pass)) or state.phase != "bid":
            return None
        chosen = action.contract if isinstance(action, Bid) else None
        analysis = bid_analysis(state, seat, chosen, seed * 7919 + index, deals)
        return Decision(index, seat, "bid", 0, "pass" if chosen is None else chosen.title, analysis,
                        int(state.hand_number))
    return judge


def settle_bids(review: Review, actions: Sequence[Any], seats: int) -> None:
    """Once the auction's end is known: a bid that won the contract, with its cost in chips
    where it is plain (see the module's notes)."""
    for decision in review.decisions:
        data = decision.analysis.extra.get("bid")
        if data is None or data["needs"] is None:
            continue
        won = _won_contract(actions, decision.index)
        data["won_auction"] = won
        named = _named(actions, decision.index) if won and data["bid"] != Contract.MIS.title else None
        if named is not None:
            data["named"], data["named_tricks"] = named, data["double_dummy"].get(named)
        contract = next(c for c in Contract if c.title == data["bid"])
        if "expected_chips" in data:
            if won:
                _charge(data, contract)
            continue
        if won and not data["makes"]:
            data["cost"], data["cost_note"] = contract.credits * (seats - 1), "pays when beaten"
        sure = data.get("sure_contract")
        if won and data["makes"] and sure is not None:
            better = next(c for c in Contract if c.title == sure)
            if better > contract and not better.is_mis and not contract.is_mis:
                data["cost"] = (better.credits - contract.credits) * (seats - 1)
                data["cost_note"] = f"{better.title} was sure"


def _charge(data: dict[str, Any], contract: Contract) -> None:
    """A winning bid's cost against single-dummy: the best contract open to it then (or
    passing, as 0) less its own chips expected."""
    expected = dict(data["expected_chips"])
    mine = expected[contract.title]
    options = dict(expected)
    options["pass"] = 0.0
    better = max(options, key=lambda t: options[t])
    data["expected"] = mine
    if options[better] - mine >= MISTAKE:
        data.update(cost=round(options[better] - mine, 2), better=better, better_points=options[better],
                    cost_note="expected chips over the deals you could face")


def _named(actions: Sequence[Any], index: int) -> str | None:
    """The trumps the bidder chose: the suit of its first card (or the suit it named after
    leading the Joker); None for Mis."""
    for action in actions[index + 1:]:
        if isinstance(action, NameTrumps):
            return str(action.suit.value)
        if isinstance(action, PlayCard):
            if action.card.suit is None:
                continue
            return str(action.card.suit.value)
    return None


def _won_contract(actions: Sequence[Any], index: int) -> bool:
    """Whether the bid at ``index`` was the last bid before the hand's play began."""
    for action in actions[index + 1:]:
        if isinstance(action, Bid):
            return False
        if not isinstance(action, Pass):
            return True
    return True


def review(options: Any, seed: int, actions: Sequence[Any], seat: int, progress: Progress | None = None,
           deals: int = DEALS, only: Collection[int] | None = None, bid_deals: int = BID_DEALS) -> Review:
    from games.registry import GAMES

    cards = card_judge(knowledge, sides, seed=seed, deals=deals)
    bids = bid_judge(seed, bid_deals)

    def judge(state: Any, who: int, action: Any, index: int) -> Decision | None:
        return bids(state, who, action, index) or cards(state, who, action, index)

    result = review_game(GAMES["nap"], options, seed, actions, seat, judge, UNIT, progress, only)
    settle_bids(result, actions, options.seats)
    return result
