"""Finding tables on the local network: a server announces itself by mDNS (``zeroconf``),
and ``parlour join --list`` lists the tables waiting for players. No pygame.

A server is one service of type ``_parlour._tcp.local.`` at its address and port. Its TXT
properties are ``v`` (the protocol version), ``name`` (the server's name: its machine's) and,
for each table still waiting for players, ``t1``, ``t2``... each ``CODE|game|free|seats|host``
(the host's name last, so it may hold a ``|``), and ``fp``, the SHA-256 fingerprint of the
certificate it serves TLS with (app/net/wire/tls.py): the finder pins it, so a table found
here is as safe to join as one from an invitation. A table leaves the list once its seats are
taken. The properties are kept under ``TXT_BUDGET`` bytes, so one packet holds them.

Why the join code is announced. The issue's player lists the tables on the local network
and joins one; the code stays the way in from elsewhere. An announcement id that the server
would accept in place of the code would let every machine on the LAN in just as the code
does (anyone who hears the announcement can reach the server), so it would protect nothing
on the LAN and add a second way into a table to get wrong. So a server on a network it
shares with others runs with ``--no-announce`` (and a server on loopback is never
announced); everywhere else the LAN is the friends' own and listing the code is the point.
What a code gives is unchanged: a free remote seat or a place to watch, through the same
rate-limited path. A seat once taken is entered only with its seat token, which is never
announced.

Everything here degrades to one line: where multicast cannot work (no interface, a
container, a firewall) the announcer says so and the server serves on; a browse that finds
nothing says so; the address and code always work.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import socket
import threading
import time
from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from zeroconf import Error as ZeroconfError
from zeroconf import IPVersion, ServiceBrowser, ServiceInfo, ServiceListener, Zeroconf
from zeroconf.asyncio import AsyncZeroconf

from app.core.words.names import NAME_LIMIT
from app.net.wire import protocol
from app.net.wire.invitation import Invitation
from app.net.wire.tls import canonical_fingerprint, pinned_url

__all__ = ["SERVICE_TYPE", "ListedTable", "Found", "DiscoveryUnavailable", "announced_properties",
           "read_properties", "open_tables", "should_announce", "Announcer", "browse", "listing_lines"]

log = logging.getLogger("parlour.discovery")

SERVICE_TYPE = "_parlour._tcp.local."
TXT_BUDGET = 1200           # bytes of TXT properties: one mDNS packet, with room for the rest
REFRESH_S = 2.0             # how often a server looks whether its open tables changed
_FIELD_LIMIT = 60           # a game id longer than this is nobody's


class DiscoveryUnavailable(RuntimeError):
    """mDNS cannot work here; the message is the one line to print."""


@dataclass(frozen=True)
class ListedTable:
    """A table waiting for players, as announced."""

    code: str
    game: str
    free: int
    seats: int
    host: str


@dataclass(frozen=True)
class Found:
    """A server heard on the local network, and its open tables."""

    server: str
    address: str                # wss://IP:PORT (ws:// for a server with no certificate)
    version: int | None
    tables: tuple[ListedTable, ...]
    fingerprint: str | None = None
    """The server's certificate (app/net/wire/tls.py), announced with it: the finder pins it."""

    def url(self, table: ListedTable) -> str:
        """The address a client dials to join ``table`` here (pinned when announced so)."""
        return pinned_url(self.address, self.fingerprint, table.host) if self.fingerprint else self.address

    def joined_by(self, table: ListedTable) -> str:
        """What ``parlour join`` takes for ``table``: its invitation, or ADDRESS CODE."""
        if self.fingerprint is None:
            return f"{self.address} {table.code}"
        host, _, port = self.address.partition("://")[2].rpartition(":")
        game = table.game.partition(":")[0]
        return Invitation(host, int(port), table.code, game, table.host, self.fingerprint).text()


# --- what is announced ------------------------------------------------------------------------


