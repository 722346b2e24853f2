"""No peer is ever awaited on a table's path (issue 26, point 2), over real sockets on
127.0.0.1: a watcher that floods pings and a watcher that never reads (nor answers a close)
sit at a table while two players play a whole game. Each is cut once it floods or falls
a queue's worth behind, and the table goes on all along: the host is told of a move
every few milliseconds, and never waits anywhere near the 10 s a close handshake may
take (on the main of before, a flooder's close held every move of the table that long)."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from app.net.client.client import BotClient
from app.net.server.limits import Limits
from app.net.server.server import Server
from tests.net.raw_peer import RawPeer
from tests.net.tables import with_server

WAIT_S = 60
# Far below the 10 s close timeout a flood's close used to wait inside the table's
# broadcast, and far above a round trip on a loaded machine.
LONGEST_SILENCE_S = 4.0


def test_a_flooding_watcher_and_one_that_never_reads_do_not_hold_up_the_table() -> None:
    async def job(server: Server, url: str) -> dict[str, Any]:
        port = int(url.rsplit(":", 1)[1])
        welcomed: asyncio.Future[str] = asyncio.get_running_loop().create_future()
        create = {"game": "whist", "seats": 4, "remote": 1, "difficulty": "easy", "seed": 3}
        told: list[float] = []       # when the host heard of the table, while it was played
        host = BotClient(url, {"create": create}, "easy", name="Ann", seed=1, timeout_s=WAIT_S,
                         on_welcome=lambda m: welcomed.set_result(m["table"]),
                         on_table=lambda state: told.append(time.perf_counter()) if state.status != "waiting" else None)
        host_task = asyncio.create_task(host.run())
        code = await asyncio.wait_for(welcomed, WAIT_S)
        table = server.tables[code]
        deaf = await RawPeer.open(port)
        await deaf.send({"type": "hello", "v": 1, "name": "Deaf", "code": code, "watch": True})
        flood = await RawPeer.open(port)
        await flood.send({"type": "hello", "v": 1, "name": "Flood", "code": code, "watch": True})
        while len(table.conns) < 3:
            await asyncio.sleep(0.01)
        watchers = {c for c in table.conns if c.seat is None}
        guest = BotClient(url, {"code": code}, "easy", name="Bob", seed=2, timeout_s=WAIT_S)
        guest_task = asyncio.create_task(guest.run())
        while len(table.core.actions) < 40:      # the game well under way
            await asyncio.sleep(0.01)
        for _ in range(400):          # 30 a second, 60 at once: the rest are refused, then it is cut
            await flood.send({"type": "ping", "t": 0})
        await asyncio.gather(host_task, guest_task)
        left = watchers & table.conns
        deaf.close()
        flood.close()
        return {"clients": [host, guest], "left": left, "table": table,
                "silence": max(b - a for a, b in zip(told, told[1:]))}

    played = asyncio.run(with_server(job, limits=Limits(outbox_bytes=64 * 1024)))
    assert played["table"].status == "over"
    for client in played["clients"]:
        assert client.outcome is not None and not client.errors
    assert played["silence"] < LONGEST_SILENCE_S, f"the table stood still for {played['silence']:.1f} s"
    assert played["left"] == set(), "both watchers were cut"
