"""The Whist table: the shared trick table, with the dealer's turned card lying face up
beside the dealer until the dealer's first play."""

from __future__ import annotations

from app.window.scenes.replay_watch import ReplayControls
from app.window.scenes.review import ReviewControls
from app.window.tables.tricks import TrickTable


class WhistTable(TrickTable):
    name = "whist"

    def _dealer_holds_turned(self) -> bool:
        return True


Table = WhistTable


class Replay(ReplayControls, WhistTable):
    """Whist watched from a recording."""


class Review(ReviewControls, WhistTable):
    """Whist reviewed with the coach."""
