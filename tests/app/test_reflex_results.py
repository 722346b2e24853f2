"""The end of a reflex game as a player reads it: a game of Pig is called Pig (not Spoons)
on the results screen, in the replays list, the statistics and the lobby; and the placings
rank every player by when they went out (last out ranks higher), never two players "2."."""

from __future__ import annotations

import pygame
import pytest

import app.window.scenes.results as results_module
from app.core import replay_file
from app.window.scenes.lobby import LobbyScene
from app.window.scenes.results import ResultsScene
from app.window.scenes.stats import StatsScene
from app.core.session import SeatPlan, Session, Setup
from games.core.realtime import play_realtime
from games.registry import GAMES, OptionValue

from tests.app.ui_driver import FRAME, make_app


@pytest.fixture
def app():
    application = make_app()
    yield application
    pygame.quit()


def finished(game_id: str, options: dict[str, OptionValue], seats: int, seed: int) -> Session:
    """A game played to its end by computer players, as the table leaves it (one human seat)."""
    spec = GAMES[game_id]
    plans = [SeatPlan(i == 0, "normal") for i in range(seats)]
    session = Session(spec, Setup(game_id, plans, dict(options), seed))
    record = play_realtime(spec, session.options, seed, [spec.bots["normal"]] * seats)
    session.state, session.actions = record.state, list(record.actions)
    return session


def test_a_game_of_pig_is_called_pig_on_the_results_screen_and_in_the_replays(app, monkeypatch):
    shown: list[str] = []
    real = results_module.render_text
    monkeypatch.setattr(results_module, "render_text", lambda text, *a, **k: shown.append(text) or real(text, *a, **k))
    session = finished("spoons", {"variant": "pig"}, 4, seed=3)
    assert session.title == "Pig"
    results = ResultsScene(app, session)
    app.start(results)
    app.step(FRAME)
    assert "Pig" in shown and "Spoons" not in shown
    assert [entry.title for entry in replay_file.entries()] == ["Pig"]
    assert [entry.label for entry in replay_file.entries()] == ["Pig game"]
    rows = {row[0]: row for row in StatsScene(app).rows()}
    assert rows["Pig"][1] == "1" and rows["Spoons"][1] == "0"   # Pig keeps its own record


def test_spoons_keeps_its_name_and_a_host_of_pig_reads_pig_in_the_lobby(app):
    spec = GAMES["spoons"]
    assert finished("spoons", {"variant": "spoons"}, 3, seed=1).title == "Spoons"
    lobby = LobbyScene(app, None, "ws://127.0.0.1:1", spec, {"game": "spoons", "options": {"variant": "pig"}})
    assert lobby.game_title == "Pig"


def ranked_seats(results: ResultsScene) -> list[tuple[str, int]]:
    """Each placing line's place ("1", "=2") and seat."""
    rows = []
    for text, _ in results.placings():
        place, who = text.split(".  ", 1)
        name = who.split(" (you)")[0].split("  ·")[0]
        rows.append((place, 0 if name == "You" else results.people.index(name)))   # seat 0 is the human
    return rows


@pytest.mark.parametrize("game_id, options, seats, seed", [
    ("spoons", {"variant": "spoons"}, 4, 2),
    ("spoons", {"variant": "pig"}, 5, 4),
    ("ratscrew", {}, 4, 6),
])
def test_the_placings_go_winner_first_then_by_who_went_out_last(app, game_id, options, seats, seed):
    session = finished(game_id, options, seats, seed)
    state = session.state
    results = ResultsScene(app, session)
    rows = ranked_seats(results)
    assert [place for place, _ in rows] == [str(n) for n in range(1, seats + 1)]   # no "2." twice
    assert [seat for _, seat in rows] == [state.winner, *reversed(state.out_order)]


def test_players_truly_level_read_as_a_shared_place(app):
    session = finished("spoons", {"variant": "pig"}, 3, seed=1)
    results = ResultsScene(app, session)
    winner = session.state.winner
    results.outcome = type(results.outcome)((winner,), tuple(3.0 if s == winner else 0.0 for s in range(3)))
    assert [place for place, _ in ranked_seats(results)] == ["1", "=2", "=2"]
