"""The end of a game: who won, the placings, and what next (play again, setup, menu)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Callable

import pygame

from app.core import replay_file, resume, storage
from app.window.render.table import felt
from app.window.render.text import font, render_text
from app.window.scenes.base import Scene
from app.core.table_session import NetworkedSession, TableSession
from app.window.ui import theme
from app.window.ui.name_prompt import CANCEL, NamePrompt
from app.window.ui.widgets import Button, ButtonRow, blit_centered, panel
from app.core.review import reviewable
from app.core.words.names import SeatNames, level_word, name_session
from app.core.words import deal_words
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
            Button("Play again", self.again, kind="primary"),
            *([] if remote is not None else [Button("Change setup", self.setup)]),
            Button("Save replay", self.ask_name),
            Button("Menu", self.menu),
        ])
        self.prompt: NamePrompt | None = None
        self.people = name_session(session, app.settings.player_name)
        # The people this screen speaks to: at a networked table only this player's seat.
        self.humans = session.humans if remote is None else remote.humans
        humans = self.humans
        names = SeatNames(self.people, humans[0] if len(humans) == 1 else None)
        self.to_player: Callable[[Words | str], str] = lambda line: render(line, names)
        self.age = 0.0   # seconds shown
        self._record()
        self.replay = self._keep_replay()
        if self.replay is not None and reviewable(session.spec.id):  # the coach: app/window/scenes/review.py
            self.row.buttons.insert(len(self.row.buttons) - 1, Button("Review", self.review))
        self.resize(app.screen.get_size())

    def _record(self) -> None:
        """Count the game in the statistics when a human played it."""
        humans = self.humans
        if not humans or self.outcome is None:
            return
        won = any(seat in self.outcome.winners for seat in humans)
        # Reflex games keep a best time: the game clock, so pauses do not count against it.
        seconds = self.session.timed_state().now_ms / 1000 if self.session.spec.realtime else None
        storage.record_result(self.session.spec.record_id(self.session.setup.options), won, seconds)

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
            self.app.notify("This game cannot be saved as a replay")
            return
        self.prompt = NamePrompt("Save the replay as", replay_file.check_name, replay_file.FILE_NAME_LIMIT)

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
            self.app.notify(f"The replay was not saved: {getattr(problem, 'strerror', None) or problem}")
            return
        self.app.notify(f"Saved as '{answer}': find it under Replays on the menu")

    def on_enter(self) -> None:
        self.app.speech.say(self.headline)

    def spoken_focus(self) -> str | None:
        return self.prompt.title if self.prompt is not None else self.row.spoken()

    @property
    def headline(self) -> str:
        if self.outcome is None:
            return "Game over"
        humans = self.humans
        winners = self.outcome.winners
        if len(humans) == 1 and humans[0] in winners:
            return "You win!"
        names = [self.people[w] for w in winners]  # a tie reads "Rosa and Ivy win"
        if not names:
            return "Game over"
        return (" and ".join([", ".join(names[:-1]), names[-1]]) + " win") if len(names) > 1 else f"{names[0]} wins"

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
            self.app.notify(f"The table is gone: {remote.failure}", 5.0)
        elif remote.seat is None:
            self.app.notify("You are watching: the next game starts when a player asks for it", 4.0)
        else:
            remote.again()
            self.app.notify("Asking the table for a new deal…", 3.0)

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
        else:
            self.row.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt(self.size), (0, 0))
        s = theme.scale_for(self.size)
        box = pygame.Rect(0, 0, min(int(720 * s), self.size[0] - 40), int(self.size[1] * 0.62))
        box.midtop = (self.size[0] // 2, int(self.size[1] * 0.08))
        panel(surface, box)
        blit_centered(surface, render_text(self.session.title, int(24 * s), theme.INK_DIM),
                      (box.centerx, box.top + int(30 * s)))
        blit_centered(surface, render_text(self.headline, int(52 * s), theme.GOLD, bold=True),
                      (box.centerx, box.top + int(84 * s)))
        self._draw_placings(surface, box, s)
        self._draw_deal(surface, box, s)
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

    def _draw_deal(self, surface: pygame.Surface, box: pygame.Rect, s: float) -> None:
        """The deal's promise, kept or not, at the foot of the panel above the seed
        (networked games only): quiet when kept, loud when not."""
        if self.remote is None:
            return
        kept = self.deal_kept
        loud = kept is False
        line = ("✓ " if kept else "") + deal_words.verdict_line(kept)
        size = max(15, int(24 * s)) if loud else max(13, int(17 * s))
        while size > 12 and font(size, bold=loud).size(line)[0] > box.width - 32:
            size -= 1      # the loud line is long: smaller rather than over the panel's edge
        image = render_text(line, size, theme.DANGER if loud else theme.INK_DIM, bold=loud)
        seed_room = max(12, int(15 * s)) + 18      # the seed's line under it
        surface.blit(image, image.get_rect(midbottom=(box.centerx, box.bottom - seed_room)))

    def _you(self, seat: int) -> str:
        """The one human in the placings: "Sam (you)", or just "You" while they have not
        given a name (never "Player 1 (you)")."""
        own = self.people[seat]
        return "You" if re.fullmatch(r"Player \d+", own) else f"{own} (you)"

    def placings(self) -> list[tuple[str, bool]]:
        """One line per player, best first, or per partnership where partners share a score
        (two computer partners shown first and second would read as separate winners)."""
        assert self.outcome is not None
        scores, winners = self.outcome.scores, self.outcome.winners
        humans = self.humans
        # The one human is "(you)", as the table's plate says "You"; computer players show their level.
        who = {seat: self._you(seat) if humans == [seat] else self.people[seat]
               for seat in range(len(self.session.setup.seats))}
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
        size = max(14, int(22 * s))
        room = box.width - int(80 * s)
        while size > 12 and max(font(size, bold=True).size(text)[0] for text, _ in rows) > room:
            size -= 1   # a long line (two labels, chips) gets smaller rather than cross the edge
        for text, won in rows:
            image = render_text(text, size, theme.GOLD if won else theme.INK, bold=won)
            surface.blit(image, (box.left + int(60 * s), y))
            y += int(size * 1.6)
        seed = render_text(f"Seed {self.session.seed}", max(12, int(15 * s)), theme.INK_DIM)
        surface.blit(seed, seed.get_rect(bottomright=(box.right - 16, box.bottom - 10)))


def _count(value: float, unit: str) -> str:
    return f"{value:g} {unit}{'' if value == 1 else 's'}"