def announced_properties(server_name: str, tables: Iterable[ListedTable],
                         fingerprint: str | None = None) -> dict[str, str]:
    """The TXT properties of a server with these open tables (and its certificate's
    fingerprint, ``fp``), within ``TXT_BUDGET``."""
    props = {"v": str(protocol.VERSION), "name": protocol.clean_text(server_name, NAME_LIMIT),
             **({"fp": fingerprint} if fingerprint else {})}
    used = sum(_entry_size(k, v) for k, v in props.items())
    for number, table in enumerate(tables, 1):
        value = "|".join((table.code, table.game, str(table.free), str(table.seats),
                          protocol.clean_text(table.host, NAME_LIMIT)))
        key = f"t{number}"
        if used + _entry_size(key, value) > TXT_BUDGET:
            break                   # the rest are still joined by address and code
        props[key] = value
        used += _entry_size(key, value)
    return props


def _entry_size(key: str, value: str) -> int:
    return 1 + len(f"{key}={value}".encode())       # a length byte, then key=value


def read_properties(props: Mapping[bytes, bytes | None]) -> tuple[int | None, str, tuple[ListedTable, ...]]:
    """The version, server name and tables of an announcement. Anyone on the LAN may
    announce anything, so whatever cannot be read is left out, never raised."""
    text = {k.decode("utf-8", "replace"): (v or b"").decode("utf-8", "replace") for k, v in props.items()}
    version = int(text["v"]) if text.get("v", "").isdigit() else None
    name = protocol.clean_text(text.get("name", ""), NAME_LIMIT) or "?"
    tables = []
    for i in range(1, 100):
        entry = text.get(f"t{i}")
        if entry is None:
            break
        table = _read_table(entry)
        if table is not None:
            tables.append(table)
    return version, name, tuple(tables)


def read_fingerprint(props: Mapping[bytes, bytes | None]) -> str | None:
    """The certificate fingerprint an announcement carries, if it is one."""
    value = props.get(b"fp")
    return canonical_fingerprint(value.decode("ascii", "replace")) if value else None


def _read_table(entry: str) -> ListedTable | None:
    parts = entry.split("|", 4)
    if len(parts) != 5:
        return None
    code, game, free, seats, host = parts
    code = code.strip().upper()
    if (len(code) != protocol.CODE_LENGTH or any(c not in protocol.CODE_ALPHABET for c in code)
            or not free.isdigit() or not seats.isdigit() or not game or len(game) > _FIELD_LIMIT):
        return None
    return ListedTable(code, protocol.clean_text(game, _FIELD_LIMIT), int(free), int(seats),
                       protocol.clean_text(host, NAME_LIMIT) or "?")


def _announced_game(table: Any) -> str:
    """The game a table is announced as: its id, or for a variant with a name of its own
    its record id ("spoons:pig"), so that a listing says Pig (a table is joined by code)."""
    core = getattr(table, "core", None)
    return str(core.spec.record_id(core.setup.options)) if core is not None else str(table.game)


def open_tables(tables: Iterable[Any]) -> list[ListedTable]:
    """The tables of a server (``app.net.server.server.Table``) still waiting for remote players,
    and for whom there is someone waiting: a table whose host has left it is not listed
    (until the host comes back)."""
    listed = []
    for table in tables:
        free = sum(s.kind == "remote" and s.token_hash is None for s in table.seats)
        if table.status == "waiting" and free and table.host_seat not in table.away_since:
            host = table.seats[table.host_seat].name or "Host"
            listed.append(ListedTable(table.code, _announced_game(table), free, len(table.seats), host))
    return sorted(listed, key=lambda t: t.code)


# --- announcing -------------------------------------------------------------------------------


def should_announce(bind_host: str) -> bool:
    """Announce unless the server listens on loopback only (no one else could reach it)."""
    if bind_host in ("", "0.0.0.0", "::"):
        return True
    if bind_host == "localhost":
        return False
    try:
        return not ipaddress.ip_address(bind_host).is_loopback
    except ValueError:
        return True             # a host name: it may well be reachable


