"""The scene protocol, the manager that keeps scenes on a stack, and what a scene may ask
of the app around it.

A scene gets ``on_enter``/``on_exit`` once per switch, ``handle_event`` for each input
event, ``update(dt)`` with elapsed seconds and ``draw(surface)``. An overlay scene (pause,
rules) is drawn over the scene beneath it, which keeps its picture but stops updating.

Scenes never import the shell (app/window/shell.py) nor each other to open one another:
they see the app as ``AppServices`` (the window, the settings, the stack, notices) and go
anywhere through its ``nav``, a ``Navigator``. The shell makes the one implementation
(app/window/routes.py), the one module that imports the scenes it opens. So the shell leads
to the scenes, and the scenes lead back only to this module: no import circle (tests/test_layers.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Protocol

import pygame

from app.window.render.reuse import copy_into
from app.window.ui.chat import ChatPanel, spoken_line as chat_words

if TYPE_CHECKING:
    from app.core.kept_seats import KeptSeat
    from app.core.replay_file import Replay
    from app.core.session import Setup
    from app.core.table_session import NetworkedSession, TableSession
    from app.core.storage import Settings
    from app.net.client.remote import RemoteSession
    from app.window.render.cards import CardRenderer
    from app.window.speech import Speech
    from games.core.words import Words
    from games.registry import GameSpec


class Scene:
    overlay = False
    name = "scene"

    def __init__(self, app: AppServices) -> None:
        self.app = app

    def on_enter(self) -> None:
        """Called when the scene becomes the top of the stack."""

    def on_exit(self) -> None:
        """Called when the scene leaves the top of the stack."""

    def handle_event(self, event: pygame.event.Event) -> None:
        """One input event."""

    def intercept(self, event: pygame.event.Event) -> bool:
        """A first look at an event, before ``handle_event`` (and any subclass's override
        of it): True when the scene used it up (a table's open chat takes every key)."""
        return False

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole scene."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size: recompute the layout."""

    def notice_area(self) -> pygame.Rect | None:
        """Where the app's notices may go on this scene without covering what it draws
        (None: across the top, the default)."""
        return None

    def spoken_focus(self) -> str | None:
        """What has the keyboard's focus, as a screen reader says it ("Whist, 4 players,
        button"); the app speaks it when it changes. None: nothing to say."""
        return None

    def spoken_news(self) -> list[str]:
        """Lines to say as they come, besides the focus: a chat's new lines, on any scene
        that keeps one as ``chat`` (a networked table, the lobby)."""
        chat = getattr(self, "chat", None)
        return [chat_words(line) for line in chat.unheard()] if isinstance(chat, ChatPanel) else []


class SceneManager:
    def __init__(self) -> None:
        self.stack: list[Scene] = []
        # The picture under the top overlay, kept while it cannot change: scenes beneath
        # the top one do not update, so redrawing a whole table under a pause menu every
        # frame only cost time (2-5 ms a frame).
        # Kept with what it shows: the ids of the scenes drawn and the window's size.
        self._beneath: tuple[tuple[tuple[int, ...], tuple[int, int]], pygame.Surface] | None = None
        self._spare: pygame.Surface | None = None

    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> None:
        if self.top:
            self.top.on_exit()
        self.stack.append(scene)
        scene.on_enter()

    def pop(self) -> Scene | None:
        if not self.stack:
            return None
        scene = self.stack.pop()
        scene.on_exit()
        if self.top:
            self.top.on_enter()
        return scene

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for ``scene``."""
        if self.stack:
            self.stack.pop().on_exit()
        self.stack.append(scene)
        scene.on_enter()

    def reset(self, scene: Scene) -> None:
        """Clear the stack and start over with ``scene`` (back to the menu)."""
        while self.stack:
            self.stack.pop().on_exit()
        self.push(scene)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type != pygame.MOUSEMOTION:
            self._beneath = None  # (a setting changed from the overlay shows at once)
        if self.top and not self.top.intercept(event):
            self.top.handle_event(event)

    def update(self, dt: float) -> None:
        if self.top:
            self.top.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        first = len(self.stack) - 1
        while first > 0 and self.stack[first].overlay:
            first -= 1
        below, top = self.stack[first:-1], self.stack[first:][-1:]
        key = (tuple(map(id, below)), surface.get_size())
        if below and self._beneath is not None and self._beneath[0] == key:
            surface.blit(self._beneath[1], (0, 0))
        else:
            for scene in below:
                scene.draw(surface)
            # A scene still making its first picture (painting cards ahead) is not kept.
            kept = below and all(getattr(scene, "settled", True) for scene in below)
            self._beneath = None
            if kept:
                self._spare = copy_into(self._spare, surface)
                self._beneath = (key, self._spare)
        for scene in top:
            scene.draw(surface)

    def resize(self, size: tuple[int, int]) -> None:
        for scene in self.stack:
            scene.resize(size)


class AppServices(Protocol):
    """What a scene needs of the app: the window, the shared services, the stack it sits
    on, and the navigator. ``App`` (app/window/shell.py) is the one implementation."""

    screen: pygame.Surface
    settings: Settings
    cards: CardRenderer              # the card renderer, made anew when the cards' looks change
    scenes: SceneManager
    nav: Navigator
    ticks: Callable[[], int]         # the clock input is stamped with (tests swap it)
    on_close: list[Callable[[], object]]   # what must end with the app (a hosted game's server)
    menu_focus: int                  # the game the menu had chosen, kept for its next showing
    asks_name: bool                  # the menu asks a new player's name once
    room: tuple[int, int]            # the largest window the desktop holds (Settings' sizes)
    speech: Speech                   # what is said aloud (a screen reader, the speech log)

    @property
    def animation_speed(self) -> float: ...

    def save_settings(self) -> None: ...

    def notify(self, message: str, seconds: float = 4.0) -> None: ...

    def quit(self) -> None: ...


class TableLike(Protocol):
    """What the scenes a table opens over itself (pause, history, the wash) and the
    navigator need of it. ``TableScene`` (app/window/scenes/table.py) is the shape; this
    names it without importing it, so the table may open them through ``nav``."""

    @property
    def app(self) -> AppServices: ...

    @property
    def session(self) -> TableSession: ...

    @property
    def watching(self) -> bool: ...

    def again(self) -> None:
        """A new deal at a table like this one, in its place."""

    def say(self, text: str, seconds: float = 2.5) -> None: ...

    def to_player(self, text: Words | str) -> str: ...

    def history_layout(self) -> tuple[pygame.Rect, int, list[str]]: ...

    def draw_log(self, surface: pygame.Surface) -> None: ...

    def spoken_history(self, count: int = 6) -> str: ...

    def wash_back(self, width: int) -> pygame.Surface: ...

    @property
    def settled(self) -> bool: ...

    def prepare_hidden(self, budget: float) -> None:
        """Work for the first frames, done while the wash hides the table."""


class Navigator(Protocol):
    """Where a scene can go. Each call builds the scene and puts it on the stack, pushed over
    the caller (so back comes to it) unless it says otherwise, or with ``replace`` in its place."""

    def menu(self) -> None:
        """Leave everything on screen for the main menu."""

    def setup(self, spec: GameSpec, setup: Setup | None = None, *, replace: bool = False) -> None:
        """The setup screen of a game (as ``setup`` last had it)."""

    def table(self, session: TableSession, *, replace: bool = False) -> TableLike:
        """The game's table, playing ``session``; returns it."""

    def results(self, session: TableSession, remote: NetworkedSession | None = None) -> None:
        """The results of ``session`` in the place of its table (``remote``: the networked
        table's session, which plays again)."""

    def pause(self, table: TableLike) -> None:
        """The pause menu over ``table``."""

    def history(self, table: TableLike) -> None:
        """A reflex table's history, over it, with the game stopped."""

    def wash(self, table: TableLike) -> None:
        """The deck washed over ``table`` before its first deal, when it should be."""

    def rules(self, spec: GameSpec) -> None:
        """The rules of a game, over the caller."""

    def settings(self) -> None: ...

    def keys(self) -> None:
        """The reflex games' key bindings."""

    def stats(self) -> None: ...

    def replays(self) -> None:
        """The list of saved replays."""

    def replay(self, replay: Replay) -> None:
        """A replay played back on its game's table."""

    def review(self, replay: Replay, seat: int | None = None) -> None:
        """The coach's review of a replay (from ``seat``'s side; None: the human's)."""

    def online(self) -> None:
        """Play online: host or join."""

    def host(self, spec: GameSpec) -> None:
        """The setup of a table to host."""

    def join(self) -> None:
        """Join a table by address and code, or one found on the local network."""

    def lobby(self, session: RemoteSession, address: str, *, replace: bool = False) -> None:
        """The lobby of a networked table this app has joined (``session``) at ``address``."""

    def hosted_lobby(self, spec: GameSpec, create: dict[str, Any], internet: bool = False,
                     at: str | None = None) -> None:
        """The host's lobby: the app's own server opened, the table ``create`` made on it
        (``internet``: and the router asked to let friends beyond this network in); or the
        table made at the server ``at``, a venue, where the host's app is a client like the
        others'."""

    def back_to_table(self, seat: KeptSeat) -> None:
        """Sit down again at a networked table the app was closed at."""
