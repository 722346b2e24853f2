"""``parlour serve``: a Parlour server on its own, headless (no pygame is imported), for
tables that should outlive any player's app. Its first line on stdout is
``parlour server listening on ws://HOST:PORT`` (the real port when 0 asked for a free one);
SIGTERM or Ctrl+C stops it cleanly, with every table safe in the data folder.

With ``--tls-cert`` and ``--tls-key`` it serves ``wss://`` with that certificate (a venue's,
which clients check against their authorities). Without them it serves plain ``ws://`` on
loopback only (tests, ``netbench``); listening beyond loopback (or asked with ``--own-cert``)
it serves ``wss://`` with a certificate of its own, made once and kept in ``tls/`` in its
data folder, and prints its fingerprint (``certificate fingerprint: …``), which players pin.

Listening beyond loopback, it announces itself and its tables waiting for players on the
local network by mDNS (:mod:`app.net.wire.discovery`) unless ``--no-announce``; where mDNS cannot
work it says so in one line and serves on.

A venue (``--public``) listens on every network and is reached from the internet, so it
serves TLS itself or stands behind a proxy that does (``--behind-proxy``); it lists nothing
by mDNS (a join code is for the friends it was sent to, not a data centre's network), and
writes one JSON line per table event to stdout (app/net/server/journal.py) for its operator;
``/healthz`` and ``/metrics`` answer on its port (app/net/server/metrics.py)."""

from __future__ import annotations

import asyncio
import gc
import ipaddress
import json
import logging
import signal
import socket
import ssl
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from app.cli.stalls import Stalls
from app.net.server.folder_lock import lock_folder
from app.net.server.journal import Journal, Lines
from app.net.server.limits import Limits
from app.net.server.server import Server
from app.net.server.store import TableStore
from app.net.wire.tls import fingerprint_of_file, own_identity, server_context


FULL_COLLECTION_AFTER = 100     # collections of the middle generation before a full one (Python's default: 10)


def default_data() -> Path:
    from app.core import storage

    return storage.data_dir() / "server"


PUBLIC_HOST = "0.0.0.0"


def public_problem(public: bool, tls_cert: str | None, tls_key: str | None, behind_proxy: str | None) -> str | None:
    """Why a venue cannot start as asked (one line), or None. A public server speaks TLS
    (``--tls-cert`` and ``--tls-key``) unless a proxy in front of it does."""
    if behind_proxy is not None:
        return None
    if public and not (tls_cert and tls_key):
        return ("--public needs TLS: give --tls-cert FILE and --tls-key FILE, or --behind-proxy ADDRESS "
                "when a proxy in front of this server (Caddy) speaks TLS for it")
    return None


def listening_line(host: str, port: int, tls: bool = False) -> str:
    return f"parlour server listening on {'wss' if tls else 'ws'}://{host}:{port}"


@dataclass(frozen=True)
class Certificate:
    """What ``serve`` was asked to serve TLS with: files given, or its own (``own``)."""

    cert: Path | None = None
    key: Path | None = None
    own: bool = False
    proxied: bool = False
    """A proxy in front of it speaks TLS (``--behind-proxy``): plain ``ws://`` to the proxy."""


def on_loopback(host: str) -> bool:
    """Whether listening on ``host`` keeps the server to this computer."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False            # a name, or every interface: beyond loopback


def tls_context(host: str, folder: Path, certificate: Certificate) -> tuple[ssl.SSLContext | None, str | None]:
    """The server's TLS context and the fingerprint to print (or None for plain ``ws://`` on
    loopback, or to a proxy that speaks TLS for it). Raises ``OSError``/``ssl.SSLError`` for files that cannot be used."""
    if certificate.cert is not None and certificate.key is not None:
        return server_context(certificate.cert, certificate.key), fingerprint_of_file(certificate.cert)
    if certificate.own or not (on_loopback(host) or certificate.proxied):
        identity = own_identity(folder / "tls")
        return server_context(identity.cert, identity.key), identity.fingerprint
    return None, None


async def serve_until_stopped(host: str, port: int, data: Path, grace_s: float, announce: bool = True,
                              reflex_speed: float = 1.0, limits: Limits | None = None,
                              chosen_seeds: bool = False, certificate: Certificate = Certificate(),
                              stalls_to: Path | None = None, whole_process: bool = False) -> None:
    """(``whole_process``: the server is all this process does, as in ``parlour serve``, so
    it may settle the process's heap: not where it runs inside another program, a test)"""
    tls, fingerprint = tls_context(host, data, certificate)
    lines = Lines(sys.stdout)        # (written off the loop: a reader that stalls holds up no table)
    server = Server(TableStore(data), grace_s=grace_s, reflex_speed=reflex_speed, limits=limits,
                    chosen_seeds=chosen_seeds, journal=Journal(lines))
    if whole_process:
        settle_heap()
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        try:
            loop.add_signal_handler(signum, stop.set)
        except (NotImplementedError, RuntimeError):   # Windows: Ctrl+C comes as KeyboardInterrupt
            pass

    stalls = Stalls()

    def ready(bound_host: str, bound_port: int) -> None:
        if stalls_to is not None:
            stalls.start()
        print(listening_line(bound_host, bound_port, tls is not None), flush=True)
        if fingerprint is not None:
            print(f"certificate fingerprint: {fingerprint}", flush=True)
        print(f"tables kept in {data} ({len(server.tables)} resumed)", file=sys.stderr, flush=True)
        if announce and _should_announce(bound_host):
            announcing.append(asyncio.ensure_future(_announce(server, bound_host, bound_port, stop, fingerprint)))

    announcing: list[asyncio.Task[None]] = []
    try:
        await server.run(host, port, ready, stop, tls)
    finally:
        lines.close()
    if stalls_to is not None:      # for netbench: where this server's loop paused
        stalls.stop()
        stalls_to.write_text(json.dumps(stalls.data()))
    if announcing:      # stop is set: the announcer says goodbye and closes
        await asyncio.wait(announcing, timeout=5)


def settle_heap() -> None:
    """Keep Python's full collections short and rare on the server's one loop, where each
    stops every table at once (46-104 ms over the 145,000 objects of 250 tables). What is on
    the heap once the server has started (the code's own objects and every table resumed
    from the log) lives as long as the process: frozen, no collection looks at it again.
    And a full collection comes after a hundred collections of the middle generation, not
    ten: the server makes little cyclic garbage (full collections found 5 objects in a
    netbench run: its tables and connections mostly die by reference count)."""
    gc.collect()
    gc.freeze()
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, FULL_COLLECTION_AFTER)


