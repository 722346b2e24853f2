"""A friend who joins a reflex table brings the others at their keyboard: chosen on the Join
screen ("Players at this keyboard"), each sits at a free remote seat by the name kept for
them, with keys of their own; a table with too few free seats seats those who fit and says
who could not sit. Headless, a real server on 127.0.0.1 (its own thread), the host a
computer player on its own connection, the joiner's keys real pygame key events."""

from __future__ import annotations

import asyncio
import threading
import time
from collections import Counter
from random import Random
from typing import Any, Callable, Iterator

import pygame
import pytest

from app.net.client.client import ClientFailure
from app.net.client.reflex_client import ReflexClient
from app.window.scenes import join as join_scene
from app.window.scenes.join import JoinScene
from app.window.shell import App
from app.net.client.table_finder import TableFinder
from games.ratscrew import rules as rs
from games.registry import GAMES
from tests.app.ui_driver import FRAME, fast_app
from tests.net.server_thread import ServerThread, running, wait_for

SPEED = 8.0        # game time per ms of the server's clock
STEP_S = 120.0     # the bound on each step (a loaded machine)


@pytest.fixture
def app() -> Iterator[App]:
    yield from fast_app()


@pytest.fixture
def server() -> Iterator[ServerThread]:
    yield from running(reflex_speed=SPEED)


def host_elsewhere(server: ServerThread) -> ReflexClient:
    """Ann makes a 4-seat Ratscrew table from another 'machine' (a computer plays her seat):
    her seat, two for friends, and a computer."""
    plan = [{"kind": "host"}, {"kind": "remote"}, {"kind": "remote"}, {"kind": "bot", "difficulty": "normal"}]
    create = {"game": "ratscrew", "plan": plan, "seats": 4, "remote": 2, "seed": 11, "options": {}}
    client = ReflexClient(server.url, {"create": create}, "normal", name="Ann", seed=3, timeout_s=4 * STEP_S)
    threading.Thread(target=_play_quietly, args=(client,), daemon=True).start()
    wait_for(lambda: client.table is not None)
    return client


def _play_quietly(client: ReflexClient) -> None:
    try:
        asyncio.run(client.run())
    except ClientFailure:     # (the server stops under it when the test is over)
        pass


def key(code: int, unicode: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=unicode, scancode=0))


def run_until(app: App, condition: Callable[[], bool], what: str, each: Callable[[], None] | None = None) -> None:
    deadline = time.monotonic() + STEP_S
    while not condition():
        assert time.monotonic() < deadline, f"never: {what} ({type(app.scenes.top).__name__})"
        if each is not None:
            each()
        app.step(FRAME)
        time.sleep(0.002)


class Keyboard:
    """The people at the joiner's keys: each seat here presses what the hard computer
    player would in its place, when it would, on that seat's own keys."""

    def __init__(self, table: Any) -> None:
        self.table = table
        self.bot = GAMES["ratscrew"].bots["hard"]
        self.rng = Random(5)
        self.seen: dict[int, Any] = {}
        self.plans: dict[int, list[Any]] = {}

    def act(self) -> None:
        table, session = self.table, self.table.session
        now = session.game_now()
        if not table.playing or now is None:
            return
        for seat in session.humans:
            view = session.state.view(seat)
            if self.seen.get(seat) is not view:
                self.seen[seat] = view
                self.plans[seat] = sorted(self.bot(view, int(now), self.rng), key=lambda a: a.at_ms)
            plans = self.plans[seat]
            while plans and plans[0].at_ms <= now:
                plan = plans.pop(0)
                made = [table.key_action(seat, i, plan.at_ms) for i in (0, 1)]
                found = [i for i, a in enumerate(made) if type(a) is type(plan)]
                if found:
                    key(next(c for c, hit in table.keys.keys.items() if hit == (seat, found[0])))


def save(scene: Any, stem: str) -> None:
    """The scene drawn at 1280x800 and 800x560, saved for looking at (then as it was)."""
    for size in ((1280, 800), (800, 560)):
        surface = pygame.Surface(size)
        scene.resize(size)
        scene.draw(surface)
        pygame.image.save(surface, f"{stem}_{size[0]}.png")
    scene.resize(scene.app.screen.get_size())


