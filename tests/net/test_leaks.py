"""Nothing a seat may not know ever crosses its wire.

Seeded networked games of every turn game (real sockets on 127.0.0.1: a host bot client,
remote bot clients, a computer player on the server, a watcher), every message each client
received kept. Afterwards the game is replayed locally from the server's log, and for each
``table`` message, told after ``n`` actions: the view holds no card hidden from that seat
after ``n`` actions, and the events hold none hidden from it "at that moment", judged as
tests/test_redaction.py judges the rules core's own redaction (``check_events``). The events
on the wire are also exactly the rules core's events redacted for that seat.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from app.core.action_codec import decode_action
from app.net.wire.protocol import read_table
from games.core.protocol import redacted
from games.registry import GAMES
from tests.net.tables import Played, play_table, with_server
from tests.test_redaction import Deck, Leak, check_events

# The tables a server plays by turns.
TURN_GAMES = [g for g, spec in GAMES.items() if spec.networked and not spec.realtime]

SEEDS = (1, 2)


def seats_for(game: str, seed: int) -> int:
    spec = GAMES[game]
    return spec.min_seats + seed % (spec.max_seats - spec.min_seats + 1)


async def _games(game: str) -> list[tuple[Played, Any]]:
    async def job(server: Any, url: str) -> list[tuple[Played, Any]]:
        played = []
        for seed in SEEDS:
            seats = seats_for(game, seed)
            remote = max(0, seats - 2)          # one computer on the server when there is room
            result = await play_table(url, game, seats, remote, seed, ["easy", "normal"], watch=True)
            table = server.tables[result.clients[0].table]
            played.append((result, table))
        return played
    return await with_server(job)


def check_played(game: str, played: Played, table: Any) -> int:
    """Every table message of every client, against a local replay. Returns how many."""
    spec = GAMES[game]
    core = table.core
    state = spec.new_game(spec.make_options(seats=len(core.setup.seats), **core.setup.options), core.seed)
    deck = Deck(state)
    secrets = [deck.secrets(state)]          # after n actions, per viewer
    events = [list(state.opening)]
    actors: list[int | None] = [None]
    for action in core.actions:
        events.append(state.apply(action))
        actors.append(action.seat)
        secrets.append(deck.secrets(state))
    checked = 0
    for client, record in zip(played.clients, played.records):
        viewer = client.seat
        for raw in record:
            message = json.loads(raw)
            if message["type"] != "table":
                assert "$c" not in raw, f"a {message['type']} message carries a card"
                continue
            told = read_table(message)
            n = told.count
            where = f"{game} seed {core.seed}, {'the watcher' if viewer is None else f'P{viewer + 1}'}, after {n} actions"
            assert told.seat == viewer
            if told.status == "over":   # the replay shows everything, once nothing is hidden
                assert told.replay is not None and [decode_action(a, game) for a in told.replay["actions"]] == core.actions
            # Every client gets a view, the watcher too: the spectator's, view(None).
            assert told.view is not None, f"{where}: no view"
            leaked = deck.shown(told.view) & secrets[n][viewer]
            if leaked:
                raise Leak(f"{where}: the view shows {deck.say(leaked)}")
            assert told.view.seat == viewer, f"{where}: the view is for seat {told.view.seat}"
            if told.events:
                local = events[n]
                assert told.events == redacted(local, viewer), f"{where}: the wire's events differ"
                before = {viewer: secrets[n - 1][viewer]} if n > 0 else None
                check_events(game, told.events, actors[n], before, {viewer: secrets[n][viewer]}, deck, where)
            checked += 1
    return checked


@pytest.mark.slow
@pytest.mark.parametrize("game", TURN_GAMES)
def test_no_client_receives_a_card_its_seat_may_not_know(game: str) -> None:
    for played, table in asyncio.run(_games(game)):
        assert table.status == "over"
        messages = check_played(game, played, table)
        assert messages > len(table.core.actions), "every client heard of every action"


def test_the_check_catches_a_view_that_shows_another_hand() -> None:
    async def job(server: Any, url: str) -> tuple[Played, Any]:
        result = await play_table(url, "whist", 4, 2, 3, ["easy"])
        return result, server.tables[result.clients[0].table]

    played, table = asyncio.run(with_server(job))
    check_played("whist", played, table)
    # P2's record gets, once, the view P1 was sent after the same number of actions.
    hosts = {m["n"]: m["view"] for m in map(json.loads, played.records[0]) if m["type"] == "table"}
    for index, raw in enumerate(played.records[1]):
        message = json.loads(raw)
        if message["type"] == "table" and message["n"] == 5:
            played.records[1][index] = json.dumps({**message, "view": hosts[5]})
            break
    with pytest.raises(Leak, match="P2, after 5 actions: the view shows"):
        check_played("whist", played, table)


def test_the_check_catches_a_seats_view_sent_to_the_watcher() -> None:
    async def job(server: Any, url: str) -> tuple[Played, Any]:
        result = await play_table(url, "whist", 4, 1, 3, ["easy"], watch=True)
        return result, server.tables[result.clients[0].table]

    played, table = asyncio.run(with_server(job))
    check_played("whist", played, table)
    # The watcher (the last client) gets, once, the view P1 was sent after 5 actions.
    hosts = {m["n"]: m["view"] for m in map(json.loads, played.records[0]) if m["type"] == "table"}
    for index, raw in enumerate(played.records[-1]):
        message = json.loads(raw)
        if message["type"] == "table" and message["n"] == 5:
            played.records[-1][index] = json.dumps({**message, "view": hosts[5]})
            break
    with pytest.raises(Leak, match="the watcher, after 5 actions: the view shows"):
        check_played("whist", played, table)
