"""The navigator: the one place that knows every scene and how each is opened.

Scenes go somewhere by asking ``app.nav`` (a ``Navigator``, app/window/scenes/base.py), never
by importing the scene they open: the results screen offers the coach, the coach plays on
the game's table, the table ends in the results. Imported here, and only here, those
arrows form no circle; the shell makes the one ``Routes`` and every scene reaches it. A
scene's module is imported when first opened, so the app's start stays quick.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from app.window.scenes.base import AppServices, Scene, TableLike

if TYPE_CHECKING:
    from app.core.kept_seats import KeptSeat
    from app.core.replay_file import Replay
    from app.core.session import Setup
    from app.core.table_session import NetworkedSession, TableSession
    from app.net.client.remote import RemoteSession
    from app.window.scenes.replay_watch import ReplayControls
    from app.window.scenes.review import ReviewControls
    from games.registry import GameSpec


class Routes:
    """Opens each scene for ``app``: pushed over the caller, or in its place (``replace``)."""

    def __init__(self, app: AppServices) -> None:
        self.app = app

    def _open(self, scene: Scene, replace: bool = False) -> None:
        """Put ``scene`` on the stack, laid out for the window as it is now."""
        if replace:
            self.app.scenes.replace(scene)
        else:
            self.app.scenes.push(scene)
        scene.resize(self.app.screen.get_size())

    def menu(self) -> None:
        from app.window.scenes.menu import MenuScene

        self.app.scenes.reset(MenuScene(self.app))

    def setup(self, spec: GameSpec, setup: Setup | None = None, *, replace: bool = False) -> None:
        from app.window.scenes.setup import SetupScene

        self._open(SetupScene(self.app, spec, setup), replace)

    def table(self, session: TableSession, *, replace: bool = False) -> TableLike:
        from app.window.tables import table_for

        table = table_for(session.spec.id)(self.app, session)
        self._open(table, replace)
        return table

    def results(self, session: TableSession, remote: NetworkedSession | None = None) -> None:
        from app.window.scenes.results import ResultsScene

        self.app.scenes.replace(ResultsScene(self.app, session, remote=remote))

    def pause(self, table: TableLike) -> None:
        from app.window.scenes.pause import PauseScene

        self.app.scenes.push(PauseScene(self.app, table))

    def history(self, table: TableLike) -> None:
        from app.window.scenes.history import HistoryScene

        self.app.scenes.push(HistoryScene(self.app, table))

    def wash(self, table: TableLike) -> None:
        from app.window.anim import wash

        wash.offer(table)

    def rules(self, spec: GameSpec) -> None:
        from app.window.scenes.rules import RulesScene

        self.app.scenes.push(RulesScene(self.app, spec))

    def settings(self) -> None:
        from app.window.scenes.settings import SettingsScene

        self.app.scenes.push(SettingsScene(self.app))

    def keys(self) -> None:
        from app.window.scenes.keys import KeyBindingsScene

        self.app.scenes.push(KeyBindingsScene(self.app))

    def stats(self) -> None:
        from app.window.scenes.stats import StatsScene

        self.app.scenes.push(StatsScene(self.app))

    def replays(self) -> None:
        from app.window.scenes.replay_list import ReplaysScene

        self.app.scenes.push(ReplaysScene(self.app))

    def replay(self, replay: Replay) -> None:
        open_replay(self.app, replay)

    def review(self, replay: Replay, seat: int | None = None) -> None:
        open_review(self.app, replay, seat)

    def online(self) -> None:
        from app.window.scenes.online import OnlineScene

        self.app.scenes.push(OnlineScene(self.app))

    def host(self, spec: GameSpec) -> None:
        from app.window.scenes.host_setup import HostSetupScene

        self.app.scenes.push(HostSetupScene(self.app, spec))

    def join(self) -> None:
        from app.window.scenes.join import JoinScene

        self.app.scenes.push(JoinScene(self.app))

    def lobby(self, session: RemoteSession, address: str, *, replace: bool = False) -> None:
        from app.window.scenes.lobby import LobbyScene

        self._open(LobbyScene(self.app, session, address), replace)

    def hosted_lobby(self, spec: GameSpec, create: dict[str, Any], internet: bool = False,
                     at: str | None = None) -> None:
        from app.window.scenes.lobby import LobbyScene

        self._open(LobbyScene.hosting(self.app, spec, create, internet, at))

    def back_to_table(self, seat: KeptSeat) -> None:
        from app.window.scenes.back_to_table import BackToTableScene

        self.app.scenes.push(BackToTableScene(self.app, seat))


def open_replay(app: AppServices, replay: Replay) -> ReplayControls:
    """Put a replay's table (the game's ``Replay``) on top of the scene stack and return it."""
    from app.core.replay_session import ReplaySession
    from app.window.tables import replay_table_for

    scene = replay_table_for(replay.game_id)(app, ReplaySession(replay))
    app.scenes.push(scene)
    scene.resize(app.screen.get_size())
    return scene


def open_review(app: AppServices, replay: Replay, seat: int | None = None) -> ReviewControls:
    """The Review screen for a replay (the game's ``Review``), from its start, paused on the
    summary, on top of the scene stack; returns it."""
    from app.window.scenes.review import Coach, review_session
    from app.window.tables import review_table_for

    coach = Coach(replay, seat)
    scene = review_table_for(replay.game_id)(app, review_session(coach), coach)
    app.scenes.push(scene)
    scene.resize(app.screen.get_size())
    return scene
