"""The trick bots: sampled deals keep to what the bot saw, partners are not overtaken,
Euchre calls follow the hand, and the hard bot really is stronger."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from games.core.cards import Suit, cards
from games.core.driver import play_out
from games.core.trick_bots import Knowledge, sample_hands
from games.core.trick_events import HandScored, PlayCard
from games.core.tricks import TrumpRules
from games.euchre import bots as euchre_bots
from games.euchre.rules import EuchreOptions, OrderUp, Pass
from games.euchre.rules import new_game as new_euchre
from games.whist import bots as whist_bots
from games.whist import spec as whist_spec
from games.whist.rules import WhistOptions
from games.whist.rules import new_game as new_whist


def test_sampled_deals_keep_sizes_voids_and_known_cards() -> None:
    rules = TrumpRules(Suit.HEARTS)
    pool = tuple(cards("AS KS QS JS TS 9S AH KH QH AD KD QD AC KC"))
    info = Knowledge(0, {1: 5, 2: 4, 3: 5}, {1: frozenset({Suit.SPADES}), 3: frozenset({Suit.HEARTS})},
                     {2: tuple(cards("2C"))}, pool, rules)
    for seed in range(200):
        deal = sample_hands(info, random.Random(seed))
        assert {s: len(h) for s, h in deal.items()} == {1: 5, 2: 5, 3: 5}
        assert cards("2C")[0] in deal[2]
        assert not any(c.suit is Suit.SPADES for c in deal[1])
        assert not any(c.suit is Suit.HEARTS for c in deal[3])
        dealt = [c for h in deal.values() for c in h if str(c) != "2C"]
        assert len(set(dealt)) == len(dealt) == 14 and set(dealt) == set(pool)


def test_whist_knowledge_places_the_turned_card_and_voids() -> None:
    state = new_whist(WhistOptions(), 4)
    seat = (state.dealer + 1) % 4
    info = whist_bots.knowledge(state.view(seat))
    assert info.known == {state.dealer: (state.turned,)}
    assert info.need[state.dealer] == 12 and sum(info.need.values()) == len(info.pool) == 38
    assert state.turned not in info.pool


def whist_view_following(hand: str, trick: list[tuple[int, str]]):
    """A view for seat 0 (hearts trumps) with ``trick`` on the table."""
    state = new_whist(WhistOptions(), 1)
    view = state.view(0)
    mine = cards(hand)
    plays = tuple((s, cards(c)[0]) for s, c in trick)
    led = plays[0][1].suit
    follow = [c for c in mine if c.suit is led] or mine
    return replace(view, hand=tuple(mine), trick=plays, trump=Suit.HEARTS, played=plays,
                   legal=tuple(PlayCard(0, c) for c in follow), turned=None, shown=(),
                   hand_sizes=(len(mine), len(mine) - 1, len(mine) - 1, len(mine) - 1),
                   voids=(frozenset(),) * 4, won=(0, 0, 0, 0))


def test_normal_does_not_trump_its_partners_winner_but_easy_does() -> None:
    view = whist_view_following("5H 2D", [(1, "KS"), (2, "AS"), (3, "3S")])
    assert whist_bots.easy(view, random.Random(0)).card == cards("5H")[0]
    assert whist_bots.normal(view, random.Random(0)).card == cards("2D")[0]
    assert whist_bots.hard(view, random.Random(0)).card == cards("2D")[0]


def test_normal_wins_cheaply_in_fourth_seat() -> None:
    view = whist_view_following("AS QS 3S", [(1, "TS"), (2, "4S"), (3, "JS")])
    assert whist_bots.normal(view, random.Random(0)).card == cards("QS")[0]


def test_hard_is_repeatable_for_the_same_generator() -> None:
    state = new_whist(WhistOptions(), 9)
    seat = state.to_act()[0]
    view = state.view(seat)
    assert whist_bots.hard(view, random.Random(3)) == whist_bots.hard(view, random.Random(3))


def euchre_view_with(hand: str, upcard: str, dealer: int):
    state = new_euchre(EuchreOptions(), 1)
    view = state.view(state.to_act()[0])
    return replace(view, seat=(dealer + 1) % 4, dealer=dealer, hand=tuple(cards(hand)),
                   upcard=cards(upcard)[0], turned=cards(upcard)[0], phase="round1",
                   legal=(), maker=None)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_commanding_hand_orders_up_alone(level: str) -> None:
    view = euchre_view_with("JC JS AC KC AH", "7C", dealer=3)
    view = replace(view, legal=(OrderUp(0), OrderUp(0, alone=True)))
    call = euchre_bots.BOTS[level](view, random.Random(1))
    assert call == OrderUp(0, alone=True)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_hand_without_trumps_passes(level: str) -> None:
    view = euchre_view_with("7D 8H 9D 7H 8S", "AC", dealer=3)
    view = replace(view, legal=(Pass(0), OrderUp(0), OrderUp(0, alone=True)))
    assert type(euchre_bots.BOTS[level](view, random.Random(1))).__name__ == "Pass"


def test_dealer_discards_to_make_a_void() -> None:
    assert euchre_bots.best_discard(cards("JC AC KC 9H AD TD"), Suit.CLUBS) == cards("9H")[0]
    assert euchre_bots.best_discard(cards("JC AC KC QC 9C AD"), Suit.CLUBS) == cards("AD")[0]


def match(spec, strong: str, weak: str, games: int) -> int:
    """Games won by the ``strong`` partnership, sides swapped every game."""
    wins = 0
    for game in range(games):
        side = game % 2
        lineup = [spec.bots[strong if s % 2 == side else weak] for s in range(4)]
        record = play_out(spec, spec.make_options(), 700 + game, lineup)
        wins += record.state.winner == side
    return wins


def first_hand_tricks(ours, theirs, seed: int) -> int:
    """Tricks taken by seats 0 and 2 (``ours``) in the first hand of a Whist deal."""
    state = new_whist(WhistOptions(), seed)
    rng = random.Random(seed)
    while True:
        seat = state.to_act()[0]
        for event in state.apply((ours if seat % 2 == 0 else theirs)(state.view(seat), rng)):
            if isinstance(event, HandScored):
                return event.tricks[0]


@pytest.mark.slow
def test_hard_takes_more_tricks_than_easy_on_the_same_deals() -> None:
    deals = range(6)
    hard = sum(first_hand_tricks(whist_bots.hard, whist_bots.easy, d) for d in deals)
    easy = sum(first_hand_tricks(whist_bots.easy, whist_bots.easy, d) for d in deals)
    assert hard >= easy + 4


def test_normal_beats_easy_at_whist() -> None:
    assert match(whist_spec(), "normal", "easy", 40) >= 24
