"""Every line a player can read, in every game, is written for people: no card codes
("10S", "8D"), no millisecond stamps ("@21609ms"), no seat numbers ("P2").

Each game is played to its end through its real table scene, headless, with the one human's
seat played by a computer player's choices through the table's own ``act`` (so the human's
hints are drawn), and everything the player could read is collected: each string drawn on
screen (plates, hints, banners, the history panel kept open, the results screen), each
banner and message put up, and every line of the history as the table shows it.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
import sys
from typing import Any, Callable

import pygame
import pytest

import app.window.render.text as text_module
from games.registry import GAMES
from tests.app import ui_driver
from tests.app.ui_driver import FRAME, make_app, settle, table

CARD_CODE = re.compile(r"\b(10|[2-9TJQKA])[SHDC]\b")
STAMP = re.compile(r"@\d+ ?ms")
SEAT_NUMBER = re.compile(r"\bP\d\b")
RING_CODE = re.compile(r"\b[RBY]{5}\b")   # a Nails ring as its colours' initials, "BBBBR"
MID_YOU = re.compile(r"\b[a-z]+ You\b")     # "pays You": a name put where "you" belongs
NAMELESS_YOU = re.compile(r"\bPlayer \d+ \(you\)")   # the one human, before they give a name
SHOUTED_CALL = re.compile(r"\b(HIT|MISS)\b")   # a Nails call in capitals, "called HIT"
BARE_DASH = re.compile(r"(^|\s)-(\s|$)")      # a hyphen standing for "none yet"

# (game, seats, seed): every game at its usual size, and the partnership Nash Whist.
PLAYS = [(game_id, None, 4) for game_id in GAMES] + [("nash_whist", 4, 6)]
REFLEX_PLAY_SECONDS = 25.0   # watched frame by frame, then the rest is skipped to the end
MAX_FRAMES = 4000
SOLITAIRE_MOVES = 40
STALE_TRIES = 2


def faults(line: str) -> list[str]:
    """What is wrong with one line a player reads."""
    found = []
    for name, pattern in (("card code", CARD_CODE), ("ms stamp", STAMP), ("seat number", SEAT_NUMBER),
                          ("ring code", RING_CODE), ("capital You mid-sentence", MID_YOU),
                          ("a default name for you", NAMELESS_YOU), ("a shouted call", SHOUTED_CALL),
                          ("a bare dash for nothing", BARE_DASH)):
        if pattern.search(line):
            found.append(name)
    return found


def test_the_checks_catch_what_they_should():
    assert faults("8D cannot go on 3C") == ["card code"]
    assert faults("P2 gives 2 to P1") == ["seat number"]
    assert faults("slap @21609ms") == ["ms stamp"]
    assert faults("BBBBR and BYYRY turn up") == ["ring code"]
    assert faults("Otto pays You 4") == ["capital You mid-sentence"]
    assert faults("2.  Player 1 (you) & Walter") == ["a default name for you"]
    assert faults("Felix called HIT: right") == ["a shouted call"]
    assert faults("Best time -   ·   fewest moves -") == ["a bare dash for nothing"]
    assert faults("You play 10♠ on the J♥ · Priya takes the trick") == []
    assert faults("Hand 3 · Rosa deals · a well-played trick") == []


class Reader:
    """Records every string the app draws while installed."""

    def __init__(self) -> None:
        self.lines: set[str] = set()
        self._patched: list[tuple[Any, Any]] = []

    def install(self) -> None:
        for package in ("app.window.scenes", "app.window.tables", "app.window.ui"):
            for info in pkgutil.iter_modules(importlib.import_module(package).__path__):
                importlib.import_module(f"{package}.{info.name}")
        original = text_module.render_text

        def recording(text: str, *args: Any, **kwargs: Any) -> pygame.Surface:
            self.lines.add(text)
            return original(text, *args, **kwargs)

        for module in list(sys.modules.values()):
            name = getattr(module, "__name__", "")
            if (name.startswith("app.") or name == "app") and getattr(module, "render_text", None) is original:
                self._patched.append((module, original))
                module.render_text = recording  # type: ignore[attr-defined]

    def remove(self) -> None:
        for module, original in self._patched:
            module.render_text = original


def _record_calls(scene: Any, name: str, lines: set[str]) -> None:
    """Wrap the scene's ``name`` method (``_banner``, ``say``) to keep its text."""
    inner: Callable[..., Any] = getattr(scene, name)

    def wrapped(text: str, *args: Any, **kwargs: Any) -> Any:
        lines.add(text)
        return inner(text, *args, **kwargs)

    setattr(scene, name, wrapped)


