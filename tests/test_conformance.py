"""The protocol every game in ``games.registry.GAMES`` must keep, checked at every step of
many seeded random games (OpenSpiel's conformance tests are the model).

A new game registered in ``GAMES`` is checked here without any change to this file. Each
game is played by its easy bot (which sees only its view) and by a driver that picks any
legal action, for every seat count the game allows.
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections import Counter
from typing import Any, Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.core.driver import replay
from games.core.protocol import Event, IllegalAction, cards_in
from games.registry import GAMES, GameSpec

GAMES_PER_CASE = 18          # hypothesis examples per (game, seats, driver)
MAX_ACTIONS = 20_000         # a game that runs longer than this is taken not to end

# Events that show a hand to the whole table on purpose, by the game's rules, even when it
# holds a card just drawn from the stock (so the leak check below must not count them).
# Ninety-Nine: a player who cannot play shows the hand that proves it (rules/ninety_nine.md).
PUBLIC_REVEALS: dict[str, set[str]] = {"ninety_nine": {"HandLost"}}


def _cases() -> list[Any]:
    cases = []
    for spec in GAMES.values():
        marks = [pytest.mark.skip(reason=f"{spec.id} is real-time: checked on a simulated clock"
                                  " in tests/test_realtime_conformance.py")] if spec.realtime else []
        for seats in range(spec.min_seats, spec.max_seats + 1):
            cases.append(pytest.param(spec, seats, marks=marks, id=f"{spec.id}-{seats}p"))
    return cases


CASES = _cases()


# --- the drivers --------------------------------------------------------------------------

Chooser = Callable[[GameSpec, Any, int, random.Random], Any]


def easy_bot(spec: GameSpec, state: Any, seat: int, rng: random.Random) -> Any:
    # A solitaire has no bots; its spec offers a simple automatic player for this instead.
    bot = spec.bots["easy"] if spec.bots else spec.autoplay
    return bot(state.view(seat), rng)


def random_legal(spec: GameSpec, state: Any, seat: int, rng: random.Random) -> Any:
    return rng.choice(state.legal_actions(seat))


DRIVERS: dict[str, Chooser] = {"easy": easy_bot, "random": random_legal}


# --- what each check looks at ---------------------------------------------------------------

class Secrets:
    """Who may not see which card in one state: computed once per step and shared by the checks.

    ``hidden[seat]`` holds the cards every copy of which is hidden from ``seat`` (with one deck,
    simply the cards hidden from it); ``unknown`` the cards no seat may see (the stock)."""

    def __init__(self, state: Any) -> None:
        self.total = Counter(state.all_cards())
        self.one_deck = max(self.total.values(), default=1) == 1
        self.hidden: list[set[Any]] = []
        for seat in range(state.seats):
            if self.one_deck:
                self.hidden.append(set(state.hidden_from(seat)))
                continue
            counts = Counter(state.hidden_from(seat))
            self.hidden.append({card for card, n in counts.items() if n >= self.total[card]})
        self.unknown = set.intersection(*self.hidden) if self.hidden else set()


def check_readable(thing: Any) -> None:
    text = str(thing)
    assert text.strip(), f"{type(thing).__name__} has an empty str()"
    assert not text.startswith(type(thing).__name__ + "("), f"str() is the bare repr: {text}"
    assert "object at 0x" not in text, text
    assert re.search(r"[A-Za-z]{2}", text), f"str() has no word in it: {text!r}"


def check_view(state: Any, seat: int, secrets: Secrets) -> None:
    """The view holds no card hidden from the seat. With one deck this says that what a seat
    sees and what is hidden from it are disjoint; with several copies of a card, a card may be
    seen as long as one copy of it is not hidden."""
    seen = set(cards_in(state.view(seat)))
    leaked = seen & secrets.hidden[seat]
    assert not leaked, f"view of seat {seat} shows hidden cards {sorted(map(str, leaked))}"


def check_spectator_view(state: Any, secrets: Secrets) -> None:
    """Someone watching, who is no seat, gets a view at every step: the game's own view type,
    no seat, no hand, nothing to do, and no card hidden from the spectator."""
    view = state.view(None)
    assert type(view) is type(state.view(0)), f"the spectator's view is a {type(view).__name__}"
    assert view.seat is None, f"the spectator's view says it is seat {view.seat}"
    assert not getattr(view, "hand", ()), f"the spectator's view holds a hand {view.hand}"
    assert not getattr(view, "legal", ()), f"the spectator may act: {view.legal}"
    counts = Counter(state.hidden_from(None))
    hidden = {card for card, n in counts.items() if n >= secrets.total[card]}
    leaked = set(cards_in(view)) & hidden
    assert not leaked, f"the spectator's view shows hidden cards {sorted(map(str, leaked))}"


def check_events(events: list[Event], actor: int | None, before: Secrets | None,
                 after: Secrets, public: set[str] = frozenset()) -> None:
    """No event, as a non-acting seat sees it, shows that seat a card that was unknown to every
    seat before the action and is hidden from it now (a drawn or dealt card). The stricter
    check, for every seat and the spectator over bot games with every option, is
    tests/test_redaction.py.

    Cards someone already knew (a played card) may be shown to all, and so may the cards of
    the game's deliberate public reveals (``PUBLIC_REVEALS``): the check is about new secret
    information reaching the wrong seat.
    """
    secret = before.unknown if before is not None else set(after.total)
    for viewer, hidden in enumerate(after.hidden):
        if viewer == actor:
            continue
        hidden_now = hidden & secret
        for event in events:
            if type(event).__name__ in public:
                continue
            shown = set(cards_in(event.seen_by(viewer)))
            leaked = shown & hidden_now
            assert not leaked, (
                f"{type(event).__name__} shows seat {viewer} {sorted(map(str, leaked))}: {event}")


def check_status(state: Any, initial: Counter, secrets: Secrets) -> None:
    assert secrets.total == initial, "a card was lost or duplicated"
    to_act = state.to_act()
    if state.is_over():
        assert to_act == [], "the game is over but seats may still act"
        outcome = state.outcome()
        assert outcome is not None, "the game is over without an outcome"
        assert set(outcome.winners) <= set(range(state.seats))
        assert len(outcome.scores) == state.seats
        check_readable(outcome)
        for seat in range(state.seats):
            assert state.legal_actions(seat) == []
        return
    assert state.outcome() is None, "an outcome before the game is over"
    assert to_act, "the game is not over but nobody may act"
    for seat in range(state.seats):
        legal = state.legal_actions(seat)
        if seat in to_act:
            assert legal, f"seat {seat} is to act with no legal action"
            assert all(a.seat == seat for a in legal)
        else:
            assert legal == [], f"seat {seat} is not to act but has legal actions"


def check_illegal(state: Any, action: Any, history: list[Any], rng: random.Random) -> None:
    """Illegal actions raise IllegalAction and leave the state exactly as it was: two earlier
    actions that are not legal now, and this step's action given to a seat not to act (one
    such seat per step, drawn at random, so every seat is tried over a game)."""
    before = state.clone()
    candidates = [a for a in rng.sample(history, min(2, len(history)))
                  if a not in state.legal_actions(a.seat)]
    others = [s for s in range(state.seats) if s not in state.to_act()]
    if others:
        candidates.append(dataclasses.replace(action, seat=rng.choice(others)))
    for bad in candidates:
        with pytest.raises(IllegalAction) as info:
            state.apply(bad)
        assert str(info.value).strip(), "IllegalAction without a message"
        assert state == before, f"the failed action {bad} changed the state"


def apply_checked(state: Any, action: Any) -> list[Event]:
    """Apply ``action`` to a clone and to the state: each leaves the other untouched, and both
    end equal with equal events."""
    before = state.clone()
    assert before == state and before is not state
    twin = state.clone()
    twin_events = twin.apply(action)
    assert state == before, "applying to a clone changed the original"
    twin_after = twin.clone()
    events = state.apply(action)
    assert twin == twin_after, "applying to the original changed its clone"
    assert state == twin and events == twin_events, "the same action from equal states differed"
    return events


# --- one checked game -----------------------------------------------------------------------

def play_checked(spec: GameSpec, seats: int, seed: int, choose: Chooser) -> tuple[Any, list, list]:
    options = spec.make_options(seats=seats)
    state = spec.new_game(options, seed)
    assert state.seats == seats
    initial = Counter(state.all_cards())
    opening = list(state.opening)
    public = PUBLIC_REVEALS.get(spec.id, set())
    secrets = Secrets(state)
    check_events(opening, None, None, secrets, public)
    log: list[Event] = list(opening)
    rng = random.Random(seed)
    actions: list[Any] = []
    while True:
        check_status(state, initial, secrets)
        for seat in range(seats):
            check_view(state, seat, secrets)
        check_spectator_view(state, secrets)
        if state.is_over():
            break
        assert len(actions) < MAX_ACTIONS, f"no end after {MAX_ACTIONS} actions"
        seat = rng.choice(state.to_act())
        action = choose(spec, state, seat, rng)
        assert action in state.legal_actions(seat), f"driver chose an illegal {action}"
        check_readable(action)
        check_illegal(state, action, actions, rng)
        events = apply_checked(state, action)
        before, secrets = secrets, Secrets(state)
        check_events(events, seat, before, secrets, public)
        for event in events:
            check_readable(event)
            for viewer in [*range(seats), None]:   # None: a spectator
                check_readable(event.seen_by(viewer))
        actions.append(action)
        log += events
    finished = state.clone()
    for old in actions[-3:]:
        with pytest.raises(IllegalAction):
            state.apply(old)
        assert state == finished, "an action after the end changed the state"
    return state, actions, log


@pytest.mark.slow
@pytest.mark.parametrize("driver", sorted(DRIVERS))
@pytest.mark.parametrize(("spec", "seats"), CASES)
@settings(max_examples=GAMES_PER_CASE, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(seed=st.integers())
def test_random_games_keep_the_protocol(spec: GameSpec, seats: int, driver: str, seed: int) -> None:
    state, actions, log = play_checked(spec, seats, seed, DRIVERS[driver])
    again, events = replay(spec, spec.make_options(seats=seats), seed, actions)
    assert again == state, "seed + actions did not replay to the same state"
    assert events == log, "seed + actions did not replay the same events"


@pytest.mark.slow
@pytest.mark.parametrize(("spec", "seats"), CASES)
def test_same_seed_same_game(spec: GameSpec, seats: int) -> None:
    options = spec.make_options(seats=seats)
    assert spec.new_game(options, 1234) == spec.new_game(options, 1234)
    first = spec.new_game(options, 1)
    assert any(spec.new_game(options, seed) != first for seed in range(2, 12)), \
        "the seed makes no difference to the game"


@pytest.mark.parametrize("spec", [pytest.param(s, id=s.id) for s in GAMES.values()])
def test_spec_is_complete(spec: GameSpec) -> None:
    assert spec.id in GAMES and GAMES[spec.id] is spec
    assert spec.title and spec.blurb and spec.rules_text.strip()
    assert 1 <= spec.min_seats <= spec.default_seats <= spec.max_seats
    if spec.bots or spec.autoplay is None:
        assert {"easy", "normal", "hard"} <= set(spec.bots)
    with pytest.raises(ValueError):
        spec.make_options(seats=spec.max_seats + 1)
    with pytest.raises(ValueError):
        spec.make_options(seats=spec.default_seats, no_such_option=1)
    for option in spec.options:
        assert option.default in option.choices
        for value in option.choices:
            spec.make_options(**{option.key: value})


# --- the checks themselves can fail -----------------------------------------------------------

needs_ninety_nine = pytest.mark.skipif("ninety_nine" not in GAMES, reason="uses Ninety-Nine")


@needs_ninety_nine
def test_leak_check_catches_an_unmasked_draw(monkeypatch: pytest.MonkeyPatch) -> None:
    from games.ninety_nine import rules

    monkeypatch.setattr(rules.Drew, "seen_by", Event.seen_by)
    with pytest.raises(AssertionError, match="Drew shows seat"):
        play_checked(GAMES["ninety_nine"], 3, 1, random_legal)


@needs_ninety_nine
def test_leak_check_catches_an_unmasked_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    from games.ninety_nine import rules

    monkeypatch.setattr(rules.HandDealt, "seen_by", Event.seen_by)
    with pytest.raises(AssertionError, match="HandDealt shows seat"):
        play_checked(GAMES["ninety_nine"], 3, 1, random_legal)


@needs_ninety_nine
def test_view_check_catches_a_leaking_view(monkeypatch: pytest.MonkeyPatch) -> None:
    from games.ninety_nine import rules

    honest = rules.NinetyNineState.view

    def peeking(self: Any, seat: int) -> Any:
        return dataclasses.replace(honest(self, seat), pile=tuple(self.pile + self.stock[-1:]))

    monkeypatch.setattr(rules.NinetyNineState, "view", peeking)
    with pytest.raises(AssertionError, match="shows hidden cards"):
        play_checked(GAMES["ninety_nine"], 2, 1, random_legal)


@needs_ninety_nine
def test_conservation_check_catches_a_lost_card(monkeypatch: pytest.MonkeyPatch) -> None:
    from games.ninety_nine import rules

    honest = rules.NinetyNineState.all_cards
    monkeypatch.setattr(rules.NinetyNineState, "all_cards", lambda self: honest(self)[:-1]
                        if self.pile else honest(self))
    with pytest.raises(AssertionError, match="lost or duplicated"):
        play_checked(GAMES["ninety_nine"], 2, 1, random_legal)