def test_a_joiner_brings_two_more_players_and_only_those_who_fit_sit(app: App, server: ServerThread,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(join_scene, "look_for_tables", lambda: TableFinder(lambda seconds: []).start())
    app.settings.player_name, app.settings.other_players = "Cleo", ["Mia", "Bo"]
    host = host_elsewhere(server)
    code = host.table or ""
    join = JoinScene(app, server.url.removeprefix("ws://"), code)
    app.start(join)
    key(pygame.K_TAB)                     # code -> players at this keyboard
    key(pygame.K_3, "3")
    app.step(FRAME)
    assert join.here == 3 and join.others() == ["Mia", "Bo"]
    save(join, "/tmp/parlour_join_here")
    key(pygame.K_RETURN)
    # Ann and two friend seats: Cleo and Mia fit, Bo does not (one line says so).
    run_until(app, lambda: getattr(app.scenes.top, "name", "") not in ("join", "lobby"), "the table opened")
    table: Any = app.scenes.top
    session = table.session
    run_until(app, lambda: len(session.humans) == 2, "Mia seated")
    served = server.table(code)
    assert [s.name for s in served.seats[:3]] == ["Ann", "Cleo", "Mia"] and served.seats[3].kind == "bot"
    assert table.people[:3] == ["Ann", "Cleo", "Mia"] and session.humans == [1, 2]
    assert session.seating_note == "This table had room for 1 more: Bo cannot sit"
    # Each seat here has keys of its own (the hot-seat tables' first and second sets).
    assert table.keys.labels(1) != table.keys.labels(2) and table.keys.labels(2) is not None
    run_until(app, lambda: table.playing, "play began")
    mia_slap = next(c for c, hit in table.keys.keys.items() if hit == (2, 1))
    key(mia_slap)
    app.step(FRAME)
    assert [h.seat for h in table.hands] == [2], "Mia's hand went down, nobody else's"
    run_until(app, lambda: any(isinstance(a, rs.Slap) and a.seat == 2 for a in served.core.actions), "Mia's slap")
    # Played on: every seat here plays its cards from its own keys.
    keyboard = Keyboard(table)
    by_seat = lambda: Counter(a.seat for a in served.core.actions if isinstance(a, rs.Flip))   # noqa: E731
    run_until(app, lambda: by_seat()[1] >= 3 and by_seat()[2] >= 3 or served.core.state.is_over(),
              "Cleo and Mia played on", keyboard.act)
    if not served.core.state.is_over():
        assert min(by_seat()[1], by_seat()[2]) >= 3
    save(table, "/tmp/parlour_join_table")
    session.leave()


def test_at_a_turn_table_the_others_here_do_not_sit_and_the_lobby_says_so(app: App, server: ServerThread) -> None:
    from app.net.client.remote_realtime import RemoteRealtimeSession

    create = {"game": "whist", "seats": 4, "remote": 2, "difficulty": "normal", "seed": 2, "options": {}}
    host = RemoteRealtimeSession.host(server.url, create, "Ann")
    wait_for(lambda: host.code is not None, poll=host.poll)
    joiner = RemoteRealtimeSession.join(server.url, host.code or "", "Cleo", others=["Mia"])
    wait_for(lambda: joiner.seating_note is not None, poll=joiner.poll)
    assert joiner.seating_note == "Whist takes one player per computer: Mia cannot sit here from this keyboard"
    assert [p.name for p in joiner.players if p.taken and p.kind != "bot"] == ["Ann", "Cleo"]
    from app.window.scenes.lobby import LobbyScene

    lobby = LobbyScene(app, joiner, server.url)
    app.start(lobby)
    app.step(FRAME)
    save(lobby, "/tmp/parlour_join_lobby")
    joiner.leave()
    host.leave()


def test_parlour_join_names_brings_the_others_here(monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """``parlour join ADDRESS CODE --names Ann,Bob``: Ann joins, Bob sits at this keyboard
    too; more than three, a name twice or --names with --watch is one line and exit 2."""
    from app.cli.main import main
    from app.cli import online_window

    opened: list[tuple[str, list[str]]] = []

    def join(address: str, code: str, name: str, watch: bool, others: Any = ()) -> int:
        opened.append((name, list(others)))
        return 0

    monkeypatch.setattr(online_window, "join", join)
    assert main(["join", "127.0.0.1:1", "ABCDEF", "--names", "Ann, Bob"]) == 0
    assert opened == [("Ann", ["Bob"])]
    for wrong, said in ((["--names", "A,B,C,D"], "at most 3 people"), (["--names", "Ann,ann"], "given twice"),
                        (["--names", "Ann,Bob", "--watch"], "it is for the window")):
        with pytest.raises(SystemExit) as ended:
            main(["join", "127.0.0.1:1", "ABCDEF", *wrong])
        assert ended.value.code == 2 and said in capsys.readouterr().err
