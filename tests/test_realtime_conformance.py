"""The protocol for the real-time games, on a simulated clock (tests/test_conformance.py
covers the turn games and skips these).

A real-time game is driven here by a random player that, at every step, either lets the
clock run to a random time (firing what falls due) or has a random seat take a random legal
action a random few milliseconds from now. At every step: no card is lost or duplicated,
no view shows a hidden card, illegal actions (stale ones, ones from seats that may not act,
ones stamped after a timed step still due) raise IllegalAction and change nothing, a clone
behaves exactly like the original, and at the end the seed plus the timed actions replay
the same game and the same events. The bots' games (``play_realtime``) replay too.
"""

from __future__ import annotations

import dataclasses
import importlib
import random
from collections import Counter
from typing import Any

import pytest

from games.core.protocol import Event, IllegalAction
from games.core.realtime import TimedAction, play_realtime, replay_timed, replay_timed_events
from games.registry import GAMES, GameSpec
from tests.test_conformance import (
    Secrets, apply_checked, check_events, check_readable, check_spectator_view, check_view,
)

GAMES_PER_CASE = 5
MAX_STEPS = 30_000
MINE = ("ratscrew", "nails", "spoons")   # checked here even before they are registered

# Cards the rules turn face up for everyone, which may be back in a hidden stack by the end
# of the same action (a flip that ends the game hands the pile to the winner at once).
PUBLIC_REVEALS: dict[str, set[str]] = {"ratscrew": {"Flipped", "FalseSlap"}}


def _specs() -> list[GameSpec]:
    specs = {s.id: s for s in GAMES.values() if s.realtime}
    for game_id in MINE:
        if game_id not in specs:
            try:
                specs[game_id] = importlib.import_module(f"games.{game_id}").spec()
            except ModuleNotFoundError:
                continue
    return list(specs.values())


SPECS = _specs()
CASES = [pytest.param(spec, seats, id=f"{spec.id}-{seats}p")
         for spec in SPECS for seats in range(spec.min_seats, spec.max_seats + 1)]


def check_status(state: Any, initial: Counter, secrets: Secrets) -> None:
    assert secrets.total == initial, "a card was lost or duplicated"
    to_act = state.to_act()
    if state.is_over():
        assert to_act == [] and state.next_due() is None, "the game is over but it goes on"
        outcome = state.outcome()
        assert outcome is not None and len(outcome.scores) == state.seats
        check_readable(outcome)
        return
    assert state.outcome() is None, "an outcome before the game is over"
    assert to_act or state.next_due() is not None, "not over, nobody may act and nothing is due"
    due = state.next_due()
    assert due is None or due >= state.now_ms, "a timed step is overdue"
    for seat in range(state.seats):
        legal = state.legal_actions(seat)
        assert bool(legal) == (seat in to_act)
        assert all(a.seat == seat and a.at_ms == state.now_ms for a in legal)


def check_illegal(state: Any, history: list[TimedAction], rng: random.Random) -> None:
    before = state.clone()
    bad: list[TimedAction] = [a for a in history[-3:] if a.at_ms < state.now_ms]
    idle = [s for s in range(state.seats) if s not in state.to_act()]
    pool = [a for s in range(state.seats) for a in state.legal_actions(s)]
    if idle and pool:
        bad.append(dataclasses.replace(rng.choice(pool), seat=rng.choice(idle)))
    due = state.next_due()
    if due is not None and pool:
        bad.append(dataclasses.replace(rng.choice(pool), at_ms=due + rng.randrange(0, 50)))
    for action in bad:
        with pytest.raises(IllegalAction) as info:
            state.apply(action)
        assert str(info.value).strip()
        assert state == before, f"the refused {action} changed the state"


def random_step(state: Any, rng: random.Random) -> TimedAction | None:
    """The random driver's next move: let the clock run to a random time (firing what falls
    due), then, if anyone may act at that time, a random legal action of a random seat."""
    due = state.next_due()
    at = state.now_ms + rng.randrange(0, 400)
    if due is not None and (at >= due or rng.random() < 0.15):
        return None
    state.advance(at)   # nothing is due before ``at``: this only moves the clock
    to_act = state.to_act()
    if not to_act:
        return None
    return rng.choice(state.legal_actions(rng.choice(to_act)))


