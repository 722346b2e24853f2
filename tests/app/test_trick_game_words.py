"""The trick games' words (Whist, Euchre, Nap, Nash Whist): every refusal their rules can give
is reached here, and it and every event of whole games render as a player reads them, with
people's names and suit signs, never a card code ("QH") or a seat code ("P2").

The refusals are collected by playing seeded games with random legal moves and, at every
step, trying a battery of moves the rules must refuse (every card, every call, out of turn,
after the end). The templates reached must be exactly those the rules' refusal methods
write: a refusal added without a way to reach it here fails the test.
"""

from __future__ import annotations

import ast
import inspect
import json
import random
import re
import textwrap
from typing import Any, Callable, Iterator

import pytest

from app.core.words.names import SeatNames
from app.core.words.render import card_text, render
from app.net.wire.values import decode_value, encode_value
from games.core import trick_events
from games.core.cards import Card, Suit
from games.core.protocol import Event, IllegalAction
from games.core.trick_events import PlayCard
from games.core.words import N, Words
from games.euchre import rules as euchre
from games.nap import rules as nap
from games.nash_whist import rules as nash_whist
from games.nash_whist.bids import COP, Bid, every_bid
from games.whist import rules as whist

CODES = re.compile(r"\b(10|[2-9TJQKA])[SHDC]\b|\bP\d\b")
PEOPLE = ["Sam", "Rosa", "Otto", "Ivy", "Nell", "Cyril", "Maud"]
JOKER = Card.parse("JK")

# The shared refusals, by the helper that writes each (the rules call them by name).
SHARED = {"turn_refusal": trick_events.turn_refusal(1, 0), "not_held": trick_events.not_held(JOKER, 0),
          "follow_suit": trick_events.follow_suit(Suit.SPADES)}


