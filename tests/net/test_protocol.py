"""The wire protocol refuses bad messages with a clear line, and views and events of every
turn game cross the wire and come back equal."""

from __future__ import annotations

import json
import random

import pytest

from app.net.wire.protocol import (MAX_BYTES, ActionMsg, Chat, Hello, ProtocolError, clean_text,
                              parse_client, read_action)
from app.net.wire.values import decode_value, encode_value
from games.core.protocol import redacted
from games.registry import GAMES

# The tables a server plays by turns.
TURN_GAMES = [g for g, spec in GAMES.items() if spec.networked and not spec.realtime]


@pytest.mark.parametrize("raw, says", [
    ("{not json", "not JSON"),
    (b"\xff\xfe", "not JSON"),
    ("[1, 2]", "not a JSON object"),
    ('{"type": "dance"}', "unknown message type 'dance'"),
    ('{"type": 5}', "unknown message type 5"),
    ('{"type": "hello", "v": 2, "name": "A", "code": "ABCDEF"}', "version 1, not 2"),
    ('{"type": "hello", "name": "A", "code": "ABCDEF"}', "version 1, not None"),
    ('{"type": "hello", "v": 1, "name": "A"}', "exactly one of"),
    ('{"type": "hello", "v": 1, "name": 3, "code": "ABCDEF"}', "hello.name should be text"),
    ('{"type": "hello", "v": 1, "name": "A", "code": "X", "evil": 1}', "no field 'evil'"),
    ('{"type": "hello", "v": 1, "name": "A", "create": {"game": "whist", "seats": 99}}', "seats"),
    ('{"type": "action", "action": "PlayCard"}', "should be an object"),
    ('{"type": "chat", "text": "\\u0000\\u001b"}', "chat.text is empty"),
    ('{"type": "ping", "t": "soon"}', "ping.t should be a number"),
])
def test_bad_messages_are_refused_with_a_reason(raw: str | bytes, says: str) -> None:
    with pytest.raises(ProtocolError, match=says.replace("(", r"\(")):
        parse_client(raw)


def test_a_message_over_64_kib_is_refused_before_it_is_read() -> None:
    big = json.dumps({"type": "chat", "text": "x" * MAX_BYTES})
    with pytest.raises(ProtocolError, match="too long"):
        parse_client(big)


def test_chat_is_stripped_of_control_characters_and_capped() -> None:
    message = parse_client(json.dumps({"type": "chat", "text": "Well\x00 played\x1b[2J\n!" + "y" * 500}))
    assert isinstance(message, Chat)
    assert message.text.startswith("Well played [2J !")
    assert len(message.text) == 200 and message.text.isprintable()
    assert clean_text("a\tb\u202ec", 10) == "a b c"


def test_a_hello_reads_its_fields() -> None:
    hello = parse_client(json.dumps({"type": "hello", "v": 1, "name": " Ann ", "code": "abc234", "watch": True}))
    assert hello == Hello("Ann", code="ABC234", watch=True)


def test_an_action_for_another_seat_is_refused() -> None:
    data = {"type": "PlayCard", "seat": 2, "card": "QH"}
    assert read_action(ActionMsg(data), "whist", 2).seat == 2
    with pytest.raises(ProtocolError, match="another seat"):
        read_action(ActionMsg(data), "whist", 1)
    with pytest.raises(ProtocolError, match="cannot be read"):
        read_action(ActionMsg({"type": "PlayCard", "seat": 1, "card": "ZZ"}), "whist", 1)


@pytest.mark.parametrize("game", TURN_GAMES)
def test_views_and_events_cross_the_wire_unchanged(game: str) -> None:
    spec = GAMES[game]
    state = spec.new_game(spec.make_options(), 11)
    rng = random.Random(3)
    events = list(state.opening)
    for _ in range(60):
        for seat in range(state.seats):
            view = state.view(seat)
            assert decode_value(json.loads(json.dumps(encode_value(view))), game) == view
            for event in redacted(events, seat):      # and an event still reads the same
                back = decode_value(json.loads(json.dumps(encode_value(event))), game)
                assert back == event and str(back) == str(event)
        if state.is_over():
            break
        seat = state.to_act()[0]
        events = state.apply(spec.bots["easy"](state.view(seat), rng))


def test_a_value_cannot_name_a_class_of_another_game_or_module() -> None:
    with pytest.raises(ValueError, match="not a class of whist"):
        decode_value({"$t": "os:system"}, "whist")
    with pytest.raises(ValueError, match="not a class of whist"):
        decode_value({"$t": "games.nap.rules:NapView"}, "whist")
