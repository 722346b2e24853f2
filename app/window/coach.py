"""Opening the Review screen (app/window/scenes/review.py) from other scenes. Kept outside
app.scenes, as app.window.tables is, so the results screen can offer Review without the scenes
importing each other in a circle (review -> replay_watch -> table -> results)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any


if TYPE_CHECKING:
    from app.window.shell import App

def open_review(app: App, replay: Any, seat: int | None = None) -> Any:
    from app.window.scenes.review import open_review as open_scene

    return open_scene(app, replay, seat)
