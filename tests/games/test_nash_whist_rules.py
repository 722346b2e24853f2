"""Nash Whist: the deal (clumps, the other pack, three-handed, sitting out), the ante and
all-pass chips, every auction rule (Prop and Cop with the Hot Seat's second chance), play
and claims, Open Misere, settlement, the session's end, and properties over many seeded
sessions (chips conserved, views hiding hands, exact replays)."""

from __future__ import annotations

from collections import Counter
from random import Random
from typing import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.core.cards import Card, Suit, cards
from games.core.driver import play_out, replay
from games.core.protocol import IllegalAction, cards_in
from games.core.trick_events import HandDealt, NewDeal, PlayCard, TrumpSet
from games.nash_whist import rules, spec
from games.nash_whist.rules import (
    AllPassed, Anted, Bid, Called, Claimed, ContractWon, Cop, HandOpened, IndicatorTurned,
    MakeBid, NashWhistOptions, NashWhistState, NoTrumps, Pass, SessionOver, Settled, new_game,
    sitting_out,
)

SPEC = spec()
RANKS = "A K Q J T 9 8 7 6 5 4 3 2".split()


def suit(letter: str, skip: str = "") -> str:
    """Every card of a suit, high first, less the ranks in ``skip``."""
    return " ".join(r + letter for r in RANKS if r not in skip.split())


def game(seats: int = 4, seed: int = 1, **options: object) -> NashWhistState:
    return new_game(NashWhistOptions(seats=seats, **options), seed)  # type: ignore[arg-type]


def rig(state: NashWhistState, hands: list[str], indicator: str, dealer: int) -> None:
    """Deal ``hands`` (one string per seat, "" for a seat sitting out) with ``dealer``
    dealing and ``indicator`` turned from the other pack; both packs stay whole."""
    before = Counter(state.all_cards())
    state.dealer = dealer
    state.active = tuple(s for s in range(state.seats) if s not in sitting_out(state.seats, dealer))
    state.hands = [cards(h) for h in hands]
    turned = Card.parse(indicator)
    state.other_pack.remove(turned)
    state.other_pack.insert(0, turned)
    state._reset_auction()
    assert Counter(state.all_cards()) == before, "the rigged deal must use the whole pack"


def by_suit(state: NashWhistState, indicator: str = "2S") -> None:
    """Four hands of one suit each: P1 spades, P2 hearts, P3 diamonds, P4 clubs; P4 deals,
    so P1 is the Hot Seat."""
    rig(state, [suit("S"), suit("H"), suit("D"), suit("C")], indicator, dealer=3)


def call(state: NashWhistState, *calls: str) -> list:
    """The seats in turn: "pass", "cop" or a bid's name."""
    events = []
    for word in calls:
        seat = state.to_act()[0]
        action = Pass(seat) if word == "pass" else Cop(seat) if word == "cop" else MakeBid(seat, Bid.parse(word))
        events += state.apply(action)
    return events


Pick = Callable[[NashWhistState, int, list[Card]], Card]


def first_legal(state: NashWhistState, seat: int, legal: list[Card]) -> Card:
    return legal[0]


def play_hand(state: NashWhistState, pick: Pick = first_legal) -> list:
    """Play cards until the hand is claimed; the events up to and including the settlement."""
    events: list = []
    while not any(isinstance(e, Settled) for e in events):
        seat = state.to_act()[0]
        legal = [a.card for a in state.legal_actions(seat)]
        events += state.apply(PlayCard(seat, pick(state, seat, legal)))
    return events


def of(events: list, kind: type) -> list:
    return [e for e in events if isinstance(e, kind)]


def settled(events: list) -> Settled:
    return of(events, Settled)[0]


def total_chips(state: NashWhistState) -> int:
    return sum(state.chips) + state.pot


# --- the deal -------------------------------------------------------------------------------

