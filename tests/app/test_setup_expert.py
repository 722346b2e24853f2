"""The Expert level is offered on the setup screen, and in ``parlour sim --bots``, for the
games that have an Expert bot, and nowhere else."""

from __future__ import annotations

import pygame
import pytest

from app.cli.main import main
from app.window.scenes.setup import SetupScene
from app.core.session import Session, Setup
from games.registry import DIFFICULTIES, GAMES

from tests.app.ui_driver import FRAME, make_app

EXPERT_GAMES = {"whist", "nash_whist"}


@pytest.fixture
def app():
    application = make_app((1280, 800))
    yield application
    pygame.quit()


def seat_choices(scene: SetupScene, label: str = "Seat 2") -> list[str]:
    row = next(r for r in scene.rows if r.label == label)
    seen = []
    for _ in range(len(DIFFICULTIES) + 1):
        seen.append(row.value())
        row.change(1)
    return seen


def test_only_games_with_an_expert_bot_offer_it() -> None:
    assert "expert" in DIFFICULTIES
    have = {g for g, spec in GAMES.items() if "expert" in spec.bots}
    assert EXPERT_GAMES <= have
    for game_id in have:  # every Expert is a full line-up: the levels below it too
        assert {"easy", "normal", "hard"} <= set(GAMES[game_id].bots)


@pytest.mark.parametrize("game_id", sorted(EXPERT_GAMES))
def test_the_setup_screen_picks_expert_and_the_game_starts_with_it(app, game_id: str) -> None:
    scene = SetupScene(app, GAMES[game_id], Setup.default(GAMES[game_id]))
    app.start(scene)
    app.step(FRAME)
    assert "Computer (expert)" in seat_choices(scene)
    row = next(r for r in scene.rows if r.label == "Seat 2")
    while row.value() != "Computer (expert)":
        row.change(1)
    assert scene.setup.seats[1].difficulty == "expert"
    session = Session(GAMES[game_id], Setup(game_id, list(scene.setup.seats), dict(scene.setup.options), 3))
    seat = 1
    view = session.state.view(seat)
    assert callable(GAMES[game_id].bots[session.setup.seats[seat].difficulty]) and view.seat == 1


def test_a_game_without_an_expert_does_not_offer_it(app) -> None:
    scene = SetupScene(app, GAMES["ninety_nine"], Setup.default(GAMES["ninety_nine"]))
    app.start(scene)
    app.step(FRAME)
    assert not any("expert" in choice for choice in seat_choices(scene))


def test_sim_takes_expert_only_where_it_exists(capsys) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["sim", "ninety_nine", "--games", "1", "--bots", "expert,hard,hard"])
    assert exit_info.value.code == 2
    assert "--bots takes difficulties from easy, normal, hard" in capsys.readouterr().err


def test_expert_thinks_in_the_worker_process_as_at_home() -> None:
    """The table asks bots in the worker process: the Expert's DDS loads there and chooses
    the card it would choose here (a late decision, where it solves deals)."""
    import random

    from app.core import worker

    spec = GAMES["whist"]
    state = spec.new_game(spec.make_options(), 6)
    rng = random.Random(6)
    for _ in range(30):
        seat = state.to_act()[0]
        state.apply(spec.bots["normal"](state.view(seat), rng))
    view = state.view(state.to_act()[0])
    try:
        away, _ = worker.submit(worker.choose, "whist", "expert", view, rng.getstate()).result(timeout=120)
        assert away == spec.bots["expert"](view, rng)
    finally:
        worker.stop()