def play_checked(spec: GameSpec, seats: int, seed: int) -> tuple[Any, list, list, int]:
    options = spec.make_options(seats=seats)
    state = spec.new_game(options, seed)
    initial = Counter(state.all_cards())
    secrets = Secrets(state)
    log: list[Event] = list(state.opening)
    public = PUBLIC_REVEALS.get(spec.id, set())
    check_events(log, None, None, secrets, public)
    rng = random.Random(seed)
    actions: list[TimedAction] = []
    for _ in range(MAX_STEPS):
        check_status(state, initial, secrets)
        for seat in range(seats):
            check_view(state, seat, secrets)
        check_spectator_view(state, secrets)
        if state.is_over():
            break
        check_illegal(state, actions, rng)
        action = random_step(state, rng)
        if action is None:
            due = state.next_due()
            events = state.advance(due if due is not None else state.now_ms)
            seat = None
        else:
            check_readable(action)
            events = apply_checked(state, action)
            actions.append(action)
            seat = action.seat
        before, secrets = secrets, Secrets(state)
        check_events(events, seat, before, secrets, public)
        for event in events:
            check_readable(event)
        log += events
    else:
        raise AssertionError(f"no end after {MAX_STEPS} steps")
    return state, actions, log, state.now_ms


@pytest.mark.slow
@pytest.mark.parametrize(("spec", "seats"), CASES)
def test_random_timed_games_keep_the_protocol(spec: GameSpec, seats: int) -> None:
    for seed in range(GAMES_PER_CASE):
        state, actions, log, end = play_checked(spec, seats, seed)
        again, events = replay_timed_events(spec, spec.make_options(seats=seats), seed, actions, end)
        assert again == state, "seed + timed actions did not replay to the same state"
        assert events == log, "seed + timed actions did not replay the same events"


@pytest.mark.slow
@pytest.mark.parametrize(("spec", "seats"), CASES)
def test_bot_games_end_and_replay(spec: GameSpec, seats: int) -> None:
    options = spec.make_options(seats=seats)
    lineup = ["easy", "normal", "hard"]
    bots = [spec.bots[lineup[s % 3]] for s in range(seats)]
    record = play_realtime(spec, options, seed=seats, bots=bots)
    assert record.state.is_over()
    assert replay_timed(spec, options, seats, record.actions, record.end_ms) == record.state
    twin = play_realtime(spec, options, seed=seats, bots=bots)
    assert twin.actions == record.actions, "a seeded bot game did not repeat"


@pytest.mark.parametrize("spec", [pytest.param(s, id=s.id) for s in SPECS])
def test_realtime_spec_is_complete(spec: GameSpec) -> None:
    assert spec.realtime and spec.title and spec.blurb and spec.rules_text.strip()
    assert {"easy", "normal", "hard"} <= set(spec.bots)
    for option in spec.options:
        assert option.default in option.choices
        for value in option.choices:
            spec.make_options(**{option.key: value})


def test_the_checks_catch_a_lost_penalty_card(monkeypatch: pytest.MonkeyPatch) -> None:
    """A rules bug of the kind these checks exist for: a false slap's penalty card that never
    reaches the pile."""
    from games.ratscrew import rules

    honest = rules.RatscrewState._false_slap

    def losing(self: Any, seat: int, at: int) -> list:
        events = honest(self, seat, at)
        if self.pile and not self.pile[0].live:
            self.pile.pop(0)
        return events

    monkeypatch.setattr(rules.RatscrewState, "_false_slap", losing)
    spec = next(s for s in SPECS if s.id == "ratscrew")
    with pytest.raises(AssertionError, match="lost or duplicated"):
        for seed in range(GAMES_PER_CASE):
            play_checked(spec, 3, seed)


def test_the_checks_catch_an_action_that_ignores_the_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    from games.core import realtime

    # Nails judged without the clock: what the one judge, check_legal_timed, asks first.
    monkeypatch.setattr(realtime, "time_problem", lambda state, action: None)
    spec = next(s for s in SPECS if s.id == "nails")
    with pytest.raises((AssertionError, pytest.fail.Exception), match="DID NOT RAISE|changed the state"):
        play_checked(spec, 2, 1)
