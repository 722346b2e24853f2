"""Every refusal of Seahaven, Ninety-Nine, the Nash game, Abstrac, Ratscrew, Nails and Spoons
is reached, and its words as the table shows them have no card codes ("4C") and no seat codes
("P2"); so have the words of every event those games told on the way, and none of them is a
finished line rather than a template.

Seeded games are played at random; at every step each seat tries actions the rules should
refuse (cards not held, counts out of range, places not on the table, stamps off the clock),
and a few positions are built on purpose. The refusals' templates are read from the rules'
source (the refusal functions, and every ``raise IllegalAction``): one no test reaches fails
here, so a new refusal comes with a case that reaches it.
"""

from __future__ import annotations

import ast
import inspect
import re
from random import Random
from types import ModuleType
from typing import Any, Callable, Iterable, Iterator

import pytest

from app.core.words.names import SeatNames
from app.core.words.render import render
from games.abstrac import rules as abstrac
from games.core import realtime
from games.core.cards import Card, standard_deck
from games.core.protocol import NOT_ALLOWED_NOW, Event, IllegalAction
from games.core.words import Words
from games.nails import rules as nails
from games.nash import rules as nash
from games.ninety_nine import rules as ninety_nine
from games.ratscrew import rules as ratscrew
from games.registry import GAMES
from games.seahaven import rules as seahaven
from games.spoons import events as spoons_events
from games.spoons import rules as spoons

CARD_CODE = re.compile(r"\b(10|[2-9TJQKA])[SHDC]\b")
SEAT_CODE = re.compile(r"\bP\d\b")
PEOPLE = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"]
REFUSERS = {"_refusal", "_why_not", "_why_not_take", "_why_not_pass", "time_problem"}
STEPS = 400


def templates_in(node: ast.AST) -> Iterator[str]:
    """The literal templates of the ``T(...)`` and ``N(...)`` calls under ``node``."""
    for call in ast.walk(node):
        if isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id in ("T", "N") \
                and call.args and isinstance(call.args[0], ast.Constant):
            yield str(call.args[0].value)


def refusal_templates(module: ModuleType) -> set[str]:
    """Every template a module's rules refuse with: in its refusal functions, and in each
    ``raise IllegalAction(...)``."""
    tree = ast.parse(inspect.getsource(module))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.name in REFUSERS:
            found.update(templates_in(node))
        if isinstance(node, ast.Raise) and node.exc is not None and "IllegalAction" in ast.unparse(node.exc):
            found.update(templates_in(node.exc))
    return found


def all_templates(message: Words) -> Iterator[str]:
    yield message.template
    for _, value in message.values:
        if isinstance(value, Words):
            yield from all_templates(value)


class Reader:
    """What the table would say: every refusal's and event's words, checked as they come."""

    def __init__(self, seats: int) -> None:
        self.tables = [SeatNames(PEOPLE[:seats], you=0), SeatNames(PEOPLE[:seats])]
        self.refused: set[str] = set()
        self.faults: list[str] = []

    def read(self, message: Words, what: str) -> None:
        for table in self.tables:
            words = render(message, table)
            if CARD_CODE.search(words) or SEAT_CODE.search(words):
                self.faults.append(f"{what} reads {words!r}")

    def refusal(self, problem: IllegalAction) -> None:
        self.read(problem.message, "a refusal")
        self.refused.update(all_templates(problem.message))

    def events(self, events: Iterable[Event]) -> None:
        for event in events:
            if type(event).message is Event.message:
                self.faults.append(f"{type(event).__name__} has no template, only its text: {event}")
            self.read(event.message(), type(event).__name__)

    def attempt(self, state: Any, action: object) -> None:
        """``action`` tried on a copy of ``state``: a refusal is read (an action the rules
        allow is only a wasted try)."""
        try:
            state.clone().apply(action)
        except IllegalAction as problem:
            self.refusal(problem)

    def refuse(self, job: Callable[[], object]) -> None:
        with pytest.raises(IllegalAction) as refused:
            job()
        self.refusal(refused.value)


# --- turn games ----------------------------------------------------------------------------

def play_turns(game: str, seed: int, tries: Callable[[Any, Random], Iterable[object]], reader: Reader,
               options: dict[str, Any] | None = None) -> Any:
    """A seeded game played at random to its end; at every step each of ``tries`` is tried."""
    spec = GAMES[game]
    state = spec.new_game(spec.make_options(**(options or {})), seed)
    reader.events(getattr(state, "opening", []))
    rng = Random(seed)
    for _ in range(STEPS):
        for action in tries(state, rng):
            reader.attempt(state, action)
        if state.is_over():
            break
        seat = state.to_act()[0]
        reader.events(state.apply(rng.choice(state.legal_actions(seat))))
    return state


