"""Ratscrew, Nails and Spoons across machines, in the window, headless: a real server on 127.0.0.1
(its own thread; its reflex games sped up), the table's session a
``RemoteRealtimeSession``, and a headless ``ReflexClient`` (a computer player on its own
connection, as a friend's machine would be) in the other seat. The player's keys are real
pygame key events, posted when the game's own bot would press them, and the game is played
to the results. F3 shows each player's round trip and clock error."""

from __future__ import annotations

import asyncio
import threading
import time
from random import Random
from typing import Any, Callable, Iterator

import pygame
import pytest

from app.net.client.client import ClientFailure
from app.net.client.reflex_client import ReflexClient
from app.net.client.remote_realtime import RemoteRealtimeSession
from app.window.scenes.results import ResultsScene
from app.window.shell import App
from app.window.tables import table_for
from games.ratscrew import rules as rs
from games.registry import GAMES
from tests.app.ui_driver import FRAME, fast_app
from tests.net.server_thread import ServerThread, running, wait_for

SPEED = 8.0         # game time per ms of the server's clock (a whole game in seconds)
GAME_S = 180.0      # the bound on each step (a whole game on a loaded machine)


@pytest.fixture
def app() -> Iterator[App]:
    yield from fast_app()


@pytest.fixture
def server() -> Iterator[ServerThread]:
    yield from running(reflex_speed=SPEED)


def friend(server: ServerThread, code: str) -> ReflexClient:
    """A computer player at another 'machine': a headless reflex client taking the free seat."""
    client = ReflexClient(server.url, {"code": code}, "normal", name="Bob", seed=3, timeout_s=4 * GAME_S)
    threading.Thread(target=_play_quietly, args=(client,), daemon=True).start()
    return client


def _play_quietly(client: ReflexClient) -> None:
    """Run the friend's client; once the test is over its server stops under it, and the
    client's "lost the server" is the expected end, not an error to report."""
    try:
        asyncio.run(client.run())
    except ClientFailure:
        pass


class Player:
    """The person at the keys: presses what the hard computer player would, when it would."""

    def __init__(self, app: App, table: Any) -> None:
        self.app, self.table = app, table
        self.bot = GAMES[table.session.spec.id].bots["hard"]
        self.rng = Random(5)
        self.seen: Any = None
        self.plans: list[Any] = []
        self.slaps = 0
        self.asked = 0.0
        self.pressed: list[str] = []     # the kinds of press made

    def key(self, index: int) -> int:
        seat = self.table.session.seat
        return next(code for code, hit in self.table.keys.keys.items() if hit == (seat, index))

    def act(self) -> None:
        table, session = self.table, self.table.session
        now = session.game_now()
        if not table.playing or now is None:
            return
        stale = not self.plans and time.monotonic() - self.asked > 0.5   # (a press lost to a pause: again)
        if table.view is not self.seen or stale:
            self.seen, self.asked = table.view, time.monotonic()
            self.plans = sorted(self.bot(table.view, int(now), self.rng), key=lambda a: a.at_ms)
        while self.plans and self.plans[0].at_ms <= now:
            plan = self.plans.pop(0)
            index = self.index(plan)
            if index is None:
                continue
            self.slaps += isinstance(plan, rs.Slap)
            self.pressed.append(type(plan).__name__)
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=self.key(index), mod=0, unicode="", scancode=0))

    def index(self, plan: Any) -> int | None:
        """The key (first or second) whose press is this plan (or one of its kind: Spoons'
        pass key passes the card the table chooses)."""
        made = [self.table.key_action(plan.seat, i, plan.at_ms) for i in (0, 1)]
        exact = [i for i, action in enumerate(made) if action == plan]
        kind = [i for i, action in enumerate(made) if type(action) is type(plan)]
        found = exact or kind
        return found[0] if found else None


def run_until(app: App, condition: Callable[[], bool], player: Player | None = None, what: str = "") -> None:
    deadline = time.monotonic() + GAME_S
    while not condition():
        top: Any = app.scenes.top
        session = getattr(top, "session", None)
        assert time.monotonic() < deadline, \
            f"the table never got there ({what}): {type(top).__name__}, {getattr(session, 'status', '')}, " \
            f"paused {getattr(session, 'paused', '')!r}, playing {getattr(top, 'playing', '')}"
        if player is not None and app.scenes.top is player.table:
            player.act()
        app.step(FRAME)
        time.sleep(0.002)


def open_table(app: App, server: ServerThread, seed: int, game: str = "ratscrew",
               seats: int = 2) -> tuple[RemoteRealtimeSession, ReflexClient]:
    create = {"game": game, "seats": seats, "remote": 1, "difficulty": "normal", "seed": seed, "options": {}}
    session = RemoteRealtimeSession.host(server.url, create, "Ann")
    wait_for(lambda: session.code is not None, poll=session.poll)
    client = friend(server, session.code or "")
    wait_for(lambda: session.status == "playing", poll=session.poll)
    app.start(table_for(game)(app, session))
    return session, client


