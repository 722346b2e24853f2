"""``parlour join --watch --text`` prints what a spectator's table shows in its history, word for
word (people's names, cards as 10♠), and a move the server refuses comes back as a message the
player's table renders. A real server on 127.0.0.1 (its own thread), a real ``parlour join``
process, and a spectator's Ninety-Nine table in the window, headless."""

from __future__ import annotations

import re
import subprocess
import sys
import time
from typing import Any, Iterator

import pytest

from app.core.action_codec import encode_action
from app.core.words.names import SeatNames
from app.core.words.render import render
from app.net.client.remote import RemoteSession
from app.window.shell import App
from app.window.tables import table_for
from games.core.cards import standard_deck
from games.core.words import Words
from games.ninety_nine import rules as nn
from tests.app.ui_driver import FRAME, fast_app, settle
from tests.net.conftest import REPO
from tests.net.server_thread import ServerThread, running, wait_for

CARD_CODE = re.compile(r"\b(10|[2-9TJQKA])[SHDC]\b")
SEAT_CODE = re.compile(r"\bP\d\b")
LINES = 12          # the lines compared: a hand's deal and its first plays
GAME_S = 90.0


@pytest.fixture
def app() -> Iterator[App]:
    for fastest in fast_app():
        fastest.settings.animation_speed = "instant"
        yield fastest


@pytest.fixture
def server() -> Iterator[ServerThread]:
    yield from running()


def watchers(server: ServerThread, code: str) -> int:
    return server.on_loop(lambda: sum(1 for conn in server.server.tables[code].conns if conn.seat is None))


def play_a_move(host: RemoteSession) -> None:
    host.poll()
    if host.status == "playing" and host.seat in host.state.to_act() and not host._answer_due:
        host.apply(host.state.legal_actions(host.seat)[0])


@pytest.mark.slow   # a real server and a real watcher through a dozen moves of a game
def test_join_watch_text_prints_the_spectators_history(app: App, server: ServerThread) -> None:
    host = RemoteSession.host(server.url, {"game": "ninety_nine", "seats": 3, "remote": 1, "difficulty": "easy",
                                           "seed": 5}, "Ann")
    wait_for(lambda: host.code is not None and host.status == "waiting", poll=host.poll)
    code = host.code or ""
    text = subprocess.Popen([sys.executable, "-m", "app", "join", server.url, code, "--watch", "--text",
                             "--name", "Dot"], cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        window = RemoteSession.join(server.url, code, "Dot", watch=True)
        wait_for(lambda: watchers(server, code) == 2, seconds=60, poll=window.poll)
        host.start_now()
        wait_for(lambda: window.status == "playing", poll=window.poll)
        app.start(table_for("ninety_nine")(app, window))
        table: Any = app.scenes.top
        deadline = time.monotonic() + GAME_S
        while len(table.log) < LINES:
            assert time.monotonic() < deadline, "the spectator's table never showed enough"
            play_a_move(host)
            app.step(FRAME)
            settle(app)
            time.sleep(0.001)
        shown = [table.history_line(line) for line in list(table.log)[:LINES]]
        host.leave()
        printed = text_lines(text)
    finally:
        if text.poll() is None:
            text.kill()
            text.communicate(timeout=30)
    assert printed[:LINES] == shown, (printed[:LINES], shown)
    assert any(" plays " in line and re.search("[♠♥♦♣]", line) for line in shown), shown
    for line in shown:
        assert not CARD_CODE.search(line) and not SEAT_CODE.search(line), line
    assert any(line.startswith("Ann ") for line in shown), "the host is named"


def text_lines(process: subprocess.Popen[str]) -> list[str]:
    """The watcher's lines once its table has ended (the host left) or it has had its time."""
    try:
        out, _err = process.communicate(timeout=GAME_S)
    except subprocess.TimeoutExpired:
        process.kill()
        out, _err = process.communicate(timeout=30)
    return [line for line in out.splitlines() if line and not line.startswith("{")]


def test_a_move_the_server_refuses_comes_back_as_a_message(server: ServerThread) -> None:
    host = RemoteSession.host(server.url, {"game": "ninety_nine", "seats": 2, "remote": 0, "difficulty": "easy",
                                           "seed": 7}, "Ann")
    wait_for(lambda: host.status == "playing" and host.seat in host.state.to_act(), poll=host.poll)
    held = set(host.state.view(0).hand)
    stranger = next(card for card in standard_deck() if card not in held)
    host._link.send({"type": "action", "action": encode_action(nn.Play(0, stranger), "ninety_nine")})
    errors: list[Any] = []

    def heard() -> bool:
        errors.extend(host.take_errors())
        return bool(errors)

    wait_for(heard, poll=host.poll)
    refusal = errors[0]
    assert isinstance(refusal, Words) and str(refusal).startswith("not allowed: ")
    words = render(refusal, SeatNames(host.setup.names, you=0))
    card = stranger.rank.label + "♠♥♦♣"["SHDC".index(str(stranger.suit))]
    assert words == f"Not allowed: {card} is not in your hand", words
    host.leave()