def test_ninety_nine_refusals() -> None:
    reader = Reader(3)
    deck = standard_deck()

    def tries(state: Any, rng: Random) -> Iterator[object]:
        yield "pass"
        for seat in range(state.seats):
            held = [card for hand in state.hands for card in hand]
            for card in rng.sample(held, min(3, len(held))) + [rng.choice(deck)]:
                for value in (None, 1, 11, 10, -10, 5):
                    yield ninety_nine.Play(seat, card, value)

    for seed in range(4):
        play_turns("ninety_nine", seed, tries, reader, {"seats": 3})
    # The Ace and Ten need a value said: asked of the count itself.
    reader.refuse(lambda: ninety_nine.new_count(Card.parse("AS"), 10))
    reader.refuse(lambda: ninety_nine.new_count(Card.parse("TS"), 10))
    check(reader, [ninety_nine])


def test_nash_refusals() -> None:
    reader = Reader(3)

    def tries(state: Any, rng: Random) -> Iterator[object]:
        yield "pass"
        for seat in range(state.seats):
            for value in (0, 1, 3, 13, 14):
                yield nash.Ask(seat, value)
                yield nash.Guess(seat, value)

    for seed in range(3):
        play_turns("nash", seed, tries, reader, {"seats": 3})
    check(reader, [nash])


def test_abstrac_refusals() -> None:
    reader = Reader(2)

    def tries(state: Any, rng: Random) -> Iterator[object]:
        yield "pass"
        for seat in range(2):
            yield abstrac.Choose(seat, True)
            for count in range(5):
                yield abstrac.Take(seat, count)

    for seed in range(3):
        play_turns("abstrac", seed, tries, reader)
    check(reader, [abstrac])


def test_seahaven_refusals() -> None:
    reader = Reader(1)
    places = ([seahaven.Place.column(i) for i in range(11)] + [seahaven.Place.tower(i) for i in range(5)]
              + [seahaven.Place.foundation(i) for i in range(5)] + [seahaven.Place("nowhere", 0)])

    def tries(state: Any, rng: Random) -> Iterator[object]:
        yield "pass"
        for card in rng.sample(standard_deck(), 6):
            for place in places:
                yield seahaven.Move(0, card, place)
        yield seahaven.Move(1, state.columns[0][-1] if state.columns[0] else Card.parse("AS"), places[0])
        for column in range(10):
            for count in range(7):
                for place in rng.sample(places, 4):
                    try:
                        seahaven.run_moves(state, column, count, place)
                    except IllegalAction as problem:
                        reader.refusal(problem)

    def moves_only(state: Any, rng: Random) -> Iterable[object]:
        return tries(state, rng)

    for seed in (1, 2, 617):
        state = seahaven.new_game(seahaven.SeahavenOptions(), seed)
        reader.refuse(state.undo)
        reader.refuse(state.redo)
        rng = Random(seed)
        for _ in range(60):
            for action in moves_only(state, rng):
                reader.attempt(state, action)
            moves = state.legal_moves()
            if not moves:
                break
            reader.events(state.apply(rng.choice(moves)))
        reader.events(state.apply(seahaven.Resign(0)))
        reader.attempt(state, seahaven.Move(0, Card.parse("AS"), places[0]))
        reader.refuse(state.undo)
        reader.refuse(state.redo)
    # Positions built on purpose: a complete foundation; an empty column, which takes only
    # a King (a card alone, or a run's lowest).
    state = seahaven.new_game(seahaven.SeahavenOptions(), 1)
    king, five, four = (Card.parse(text) for text in ("KS", "5H", "4H"))
    for column in state.columns:
        column[:] = [card for card in column if card not in (king, five, four)]
    state.towers[0], state.foundations[0] = king, 13
    state.columns[3], state.columns[4] = [], [*state.columns[4], five, four]
    reader.attempt(state, seahaven.Move(0, king, seahaven.Place.foundation(0)))
    reader.attempt(state, seahaven.Move(0, four, seahaven.Place.column(3)))
    reader.refuse(lambda: seahaven.run_moves(state, 4, 2, seahaven.Place.column(3)))
    check(reader, [seahaven])


# --- reflex games ------------------------------------------------------------------------

def play_reflex(game: str, seed: int, actions: Callable[[Any, int], Iterable[object]], reader: Reader,
                options: dict[str, Any]) -> Any:
    """A seeded reflex game moved on at random: now an action of a random seat, now the clock
    to its next step; at every step each of ``actions(state, at_ms)`` is tried on the clock,
    before it and past its next step."""
    spec = GAMES[game]
    state = spec.new_game(spec.make_options(**options), seed)
    reader.events(getattr(state, "opening", []))
    rng = Random(seed)
    for _ in range(STEPS * 3):
        now, due = state.now_ms, state.next_due()
        times = [now, now - 1] + ([due + 1] if due is not None else [])
        for at in times:
            for action in actions(state, at):
                reader.attempt(state, action)
        if state.is_over():
            break
        legal = [a for seat in range(state.seats) for a in state.legal_actions(seat)]
        if due is not None and (not legal or rng.random() < 0.3):
            reader.events(state.advance(due))
        elif legal:
            reader.events(state.apply(rng.choice(legal)))
        else:
            reader.events(state.advance(now + 500))
    return state


