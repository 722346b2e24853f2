"""The invitation in the window: the host's lobby shows it with Copy, which puts exactly
that line on the system clipboard (or says there is none); the Join screen's first box
takes it pasted with Ctrl+V among other words, keeps only the line and its code, and Enter
sits the friend at the table over TLS, pinned. Real pygame events, a real hosted server on
127.0.0.1 (the clipboard's SDL calls are swapped: a headless test has no system clipboard)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

import app.window.ui.clipboard as clipboard
from app.net.server import hosting
from app.core.words.net_words import INVITE_COPIED, NO_CLIPBOARD
from app.net.client.remote import RemoteSession
from app.net.server.hosting import LocalServer
from app.window.scenes.join import JoinScene
from app.window.scenes.lobby import LobbyScene
from app.window.shell import App
from games.registry import GAMES
from tests.app.test_online_ui import app, drawn, frames_until, no_network_list, own_server  # noqa: F401 (fixtures)
from tests.app.ui_driver import FRAME, click, post_key

CREATE = {"game": "whist", "seats": 4, "remote": 1, "difficulty": "easy", "options": {}}


def test_the_lobby_copies_its_invitation(app: App, own_server: list[LocalServer], drawn: list[str],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    app.settings.player_name = "Hana"
    lobby = LobbyScene.hosting(app, GAMES["whist"], dict(CREATE))
    app.start(lobby)
    frames_until(app, lambda: lobby.session is not None and lobby.session.status == "waiting")
    invitation = lobby.invitation
    assert invitation is not None and invitation.host_name == "Hana" and invitation.game == "whist"
    assert invitation.code == lobby.session.code and invitation.fingerprint == own_server[0].identity.fingerprint
    copied: list[str] = []
    monkeypatch.setattr(clipboard, "copy", lambda text: copied.append(text) or True)
    click(app, lobby.copy_button.rect.center)
    assert copied == [invitation.text()]
    app.step(FRAME)
    assert INVITE_COPIED in drawn
    monkeypatch.setattr(clipboard, "copy", lambda text: False)       # a system with no clipboard
    post_ctrl(app, pygame.K_c)
    app.step(FRAME)
    assert NO_CLIPBOARD in drawn


def post_ctrl(app: App, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=pygame.KMOD_LCTRL, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=pygame.KMOD_LCTRL, unicode="", scancode=0))
    app.step(FRAME)


def test_the_join_box_takes_a_pasted_invitation_and_joins_pinned(
        app: App, own_server: list[LocalServer], no_network_list: None,
        monkeypatch: pytest.MonkeyPatch) -> None:
    local = hosting.local_server()         # (own_server's: loopback, a free port)
    assert local.wait(30) and own_server == [local]
    host = RemoteSession.host(local.url, dict(CREATE), "Hana")
    frames_until(app, lambda: host.code is not None, host)
    invitation = local.invitation(host.code or "", "whist", "Hana")
    pasted = f"Hi! Join me: {invitation.text()} see you at eight."
    monkeypatch.setattr(clipboard, "paste", lambda: pasted)
    app.settings.player_name = "Bo"
    app.start(JoinScene(app))
    join = app.scenes.top
    post_ctrl(app, pygame.K_v)                     # into the first box, which has the focus
    assert join.address.text == invitation.text() and join.code.text == invitation.code
    assert join._invited_to() == f"Whist with Hana, at 127.0.0.1:{local.port}"    # (the box shows its end)
    post_key(app, pygame.K_RETURN)
    frames_until(app, lambda: isinstance(app.scenes.top, LobbyScene), host)
    joined = app.scenes.top.session
    assert joined.seat == 1 and joined.url == invitation.url      # pinned to the host's certificate
    frames_until(app, lambda: any(p.name == "Bo" for p in host.players), host)
    host.close_table()


def test_a_broken_pasted_invitation_says_what_is_wrong(app: App, no_network_list: None,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(clipboard, "paste", lambda: "parlour://10.0.0.2:8765/K7MQ2X?fp=abc")
    app.start(JoinScene(app))
    post_ctrl(app, pygame.K_v)
    post_key(app, pygame.K_RETURN)
    join: Any = app.scenes.top
    assert join.joining is None
    assert join.problem == ("This invitation is broken (its certificate fingerprint is cut short or mistyped): "
                            "ask for it again, and paste the whole line")
