"""Addresses of Parlour servers: the one default port, a typed address made whole, and this
machine's address on the local network."""

from __future__ import annotations

import socket

DEFAULT_PORT = 8765


def normalise(address: str) -> str:
    """``host``, ``host:port`` or ``ws://host:port`` as a WebSocket address (``wss://host``
    without a port is TLS's own port, as a venue's address is given).

    >>> normalise("example.org"), normalise("ws://10.0.0.2:9000"), normalise("wss://cards.example.org")
    ('ws://example.org:8765', 'ws://10.0.0.2:9000', 'wss://cards.example.org')
    """
    address = address.strip()
    if "://" not in address:
        address = "ws://" + address
    scheme, _, rest = address.partition("://")
    if ":" not in rest.rsplit("]", 1)[-1] and scheme != "wss":
        rest = f"{rest.rstrip('/')}:{DEFAULT_PORT}"
    return f"{scheme}://{rest}"


def lan_address() -> str:
    """This machine's address on the local network, as friends would dial it (a UDP socket
    is pointed outwards, which sends nothing); loopback if there is none."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))
            return str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"
