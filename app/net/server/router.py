"""Asking the home router to forward the hosting port, so friends beyond this network can
reach a table on this computer (UPnP Internet Gateway Device, through ``async-upnp-client``).

A table hosted for friends anywhere needs the router between this computer and the internet
to pass their connections on. Most home routers can be asked to: the gateway is found by an
SSDP search, its description read, and its WAN connection service asked for the public
address (``GetExternalIPAddress``) and for a mapping of the port (``AddPortMapping``, TCP,
described "Parlour", on a lease renewed while the table is open, so a mapping left behind by
a computer that crashed ends by itself). ``close`` takes the mapping down again.

What can come of it is one value, :class:`RouterOutcome`: the port is open at a public
address; the router said no; no router answered (or it offers no port forwarding); or the
router's own address on the internet is itself private (carrier-grade NAT, or a second
router in front), so nobody outside can reach this one anyway.

All of it runs on a thread of its own with its own asyncio loop, never on the window's
frame nor on the table server's loop, and every step is bounded: a router that does not
answer costs a few seconds (``ASK_S`` in all), then counts as no router. NAT-PMP and PCP
are not asked: the library speaks UPnP only.

For tests and trying things out, ``PARLOUR_ROUTER`` names where the router is instead of
searching the network: a description URL (``http://127.0.0.1:PORT/rootDesc.xml``) or an
address to send the SSDP search to (``ssdp://127.0.0.1:PORT``).
"""

from __future__ import annotations

import asyncio
import ipaddress
import os
import socket
import threading
import urllib.parse
from dataclasses import dataclass
from typing import Any, Mapping

from app.core.words.net_words import RouterKind

__all__ = ["ASK_S", "RouterOutcome", "RouterPort", "Where", "is_reachable_from_outside", "where_from_env"]

SEARCH_S = 2.0
"""How long the SSDP search waits for a gateway to answer."""
ANSWER_S = 3
"""How long one HTTP request to the router may take (the library's timeout is whole seconds)."""
ASK_S = 6.0
"""The whole question, search to mapping, at most: then it counts as no router."""
CLOSE_S = 4.0
"""Taking the mapping down at most (the app waits for it as it closes)."""
LEASE_S = 3600
"""A mapping's lease; renewed at half of it while the table is open."""
DESCRIPTION = "Parlour"
OTHER_PORTS = 4
"""How many other external ports are tried when the router says the port is taken (718)."""

IGD_SEARCH = "urn:schemas-upnp-org:device:InternetGatewayDevice:1"   # (a v2 gateway answers v1 searches too)
SSDP_TARGET = ("239.255.255.250", 1900)
WAN_SERVICES = ("urn:schemas-upnp-org:service:WANIPConnection:2",
                "urn:schemas-upnp-org:service:WANIPConnection:1",
                "urn:schemas-upnp-org:service:WANPPPConnection:1")

NO_ANSWER = "the router did not answer in time"
CONFLICT = 718                   # ConflictInMappingEntry: another computer has that port
ONLY_PERMANENT = 725             # OnlyPermanentLeasesSupported: ask again with lease 0

NOT_REACHABLE = tuple(ipaddress.ip_network(n) for n in (
    "0.0.0.0/8", "10.0.0.0/8", "100.64.0.0/10", "127.0.0.0/8", "169.254.0.0/16",
    "172.16.0.0/12", "192.168.0.0/16"))
"""Addresses the internet cannot dial: RFC 1918's private ranges, carrier-grade NAT's shared
space (RFC 6598), loopback, link-local and "this network". (Not ``ipaddress.is_private``:
that also counts the documentation ranges, which the tests use as public addresses.)"""


@dataclass(frozen=True)
class Where:
    """Where to look for the router: the SSDP search's target, or its description URL."""

    description_url: str | None = None
    ssdp_target: tuple[str, int] = SSDP_TARGET


@dataclass(frozen=True)
class RouterOutcome:
    """What the router said. ``kind``: ``mapped`` (``public_ip``:``port`` is open to the
    internet), ``refused`` (the router said no: ``detail``), ``no_router`` (nothing
    answered, or it forwards no ports: ``detail``) or ``private`` (the router's own public
    address ``public_ip`` is itself private: friends outside cannot reach it)."""

    kind: RouterKind
    port: int
    public_ip: str = ""
    detail: str = ""

    @property
    def address(self) -> str | None:
        """``host:port`` friends anywhere dial, when the port is open."""
        return f"{self.public_ip}:{self.port}" if self.kind == "mapped" else None


