"""``RemoteSession``, the window's side of a networked table, over real sockets on 127.0.0.1:
a server on its own thread, this test's thread polling the session as a table's frames do
and playing its seat from ``session.state`` alone, and headless bot clients or the server's
computers in the other seats."""

from __future__ import annotations

import time
from random import Random
from typing import Any, Callable, Iterator

import pytest

from app.net.client.remote import RemoteSession
from games.core.protocol import Action, Event, IllegalAction
from games.core.trick_events import CardPlayed, PlayCard
from tests.net.server_thread import ServerThread, running, wait_for

GAME_S = 120.0      # the bound on one whole game


@pytest.fixture
def server() -> Iterator[ServerThread]:
    yield from running()


def host(server: ServerThread, game: str, seats: int, remote: int, seed: int,
         options: dict[str, Any] | None = None, name: str = "Ann") -> RemoteSession:
    create = {"game": game, "seats": seats, "remote": remote, "difficulty": "easy", "seed": seed,
              "options": options or {}}
    session = RemoteSession.host(server.url, create, name)
    wait_for(lambda: session.status in ("waiting", "playing", "failed"), poll=session.poll)
    assert session.status != "failed", session.failure
    return session


def play(session: RemoteSession, choose: Callable[[list[Action]], Action] | None = None,
         until: Callable[[], bool] | None = None) -> list[Event]:
    """Poll ``session`` and play its seat with ``choose`` (a random legal move) until the game
    is over (or ``until``); the events it received."""
    pick = choose or Random(5).choice
    events: list[Event] = []
    deadline = time.monotonic() + GAME_S
    while time.monotonic() < deadline:
        session.poll()
        assert session.status != "failed", session.failure
        events += session.take_events()
        assert session.take_errors() == []
        if until is not None and until():
            return events
        if session.status in ("playing", "over"):
            state = session.state
            if state.is_over():
                return events
            if session.seat in state.to_act():
                session.apply(pick(state.legal_actions(session.seat)))
        time.sleep(0.002)
    raise AssertionError("the game did not finish in time")


@pytest.mark.slow
def test_a_whole_whist_game_with_a_remote_bot_and_the_servers_computers(server: ServerThread) -> None:
    session = host(server, "whist", 4, remote=1, seed=11, options={"target": 5})
    server.bot_client(session.code or "", "easy", "Bob")
    events = play(session)
    assert session.status == "over" and session.seat == 0
    assert [p.kind for p in session.players] == ["host", "remote", "bot", "bot"]
    names = session.setup.names or []
    assert names[:2] == ["Ann", "Bob"] and len(set(names)) == 4   # the computers named from the cast
    # Every seat's plays reached this seat; its own deal did too.
    assert {e.seat for e in events if isinstance(e, CardPlayed)} == {0, 1, 2, 3}
    assert type(events[0]).__name__ == "NewDeal"
    ended = session.finished()
    assert ended is not None and ended.kind == "local"
    table = server.table(session.code or "")
    assert ended.state.outcome() == table.core.state.outcome() == session.state.outcome()
    assert ended.actions == table.core.actions and ended.seed == 11
    assert ended.setup.names == names and ended.setup.options == {"target": 5}
    assert [p.human for p in ended.setup.seats] == [True, True, False, False]
    session.leave()


@pytest.mark.slow
def test_a_whole_ninety_nine_game_against_the_servers_computers(server: ServerThread) -> None:
    session = host(server, "ninety_nine", 3, remote=0, seed=3, options={"tokens": 1})
    events = play(session)
    assert events and session.status == "over"
    ended = session.finished()
    table = server.table(session.code or "")
    assert ended is not None and ended.state.outcome() == table.core.state.outcome()
    assert ended.actions == table.core.actions
    session.leave()


