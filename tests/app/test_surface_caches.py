"""Every cache of pictures under app/window/render and ui is bounded by bytes (issue 28,
16: dragging the window through 400 sizes took the app from 60 MB to 880 MB, a panel
cache bounded by count holding 256 window-sized panels)."""

from __future__ import annotations

import gc

import pygame
import pytest

from app.cli import bench
from app.window.render import surface_cache
from app.window.render.cards import CardRenderer
from app.window.render.surface_cache import MB, SurfaceLRU, size_of
from games.core.cards import Card

from tests.app.ui_driver import FRAME, make_app


def sheet(width: int, height: int = 100) -> pygame.Surface:
    return pygame.Surface((width, height), pygame.SRCALPHA)


def test_the_least_recently_used_go_once_past_the_bytes_and_the_newest_stays():
    cache: SurfaceLRU[str] = SurfaceLRU("test", 3 * size_of(sheet(100)))
    for key in "abc":
        cache.put(key, sheet(100))
    cache.get("a")                                   # used: now the newest but one
    cache.put("d", sheet(100))
    assert cache.get("b") is None and all(cache.get(k) is not None for k in "acd")
    assert cache.bytes == 3 * size_of(sheet(100))
    cache.put("huge", sheet(1000))                   # alone over the budget: kept, the rest go
    assert len(cache) == 1 and cache.get("huge") is not None
    cache.clear()
    assert cache.bytes == 0


def test_card_faces_keep_to_their_bytes_and_never_drop_the_width_in_use():
    pygame.init()
    renderer = CardRenderer()
    cache = renderer._cache
    cache.max_bytes = 2 * MB
    for width in range(60, 200, 10):
        for name in ("AS", "KH", "QD", "JC"):
            renderer.face(Card.parse(name), width)
        assert cache.bytes <= cache.max_bytes or len(cache._widths["face"]) == 1
        assert renderer.has_face(Card.parse("AS"), width)   # the width just drawn is there
    pygame.quit()


@pytest.mark.parametrize("scene", ["menu", "pause", "whist", "nails"])
def test_400_window_sizes_keep_every_cache_within_its_bytes(scene):
    app = make_app()
    app.settings.animation_speed = "fast"
    bench.stage(app, bench.scenes()[scene])
    for i in range(400):
        size = (800 + (i * 7) % 800, 560 + (i * 5) % 440)    # 800 x 560 up to 1600 x 1000
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
        app.step(FRAME)
    assert app.screen.get_size() == size
    gc.collect()                                     # (renderers of earlier tests, gone)
    held = surface_cache.held()
    assert surface_cache.held_bytes() <= 160 * MB, held   # some 60-70 MB; 880 MB before
    over = [cache.name for cache in surface_cache._ALL if cache.bytes > cache.max_bytes]
    assert not over, held
    pygame.quit()
