"""netbench's pauses: what a process's loop noted (collections, lags), and which kinds of
pause the slow round trips overlapped."""

from __future__ import annotations

import asyncio
import gc
import time

from app.cli.stalls import Stalls, causes


def test_a_collection_and_a_held_loop_are_noted() -> None:
    async def held() -> Stalls:
        stalls = Stalls()
        stalls.start()
        await asyncio.sleep(0.02)
        gc.collect()
        time.sleep(0.1)            # a callback that holds the loop
        await asyncio.sleep(0.02)
        stalls.stop()
        return stalls

    stalls = asyncio.run(held())
    summary = stalls.summary()
    assert summary["gen2_collections"]["n"] >= 1
    assert summary["loop_lags_over_10ms"]["n"] >= 1
    assert Stalls.from_data(stalls.data()).summary() == summary, "what the server writes reads back the same"


def test_each_slow_round_trip_is_counted_with_the_pauses_it_overlapped() -> None:
    server, clients = Stalls(), Stalls()
    server.collections[2] = [(10.00, 10.04)]        # a full collection, 40 ms
    clients.lags = [(20.00, 20.07)]                  # the clients' loop held 70 ms
    round_trips = [(9.99, 10.06),      # over the server's collection
                   (19.98, 20.08),     # over the clients' lag
                   (30.00, 30.09),     # slow, and nothing seen
                   (10.01, 10.02)]     # fast: not looked into
    assert causes(round_trips, server, clients) == {
        "slow": 3, "server's full collection": 1, "clients' loop lag": 1, "none seen": 1}
    assert causes(round_trips, None, clients)["none seen"] == 2, "a server that wrote no pauses"