def _history(scene: Any) -> list[str]:
    """The history as the table shows it."""
    return [scene.history_line(line) for line in scene.log]


def _human_choice(scene: Any, moves: int) -> Any:
    """The human's move: a computer player's choice, or in a solitaire (no computer players)
    a seeded random legal move, resigning after a while."""
    session = scene.session
    seat = scene.viewer
    legal = session.state.legal_actions(seat)
    if session.spec.bots:
        return session.spec.bots["easy"](session.state.view(seat), session.bot_rng)
    moves_only = [a for a in legal if type(a).__name__ != "Resign"]
    if moves < SOLITAIRE_MOVES and moves_only:
        return moves_only[session.bot_rng.randrange(len(moves_only))]
    return next(a for a in legal if type(a).__name__ == "Resign")


def _try_stale(scene: Any, stale: list[Any]) -> None:
    """Offer the table a few moves that were legal earlier and are not now, as a player
    might: the rules refuse them, and the table explains why (that line is read too)."""
    legal = scene.session.state.legal_actions(scene.viewer)
    for action in [a for a in stale if a not in legal][-STALE_TRIES:]:
        assert not scene.act(action)


def play_through(game_id: str, seats: int | None, seed: int) -> set[str]:
    reader = Reader()
    app = make_app()
    app.settings.animation_speed = "instant"
    reader.install()
    try:
        scene = table(app, game_id, humans=1, seats=seats, seed=seed, difficulty="easy")
        scene.show_log = True
        for name in ("_banner", "say"):
            _record_calls(scene, name, reader.lines)
        history: list[str] = []
        reflex = GAMES[game_id].realtime
        game_time = 0.0
        moves = 0
        stale: list[Any] = []
        if reflex:   # the computer plays the human's seat too; the table still speaks to "You"
            scene.session.is_human = lambda seat: False
            if hasattr(scene, "make_driver"):   # (the driver knows its bots from the start)
                scene.driver = scene.make_driver()
            if hasattr(ui_driver, "say_ready"):   # (a reflex table waits for its humans)
                ui_driver.say_ready(app)
        for _ in range(MAX_FRAMES):
            if app.scenes.top is not scene:
                break
            if reflex and scene.playing:
                game_time += FRAME * 10
                if game_time > REFLEX_PLAY_SECONDS or scene.humans_out:
                    history = _history(scene) if not history else history
                    scene.skip_to_end()
                    continue
                app.step(FRAME * 10)
            else:
                app.step(FRAME)
            settle(app)
            if not reflex and scene.human_turn:
                _try_stale(scene, stale)
                stale.extend(scene.session.state.legal_actions(scene.viewer)[:4])
                scene.act(_human_choice(scene, moves))
                moves += 1
            if len(scene.log) > 150:   # the log keeps the last 200: read it before it drops lines
                history += _history(scene)
                scene.log.clear()
        history += _history(scene)
        assert app.scenes.top is not scene, f"{game_id} did not finish in {MAX_FRAMES} frames"
        for _ in range(3):
            app.step(FRAME)
        reader.lines.update(history)
    finally:
        reader.remove()
        pygame.quit()
    return reader.lines


@pytest.mark.slow
@pytest.mark.parametrize("game_id,seats,seed", PLAYS, ids=[f"{g}-{s or 'usual'}" for g, s, _ in PLAYS])
def test_every_line_a_player_reads_is_in_words(game_id, seats, seed):
    lines = play_through(game_id, seats, seed)
    # Card codes and stamps first: they are rarer than seat numbers, and as telling.
    wrong = [f"{line!r}: {', '.join(faults(line))}" for line in
             sorted((line for line in lines if faults(line)), key=lambda l: (faults(l) == ["seat number"], l))]
    assert not wrong, f"{len(wrong)} lines read like code in {game_id}:\n" + "\n".join(wrong[:40])
