"""The end of a game: who won, the placings, the hand-by-hand score sheet where the game has
hands (app/core/score_sheet.py; ↑ ↓ or the wheel scroll it when it is longer than the room),
the player's record at the game, and what next (play again, setup, menu)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Callable

import pygame

from app.core import replay_file, resume, storage
from app.core.review import options_of
from app.core.score_sheet import Sheet, score_sheet
from app.window.render.table import felt
from app.window.render.text import font, px, render_text, wrap
from app.window.scenes.base import Scene
from app.core.table_session import NetworkedSession, TableSession
from app.window.ui import theme
from app.window.ui.name_prompt import CANCEL, NamePrompt
from app.window.ui.widgets import Button, ButtonRow, blit_centered, panel
from app.core.review import reviewable
from app.core.words.language import N_, _
from app.core.words.deal_words import deal_number
from app.core.words.names import SeatNames, level_word, name_session
from app.core.words import promise_words
from app.core.words.render import render
from games.core.words import Words


# Keys pressed in the first moments after the game ends were meant for the table (a player
# playing cards with Enter): they are let go rather than choosing Play again unseen.
if TYPE_CHECKING:
    from app.window.scenes.base import AppServices

KEY_GUARD = 0.8


class ResultsScene(Scene):
    name = "results"

    def __init__(self, app: AppServices, session: TableSession, remote: NetworkedSession | None = None) -> None:
        """``session`` is the game that ended; for a networked game, the game replayed here
        (``RemoteSession.finished``), and ``remote`` the table's session, which plays again."""
        super().__init__(app)
        self.session = session
        self.remote = remote
        self.game_number = remote.game_number if remote is not None else 0
        self.outcome = session.state.outcome()
        self.row = ButtonRow([
            Button(_("Play again"), self.again, kind="primary"),
            *([] if remote is not None else [Button(_("Change setup"), self.setup)]),
            Button(_("Save replay"), self.ask_name),
            Button(_("Menu"), self.menu),
        ])
        self.prompt: NamePrompt | None = None
        self.people = name_session(session, app.settings.player_name)
        # The people this screen speaks to: at a networked table only this player's seat.
        self.humans = session.humans if remote is None else remote.humans
        humans = self.humans
        names = SeatNames(self.people, humans[0] if len(humans) == 1 else None)
        self.to_player: Callable[[Words | str], str] = lambda line: render(line, names)
        self.age = 0.0   # seconds shown
        self.record: storage.GameStats | None = None
        self._record()
        self.sheet = self._sheet()
        self.sheet_top = 0   # the first row shown, when the sheet is scrolled
        self.sheet_shown = 1   # how many rows the last frame had room for
        self.replay = self._keep_replay()
        if self.replay is not None and reviewable(session.spec.id):  # the coach: app/window/scenes/review.py
            self.row.buttons.insert(len(self.row.buttons) - 1, Button(_("Review"), self.review))
        self.resize(app.screen.get_size())

    def _record(self) -> None:
        """Count the game in the statistics when a human played it."""
        humans = self.humans
        if not humans or self.outcome is None:
            return
        won = any(seat in self.outcome.winners for seat in humans)
        # Reflex games keep a best time: the game clock, so pauses do not count against it.
        seconds = self.session.timed_state().now_ms / 1000 if self.session.spec.realtime else None
        self.record = storage.record_result(self.session.spec.record_id(self.session.setup.options), won, seconds)

    def _sheet(self) -> Sheet | None:
        """The hand-by-hand sheet, its players named as the placings name them."""
        session = self.session
        seats = len(session.setup.seats)
        names = [self._who(seat) for seat in range(seats)]
        options = options_of(session.spec.id, seats, dict(session.setup.options))
        return score_sheet(session.spec, options, session.seed, list(session.actions), names, self.to_player)

    def _who(self, seat: int) -> str:
        return self._you(seat) if self.humans == [seat] else self.people[seat]

    def _keep_replay(self) -> replay_file.Replay | None:
        """Every finished game is kept as a replay; the game in progress is forgotten."""
        if resume.kept(self.session):
            resume.clear()
        if self.session.kind == "remote":   # the server's replay could not be played here
            return None
        try:
            replay = replay_file.Replay.from_session(self.session)
        except ValueError:  # an action no replay can name: the game still counts
            return None
        if self.remote is not None:     # the promise of the deal, and what the server revealed
            replay.deal = self.remote.deal_proof()
        replay_file.save_auto(replay)
        for line in storage.take_notices():
            self.app.notify(line, 6.0)
        return replay

    def ask_name(self) -> None:
        if self.replay is None:
            self.app.notify(_("This game cannot be saved as a replay"))
            return
        self.prompt = NamePrompt(_("Save the replay as"), replay_file.check_name, replay_file.FILE_NAME_LIMIT)

    def _prompt_input(self, event: pygame.event.Event) -> None:
        assert self.prompt is not None and self.replay is not None
        answer = self.prompt.handle_event(event)
        if answer is None:
            return
        self.prompt = None
        if answer == CANCEL:
            return
        try:
            replay_file.save_named(self.replay, answer)
        except (OSError, ValueError) as problem:
            self.app.notify(_("The replay was not saved: {problem}", problem=getattr(problem, 'strerror', None) or problem))
            return
        self.app.notify(_("Saved as '{name}': find it under Replays on the menu", name=answer))

    def on_enter(self) -> None:
        self.app.speech.say(self.headline)

    def spoken_focus(self) -> str | None:
        return self.prompt.spoken() if self.prompt is not None else self.row.spoken()

    @property
    def headline(self) -> str:
        if self.outcome is None:
            return _("Game over")
        humans = self.humans
        winners = self.outcome.winners
        if len(humans) == 1 and humans[0] in winners:
            return _("You win!")
        names = [self.people[w] for w in winners]  # a tie reads "Rosa and Ivy win"
        if not names:
            return _("Nobody wins")   # (the line under it says why: "nobody guessed the last card")
        if len(names) == 1:
            return _("{name} wins", name=names[0])
        return _("{names} and {last} win", names=", ".join(names[:-1]), last=names[-1])

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        s = theme.scale_for(size)
        gap = int(18 * s)
        width = min(int(220 * s), (size[0] - 40) // len(self.row.buttons) - gap)
        text = max(16, int(22 * s))   # a point or two smaller where the longest label would touch its edges
        while text > 12 and any(font(text, bold=True).size(b.label)[0] > width - 24 for b in self.row.buttons):
            text -= 1
        for b in self.row.buttons:
            b.text_size = text
        self.row.layout((size[0] // 2, int(size[1] * 0.8)), (width, int(52 * s)), gap)

    def again(self) -> None:
        if self.remote is not None:
            self._again_online(self.remote)
            return
        again = self.session.rematch()
        if again is not None:
            self.app.nav.table(again, replace=True)

    def _again_online(self, remote: NetworkedSession) -> None:
        """Ask the server for a new deal with the same seats; the table opens when it comes
        (``update``). A watcher waits for a player to ask."""
        if remote.game_number != self.game_number:
            self._to_next_game(remote)
        elif remote.status == "failed":
            self.app.notify(_("The table is gone: {why}", why=remote.failure), 5.0)
        elif remote.seat is None:
            self.app.notify(_("You are watching: the next game starts when a player asks for it"), 4.0)
        else:
            remote.again()
            self.app.notify(_("Asking the table for a new deal…"), 3.0)

    def _to_next_game(self, remote: NetworkedSession) -> None:
        remote.next_game()
        self.app.nav.table(remote, replace=True)

    def setup(self) -> None:
        self.app.nav.setup(self.session.spec, self.session.setup, replace=True)

    def menu(self) -> None:
        if self.remote is not None:
            self.remote.leave()
        self.app.nav.menu()

    def review(self) -> None:
        if self.replay is not None:
            self.app.nav.review(self.replay)

    def update(self, dt: float) -> None:
        self.age += dt
        if self.remote is not None:
            self._follow(self.remote)

    def _follow(self, remote: NetworkedSession) -> None:
        """A networked table goes on: a new deal begun by anyone at the table opens it here
        too (the table would otherwise wait for this player's turns); refusals are shown."""
        remote.poll()
        for line in remote.take_errors():
            self.app.notify(self.to_player(line), 4.0)
        if remote.game_number != self.game_number and remote.status == "playing":
            self._to_next_game(remote)

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.prompt is not None:
            self._prompt_input(event)
        elif event.type == pygame.KEYDOWN and self.age < KEY_GUARD:
            return   # the Enter that played the last card must not also press Play again
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.menu()
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN) and self.sheet_rows():
            self.scroll(1 if event.key == pygame.K_DOWN else -1)
        elif event.type == pygame.MOUSEWHEEL and self.sheet_rows():
            self.scroll(-event.y)
        else:
            self.row.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt(self.size), (0, 0))
        s = theme.scale_for(self.size)
        box = self.box(s)
        panel(surface, box)
        blit_centered(surface, render_text(self.session.title, int(24 * s), theme.INK_DIM),
                      (box.centerx, box.top + int(30 * s)))
        blit_centered(surface, render_text(self.headline, int(52 * s), theme.GOLD, bold=True),
                      (box.centerx, box.top + int(84 * s)))
        self._draw_placings(surface, box, s)
        self.row.draw(surface)
        if self.prompt is not None:
            self.prompt.draw(surface)

    @property
    def deal_kept(self) -> bool | None:
        """At a networked table: whether the deal was the one promised before its first
        card (None: no promise was shown; at home there is none to keep)."""
        proof = self.replay.deal if self.replay is not None else None
        if proof is None and self.remote is not None:
            proof = self.remote.deal_proof()      # (a replay that could not be kept)
        return None if proof is None else proof.kept(self.session.seed)

    def _draw_deal(self, surface: pygame.Surface, box: pygame.Rect, size: int, top: int) -> None:
        """The deal's promise, kept or not, in the panel's foot above the record (networked
        games only): quiet when kept, loud when not."""
        kept = self.deal_kept
        loud = kept is False
        line = ("✓ " if kept else "") + promise_words.verdict_line(kept)
        while size > 11 and font(size, bold=loud).size(line)[0] > box.width - 32:
            size -= 1      # the loud line is long: smaller rather than over the panel's edge
        image = render_text(line, size, theme.DANGER if loud else theme.INK_DIM, bold=loud)
        surface.blit(image, image.get_rect(midtop=(box.centerx, top)))

    def box(self, s: float) -> pygame.Rect:
        """The panel: wider and taller when it holds a score sheet (up to the buttons)."""
        w, h = self.size
        if not self.sheet_rows():
            box = pygame.Rect(0, 0, min(int(720 * s), w - 40), int(h * 0.62))
            box.midtop = (w // 2, int(h * 0.08))
            return box
        top = int(h * 0.04)
        bottom = min(b.rect.top for b in self.row.buttons) - int(h * 0.03)
        box = pygame.Rect(0, top, min(int(960 * s), w - 40), bottom - top)
        box.centerx = w // 2
        return box

    def sheet_rows(self) -> int:
        return len(self.sheet.rows) if self.sheet is not None else 0

    def scroll(self, rows: int) -> None:
        """Move the sheet by ``rows``, no further than its last page."""
        last_page = max(0, self.sheet_rows() - self.sheet_shown)
        self.sheet_top = max(0, min(last_page, self.sheet_top + rows))

    def _you(self, seat: int) -> str:
        """The one human in the placings: "Sam (you)", or just "You" while they have not
        given a name (never "Player 1 (you)")."""
        own = self.people[seat]
        return _("You") if re.fullmatch(r"Player \d+", own) else _("{name} (you)", name=own)

    def placings(self) -> list[tuple[str, bool]]:
        """One line per player, best first, or per partnership where partners share a score
        (two computer partners shown first and second would read as separate winners)."""
        assert self.outcome is not None
        scores, winners = self.outcome.scores, self.outcome.winners
        if not winners and len(set(scores)) <= 1 and self.session.spec.score_unit is None:
            return []   # nobody won and nothing ranks the players: no "=1. Alex, =1. Felix"
        humans = self.humans
        # The one human is "(you)", as the table's plate says "You"; computer players show their level.
        who = {seat: self._who(seat) for seat in range(len(self.session.setup.seats))}
        level = {seat: "" if plan.human else f"  ·  {level_word(plan.difficulty)}"
                 for seat, plan in enumerate(self.session.setup.seats)}
        if self.session.spec.partnerships and len(scores) == 4:
            sides = sorted(((0, 2), (1, 3)), key=lambda side: (side[0] not in winners, -scores[side[0]]))
            return [(f"{place}.  {who[a]} & {who[b]}  ·  {_count(scores[a], 'point')}", a in winners)
                    for place, (a, b) in enumerate(sides, start=1)]
        rank = {seat: (seat not in winners, -scores[seat]) for seat in range(len(scores))}
        order = sorted(rank, key=rank.__getitem__)
        rows = []
        for seat in order:   # players level on everything share a place, shown as "=2."
            place = 1 + sum(rank[other] < rank[seat] for other in order)
            shared = "=" if sum(rank[other] == rank[seat] for other in order) > 1 else ""
            text = f"{shared}{place}.  {who[seat]}{level[seat]}"
            unit = self.session.spec.score_unit
            if unit is not None:  # games won on points show them
                text += f"  ·  {scores[seat]:g} {unit}"
            rows.append((text, seat in winners))
        return rows

    def _draw_placings(self, surface: pygame.Surface, box: pygame.Rect, s: float) -> None:
        if self.outcome is None:
            return
        reason = self.to_player(self.outcome.reason)
        if reason:   # why the game ended, under the headline
            blit_centered(surface, render_text(reason, max(13, int(18 * s)), theme.INK_DIM),
                          (box.centerx, box.top + int(128 * s)))
        y = box.top + int(160 * s)
        rows = self.placings()
        sheet = self.sheet
        size = max(14, int(22 * s)) if sheet is None else max(13, int(18 * s))
        room = box.width - int(80 * s)
        while rows and size > 12 and max(font(size, bold=True).size(text)[0] for text, _winner in rows) > room:
            size -= 1   # a long line (two labels, chips) gets smaller rather than cross the edge
        across = 2 if sheet is not None and sheet.rows and len(rows) > 2 else 1  # room for the sheet
        for i, (text, won) in enumerate(rows):
            image = render_text(text, size, theme.GOLD if won else theme.INK, bold=won)
            surface.blit(image, (box.left + int(60 * s) + (i % across) * (box.width // 2 - int(30 * s)), y))
            if i % across == across - 1 or i == len(rows) - 1:
                y += int(px(size) * 1.5)
        small = max(12, int(15 * s))
        record = [piece for line in self.record_lines() for piece in wrap(line, font(small), box.width - 32)]
        deal = self.remote is not None        # a networked game's deal line heads the foot
        record_top = box.bottom - int(small * 1.6) - 10 - (len(record) + deal) * int(small * 1.4)
        notes = sheet.notes if sheet is not None else []
        if sheet is not None and sheet.rows:   # the sheet, then its notes under it
            wrapped = [piece for line in notes for piece in wrap(line, font(small), box.width - 32)]
            notes_top = record_top - len(wrapped) * int(small * 1.4) - 4
            self._draw_sheet(surface, pygame.Rect(box.left + 16, y + 4, box.width - 32, notes_top - y - 10), s)
            self._centred(surface, wrapped, small, box.centerx, notes_top)
        else:   # a game without hands: its notes (the Nash game's mystery cards) where the sheet would be
            note = max(13, int(18 * s))
            self._centred(surface, [piece for line in notes for piece in wrap(line, font(note), box.width - 32)],
                          note, box.centerx, y + int(8 * s))
        if deal:
            self._draw_deal(surface, box, small, record_top)
        self._centred(surface, record, small, box.centerx, record_top + deal * int(small * 1.4))
        seed = render_text(deal_number(self.session.seed), small, theme.INK_DIM)
        surface.blit(seed, seed.get_rect(bottomright=(box.right - 16, box.bottom - 10)))

    @staticmethod
    def _centred(surface: pygame.Surface, lines: list[str], size: int, centre: int, top: int) -> None:
        for line in lines:
            image = render_text(line, size, theme.INK)
            surface.blit(image, image.get_rect(midtop=(centre, top)))
            top += int(px(size) * 1.4)

    def record_lines(self) -> list[str]:
        """The player's record at this game, counted with this one."""
        st = self.record
        if st is None or not st.played:
            return []
        return [_(RECORD, game=self.session.title, played=st.played, won=st.won,
                  rate=100 * st.won / st.played, streak=st.streak, best=st.best_streak)]

    def _draw_sheet(self, surface: pygame.Surface, area: pygame.Rect, s: float) -> None:
        """The sheet's rows from ``sheet_top`` as many as fit in ``area``; the column of
        what happened takes the width the totals leave, its lines wrapped."""
        assert self.sheet is not None
        heads, rows = self.sheet.heads, self.sheet.rows
        size = max(11, int(16 * s))
        face, bold = font(size), font(size, bold=True)
        gap = max(8, int(14 * s))
        widths = [max([bold.size(heads[c])[0], *(face.size(r[c])[0] for r in rows)]) for c in range(len(heads))]
        happened = area.width - sum(widths) + widths[1] - gap * (len(heads) - 1)
        widths[1] = max(80, happened)
        lefts = [area.left + sum(widths[:c]) + gap * c for c in range(len(heads))]
        step = int(px(size) * 1.35)
        more_room = step if self._rows_fitting(rows, face, widths[1], step, area.height - step - 4) < len(rows) else 0
        bottom = area.bottom - more_room
        pygame.draw.line(surface, theme.GOLD_DARK, (area.left, area.top + step + 1), (area.right, area.top + step + 1), 1)
        for c, head in enumerate(heads):
            self._cell(surface, render_text(head, size, theme.INK_DIM, bold=True), lefts[c], widths[c], area.top, c)
        y = area.top + step + 4
        shown = 0
        for row in rows[self.sheet_top:]:
            lines = wrap(row[1], face, widths[1])
            if y + len(lines) * step > bottom:
                break
            for c, text in enumerate(row):
                if c == 1:
                    for i, line in enumerate(lines):
                        surface.blit(render_text(line, size, theme.INK), (lefts[1], y + i * step))
                else:
                    self._cell(surface, render_text(text, size, theme.INK), lefts[c], widths[c], y, c)
            y += len(lines) * step + 2
            shown += 1
        self.sheet_shown = max(1, shown)
        if shown < len(rows):   # say there is more, and how to see it
            more = _(SCROLL, first=self.sheet_top + 1, last=self.sheet_top + shown, count=len(rows))
            image = render_text(more, max(11, size - 2), theme.INK_DIM)
            surface.blit(image, image.get_rect(bottomright=(area.right, area.bottom)))

    def _rows_fitting(self, rows: list[tuple[str, ...]], face: pygame.font.Font, width: int, step: int,
                      height: int) -> int:
        """How many rows from ``sheet_top`` fit in ``height``."""
        used = count = 0
        for row in rows[self.sheet_top:]:
            used += len(wrap(row[1], face, width)) * step + 2
            if used > height:
                break
            count += 1
        return count

    @staticmethod
    def _cell(surface: pygame.Surface, image: pygame.Surface, left: int, width: int, y: int, column: int) -> None:
        """A cell: the hand number and the totals to the right of their column, so the digits line up."""
        x = left if column == 1 else left + width - image.get_width()
        surface.blit(image, (x, y))


# The results screen's own lines, in one place for translation.
RECORD = N_("Your record at {game}: played {played} · won {won} ({rate:.0f}%) · streak {streak}"
            " · best streak {best}")
SCROLL = N_("Hands {first}-{last} of {count} · ↑ ↓ to scroll")


def _count(value: float, unit: str) -> str:
    return f"{value:g} {unit}{'' if value == 1 else 's'}"
