"""Easing functions and tweens.

An easing function maps progress t in [0, 1] to [0, 1]. A ``Tween`` moves one attribute of
one object from a start to an end value; the ``Animator`` owns the running tweens, ticks
them with elapsed seconds and replaces an old tween when a new one targets the same
attribute of the same object.

>>> class Box: x = 0.0
>>> box, animator = Box(), Animator()
>>> animator.tween(box, "x", 10.0, 1.0, linear)
>>> animator.update(0.5); box.x
5.0
>>> animator.update(1.0); box.x, animator.busy
(10.0, False)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable

Easing = Callable[[float], float]


def linear(t: float) -> float:
    return t


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    return 4 * t ** 3 if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float) -> float:
    """Overshoots a little and settles: a card landing with some life."""
    c1 = 1.70158
    return 1 + (c1 + 1) * (t - 1) ** 3 + c1 * (t - 1) ** 2


def ease_out_sine(t: float) -> float:
    return math.sin(t * math.pi / 2)


def lerp(a: Any, b: Any, t: float) -> Any:
    """Interpolate numbers or equal-length tuples of numbers."""
    if isinstance(a, tuple):
        return tuple(x + (y - x) * t for x, y in zip(a, b))
    return a + (b - a) * t


class Movable:
    """A mixin for things drawn at ``x``, ``y`` (fields of the class using it): ``pos`` reads
    and writes both at once, so one tween moves the thing.

    >>> from dataclasses import dataclass
    >>> @dataclass
    ... class Dot(Movable):
    ...     x: float
    ...     y: float
    >>> dot = Dot(0.0, 0.0); dot.pos = (3.0, 4.0); dot.x, dot.pos
    (3.0, (3.0, 4.0))
    """

    x: float
    y: float

    @property
    def pos(self) -> tuple[float, float]:
        return (self.x, self.y)

    @pos.setter
    def pos(self, value: tuple[float, float]) -> None:
        self.x, self.y = value


@dataclass
class Tween:
    target: Any
    attr: str
    start: Any
    end: Any
    duration: float
    ease: Easing
    delay: float = 0.0
    elapsed: float = 0.0
    on_done: Callable[[], None] | None = None

    def step(self, dt: float) -> bool:
        """Advance by ``dt`` seconds; return True when finished."""
        self.elapsed += dt
        t = self.elapsed - self.delay
        if t < 0:
            return False
        progress = 1.0 if self.duration <= 0 else min(1.0, t / self.duration)
        setattr(self.target, self.attr, lerp(self.start, self.end, self.ease(progress)))
        return progress >= 1.0


class Animator:
    """The running tweens of one scene. ``speed`` scales time (0 means instant)."""

    def __init__(self, speed: float = 1.0) -> None:
        self.speed = speed
        self._tweens: dict[tuple[int, str], Tween] = {}

    def tween(self, target: Any, attr: str, end: Any, duration: float,
              ease: Easing = ease_out_cubic, delay: float = 0.0,
              on_done: Callable[[], None] | None = None) -> None:
        """Animate ``target.attr`` to ``end``; replaces any tween on the same attribute."""
        key = (id(target), attr)
        start = getattr(target, attr)
        if self.speed <= 0 or (duration <= 0 and delay <= 0):
            self._tweens.pop(key, None)
            setattr(target, attr, end)
            if on_done:
                on_done()
            return
        self._tweens[key] = Tween(target, attr, start, end, duration, ease, delay, on_done=on_done)

    def update(self, dt: float) -> None:
        if not self._tweens:
            return
        scaled = dt * self.speed if self.speed > 0 else 1e9
        finished = [key for key, tw in list(self._tweens.items()) if tw.step(scaled)]
        for key in finished:
            tween = self._tweens.pop(key, None)
            if tween and tween.on_done:
                tween.on_done()

    def moving(self, target: Any, attr: str) -> bool:
        """Whether a tween on ``target.attr`` is running."""
        return (id(target), attr) in self._tweens

    def cancel(self, target: Any) -> None:
        for key in [k for k in self._tweens if k[0] == id(target)]:
            del self._tweens[key]

    def finish_all(self) -> None:
        """Jump every tween to its end (used when the window is resized or skipping)."""
        while self._tweens:
            self.update(1e9)

    @property
    def busy(self) -> bool:
        return bool(self._tweens)
