"""Back to a networked table after the app was closed mid-game (the menu's "Back to your
table"): the seat kept on disk (app/core/kept_seats.py) is opened again with its token, and once
the server has sent the table as it stands, the game's own table opens on it (a table still
waiting for players opens its lobby). A table that was on this app's own server is opened
again from its log first (the server went with the app).

Nothing answers, or the server no longer knows the seat: one plain line, Back, and the kept
seat is forgotten (there is no way back to it). A seat at the venue (Settings) is kept when
the venue does not answer: the table lives on there, and the trouble is more likely this
computer's network than the venue, so the menu offers it again. This app's own server
failing to open is said too, and the seat kept: the fault is the disk's, not the seat's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from app.core.kept_seats import KeptSeat
from app.core.venue_address import venue_name
from app.core.words import venue_words
from app.net.client.dial import shown
from app.window.render.table import felt
from app.window.render.text import font, px, render_text, wrap
from app.window.scenes.base import Scene
from app.core.words.net_words import SEAT_STILL_KEPT, player_line
from app.window.ui import theme
from app.window.ui.widgets import Button, blit_centered, panel

if TYPE_CHECKING:
    from app.net.client.remote import RemoteSession
    from app.net.server.hosting import LocalServer
    from app.window.scenes.base import AppServices

NO_SEAT = "that seat token opens no seat here"


def back_session(url: str, seat: KeptSeat) -> RemoteSession:
    """A session sitting down again in ``seat`` at the server at ``url`` (a reflex game's
    keeps the server's clock; at a turn table it is a plain ``RemoteSession``)."""
    from app.net.client.remote_realtime import RemoteRealtimeSession

    return RemoteRealtimeSession.back(url, seat.token, seat.name)


class BackToTableScene(Scene):
    name = "back_to_table"

    def __init__(self, app: AppServices, seat: KeptSeat) -> None:
        super().__init__(app)
        self.seat = seat
        self.address = shown(seat.url).partition("://")[2]      # (as typed: no scheme, no pin)
        self.session: RemoteSession | None = None
        self.server: LocalServer | None = None
        self.problem: str | None = None
        self.back_button = Button("Cancel", self.back, kind="quiet")
        if seat.hosted_here:
            self._open_own_server()
        else:
            self.session = back_session(seat.url, seat)
        self.resize(app.screen.get_size())

    def _open_own_server(self) -> None:
        """The table was on this app's server, which closed with the app: open it again (it
        picks up the games being played from its log), then sit down on it."""
        from app.net.server import hosting

        self.server = hosting.local_server()
        if hosting.stop not in self.app.on_close:
            self.app.on_close.append(hosting.stop)

    # --- what is happening ------------------------------------------------------------------

    def update(self, dt: float) -> None:
        if self.problem is not None:
            return
        session = self.session
        if session is None:
            self._server_ready()
            return
        session.poll()
        status = session.status
        if status in ("playing", "over"):
            self.app.nav.table(session, replace=True)
        elif status == "waiting":
            self.app.nav.lobby(session, self.address, replace=True)
        elif status == "failed":
            self._failed(session.failure or "")

    def _server_ready(self) -> None:
        server = self.server
        assert server is not None   # (no session yet: the table is on this app's own server, opened first)
        if server.failure is not None:
            self._failed(server.failure, own_server=True)
        elif server.port is not None:
            self.address = server.address()
            self.session = back_session(server.url, self.seat)

    def _failed(self, failure: str, own_server: bool = False) -> None:
        """One line for the player; the kept seat goes (nothing there opens it any more),
        unless it is at a venue that did not answer, or this app's own server could not open
        (a full disk, a folder that cannot be written): nothing is wrong with the seat, and
        the next try may find its table."""
        from app.core import kept_seats

        if not (own_server or (self._at_venue and _unreachable(failure))):
            kept_seats.forget(self.seat.token)
        self.problem = SEAT_STILL_KEPT.format(failure=failure) if own_server else self.explain(failure)
        self.back_button.label = "Back"

    def explain(self, failure: str) -> str:
        """Why the seat cannot be had, in the player's words."""
        line = failure.removeprefix("the server refused: ")
        if self._at_venue and _unreachable(failure):
            return venue_words.venue_silent(venue_name(self.seat.url))
        if line == NO_SEAT:
            return f"{self.seat.title} is no longer there: its game has ended, or its table was closed."
        if _unreachable(line) and self.seat.host and not self.seat.hosted_here:
            return (f"The table was on {self.seat.host}'s computer, which has closed "
                    f"(nothing answers at {self.address}).")
        return player_line(failure, self.address)

    @property
    def _at_venue(self) -> bool:
        return bool(self.app.settings.venue) and self.seat.url == self.app.settings.venue

    # --- what the player does ---------------------------------------------------------------

    def back(self) -> None:
        """Back to the menu (the seat stays kept while the way back may still open)."""
        if self.session is not None and self.problem is None:
            self.session.leave()
        self.app.scenes.pop()

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.back_button.handle_event(event):
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER):
            if event.key == pygame.K_ESCAPE or self.problem is not None:
                self.back()

    # --- layout and drawing -----------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.s = s = theme.scale_for(size)
        width = min(int(760 * s), size[0] - 40)
        self.box = pygame.Rect(0, 0, width, max(int(220 * s), 160))
        self.box.center = (size[0] // 2, size[1] // 2 - int(20 * s))
        self.back_button.rect = pygame.Rect(0, 0, int(160 * s), max(32, int(50 * s)))
        self.back_button.rect.midtop = (size[0] // 2, self.box.bottom + int(24 * s))
        self.back_button.text_size = max(15, int(22 * s))

    def _where(self) -> str:
        where = "opening your table again" if self.session is None else f"sitting down at {self.address}"
        return f"Seat {self.seat.seat + 1}, as {self.seat.name}: {where}…"

    def spoken_focus(self) -> str | None:
        """Where the player is going back to and how it goes; why not, when it cannot."""
        said = (self.problem if self.problem is not None else self._where()).rstrip("….")
        return f"Back to {self.seat.title}. {said}. {self.back_button.label}, button"

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt(self.size), (0, 0))
        s = self.s
        blit_centered(surface, render_text(f"Back to {self.seat.title}", int(40 * s), theme.GOLD, bold=True),
                      (self.size[0] // 2, self.box.top - int(40 * s)))
        panel(surface, self.box, edge=theme.EDGE, width=1)
        size = max(15, int(22 * s))
        pad = int(24 * s)
        text, colour = (self.problem, theme.DANGER) if self.problem is not None else (self._where(), theme.INK)
        lines = wrap(text, font(size, bold=True), self.box.width - 2 * pad)
        y = self.box.centery - len(lines) * (px(size) + 6) // 2
        for line in lines:
            blit_centered(surface, render_text(line, size, colour, bold=self.problem is not None),
                          (self.box.centerx, y + size // 2))
            y += px(size) + 6
        self.back_button.draw(surface)


def _unreachable(failure: str) -> bool:
    """Whether ``failure`` says nothing answered (not that the server refused the seat)."""
    return failure.startswith(("cannot reach ", "lost the server "))
