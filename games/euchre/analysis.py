"""The coach for Euchre: each card's double-dummy and single-dummy tricks (our own exact
search: the bowers), against single-dummy.

Each call (pass, order up, name a suit) is judged against the tricks the seat's side could
take with each suit as trumps, every hand open on the deal as dealt (double-dummy), the
player left of the dealer leading: with the upcard's suit the dealer takes the upcard up
and throws the card best for its own side. Single-dummy is left out for calls (our own
search over fifty deals per suit costs seconds a call). A call that could not take three
tricks even with every hand open is euchred at best play: the defenders score 2; that is
its cost. Whether passing would have been better depends on the other calls and the score,
so no other cost is counted. The dealer's discard is not reviewed.
"""

from __future__ import annotations

from typing import Any, Collection, Sequence

from games.core.analysis import Analysis, Decision, Progress, Review, review_game
from games.core.cards import Card, Suit
from games.core.trick_analysis import DEALS, TrumpChoice, analyse_card, bid_table, card_judge, contract_tricks
from games.core.tricks import TrumpRules
from games.euchre.bots import play_knowledge
from games.euchre.rules import HAND_SIZE, EuchreState, NameTrump, OrderUp, Pass

UNIT = "tricks"
NOTE = "the discard is not reviewed"
EUCHRED = 2  # the defenders' points when the makers take fewer than three tricks
TO_MAKE = 3


def analyse(state: EuchreState, seat: int, seed: int = 0, deals: int = DEALS) -> Analysis | None:
    return analyse_card(state, seat, play_knowledge, seed=seed, deals=deals)


def suit_tricks(state: EuchreState, seat: int, suit: Suit, alone: bool = False) -> int:
    """The tricks ``seat``'s side takes with ``suit`` as trumps and every hand open (the
    dealer takes up the upcard, discarding as suits its side, when it is the upcard's)."""
    hands = [list(h) for h in state.hands]
    leader = (state.dealer + 1) % 4
    out = frozenset({(seat + 2) % 4}) if alone else frozenset()
    if out and leader in out:
        leader = (leader + 1) % 4
    choice = [TrumpChoice(suit.value, TrumpRules(suit, bowers=True))]
    if suit is not state.up.suit or state.dealer in out:
        return int(contract_tricks([hands], choice, leader, seat, sitting_out=out)[suit.value][1])
    dealt: list[list[Sequence[Card]]] = []
    full = hands[state.dealer] + [state.up]
    for thrown in full:
        deal: list[Sequence[Card]] = [list(h) for h in hands]
        deal[state.dealer] = [c for c in full if c != thrown]
        dealt.append(deal)
    values = [contract_tricks([d], choice, leader, seat, sitting_out=out)[suit.value][1] for d in dealt]
    mine = state.dealer % 2 == seat % 2
    return int(max(values) if mine else min(values))


def call_analysis(state: EuchreState, seat: int, action: Any) -> Analysis:
    real = {s.value: (float(t), t) for s in Suit for t in [suit_tricks(state, seat, s)]}
    data = bid_table(real, None)
    data["upcard"] = state.up.suit.value if state.up.suit else None
    if isinstance(action, Pass):
        data.update(bid="pass", needs=None)
        return Analysis({}, reason="bid", extra={"bid": data})
    suit = state.up.suit if isinstance(action, OrderUp) else action.suit
    assert suit is not None
    tricks = suit_tricks(state, seat, suit, action.alone) if action.alone else int(real[suit.value][1])
    data.update(bid="call alone" if action.alone else "call", named=suit.value, named_tricks=tricks, needs=TO_MAKE,
                tricks=tricks, makes=tricks >= TO_MAKE, won_auction=True)
    if action.alone:
        data["alone_tricks"] = tricks
    if tricks < TO_MAKE:
        data.update(cost=EUCHRED, cost_unit="points", cost_note="the defenders score 2 when it is euchred")
    return Analysis({}, reason="bid", extra={"bid": data})


def call_judge(state: EuchreState, seat: int, action: Any, index: int) -> Decision | None:
    if state.phase not in ("round1", "round2") or not isinstance(action, (Pass, OrderUp, NameTrump)):
        return None
    analysis = call_analysis(state, seat, action)
    chosen = analysis.extra["bid"]["bid"]
    return Decision(index, seat, "call", 0, chosen, analysis, int(state.hand_number))


def review(options: Any, seed: int, actions: Sequence[Any], seat: int, progress: Progress | None = None,
           deals: int = DEALS, only: Collection[int] | None = None) -> Review:
    from games.registry import GAMES

    cards = card_judge(play_knowledge, seed=seed, deals=deals)

    def judge(state: Any, who: int, action: Any, index: int) -> Decision | None:
        return call_judge(state, who, action, index) or cards(state, who, action, index)

    result = review_game(GAMES["euchre"], options, seed, actions, seat, judge, UNIT, progress, only)
    result.notes.append(NOTE)
    return result