def test_an_illegal_action_is_explained_and_nothing_is_sent(server: ServerThread) -> None:
    session = host(server, "whist", 4, remote=0, seed=7)
    sent: list[dict[str, Any]] = []
    real_send = session._link.send

    def spy(message: dict[str, Any]) -> bool:
        sent.append(message)
        return real_send(message)

    session._link.send = spy  # type: ignore[method-assign]
    play(session, until=lambda: session.status == "playing" and 0 in session.state.to_act())
    legal = session.state.legal_actions(0)
    hand = session.state.view(0).hand
    wrong = [PlayCard(0, c) for c in hand if PlayCard(0, c) not in legal]
    for action, words in [(PlayCard(1, legal[0].card), "another seat"),
                          *[(a, "not allowed now") for a in wrong[:1]]]:
        with pytest.raises(IllegalAction, match=words):
            session.apply(action)
    assert [m for m in sent if m["type"] == "action"] == []
    count = len(server.table(session.code or "").core.actions)
    session.apply(legal[0])
    with pytest.raises(IllegalAction, match="not answered"):   # one move at a time
        session.apply(legal[-1])
    wait_for(lambda: len(server.table(session.code or "").core.actions) > count)
    assert len([m for m in sent if m["type"] == "action"]) == 1
    session.leave()


def test_a_dropped_connection_comes_back_by_itself_and_keeps_the_seat(server: ServerThread) -> None:
    session = host(server, "whist", 4, remote=0, seed=9, options={"target": 5})
    links: set[str] = set()
    turns = 0

    def choose(legal: list[Action]) -> Action:
        nonlocal turns
        turns += 1
        if turns == 3:      # mid-game, while this seat is to play
            assert server.drop(session.code or "", 0) == 1
        return legal[0]

    def watch_link() -> bool:
        links.add(session.link)
        return False

    play(session, choose, until=lambda: watch_link() or session.resyncs > 0)
    assert "reconnecting" in links or session.resyncs == 1
    assert session.seat == 0 and session.link == "connected"
    table = server.table(session.code or "")
    assert table.seats[0].name == "Ann"
    play(session, lambda legal: legal[0])
    assert session.status == "over" and session.resyncs == 1
    ended = session.finished()
    assert ended is not None and ended.state.outcome() == table.core.state.outcome()
    session.leave()


def test_a_watcher_sees_the_game_and_cannot_play(server: ServerThread) -> None:
    player = host(server, "whist", 4, remote=1, seed=4, options={"target": 5})
    watcher = RemoteSession.join(server.url, player.code or "", "Wes", watch=True)
    wait_for(lambda: watcher.status == "waiting", poll=watcher.poll)
    assert watcher.seat is None and watcher.humans == []
    server.bot_client(player.code or "", "easy", "Bob")
    wait_for(lambda: watcher.status == "playing", poll=watcher.poll)
    watcher.take_events()
    with pytest.raises(IllegalAction, match="watching"):
        watcher.apply(PlayCard(0, player.state.view(0).hand[0]))
    play(player)
    seen = play(watcher, until=lambda: watcher.status == "over")
    assert any(isinstance(e, CardPlayed) for e in seen)
    play(watcher, until=lambda: watcher.finished() is not None)
    assert watcher.finished().state.outcome() == player.finished().state.outcome()   # type: ignore[union-attr]
    player.leave()
    watcher.leave()


def test_a_wrong_code_fails_with_one_line(server: ServerThread) -> None:
    session = RemoteSession.join(server.url, "ZZZZZZ", "Ann")
    wait_for(lambda: session.status == "failed", poll=session.poll)
    assert session.failure == "the server refused: no table has the code 'ZZZZZZ'"


def test_play_again_deals_a_new_game_at_the_same_table(server: ServerThread) -> None:
    session = host(server, "ninety_nine", 3, remote=0, seed=3, options={"tokens": 1})
    play(session)
    first = session.finished()
    session.again()
    wait_for(lambda: session.game_number == 1, poll=session.poll)
    assert session.state.is_over(), "the game shown stays the last one until next_game()"
    assert session.next_game() and not session.state.is_over()
    assert session.opening, "the new deal's events open the new game"
    play(session)
    second = session.finished()
    assert first is not None and second is not None and second is not first
    assert second.actions == server.table(session.code or "").core.actions
    session.leave()


def test_chat_reaches_everyone_at_the_table_by_name(server: ServerThread) -> None:
    ann = host(server, "whist", 4, remote=1, seed=2)
    bob = RemoteSession.join(server.url, ann.code or "", "Bob")
    wait_for(lambda: bob.status == "playing", poll=bob.poll)
    bob.send_chat("  Good luck!  ")
    wait_for(lambda: bool(ann.chat), poll=ann.poll)
    assert [(c.name, c.seat, c.text) for c in ann.chat] == [("Bob", 1, "Good luck!")]
    ann.leave()
    bob.leave()


