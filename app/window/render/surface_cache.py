"""Caches of pictures bounded by the bytes they hold, not by how many.

A cache of a hundred small pips and one of a hundred window-sized panels are not alike: a
count that suits the first lets the second hold gigabytes. Dragging the window's edge
makes a new size of every panel, shade and felt on each frame, and counted caches took
the app from 60 MB to 880 MB over 400 sizes. Each cache here drops its least recently
used pictures once their pixels pass its budget, and :func:`held_bytes` adds up every
cache, for the tests that hold the whole to a bound.
"""

from __future__ import annotations

import functools
import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, ParamSpec, Protocol, TypeVar

import pygame

MB = 1024 * 1024

K = TypeVar("K", bound=Hashable)
P = ParamSpec("P")



class Held(Protocol):
    """A cache of surfaces, as :func:`held_bytes` adds them up."""

    name: str
    bytes: int
    max_bytes: int


_ALL: weakref.WeakSet[Held] = weakref.WeakSet()   # (a card renderer's cache goes with it)


def register(cache: Held) -> None:
    """Count ``cache`` in :func:`held_bytes` and :func:`budget` for as long as it lives."""
    _ALL.add(cache)


def size_of(surface: pygame.Surface) -> int:
    """The bytes of a surface's pixels (what it costs to keep)."""
    return surface.get_height() * surface.get_pitch()


class SurfaceLRU(Generic[K]):
    """Surfaces by key, least recently used first out once over ``max_bytes``. The one just
    put stays, even alone over the budget: the frame that asked for it will draw it."""

    def __init__(self, name: str, max_bytes: int) -> None:
        self.name = name
        self.max_bytes = max_bytes
        self.bytes = 0
        self._items: OrderedDict[K, pygame.Surface] = OrderedDict()
        register(self)

    def __len__(self) -> int:
        return len(self._items)

    def get(self, key: K) -> pygame.Surface | None:
        surface = self._items.get(key)
        if surface is not None:
            self._items.move_to_end(key)
        return surface

    def put(self, key: K, surface: pygame.Surface) -> pygame.Surface:
        old = self._items.pop(key, None)
        if old is not None:
            self.bytes -= size_of(old)
        self._items[key] = surface
        self.bytes += size_of(surface)
        while self.bytes > self.max_bytes and len(self._items) > 1:
            _, dropped = self._items.popitem(last=False)
            self.bytes -= size_of(dropped)
        return surface

    def clear(self) -> None:
        self._items.clear()
        self.bytes = 0


class CachedPainter(Generic[P]):
    """A function that paints a surface from hashable arguments, with its pictures kept in
    a :class:`SurfaceLRU` (``cache``; ``cache_clear`` as ``functools.lru_cache`` has)."""

    def __init__(self, paint: Callable[P, pygame.Surface], max_bytes: int) -> None:
        self.paint = paint
        self.cache: SurfaceLRU[Hashable] = SurfaceLRU(f"{paint.__module__}.{paint.__qualname__}", max_bytes)
        functools.update_wrapper(self, paint)

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> pygame.Surface:
        key = (args, tuple(sorted(kwargs.items()))) if kwargs else args
        surface = self.cache.get(key)
        return surface if surface is not None else self.cache.put(key, self.paint(*args, **kwargs))

    def cache_clear(self) -> None:
        self.cache.clear()


def cached_surfaces(max_bytes: int) -> Callable[[Callable[P, pygame.Surface]], CachedPainter[P]]:
    """Like ``functools.lru_cache`` for a function that paints a surface, bounded by the
    bytes of what it keeps rather than by their number."""
    def wrap(paint: Callable[P, pygame.Surface]) -> CachedPainter[P]:
        return CachedPainter(paint, max_bytes)
    return wrap


def clear_all() -> None:
    """Empty every surface cache (the theme or the text size changed: what they hold was
    painted in the old looks)."""
    for cache in list(_ALL):
        clear = getattr(cache, "clear", None)
        if clear is not None:
            clear()


def held_bytes() -> int:
    """The bytes every surface cache holds now."""
    return sum(cache.bytes for cache in _ALL)


def budget() -> int:
    """What every surface cache may hold at most, together."""
    return sum(cache.max_bytes for cache in _ALL)


def held() -> dict[str, int]:
    """Each cache's name and the bytes it holds (for a test's message, and for looking)."""
    return {cache.name: cache.bytes for cache in _ALL}