def test_four_handed_deal_ante_and_indicator() -> None:
    state = game(4, seed=7)
    assert [len(h) for h in state.hands] == [13] * 4
    assert sorted(map(str, (c for h in state.hands for c in h))) == sorted(map(str, rules.pack(False)))
    assert sorted(map(str, state.other_pack)) == sorted(map(str, rules.pack(False)))
    assert state.pot == 4 and state.chips == [49] * 4
    assert state.indicator == state.other_pack[0]
    turned = of(state.opening, IndicatorTurned)
    assert turned == [IndicatorTurned(state.indicator)]
    assert state.initial_trump is state.indicator.suit
    assert of(state.opening, Anted) == [Anted((49,) * 4, 4, (0, 1, 2, 3))]
    hot = (state.dealer + 1) % 4
    assert state.to_act() == [hot]
    for seat in range(4):
        view = state.view(seat)
        assert view.indicator == state.indicator and view.initial_trump is state.initial_trump
        assert view.trump is None and view.phase == "bid" and view.hot_seat == hot


def test_the_deal_is_in_clumps_of_four_then_three_from_the_dealers_left(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rules, "_shuffled", lambda deck, rng: sorted(deck, key=Card.sort_key))
    state = game(4, seed=2)
    top = sorted(rules.pack(False), key=Card.sort_key)[::-1]  # dealt from the end of the list
    order = [(state.dealer + 1 + i) % 4 for i in range(4)]
    expected: dict[int, list[Card]] = {s: [] for s in order}
    for clump in (4, 3, 3, 3):
        for seat in order:
            expected[seat] += top[:clump]
            top = top[clump:]
    assert all(state.hands[s] == expected[s] for s in order)
    dealt = [e.seat for e in of(state.opening, HandDealt)]
    assert dealt == order and dealt[-1] == state.dealer


def test_three_handed_has_no_clubs_and_thirteen_each() -> None:
    for seed in range(20):
        state = game(3, seed=seed)
        assert [len(h) for h in state.hands] == [13, 13, 13]
        assert len(state.all_cards()) == 78 and len(state.other_pack) == 39
        assert not [c for c in state.all_cards() if c.suit is Suit.CLUBS]
        assert state.initial_trump is not Suit.CLUBS
        assert state.pot == 3


@pytest.mark.parametrize("seats", [5, 6])
def test_five_and_six_seats_sit_out_the_old_dealer_and_rotate(seats: int) -> None:
    state = game(seats, seed=3, end="deals", deals=24)
    seen_out: set[int] = set()
    for _ in range(2 * seats):
        dealer = state.dealer
        old = (dealer - 1) % seats
        expected = {old, (old - 1) % seats} if seats == 6 else {old}
        assert set(state.view(0).sitting_out) == expected == set(state.sitting_out)
        assert len(state.active) == 4 and dealer in state.active
        for seat in expected:
            assert state.hands[seat] == [] and state.legal_actions(seat) == []
        assert sorted(len(state.hands[s]) for s in state.active) == [13] * 4
        seen_out |= expected
        before = list(state.chips)
        events = call(state, *["pass"] * 4)
        assert of(events, AllPassed) and state.dealer == (dealer + 1) % seats
        for seat in expected:  # sitting out: no extra chip (the next ante may take one)
            assert before[seat] - state.chips[seat] == (1 if seat in state.active else 0)
    assert seen_out == set(range(seats))


def test_the_packs_take_turns() -> None:
    state = game(4, seed=5)
    other = list(state.other_pack)
    call(state, "pass", "pass", "pass", "pass")
    assert sorted(map(str, (c for h in state.hands for c in h))) == sorted(map(str, other))
    assert Counter(state.all_cards()) == Counter(rules.pack(False) * 2)


# --- the auction ----------------------------------------------------------------------------

@pytest.mark.parametrize("seats", [3, 4, 5, 6])
def test_all_pass_adds_a_chip_each_and_the_deal_moves_on(seats: int) -> None:
    state = game(seats, seed=11, end="deals", deals=8)
    dealer, playing = state.dealer, state.active
    before, pot = list(state.chips), state.pot
    events = call(state, *["pass"] * len(playing))
    passed = of(events, AllPassed)[0]
    assert passed.pot == pot + len(playing)
    assert all(passed.chips[s] == before[s] - (s in playing) for s in range(seats))
    assert of(events, NewDeal)[0].dealer == (dealer + 1) % seats == state.dealer
    assert state.pot == passed.pot + len(state.active)  # then the next deal's ante
    assert state.deal_number == 2 and state.phase == "bid"


