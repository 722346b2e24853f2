"""What a server sends is checked before a font sees it (issue 27, point 8): the table code a
welcome names must be of the servers' form (it is drawn, and kept in seats.json for the way
back; the client used to keep whatever it was sent), and names, chat and error lines lose
their control characters. A scripted server on 127.0.0.1 sends what no Parlour server would."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from websockets.asyncio.server import ServerConnection, serve

from app.core import kept_seats
from app.core.words.net_words import NOT_A_CODE, player_line
from app.net.client.remote import RemoteSession
from tests.net.server_thread import wait_for


class ScriptedServer:
    """Answers every hello with ``script`` (a list of messages), then waits."""

    def __init__(self, script: list[dict[str, Any]]) -> None:
        self.script, self.port = script, 0
        self.loop = asyncio.new_event_loop()
        self._stop: asyncio.Event | None = None
        ready = threading.Event()
        self.thread = threading.Thread(target=self.loop.run_until_complete, args=(self._run(ready),), daemon=True)
        self.thread.start()
        assert ready.wait(10)

    async def _run(self, ready: threading.Event) -> None:
        self._stop = asyncio.Event()
        async with serve(self._answer, "127.0.0.1", 0) as server:
            self.port = next(iter(server.sockets)).getsockname()[1]
            ready.set()
            await self._stop.wait()

    async def _answer(self, ws: ServerConnection) -> None:
        await ws.recv()
        for message in self.script:
            await ws.send(json.dumps(message))
        await asyncio.sleep(30)

    def stop(self) -> None:
        assert self._stop is not None
        self.loop.call_soon_threadsafe(self._stop.set)
        self.thread.join(10)


def welcome(code: Any) -> dict[str, Any]:
    return {"type": "welcome", "table": code, "seat": 0, "token": "scripted-token-0123456789", "game": "whist",
            "seats": 4, "options": {}}


@pytest.fixture
def scripted(request: pytest.FixtureRequest) -> Iterator[ScriptedServer]:
    server = ScriptedServer(request.param)
    yield server
    server.stop()


@pytest.mark.parametrize("scripted", [[welcome(code)] for code in ("K7\x00M2X", "k7qm2x", "../../etc", 42, None,
                                                                     "K7QM2X" * 100)],
                         indirect=True, ids=["a NUL", "small letters", "a path", "a number", "none", "too long"])
def test_a_welcome_naming_no_table_code_fails_plainly_and_keeps_nothing(scripted: ScriptedServer) -> None:
    session = RemoteSession.join(f"ws://127.0.0.1:{scripted.port}", "K7QM2X", "Bob")
    wait_for(lambda: session.status == "failed", poll=session.poll)
    assert session.failure == NOT_A_CODE and session.code is None
    assert player_line(session.failure, "127.0.0.1").isprintable()
    assert kept_seats.kept() == []


@pytest.mark.parametrize("scripted", [[welcome("K7QM2X"),
                                       {"type": "chat", "from": "A\x00nn\x1b[2J", "seat": 1, "text": "hi\x00\n there"},
                                       {"type": "error", "message": "no\x00 such\x07 move"}]], indirect=True)
def test_names_chat_and_errors_lose_their_control_characters(scripted: ScriptedServer) -> None:
    session = RemoteSession.join(f"ws://127.0.0.1:{scripted.port}", "K7QM2X", "Bob")
    errors: list[Any] = []

    def heard() -> bool:
        errors.extend(session.take_errors())
        return bool(session.chat) and bool(errors)

    wait_for(heard, poll=session.poll)
    line = session.chat[0]
    assert (line.name, line.text) == ("A nn [2J", "hi there")
    assert [str(e) for e in errors] == ["no such move"]
    session.leave()
