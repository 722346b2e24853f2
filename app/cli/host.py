"""``parlour host GAME``: make a table on a Parlour server (``--server``) or on one started
in this process, and print ``table CODE at wss://HOST:PORT`` and ``invite: parlour://…`` (the
line friends paste: app/net/wire/invitation.py) for the friends who will join. The server
started here serves TLS with the app's own certificate, as the window's Host does.

With ``--internet`` the router is asked to forward the port to friends beyond this network
(app/net/server/router.py): a line ``router: ...`` says what came of it, and the address
printed is the router's public one when it opened the port. It is asked only when the
player says so: opening a port on the home router is a change to their network, not a
side effect of hosting (friends on the same network need none).

With ``--bot LEVEL`` no window opens: a bot of that level plays the host's seat as a real
client (it waits for the remote seats to fill, then plays), and at the end one JSON line
says how it went. Without it the window opens on the table's lobby, then its table
(app/cli/online_window.py).
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from typing import Any, Coroutine

from app.net.client.client import fail_line
from app.cli.router_said import say_router
from app.net.client.dial import shown as dialled
from app.net.client.reflex_client import ReflexClient
from app.net.server.router import RouterPort
from app.net.wire.addresses import lan_address, normalise
from app.net.wire.invitation import for_url

GAME_S = 6 * 3600.0
"""How long a headless seat plays at most (``--bot``): a game with people in it, waited for
and played at their pace (a Spoons game, a Whist game), takes far longer than the client's
ten minutes for bots alone; Ctrl+C ends it sooner."""


def run(game: str, server: str | None, seats: int, remote: int, difficulty: str, seed: int | None,
        name: str, bot: str | None, listen: str, data: Path | None, options: dict[str, Any] | None = None,
        internet: bool = False) -> int:
    create: dict[str, Any] = {"game": game, "seats": seats, "remote": remote, "difficulty": difficulty,
                              "options": dict(options or {})}
    if seed is not None:
        create["seed"] = seed
    if bot is None:
        from app.cli import online_window   # (imports pygame: only when a window opens)

        return online_window.host(game, server, create, name, listen, internet)
    return run_client("host", _host(create, server, name, bot, listen, data, seed or 0, internet))


def run_client(command: str, job: Coroutine[Any, Any, dict[str, Any]]) -> int:
    """Run a headless client to its end: its JSON line on stdout and 0, or one line on
    stderr saying why it failed and 1 (130 on Ctrl+C)."""
    try:
        result = asyncio.run(job)
    except KeyboardInterrupt:
        return 130
    except Exception as problem:     # the command's promise: one line saying why
        print(f"parlour {command}: {fail_line(problem)}", file=sys.stderr)
        return 1
    print(json.dumps(result), flush=True)
    return 0


async def _host(create: dict[str, Any], server: str | None, name: str, bot: str, listen: str,
                data: Path | None, seed: int, internet: bool = False) -> dict[str, Any]:
    if server is not None:
        return await _play(normalise(server), None, create, name, bot, seed)
    from app.net.server.host_files import open_log
    from app.net.server.server import Server
    from app.net.wire.tls import own_identity, pinned_url, server_context
    from app.cli.serve import default_data

    host, _, port = normalise(listen).partition("://")[2].rpartition(":")
    folder = data or default_data().with_name("hosted")
    identity = own_identity(folder.parent / "tls")      # the window's Host keeps the same one
    store, moved = open_log(folder)   # (a damaged log: moved aside, said)
    if moved is not None:
        print(f"parlour host: {moved}", file=sys.stderr, flush=True)
    own = Server(store)
    stop = asyncio.Event()
    bound: list[int] = []
    task = asyncio.create_task(own.run(host, int(port), lambda h, p: bound.append(p), stop,
                                       server_context(identity.cert, identity.key)))
    while not bound:
        if task.done():
            task.result()
        await asyncio.sleep(0.01)
    shown = f"{lan_address() if host in ('0.0.0.0', '') else host}:{bound[0]}"
    local = "127.0.0.1" if host in ("0.0.0.0", "") else host
    router = RouterPort(bound[0]).start() if internet else None
    try:
        if router is not None:
            shown = await asyncio.to_thread(say_router, router, shown)
        return await _play(pinned_url(f"wss://{local}:{bound[0]}", identity.fingerprint), shown,
                           create, name, bot, seed)
    finally:
        if router is not None:
            await asyncio.to_thread(router.close)
        stop.set()
        await task


async def _play(url: str, shown: str | None, create: dict[str, Any], name: str, bot: str,
                seed: int) -> dict[str, Any]:
    """(``shown``: ``host:port`` friends dial, when the server is this process's own)"""
    at, _, port = (shown or "").rpartition(":")

    def welcome(message: dict[str, Any]) -> None:
        invitation = for_url(url, message["table"], str(create["game"]), name, at.strip("[]") or None,
                             int(port) if port.isdigit() else None)
        print(f"table {message['table']} at {dialled(invitation.url if invitation else url)}", flush=True)
        if invitation is not None:
            print(f"invite: {invitation.text()}", flush=True)

    client = ReflexClient(url, {"create": create}, bot, name=name, seed=seed, on_welcome=welcome,
                          timeout_s=GAME_S)
    return await client.run()
