"""The end of a Seahaven deal: won or given up, this deal's moves and time, and the
player's record (played, won, win rate, best time, fewest moves, streaks)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from app.core import storage
from app.core.words.deal_words import deal_number
from app.window.render.text import px, render_text
from app.window.scenes.results import ResultsScene
from app.window.ui import theme
from games.seahaven.rules import SeahavenState

if TYPE_CHECKING:
    from app.core.table_session import TableSession
    from app.window.scenes.base import AppServices


def clock(seconds: float | None) -> str:
    if seconds is None:
        return "none yet"
    minutes, rest = divmod(int(seconds), 60)
    return f"{minutes}:{rest:02d}"


class SeahavenResults(ResultsScene):
    name = "seahaven_results"

    def __init__(self, app: AppServices, session: TableSession, seconds: float) -> None:
        """``seconds``: how long the deal was played (the table's clock)."""
        self.seconds = seconds
        self.moves = session.state_as(SeahavenState).moves
        super().__init__(app, session)

    def _record(self) -> None:
        """Count the deal with its time and moves (a demonstration game is not counted)."""
        self.won = bool(self.outcome and self.outcome.winners)
        self.stats = storage.load_stats().for_game(self.session.spec.id)
        if self.session.humans and self.outcome is not None:
            self.stats = storage.record_result(self.session.spec.id, self.won,
                                               self.seconds if self.won else None, self.moves)

    @property
    def headline(self) -> str:
        return "You win!" if self.won else "Deal given up"

    def _draw_placings(self, surface: pygame.Surface, box: pygame.Rect, s: float) -> None:
        st = self.stats
        rate = f"{100 * st.won / st.played:.0f}%" if st.played else "-"
        deal = self.session.state_as(SeahavenState).deal
        lines = [
            (f"{deal_number(deal)}: {self.moves} moves in {clock(self.seconds)}", theme.GOLD),
            (f"Played {st.played}   ·   won {st.won}   ·   win rate {rate}", theme.INK),
            (f"Best time {clock(st.best_seconds)}   ·   fewest moves {st.fewest_moves or 'none yet'}", theme.INK),
            (f"Current streak {st.streak}   ·   best streak {st.best_streak}", theme.INK),
        ]
        size = max(14, int(22 * s))
        y = box.top + int(140 * s)
        for text, colour in lines:
            image = render_text(text, size, colour, bold=colour == theme.GOLD)
            surface.blit(image, image.get_rect(midtop=(box.centerx, y)))
            y += int(px(size) * 1.7)
