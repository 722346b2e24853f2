"""TLS for every connection that leaves this machine: the app's own certificate, its
fingerprint, and the contexts both ends use.

A table hosted on a player's own computer has no name a certificate authority would vouch
for, so the app makes a certificate of its own once (an EC P-256 key, self-signed, valid for
decades) and keeps it in the data folder. The invitation carries the certificate's SHA-256
fingerprint and the joiner's app accepts exactly that certificate, whatever name it bears
(pinning, as Syncthing does): nobody in between can read the table or pose as the host. A
venue has a real certificate, checked against the system's authorities (or certifi's bundle
where the system has none, as in the one-file executable).

The pin is checked inside the TLS handshake itself (``_PinnedObject``), so a wrong
certificate ends the connection before a single byte of the WebSocket upgrade, let alone
the hello, is sent. A pinned address travels through the client as one string, the
``wss://`` address with the pin and the host's name in its fragment (``pinned_url``), so a
kept seat or a reconnecting link always dials the same certificate. No pygame, no sockets.
"""

from __future__ import annotations

import base64
import datetime
import hashlib
import os
import ssl
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qs, urlencode

__all__ = ["CERT_NAME", "KEY_NAME", "Identity", "PinMismatch", "Dial", "fingerprint", "fingerprint_of_file",
           "canonical_fingerprint", "own_identity", "server_context", "client_context", "pinned_url",
           "read_url"]

CERT_NAME = "cert.pem"
KEY_NAME = "key.pem"
VALID_DAYS = 100 * 365
FINGERPRINT_LENGTH = 52
"""SHA-256 in base32, lower case, no padding: url-safe, short enough for a chat line, and the
same read in any case (``canonical_fingerprint``)."""


class PinMismatch(ssl.SSLCertVerificationError):
    """The peer's certificate is not the one pinned (an ``ssl.SSLError``, so asyncio ends the
    handshake with it)."""


def fingerprint(der: bytes) -> str:
    """The canonical text of a DER certificate's SHA-256: 52 lower-case base32 letters and digits."""
    return base64.b32encode(hashlib.sha256(der).digest()).decode("ascii").rstrip("=").lower()


def canonical_fingerprint(text: str) -> str | None:
    """``text`` as the canonical fingerprint (any case, spaces, dashes or colons between),
    or None if it is not one."""
    cleaned = "".join(ch for ch in text if ch not in " -:").lower()
    if len(cleaned) != FINGERPRINT_LENGTH:
        return None
    try:
        digest = base64.b32decode(cleaned.upper() + "====")
    except ValueError:
        return None
    return cleaned if len(digest) == 32 else None


def fingerprint_of_file(cert: Path) -> str:
    """The fingerprint of the (first) certificate in a PEM file."""
    return fingerprint(ssl.PEM_cert_to_DER_cert(cert.read_text(encoding="ascii")))


@dataclass(frozen=True)
class Identity:
    """A certificate and its key on disk, and the certificate's fingerprint."""

    cert: Path
    key: Path
    fingerprint: str


def own_identity(folder: Path, name: str = "Parlour") -> Identity:
    """The app's own certificate in ``folder``, made there if missing. A pair that does not
    load (damaged, or key and certificate that do not belong together) is moved aside as
    ``*.bad-<time>`` and a new one made: hosting never stops on a bad file."""
    cert, key = folder / CERT_NAME, folder / KEY_NAME
    if cert.exists() or key.exists():
        try:
            server_context(cert, key)
            return Identity(cert, key, fingerprint_of_file(cert))
        except (OSError, ValueError, ssl.SSLError):
            _move_aside(cert, key)
    folder.mkdir(parents=True, exist_ok=True)
    cert_pem, key_pem = _make_pair(name)
    _write_atomically(key, key_pem, 0o600)      # the key first: a certificate never stands alone
    _write_atomically(cert, cert_pem, 0o644)
    return Identity(cert, key, fingerprint_of_file(cert))