def is_reachable_from_outside(address: str) -> bool:
    """Whether ``address`` is one the internet can dial (IPv4 only: the mapping is IPv4).

    >>> is_reachable_from_outside("100.64.3.9"), is_reachable_from_outside("198.51.100.4")
    (False, True)
    """
    try:
        ip = ipaddress.ip_address(address.strip())
    except ValueError:
        return False
    return ip.version == 4 and not any(ip in network for network in NOT_REACHABLE)


def where_from_env() -> Where:
    """Where the router is: ``PARLOUR_ROUTER`` if set (see the module's note), else the
    network's SSDP multicast address."""
    given = os.environ.get("PARLOUR_ROUTER", "").strip()
    if given.startswith("ssdp://"):
        host, _, port = given.removeprefix("ssdp://").rpartition(":")
        return Where(ssdp_target=(host, int(port)))
    return Where(description_url=given) if given else Where()


class RouterPort:
    """The hosting port forwarded by the router, on a thread of its own. ``start`` returns at
    once; ``outcome`` is None while the router is being asked, then says what it said;
    ``close`` takes the mapping down (bounded) and ends the thread."""

    def __init__(self, port: int, where: Where | None = None, lease_s: int = LEASE_S) -> None:
        self.port, self.where, self.lease_s = port, where or where_from_env(), lease_s
        self.outcome: RouterOutcome | None = None
        self._closing = threading.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._wake: asyncio.Event | None = None
        self._answered = threading.Event()
        self._thread = threading.Thread(target=self._main, name="parlour-router", daemon=True)

    def start(self) -> RouterPort:
        self._thread.start()
        return self

    def wait(self, timeout: float = ASK_S + 1) -> RouterOutcome | None:
        """The outcome, once known (None if still asking after ``timeout``)."""
        self._answered.wait(timeout)
        return self.outcome

    @property
    def closed(self) -> bool:
        return self._closing.is_set()

    def close(self, timeout: float = CLOSE_S) -> None:
        """Take the mapping down (if one was made) and end the thread; waits ``timeout`` at most
        (0: do not wait, the thread finishes by itself)."""
        self._closing.set()
        loop, wake = self._loop, self._wake
        if loop is not None and wake is not None:
            try:
                loop.call_soon_threadsafe(wake.set)
            except RuntimeError:         # its loop has closed: nothing is left to take down
                pass
        if timeout > 0 and self._thread.is_alive() and threading.current_thread() is not self._thread:
            self._thread.join(timeout)

    # --- the router's thread -----------------------------------------------------------------

    def _main(self) -> None:
        try:
            asyncio.run(self._run())
        finally:
            self._answered.set()

    async def _run(self) -> None:
        self._loop, self._wake = asyncio.get_running_loop(), asyncio.Event()
        if self._closing.is_set():
            self._wake.set()
        try:
            gateway, outcome = await asyncio.wait_for(_ask(self.where, self.port, self.lease_s), ASK_S)
        except TimeoutError:
            gateway, outcome = None, RouterOutcome("no_router", self.port, detail=NO_ANSWER)
        self.outcome = outcome
        self._answered.set()
        if gateway is not None and outcome.kind == "mapped":
            await self._keep(gateway, outcome)

    async def _keep(self, gateway: Gateway, outcome: RouterOutcome) -> None:
        """Renew the lease at half its length until ``close``, then take the mapping down."""
        assert self._wake is not None
        renew_s = gateway.lease_s / 2 if gateway.lease_s else None
        while not self._closing.is_set():
            try:
                await asyncio.wait_for(self._wake.wait(), renew_s)
            except TimeoutError:
                try:
                    await asyncio.wait_for(gateway.map(outcome.port, self.port), ANSWER_S + 1)
                except Exception:        # (the router may be restarting: try at the next renewal)
                    pass
        try:
            await asyncio.wait_for(gateway.unmap(outcome.port), CLOSE_S - 0.5)
        except Exception:                # gone or silent: the lease ends it
            pass


class Gateway:
    """The router's WAN connection service, and this computer's address as the router sees it."""

    def __init__(self, service: Any, internal_client: str, lease_s: int) -> None:
        self.service, self.internal_client, self.lease_s = service, internal_client, lease_s

    async def call(self, action: str, **arguments: Any) -> Mapping[str, Any]:
        result: Mapping[str, Any] = await self.service.action(action).async_call(**arguments)
        return result

    async def external_ip(self) -> str:
        answer = await self.call("GetExternalIPAddress")
        return str(answer.get("NewExternalIPAddress") or "")

    async def map(self, external: int, internal: int) -> None:
        """Forward ``external`` (TCP, from anyone) to this computer's ``internal``; a router
        that takes only permanent mappings (725) is asked again for one."""
        from async_upnp_client.exceptions import UpnpActionError

        try:
            await self._add(external, internal, self.lease_s)
        except UpnpActionError as problem:
            if problem.error_code != ONLY_PERMANENT or not self.lease_s:
                raise
            self.lease_s = 0
            await self._add(external, internal, 0)

    async def _add(self, external: int, internal: int, lease_s: int) -> None:
        await self.call("AddPortMapping", NewRemoteHost="", NewExternalPort=external, NewProtocol="TCP",
                        NewInternalPort=internal, NewInternalClient=self.internal_client, NewEnabled=True,
                        NewPortMappingDescription=DESCRIPTION, NewLeaseDuration=lease_s)

    async def unmap(self, external: int) -> None:
        await self.call("DeletePortMapping", NewRemoteHost="", NewExternalPort=external, NewProtocol="TCP")