def test_ratscrew_refusals() -> None:
    reader = Reader(4)

    def actions(state: Any, at: int) -> Iterator[object]:
        yield "pass"
        for seat in range(state.seats + 1):
            yield from (ratscrew.Flip(seat, at), ratscrew.Slap(seat, at), ratscrew.Decline(seat, at))

    for seed in range(6):
        play_reflex("ratscrew", seed, actions, reader, {"seats": 4})
    # Out of cards while only one player holds any: no slapping back in.
    state = ratscrew.new_game(ratscrew.RatscrewOptions(seats=3), 1)
    state.stacks[0] += state.stacks[1] + state.stacks[2]
    state.stacks[1], state.stacks[2] = [], []
    reader.attempt(state, ratscrew.Slap(1, state.now_ms))
    check(reader, [ratscrew, realtime], also=untimed(ratscrew.new_game(ratscrew.RatscrewOptions(), 1), reader))


def test_nails_refusals() -> None:
    reader = Reader(3)

    def actions(state: Any, at: int) -> Iterator[object]:
        yield "pass"
        for seat in range(state.seats + 1):
            yield from (nails.Call(seat, at, True), nails.Call(seat, at, False))
        yield nails.Call(0, at + nails.LATE_MS + 1, True)   # (after a call: past its late window)

    for seed in range(3):
        play_reflex("nails", seed, actions, reader, {"seats": 3})
    check(reader, [nails, realtime], also=untimed(nails.new_game(nails.NailsOptions(), 1), reader))


@pytest.mark.parametrize("variant", ["spoons", "pig"])
def test_spoons_refusals(variant: str) -> None:
    reader = Reader(4)
    deck = standard_deck()

    def actions(state: Any, at: int) -> Iterator[object]:
        yield "pass"
        for seat in range(state.seats + 1):
            yield spoons_events.Take(seat, at)
            yield spoons_events.Grab(seat, at)
            hand = state.hands[seat] if seat < state.seats else []
            for card in [*hand[:2], deck[(at + seat) % 52]]:
                yield spoons_events.Pass(seat, at, card)

    for seed in range(4):
        play_reflex("spoons", seed, actions, reader, {"seats": 4, "variant": variant})
    # Four of a kind grabbed: that seat may not grab again, nor pass on.
    state = spoons.new_game(spoons.SpoonsOptions(seats=4, variant=variant), 1)
    state.hands[0] = [Card.parse(text) for text in ("KS", "KH", "KD", "KC")]
    reader.events(state.apply(spoons_events.Grab(0, state.now_ms)))
    reader.attempt(state, spoons_events.Grab(0, state.now_ms))
    reader.attempt(state, spoons_events.Take(0, state.now_ms))
    skip = {"{seat} already has a spoon"} if variant == "pig" else {"{seat} already has a finger on the nose"}
    check(reader, [spoons, realtime], also=untimed(spoons.new_game(spoons.SpoonsOptions(), 1), reader), skip=skip)


def untimed(state: Any, reader: Reader) -> set[str]:
    """The clock's refusal of an action that carries no time (no game's own action can be
    one: asked of the clock directly)."""
    problem = realtime.time_problem(state, "pass")
    assert problem is not None
    reader.refusal(IllegalAction(problem))
    return set()


# --- the verdict ----------------------------------------------------------------------------

def check(reader: Reader, modules: list[ModuleType], also: set[str] | None = None, skip: set[str] = frozenset()) -> None:  # type: ignore[assignment]
    assert not reader.faults, "\n".join(dict.fromkeys(reader.faults))
    wanted = set().union(*(refusal_templates(m) for m in modules)) - skip
    assert wanted, "no refusal templates were found in the source"
    missing = wanted - reader.refused - (also or set())
    assert not missing, f"refusals no case reaches: {sorted(missing)}"


def test_the_refusal_for_a_disagreement_between_the_rules_and_legal_actions() -> None:
    """The last line of every refusal (reached only if a game's checks and its legal actions
    ever disagree) reads as words too."""
    assert render(NOT_ALLOWED_NOW, SeatNames(PEOPLE, you=0)) == "That is not allowed now"


def test_the_source_reader_finds_refusals() -> None:
    found = refusal_templates(seahaven)
    assert "{card} cannot go on {target}: build down in the same suit" in found
    assert "there is no move to undo" in found          # (a raise outside the refusal functions)
    assert "the {suit} foundation" not in found         # (a place's name, not a refusal)
