"""A venue's address, as a player types it under Settings, made into the WebSocket address
the app connects to; or the sentence saying what is wrong with it.

A venue faces the internet and speaks TLS (``parlour serve --public``), so an address
typed without a scheme is ``wss://``, on the standard port unless one is given; ``ws://``
is taken when typed (a club's venue on its own network, a test). Pure: no sockets, no name
lookups; whether anything answers there is found out when a table is opened.
"""

from __future__ import annotations

import ipaddress
import re

from app.core.words import venue_words as words

__all__ = ["VenueAddressError", "venue_url", "venue_problem", "venue_name"]

LIMIT = 200
_HOST_NAME = re.compile(r"(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
                        r"(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?")


class VenueAddressError(ValueError):
    """What is wrong with a typed venue address, in the player's words."""


def venue_url(text: str) -> str:
    """``text`` as a venue's WebSocket address; raises :class:`VenueAddressError`.

    >>> venue_url(" cards.example.org "), venue_url("ws://127.0.0.1:9000/")
    ('wss://cards.example.org', 'ws://127.0.0.1:9000')
    >>> venue_url("[2001:db8::1]:8765")
    'wss://[2001:db8::1]:8765'
    """
    text = text.strip()
    if not text or len(text) > LIMIT or not text.isprintable() or " " in text:
        raise VenueAddressError(words.BAD_ADDRESS)
    scheme, found, rest = text.partition("://")
    if not found:
        scheme, rest = "wss", text
    if scheme.lower() not in ("ws", "wss"):
        raise VenueAddressError(words.BAD_SCHEME)
    rest = rest.removesuffix("/")
    if any(mark in rest for mark in "/?#@"):
        raise VenueAddressError(words.NO_PATH)
    host, port = _split(rest)
    return f"{scheme.lower()}://{host}" + (f":{port}" if port is not None else "")


def venue_problem(text: str) -> str | None:
    """Why ``text`` cannot be the venue's address (None: it can; so can nothing, no venue)."""
    if not text.strip():
        return None
    try:
        venue_url(text)
    except VenueAddressError as problem:
        return str(problem)
    return None


def venue_name(url: str, room: int = LIMIT) -> str:
    """What the player calls the venue: its address without ``wss://``, its end cut off
    beyond ``room`` characters (a row beside a label has room for a couple of dozen).

    >>> venue_name("wss://cards.example.org"), venue_name("ws://a-rather-long-name.example.org:9000", 20)
    ('cards.example.org', 'ws://a-rather-long-…')
    """
    name = url.removeprefix("wss://")
    return name if len(name) <= room else name[:room - 1] + "…"


def _split(rest: str) -> tuple[str, int | None]:
    """The host (an IPv6 one in brackets) and the port, if one is given; both checked."""
    if rest.startswith("["):
        inside, closed, after = rest[1:].partition("]")
        if not closed or (after and not after.startswith(":")):
            raise VenueAddressError(words.BAD_ADDRESS)
        try:
            ipaddress.IPv6Address(inside)
        except ValueError:
            raise VenueAddressError(words.BAD_ADDRESS) from None
        host, port_text = f"[{inside}]", after[1:] if after else None
    else:
        host, colon, port_text_or_empty = rest.partition(":")
        port_text = port_text_or_empty if colon else None
        if not _HOST_NAME.fullmatch(host):
            raise VenueAddressError(words.BAD_ADDRESS)
    if port_text is None:
        return host, None
    if not port_text.isdigit() or not 1 <= int(port_text) <= 65535:
        raise VenueAddressError(words.BAD_PORT)
    return host, int(port_text)