def test_a_passed_player_is_never_asked_again() -> None:
    state = game(4, seed=4)
    hot = state.to_act()[0]
    call(state, "pass", "Five-In", "pass", "Six-In")
    for seat in (hot, (hot + 2) % 4):
        before = state.clone()
        with pytest.raises(IllegalAction, match=f"P{seat + 1} has passed and may not bid again"):
            state.apply(MakeBid(seat, Bid.parse("Eight-In")))
        assert state == before
    asked = []
    while state.phase == "bid":
        asked.append(state.to_act()[0])
        call(state, "pass")
    assert asked and hot not in asked and (hot + 2) % 4 not in asked


def test_each_bid_must_beat_the_standing_bid() -> None:
    state = game(4, seed=4)
    call(state, "Six-In")
    seat = state.to_act()[0]
    legal = {a.bid for a in state.legal_actions(seat) if isinstance(a, MakeBid)}
    assert min(legal) > Bid.parse("Six-In") and Bid.parse("Six-In") not in legal
    before = state.clone()
    for text in ("Six-No-Trumps", "Six-In", "Five-In", "Prop"):
        with pytest.raises(IllegalAction, match="does not beat the standing Six-In"):
            state.apply(MakeBid(seat, Bid.parse(text)))
        assert state == before
    call(state, "Seven-Out " + next(s.title for s in Suit if s is not state.initial_trump))


def test_out_bids_cannot_name_the_initial_trumps() -> None:
    state = game(4, seed=8)
    initial = state.initial_trump
    seat = state.to_act()[0]
    before = state.clone()
    with pytest.raises(IllegalAction, match=f"other than the initial trumps \\({initial.title}\\)"):
        state.apply(MakeBid(seat, Bid("out", 6, initial)))
    assert state == before
    outs = {a.bid.suit for a in state.legal_actions(seat) if isinstance(a, MakeBid) and a.bid.kind == "out"}
    assert outs == set(Suit) - {initial}


def test_three_handed_refuses_prop_clubs_and_four_handed_refuses_triste() -> None:
    three = game(3, seed=1)
    seat = three.to_act()[0]
    with pytest.raises(IllegalAction, match="only with four"):
        three.apply(MakeBid(seat, Bid.parse("Prop")))
    with pytest.raises(IllegalAction, match="no clubs"):
        three.apply(MakeBid(seat, Bid.parse("Thirteen clubs")))
    assert MakeBid(seat, Bid.parse("Triste")) in three.legal_actions(seat)
    four = game(4, seed=1)
    seat = four.to_act()[0]
    with pytest.raises(IllegalAction, match="three-handed"):
        four.apply(MakeBid(seat, Bid.parse("Triste")))
    five = game(5, seed=1)  # five at the table, four playing: Prop is there
    assert MakeBid(five.to_act()[0], Bid.parse("Prop")) in five.legal_actions(five.to_act()[0])


def test_prop_and_cop_makes_partners_with_the_initial_trumps() -> None:
    state = game(4, seed=6)
    hot = state.to_act()[0]
    events = call(state, "pass", "Prop", "pass")
    copper = state.to_act()[0]
    assert Cop(copper) in state.legal_actions(copper)
    events += call(state, "cop")
    assert of(events, Called)[-1].words == "Cop"
    assert of(events, ContractWon) == [ContractWon((hot + 1) % 4, Bid.parse("Prop"), copper)]
    assert of(events, TrumpSet)[0].suit is state.initial_trump
    view = state.view(0)
    assert (view.phase, view.declarer, view.partner, view.needs) == ("play", (hot + 1) % 4, copper, 8)
    assert view.trump is state.initial_trump and state.to_act() == [hot]  # the Hot Seat leads