def fast_loop() -> Callable[[], asyncio.AbstractEventLoop] | None:
    """What makes the server's event loop: uvloop's, where it is installed (every system but
    Windows), else asyncio's own (None). Measured with netbench at 250 tables, three pairs
    alternating: the server's CPU per action 6-10% lower, the clients' 11-14%, and the round
    trips' p99 lower in each pair (212, 138, 343 ms against 61, 132, 141 on a busy machine)."""
    try:
        import uvloop
    except ImportError:
        return None
    return uvloop.new_event_loop


def _should_announce(bound_host: str) -> bool:
    try:
        from app.net.wire.discovery import should_announce
    except ImportError:
        return True         # then _announce says in one line why the server is not listed
    return should_announce(bound_host)


async def _announce(server: Server, host: str, port: int, stop: asyncio.Event, fingerprint: str | None) -> None:
    try:
        from app.net.wire.discovery import Announcer, DiscoveryUnavailable
    except ImportError as problem:      # a build without zeroconf still serves
        _not_listed(f"zeroconf is missing ({problem.name})")
        return
    try:
        await Announcer(socket.gethostname(), host, port, fingerprint=fingerprint).keep_up(server, stop)
    except DiscoveryUnavailable as problem:
        _not_listed(str(problem))


def _not_listed(why: str) -> None:
    print(f"parlour serve: not listed on the local network: {why}; "
          "players join with the address and code", file=sys.stderr, flush=True)


def run(host: str, port: int, data: Path | None, grace_s: float = 30.0, announce: bool = True,
        reflex_speed: float = 1.0, limits: Limits | None = None, chosen_seeds: bool = False,
        certificate: Certificate = Certificate(), stalls_to: Path | None = None) -> int:
    """(``reflex_speed``: game time per ms at reflex tables; tests raise it. ``limits``: what
    each address and everyone together may take, app/net/server/limits.py. ``chosen_seeds``:
    a create's seed is honoured at remote tables too, so a benchmark deals the same each run.
    ``certificate``: what to serve TLS with, see ``tls_context``. ``stalls_to``: where the
    loop's pauses are written when it stops, app/cli/stalls.py)"""
    logging.basicConfig(level=logging.WARNING, format="parlour serve: %(message)s")
    folder = data or default_data()
    try:
        lock = lock_folder(folder)
    except OSError as error:
        print(f"parlour serve: cannot use the data folder {folder}: {error.strerror or error}", file=sys.stderr)
        return 1
    if lock is None:
        print(f"parlour serve: another Parlour server is running on the data folder {folder}; "
              "stop it first, or give this one --data with a folder of its own", file=sys.stderr)
        return 1
    try:
        with lock, asyncio.Runner(loop_factory=fast_loop()) as runner:    # (the lock: let go of even if this is killed)
            runner.run(serve_until_stopped(host, port, folder, grace_s, announce, reflex_speed, limits,
                                           chosen_seeds, certificate, stalls_to, whole_process=True))
    except KeyboardInterrupt:
        pass
    except ssl.SSLError as error:
        print(f"parlour serve: cannot serve TLS with {certificate.cert} and {certificate.key}: they are not "
              f"a PEM certificate and its own key ({error.reason or error})", file=sys.stderr)
        return 1
    except OSError as error:
        print(f"parlour serve: cannot listen on {host}:{port}: {error.strerror or error}", file=sys.stderr)
        return 1
    return 0
