"""Hosting a table: the setup screen where each seat is You, a Remote player (a friend who
joins with the code) or a Computer at a level; then the lobby. The game's options are
chosen as for a game at home, and the seed too while every other seat is a computer: a
table with a remote player is dealt from a secret seed nobody chooses, the host included
(app/net/server/deal_seeds.py), so the seed row then says so and none is sent.

The last row says where friends join from: this network, anywhere (the router is asked to
open the port of the app's own server), or the venue given under Settings, where the table
is made and this app is a client like the others', and the table lives on without it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

import pygame

from app.core.venue_address import venue_name
from app.core.words import venue_words
from app.window.scenes.setup import SetupScene
from app.window.render.text import font, px, render_text, wrap
from app.core.session import SeatPlan, Setup
from app.window.ui import theme
from app.window.ui.form import Row
from app.core.words.names import clean_name
from games.registry import DIFFICULTIES, GameSpec

if TYPE_CHECKING:
    from app.window.scenes.base import AppServices

YOU, REMOTE, BOT = "host", "remote", "bot"
HERE = "here"   # a reflex game: another person at this keyboard, with keys of their own
SEATS_WORDS = ("A remote player is a friend on another computer: they join with the code the next "
               "screen shows. When you start, computers take the remote seats nobody has taken.")
PARTNERS_WORDS = "Partners sit opposite: seats 1 and 3 play against seats 2 and 4."
HERE_WORDS = "A player here shares this keyboard with you, with keys of their own."
REACH_LABEL = "Friends join from"
REACH_VALUES = {False: "this network", True: "anywhere (asks your router)"}
REACH_WORDS = ("Anywhere asks your router to open the table's port to the internet while the table is open; "
               "the lobby says whether it did.")


class HostSetupScene(SetupScene):
    name = "host setup"

    def __init__(self, app: AppServices, spec: GameSpec) -> None:
        # Every seat but yours is for a friend at first; a computer's level is kept in the
        # seat's plan, whatever the seat is now, so stepping through comes back to it.
        self.kinds: list[str] = []
        # Friends beyond this network: the router is asked to open the port (not by default:
        # it changes the home network, so only when the host says so); or the table is made
        # at the venue (Settings), where it lives on without this computer.
        self.internet = False
        self.at_venue = False
        super().__init__(app, spec, Setup.default(spec))
        self.setup.seats = [SeatPlan(False, plan.difficulty) for plan in self.setup.seats]
        self.kinds = [YOU] + [REMOTE] * (len(self.setup.seats) - 1)
        self.start_button.label = "Open table"

    def _remembered(self) -> Setup | None:
        return None          # (what was chosen for a game at home says nothing of this one)

    def build_rows(self) -> None:
        super().build_rows()
        self.rows.append(Row(REACH_LABEL, self._reach_text, self._reach_change))

    # --- where friends join from: this network, anywhere (the router), the venue -----------------

    @property
    def venue(self) -> str:
        """The venue's address from Settings ("" when none was given)."""
        return self.app.settings.venue

    def _reaches(self) -> list[tuple[bool, bool]]:
        """The choices, as (internet, at_venue): the venue only once Settings has one."""
        return [(False, False), (True, False)] + ([(False, True)] if self.venue else [])

    def _reach_text(self) -> str:
        return venue_words.AT_VENUE if self.at_venue else REACH_VALUES[self.internet]

    def _reach_change(self, step: int) -> None:
        reaches = self._reaches()
        now = (self.internet, self.at_venue)
        index = reaches.index(now) if now in reaches else 0
        self.internet, self.at_venue = reaches[(index + step) % len(reaches)]

    # --- seats ---------------------------------------------------------------------------------

    def kind(self, seat: int) -> str:
        while len(self.kinds) < len(self.setup.seats):
            self.kinds.append(REMOTE)
        return self.kinds[seat]

    def seat_title(self, seat: int) -> str:
        return f"Seat {seat + 1}"

    def _seat_label(self, seat: int) -> str:
        kind = self.kind(seat)
        if kind == YOU:
            return f"You ({clean_name(self.app.settings.player_name) or 'host'})"
        if kind == REMOTE:
            return "Remote player"
        if kind == HERE:
            return f"Player here ({_here_name(seat)})"
        return f"Computer ({self.setup.seats[seat].difficulty})"

    def _choices(self, seat: int | None = None) -> list[tuple[str, str]]:
        levels = [d for d in DIFFICULTIES if d in self.spec.bots]
        here = [(HERE, "")] if self.spec.realtime and self._room_here(seat) else []
        return [(YOU, ""), *here, (REMOTE, "")] + [(BOT, level) for level in levels]

    def _room_here(self, seat: int | None) -> bool:
        """A player here fits at ``seat`` (each at this keyboard needs keys of their own)."""
        from app.window.input.bindings import MAX_KEYBOARD_PLAYERS

        others = sum(kind == HERE for i, kind in enumerate(self.kinds) if i != seat)
        return others + 1 < MAX_KEYBOARD_PLAYERS

    def _seat_changer(self, seat: int) -> Callable[[int], None]:
        """You -> Remote player -> Computer (easy) -> ... -> You. Giving a seat to You moves
        you there (your old seat is left for a friend); your own seat moves on with you."""
        def change(step: int) -> None:
            choices = self._choices(seat)
            current = (self.kind(seat), self.setup.seats[seat].difficulty if self.kind(seat) == BOT else "")
            index = choices.index(current) if current in choices else 0
            kind, level = choices[(index + step) % len(choices)]
            if kind == YOU or self.kind(seat) == YOU:
                self._move_you(seat, step)
                return
            self.kinds[seat] = kind
            if level:
                self.setup.seats[seat] = SeatPlan(False, level)
        return change

    def _move_you(self, seat: int, step: int) -> None:
        """You sit in exactly one seat: choosing You here (or stepping on from your seat)
        moves you to this seat (or the next), and a friend's seat is left where you were."""
        count = len(self.setup.seats)
        here = self.kinds.index(YOU)
        target = seat if here != seat else (seat + step) % count
        self.kinds[here], self.kinds[target] = REMOTE, YOU

    def change_seats(self, step: int) -> None:
        before = len(self.setup.seats)
        super().change_seats(step)
        self.kind(0)
        if len(self.setup.seats) < before and YOU not in self.kinds[:len(self.setup.seats)]:
            self.kinds[0] = YOU          # your seat was the one taken away: you sit in seat 1
        del self.kinds[len(self.setup.seats):]

    def _type_name(self, seat: int, event: pygame.event.Event) -> bool:
        return False                     # (the people at the table bring their own names)

    # --- opening the table ---------------------------------------------------------------------

    def create(self) -> dict[str, Any]:
        """The table as the server is asked for it."""
        plan = []
        for seat, plan_seat in enumerate(self.setup.seats):
            kind = self.kind(seat)
            # A player here takes a remote seat from this app (app/net/client/remote_realtime.py).
            plan.append({"kind": REMOTE if kind == HERE else kind,
                         **({"difficulty": plan_seat.difficulty} if kind != YOU else {})})
        # (seats and remote say again what the plan says: the session reads the table's
        # size and options from them before the server has answered)
        create: dict[str, Any] = {"game": self.spec.id, "plan": plan, "seats": len(plan),
                                  "remote": sum(p["kind"] == REMOTE for p in plan), "options": dict(self.setup.options)}
        if self.setup.seed is not None and not self._remote_seats():
            create["seed"] = self.setup.seed
        here = [[seat, _here_name(seat)] for seat in range(len(plan)) if self.kind(seat) == HERE]
        if here:   # (not the server's: hosting_session seats them, each on a connection of its own)
            create["here"] = here
        return create

    def _remote_seats(self) -> bool:
        return any(self.kind(seat) in (REMOTE, HERE) for seat in range(len(self.setup.seats)))

    def _seed_text(self) -> str:
        return "secret (remote players)" if self._remote_seats() else super()._seed_text()

    def _seed_change(self, step: int) -> None:
        if not self._remote_seats():     # (a secret seed is not a choice)
            super()._seed_change(step)

    def _type_seed(self, event: pygame.event.Event) -> bool:
        return not self._remote_seats() and super()._type_seed(event)

    def start(self) -> None:
        at = self.venue if self.at_venue and self.venue else None
        self.app.nav.hosted_lobby(self.spec, self.create(), self.internet, at)

    @property
    def heading(self) -> str:
        return f"Host {self.spec.title}"

    def hint(self) -> str:
        return "Up/Down choose · Left/Right change who sits there · Enter opens the table · Esc back"

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        # What the choices mean, under the buttons: as many whole sentences as fit above the keys.
        s = self.s
        x, y = self.rows[0].rect.left, self.start_button.rect.bottom + int(26 * s)
        size = max(13, int(17 * s))
        for line in self._meaning_lines(size, (self.size[1] - int(40 * s) - y) // (px(size) + 5)):
            surface.blit(render_text(line, size, theme.INK_DIM), (x, y))
            y += px(size) + 5

    def _meaning_lines(self, size: int, room: int) -> list[str]:
        """The words on what the choices mean, wrapped: the first of them that fit ``room``
        lines (a crowded table, Spoons for twelve, leaves the last ones out)."""
        where = venue_words.venue_words(venue_name(self.venue)) if self.at_venue else REACH_WORDS
        said = [SEATS_WORDS, PARTNERS_WORDS if self.spec.partnerships else "",
                HERE_WORDS if self.spec.realtime else "", where,
                venue_words.NO_VENUE_WORDS if not self.venue else ""]
        said = [words for words in said if words]
        while said:
            lines = wrap(" ".join(said), font(size), self.rows[0].rect.width)
            if len(lines) <= room:
                return lines
            said.pop()
        return []


def _here_name(seat: int) -> str:
    """The name a player at the host's keyboard goes by at the table."""
    return f"Player {seat + 1}"
