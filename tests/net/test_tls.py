"""Encrypted, always: the app's own certificate (made once, kept, a damaged one made anew),
a table hosted on this computer served over TLS and joined pinned to its fingerprint, a
wrong fingerprint refused before the hello with one line naming the host (and no coming
back), a venue's certificate from a test CA (trustme) checked through ``SSL_CERT_FILE``, and
``parlour serve`` with --tls-cert/--tls-key, or beyond loopback with a certificate of its own.
Real sockets on 127.0.0.1 only, every wait bounded."""

from __future__ import annotations

import asyncio
import os
import ssl
import stat
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Iterator

import pytest
import trustme

from app.cli.serve import Certificate, on_loopback, tls_context
from app.net.client.client import BotClient, ClientFailure
from app.net.client.link import Link
from app.net.server.hosting import LocalServer
from app.net.server.server import Server
from app.net.wire.tls import (
    canonical_fingerprint, client_context, fingerprint, fingerprint_of_file, own_identity, pinned_url, read_url,
    server_context,
)
from tests.net.conftest import REPO, stop_process

WAIT_S = 30.0
WRONG = "this is not Hana's table: its certificate does not match the invitation"
WHIST_ALONE = {"create": {"game": "whist", "seats": 4, "remote": 0, "difficulty": "easy", "options": {}}}


# --- the app's own certificate -------------------------------------------------------------------

def test_the_own_certificate_is_made_once_kept_and_its_key_private(tmp_path: Path) -> None:
    first = own_identity(tmp_path / "tls")
    assert stat.S_IMODE(os.stat(first.key).st_mode) == 0o600
    assert first.fingerprint == fingerprint_of_file(first.cert)
    assert canonical_fingerprint(first.fingerprint) == first.fingerprint and len(first.fingerprint) == 52
    again = own_identity(tmp_path / "tls")
    assert again == first, "kept: the same certificate, so invitations already sent still pin it"


def test_a_damaged_pair_is_moved_aside_and_made_anew(tmp_path: Path) -> None:
    first = own_identity(tmp_path / "tls")
    first.key.write_text("not a key")
    second = own_identity(tmp_path / "tls")
    assert second.fingerprint != first.fingerprint
    assert sorted(p.name.split(".bad-")[0] for p in (tmp_path / "tls").glob("*.bad-*")) == ["cert.pem", "key.pem"]
    # A certificate and a key that do not belong together are damaged too.
    other = own_identity(tmp_path / "other")
    second.key.write_bytes(other.key.read_bytes())
    assert own_identity(tmp_path / "tls").fingerprint not in (first.fingerprint, second.fingerprint)


def test_the_fingerprint_has_one_canonical_text() -> None:
    text = fingerprint(b"some certificate")
    assert canonical_fingerprint(text.upper()) == text
    assert canonical_fingerprint(" ".join(text[i:i + 4] for i in range(0, 52, 4))) == text
    assert canonical_fingerprint(text[:-1]) is None and canonical_fingerprint(text[:-1] + "1") is None


# --- a table hosted on this computer ------------------------------------------------------------

@pytest.fixture
def hosted(tmp_path: Path) -> Iterator[LocalServer]:
    server = LocalServer(tmp_path / "hosted", port=0, host="127.0.0.1", announce=False).start()
    assert server.wait(WAIT_S) and server.failure is None, server.failure
    yield server
    server.stop()


def test_a_hosted_table_is_served_over_tls_and_played_pinned(hosted: LocalServer) -> None:
    assert hosted.url.startswith("wss://127.0.0.1:") and hosted.identity is not None
    assert read_url(hosted.url).pin == hosted.identity.fingerprint

    async def play() -> list[dict[str, Any]]:
        welcomed: asyncio.Future[str] = asyncio.get_running_loop().create_future()
        create = {"create": {**WHIST_ALONE["create"], "remote": 1}}
        host = BotClient(hosted.url, create, "easy", name="Hana", timeout_s=WAIT_S,
                         on_welcome=lambda m: welcomed.set_result(m["table"]))
        host_task = asyncio.ensure_future(host.run())
        code = await asyncio.wait_for(welcomed, WAIT_S)
        invitation = hosted.invitation(code, "whist", "Hana")
        guest = BotClient(invitation.url, {"code": code}, "easy", name="Bo", timeout_s=WAIT_S)
        return [await guest.run(), await host_task]

    results = asyncio.run(play())
    assert [r["seat"] for r in results] == [1, 0]
    assert all(r["outcome"] is not None and r["errors"] == 0 for r in results)


