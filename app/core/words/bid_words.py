"""Nash Whist's bids in a newcomer's words: each contract's name with its suit sign
("Six-Out ♦"), what it asks and what it pays ("take 6 tricks alone with diamonds as
trumps, win 3 chips from each"), what failing costs, and the computer's own reading of the
hand ("Your hand looks good for about 5 tricks alone, with spades as trumps").

The auction panel shows these beside its first choices, so a player need not know the
contract table by heart; every sentence is a template here, for translation.

>>> from games.nash_whist.bids import Bid
>>> render(bid_name(Bid.parse("Six-Out diamonds")))
'Six-Out ♦'
>>> render(meaning(Bid.parse("Six-Out diamonds"), Suit.SPADES))
'Take 6 tricks alone with diamonds as trumps, win 3 chips from each'
>>> render(meaning(Bid.parse("Prop"), Suit.SPADES))
'Ask for a partner: 8 tricks together, spades as trumps, win 1 chip each'
>>> render(stakes(Bid.parse("Five-In"), pot=4))
'Fail and you pay 2 chips to each · make it and the pot of 4 is yours too'
>>> render(hand_reading(5.4, Suit.SPADES))
'Your hand looks good for about 5 tricks alone, with spades as trumps'
"""

from __future__ import annotations

from app.core.words.render import SUIT_SIGNS, render  # (render: for the examples above)
from games.core.cards import Suit
from games.core.words import N, T, Who, Words
from games.nash_whist import bids as nwb

__all__ = ["bid_name", "meaning", "stakes", "pass_meaning", "hand_reading", "advice", "MORE_BIDS", "FEWER_BIDS", "MORE_MEANING", "FEWER_MEANING"]

MORE_BIDS, FEWER_BIDS = T("More bids"), T("Fewer bids")
MORE_MEANING = T("every bid there is, up to Thirteen (M)")
FEWER_MEANING = T("back to the bids that matter now (M)")


def bid_name(bid: nwb.Bid) -> Words:
    """A contract's name, its named suit as a sign: "Six-Out ♦", "Thirteen ♠", "Five-In"."""
    if bid.suit is not None and bid.kind == nwb.OUT:
        return T("{level}-Out {sign}", level=bid.words().value("level"), sign=SUIT_SIGNS[bid.suit])
    if bid.suit is not None:
        return T("Thirteen {sign}", sign=SUIT_SIGNS[bid.suit])
    return bid.words()


def _trumps(bid: nwb.Bid, initial: Suit) -> Words:
    """The contract's trumps (the panel's note says which suit was turned)."""
    trump = bid.trump(initial)
    return T("no trumps") if trump is None else T("{suit} as trumps", suit=trump)


def _win(pay: int) -> Words:
    return N("win {count} chip from each", "win {count} chips from each", count=pay)


def meaning(bid: nwb.Bid, initial: Suit, proposer: int | None = None) -> Words:
    """What the contract asks and what making it pays, in one line (``proposer``: the
    seat whose Prop a Cop accepts)."""
    trumps, win = _trumps(bid, initial), _win(bid.pay)
    if bid.kind == nwb.COP and proposer is not None:
        return T("join {seat}: 8 tricks together, {trumps}, win 1 chip each", seat=Who(proposer), trumps=trumps)
    if bid.is_partnership:
        return T("ask for a partner: 8 tricks together, {trumps}, win 1 chip each", trumps=trumps)
    if bid.kind == nwb.TRISTE:
        return T("win exactly one trick, no trumps, {win}", win=win)
    if bid.is_open:
        return T("lose every trick, your hand shown after the first, {win}", win=win)
    if bid.is_misere:
        return T("lose every trick, no trumps, {win}", win=win)
    if bid.kind == nwb.THIRTEEN:
        return T("win all 13 tricks with {trumps}, {win}", trumps=trumps, win=win)
    if bid.trump(initial) is None:
        return T("take {tricks} tricks alone with no trumps, {win}", tricks=bid.tricks, win=win)
    return T("take {tricks} tricks alone with {trumps}, {win}", tricks=bid.tricks, trumps=trumps, win=win)


def stakes(bid: nwb.Bid, pot: int) -> Words:
    """The other side of the bet, for the line under the panel: what failing costs, and the
    pot that making a solo contract also wins (a Prop-and-Cop never wins the pot)."""
    if bid.is_partnership:
        return T("each partner is paid 1 chip by an opponent, or pays one · the pot stays")
    lose = N("fail and you pay {count} chip to each", "fail and you pay {count} chips to each", count=bid.pay)
    return T("{lose} · make it and the pot of {pot} is yours too", lose=lose, pot=pot)


def pass_meaning(cop_chance: bool) -> Words:
    if cop_chance:
        return T("nobody plays: everyone adds a chip to the pot")
    return T("no bid this deal (P)")


def hand_reading(tricks: float, trump: Suit | None) -> Words:
    """The computer's estimate of the hand's tricks alone in its best trumps."""
    count = max(0, round(tricks))
    if trump is None:
        return N("your hand looks good for about {count} trick alone, with no trumps",
                 "your hand looks good for about {count} tricks alone, with no trumps", count=count)
    return N("your hand looks good for about {count} trick alone, with {suit} as trumps",
             "your hand looks good for about {count} tricks alone, with {suit} as trumps", count=count, suit=trump)


def advice(bid: nwb.Bid | None, cop: bool) -> Words:
    """What a computer player would call with this hand now."""
    if cop:
        return T("a computer player would Cop")
    if bid is None:
        return T("a computer player would pass")
    return T("a computer player would bid {bid}", bid=bid_name(bid))
