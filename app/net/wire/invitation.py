"""An invitation: one line a host pastes in a chat, holding everything a friend needs to join.

    parlour://192.168.1.20:8765/K7MQ2X?host=Hana&game=whist&fp=<52 base32 letters>

The address (an IPv6 one in brackets), the table's join code, who invites and to what game,
and the SHA-256 fingerprint of the host's certificate (app/net/wire/tls.py), which the joiner's
app pins. Without ``fp`` the server must show a certificate the system's authorities vouch
for (a venue). ``plain=1`` (a server speaking clear ``ws://``) is accepted only for an
address on this computer: an invitation never sends a game in clear text across a network.

Every field is percent-encoded, and the line always ends on a letter or digit, so
``find`` can pick it out of whatever words were pasted around it ("Join me! parlour://…
see you.") and ``parse`` refuses a broken one with a line a player understands.
"""

from __future__ import annotations

import ipaddress
import re
from dataclasses import dataclass
from urllib.parse import parse_qs, quote, urlsplit

from app.core.words.names import clean_name
from app.core.words.net_words import BROKEN_INVITATION, NOT_AN_INVITATION
from app.net.wire.addresses import DEFAULT_PORT
from app.net.wire.protocol import CODE_ALPHABET, CODE_LENGTH
from app.net.wire.tls import canonical_fingerprint, pinned_url, read_url

__all__ = ["SCHEME", "Invitation", "BadInvitation", "find", "parse", "for_url"]

SCHEME = "parlour"
_FOUND = re.compile(r"parlour://[A-Za-z0-9\[\]:._~%/?&=+-]+", re.IGNORECASE)   # (every field percent-encoded)
_TRAILING = ".,;:!?)]}>\"'"         # a sentence's punctuation after a pasted line


class BadInvitation(ValueError):
    """Not an invitation, or a broken one; the message is the player's line."""


@dataclass(frozen=True)
class Invitation:
    address: str            # a name or an IP (IPv6 without brackets)
    port: int
    code: str
    game: str | None = None
    host_name: str | None = None
    fingerprint: str | None = None
    plain: bool = False

    def text(self) -> str:
        """The one line to paste."""
        fields = [("host", self.host_name), ("game", self.game), ("plain", "1" if self.plain else None),
                  ("fp", self.fingerprint)]          # (fp last: the line ends on a letter)
        query = "&".join(f"{key}={quote(value, safe='').replace('.', '%2E')}" for key, value in fields
                         if value)
        return f"{SCHEME}://{self._netloc()}/{self.code}" + (f"?{query}" if query else "")

    def _netloc(self) -> str:
        host = f"[{self.address}]" if ":" in self.address else self.address
        return f"{host}:{self.port}"

    @property
    def url(self) -> str:
        """The address the client dials: ``wss://`` with the pin (or checked by authorities),
        ``ws://`` only for a plain server on this computer."""
        if self.plain:
            return f"ws://{self._netloc()}"
        bare = f"wss://{self._netloc()}"
        return pinned_url(bare, self.fingerprint, self.host_name) if self.fingerprint else bare


def find(text: str) -> Invitation:
    """The invitation inside ``text`` (words around it are ignored); raises ``BadInvitation``."""
    match = _FOUND.search(text)
    if match is None:
        raise BadInvitation(NOT_AN_INVITATION)
    return parse(match.group(0).rstrip(_TRAILING))


def parse(line: str) -> Invitation:
    """One invitation line, checked field by field; raises ``BadInvitation`` saying what is wrong."""
    try:
        parts = urlsplit(line.strip())
        port = parts.port
        address = parts.hostname
    except ValueError:
        raise _broken("its address or port is not one") from None
    if parts.scheme.lower() != SCHEME:
        raise BadInvitation(NOT_AN_INVITATION)
    if not address:
        raise _broken("it has no address")
    code = parts.path.strip("/").upper()
    if len(code) != CODE_LENGTH or any(ch not in CODE_ALPHABET for ch in code):
        raise _broken(f"its table code should be {CODE_LENGTH} letters and digits")
    fields = {key: values[0] for key, values in parse_qs(parts.query, keep_blank_values=True).items()}
    fingerprint = None
    if "fp" in fields:
        fingerprint = canonical_fingerprint(fields["fp"])
        if fingerprint is None:
            raise _broken("its certificate fingerprint is cut short or mistyped")
    plain = fields.get("plain") == "1"
    if plain and not _on_this_computer(address):
        raise _broken("it asks for a connection in clear text across the network")
    game = fields.get("game") or None
    if game is not None and not re.fullmatch(r"[a-z0-9_]{1,32}", game):
        raise _broken("its game is not one Parlour knows")
    name = clean_name(fields.get("host") or "") or None
    return Invitation(address, port or DEFAULT_PORT, code, game, name, fingerprint, plain)


def for_url(url: str, code: str, game: str | None = None, host_name: str | None = None,
            address: str | None = None, port: int | None = None) -> Invitation | None:
    """The invitation to table ``code`` at the server ``url`` (a client's address, pinned
    or not; ``address`` and ``port``: where friends dial instead of the url's, such as this
    machine's address on the network or the router's public one), or None for a clear-text
    server friends could not safely join (one beyond this computer)."""
    dial = read_url(url)
    parts = urlsplit(dial.url)
    where = address or parts.hostname or ""
    plain = parts.scheme == "ws"
    if plain and not _on_this_computer(where):
        return None
    return Invitation(where, port or parts.port or DEFAULT_PORT, code.upper(), game, host_name, dial.pin, plain)


def _broken(why: str) -> BadInvitation:
    return BadInvitation(BROKEN_INVITATION.format(why=why))


def _on_this_computer(address: str) -> bool:
    if address.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False
