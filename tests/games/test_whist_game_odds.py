"""Whist's Expert plays for the game: what a hand's tricks are worth toward winning it."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest

from games.core.trick_events import PlayCard
from games.whist import bots
from games.whist.game_odds import after_hand, hand_worth, win_chance
from games.whist.rules import WhistOptions, new_game


@pytest.mark.parametrize("target", [5, 7, 25])
def test_the_chances_of_the_two_sides_add_up_and_grow_with_the_score(target: int) -> None:
    for mine in range(target):
        for theirs in range(target):
            assert win_chance(mine, theirs, target) + win_chance(theirs, mine, target) == pytest.approx(1)
            if mine + 1 < target:
                assert win_chance(mine + 1, theirs, target) > win_chance(mine, theirs, target)


def test_the_seventh_trick_is_worth_most() -> None:
    # It scores a point and takes one from the other side (in a long game, where no one
    # hand wins it outright).
    steps = [after_hand(0, 0, t + 1, 25) - after_hand(0, 0, t, 25) for t in range(13)]
    assert max(range(13), key=steps.__getitem__) == 6


def test_near_the_target_only_reaching_it_counts() -> None:
    worth = hand_worth(6, 6, 7, won=4)  # 6-6 to 7, four tricks in: three more win the game
    assert worth(3) - worth(2) > 0.99
    assert worth(9) - worth(3) < 0.001 and worth(2) - worth(0) < 0.001


def test_expert_weighs_its_cards_by_the_game_and_reads_the_play(monkeypatch: pytest.MonkeyPatch) -> None:
    state = new_game(WhistOptions(), seed=4)
    for _ in range(16):  # into the fourth trick: the Expert solves deals from here
        seat = state.to_act()[0]
        state.apply(state.legal_actions(seat)[0])
    state.scores = [6, 6]
    seen: dict[str, Any] = {}

    def spy(view: Any, rng: Random, info: Any, **options: Any) -> Any:
        seen.update(options)
        return view.hand[0]

    monkeypatch.setattr(bots, "expert_card", spy)
    view = state.view(state.to_act()[0])
    assert bots.expert(view, Random(1)) == PlayCard(view.seat, view.hand[0])
    assert seen["reading"] is True
    mine = sum(view.won[s] for s in range(4) if s % 2 == view.seat % 2)
    score = seen["score"]
    assert score(7 - mine) - score(6 - mine) > 0.99  # the seventh trick wins the game at 6-6