def test_the_hot_seat_gets_a_second_chance_to_cop() -> None:
    state = game(4, seed=6)
    hot = state.to_act()[0]
    call(state, "pass", "pass", "Prop", "pass")
    assert state.to_act() == [hot] and state.view(hot).cop_chance
    assert state.legal_actions(hot) == [Pass(hot), Cop(hot)]
    with pytest.raises(IllegalAction, match="only Cop the Prop or pass"):
        state.apply(MakeBid(hot, Bid.parse("Five-In")))
    events = call(state, "cop")
    assert of(events, ContractWon) == [ContractWon((hot + 2) % 4, Bid.parse("Prop"), hot)]


def test_an_uncopped_prop_is_all_passing() -> None:
    declined = game(4, seed=6)
    events = call(declined, "pass", "Prop", "pass", "pass", "pass")  # the last is the Hot Seat's
    assert of(events, AllPassed) and not of(events, ContractWon)
    own = game(4, seed=6)  # the Hot Seat's own Prop: no second chance for anyone
    events = call(own, "Prop", "pass", "pass", "pass")
    assert of(events, AllPassed) and own.deal_number == 2
    assert total_chips(own) == 200


def test_a_higher_bid_overrides_the_prop() -> None:
    state = game(4, seed=6)
    hot = state.to_act()[0]
    call(state, "pass", "Prop", "Five-In", "pass")
    proposer = (hot + 1) % 4
    assert state.to_act() == [proposer]  # the Hot Seat passed, and no Prop stands to Cop
    with pytest.raises(IllegalAction, match="no Prop standing"):
        state.apply(Cop(proposer))
    events = call(state, "pass")
    assert of(events, ContractWon) == [ContractWon((hot + 2) % 4, Bid.parse("Five-In"), None)]


def test_cop_is_refused_to_the_proposer_and_without_a_prop() -> None:
    state = game(4, seed=6)
    seat = state.to_act()[0]
    with pytest.raises(IllegalAction, match="no Prop standing"):
        state.apply(Cop(seat))
    call(state, "Prop")
    assert Cop((seat + 1) % 4) in state.legal_actions((seat + 1) % 4)
    with pytest.raises(IllegalAction, match="turn"):
        state.apply(Cop(seat))


def test_no_thirteen_beats_another() -> None:
    state = game(4, seed=6)
    call(state, "Thirteen no trumps")
    seat = state.to_act()[0]
    assert state.legal_actions(seat) == [Pass(seat)]
    with pytest.raises(IllegalAction, match="nothing beats a Thirteen"):
        state.apply(MakeBid(seat, Bid.parse("Thirteen spades")))


def test_contract_sets_trumps() -> None:
    state = game(4, seed=9)
    other = next(s for s in Suit if s is not state.initial_trump)
    events = call(state, f"Seven-Out {other.title}", "pass", "pass", "pass")
    assert of(events, TrumpSet)[0].suit is other and state.view(1).trump is other
    notrumps = game(4, seed=9)
    events = call(notrumps, "Misere", "pass", "pass", "pass")
    assert of(events, NoTrumps) and notrumps.view(1).trump is None


# --- play, claims and settlement ------------------------------------------------------------

def test_a_contract_made_is_claimed_at_once_and_paid_with_the_pot() -> None:
    state = game(4, seed=1)
    by_suit(state, indicator="4S")
    call(state, "Six-In", "pass", "pass", "pass")
    events = play_hand(state)
    assert len(of(events, rules.TrickTaken)) == 6 and of(events, Claimed)[0].made
    result = settled(events)
    assert result.made and result.pot_won == 4
    assert result.change == (12 + 4, -4, -4, -4) and result.chips == (65, 45, 45, 45)
    assert result.pot == 0 and state.deal_number == 2


def test_a_contract_lost_is_claimed_when_out_of_reach_and_the_pot_stays() -> None:
    state = game(4, seed=1)
    by_suit(state, indicator="4S")  # spades are trumps: P1 takes every trick
    call(state, "pass", "Seven-In", "pass", "pass")
    events = play_hand(state)
    assert len(of(events, rules.TrickTaken)) == 7  # 0 taken, 6 left: seven cannot be reached
    assert not of(events, Claimed)[0].made
    result = settled(events)
    assert result.change == (6, -18, 6, 6) and result.pot == 4 and result.pot_won == 0