def written_refusals(module: Any, cls: type) -> set[str]:
    """Every template the state's refusal methods (``_refusal``, ``_why_not...``) write:
    the literal of each ``T(...)`` in them, and the shared helpers' they call."""
    found: set[str] = set()
    for name, function in inspect.getmembers(cls, inspect.isfunction):
        if not (name == "_refusal" or name.startswith("_why_not")):
            continue
        for node in ast.walk(ast.parse(textwrap.dedent(inspect.getsource(function)))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                if node.func.id == "T":
                    found.add(ast.literal_eval(node.args[0]))
                elif node.func.id in SHARED:
                    found.add(SHARED[node.func.id].template)
    return found


def wrong_moves(state: Any, game: str) -> Iterator[object]:
    """Moves to try now: the seat to act with every card and every call, another seat with
    one of each, and something that is no move of the game at all."""
    turn = state.to_act()[0] if state.to_act() else 0
    other = (turn + 1) % state.seats
    cards = sorted(set(state.all_cards()) | {JOKER}, key=Card.sort_key)
    yield "pass"
    for seat in (turn, other):
        every = seat == turn
        yield from (PlayCard(seat, card) for card in (cards if every else cards[:1]))
        yield from CALLS[game](state, seat, cards if every else cards[:1], every)


def _euchre_calls(state: Any, seat: int, cards: list[Card], every: bool) -> Iterator[object]:
    yield from (euchre.Pass(seat), euchre.OrderUp(seat), euchre.OrderUp(seat, alone=True))
    yield from (euchre.NameTrump(seat, suit, alone) for suit in Suit for alone in (False, True))
    yield from (euchre.Discard(seat, card) for card in cards)


def _nap_calls(state: Any, seat: int, cards: list[Card], every: bool) -> Iterator[object]:
    yield nap.Pass(seat)
    yield from (nap.Bid(seat, contract) for contract in nap.Contract)
    yield from (nap.NameTrumps(seat, suit) for suit in Suit)


def _nash_whist_calls(state: Any, seat: int, cards: list[Card], every: bool) -> Iterator[object]:
    yield from (nash_whist.Pass(seat), nash_whist.Cop(seat), nash_whist.MakeBid(seat, Bid(COP)))
    yield from (nash_whist.MakeBid(seat, bid) for bid in (every_bid() if every else every_bid()[:3]))


CALLS: dict[str, Callable[[Any, int, list[Card], bool], Iterator[object]]] = {
    "whist": lambda state, seat, cards, every: iter(()), "euchre": _euchre_calls,
    "nap": _nap_calls, "nash_whist": _nash_whist_calls,
}

# Each game at the tables that reach all its refusals: Nap with the Joker (a Joker led first
# names trumps), Nash Whist three-handed (no clubs, no Prop, Triste) and four-handed, Euchre
# with stick the dealer.
TABLES: dict[str, tuple[Any, type, list[Callable[[int], Any]]]] = {
    "whist": (whist, whist.WhistState, [lambda seed: whist.new_game(whist.WhistOptions(target=5), seed)]),
    "euchre": (euchre, euchre.EuchreState, [
        lambda seed: euchre.new_game(euchre.EuchreOptions(stick_the_dealer=seed % 2 == 0), seed)]),
    "nap": (nap, nap.NapState, [lambda seed: nap.new_game(nap.NapOptions(seats=3 + seed % 5, joker=True, rounds=1), seed)]),
    "nash_whist": (nash_whist, nash_whist.NashWhistState, [
        lambda seed: nash_whist.new_game(nash_whist.NashWhistOptions(seats=3 + seed % 4, end="deals", deals=4), seed)]),
}


# Places random play seldom reaches, set up by hand: Euchre's second round (everyone passed
# the upcard) and the dealer stuck in it; Nap's Joker led first by the bidder; Nash Whist's
# Hot Seat given its second chance to Cop a Prop that everyone else passed.

def euchre_round_two(seed: int) -> Any:
    state = euchre.new_game(euchre.EuchreOptions(stick_the_dealer=True), seed)
    while state.phase == "round1" or state.to_act()[0] != state.dealer:
        state.apply(euchre.Pass(state.to_act()[0]))
    return state


def nap_joker_led(seed: int) -> Any:
    for tried in range(seed, seed + 500):
        state = nap.new_game(nap.NapOptions(seats=4, joker=True), tried)
        bidder = state.to_act()[0]
        if JOKER in state.hands[bidder]:
            state.apply(nap.Bid(bidder, nap.Contract.TWO))
            for _ in range(3):
                state.apply(nap.Pass(state.to_act()[0]))
            state.apply(PlayCard(bidder, JOKER))
            return state
    raise AssertionError("no deal gives the first bidder the Joker")


def nash_whist_cop_chance(seed: int) -> Any:
    state = nash_whist.new_game(nash_whist.NashWhistOptions(seats=4), seed)
    state.apply(nash_whist.Pass(state.to_act()[0]))
    state.apply(nash_whist.MakeBid(state.to_act()[0], Bid.parse("Prop")))
    for _ in range(2):
        state.apply(nash_whist.Pass(state.to_act()[0]))
    assert state.cop_chance
    return state


SCRIPTS: dict[str, list[Callable[[int], Any]]] = {
    "whist": [], "euchre": [euchre_round_two], "nap": [nap_joker_led], "nash_whist": [nash_whist_cop_chance],
}


def try_wrong_moves(state: Any, game: str, met: dict[str, Words]) -> None:
    """Every wrong move now must be refused; each refusal's message is kept by template."""
    for move in wrong_moves(state, game):
        if move in state.legal_actions(getattr(move, "seat", -1)):
            continue
        try:
            state.apply(move)
        except IllegalAction as refusal:
            met.setdefault(refusal.message.template, refusal.message)
        else:
            raise AssertionError(f"{move} was taken: it was meant to be refused")


def refusals(game: str, seeds: range) -> dict[str, Words]:
    """Play a seeded game per seed with random legal moves, trying the wrong moves at every
    step, and try them at the places set up by hand; the refusals met, one example of each
    template."""
    met: dict[str, Words] = {}
    _module, _cls, makers = TABLES[game]
    for seed in seeds:
        for script in SCRIPTS[game]:
            try_wrong_moves(script(seed), game, met)
        for make in makers:
            state, rng = make(seed), random.Random(seed)
            while True:
                try_wrong_moves(state, game, met)
                if state.is_over():
                    break
                seat = state.to_act()[0]
                state.apply(rng.choice(state.legal_actions(seat)))
    return met


@pytest.mark.parametrize("game", list(TABLES))
def test_every_refusal_is_reached_and_reads_without_codes(game: str) -> None:
    module, cls, _makers = TABLES[game]
    met = refusals(game, range(6))
    assert set(met) == written_refusals(module, cls)
    for message in met.values():
        for you in (None, 0, 1):
            words = render(message, SeatNames(PEOPLE, you))
            assert not CODES.search(words), words
            assert "{" not in words and "None" not in words, words


def test_a_refusal_names_people_and_cards() -> None:
    """What a refused move says at the table: the seat as "you" or a name, the card with its
    suit sign."""
    state = whist.new_game(whist.WhistOptions(), 3)
    turn = state.to_act()[0]
    stranger = next(card for card in state.hands[(turn + 1) % 4])
    with pytest.raises(IllegalAction) as refusal:
        state.apply(PlayCard(turn, stranger))
    names = SeatNames(PEOPLE[:4], you=turn)
    assert render(refusal.value.message, names) == f"{card_text(stranger)} is not in your hand"
    with pytest.raises(IllegalAction) as early:
        state.apply(PlayCard((turn + 1) % 4, stranger))
    assert render(early.value.message, names) == f"It is not {PEOPLE[(turn + 1) % 4]}'s turn: you play now"


def whole_game_events(game: str, seed: int) -> list[Event]:
    _module, _cls, makers = TABLES[game]
    state, rng = makers[0](seed), random.Random(seed)
    events: list[Event] = list(state.opening)
    while not state.is_over():
        events += state.apply(rng.choice(state.legal_actions(state.to_act()[0])))
    return events


@pytest.mark.parametrize("game", list(TABLES))
def test_the_events_of_a_whole_game_read_without_codes(game: str) -> None:
    """Every event is a template (none a finished line), and it reads without codes for each
    seat (its own redacted copy, "you") and for a spectator."""
    events = whole_game_events(game, 4)
    kinds = set()
    seats = max(getattr(e, "seat", 0) for e in events) + 1
    for event in events:
        kinds.add(type(event).__name__)
        for viewer in [None, *range(seats)]:
            message = event.seen_by(viewer).message()
            assert type(event).message is not Event.message, event   # a template, not a finished line
            words = render(message, SeatNames(PEOPLE[:seats], viewer))
            assert not CODES.search(words), words
            assert "{" not in words and "None" not in words, words
    assert {"CardPlayed", "TrickTaken"} <= kinds


def test_the_words_of_a_hand_agree_with_you() -> None:
    """The sentences as the one human reads them: verbs agree with "you", partners by name."""
    names = SeatNames(["Sam", "Rosa", "Otto", "Ivy"], you=0)
    score = trick_events.HandScored((9, 4), (3, 0), (3, 0), N(
        "{side} took {tricks} tricks: {count} point", "{side} took {tricks} tricks: {count} points",
        side=trick_events.partners(0), tricks=9, count=3))
    assert render(score.message(), names) == "You & Otto took 9 tricks: 3 points"
    assert render(trick_events.TrumpSet(Suit.HEARTS, 0, alone=True).message(), names) == \
        "You go alone with hearts as trumps"
    assert render(trick_events.CardTurned(Card.parse("TD"), 1).message(), names) == "10♦ is turned up"
    assert render(trick_events.NewDeal(2, 0).message(), names) == "Hand 2: you deal"
    assert render(trick_events.GameOver(1, (7, 3)).message(), names) == "Rosa & Ivy win the game 7-3"
    assert render(euchre.SitsOut(0).message(), names) == "You sit out this hand: the partner plays alone"


@pytest.mark.parametrize("game", list(TABLES))
def test_the_events_words_cross_the_wire_whole(game: str) -> None:
    """A networked table gets the same events back from the wire (values.py), messages and
    all, so a remote player reads the same words."""
    events = whole_game_events(game, 4)
    names = SeatNames(PEOPLE[:4], 0)
    for event in events:
        back = decode_value(json.loads(json.dumps(encode_value(event))), game)
        assert back == event and render(back.message(), names) == render(event.message(), names)
