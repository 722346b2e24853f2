"""``parlour host --bot`` prints ``invite: parlour://…``; ``parlour join INVITATION`` (words
around it or not) sits at that table over TLS pinned to the host's certificate, and
``parlour parlour://…`` (what clicking an invitation runs) is the same join. A tampered
invitation is one line naming the host; a broken one says what is wrong. Real processes,
loopback only."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Iterator

import pytest

from app.net.wire.invitation import find
from app.net.wire.tls import fingerprint
from tests.net.conftest import REPO, stop_process

TIMEOUT_S = 120


def parlour(home: Path, *args: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PARLOUR_HOME": str(home), "PYTHONUNBUFFERED": "1"}
    return subprocess.Popen([sys.executable, "-m", "app", *args], cwd=REPO, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env)


@pytest.fixture
def hosting(tmp_path: Path) -> Iterator[tuple[subprocess.Popen[str], str, str]]:
    """``host whist --bot`` with one seat for a friend, on loopback: the process, its table
    line and its invitation line."""
    host = parlour(tmp_path / "host-home", "host", "whist", "--remote", "1", "--bot", "easy", "--name", "Hana",
                   "--listen", "127.0.0.1:0")
    assert host.stdout is not None
    table, invite = host.stdout.readline().strip(), host.stdout.readline().strip()
    try:
        yield host, table, invite
    finally:
        stop_process(host)


def test_host_prints_the_invitation_and_a_tampered_one_is_refused(
        hosting: tuple[subprocess.Popen[str], str, str], tmp_path: Path) -> None:
    _, table, invite = hosting
    said = table.split()
    assert said[0] == "table" and said[2] == "at" and said[3].startswith("wss://127.0.0.1:"), table
    assert invite.startswith(f"invite: parlour://127.0.0.1:{said[3].rsplit(':', 1)[1]}/{said[1]}?host=Hana&game=whist&fp=")
    invitation = find(invite)
    host_cert = tmp_path / "host-home" / "tls" / "cert.pem"
    from app.net.wire.tls import fingerprint_of_file

    assert invitation.fingerprint == fingerprint_of_file(host_cert), "the host's own certificate, kept in its data folder"
    tampered = invite.removeprefix("invite: ").replace(f"fp={invitation.fingerprint}", f"fp={fingerprint(b'x')}")
    refused = parlour(tmp_path / "guest-home", tampered, "--bot", "easy")      # (as a clicked invitation runs)
    out, err = refused.communicate(timeout=TIMEOUT_S)
    assert refused.returncode == 1 and out == ""
    assert err.strip() == "parlour join: this is not Hana's table: its certificate does not match the invitation"
    broken = parlour(tmp_path / "guest-home", "join", invite.removeprefix("invite: ")[:-5], "--bot", "easy")
    out, err = broken.communicate(timeout=TIMEOUT_S)
    assert broken.returncode == 2 and out == ""
    assert "this invitation is broken (its certificate fingerprint is cut short or mistyped)" in err


@pytest.mark.slow
def test_join_with_a_pasted_invitation_plays_the_game(hosting: tuple[subprocess.Popen[str], str, str],
                                                      tmp_path: Path) -> None:
    host, table, invite = hosting
    pasted = f"Join me! {invite.removeprefix('invite: ')} see you."
    guest = parlour(tmp_path / "guest-home", "join", pasted, "--bot", "easy", "--name", "Bo")
    results = []
    for process in (guest, host):
        out, err = process.communicate(timeout=TIMEOUT_S)
        assert process.returncode == 0, err
        results.append(json.loads(out.strip().splitlines()[-1]))
    assert [r["seat"] for r in results] == [1, 0] and results[0]["table"] == table.split()[1]
    assert results[0]["outcome"] == results[1]["outcome"] and results[0]["outcome"] is not None