def test_misere_fails_on_the_first_trick_taken_and_is_made_by_losing_all() -> None:
    state = game(4, seed=1)
    by_suit(state)
    call(state, "Misere", "pass", "pass", "pass")
    events = play_hand(state)  # P1 leads a spade and nobody can follow
    assert len(of(events, rules.TrickTaken)) == 1 and not settled(events).made
    state = game(4, seed=1)
    by_suit(state)
    call(state, "pass", "Misere", "pass", "pass")
    events = play_hand(state)
    assert len(of(events, rules.TrickTaken)) == 13 and settled(events).made
    assert settled(events).change == (-9, 27 + 4, -9, -9)


def test_open_misere_lays_the_hand_down_after_the_first_trick() -> None:
    state = game(4, seed=1)
    by_suit(state)
    call(state, "pass", "Open Misere", "pass", "pass")
    for _ in range(3):
        seat = state.to_act()[0]
        assert state.apply(PlayCard(seat, state.legal_actions(seat)[0].card)) and not state.open_hands()
        assert all(state.view(s).open_hands == {} for s in range(4))
    events = state.apply(PlayCard(3, state.legal_actions(3)[0].card))
    opened = of(events, HandOpened)
    assert opened == [HandOpened(1, tuple(state.hands[1]))] and len(opened[0].cards) == 12
    for viewer in range(4):
        view = state.view(viewer)
        assert view.open_hands == {1: tuple(state.hands[1])}
        assert set(state.hands[1]) <= set(cards_in(view))
    hidden = Counter(state.hidden_from(0))  # only the other pack's copy of each is hidden now
    assert all(hidden[c] == 1 for c in state.hands[1]) and all(hidden[c] == 2 for c in state.hands[2])
    for seat in (0, 1):  # P1 won the trick and leads; the declarer follows
        state.apply(PlayCard(seat, state.legal_actions(seat)[0].card))
    assert state.view(2).open_hands == {1: tuple(state.hands[1])} and len(state.hands[1]) == 11
    rest = play_hand(state)  # P1 leads spades and takes every trick: Open Misere is made
    assert settled(rest).made and not of(rest, HandOpened)


def triste_hands(state: NashWhistState) -> None:
    """Three-handed, P3 deals: P1 has twelve spades and the AH, P2 the AS and twelve hearts,
    P3 the diamonds. P1 leads KS, P2 must win with the AS, lead a heart, and lose to the AH."""
    rig(state, [suit("S", "A") + " AH", "AS " + suit("H", "A"), suit("D")], "2D", dealer=2)


def test_triste_needs_exactly_one_trick() -> None:
    state = game(3, seed=1)
    triste_hands(state)
    call(state, "pass", "Triste", "pass")
    events = play_hand(state)
    assert len(of(events, rules.TrickTaken)) == 13 and settled(events).made
    assert settled(events).change == (-7, 14 + 3, -7)
    state = game(3, seed=1)  # P1 takes the first two tricks: Triste fails on the second
    by_three = [suit("S"), suit("H"), suit("D")]
    rig(state, by_three, "2D", dealer=2)
    call(state, "Triste", "pass", "pass")
    events = play_hand(state)
    assert len(of(events, rules.TrickTaken)) == 2 and not settled(events).made
    state = game(3, seed=1)  # P2 takes none: Triste fails at the end
    rig(state, by_three, "2D", dealer=2)
    call(state, "pass", "Triste", "pass")
    events = play_hand(state)
    assert len(of(events, rules.TrickTaken)) == 13 and not settled(events).made


def test_prop_and_cop_side_counts_both_partners_and_pays_one_to_one() -> None:
    state = game(4, seed=1)
    by_suit(state, indicator="4S")
    call(state, "pass", "Prop", "pass", "pass", "cop")  # P2 props, P1 (the Hot Seat) cops
    events = play_hand(state)
    assert len(of(events, rules.TrickTaken)) == 8 and settled(events).made
    result = settled(events)
    # opponents from P2's left: P3 settles with P2, P4 with P1; the pot is not won
    assert [str(p) for p in result.payments] == ["P3 pays P2 1", "P4 pays P1 1"]
    assert result.pot_won == 0 and result.pot == 4 and result.change == (1, 1, -1, -1)


