"""Computer players for Whist: the shared trick-game card play (games.core.trick_bots),
given Whist's deck and what a Whist seat knows.

>>> from games.whist.rules import WhistOptions, new_game
>>> state = new_game(WhistOptions(), seed=2)
>>> seat = state.to_act()[0]
>>> all(bot(state.view(seat), Random(0)) in state.legal_actions(seat)
...     for bot in BOTS.values())
True
"""

from __future__ import annotations

from random import Random
from typing import Callable

from games.core.cards import Card, standard_deck
from games.core.double_dummy import dds_available
from games.core.expert_play import expert_card
from games.core.trick_bots import Knowledge, Value, easy_card, hard_card, normal_card, side_value
from games.core.trick_events import PlayCard
from games.core.tricks import side_tricks
from games.whist.game_odds import hand_worth
from games.whist.rules import WhistView

DECK = tuple(standard_deck())
HARD_BUDGET = 160  # play-outs per decision, shared out over the legal cards
SEARCH_CARDS = 6  # without DDS, our own search is quick enough up to this many cards a hand
# With DDS, the Expert solves deals once the hands are down to this many cards (the second
# trick on). Measured on a quiet two-core machine, a hundred deals cost DDS 2.4-3.5 s at the
# opening lead (13 cards: too slow to wait for at the table), 0.1-1.4 s in the second trick
# and 0.3-0.6 s in the third. In the first trick it plays Hard's kind of sampled play-outs,
# five times as many and valued by the game. Judged by solving the actual deal, on
# positions Hard's play reached, the solver gave away 0.05 tricks a decision at 12 cards
# and 11 (on 179 decisions), the play-outs 0.12.
DDS_CARDS = 12
EXPERT_PLAYOUTS = 800  # about 0.13 s of CPU a decision, only in the first trick


def easy(view: WhistView, rng: Random) -> PlayCard:
    return PlayCard(view.seat, easy_card(view, rng))


def normal(view: WhistView, rng: Random) -> PlayCard:
    return PlayCard(view.seat, normal_card(view, rng, DECK))


def hard(view: WhistView, rng: Random) -> PlayCard:
    return PlayCard(view.seat, hard_card(view, rng, knowledge(view), side_value(view.seat), HARD_BUDGET))


def expert(view: WhistView, rng: Random) -> PlayCard:
    """Determinised search on the double-dummy solver (games/core/expert_play.py) from the
    second trick; sampled play-outs in the first (expert_playouts). Where DDS is not installed,
    our own search solves the last few tricks and the play-outs play the rest. Deals are
    drawn as likely as they fit the way the opponents have followed suit, and a card is
    worth the chance of winning the game it leads to (games/whist/game_odds.py), not its
    tricks."""
    if len(view.hand) > (DDS_CARDS if dds_available() else SEARCH_CARDS):
        return expert_playouts(view, rng)
    return PlayCard(view.seat, expert_card(view, rng, knowledge(view), score=game_worth(view), reading=True))


def expert_playouts(view: WhistView, rng: Random) -> PlayCard:
    """Hard's search with more play-outs, each worth its chance of winning the game."""
    return PlayCard(view.seat, hard_card(view, rng, knowledge(view), game_value(view), EXPERT_PLAYOUTS))


def game_value(view: WhistView) -> Value:
    """A play-out's worth to the seat's side (the tricks each seat took over the whole
    hand): its chance of winning the game after the hand."""
    side = view.seat % 2
    worth = hand_worth(view.scores[side], view.scores[1 - side], view.target, won=0)
    return lambda won: worth(side_tricks(won)[side])


def game_worth(view: WhistView) -> Callable[[int], float]:
    """What taking so many more tricks this hand is worth to the seat's side: its chance of
    winning the game after the hand, from the score and the tricks it has already."""
    side = view.seat % 2
    won = side_tricks(view.won)[side]
    return hand_worth(view.scores[side], view.scores[1 - side], view.target, won)


def knowledge(view: WhistView) -> Knowledge:
    """Everything the seat knows about the other hands: the trump card's place while the
    dealer holds it, the hand sizes, and the voids shown."""
    gone = set(view.hand) | {card for _, card in view.played}
    known: dict[int, tuple[Card, ...]] = {}
    for seat, card in view.shown:
        known[seat] = known.get(seat, ()) + (card,)
        gone.add(card)
    need = {s: view.hand_sizes[s] - len(known.get(s, ())) for s in range(view.seats) if s != view.seat}
    voids = {s: view.voids[s] for s in need}
    pool = tuple(c for c in DECK if c not in gone)
    return Knowledge(view.seat, need, voids, known, pool, view.rules)


BOTS = {"easy": easy, "normal": normal, "hard": hard, "expert": expert}