def _make_pair(name: str) -> tuple[bytes, bytes]:
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, name)])
    now = datetime.datetime.now(datetime.timezone.utc) - datetime.timedelta(days=1)  # (a clock a little behind)
    cert = (x509.CertificateBuilder().subject_name(subject).issuer_name(subject).public_key(key.public_key())
            .serial_number(x509.random_serial_number()).not_valid_before(now)
            .not_valid_after(now + datetime.timedelta(days=VALID_DAYS))
            .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
            .sign(key, hashes.SHA256()))
    key_pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                serialization.NoEncryption())
    return cert.public_bytes(serialization.Encoding.PEM), key_pem


def _write_atomically(path: Path, data: bytes, mode: int) -> None:
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, mode)
    try:
        os.write(handle, data)
        os.fsync(handle)
    finally:
        os.close(handle)
    os.chmod(temporary, mode)       # (whatever the umask made of it)
    os.replace(temporary, path)


def _move_aside(*paths: Path) -> None:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for path in paths:
        if path.exists():
            os.replace(path, path.with_name(f"{path.name}.bad-{stamp}"))


def server_context(cert: Path, key: Path) -> ssl.SSLContext:
    """A server's context for this certificate and key (raises if they do not load or match)."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.load_cert_chain(cert, key)
    return context


class _PinnedObject(ssl.SSLObject):
    """An SSL object that, once the handshake is done, accepts only the pinned certificate."""

    pin = ""

    def do_handshake(self) -> None:
        super().do_handshake()
        der = self.getpeercert(binary_form=True)
        if der is None or fingerprint(der) != self.pin:
            raise PinMismatch("the certificate does not match the pinned fingerprint")


def client_context(pin: str | None = None) -> ssl.SSLContext:
    """A client's context: with ``pin``, one that accepts exactly the certificate of that
    fingerprint, whatever its name; without, one that checks the certificate and name
    against the system's authorities (``SSL_CERT_FILE`` honoured), or certifi's bundle
    where the system offers none."""
    if pin is not None:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
        context.minimum_version = ssl.TLSVersion.TLSv1_2
        context.check_hostname = False
        context.verify_mode = ssl.CERT_NONE       # no authority vouches: the pin does
        context.sslobject_class = type("Pinned", (_PinnedObject,), {"pin": pin})
        return context
    context = ssl.create_default_context()
    if not _system_has_authorities():
        try:
            import certifi
        except ImportError:
            return context
        context.load_verify_locations(cafile=certifi.where())
    return context


def _system_has_authorities() -> bool:
    """Whether OpenSSL finds a bundle or folder of authorities here (``SSL_CERT_FILE`` and
    ``SSL_CERT_DIR`` included); a one-file build on a system laid out otherwise may find none."""
    paths = ssl.get_default_verify_paths()
    return paths.cafile is not None or (paths.capath is not None and any(Path(paths.capath).iterdir()))


# --- a pinned address, as one string through the client ------------------------------------

@dataclass(frozen=True)
class Dial:
    """What a client dials: the WebSocket address, and for a pinned table its fingerprint and
    the host's name (said when the certificate is wrong)."""

    url: str
    pin: str | None = None
    host_name: str | None = None

    @property
    def context(self) -> ssl.SSLContext | None:
        return client_context(self.pin) if self.url.startswith("wss://") else None


def pinned_url(url: str, pin: str, host_name: str | None = None) -> str:
    """``url`` (``wss://H:P``) with ``pin`` and the host's name in its fragment."""
    fields = {"fp": pin, **({"by": host_name} if host_name else {})}
    return f"{url.split('#', 1)[0]}#{urlencode(fields)}"


def read_url(url: str) -> Dial:
    """The address, pin and host's name of a url made by ``pinned_url`` (or a bare one)."""
    bare, _, fragment = url.partition("#")
    fields = parse_qs(fragment)
    pin = canonical_fingerprint(fields["fp"][0]) if "fp" in fields else None
    name = fields["by"][0] if "by" in fields else None
    return Dial(bare, pin, name)
