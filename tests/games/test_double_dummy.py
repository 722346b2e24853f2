"""Double-dummy solving: DDS and our own search give the same answers; both give the known
answers of hand-made positions (a finesse, a squeeze, Euchre's bowers, misère); and the
search agrees with a plain minimax over the games' own trick engine in odd shapes."""

from __future__ import annotations

from random import Random

import pytest
from hypothesis import given, settings, strategies as st

from games.core.cards import Card, Suit, cards, euchre_deck, nap_deck, standard_deck
from games.core.double_dummy import Position, dds_available, solve, solve_leads, solve_many, value
from games.core.tricks import TrickPlay, TrumpRules, legal_cards
from games.nap.rules import NapRules

needs_dds = pytest.mark.skipif(not dds_available(), reason="DDS (endplay) is not installed here")


def named(result: dict[Card, int]) -> dict[str, int]:
    return {str(c): t for c, t in result.items()}


def random_position(rng: Random, size: int, seats: int = 4, deck: list[Card] | None = None,
                    rules: TrumpRules | None = None, **extra: object) -> Position:
    """``size`` cards a hand, a random trick on the table (cards played legally)."""
    pool = list(deck or standard_deck())
    rng.shuffle(pool)
    hands = [pool[i * size:(i + 1) * size] for i in range(seats)]
    rules = rules or TrumpRules(rng.choice([None, *Suit]))
    leader = rng.randrange(seats)
    trick: list[Card] = []
    seat = leader
    for _ in range(rng.randrange(seats) if size > 1 else 0):
        led = rules.suit_of(trick[0]) if trick else None
        card = rng.choice(legal_cards(hands[seat], led, rules))
        hands[seat].remove(card)
        trick.append(card)
        seat = (seat + 1) % seats
    return Position.of(hands, rules, leader, trick, **extra)  # type: ignore[arg-type]


# --- the two engines agree ------------------------------------------------------------------

@pytest.mark.slow
@needs_dds
@settings(max_examples=120, deadline=None, derandomize=True)
@given(st.randoms(use_true_random=False), st.integers(4, 6))
def test_dds_and_our_search_agree_on_random_end_positions(rng: Random, size: int) -> None:
    position = random_position(rng, size)
    assert solve(position, "search") == solve(position, "dds")


@needs_dds
def test_dds_and_our_search_agree_in_a_batch() -> None:
    rng = Random(18)
    positions = [random_position(rng, rng.randint(1, 5)) for _ in range(60)]
    assert solve_many(positions, "dds") == solve_many(positions, "search")


BITS: dict[Card, int] = {}   # a bit for each card met: a hand is then an int, a cheap key


def brute_force(position: Position, known: dict[object, dict[tuple[int, ...], int]] | None = None,
                ) -> dict[Card, int]:
    """Plain minimax over the games' own TrickPlay: slow, obviously right. Each position still
    to play (the cards left in every hand, the trick's leader and cards) is solved once and
    remembered in ``known``: what happens next depends on nothing else, so the answers are
    those of the bare tree, found in a fraction of its time. Pass the same ``known`` to
    solve related deals (the same hands but a card) and they share what they found."""
    play = TrickPlay(position.seats, position.rules, position.leader, position.sitting_out)
    for seat, card in zip(position.trick_seats(), position.trick):
        play.play(seat, card)
    hands = [list(h) for h in position.hands]
    bit = {card: BITS.setdefault(card, 1 << len(BITS)) for card in [*position.trick, *sum(hands, [])]}
    left = [sum(bit[c] for c in h) for h in hands]
    me = position.side(play.to_play())
    rules = (me, position.rules, position.sides, position.sitting_out, position.misere)
    table = (known if known is not None else {}).setdefault(rules, {})  # for these rules only

    def after(p: TrickPlay, seat: int, card: Card) -> int:
        """What ``me`` takes from ``seat`` playing ``card`` on: this trick and the rest."""
        nxt = p.clone()
        hands[seat].remove(card)
        left[seat] ^= bit[card]
        trick = nxt.play(seat, card)
        won = trick is not None and position.side(trick.winner) == me
        taken = int(won) + best(nxt)
        hands[seat].append(card)
        left[seat] ^= bit[card]
        return taken

    def best(p: TrickPlay) -> int:
        seat = p.to_play()
        if not hands[seat]:
            return 0
        key = (*left, p.leader, *(bit[card] for _, card in p.current))
        if key not in table:
            outcomes = [after(p, seat, card) for card in p.legal(hands[seat])]
            wants_more = (position.side(seat) == me) != position.misere
            table[key] = max(outcomes) if wants_more else min(outcomes)
        return table[key]

    seat = play.to_play()
    return {card: after(play, seat, card) for card in play.legal(hands[seat])}