def _addresses(bind_host: str) -> list[str]:
    """The IPv4 addresses to announce for a server listening on ``bind_host``."""
    try:
        if bind_host not in ("", "0.0.0.0", "::"):
            return [socket.gethostbyname(bind_host)]
        import ifaddr    # comes with zeroconf

        return [ip.ip for adapter in ifaddr.get_adapters() for ip in adapter.ips
                if isinstance(ip.ip, str) and not ipaddress.ip_address(ip.ip).is_loopback]
    except OSError:
        return []


class Announcer:
    """A server's announcement, kept up to date with its open tables while it runs.

    ``interfaces`` are zeroconf's (None: every interface); ``addresses`` the IPv4 addresses
    announced (None: those where ``bind_host`` is reached)."""

    def __init__(self, server_name: str, bind_host: str, port: int,
                 interfaces: list[str] | None = None, addresses: list[str] | None = None,
                 fingerprint: str | None = None) -> None:
        self.fingerprint = fingerprint
        self.server_name = protocol.clean_text(server_name, NAME_LIMIT) or "Parlour"
        self.port = port
        self.addresses = addresses if addresses is not None else _addresses(bind_host)
        specific = bind_host not in ("", "0.0.0.0", "::")
        # A server listening on one address is announced on that interface only.
        self.interfaces = interfaces or (self.addresses[:1] if specific and self.addresses else None)
        self.zc: AsyncZeroconf | None = None
        self.info: ServiceInfo | None = None
        self.listed: list[ListedTable] = []

    def _info(self, tables: list[ListedTable]) -> ServiceInfo:
        label = f"Parlour on {self.server_name} port {self.port}"[:63]
        host = "".join(c if c.isalnum() else "-" for c in self.server_name).strip("-") or "parlour"
        return ServiceInfo(SERVICE_TYPE, f"{label}.{SERVICE_TYPE}", port=self.port,
                           addresses=[socket.inet_aton(a) for a in self.addresses],
                           properties=announced_properties(self.server_name, tables, self.fingerprint),
                           server=f"{host}-{self.port}.local.")

    async def start(self, tables: list[ListedTable]) -> None:
        """Announce; raises ``DiscoveryUnavailable`` (one line) if mDNS cannot work here."""
        if not self.addresses:
            raise DiscoveryUnavailable("no network address to announce")
        try:
            self.zc = AsyncZeroconf(interfaces=self.interfaces or _all(), ip_version=IPVersion.V4Only)
            self.info = self._info(tables)
            await (await self.zc.async_register_service(self.info, allow_name_change=True))
        except (OSError, ZeroconfError, RuntimeError) as problem:
            await self.close()
            raise DiscoveryUnavailable(f"mDNS cannot announce here ({_why(problem)})") from None
        self.listed = tables

    async def update(self, tables: list[ListedTable]) -> None:
        """Announce the open tables again if they changed."""
        if self.zc is None or self.info is None or tables == self.listed:
            return
        self.info = ServiceInfo(SERVICE_TYPE, self.info.name, port=self.port,
                                addresses=[socket.inet_aton(a) for a in self.addresses],
                                properties=announced_properties(self.server_name, tables, self.fingerprint), server=self.info.server)
        try:
            await (await self.zc.async_update_service(self.info))
            self.listed = tables
        except (OSError, ZeroconfError, RuntimeError) as problem:
            log.warning("the table list could not be announced again: %s", _why(problem))

    async def close(self) -> None:
        """Say goodbye (the listing disappears at once) and close the sockets."""
        zc, self.zc = self.zc, None
        if zc is None:
            return
        try:
            if self.info is not None:
                await zc.async_unregister_all_services()
        except (OSError, ZeroconfError, RuntimeError):
            pass
        await zc.async_close()

    async def keep_up(self, server: Any, stop: asyncio.Event) -> None:
        """Announce ``server`` (an ``app.net.server.server.Server``) and follow its open tables
        until ``stop`` is set. Raises ``DiscoveryUnavailable``."""
        try:
            await self.start(open_tables(server.tables.values()))
            while not stop.is_set():
                try:
                    await asyncio.wait_for(stop.wait(), REFRESH_S)
                except asyncio.TimeoutError:
                    await self.update(open_tables(server.tables.values()))
        finally:
            await self.close()