@pytest.mark.slow
@pytest.mark.parametrize("game, seats, speed, races", [("ratscrew", 2, 8.0, "Slap"), ("nails", 2, 8.0, "Call")])
def test_a_networked_reflex_game_plays_to_the_results(app: App, server: ServerThread, game: str, seats: int,
                                                      speed: float, races: str) -> None:
    server.server.reflex_speed = speed
    session, client = open_table(app, server, seed=2, game=game, seats=seats)
    table: Any = app.scenes.top
    assert table.net is not None and table.people[1] == "Bob" and table._name(0) == "You"
    player = Player(app, table)
    run_until(app, lambda: table.playing, player)
    assert session.clock_link.estimate is not None, "the clock was synced before play"
    run_until(app, lambda: isinstance(app.scenes.top, ResultsScene), player, "the results")
    results: Any = app.scenes.top
    served = server.table(session.code or "").core
    assert served.state.is_over() and results.outcome == served.state.outcome()
    assert races in player.pressed, f"the player pressed {races}"
    # (a race press of theirs may always lose on a loaded machine: frames are slow at this speed)
    assert any(a.seat == 0 for a in served.actions), "the player's presses reached the server"
    assert results.session.state == served.state, "the results are the server's game, replayed here"
    wait_for(lambda: client.outcome is not None)
    session.leave()


def test_a_slap_shows_the_hand_at_once_and_f3_shows_the_figures(app: App, server: ServerThread) -> None:
    session, _ = open_table(app, server, seed=3)
    table: Any = app.scenes.top
    run_until(app, lambda: table.playing and bool(session.server_figures))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=Player(app, table).key(1), mod=0, unicode="", scancode=0))
    app.step(FRAME)
    assert [h.seat for h in table.hands] == [0], "the hand went down before the server answered"
    assert not table.net.show_figures
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F3, mod=0, unicode="", scancode=0))
    app.step(FRAME)
    rows = table.net.figure_rows()
    assert table.net.show_figures
    assert rows[0].startswith("Ann: ") and " ms · ±" in rows[0], rows
    assert rows[1].startswith("Bob: ") and " ms · ±" in rows[1], rows
    pygame.image.save(app.screen, "/tmp/parlour_f3_overlay.png")
    session.leave()


def ann_and_bob_at_ratscrew(app: App, hosted: ServerThread) -> tuple[RemoteRealtimeSession, RemoteRealtimeSession, Any]:
    """Ann hosts a two-seat Ratscrew in this window, Bob joins from another 'machine' (a
    session with no window): Ann's session, Bob's, and Ann's table once the game is on."""
    create = {"game": "ratscrew", "seats": 2, "remote": 1, "difficulty": "normal", "seed": 4, "options": {}}
    session = RemoteRealtimeSession.host(hosted.url, create, "Ann")
    wait_for(lambda: session.code is not None, poll=session.poll)
    bob = RemoteRealtimeSession.join(hosted.url, session.code or "", "Bob")
    wait_for(lambda: session.status == "playing", poll=session.poll)
    app.start(table_for("ratscrew")(app, session))
    return session, bob, app.scenes.top


def test_a_drop_pauses_the_game_then_a_computer_holds_the_seat(app: App) -> None:
    hosted = ServerThread(grace_s=1.5, reflex_speed=SPEED)
    try:
        session, bob, table = ann_and_bob_at_ratscrew(app, hosted)
        player = Player(app, table)
        run_until(app, lambda: table.playing, player)
        bob._link.close(wait_s=0.5)     # his connection ends without a word (not a "leave": his computer went)
        run_until(app, lambda: session.paused is not None, player, "paused")
        title, grace = table.net.pause_lines()    # the server's grace (1.5 s), counted down
        assert title == "Bob is reconnecting" and grace in [f"{n} s, then a computer holds the seat" for n in (0, 1, 2)]
        assert not table.playing, "no presses while paused"
        pygame.image.save(app.screen, "/tmp/parlour_paused.png")
        played = len(hosted.table(session.code or "").core.actions)
        run_until(app, lambda: session.paused is None and table.playing, player, "resumed")
        run_until(app, lambda: len(hosted.table(session.code or "").core.actions) > played + 3, player, "played on")
        session.leave()
    finally:
        hosted.stop()


def test_two_players_at_one_keyboard_and_a_friend_on_another_machine(app: App, server: ServerThread) -> None:
    from app.net.client.remote_realtime import hosting_session

    plan = [{"kind": "host"}, {"kind": "remote"}, {"kind": "remote"}]
    create = {"game": "ratscrew", "plan": plan, "seats": 3, "remote": 2, "seed": 6, "options": {},
              "here": [[2, "Cleo"]]}
    session: Any = hosting_session(server.url, create, "Ann")
    wait_for(lambda: session.code is not None, poll=session.poll)
    friend(server, session.code or "")
    wait_for(lambda: session.status == "playing" and session.humans == [0, 2], poll=session.poll)
    app.start(table_for("ratscrew")(app, session))
    table: Any = app.scenes.top
    assert table.people == ["Ann", "Bob", "Cleo"] and session.state.view(2).seat == 2
    assert table.keys.labels(0) != table.keys.labels(2) and table.keys.labels(2) is not None
    run_until(app, lambda: table.playing)
    cleo_slap = next(code for code, hit in table.keys.keys.items() if hit == (2, 1))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=cleo_slap, mod=0, unicode="", scancode=0))
    app.step(FRAME)
    assert [h.seat for h in table.hands] == [2], "Cleo's hand went down at once"
    served = lambda: server.table(session.code or "").core.actions   # noqa: E731
    run_until(app, lambda: any(isinstance(a, rs.Slap) and a.seat == 2 for a in served()))
    session.leave()