SHAPES = {
    "euchre bowers": dict(seats=4, deck=euchre_deck(), bowers=True),
    "euchre lone hand": dict(seats=4, deck=euchre_deck(), bowers=True, sitting_out=frozenset({2})),
    "nap with the joker, five hands": dict(seats=5, deck=nap_deck(5, joker=True), nap=True),
    "three-handed, declarer alone": dict(seats=3, deck=[c for c in standard_deck() if c.suit is not Suit.CLUBS],
                                         sides=(0, 1, 1)),
    "misère, declarer alone": dict(seats=4, deck=standard_deck(), sides=(1, 0, 0, 0), misere=True, no_trumps=True),
    "three-handed misère": dict(seats=3, deck=standard_deck(), sides=(0, 1, 1), misere=True, no_trumps=True),
}


@pytest.mark.parametrize("shape", SHAPES)
def test_our_search_matches_plain_minimax_in_every_shape(shape: str) -> None:
    info = dict(SHAPES[shape])
    rng = Random(shape)
    for _ in range(25):
        seats = info["seats"]
        out = info.get("sitting_out", frozenset())
        trump = None if info.get("no_trumps") else rng.choice([None, *Suit])
        if info.get("nap"):
            rules: TrumpRules = NapRules(trump)
        else:
            rules = TrumpRules(trump or Suit.HEARTS, bowers=True) if info.get("bowers") else TrumpRules(trump)
        position = _shape_position(rng, info, seats, rules, out)
        assert solve(position) == brute_force(position), position


def _shape_position(rng: Random, info: dict, seats: int, rules: TrumpRules, out: frozenset) -> Position:
    size = rng.randint(1, 3)
    pool = list(info["deck"])
    rng.shuffle(pool)
    hands: list[list[Card]] = [[] if s in out else [pool.pop() for _ in range(size)] for s in range(seats)]
    active = [s for s in range(seats) if s not in out]
    leader = rng.choice(active)
    return Position.of(hands, rules, leader, sides=info.get("sides", ()), sitting_out=out,
                       misere=info.get("misere", False))


# --- hand-made positions with known answers ---------------------------------------------------

FINESSE_WEST_KING = [cards("AS QS"), cards("5H 4H"), cards("3S 2S"), cards("KS 6S")]
FINESSE_EAST_KING = [cards("AS QS"), cards("KS 6S"), cards("3S 2S"), cards("5H 4H")]


@pytest.mark.parametrize("engine", ["search", pytest.param("dds", marks=needs_dds)])
def test_a_finesse_works_only_when_the_king_sits_under_the_ace_queen(engine: str) -> None:
    # South (seat 2) leads toward North's A-Q; West (seat 3) plays before North.
    assert named(solve_leads(FINESSE_WEST_KING, None, 2, [], engine)) == {"3S": 2, "2S": 2}
    assert named(solve_leads(FINESSE_EAST_KING, None, 2, [], engine)) == {"3S": 1, "2S": 1}


# West guards hearts (K-Q against North's A-J) and diamonds (K against South's Q): the club
# ace forces a discard before North has to choose, so North-South take all three. With the
# diamond guard in East's hand instead, nobody is squeezed and they take two.
SQUEEZE = [cards("AH JH 2D"), cards("2S 3S 4S"), cards("AC QD 2H"), cards("KH QH KD")]
NO_SQUEEZE = [cards("AH JH 2D"), cards("2S 3S KD"), cards("AC QD 2H"), cards("KH QH 4S")]


@pytest.mark.parametrize("engine", ["search", pytest.param("dds", marks=needs_dds)])
def test_a_simple_squeeze_takes_a_trick_the_cards_alone_do_not(engine: str) -> None:
    assert solve_leads(SQUEEZE, None, 2, [], engine)[Card.parse("AC")] == 3
    assert max(solve_leads(NO_SQUEEZE, None, 2, [], engine).values()) == 2