def _all() -> Any:
    from zeroconf import InterfaceChoice

    return InterfaceChoice.All


def _why(problem: BaseException) -> str:
    return getattr(problem, "strerror", None) or str(problem) or type(problem).__name__


# --- browsing ---------------------------------------------------------------------------------


class _Names(ServiceListener):
    """The names of the services heard (called in zeroconf's thread)."""

    def __init__(self) -> None:
        self.names: set[str] = set()
        self.lock = threading.Lock()

    def add_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        with self.lock:
            self.names.add(name)

    def update_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        self.add_service(zc, type_, name)

    def remove_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        with self.lock:
            self.names.discard(name)


def browse(seconds: float = 3.0, interfaces: list[str] | None = None) -> list[Found]:
    """The Parlour servers heard on the local network within ``seconds``, with their open
    tables. Raises ``DiscoveryUnavailable`` (one line) if mDNS cannot work here."""
    try:
        zc = Zeroconf(interfaces=interfaces or _all(), ip_version=IPVersion.V4Only)
    except (OSError, ZeroconfError, RuntimeError) as problem:
        raise DiscoveryUnavailable(f"cannot listen for tables on the local network ({_why(problem)})") from None
    try:
        heard = _Names()
        browser = ServiceBrowser(zc, SERVICE_TYPE, heard)
        time.sleep(max(0.0, seconds))
        browser.cancel()
        with heard.lock:
            names = sorted(heard.names)
        return [f for f in (_resolve(zc, name) for name in names) if f is not None]
    except (OSError, ZeroconfError, RuntimeError) as problem:
        raise DiscoveryUnavailable(f"cannot listen for tables on the local network ({_why(problem)})") from None
    finally:
        zc.close()


def _resolve(zc: Zeroconf, name: str) -> Found | None:
    info = zc.get_service_info(SERVICE_TYPE, name, timeout=1500)
    if info is None or not info.port:
        return None
    addresses = info.parsed_addresses(IPVersion.V4Only)
    if not addresses:
        return None
    version, server, tables = read_properties(info.properties or {})
    fingerprint = read_fingerprint(info.properties or {})
    scheme = "wss" if fingerprint else "ws"
    return Found(server, f"{scheme}://{addresses[0]}:{info.port}", version, tables, fingerprint)


def listing_lines(found: list[Found], seconds: float) -> list[str]:
    """What ``parlour join --list`` prints: one line a table, each starting with what
    ``parlour join`` takes (the invitation, or the address and code of a server with no
    certificate); or one line saying why there are none."""
    from games.registry import record_title

    lines = []
    for server in sorted(found, key=lambda f: (f.server, f.address)):
        other = "" if server.version == protocol.VERSION else f"  (another Parlour version: protocol {server.version})"
        for t in server.tables:
            title = record_title(t.game) or t.game
            lines.append(f"{server.joined_by(t)}  {title}  {t.free} of {t.seats} seats free  "
                         f"host {t.host}  on {server.server}{other}")
    if lines:
        return lines
    if found:
        servers = ", ".join(f"{f.server} at {f.address}" for f in found)
        return [f"no table is waiting for players on the {len(found)} Parlour server(s) heard: {servers}"]
    return [f"no Parlour tables found on the local network in {seconds:g} s; "
            "join with the address and code (parlour join ADDRESS CODE)"]
