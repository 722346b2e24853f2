"""The Play online screens for tools/screenshot.py: the choice, the host's setup, the join
screen with two tables found, and a lobby with people sitting down and a few chat lines
(a stand-in session: no server is needed to look at the screen)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from app.net.wire.chat_line import ChatLine
from app.net.wire.discovery import Found, ListedTable
from app.net.client.table_finder import TableFinder
from games.registry import GAMES


@dataclass
class Seat:
    name: str
    kind: str
    taken: bool
    connected: bool
    level: str | None = None


@dataclass
class DemoSession:
    """What the lobby reads of a ``RemoteSession``."""

    spec: Any
    status: str = "waiting"
    failure: str | None = None
    code: str = "K7QM2X"
    seat: int | None = 0
    players: list[Seat] = field(default_factory=list)
    chat: list[ChatLine] = field(default_factory=list)

    def poll(self) -> None:
        pass

    def take_errors(self) -> list[str]:
        return []

    def send_chat(self, text: str) -> None:
        self.chat.append(ChatLine("Ann", 0, text))

    def start_now(self) -> None:
        pass

    def leave(self) -> None:
        pass


def demo_lobby(app: Any, game: str, open_chat: bool = False) -> Any:
    from app.window.scenes.lobby import LobbyScene

    seats = [Seat("Ann", "host", True, True), Seat("Bartholomew", "remote", True, True),
             Seat("", "remote", False, False), Seat("Computer", "bot", True, True, "hard")]
    count = GAMES[game].default_seats
    seats = (seats + [Seat("", "remote", False, False)] * 8)[:count]
    chat = [ChatLine("Bartholomew", 1, "Evening all! Ready when you are."), ChatLine("Ann", 0, "Waiting for Cath")]
    session = DemoSession(GAMES[game], players=seats, chat=chat)
    app.settings.player_name = "Ann"
    lobby = LobbyScene(app, session, "192.168.1.23:8765")
    if open_chat:
        lobby.update(0)
        lobby.chat.open()
    return lobby


def online_scene(app: Any, name: str) -> Any:
    import app.window.scenes.join as join

    if name == "online":
        from app.window.scenes.online import OnlineScene

        app.settings.player_name = "Ann"
        return OnlineScene(app)
    if name.startswith("host:"):
        from app.window.scenes.host_setup import HostSetupScene

        app.settings.player_name = "Ann"
        return HostSetupScene(app, GAMES[name.split(":", 1)[1]])
    if name.startswith("lobby:"):
        game, _, chat = name.split(":", 1)[1].partition(":")
        return demo_lobby(app, game, chat == "chat")
    found = [Found("parlour-den", "ws://192.168.1.23:8765", 1, (ListedTable("K7QM2X", "whist", 2, 4, "Ann"),)),
             Found("attic", "ws://192.168.1.40:8765", 1, (ListedTable("PQ3ZT8", "nash_whist", 1, 5, "Bartholomew"),))]
    join.look_for_tables = lambda: TableFinder(lambda seconds: found).start()
    return join.JoinScene(app)
