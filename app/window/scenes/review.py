"""The Review screen: a replay on its own table with the coach beside it.

The replay plays back as on the Replays screen (app/window/scenes/replay_watch.py); a panel on
the right holds the summary first, then the decision of the reviewed seat at (or next
after) the position shown: each option with its value, the chosen one and what it cost.

    M next mistake · Shift+M previous mistake · V review the next seat
    (and the replay's keys: Space, → step, 1 2 4 speed, L log, Esc back)

The analysis runs in the worker (app/core/review.py's ``review_part``), never in a frame,
a hand at a time (Abstrac and the Nash game: a few decisions at a time), first hand first:
the panel shows the hands back so far at once, under "Reviewing hand 3 of 8…". A jump rebuilds the table at the position before the decision (the rules
replay the actions, quick; the solvers are not involved).
"""

from __future__ import annotations

import re

from concurrent.futures import Future
from typing import TYPE_CHECKING

import pygame

from app.core import worker
from app.core.review import default_seat, hands_of, merge, review_part, seat_name, splits
from app.window.render.text import font, px, render_text, wrap
from app.window.render.vector import Color
from app.core.replay_file import Replay
from app.core.replay_session import ReplaySession
from app.window.scenes.replay_watch import ReplayControls
from app.window.ui import theme
from app.core.words.review_words import HEADINGS, bid_heading, bid_lines, decision_head, decision_lines, reviewing, summary
from games.core.analysis import Decision, Review

if TYPE_CHECKING:
    from app.window.scenes.base import AppServices

PART = 4  # decisions per worker job in a game without hands: small enough for the progress to move
WIDE = 1100  # from this window width the panel sits beside the table, else below it
REVIEW_KEYS = "M next mistake · Shift+M previous · V seat"


class ReviewJob:
    """One seat's analysis in the worker, a hand at a time, first hand first: ``partial``
    is the review of the hands back so far (in order), ``result`` the whole once every
    hand is in."""

    def __init__(self, replay: Replay, seat: int) -> None:
        self.seat = seat
        self.result: Review | None = None
        self.partial: Review | None = None
        self.error = ""
        args = (replay.game_id, len(replay.seats), dict(replay.options), replay.seed, list(replay.actions), seat)
        self.parts, self.by_hand = hands_of(*args, size=PART) if splits(replay.game_id) else ([], False)
        if self.parts:
            self.jobs: list[Future[Review]] = [worker.submit(review_part, *args, part) for part in self.parts]
        else:
            self.jobs = [worker.submit(review_part, *args, None)]
        self._merged = 0   # how many parts ``partial`` holds

    @property
    def progress(self) -> float:
        return self.hands_done / len(self.jobs)

    @property
    def hands_done(self) -> int:
        """The parts back from the worker, counted from the first (the screen shows them in order)."""
        return next((i for i, job in enumerate(self.jobs) if not job.done()), len(self.jobs))

    def progress_words(self) -> str:
        return reviewing(self.hands_done, len(self.jobs), self.by_hand)

    def poll(self) -> bool:
        """True once the review (or an error) is in; meanwhile ``partial`` grows."""
        if self.result is not None or self.error:
            return True
        done = self.hands_done
        if done == self._merged:
            return False
        try:
            self.partial = merge([job.result() for job in self.jobs[:done]])
        except Exception as problem:  # a broken worker: say so rather than wait forever
            self.error = f"The analysis failed: {problem}"
            return True
        self._merged = done
        if done == len(self.jobs):
            self.result = self.partial
        return self.result is not None

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
        """The review so far: the hands back from the worker (all of them once ``complete``)."""
        job = self.job
        job.poll()
        return job.partial

    @property
    def complete(self) -> bool:
        return self.job.result is not None

    def next_seat(self) -> None:
        self.seat = (self.seat + 1) % len(self.replay.seats)

    def close(self) -> None:
        for job in self.jobs.values():
            job.cancel()


