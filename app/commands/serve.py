"""``parlour serve``: a Parlour server on its own, headless (no pygame is imported), for
tables that should outlive any player's app. Its first line on stdout is
``parlour server listening on ws://HOST:PORT`` (the real port when 0 asked for a free one);
SIGTERM or Ctrl+C stops it cleanly, with every table safe in the data folder."""

from __future__ import annotations

import asyncio
import logging
import signal
import sys
from pathlib import Path

from app.net.server import Server
from app.net.store import TableStore


def default_data() -> Path:
    from app import storage

    return storage.data_dir() / "server"


def listening_line(host: str, port: int) -> str:
    return f"parlour server listening on ws://{host}:{port}"


async def serve_until_stopped(host: str, port: int, data: Path, grace_s: float) -> None:
    server = Server(TableStore(data), grace_s=grace_s)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        try:
            loop.add_signal_handler(signum, stop.set)
        except (NotImplementedError, RuntimeError):   # Windows: Ctrl+C comes as KeyboardInterrupt
            pass

    def ready(bound_host: str, bound_port: int) -> None:
        print(listening_line(bound_host, bound_port), flush=True)
        print(f"tables kept in {data} ({len(server.tables)} resumed)", file=sys.stderr, flush=True)

    await server.run(host, port, ready, stop)


def run(host: str, port: int, data: Path | None, grace_s: float = 30.0) -> int:
    logging.basicConfig(level=logging.WARNING, format="parlour serve: %(message)s")
    try:
        asyncio.run(serve_until_stopped(host, port, data or default_data(), grace_s))
    except KeyboardInterrupt:
        pass
    except OSError as error:
        print(f"parlour serve: cannot listen on {host}:{port}: {error.strerror or error}", file=sys.stderr)
        return 1
    return 0
