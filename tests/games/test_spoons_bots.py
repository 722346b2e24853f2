"""Spoons bots remember each seat's plans between questions; remembering must never change
what they plan, and the quick way views are built must still give whole, frozen views."""

from __future__ import annotations

import dataclasses

import pytest

from games.core.reflex import MODELS
from games.core.realtime import play_realtime
from games.spoons import spec as spoons_spec
from games.spoons.bots import BOTS, HABITS, plan
from games.spoons.rules import SpoonsOptions, SpoonsView, new_game


@pytest.mark.parametrize("variant", ["spoons", "pig"])
def test_a_remembering_bot_plans_as_if_asked_afresh(variant: str) -> None:
    spec = spoons_spec()
    asked = {"count": 0}

    def checked(level: str):
        bot = BOTS[level]

        def react(view, now_ms, rng):
            asked["count"] += 1
            plans = bot(view, now_ms, rng)
            assert plans == plan(view, MODELS[level], HABITS[level]), (level, view)
            return plans
        return react

    # Several games in a row, mixed levels and table sizes: each bot's memory outlives a game.
    for seats, seed in ((3, 1), (4, 2), (7, 3)):
        options = spec.make_options(seats=seats, variant=variant)
        bots = [checked(level) for level in ("easy", "normal", "hard")] * 3
        record = play_realtime(spec, options, seed, bots[:seats])
        assert record.state.is_over()
    assert asked["count"] > 1000


def test_a_view_holds_every_field_and_stays_frozen() -> None:
    state = new_game(SpoonsOptions(seats=5), seed=3)
    view = state.view(2)
    names = {f.name for f in dataclasses.fields(SpoonsView)}
    assert set(vars(view)) == names
    assert view == SpoonsView(**{name: getattr(view, name) for name in names})
    assert view.hand == tuple(state.hands[2]) and view.seat == 2
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.seat = 0  # type: ignore[misc]
