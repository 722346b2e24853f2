"""Results worth reading: the score sheet on the results screen (scrolled with real keys at
800x560), the player's record kept for every game (a corrupt statistics file set aside), and
the Nash game that nobody won said plainly, its mystery cards face up."""

from __future__ import annotations

import random

import pygame
import pytest

from app.core import replay_file, storage
from app.core.session import SeatPlan, Session, Setup
from app.window.scenes.results import ResultsScene
from app.window.scenes.stats import StatsScene
from games.registry import GAMES
from tests.app.ui_driver import FRAME, make_app, post_key


def _finished(game_id: str, seed: int, seats: int) -> Session:
    """A game played to its end by Easy computers for every seat, seat 0 counted as the
    human's (so the results screen records it), as a table leaves it."""
    spec = GAMES[game_id]
    plans = [SeatPlan(i == 0, "easy") for i in range(seats)]
    session = Session(spec, Setup(game_id, plans, {o.key: o.default for o in spec.options}, seed))
    rng = random.Random(1)
    while not session.state.is_over():
        seat = session.state.to_act()[0]
        session.apply(spec.bots["easy"](session.state.view(seat), rng))
    return session


def _results(app, session: Session) -> ResultsScene:
    app.nav.results(session)
    app.step(FRAME)
    scene = app.scenes.top
    assert isinstance(scene, ResultsScene)
    return scene


def test_a_finished_nap_game_counts_in_its_statistics_and_a_bad_file_is_set_aside(app):
    storage.stats_path().parent.mkdir(parents=True, exist_ok=True)
    storage.stats_path().write_text("{ not json")
    results = _results(app, _finished("nap", 4, 4))
    kept = storage.load_stats().for_game("nap")
    assert kept.played == 1 and kept.won == int(0 in results.outcome.winners)
    assert list(storage.stats_path().parent.glob("stats.bad-*.json")), "the unreadable file is kept aside"
    assert results.record_lines() == [f"Your record at Nap: played 1 · won {kept.won} ({100 * kept.won:.0f}%) · "
                                      f"streak {kept.streak} · best streak {kept.best_streak}"]
    stats = StatsScene(app)
    row = next(r for r in stats.rows() if r[0] == "Nap")
    assert row[1:3] == ("1", str(kept.won))


def test_the_sheet_scrolls_with_the_arrow_keys_at_800x560():
    app = make_app((800, 560))
    try:
        results = _results(app, _finished("ninety_nine", 4, 6))
        from app.window.scenes.results import KEY_GUARD

        for _ in range(int(KEY_GUARD / FRAME) + 2):
            app.step(FRAME)   # past the guard against keys meant for the table
        rows = results.sheet_rows()
        assert rows > 12, "more hands than the small screen shows at once"
        post_key(app, pygame.K_DOWN)
        post_key(app, pygame.K_DOWN)
        assert results.sheet_top == 2
        post_key(app, pygame.K_UP)
        assert results.sheet_top == 1 and app.scenes.top is results
        for _ in range(rows):
            post_key(app, pygame.K_DOWN)
        assert results.sheet_top == rows - results.sheet_shown > 0, "no further than the last page"
    finally:
        pygame.quit()


@pytest.mark.parametrize("size", [(800, 560), (1280, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_nash_game_nobody_won_says_so_and_shows_the_mystery_cards(size):
    from app.core.words.render import render
    from games.core.words import T

    app = make_app(size)
    try:
        session = _finished("nash", 10, 2)
        final = session.state
        assert final.is_over() and not final.winners, "seed 10: nobody guesses the last card"
        results = _results(app, session)
        assert results.headline == "Nobody wins" and results.placings() == []
        notes = results.sheet.notes
        assert all(render(T("{card}", card=card)) in notes[0] for card in final.mysteries)
        assert notes[1].startswith("Nobody guessed right: the guesses were You ")
        assert results.replay.result == "Nobody won"
        listed = replay_file.load(next(replay_file.replays_dir().glob("auto-*.json")))
        assert listed.result == "Nobody won", "the Replays list does not call it 'You lost'"
    finally:
        pygame.quit()