def test_the_hot_seat_leads_and_suit_must_be_followed() -> None:
    state = game(4, seed=2)
    hot = state.to_act()[0]
    call(state, "Five-In", "pass", "pass", "pass")
    assert state.to_act() == [hot]
    lead = state.hands[hot][0]
    state.apply(PlayCard(hot, lead))
    nxt = state.to_act()[0]
    follow = [c for c in state.hands[nxt] if c.suit is lead.suit]
    off = [c for c in state.hands[nxt] if c.suit is not lead.suit]
    if follow and off:
        before = state.clone()
        with pytest.raises(IllegalAction, match=f"follow suit: play one of your {lead.suit.title}"):
            state.apply(PlayCard(nxt, off[0]))
        assert state == before
    with pytest.raises(IllegalAction, match=r"is not in P\d.s hand"):
        state.apply(PlayCard(nxt, state.hands[hot][0]))


def test_illegal_actions_raise_clearly_and_change_nothing() -> None:
    state = game(4, seed=3)
    seat = state.to_act()[0]
    before = state.clone()
    bad = [(PlayCard(seat, state.hands[seat][0]), "not played until the auction is over"),
           (Pass((seat + 1) % 4), "turn"), (Cop(seat), "no Prop"), ("bid", "no such move")]
    for action, message in bad:
        with pytest.raises(IllegalAction, match=message):
            state.apply(action)  # type: ignore[arg-type]
        assert state == before
    call(state, "Five-In", "pass", "pass", "pass")
    with pytest.raises(IllegalAction, match="auction is over"):
        state.apply(Pass(state.to_act()[0]))


def test_a_payment_never_exceeds_a_cache_and_a_spent_cache_ends_the_session() -> None:
    state = game(4, seed=1, end="deals", deals=24)
    state.chips = [49, 3, 49, 49]
    state.pot = 4 + (50 - 3)  # keep the session's total: the chips went to the pot
    total = total_chips(state)
    by_suit(state, indicator="4S")
    call(state, "Six-In", "pass", "pass", "pass")
    events = play_hand(state)
    result = settled(events)
    assert [str(p) for p in result.payments] == ["P2 pays P1 3", "P3 pays P1 4", "P4 pays P1 4"]
    over = of(events, SessionOver)[0]
    assert state.is_over() and str(over.reason) == "P2 spent the cache"
    assert over.winners == (0,) and over.standings[0] == 0 and over.standings[-1] == 1
    assert state.outcome() is not None and state.outcome().winners == (0,)
    assert total_chips(state) == total and state.chips[1] == 0
    assert state.to_act() == [] and all(state.legal_actions(s) == [] for s in range(4))


# --- the session ----------------------------------------------------------------------------

@pytest.mark.parametrize(("seats", "end", "deals", "expected"),
                         [(4, "once round", 8, 4), (6, "once round", 8, 6), (3, "deals", 12, 12)])
def test_a_session_of_deals_ends_with_standings(seats: int, end: str, deals: int, expected: int) -> None:
    state = game(seats, seed=2, end=end, deals=deals)
    events: list = []
    while not state.is_over():
        events += call(state, *["pass"] * len(state.active))
    assert state.deal_number == expected
    over = of(events, SessionOver)[0]
    assert over.chips == tuple(state.chips) and over.pot == state.pot
    assert str(state.outcome())


def test_a_session_until_the_pot_is_won_ends_with_the_first_declarer_to_take_it() -> None:
    state = game(4, seed=1, end="pot won")
    call(state, "pass", "pass", "pass", "pass")
    by_suit(state, indicator="4S")
    call(state, "pass", "Seven-In", "pass", "pass")
    play_hand(state)  # lost: the pot stays and the session goes on
    assert not state.is_over() and state.pot == 12 + 4
    by_suit(state, indicator="4S")
    call(state, "Six-In", "pass", "pass", "pass")
    events = play_hand(state)
    assert settled(events).pot_won == 16 and state.is_over() and state.pot == 0
    assert str(of(events, SessionOver)[0].reason) == "a declarer took the pot"


