"""Opening a connection to a Parlour server, plain or TLS, pinned or checked by authorities.

Every client (the window's link, the headless clients) dials through here, so a table's
certificate is checked the same way everywhere: a ``wss://`` address with a pin in its
fragment accepts exactly that certificate (app/net/wire/tls.py), one without is checked
against the system's authorities. A wrong certificate is ``WrongCertificate``: one line
naming the host, and the caller must not try again (it would meet the same certificate).
A ``wss://`` address never falls back to clear text.
"""

from __future__ import annotations

import ssl
from typing import Any

from websockets.asyncio.client import connect

from app.core.words.net_words import untrusted_certificate, wrong_certificate
from app.net.wire.tls import PinMismatch, read_url

__all__ = ["WrongCertificate", "dial", "shown"]


class WrongCertificate(Exception):
    """The server's certificate is not the one expected; the message is the player's line."""


def dial(url: str, context: ssl.SSLContext | None = None, **options: Any) -> connect:
    """``websockets``' ``connect`` for ``url`` (pinned or not), to use with ``async with``;
    a certificate refused raises ``WrongCertificate`` on entering. (``context``: one to use
    instead of the url's, for a ``wss://`` address: a test's own authority.)"""
    where = read_url(url)
    context = (context if where.url.startswith("wss://") else None) or where.context
    return _Checked(where.url, where.pin, where.host_name, ssl=context, **options) if context \
        else connect(where.url, **options)


def shown(url: str) -> str:
    """The address as a player reads it: without the pin's fragment."""
    return read_url(url).url


class _Checked(connect):
    """``connect`` that turns a refused certificate into ``WrongCertificate``."""

    def __init__(self, url: str, pin: str | None, host_name: str | None, **options: Any) -> None:
        super().__init__(url, **options)
        self._shown, self._pin, self._host_name = url, pin, host_name

    async def __aenter__(self) -> Any:
        try:
            return await super().__aenter__()
        except PinMismatch:
            raise WrongCertificate(wrong_certificate(self._host_name, self._shown)) from None
        except ssl.SSLCertVerificationError as problem:
            if self._pin is not None:
                raise WrongCertificate(wrong_certificate(self._host_name, self._shown)) from None
            raise WrongCertificate(untrusted_certificate(self._shown, problem.verify_message
                                                         or str(problem))) from None