def test_a_host_planned_in_another_seat_sits_there_with_the_computers_levels(server: ServerThread) -> None:
    plan = [{"kind": "bot", "difficulty": "hard"}, {"kind": "bot"}, {"kind": "host"}]
    session = RemoteSession.host(server.url, {"game": "ninety_nine", "plan": plan, "difficulty": "easy",
                                              "seed": 5, "options": {"tokens": 1}}, "Ann")
    wait_for(lambda: session.status == "playing", poll=session.poll)
    assert session.seat == 2 and session.humans == [2]
    assert [(p.human, p.difficulty) for p in session.setup.seats] == [(False, "hard"), (False, "easy"), (True, "easy")]
    play(session)
    assert session.finished() is not None
    session.leave()


def test_a_joiner_learns_the_tables_options_and_the_computers_levels(server: ServerThread) -> None:
    ann = host(server, "whist", 4, remote=1, seed=2, options={"target": 5})
    bob = RemoteSession.join(server.url, ann.code or "", "Bob")
    wait_for(lambda: bob.status == "playing", poll=bob.poll)
    assert bob.options.target == 5 and bob.setup.options == {"target": 5}
    assert [p.difficulty for p in bob.setup.seats[2:]] == ["easy", "easy"]
    wait_for(lambda: ann.status == "playing", poll=ann.poll)
    assert bob.seat_note(2) is None and bob.setup.names == ann.setup.names
    ann.leave()
    bob.leave()


def test_a_closed_table_fails_its_guests_with_the_servers_line(server: ServerThread) -> None:
    ann = host(server, "whist", 4, remote=2, seed=2)
    bob = RemoteSession.join(server.url, ann.code or "", "Bob")
    wait_for(lambda: bob.status == "waiting", poll=bob.poll)
    ann.close_table()
    wait_for(lambda: bob.status == "failed", poll=bob.poll)
    assert bob.failure == "Ann closed the table"
    ann.leave()


class _QuietLink:
    """A link with nothing behind it: the test puts what the server would have sent."""

    def __init__(self) -> None:
        from queue import Queue

        self.inbox: Any = Queue()
        self.token: str | None = None

    def send(self, message: dict[str, Any]) -> bool:
        return True

    def close(self, wait_s: float = 2.0, last: dict[str, Any] | None = None) -> None:
        pass

    def silent(self) -> bool:
        return False


class _Offline(RemoteSession):
    def _make_link(self, url: str, hello: dict[str, Any]) -> Any:
        return _QuietLink()


def test_a_game_started_before_this_seat_was_welcomed_still_deals_its_first_hand() -> None:
    """The server counts a seat as taken before its welcome is sent, so a game that starts
    meanwhile (a second friend sat down at once, or the host pressed Start) reaches the new
    seat first. That first deal is kept and shown, as at every other seat (it used to be
    dropped: the table opened on the dealt hands with nothing dealt)."""
    from app.net.client.link import Note
    from app.net.wire.protocol import TableState
    from games.core.protocol import redacted
    from games.registry import GAMES

    spec = GAMES["ninety_nine"]
    state = spec.new_game(spec.make_options(), 5)
    dealt = redacted(state.opening, 1)
    players = [{"name": name, "kind": kind, "taken": True, "connected": True}
               for name, kind in (("Ann", "host"), ("Bob", "remote"), ("Cy", "remote"), ("", "bot"))]

    def table(events: list[Event]) -> TableState:
        return TableState("K7QM2X", spec.id, 1, "playing", 0, state.to_act(), state.view(1), events, players,
                          None, None)

    session = _Offline("ws://127.0.0.1:1", {"code": "K7QM2X"}, "Bob")
    welcome = {"type": "welcome", "table": "K7QM2X", "game": spec.id, "seat": 1, "seats": 4,
               "options": {o.key: o.default for o in spec.options}}
    for note in (Note("table", table(dealt)), Note("welcome", welcome), Note("table", table([]))):
        session._link.inbox.put(note)
    session.poll()
    assert session.status == "playing" and session.seat == 1
    assert [str(e) for e in session.opening] == [str(e) for e in dealt] and dealt
    assert session.state.view(1) == state.view(1)
    assert session.setup.names is not None and session.setup.names[:3] == ["Ann", "Bob", "Cy"]