def test_options_are_checked() -> None:
    for bad in ({"seats": 2}, {"seats": 7}, {"end": "never"}, {"deals": 5}, {"cache": 0}):
        with pytest.raises(ValueError):
            NashWhistOptions(**bad)  # type: ignore[arg-type]
    assert game(4, cache=20).chips == [19] * 4


# --- properties over many seeded sessions ----------------------------------------------------

def random_legal(view: object, rng: Random) -> object:
    return rng.choice(view.legal)  # type: ignore[attr-defined]


def cautious(view: object, rng: Random) -> object:
    """Mostly passes and bids low, so sessions run many deals before a cache is spent."""
    legal = list(view.legal)  # type: ignore[attr-defined]
    if isinstance(legal[0], PlayCard):
        return rng.choice(legal)
    calls = [a for a in legal if not isinstance(a, MakeBid) or a.bid.pay <= 4]
    return calls[0] if rng.random() < 0.6 else rng.choice(calls)


@pytest.mark.parametrize("seats", [3, 4, 5, 6])
@pytest.mark.parametrize("bot", [random_legal, cautious], ids=["random", "cautious"])
def test_chips_conserved_and_views_hide_hands_over_seeded_sessions(seats: int, bot: Callable) -> None:
    for seed in range(6):
        options = NashWhistOptions(seats=seats, end="deals", deals=12)
        state = new_game(options, seed)
        rng, total = Random(seed), total_chips(state)
        while not state.is_over():
            check_views(state)
            seat = state.to_act()[0]
            state.apply(bot(state.view(seat), rng))
            assert total_chips(state) == total
            assert all(c >= 0 for c in state.chips)
        assert state.outcome() is not None and len(state.outcome().scores) == seats


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), seats=st.integers(3, 6), end=st.sampled_from(rules.ENDS),
       careful=st.booleans())
def test_any_session_conserves_chips_and_replays(seed: int, seats: int, end: str, careful: bool) -> None:
    options = SPEC.make_options(seats=seats, end=end, deals=4)
    record = play_out(SPEC, options, seed, [cautious if careful else random_legal] * seats)
    state = record.state
    assert sum(state.chips) + state.pot == seats * options.cache
    assert min(state.chips) >= 0 and state.over is not None
    assert state.over.standings[0] in state.over.winners
    again, _ = replay(SPEC, options, seed, record.actions)
    assert again == state


def check_views(state: NashWhistState) -> None:
    shown = state.open_hands()
    for seat in range(state.seats):
        view = state.view(seat)
        others = {c for s, h in enumerate(state.hands) if s != seat and s not in shown for c in h}
        seen = set(cards_in(view)) - {state.indicator}  # the indicator is the other pack's card
        assert not seen & others, f"P{seat + 1} sees {sorted(map(str, seen & others))}"
        assert view.hand == tuple(state.hands[seat])
        assert view.hand_sizes == tuple(len(h) for h in state.hands)


@pytest.mark.parametrize("seats", [3, 4, 6])
def test_seed_and_actions_replay_exactly(seats: int) -> None:
    options = SPEC.make_options(seats=seats, end="deals", deals=8)
    for seed in (1, 2, 3):
        record = play_out(SPEC, options, seed, [cautious] * seats)
        again, events = replay(SPEC, options, seed, record.actions)
        assert again == record.state
        assert record.state.is_over() and events[-1] == record.state.over


def test_the_conformance_checks_hold_over_long_sessions() -> None:
    """The registry's protocol checks (tests/test_conformance.py) with a cautious driver, so
    many deals are played and the packs change places many times."""
    from tests.test_conformance import play_checked

    def choose(spec: object, state: NashWhistState, seat: int, rng: Random) -> object:
        return cautious(state.view(seat), rng)

    for seats in (3, 4, 5, 6):
        state, actions, _ = play_checked(SPEC, seats, seed=seats, choose=choose)
        assert state.is_over() and state.deal_number >= 2
