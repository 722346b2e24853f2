"""Scenes under an overlay (pause, rules) do not update, so their picture is kept rather
than redrawn each frame; an input event, which may change a setting they show, or a new
window size draws them afresh."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from app.window.scenes.base import Scene, SceneManager


class Painter(Scene):
    def __init__(self, colour, overlay=False, settled=True):
        self.colour, self.overlay, self.settled, self.draws = colour, overlay, settled, 0

    def draw(self, surface):
        self.draws += 1
        surface.fill(self.colour, pygame.Rect(0, 0, 40, 30) if self.overlay else None)


def test_the_picture_under_an_overlay_is_drawn_once_until_something_may_change_it():
    pygame.display.init()
    try:
        screen = pygame.Surface((80, 60))
        table, pause = Painter((10, 120, 40)), Painter((200, 180, 60), overlay=True)
        scenes = SceneManager()
        scenes.push(table)
        scenes.push(pause)
        for _ in range(5):
            scenes.draw(screen)
        assert table.draws == 1 and pause.draws == 5
        assert screen.get_at((70, 50))[:3] == (10, 120, 40) and screen.get_at((5, 5))[:3] == (200, 180, 60)
        scenes.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(1, 1), rel=(0, 0), buttons=(0, 0, 0)))
        scenes.draw(screen)
        assert table.draws == 1                  # hovering changes nothing beneath
        scenes.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode=""))
        table.colour = (90, 30, 30)              # as a setting changed from the overlay would
        scenes.draw(screen)
        assert table.draws == 2 and screen.get_at((70, 50))[:3] == (90, 30, 30)
        scenes.draw(pygame.Surface((100, 70)))   # another window size
        assert table.draws == 3
        scenes.pop()
        scenes.draw(screen)
        scenes.draw(screen)
        assert table.draws == 5                  # on top again, it draws every frame
    finally:
        pygame.display.quit()


def test_a_scene_still_making_its_first_picture_is_not_kept():
    screen = pygame.Surface((80, 60))
    table, rules = Painter((10, 120, 40), settled=False), Painter((250, 250, 240), overlay=True)
    scenes = SceneManager()
    scenes.push(table)
    scenes.push(rules)
    scenes.draw(screen)
    scenes.draw(screen)
    assert table.draws == 2
    table.settled = True
    scenes.draw(screen)
    scenes.draw(screen)
    assert table.draws == 3