def test_the_host_setup_offers_a_player_here_at_a_reflex_game_only(app: App) -> None:
    from app.window.scenes.host_setup import HostSetupScene

    scene = HostSetupScene(app, GAMES["ratscrew"])
    scene._seat_changer(1)(-1)            # Remote player -> Player here
    assert scene._seat_label(1) == "Player here (Player 2)"
    create = scene.create()
    assert create["plan"][1]["kind"] == "remote" and create["here"] == [[1, "Player 2"]]
    whist = HostSetupScene(app, GAMES["whist"])
    assert all(kind != "here" for kind, _ in whist._choices(1))
    app.start(scene)
    app.step(FRAME)
    pygame.image.save(app.screen, "/tmp/parlour_host_here.png")


@pytest.mark.slow
def test_a_networked_spoons_round_is_played_to_its_grab(app: App, server: ServerThread) -> None:
    """(A whole game of Spoons is a thousand and more presses: one round here.)"""
    server.server.reflex_speed = 8.0
    session, _ = open_table(app, server, seed=2, game="spoons", seats=3)
    table: Any = app.scenes.top
    player = Player(app, table)
    served = lambda: server.table(session.code or "").core.actions   # noqa: E731
    run_until(app, lambda: any(type(a).__name__ == "Grab" for a in served()), player, "a grab")
    assert any(type(a).__name__ == "Pass" and a.seat == 0 for a in served()), "the player's passes reached the server"
    assert any(type(a).__name__ == "Take" and a.seat == 0 for a in served()), "and their takes"
    session.leave()


def test_a_quick_take_then_pass_in_spoons_waits_for_the_hand_it_changes(app: App, server: ServerThread) -> None:
    """Two presses of the take / pass key in one frame: at home the second passes the card
    the first took. Here the hand shown is the server's answer, so the second waits for it
    (read from the old hand it would be another take, refused)."""
    server.server.reflex_speed = 1.0
    session, _ = open_table(app, server, seed=4, game="spoons", seats=3)
    table: Any = app.scenes.top
    served = lambda: server.table(session.code or "").core.actions   # noqa: E731

    def may_take() -> bool:
        view = session.state.view(0)
        waiting = view.stock > 0 if view.dealer == 0 else view.queues[0] > 0
        return table.playing and not view.between and len(view.hand) == 4 and waiting

    run_until(app, may_take, what="a card for the player to take")
    said: list[str] = []
    say = table.say

    def saying(text: str, *rest: Any) -> None:
        said.append(text)
        say(text, *rest)

    table.say = saying
    before = len(served())
    take_pass = Player(app, table).key(0)
    for _ in range(2):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=take_pass, mod=0, unicode="", scancode=0))
    mine = lambda: [type(a).__name__ for a in served()[before:] if a.seat == 0]   # noqa: E731
    run_until(app, lambda: len(mine()) >= 2 or bool(said), what="both presses answered")
    assert mine()[:2] == ["Take", "Pass"], (mine(), said)
    assert not said, said
    session.leave()


def test_a_call_that_lost_the_race_is_answered_by_the_verdict_not_by_a_refusal(app: App, server: ServerThread) -> None:
    """In Nails the second call of a race is refused by the rules just before the verdict
    comes: the player sees "Bob by 35 ms", not "Not allowed" as well. A refusal with no
    verdict after it is still said."""
    from app.net.client.remote_realtime import Verdict
    from app.window.scenes.realtime_net import REFUSAL_WAIT_MS
    from app.net.client.clock_link import local_ms

    session, _ = open_table(app, server, seed=3, game="nails")
    table: Any = app.scenes.top
    run_until(app, lambda: table.playing)
    said: list[str] = []
    verdicts: list[tuple[int, int, int]] = []
    say = table.say

    def saying(text: str, *rest: Any) -> None:
        said.append(text)
        say(text, *rest)

    table.say = saying
    table.verdict = lambda *race: verdicts.append(race)
    refusal = "not allowed: wait for the next two cards to turn up"
    session._errors.append(refusal)       # (as the link delivers them: the refusal, then the verdict)
    app.step(FRAME)
    session._verdicts.append(Verdict(1, 0, 35.0))
    until = local_ms() + 2 * REFUSAL_WAIT_MS
    run_until(app, lambda: local_ms() > until)
    assert verdicts == [(1, 0, 35)] and not [s for s in said if s.startswith("Not allowed")], said
    session._errors.append(refusal)
    run_until(app, lambda: bool(said), what="the refusal said")
    assert said == ["Not allowed: wait for the next two cards to turn up"]
    session.leave()
