"""The window at a networked table whose seat sits down somewhere else (the same seat token
on another connection: a second window, another machine): the table says so ("Disconnected:
you sat down somewhere else"), the link does not come back to fight for the seat, and the
seat is still kept for Back to your table (the token is in use, not void)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from websockets.asyncio.client import connect

from app.core import kept_seats
from app.net.wire import protocol
from app.window.shell import App
from tests.app.test_ui_remote import app, open_table, run_until, server  # noqa: F401 (app, server: fixtures)
from tests.net.server_thread import ServerThread


async def _sit_down_elsewhere(url: str, token: str) -> dict[str, Any]:
    async with connect(url, open_timeout=5) as ws:
        await ws.send(protocol.dump({"type": "hello", "v": protocol.VERSION, "name": "Ann", "token": token}))
        return dict(json.loads(await asyncio.wait_for(ws.recv(), 10)))


def test_the_table_says_you_sat_down_somewhere_else(app: App, server: ServerThread) -> None:
    session = open_table(app, server, seed=24)
    table: Any = app.scenes.top
    run_until(app, lambda: table.idle, play=False)
    token = session._link.token
    assert token is not None
    welcome = asyncio.run(_sit_down_elsewhere(server.url, token))
    assert welcome["type"] == "welcome" and welcome["seat"] == 0
    run_until(app, lambda: session.status == "failed", play=False)
    assert table.link_line() == "Disconnected: you sat down somewhere else"
    assert not session._link.running, "the link would have come back for the seat"
    assert any(seat.code == session.code for seat in kept_seats.kept())
