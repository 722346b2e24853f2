"""The self-test plays one short game over loopback, so a packaged build that left out what
serve / host / join need (websockets, ssl, http, sqlite3) fails it; and a game that does
not finish in time fails it too, with one line saying so."""

from __future__ import annotations

import pytest

from app.cli import selftest

BOUND_S = 120.0


@pytest.mark.slow
def test_the_self_test_plays_a_game_over_loopback(capsys: pytest.CaptureFixture[str]) -> None:
    assert selftest._check_network(BOUND_S) == []
    line = capsys.readouterr().out.strip()
    assert line.startswith("network: a Nap game over loopback in ") and line.count("\n") == 0
    assert "(4 bot clients, " in line


def test_a_game_that_does_not_finish_fails_the_self_test(capsys: pytest.CaptureFixture[str]) -> None:
    assert selftest._check_network(0.001) == [
        "network: the Nap game over loopback did not finish within 0.001 s"]
    assert capsys.readouterr().out == ""


def test_a_server_that_cannot_start_fails_the_self_test(monkeypatch: pytest.MonkeyPatch) -> None:
    from app.net.server.server import Server

    async def refuse(*_args: object, **_kwargs: object) -> None:
        raise OSError("no sockets here")

    monkeypatch.setattr(Server, "run", refuse)
    assert selftest._check_network(BOUND_S) == ["network: OSError: no sockets here"]
