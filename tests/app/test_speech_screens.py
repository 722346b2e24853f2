"""The screens beyond the menus and the tables, heard (issue 29, point 2): statistics, key
bindings, the join screen's boxes and its refusal, a name prompt, the history panel, a
chat's new lines, the lobby and the coach. Only the speech log is read."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Iterator

import pygame
import pytest

from app.net.wire.chat_line import ChatLine
from app.window.scenes.base import Scene
from app.window.scenes.keys import KeyBindingsScene
from app.window.scenes.menu import MenuScene
from app.window.scenes.stats import StatsScene
from app.window.shell import App
from app.window.ui.chat import ChatPanel
from tests.app.test_online_ui import frames_until, host_setup, no_network_list, own_server  # noqa: F401 (fixtures)
from tests.app.ui_driver import click, make_app, post_key, step_until, table


@pytest.fixture
def app(log: Path) -> Iterator[App]:
    application = make_app()
    application.settings.animation_speed = "fast"
    application.start(MenuScene(application))
    application.step(1 / 60)
    yield application
    pygame.quit()


def heard(log: Path) -> list[str]:
    return log.read_text(encoding="utf-8").splitlines() if log.exists() else []


def press(app: App, key: int, unicode: str = "") -> None:
    post_key(app, key, unicode)
    app.step(1 / 60)


def test_statistics_say_each_game_with_its_figures_named(app: App, log: Path) -> None:
    app.scenes.push(StatsScene(app))
    app.step(1 / 60)
    first = heard(log)[-1]
    assert re.fullmatch(r".+: Played 0, Won 0, Streak 0, Best streak 0, 1 of \d+", first), first
    press(app, pygame.K_DOWN)
    assert heard(log)[-1].endswith(", 2 of " + first.rsplit(" of ", 1)[1])
    press(app, pygame.K_r)
    assert heard(log)[-1].startswith("Reset the statistics of ") and "N or Escape: keep them" in heard(log)[-1]


def test_key_bindings_say_the_key_and_a_refused_one(app: App, log: Path) -> None:
    app.scenes.push(KeyBindingsScene(app))
    app.step(1 / 60)
    assert re.fullmatch(r"Player 1: .+, .+, adjustable", heard(log)[-1]), heard(log)[-1]
    press(app, pygame.K_DOWN)
    second = heard(log)[-1]
    assert second.startswith("Player 1: ")
    press(app, pygame.K_RETURN)
    assert heard(log)[-1] == f"{second}. Press the new key (Esc keeps the old one)"
    press(app, pygame.K_ESCAPE)     # (the menus' key: refused)
    assert heard(log)[-1] == f"{second}. Unchanged"
    press(app, pygame.K_DOWN)
    assert ". " not in heard(log)[-1], "the last change's words stay with its row"


def test_the_join_screen_says_each_box_once_and_why_it_refuses(app: App, log: Path, no_network_list: None) -> None:
    app.nav.join()
    app.step(1 / 60)
    assert heard(log)[-1] == "Invitation, or address, edit text, empty"
    said = len(heard(log))
    for char in "127.0.0.1:9":
        press(app, pygame.K_UNKNOWN, char)
    assert len(heard(log)) == said, "letters typed are not said back one by one"
    press(app, pygame.K_TAB)
    assert heard(log)[-1] == "Code, edit text, empty"
    press(app, pygame.K_RETURN)
    assert heard(log)[-1] == "The code has 6 letters and digits: type all of them. Code, edit text, empty"
    press(app, pygame.K_UP)   # back to it: what it holds now (the refusal stays until a key is typed)
    assert heard(log)[-1] == "The code has 6 letters and digits: type all of them. Invitation, or address, edit text, 127.0.0.1:9"


def test_a_name_prompt_says_its_question_and_a_refusal(app: App, log: Path) -> None:
    app.settings.player_name = ""
    click(app, app.scenes.top.online_button.rect.center)
    click(app, app.scenes.top.name_button.rect.center)
    app.step(1 / 60)
    assert heard(log)[-1] == "What is your name?, edit text, empty"
    press(app, pygame.K_RETURN)
    assert heard(log)[-1] == "Type a name: the other players see it at the table. What is your name?, edit text, empty"


def test_the_history_panel_says_its_last_lines_as_it_opens(app: App, log: Path) -> None:
    scene = table(app, "whist", seed=5)
    step_until(app, lambda: scene.human_turn, frames=4000)
    press(app, pygame.K_l, "l")
    line = heard(log)[-1]
    assert line.startswith("History, the last 6 lines: ") and " plays " in line, line
    assert not re.search(r"[♠♥♦♣]", line)


def test_a_chat_line_is_said_as_it_arrives_but_not_ones_own(app: App, log: Path) -> None:
    lines: list[ChatLine] = [ChatLine("Mia", 1, "said before")]

    class Chatty(Scene):
        def __init__(self, application: App) -> None:
            super().__init__(application)
            self.chat = ChatPanel(lambda text: None, lambda: lines, seat=0)

    app.scenes.push(Chatty(app))
    app.step(1 / 60)
    lines.append(ChatLine("Mia", 1, "Evening all"))
    lines.append(ChatLine("Ann", 0, "my own line"))
    app.step(1 / 60)
    assert heard(log)[-1] == "Mia says: Evening all"
    assert not any("said before" in line or "my own line" in line for line in heard(log))
    app.step(1 / 60)
    assert heard(log).count("Mia says: Evening all") == 1


def test_the_lobby_says_the_code_and_who_sits_where(app: App, log: Path, own_server) -> None:
    setup = host_setup(app, "Ann", "Whist")
    click(app, setup.start_button.rect.center)
    lobby = app.scenes.top
    frames_until(app, lambda: lobby.session is not None and lobby.session.code is not None
                 and any(line.startswith("Whist: waiting for players.") for line in heard(log)))
    line = next(line for line in reversed(heard(log)) if line.startswith("Whist: waiting for players."))
    code = lobby.session.code
    assert f"Join code: {', '.join(code)}." in line and "Seat 1: Ann (you), host." in line, line
    assert line.endswith("Escape leaves.")
    post_key(app, pygame.K_ESCAPE)
    app.step(1 / 60)


def test_the_coach_says_each_decision_s_verdict_as_the_cursor_moves(app: App, log: Path) -> None:
    from app.window.routes import open_review
    from tests.core.test_replays import played

    replay, _ = played("abstrac", 3)
    scene = open_review(app, replay)
    app.step(1 / 60)   # ("Review: the coach is analysing the game." until its first part comes: a warm worker is quick)
    step_until(app, lambda: app.scenes.top.coach.job.poll(), frames=20_000)
    app.step(1 / 60)
    first = heard(log)[-1]
    assert re.match(r"(Next|Now): deal 1, from card 1\. Take \d: [+−]\d+, .*chosen", first), first
    assert not re.search(r"[♠♥♦♣←]", first)
    review = scene.coach.review
    assert review is not None
    post_key(app, pygame.K_m, "m")   # to the first mistake: its verdict and what it cost
    app.step(1 / 60)
    app.step(1 / 60)
    if review.mistakes:
        assert heard(log)[-1].startswith("Now: ") and "Cost: " in heard(log)[-1], heard(log)[-1]
    else:
        assert heard(log)[-1] == "No more mistakes"


def test_the_listening_pace_is_a_setting_the_reflex_tables_follow(app: App, log: Path) -> None:
    press(app, pygame.K_o)   # Settings
    for _ in range(30):
        if heard(log)[-1].startswith("Reflex games at a listening pace"):
            break
        press(app, pygame.K_DOWN)
    assert heard(log)[-1] == "Reflex games at a listening pace, off, adjustable"
    press(app, pygame.K_RIGHT)
    assert heard(log)[-1] == "Reflex games at a listening pace, on, adjustable"
    assert table(app, "ratscrew").driver.pace == 2.0    # its computers take twice their time
    app.settings.listening_pace = False
    assert table(app, "ratscrew").driver.pace == 1.0


def test_back_to_your_table_says_where_and_why_not(log: Path) -> None:
    from app.core import kept_seats
    from tests.app.test_back_to_table import kept_seat, new_app, run_until
    from tests.net.server_thread import running

    for server in running(grace_s=300.0):
        kept_seats.keep(kept_seat(server.url, "not-a-token-of-this-server"))
        app = new_app()
        click(app, app.scenes.top.back_button.rect.center)
        scene = app.scenes.top
        app.step(1 / 60)
        assert heard(log)[-1] == f"Back to Whist at K7QM2X. Seat 2, as Bob: sitting down at {scene.address}. Cancel, button"
        run_until(app, lambda: scene.problem is not None, play=False)
        app.step(1 / 60)
        assert heard(log)[-1] == ("Back to Whist at K7QM2X. Whist at K7QM2X is no longer there: its game has "
                                  "ended, or its table was closed. Back, button")
        pygame.quit()


def test_a_reflex_table_s_history_says_its_lines_and_that_the_game_waits(app: App, log: Path) -> None:
    scene = table(app, "ratscrew", seed=3)
    step_until(app, lambda: any(" flips " in line for line in heard(log)), frames=2000)
    press(app, pygame.K_l, "l")
    app.step(1 / 60)
    line = heard(log)[-1]
    assert app.scenes.top is not scene
    assert re.fullmatch(r"History, the last( \d+)? lines?: .+ flips .+ Game stopped while you read: L to go on\.", line), line
