"""The scene protocol and the manager that keeps scenes on a stack.

A scene gets ``on_enter``/``on_exit`` once per switch, ``handle_event`` for each input
event, ``update(dt)`` with elapsed seconds and ``draw(surface)``. An overlay scene (pause,
rules) is drawn over the scene beneath it, which keeps its picture but stops updating.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from app.window.render.reuse import copy_into
if TYPE_CHECKING:
    from app.window.shell import App


class Scene:
    overlay = False
    name = "scene"

    def __init__(self, app: App) -> None:
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


class SceneManager:
    def __init__(self) -> None:
        self.stack: list[Scene] = []
        # The picture under the top overlay, kept while it cannot change: scenes beneath
        # the top one do not update, so redrawing a whole table under a pause menu every
        # frame only cost time (2-5 ms a frame).
        self._beneath: tuple[tuple, pygame.Surface] | None = None
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
