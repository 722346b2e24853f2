"""Nash Whist's Expert: Hard's bidding, Hard's play while the hands are long, then every
card decided by solving a hundred deals consistent with the seat's view."""

from __future__ import annotations

from random import Random

import pytest

from games.nash_whist import bots
from games.nash_whist.rules import NashWhistOptions, new_game


@pytest.mark.slow
@pytest.mark.parametrize("seats", [3, 4])
def test_expert_plays_whole_deals_legally_and_solves_the_ending(seats: int, monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[int] = []
    real = bots.reaches

    def counting(position, target):  # type: ignore[no-untyped-def]
        asked.append(len(position.hands[position.to_play()]))
        return real(position, target)

    monkeypatch.setattr(bots, "reaches", counting)
    state = new_game(NashWhistOptions(seats=seats), seed=seats)
    rng = Random(seats)
    for _ in range(300):
        if state.is_over():
            break
        seat = state.to_act()[0]
        view = state.view(seat)
        action = bots.expert(view, rng)
        assert action in state.legal_actions(seat)
        state.apply(action)
    assert asked, "the Expert never reached a short ending"
    assert max(asked) <= bots.EXPERT_CARDS[seats]
    assert len(asked) % bots.EXPERT_DEALS == 0  # a hundred deals a decision


def test_expert_bids_as_hard_does() -> None:
    state = new_game(NashWhistOptions(seats=4), seed=8)
    view = state.view(state.to_act()[0])
    assert view.phase == "bid"
    assert bots.expert(view, Random(2)) == bots.hard(view, Random(2))