async def _ask(where: Where, port: int, lease_s: int) -> tuple[Gateway | None, RouterOutcome]:
    """Find the gateway, learn its public address and map ``port``: the gateway (to renew
    and take the mapping down) and what came of it."""
    from async_upnp_client.exceptions import UpnpActionError, UpnpError

    location = where.description_url or await _search(where.ssdp_target)
    if location is None:
        return None, RouterOutcome("no_router", port, detail="no router answered a UPnP search")
    try:
        gateway = await _gateway(location, lease_s)
        if gateway is None:
            return None, RouterOutcome("no_router", port, detail="the router forwards no ports (no UPnP gateway)")
        public = await gateway.external_ip()
        if not is_reachable_from_outside(public):
            return None, RouterOutcome("private", port, public_ip=public)
        external = await _map_some_port(gateway, port)
    except UpnpActionError as problem:
        said = problem.error_desc or "no reason given"
        return None, RouterOutcome("refused", port, detail=f"UPnP error {problem.error_code}: {said}")
    except TimeoutError:                                   # (the library's timeouts are TimeoutErrors)
        return None, RouterOutcome("no_router", port, detail=NO_ANSWER)
    except (UpnpError, OSError, ValueError) as problem:    # (aiohttp's errors are OSErrors or UpnpErrors)
        return None, RouterOutcome("no_router", port, detail=str(problem) or type(problem).__name__)
    return gateway, RouterOutcome("mapped", external, public_ip=public)


async def _map_some_port(gateway: Gateway, port: int) -> int:
    """Map ``port``, or when another computer holds it (718) one of the next few; the
    external port mapped."""
    from async_upnp_client.exceptions import UpnpActionError

    for external in range(port, port + OTHER_PORTS + 1):
        try:
            await gateway.map(external, port)
            return external
        except UpnpActionError as problem:
            if problem.error_code != CONFLICT or external == port + OTHER_PORTS:
                raise
    raise AssertionError("unreachable")


async def _gateway(location: str, lease_s: int) -> Gateway | None:
    """The router described at ``location``, by its WAN connection service (None: it has none
    that forwards ports)."""
    from async_upnp_client.aiohttp import AiohttpRequester
    from async_upnp_client.client_factory import UpnpFactory

    device = await UpnpFactory(AiohttpRequester(timeout=ANSWER_S), non_strict=True).async_create_device(location)
    for service_type in WAN_SERVICES:
        service = device.find_service(service_type)
        if service is not None and all(service.has_action(a) for a in
                                       ("AddPortMapping", "DeletePortMapping", "GetExternalIPAddress")):
            return Gateway(service, _address_towards(location), lease_s)
    return None


def _address_towards(location: str) -> str:
    """This computer's address as the router at ``location`` sees it (a UDP socket pointed
    at the router, which sends nothing)."""
    parts = urllib.parse.urlsplit(location)
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect((parts.hostname or "", parts.port or 80))
        return str(probe.getsockname()[0])


async def _search(target: tuple[str, int]) -> str | None:
    """The description URL of the first gateway that answers an SSDP search sent to
    ``target`` within ``SEARCH_S`` (None: none did)."""
    from async_upnp_client.search import SsdpSearchListener

    found: asyncio.Future[str] = asyncio.get_running_loop().create_future()

    def answered(headers: Mapping[str, Any]) -> None:
        location = str(headers.get("location") or "")
        if location.startswith("http") and not found.done():
            found.set_result(location)

    listener = SsdpSearchListener(callback=answered, target=target, timeout=int(SEARCH_S),
                                  search_target=IGD_SEARCH, connect_callback=lambda: listener.async_search())
    try:
        await listener.async_start()
        return await asyncio.wait_for(found, SEARCH_S)
    except (asyncio.TimeoutError, TimeoutError, OSError):
        return None
    finally:
        listener.async_stop()
