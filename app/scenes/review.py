"""The Review screen: a replay on its own table with the coach beside it.

The replay plays back as on the Replays screen (app/scenes/replay_watch.py); a panel on
the right holds the summary first, then the decision of the reviewed seat at (or next
after) the position shown: each option with its value, the chosen one and what it cost.

    M next mistake · Shift+M previous mistake · V review the next seat
    (and the replay's keys: Space, → step, 1 2 4 speed, L log, Esc back)

The analysis runs in the worker (app/commands/review.py's ``review_part``), in parts for
the trick games and Abstrac so the panel shows "Analysing…" with how far it has got; never
in a frame. A jump rebuilds the table at the position before the decision (the rules
replay the actions, quick; the solvers are not involved).
"""

from __future__ import annotations

from concurrent.futures import Future
from functools import lru_cache
from typing import Any

import pygame

from app import worker
from app.commands.review import SPLITS, decision_indices, default_seat, merge, review_part, seat_name
from app.render.text import font, render_text, wrap
from app.replay_file import Replay
from app.scenes.replay_watch import ReplayControls, ReplaySession
from app.ui import theme
from app.ui.review_words import decision_lines, summary, where
from games.core.analysis import Decision, Review

PART = 4  # decisions per worker job: small enough for the progress to move
REVIEW_KEYS = "M next mistake · Shift+M previous · V seat"


class ReviewJob:
    """One seat's analysis in the worker, in parts; ``result`` once every part is back."""

    def __init__(self, replay: Replay, seat: int) -> None:
        self.seat = seat
        self.result: Review | None = None
        self.error = ""
        args = (replay.game_id, len(replay.seats), dict(replay.options), replay.seed, list(replay.actions), seat)
        indices = decision_indices(replay.actions, seat)
        if replay.game_id in SPLITS and indices:
            parts = [indices[i:i + PART] for i in range(0, len(indices), PART)]
            self.jobs: list[Future] = [worker.submit(review_part, *args, part) for part in parts]
        else:
            self.jobs = [worker.submit(review_part, *args, None)]

    @property
    def progress(self) -> float:
        return sum(job.done() for job in self.jobs) / len(self.jobs)

    def poll(self) -> bool:
        """True once the review (or an error) is in."""
        if self.result is not None or self.error:
            return True
        if not all(job.done() for job in self.jobs):
            return False
        try:
            self.result = merge([job.result() for job in self.jobs])
        except Exception as problem:  # a broken worker: say so rather than wait forever
            self.error = f"The analysis failed: {problem}"
        return True

    def cancel(self) -> None:
        for job in self.jobs:
            job.cancel()


class Coach:
    """What the Review screen keeps across the tables it rebuilds when it jumps: the replay,
    the seat under review and each seat's analysis."""

    def __init__(self, replay: Replay, seat: int | None = None) -> None:
        self.replay = replay
        self.seat = default_seat(replay) if seat is None else seat
        self.jobs: dict[int, ReviewJob] = {}
        self.job  # start at once

    @property
    def job(self) -> ReviewJob:
        if self.seat not in self.jobs:
            self.jobs[self.seat] = ReviewJob(self.replay, self.seat)
        return self.jobs[self.seat]

    @property
    def review(self) -> Review | None:
        job = self.job
        job.poll()
        return job.result

    def next_seat(self) -> None:
        self.seat = (self.seat + 1) % len(self.replay.seats)

    def close(self) -> None:
        for job in self.jobs.values():
            job.cancel()