class ReviewControls(ReplayControls):
    """Mixed in front of a table class, like ReplayControls: the replay plus the coach."""

    name = "review"

    def __init__(self, app: AppServices, session: ReplaySession, coach: Coach) -> None:
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
        mistakes = [d.index for d in review.costly]  # a bid that cost chips is one too
        later = [i for i in mistakes if (i > done if direction > 0 else i < done)]
        if not later and direction > 0 and not self.coach.complete:
            self.say("Still analysing the later hands", 1.2)
            return
        if not later:
            self.say("No more mistakes" if direction > 0 else "No earlier mistake", 1.2)
            return
        self.jump(later[0] if direction > 0 else later[-1])

    def jump(self, index: int) -> None:
        """Show the position before action ``index``, paused."""
        scene = type(self)(self.app, review_session(self.coach, index), self.coach)
        scene.resize(self.app.screen.get_size())
        self.app.scenes.replace(scene)

    # the frame ------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.coach.job.poll()
        super().update(dt)

    def table_size(self) -> tuple[int, int]:
        """The table keeps the room the panel leaves: beside it in a wide window, above it
        in a narrow one (a table needs some 800 pixels of width, but copes with less height)."""
        w, h = super().table_size()
        if self.panel_beside():
            return w - self.panel_extent(), h
        return w, h - self.panel_extent()

    def panel_beside(self) -> bool:
        return self.window[0] >= WIDE

    def panel_extent(self) -> int:
        """The panel's width beside the table, or its height below it."""
        w, h = self.window
        if self.panel_beside():
            return max(250, min(420, int(w * 0.3)))
        return max(150, int(h * 0.31))

    def panel_rect(self) -> pygame.Rect:
        w, h = self.window
        bottom = h - (self.strip_height() if self.bar_shown else 0)
        extent = self.panel_extent()
        if self.panel_beside():
            return pygame.Rect(w - extent, 0, extent, bottom)
        return pygame.Rect(0, bottom - extent, w, extent)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self._draw_panel(surface, self.panel_rect())

    def spoken_focus(self) -> str | None:
        """The coach's verdict on the decision at the position shown (said again as the
        playback or M moves to another); the summary before the first, and while the coach
        still works, that it does (not each step of its progress)."""
        job, review = self.coach.job, self.coach.review
        if job.error:
            return job.error
        if review is None:
            return "Review: the coach is analysing the game."
        decision, ahead = self.current_decision(review)
        if decision is None:
            return self.spoken_line(summary(review, seat_name(self.coach.replay, self.coach.seat), so_far=True))
        bid = decision.analysis.extra.get("bid")
        body = bid_lines(bid, heading=False) if bid is not None else decision_lines(decision, review.unit)
        head = decision_head(decision, review.unit, decision.index == self.session.done, ahead)
        # (each line a sentence; "take 3: +28 ← chosen" said "take 3: +28, chosen")
        said = [self.spoken_line(re.sub(r"\s*←\s*", ", ", line).strip().rstrip(".")) for line in [head, *body]]
        return ". ".join(line[:1].upper() + line[1:] for line in said if line) + "."

    # the panel ------------------------------------------------------------------------------

    def current_decision(self, review: Review) -> tuple[Decision | None, bool]:
        """The seat's decision at the position shown or next after it (True), else the last."""
        done = self.session.done
        upcoming = [d for d in review.decisions if d.index >= done]
        if upcoming:
            return upcoming[0], True
        if not self.coach.complete:  # the decision here is still in the worker
            return None, True
        return (review.decisions[-1], False) if review.decisions else (None, False)

    def _draw_panel(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        """Beside the table: one column, the summary above the decision. Below it: the
        summary on the left, the decision on the right."""
        s = theme.scale_for(self.window)
        surface.fill(theme.OPAQUE_PANEL[:3], box)
        edge = (box.topleft, box.bottomleft) if self.panel_beside() else (box.topleft, box.topright)
        pygame.draw.line(surface, theme.GOLD_DARK, *edge, 2)
        pad = max(8, int(14 * s))
        inner = box.inflate(-2 * pad, -2 * pad)
        size = max(12, int(15 * s))
        if self.panel_beside():
            first, second = inner, inner
        else:
            split = int(inner.width * 0.45)
            first = pygame.Rect(inner.left, inner.top, split - pad, inner.height)
            second = pygame.Rect(inner.left + split, inner.top, inner.width - split, inner.height)
        y = self._draw_summary(surface, first, size, s)
        if y is None:
            return
        keys_size = max(11, size - 2)
        hint = REVIEW_KEYS if len(self.coach.replay.seats) > 1 else REVIEW_KEYS.rsplit(" · ", 1)[0]
        keys = wrap(hint, font(keys_size), second.width)
        keys_top = second.bottom - len(keys) * int(px(keys_size) * 1.3)
        top = y + px(size) if second is first else second.top
        self._draw_decision(surface, pygame.Rect(second.left, top, second.width, keys_top - top), size)
        self._lines(surface, keys, second, keys_top, keys_size, theme.INK_DIM)

    def _draw_summary(self, surface: pygame.Surface, column: pygame.Rect, size: int, s: float) -> int | None:
        """The title and the summary (or the progress, or the error); where it ends, or None
        while there is nothing more to show."""
        who = seat_name(self.coach.replay, self.coach.seat)
        title = "Review" if who == "You" else f"Review: {who}"
        y = self._lines(surface, [title], column, column.top, max(15, int(22 * s)), theme.GOLD, bold=True)
        job = self.coach.job
        review = self.coach.review
        if job.error:
            self._lines(surface, wrap(job.error, font(size), column.width), column, y + 6, size, theme.DANGER)
            return None
        if review is None:
            self._draw_analysing(surface, column, y + 8, size, job.progress)
            return None
        if not self.coach.complete:  # the hands so far, and how far the worker has got
            y = self._draw_analysing(surface, column, y + 6, size, job.progress) + 6
        text = summary(review, who, so_far=not self.coach.complete)
        return self._lines(surface, wrap(text, font(size), column.width), column, y + 6, size, theme.INK)

    def _draw_decision(self, surface: pygame.Surface, area: pygame.Rect, size: int) -> None:
        review = self.coach.review
        assert review is not None
        decision, ahead = self.current_decision(review)
        if decision is None or area.height < 2 * px(size):
            return
        head = decision_head(decision, review.unit, decision.index == self.session.done, ahead)
        colour = theme.DANGER if decision.costly else theme.GOLD
        y = self._lines(surface, [head], area, area.top, size, colour, bold=True)
        bid = decision.analysis.extra.get("bid")
        heading = bid_heading(bid) if bid is not None else HEADINGS.get(review.unit) if decision.analysis.values else None
        body = bid_lines(bid, heading=False) if bid is not None else decision_lines(decision, review.unit)
        if heading and bid is not None:  # a bid's figures and verdict before how it is judged
            wrapped = sum(len(wrap(line, font(size - 1), area.width)) for line in body) * int(px(size - 1) * 1.3)
            note_height = len(wrap(heading, font(max(11, size - 3)), area.width)) * int(px(max(11, size - 3)) * 1.3)
            if y + note_height + wrapped > area.bottom:
                heading = None
        if heading:
            note = wrap(heading, font(max(11, size - 3)), area.width)
            y = self._lines(surface, note, area, y, max(11, size - 3), theme.INK_DIM)
        room = max(2, (area.bottom - y - 2) // int(px(size - 1) * 1.3))
        lines = [piece for line in _shortened(body, room)
                 for piece in wrap(line, font(size - 1), area.width)]
        self._lines(surface, lines, area, y + 2, size - 1, theme.INK)

    def _draw_analysing(self, surface: pygame.Surface, inner: pygame.Rect, y: int, size: int, done: float) -> int:
        """The progress line and its bar; where they end."""
        y = self._lines(surface, [self.coach.job.progress_words()], inner, y, size, theme.INK)
        track = pygame.Rect(inner.left, y + 4, inner.width, max(4, size // 3))
        pygame.draw.rect(surface, (30, 70, 48), track, border_radius=3)
        filled = track.copy()
        filled.width = int(track.width * done)
        pygame.draw.rect(surface, theme.GOLD, filled, border_radius=3)
        return track.bottom

    def _lines(self, surface: pygame.Surface, lines: list[str], inner: pygame.Rect, y: int, size: int,
               colour: Color, bold: bool = False) -> int:
        step = int(px(size) * 1.3)
        for line in lines:
            if y + step > inner.bottom + step // 2:
                break
            surface.blit(render_text(line, size, colour, bold=bold), (inner.left, y))
            y += step
        return y


def _shortened(lines: list[str], room: int) -> list[str]:
    """The options (best first) and the closing line in ``room`` lines: the chosen option
    always stays, the others are cut from the worst up ("… 6 more")."""
    options, closing = lines[:-1], lines[-1:]
    if len(lines) <= room:
        return lines
    keep = options[:max(1, room - 2)]
    chosen = next((line for line in options if "chosen" in line), None)
    if chosen is not None and chosen not in keep:
        keep[-1] = chosen
    return keep + [f"… {len(options) - len(keep)} more"] + closing


def review_session(coach: Coach, index: int = 0) -> ReplaySession:
    """The recording played up to the position before action ``index``, for a Review table
    to show from there (the navigator opens the first, app/window/routes.py)."""
    session = ReplaySession(coach.replay)
    for action in coach.replay.actions[:index]:
        session.apply(action)
    if index:
        session.opening = []  # the table draws the position as it is, not the first deal
        session.resumed = True
    return session
