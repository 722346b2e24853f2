"""Helpers for headless UI tests: an app driven frame by frame with posted pygame events."""

from __future__ import annotations

from typing import Any, Callable, Iterator

import pygame

from app.core.session import SeatPlan, Session, Setup
from app.window.shell import App
from app.window.tables import table_for
from games.registry import GAMES

FRAME = 1 / 60


def make_app(size: tuple[int, int] = (1280, 800)) -> App:
    return App(size=size, headless=True)


def fast_app(size: tuple[int, int] = (1280, 800)) -> Iterator[App]:
    """An app with fast animations for a fixture (``yield from fast_app()``), closed after."""
    app = make_app(size)
    app.settings.animation_speed = "fast"
    try:
        yield app
    finally:
        pygame.quit()


def step_until(app: App, condition: Callable[[], bool], frames: int = 3000) -> None:
    for _ in range(frames):
        if condition():
            return
        app.step(FRAME)
        settle(app)
    raise AssertionError("the condition never came true")


def settle(app: App) -> None:
    """Let a thinking bot, or a solver job of the table (a hint, a deal being found),
    finish, as it would have in the real time these frames stand for."""
    from app.cli.bench import settle as settle_scene

    settle_scene(app.scenes.top)


def post_key(app: App, key: int, unicode: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=unicode, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=unicode, scancode=0))
    app.step(FRAME)


def click(app: App, pos: tuple[int, int], button: int = 1) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    app.step(FRAME)


def drag(app: App, start: tuple[int, int], end: tuple[int, int], steps: int = 6) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    app.step(FRAME)
    for i in range(1, steps + 1):
        pos = (start[0] + (end[0] - start[0]) * i // steps, start[1] + (end[1] - start[1]) * i // steps)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
        app.step(FRAME)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    app.step(FRAME)


def table(app: App, game_id: str, humans: int = 1, seats: int | None = None, seed: int = 3,
          difficulty: str = "easy", options: dict[str, Any] | None = None) -> Any:
    spec = GAMES[game_id]
    count = seats or spec.default_seats
    plans = [SeatPlan(i < humans, difficulty) for i in range(count)]
    opts = {o.key: o.default for o in spec.options} | (options or {})
    scene = table_for(game_id)(app, Session(spec, Setup(game_id, plans, opts, seed)))
    app.start(scene)
    return scene


# --- real-time tables: the app's input clock is a fake one, advanced frame by frame ----------

FRAME_MS = 16


class FakeClock:
    """Stands in for pygame.time.get_ticks, so key presses get the stamps a test chooses."""

    def __init__(self, start_ms: int) -> None:
        self.now = start_ms

    def __call__(self) -> int:
        return self.now


def fake_clock_app(start_ms: int = 10_000, size: tuple[int, int] = (1280, 800)) -> App:
    app = make_app(size)
    app.clock_fake = FakeClock(start_ms)  # type: ignore[attr-defined]
    app.ticks = app.clock_fake  # type: ignore[attr-defined]
    return app


def frame(app: App, frames: int = 1) -> None:
    """Run whole frames, moving the fake clock on by one frame's time before each."""
    for _ in range(frames):
        app.clock_fake.now += FRAME_MS  # type: ignore[attr-defined]
        app.step(FRAME_MS / 1000)


def say_ready(app: App) -> None:
    """At a reflex table before the start, every human at the keys presses their first key
    (the fair start), then a frame runs: the countdown begins."""
    scene = app.scenes.top
    for seat in scene.at_keys():
        key = scene.keys.by_seat[seat][0]
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    if hasattr(app, "clock_fake"):
        frame(app)
    else:
        app.step(FRAME)


def texts_drawn(monkeypatch: Any, *modules: Any) -> list[str]:
    """Every text the ``modules`` draw from now on (their ``render_text`` is recorded)."""
    texts: list[str] = []
    for module in modules:
        real = module.render_text

        def record(text: str, *args: Any, _real: Any = real, **kwargs: Any) -> Any:
            texts.append(text)
            return _real(text, *args, **kwargs)

        monkeypatch.setattr(module, "render_text", record)
    return texts