def test_a_tampered_fingerprint_is_refused_before_any_hello(hosted: LocalServer,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    assert hosted.server is not None
    met: list[Any] = []
    real = hosted.server._greet

    async def greet(conn: Any) -> bool:      # every connection that got past the handshake
        met.append(conn)
        return await real(conn)

    monkeypatch.setattr(hosted.server, "_greet", greet)
    bare = read_url(hosted.url).url
    tampered = pinned_url(bare, fingerprint(b"somebody else"), "Hana")
    client = BotClient(tampered, {"code": "ABCDEF"}, "easy", timeout_s=WAIT_S)
    with pytest.raises(ClientFailure) as refused:
        asyncio.run(client.run())
    assert str(refused.value) == WRONG
    assert met == [] and hosted.server.tables == {}, "the server saw no hello"
    # The control: the right pin gets as far as the hello (and a refusal of the code).
    right = BotClient(hosted.url, {"code": "ABCDEF"}, "easy", timeout_s=WAIT_S)
    with pytest.raises(ClientFailure, match="no table has the code"):
        asyncio.run(right.run())
    assert len(met) == 1


def test_the_windows_link_says_the_line_once_and_does_not_try_again(hosted: LocalServer) -> None:
    tampered = pinned_url(read_url(hosted.url).url, fingerprint(b"somebody else"), "Hana")
    link = Link(tampered, {"code": "ABCDEF", "name": "Bo"})
    deadline = time.monotonic() + WAIT_S
    while link.running:
        assert time.monotonic() < deadline, "the link kept trying"
        time.sleep(0.01)
    notes = []
    while not link.inbox.empty():
        notes.append(link.inbox.get())
    assert [(n.kind, n.data) for n in notes] == [("failed", WRONG)]


def test_an_unpinned_client_does_not_trust_the_own_certificate(hosted: LocalServer) -> None:
    client = BotClient(read_url(hosted.url).url, {"code": "ABCDEF"}, "easy", timeout_s=WAIT_S)
    with pytest.raises(ClientFailure, match="could not prove who it is: its certificate is not trusted"):
        asyncio.run(client.run())


# --- a venue's certificate, from an authority ----------------------------------------------------

@pytest.fixture
def authority(tmp_path: Path) -> tuple[trustme.CA, Path, Path, Path]:
    """A CA made for the test, a certificate it issued for 127.0.0.1, and their files."""
    ca = trustme.CA()
    issued = ca.issue_cert("127.0.0.1", "localhost")
    ca_file, cert, key = tmp_path / "ca.pem", tmp_path / "cert.pem", tmp_path / "key.pem"
    ca.cert_pem.write_to_path(str(ca_file))
    issued.cert_chain_pems[0].write_to_path(str(cert))
    issued.private_key_pem.write_to_path(str(key))
    return ca, ca_file, cert, key


def _serve(data: Path, *extra: str) -> tuple[subprocess.Popen[str], list[str]]:
    process = subprocess.Popen([sys.executable, "-m", "app", "serve", "--host", "127.0.0.1", "--port", "0",
                                "--data", str(data), "--no-announce", *extra],
                               cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env={**os.environ, "PYTHONUNBUFFERED": "1"})
    assert process.stdout is not None
    lines = [process.stdout.readline().strip()]
    if lines[0].startswith("parlour server listening on wss://"):
        lines.append(process.stdout.readline().strip())
    return process, lines


def test_serve_with_a_venue_certificate_is_trusted_through_ssl_cert_file(
        tmp_path: Path, authority: tuple[trustme.CA, Path, Path, Path]) -> None:
    _, ca_file, cert, key = authority
    process, lines = _serve(tmp_path / "venue", "--tls-cert", str(cert), "--tls-key", str(key))
    try:
        assert lines[0].startswith("parlour server listening on wss://127.0.0.1:"), lines
        assert lines[1] == f"certificate fingerprint: {fingerprint_of_file(cert)}"
        url = lines[0].rsplit(" ", 1)[-1]
        env = {**os.environ, "SSL_CERT_FILE": str(ca_file)}
        host = subprocess.run([sys.executable, "-m", "app", "host", "whist", "--server", url, "--remote", "0",
                               "--bot", "easy", "--name", "Ann"], cwd=REPO, capture_output=True, text=True,
                              env=env, timeout=120)
        assert host.returncode == 0, host.stderr
        said = host.stdout.splitlines()
        assert said[0].split()[:3] == ["table", said[0].split()[1], "at"] and said[0].endswith(url)
        assert said[1].startswith("invite: parlour://127.0.0.1:") and "fp=" not in said[1], \
            "a venue's invitation needs no pin: the authorities vouch for it"
        # Without the test's CA this computer trusts nobody who vouches for that certificate.
        env.pop("SSL_CERT_FILE")
        refused = subprocess.run([sys.executable, "-m", "app", "join", url, "ABCDEF", "--bot", "easy"],
                                 cwd=REPO, capture_output=True, text=True, env=env, timeout=60)
        assert refused.returncode == 1 and "its certificate is not trusted" in refused.stderr
    finally:
        stop_process(process)


def test_the_client_context_trusts_an_injected_authority(authority: tuple[trustme.CA, Path, Path, Path],
                                                         tmp_path: Path) -> None:
    """The same handshake in process: a context that trusts the test's CA plays a game."""
    ca, _, cert, key = authority

    async def play() -> dict[str, Any]:
        server = Server(grace_s=30)
        stop, bound = asyncio.Event(), []
        task = asyncio.ensure_future(server.run("127.0.0.1", 0, lambda h, p: bound.append(p), stop,
                                                server_context(cert, key)))
        while not bound:
            await asyncio.sleep(0.01)
        try:
            context = client_context()
            ca.configure_trust(context)
            client = BotClient(f"wss://127.0.0.1:{bound[0]}", WHIST_ALONE, "easy", timeout_s=WAIT_S,
                               context=context)
            return await client.run()
        finally:
            stop.set()
            await task

    result = asyncio.run(play())
    assert result["outcome"] is not None and result["errors"] == 0


# --- serve beyond loopback ----------------------------------------------------------------------

def test_serve_beyond_loopback_makes_and_keeps_its_own_certificate(tmp_path: Path) -> None:
    assert on_loopback("127.0.0.1") and on_loopback("::1") and on_loopback("localhost")
    assert not on_loopback("0.0.0.0") and not on_loopback("192.0.2.7") and not on_loopback("example.org")
    plain, none = tls_context("127.0.0.1", tmp_path / "a", Certificate())
    assert plain is None and none is None, "loopback without a certificate: plain ws:// (tests, netbench)"
    context, printed = tls_context("192.0.2.7", tmp_path / "b", Certificate())     # (nothing is bound)
    assert isinstance(context, ssl.SSLContext) and printed == fingerprint_of_file(tmp_path / "b" / "tls" / "cert.pem")
    assert tls_context("0.0.0.0", tmp_path / "b", Certificate())[1] == printed, "kept in its data folder"
    proxied = tls_context("0.0.0.0", tmp_path / "c", Certificate(proxied=True))
    assert proxied == (None, None), "behind a proxy that speaks TLS: plain ws:// to the proxy"


def test_serve_with_its_own_certificate_prints_the_fingerprint_a_pinned_client_plays(tmp_path: Path) -> None:
    process, lines = _serve(tmp_path / "own", "--own-cert")
    try:
        assert lines[0].startswith("parlour server listening on wss://127.0.0.1:"), lines
        printed = lines[1].removeprefix("certificate fingerprint: ")
        assert printed == fingerprint_of_file(tmp_path / "own" / "tls" / "cert.pem")
        url = pinned_url(lines[0].rsplit(" ", 1)[-1], printed)
        result = asyncio.run(BotClient(url, WHIST_ALONE, "easy", timeout_s=WAIT_S).run())
        assert result["outcome"] is not None
    finally:
        stop_process(process)


def test_serve_refuses_files_that_are_no_certificate_in_one_line(tmp_path: Path) -> None:
    junk = tmp_path / "junk.pem"
    junk.write_text("nothing\n")
    done = subprocess.run([sys.executable, "-m", "app", "serve", "--port", "0", "--data", str(tmp_path / "d"),
                           "--tls-cert", str(junk), "--tls-key", str(junk)],
                          cwd=REPO, capture_output=True, text=True, timeout=60)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.startswith(f"parlour serve: cannot serve TLS with {junk} and {junk}: they are not a PEM")
    lone = subprocess.run([sys.executable, "-m", "app", "serve", "--tls-cert", str(junk)],
                          cwd=REPO, capture_output=True, text=True, timeout=60)
    assert lone.returncode == 2 and "--tls-cert and --tls-key go together" in lone.stderr


def test_a_system_with_no_authorities_falls_back_to_certifi(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """(As the one-file executable on a system whose bundle is elsewhere.)"""
    import certifi

    monkeypatch.setenv("SSL_CERT_FILE", str(tmp_path / "none.pem"))
    monkeypatch.setenv("SSL_CERT_DIR", str(tmp_path / "none"))
    bundle = ssl.create_default_context(cafile=certifi.where()).get_ca_certs()
    assert bundle and client_context().get_ca_certs() == bundle
    monkeypatch.setenv("SSL_CERT_FILE", str(Path(certifi.where())))     # a bundle given: that one
    assert client_context().verify_mode == ssl.CERT_REQUIRED and client_context().check_hostname