def test_euchre_both_bowers_are_the_top_trumps_and_the_left_follows_trumps() -> None:
    hearts = TrumpRules(Suit.HEARTS, bowers=True)
    # Seat 0 holds both bowers and a spade; seat 1 the ace and king of trumps and the ace
    # of diamonds. The left bower (JD) is a heart that beats the ace: leading the bowers
    # draws seat 1's trumps and the spade takes the last trick; leading the spade first lets
    # seat 1 ruff it.
    hands = [cards("JH JD 9S"), cards("AH KH AD"), cards("9C TC QC"), cards("9D TD QD")]
    position = Position.of(hands, hearts, leader=0)
    assert named(solve(position)) == {"JH": 3, "JD": 3, "9S": 2}
    # Led a diamond, the holder of the left bower must follow with a real diamond.
    diamonds_led = Position.of([cards("JH 9S"), cards("AH JD AD"), cards("9C TC QC"), cards("TD QD")],
                               hearts, leader=3, trick=cards("9D QH"))
    assert set(named(solve(diamonds_led))) == {"AD"}
    # Without bowers the same cards are two low jacks and a nine: they take nothing.
    plain = Position.of(hands, TrumpRules(Suit.HEARTS), leader=0)
    assert max(solve(plain).values()) == 0


def test_misere_declarer_ducks_everything_or_is_forced_to_win() -> None:
    no_trumps = TrumpRules()
    sides = (0, 1, 1)  # declarer is seat 0, alone against two
    ducks = Position.of([cards("2S 2H"), cards("3S 3H"), cards("4S 4H")], no_trumps, 1,
                        sides=sides, misere=True)
    assert named(solve(ducks)) == {"3S": 2, "3H": 2}  # the defenders take both: declarer none
    stuck = Position.of([cards("AS 2H"), cards("3S 3H"), cards("4S 4H")], no_trumps, 1,
                        sides=sides, misere=True)
    # Lead the spade and the declarer's bare ace must win it; lead a heart and the
    # declarer ducks, but then holds the ace with only spades left to be led to it.
    assert named(solve(stuck)) == {"3S": 1, "3H": 1}
    assert value(stuck) == 1


def test_a_bad_position_is_refused_with_a_reason() -> None:
    with pytest.raises(ValueError, match="holds 1 cards, not 2"):
        Position.of([cards("AS KS"), cards("QS"), cards("2S 3S"), cards("4S 5S")], TrumpRules(), 0)
    with pytest.raises(ValueError, match="twice"):
        Position.of([cards("AS"), cards("AS"), cards("2S"), cards("4S")], TrumpRules(), 0)


@pytest.mark.parametrize("shape", ["three-handed, declarer alone", "misère, declarer alone", "euchre bowers"])
def test_a_target_search_agrees_with_the_exact_counts(shape: str) -> None:
    from games.core.trick_search import reaches

    info = dict(SHAPES[shape])
    rng = Random("target " + shape)
    for _ in range(30):
        trump = None if info.get("no_trumps") else rng.choice([None, *Suit])
        rules = TrumpRules(trump or Suit.HEARTS, bowers=True) if info.get("bowers") else TrumpRules(trump)
        position = _shape_position(rng, info, info["seats"], rules, frozenset())
        exact = solve(position)
        for target in range(position.tricks_left() + 1):
            made = reaches(position, target)
            if position.misere:
                assert made == {c: t <= target for c, t in exact.items()}
            else:
                assert made == {c: t >= target for c, t in exact.items()}


@needs_dds
def test_the_engines_agree_on_positions_from_real_whist_hands() -> None:
    """Seven cards a hand left, at every place in a trick, from games the bots played."""
    from games.whist.bots import normal
    from games.whist.rules import WhistOptions, new_game

    for seed in (1, 2):
        state = new_game(WhistOptions(), seed)
        rng = Random(seed)
        while len(state.hands[state.dealer]) > 7 or len(state.tricks.current) < seed + 1:
            seat = state.to_act()[0]
            state.apply(normal(state.view(seat), rng))
        play = state.tricks
        position = Position.of(state.hands, play.rules, play.leader, [c for _, c in play.current])
        assert solve(position, "search") == solve(position, "dds")


def test_a_leader_cashing_its_top_cards_is_settled_without_a_search() -> None:
    """The quick-tricks bound: in no-trumps a leader holding every suit's top cards takes
    them all, found before a single card is tried; a trump the others hold turns it off
    (they could ruff), and the exact count stays what plain minimax says."""
    from games.core.trick_search import _Cards, _Search

    def searched(hands: list[str], trump: Suit | None) -> tuple[int, int, Position]:
        position = Position.of([cards(h) for h in hands], TrumpRules(trump), 0)
        search = _Search(position, _Cards([c for h in position.hands for c in h], position.rules))
        return search.lead_value(0, 2, 3), search.nodes, position

    made, nodes, _ = searched(["AS KS AH", "QS 2H 3H", "JS 4H 5H"], None)
    assert made == 3 and nodes == 0
    made, nodes, position = searched(["AS KS AD", "2H 3H 4H", "QS JS 5H"], Suit.HEARTS)
    assert nodes > 0 and value(position) == max(brute_force(position).values()) < 3
