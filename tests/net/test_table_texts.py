"""The server writes each moment's table messages straight to text, sharing what the seats
have in common (``protocol.TableTexts``); every seat must still get exactly the text that
``dump(table_message(...))`` gives, byte for byte, in every turn game from deal to replay."""

from __future__ import annotations

import enum
import json
import random

import pytest

from app.net.wire.protocol import dump, encode_replay, table_message
from app.core.deal_proof import commit
from app.net.server.table_texts import TableTexts
from app.net.wire.values import ValueError_, decode_value, encode_value, value_text
from games.core.cards import Card, Suit
from games.registry import GAMES

# The tables a server plays by turns.
TURN_GAMES = [g for g, spec in GAMES.items() if spec.networked and not spec.realtime]


def _moment(state: object, game: str, events: list, players: list, replay: dict | None) -> dict:
    over = state.is_over()  # type: ignore[attr-defined]
    return dict(table="ABC234", game=game, status="over" if over else "playing", count=7,
                to_act=[] if over else state.to_act(), players=players,  # type: ignore[attr-defined]
                outcome=state.outcome() if over else None, replay=replay,  # type: ignore[attr-defined]
                deal=commit(7, "ab" * 16))


@pytest.mark.parametrize("game", TURN_GAMES)
def test_every_seat_gets_the_same_text_as_its_message_dumped(game: str) -> None:
    spec = GAMES[game]
    for seed in (1, 2):
        state = spec.new_game(spec.make_options(), seed)
        rng = random.Random(seed)
        events = list(state.opening)
        players = [{"name": f"Ann \u00e9{i}", "kind": "remote", "taken": True, "connected": i != 1}
                   for i in range(state.seats)]
        actions: list = []
        while True:
            replay = encode_replay(game, [{"human": True, "difficulty": "easy"}] * state.seats, {}, seed,
                                   actions, "ab" * 16, state.outcome()) if state.is_over() else None
            moment = _moment(state, game, events, players, replay)
            texts = TableTexts(**moment)
            for seat in [*range(state.seats), None]:      # None: a watcher
                view = state.view(seat)
                expected = dump(table_message(seat=seat, view=view, events=events, **moment))
                assert texts.text(seat, view, events) == expected
            if state.is_over():
                break
            action = spec.bots["easy"](state.view(state.to_act()[0]), rng)
            actions.append(action)
            events = state.apply(action)


class Colour(enum.IntEnum):
    RED = 1


@pytest.mark.parametrize("value", [
    {2: "zwei", "s": {Card.parse("QH"), Card.parse("2C")}}, [1.5, -0.0, True, None, "tab\t\u00e9\u2603"],
    (Suit.HEARTS, Colour.RED, frozenset()), {(1, 2): [Card.parse("JK")]}, 10**30,
])
def test_a_value_is_written_as_its_encoded_data_dumped(value: object) -> None:
    assert value_text(value) == json.dumps(encode_value(value), separators=(",", ":"))


def test_what_cannot_be_sent_is_refused_as_before() -> None:
    for bad in (float("nan"), [float("inf")], object()):
        with pytest.raises(ValueError_):
            value_text(bad)


def test_cards_read_back_however_they_are_spelled_and_a_bad_one_is_refused() -> None:
    for _ in range(2):         # the second time from the reader's memory of cards
        assert decode_value({"$u": [{"$c": "QH"}, {"$c": "10h"}, {"$c": "JK"}]}, "whist") == (
            Card.parse("QH"), Card.parse("TH"), Card.parse("JK"))
        for bad in ("ZZ", 7, None):
            with pytest.raises(ValueError_, match="not a card"):
                decode_value({"$c": bad}, "whist")