class ReviewControls(ReplayControls):
    """Mixed in front of a table class, like ReplayControls: the replay plus the coach."""

    name = "review"

    def __init__(self, app: Any, session: ReplaySession, coach: Coach) -> None:
        self.coach = coach
        super().__init__(app, session)
        self.paused = True  # the summary first: the player starts the playback
        if not self.spectator:
            self.viewer = coach.seat

    # the keys -------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_m:
            self.jump_to_mistake(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_v:
            self.review_next_seat()
            return
        super().handle_event(event)

    def leave(self) -> None:
        self.coach.close()
        super().leave()

    def restart(self) -> None:
        self.jump(0)

    def review_next_seat(self) -> None:
        if len(self.coach.replay.seats) < 2:
            return
        self.coach.next_seat()
        if not self.spectator:
            self.viewer = self.coach.seat
            self.resize(self.window)
            self.sync(self.current_view())
        self.say(f"Reviewing {self.people[self.coach.seat]}", 1.5)

    def jump_to_mistake(self, direction: int) -> None:
        review = self.coach.review
        if review is None:
            self.say("Still analysing", 1.0)
            return
        done = self.session.done
        mistakes = [d.index for d in review.mistakes]
        later = [i for i in mistakes if (i > done if direction > 0 else i < done)]
        if not later:
            self.say("No more mistakes" if direction > 0 else "No earlier mistake", 1.2)
            return
        self.jump(later[0] if direction > 0 else later[-1])

    def jump(self, index: int) -> None:
        """Show the position before action ``index``, paused."""
        self.app.scenes.replace(open_review_at(self.app, self.coach, index, push=False))

    # the frame ------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.coach.job.poll()
        super().update(dt)

    def table_size(self) -> tuple[int, int]:
        w, h = super().table_size()
        return w - self.panel_width(), h

    def panel_width(self) -> int:
        w = self.window[0]
        return max(250, min(420, int(w * 0.3)))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        w, h = self.window
        bottom = h - (self.strip_height() if self.bar_shown else 0)
        self._draw_panel(surface, pygame.Rect(w - self.panel_width(), 0, self.panel_width(), bottom))

    # the panel ------------------------------------------------------------------------------

    def current_decision(self, review: Review) -> tuple[Decision | None, bool]:
        """The seat's decision at the position shown or next after it (True), else the last."""
        done = self.session.done
        upcoming = [d for d in review.decisions if d.index >= done]
        if upcoming:
            return upcoming[0], True
        return (review.decisions[-1], False) if review.decisions else (None, False)

    def _draw_panel(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        s = theme.scale_for(self.window)
        surface.fill((10, 34, 23), box)
        pygame.draw.line(surface, theme.GOLD_DARK, box.topleft, box.bottomleft, 2)
        pad = max(8, int(14 * s))
        inner = box.inflate(-2 * pad, -2 * pad)
        y = inner.top
        who = seat_name(self.coach.replay, self.coach.seat)
        title = "Review" if who == "You" else f"Review: {who}"
        y = self._lines(surface, [title], inner, y, max(15, int(22 * s)), theme.GOLD, bold=True)
        job = self.coach.job
        review = self.coach.review
        size = max(12, int(15 * s))
        if job.error:
            self._lines(surface, wrap(job.error, font(size), inner.width), inner, y + 6, size, theme.DANGER)
            return
        if review is None:
            self._draw_analysing(surface, inner, y + 8, size, job.progress)
            return
        y = self._lines(surface, wrap(summary(review, who), font(size), inner.width), inner, y + 6, size, theme.INK)
        decision, ahead = self.current_decision(review)
        if decision is not None and y < inner.bottom - 3 * size:
            y += size
            head = where(decision, review.unit)
            head = (("Now: " if decision.index == self.session.done else "Next: ") if ahead else "Last: ") + head
            colour = theme.DANGER if decision.mistake else theme.GOLD
            y = self._lines(surface, [head[0].upper() + head[1:]], inner, y, size, colour, bold=True)
            lines = [piece for line in decision_lines(decision, review.unit) for piece in wrap(line, font(size - 1), inner.width)]
            y = self._lines(surface, lines, inner, y + 2, size - 1, theme.INK)
        hint = REVIEW_KEYS if len(self.coach.replay.seats) > 1 else REVIEW_KEYS.rsplit(" · ", 1)[0]
        keys = wrap(hint, font(max(11, size - 2)), inner.width)
        self._lines(surface, keys, inner, inner.bottom - len(keys) * int(max(11, size - 2) * 1.3), max(11, size - 2),
                    theme.INK_DIM)

    def _draw_analysing(self, surface: pygame.Surface, inner: pygame.Rect, y: int, size: int, done: float) -> None:
        text = f"Analysing… {int(done * 100)}%"
        y = self._lines(surface, [text], inner, y, size, theme.INK)
        track = pygame.Rect(inner.left, y + 4, inner.width, max(4, size // 3))
        pygame.draw.rect(surface, (30, 70, 48), track, border_radius=3)
        filled = track.copy()
        filled.width = int(track.width * done)
        pygame.draw.rect(surface, theme.GOLD, filled, border_radius=3)

    def _lines(self, surface: pygame.Surface, lines: list[str], inner: pygame.Rect, y: int, size: int,
               colour: tuple, bold: bool = False) -> int:
        step = int(size * 1.3)
        for line in lines:
            if y + step > inner.bottom + step // 2:
                break
            surface.blit(render_text(line, size, colour, bold=bold), (inner.left, y))
            y += step
        return y


@lru_cache(maxsize=None)
def review_table(game_id: str) -> type:
    """The game's table class with the review controls in front of it."""
    from app.tables import table_for

    table = table_for(game_id)
    return type(f"Review{table.__name__}", (ReviewControls, table), {})


def open_review_at(app: Any, coach: Coach, index: int = 0, push: bool = True) -> Any:
    """A Review table showing the position before action ``index`` (pushed on the scene
    stack unless ``push`` is False: then the caller places it)."""
    session = ReplaySession(coach.replay)
    for action in coach.replay.actions[:index]:
        session.apply(action)
    if index:
        session.opening = []  # the table draws the position as it is, not the first deal
        session.resumed = True  # type: ignore[attr-defined]
    scene = review_table(coach.replay.game_id)(app, session, coach)
    if push:
        app.scenes.push(scene)
    scene.resize(app.screen.get_size())
    return scene


def open_review(app: Any, replay: Replay, seat: int | None = None) -> Any:
    """The Review screen for a replay, from its start, paused on the summary."""
    return open_review_at(app, Coach(replay, seat))
