"""The lobby of a networked table: the join code, big, and the invitation to send (one line,
app/net/wire/invitation.py, with a Copy button for the system clipboard); every seat
with who has sat down; the chat; Start (the host: computers take the open seats) and Leave.
When the game begins the game's own table opens with the same session.

A host's lobby first opens the app's own server (app/net/server/hosting.py) and makes the table on it;
a joiner's arrives with its session already seated (app/window/scenes/join.py). Whatever fails
(the server, the table) is one line here, with Try again.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any, Sequence

import pygame

from app.window.render.table import felt
from app.core.words import promise_words
from app.core.words.chat_words import phrases_for
from app.window.render.text import font, px, render_text, wrap
from app.window.scenes.base import Scene
from app.core.words.net_words import INVITE_COPIED, NO_CLIPBOARD, player_line, router_line
from app.window.ui import theme
from app.window.ui.fit import shrink_to, size_to_fit
from app.core.words.names import clean_name
from app.core.words.render import render
from app.window.ui import clipboard
from app.window.ui.widgets import Button, blit_centered, panel
from games.core.words import Words
from games.registry import GameSpec

if TYPE_CHECKING:
    from app.net.client.remote import RemoteSession
    from app.net.wire.invitation import Invitation
    from app.window.scenes.base import AppServices
    from app.window.ui.chat import ChatPanel

ERROR_SHOWN_S = 6.0


def host_session(url: str, create: dict[str, Any], name: str) -> RemoteSession:
    """A new table on the server at ``url``, this player at its host seat (tests swap this)."""
    from app.net.client.remote_realtime import hosting_session

    return hosting_session(url, create, name)


def join_session(url: str, code: str, name: str, watch: bool, others: Sequence[str] = ()) -> RemoteSession:
    """A seat at the table ``code`` (or a place to watch it), and at a reflex table one for
    each of ``others`` at this keyboard (tests swap this)."""
    from app.net.client.remote_realtime import RemoteRealtimeSession   # (at a turn table, a RemoteSession)

    return RemoteRealtimeSession.join(url, code, name, watch, others)


class LobbyScene(Scene):
    name = "lobby"

    def __init__(self, app: AppServices, session: RemoteSession | None, address: str, spec: GameSpec | None = None,
                 create: dict[str, Any] | None = None, internet: bool = False) -> None:
        super().__init__(app)
        self.session = session
        self.address = address
        self.lan_address = address           # (the address on this network, beside a public one)
        self.internet = internet             # the host asks the router to let friends anywhere in
        self.router_asked_for: str | None = None   # (the table the router was asked for, once)
        self.spec = spec
        self.create = create                 # the host's table, made again by Try again
        # A host whose table was made by the caller on a server of its choosing (parlour
        # host --server) makes it there again; None: on the app's own server.
        self.table_url: str | None = getattr(session, "url", None) if session is not None and create else None
        self.given_name: str | None = getattr(session, "player_name", None)
        # The table is at the venue (Settings): it outlives this app (hosted there, or come back to).
        venue = app.settings.venue
        self.at_venue = bool(venue) and getattr(session, "url", None) == venue
        self.server: Any = None
        self.server_failure: str | None = None
        self.error: tuple[Words | str, float] | None = None
        self.chat: Any = None
        self.start_button = Button("Start", self.start, kind="primary", enabled=False)
        self.leave_button = Button("Leave", self.leave, kind="quiet")
        self.again_button = Button("Try again", self.try_again)
        self.copy_button = Button("Copy", self.copy_invitation)
        self.copied: tuple[str, float] | None = None      # what Copy did, said for a while
        app.on_close.insert(0, self.app_closing)     # before the app's own server stops
        self.resize(app.screen.get_size())

    @classmethod
    def hosting(cls, app: AppServices, spec: GameSpec, create: dict[str, Any], internet: bool = False,
                at: str | None = None) -> LobbyScene:
        """The host's lobby: the app's server is opened, then the table made on it (and with
        ``internet``, the router asked to forward its port to friends anywhere); or the table
        is made at the server ``at`` (a venue: nothing is opened here, nor the router asked)."""
        lobby = cls(app, None, at or "", spec, create, internet and at is None)   # (a venue's whole address)
        lobby.table_url, lobby.at_venue = at, at is not None
        lobby.try_again()
        return lobby

    @property
    def can_retry(self) -> bool:
        return self.create is not None and self.failure is not None

    # --- the host's server and table ------------------------------------------------------

    def try_again(self) -> None:
        """(The host) open the app's server if it is not running, then make the table."""
        from app.net.server import hosting

        self.session, self.server_failure, self.error, self.chat = None, None, None, None
        if self.table_url is not None and self.create is not None:
            self.session = host_session(self.table_url, self.create, self._name())
            return
        self.server = hosting.local_server()
        if hosting.stop not in self.app.on_close:
            self.app.on_close.append(hosting.stop)

    def _server_ready(self) -> None:
        """The host's server listens (or has failed): make the table on it."""
        server = self.server
        if self.session is not None or server is None or self.create is None:
            return
        if server.failure is not None:
            self.server_failure = server.failure
        elif server.port is not None:
            self.address = self.lan_address = server.address()
            self.session = host_session(server.url, self.create, self._name())

    def _router_answered(self) -> None:
        """With friends anywhere, the router is asked once the table is made; once it has
        opened the port, the address to send is the public one."""
        server, code = self.server, getattr(self.session, "code", None)
        if not self.internet or server is None or code is None:
            return
        if self.router_asked_for != code:
            self.router_asked_for = code
            server.open_to_internet(code)
        public = server.public_address
        if public and self.address != public:
            self.address = public

    def _name(self) -> str:
        return self.given_name or clean_name(self.app.settings.player_name) or "Host"

    # --- what is happening ----------------------------------------------------------------

    @property
    def failure(self) -> str | None:
        """One line when the table cannot be had (the server's, the link's)."""
        if self.session is None:
            return self.server_failure
        if self.session.status != "failed":
            return None
        return player_line(self.session.failure, self.address)    # the Join screen's words

    @property
    def is_host(self) -> bool:
        session = self.session
        if session is None or session.seat is None or session.seat >= len(session.players):
            return False
        return bool(session.players[session.seat].kind == "host")

    @property
    def game_title(self) -> str:
        spec = self.spec or getattr(self.session, "spec", None)
        if spec is None:
            return "A table"
        # The table's options once it is begun, else those the host asked for ("Pig").
        setup = getattr(self.session, "setup", None)
        options = setup.options if setup is not None else (self.create or {}).get("options", {})
        return spec.title_for(options)

    def update(self, dt: float) -> None:
        self._server_ready()
        self._router_answered()
        session = self.session
        if session is None:
            return
        session.poll()
        for line in session.take_errors():
            self.error = (line, ERROR_SHOWN_S)
        if self.error is not None:
            self.error = (self.error[0], self.error[1] - dt) if self.error[1] > dt else None
        if self.copied is not None:
            self.copied = (self.copied[0], self.copied[1] - dt) if self.copied[1] > dt else None
        if self.chat is None and session.status in ("waiting", "playing"):
            self.chat = _chat_panel(session)
        self.start_button.enabled = self.is_host and session.status == "waiting"
        self.leave_button.label = "Back" if self.failure is not None else "Leave"
        if self.failure is not None and not self.can_retry:      # alone: in the middle
            self.leave_button.rect.centerx = self.size[0] // 2
        if session.status in ("playing", "over"):
            self.open_table(session)

    def open_table(self, session: RemoteSession) -> None:
        self._forget_app_closing()
        table = self.app.nav.table(session, replace=True)
        if self.error is not None:     # (said here a moment ago, when the game began: said on)
            table.say(table.to_player(self.error[0]), 4.0)

    @property
    def invitation(self) -> Invitation | None:
        """The line friends paste to join this table, once it has a code (None for a table on
        a clear-text server beyond this computer, which friends could not join safely)."""
        from app.net.wire.invitation import for_url

        session = self.session
        code = getattr(session, "code", None)
        if session is None or code is None:
            return None
        spec = self.spec or getattr(session, "spec", None)
        game = spec.id if spec is not None else None
        host = next((p.name for p in getattr(session, "players", None) or [] if p.kind == "host" and p.name), None)
        if self.server is not None and getattr(self.server, "identity", None) is not None:
            own: Invitation = self.server.invitation(code, game, host)    # (this machine's address on the LAN)
            return own
        return for_url(session.url, code, game, host, _host_part(self.address))

    # --- what the player does -------------------------------------------------------------

    def copy_invitation(self) -> None:
        invitation = self.invitation
        if invitation is not None:
            self.copied = (INVITE_COPIED if clipboard.copy(invitation.text()) else NO_CLIPBOARD, ERROR_SHOWN_S)

    def start(self) -> None:
        if self.session is not None and self.start_button.enabled:
            self.session.start_now()

    def leave(self) -> None:
        """Hang up and go back; the host of a table still waiting closes it (whoever joined
        is told, and the table is gone)."""
        self._forget_app_closing()
        session = self.session
        if session is not None and self.is_host and session.status == "waiting":
            session.close_table()
        elif session is not None:
            session.leave()
        self.app.scenes.pop()

    def app_closing(self) -> None:
        """The app closes with this lobby open: the host's waiting table is closed first
        (not at the venue: it waits there, and Back to your table comes back to it)."""
        session = self.session
        if session is not None and self.is_host and session.status == "waiting" and not self.at_venue:
            session.close_table()

    def _forget_app_closing(self) -> None:
        if self.app_closing in self.app.on_close:
            self.app.on_close.remove(self.app_closing)

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.chat is not None and self.chat.handle_event(event):
            return
        if self.can_retry and self.again_button.handle_event(event):
            return
        if self.invitation is not None and self.failure is None and self.copy_button.handle_event(event):
            return
        if self.start_button.handle_event(event) or self.leave_button.handle_event(event):
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.leave()
            elif event.key == pygame.K_c and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
                self.copy_invitation()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                if self.can_retry:
                    self.try_again()
                else:
                    self.start()

    # --- layout ----------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.s = s = theme.scale_for(size)
        content = min(int(1160 * s), size[0] - 40)
        gap = int(20 * s)
        top = int(92 * s)
        bottom = size[1] - max(72, int(112 * s))
        left = (size[0] - content) // 2
        main_w = int(content * 0.6)
        self.main = pygame.Rect(left, top, main_w, bottom - top)
        self.chat_rect = pygame.Rect(self.main.right + gap, top, content - main_w - gap, bottom - top)
        button_h = max(32, int(50 * s))
        self.start_button.rect = pygame.Rect(0, 0, int(200 * s), button_h)
        self.leave_button.rect = pygame.Rect(0, 0, int(160 * s), button_h)
        self.again_button.rect = pygame.Rect(0, 0, int(180 * s), button_h)
        y = bottom + max(10, int(16 * s))
        self.leave_button.rect.topright = (size[0] // 2 - int(12 * s), y)
        self.start_button.rect.topleft = (size[0] // 2 + int(12 * s), y)
        self.again_button.rect.topleft = self.start_button.rect.topleft
        for button in (self.start_button, self.leave_button, self.again_button):
            button.text_size = max(15, int(22 * s))
        self.copy_button.rect = pygame.Rect(0, 0, max(64, int(96 * s)), max(26, int(34 * s)))
        self.copy_button.text_size = max(13, int(18 * s))

    # --- drawing ---------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt(self.size), (0, 0))
        s = self.s
        blit_centered(surface, render_text(self._heading(), int(40 * s), theme.GOLD, bold=True),
                      (self.size[0] // 2, int(46 * s)))
        panel(surface, self.main, edge=theme.EDGE, width=1)
        y = self._draw_code(surface, self.main.top + int(18 * s))
        self._draw_promise(surface)
        if self.failure is None:      # (a table that is gone has nobody waiting at it)
            self._draw_seats(surface, y + int(14 * s))
        if self.chat is None or not self.chat.typing:
            _chat_room(surface, self.chat_rect, s)      # (the closed panel shows its last lines in it)
        if self.chat is not None:
            self.chat.draw(surface, self.chat_rect.inflate(-int(12 * s), -int(12 * s)))
        self._draw_buttons(surface)
        self._draw_footer(surface)

    def spoken_focus(self) -> str | None:
        """The lobby as a listener needs it, said again when it changes (a friend sits, the
        table opens, the server refuses): the heading, the code letter by letter and the
        address, who sits where, and what the keys do."""
        if self.failure is not None:
            return f"{self._heading()}. {self.failure}"
        said = [self._heading() + "."]
        code = getattr(self.session, "code", None)
        if code is not None:
            said.append(f"Join code: {', '.join(code)}. Address: {self.address}.")
        session = self.session
        if session is not None:
            for seat, player in enumerate(getattr(session, "players", None) or []):
                who, _ = seat_words(player, seat == session.seat, _table_name(session, seat))
                said.append(f"Seat {seat + 1}: {who}.")
        if self.error is not None:
            line = self.error[0]
            said.append(line if isinstance(line, str) else render(line))
        keys = ["Enter starts, computers take the open seats" if self.start_button.enabled else "",
                "T chat" if self.chat is not None else "", "Escape leaves"]
        said.append(", ".join(k for k in keys if k) + ".")
        return " ".join(said)

    def _heading(self) -> str:
        if self.failure is not None:
            gone = self.session is not None and self.session.code is not None    # it was open
            return f"{self.game_title}: {'no longer open' if gone else 'not open'}"
        if self.session is None or self.session.status == "connecting":
            return f"{self.game_title}: opening the table…"
        if self.session.seat is None:
            return f"Watching {self.game_title}"
        return f"{self.game_title}: waiting for players"

    def _lines(self, text: str, size: int, width: int) -> list[str]:
        return wrap(text, font(size), width)

    def _draw_code(self, surface: pygame.Surface, y: int) -> int:
        """The code, big, and how friends use it; or the line saying what went wrong."""
        s, pad = self.s, int(24 * self.s)
        x, width = self.main.left + pad, self.main.width - 2 * pad
        small = max(13, int(18 * s))
        if self.failure is not None:
            for line in self._lines(self.failure, max(15, int(22 * s)), width):
                surface.blit(render_text(line, max(15, int(22 * s)), theme.DANGER, bold=True), (x, y))
                y += max(15, int(22 * s)) + 6
            return y
        code = getattr(self.session, "code", None)
        if code is None:
            surface.blit(render_text("Opening the table…", small, theme.INK_DIM), (x, y))
            return y + small + 8
        surface.blit(render_text("Join code", small, theme.INK_DIM), (x, y))
        big = render_text(" ".join(code), max(36, int(68 * s)), theme.GOLD, bold=True)
        surface.blit(big, (x, y + small + 2))
        y += small + 2 + big.get_height() + int(6 * s)
        y = self._draw_invitation(surface, x, y, width)
        for text, colour in self._how_to_join():
            for line in self._lines(text, small, width):
                surface.blit(render_text(line, small, colour), (x, y))
                y += small + 5
        return y

    def _draw_invitation(self, surface: pygame.Surface, x: int, y: int, width: int) -> int:
        """The invitation's line (cut to the panel's width: it has no spaces) under its label,
        with Copy beside the label; what Copy did, for a while."""
        invitation = self.invitation
        if invitation is None:
            return y
        s, small = self.s, max(13, int(18 * self.s))
        button = self.copy_button.rect
        button.topright = (x + width, y)
        surface.blit(render_text("Invitation", small, theme.INK_DIM), (x, y + (button.height - small) // 2))
        if self.copied is not None:
            said = render_text(self.copied[0], max(12, small - 2), theme.GOLD)
            surface.blit(said, said.get_rect(midright=(button.left - int(12 * s), button.centery)))
        self.copy_button.draw(surface)
        y += button.height + int(6 * s)
        line_size = max(12, int(16 * s))
        for line in _cut(invitation.text(), line_size, width):
            surface.blit(render_text(line, line_size, theme.INK), (x, y))
            y += line_size + 4
        return y + int(6 * s)

    def _draw_promise(self, surface: pygame.Surface) -> None:
        """The promise of the deal (app/core/deal_proof.py), short, at the panel's top right:
        everyone at the table sees the same digits before the first card, and the results
        say whether the deal was the one promised."""
        promised = getattr(self.session, "promised", None)
        if promised is None or self.failure is not None:
            return
        pad = int(24 * self.s)
        image = render_text(promise_words.promise_line(promised), max(13, int(18 * self.s)), theme.INK_DIM)
        surface.blit(image, image.get_rect(topright=(self.main.right - pad, self.main.top + int(18 * self.s))))

    def _how_to_join(self) -> list[tuple[str, tuple[int, int, int]]]:
        said = [] if self.invitation is not None else [(f"Address: {self.address}", theme.INK)]
        if self.address != self.lan_address:
            said.append((f"On this network: {self.lan_address}", theme.INK_DIM))
        if self.is_host:
            said.extend(self._router_said())
        note = getattr(self.session, "seating_note", None)      # (a joiner's people who could not sit)
        if note and (self.error is None or self.error[0] != note):   # (not while the footer says it)
            said.append((note, theme.DANGER))
        if self.is_host:
            said.append(("Send friends the invitation: they choose Play online, then Join, and paste it.",
                         theme.INK_DIM))
            note = getattr(self.server, "note", None)
            if note:
                said.append((f"{note}: send them the invitation.", theme.INK_DIM))
        return said

    def _router_said(self) -> list[tuple[str, tuple[int, int, int]]]:
        """What came of asking the router, when it was asked (none else)."""
        router = getattr(self.server, "router", None) if self.internet else None
        if router is None:
            return []
        outcome, port = router.outcome, router.port
        if outcome is None:
            return [(router_line(None, port), theme.INK_DIM)]
        colour = theme.INK if outcome.kind == "mapped" else theme.DANGER
        this_computer = self.lan_address.rpartition(":")[0] or self.lan_address
        return [(router_line(outcome.kind, outcome.port, outcome.public_ip, this_computer), colour)]

    def _draw_seats(self, surface: pygame.Surface, y: int) -> None:
        session = self.session
        players = getattr(session, "players", None) or []
        if session is None or not players:
            return
        s, pad = self.s, int(24 * self.s)
        size = max(14, int(20 * s))
        row_h = int(min(px(size) * 1.9, (self.main.bottom - y - pad) / max(1, len(players) + 1)))
        size = shrink_to(size, lambda z: px(z) <= row_h * 0.6)
        heading = render_text("Seats", size, theme.INK_DIM, bold=True)
        surface.blit(heading, (self.main.left + pad, y))
        spec = self.spec or getattr(session, "spec", None)
        if spec is not None and spec.partnerships and len(players) == 4:
            room = self.main.width - 2 * pad - heading.get_width() - 12
            said = "partners sit opposite: 1 and 3, 2 and 4"
            note = render_text(said, size_to_fit(said, max(12, size - 4), room), theme.INK_DIM)
            surface.blit(note, note.get_rect(bottomright=(self.main.right - pad, y + heading.get_height())))
        y += row_h
        # The names start after the widest "Seat N", however large the text is drawn.
        label_w = max(font(size).size(f"Seat {seat + 1}")[0] for seat in range(len(players)))
        name_x = 14 + max(int(110 * s), label_w + 16)
        for seat, player in enumerate(players):
            row = pygame.Rect(self.main.left + pad, y, self.main.width - 2 * pad, row_h - 4)
            panel(surface, row, fill=theme.PANEL, edge=None, radius=8)
            label = render_text(f"Seat {seat + 1}", size, theme.INK_DIM)
            surface.blit(label, label.get_rect(midleft=(row.left + 14, row.centery)))
            who, colour = seat_words(player, seat == session.seat, _table_name(session, seat))
            text = render_text(who, size_to_fit(who, size, row.width - name_x - 8, player.taken), colour,
                               bold=player.taken)
            surface.blit(text, text.get_rect(midleft=(row.left + name_x, row.centery)))
            y += row_h

    def _draw_buttons(self, surface: pygame.Surface) -> None:
        self.leave_button.draw(surface)
        if self.can_retry:
            self.again_button.draw(surface)
        elif self.is_host:
            self.start_button.draw(surface)
        elif self.session is not None and self.session.status == "waiting":
            said = render_text("The host starts the game", max(14, int(19 * self.s)), theme.INK_DIM)
            surface.blit(said, said.get_rect(midleft=(self.start_button.rect.left, self.start_button.rect.centery)))

    def _draw_footer(self, surface: pygame.Surface) -> None:
        """The server's last refusal, for a while; else what the keys do."""
        size = max(12, int(15 * self.s))
        if self.error is not None:
            line = self.error[0]
            image = render_text(line if isinstance(line, str) else render(line), size + 2, theme.DANGER, bold=True)
        else:
            keys = ["Enter starts (computers take the open seats)" if self.start_button.enabled else "",
                    "T chat" if self.chat is not None else "", "Esc leaves"]
            said = " · ".join(k for k in keys if k)
            image = render_text(said, size_to_fit(said, size, self.size[0] - 24), theme.INK_DIM)
        spot = image.get_rect(center=(self.size[0] // 2, self.size[1] - int(16 * self.s)))
        surface.blit(image, spot.clamp(surface.get_rect()))


def seat_words(player: Any, mine: bool, table_name: str = "") -> tuple[str, tuple[int, int, int]]:
    """What a seat's row says of who sits there, and in which colour: a computer by the
    name the table will give it ("Mabel, computer (hard)")."""
    if player.kind == "bot":
        level = getattr(player, "level", None)
        said = f"computer ({level})" if level else "computer"
        return (f"{table_name}, {said}" if table_name else said.capitalize()), theme.INK
    if not player.taken:
        return "Waiting for a friend to join…", theme.INK_DIM
    said = player.name + (" (you)" if mine else "") + (", host" if player.kind == "host" else "")
    if not player.connected:
        said += ": left" if getattr(player, "left", False) else ": away"
    return said, theme.GOLD if mine else theme.INK


def _host_part(address: str) -> str | None:
    """The host in an address as the lobby was given it (``H:P``, ``ws://H:P``, pinned or not)."""
    from urllib.parse import urlsplit

    from app.net.wire.addresses import normalise

    try:
        return urlsplit(normalise(address.partition("#")[0])).hostname if address else None
    except ValueError:
        return None


@lru_cache(maxsize=16)
def _cut(text: str, size: int, width: int) -> tuple[str, ...]:
    """``text`` (a line with no spaces to wrap at) cut into lines of ``width`` pixels
    (kept: the lobby draws the same line every frame)."""
    measure, lines = font(size), []
    while text:
        count = len(text)
        while count > 1 and measure.size(text[:count])[0] > width:
            count -= 1
        lines.append(text[:count])
        text = text[count:]
    return tuple(lines)


def _table_name(session: RemoteSession, seat: int) -> str:
    """The name the table gives a seat (computers get theirs from a cast), if known."""
    names = getattr(getattr(session, "setup", None), "names", None) or []
    return str(names[seat]) if seat < len(names) else ""


def _chat_panel(session: RemoteSession) -> ChatPanel | None:
    """The chat panel, once app/window/ui/chat.py is there (None before)."""
    try:
        from app.window.ui.chat import ChatPanel
    except ImportError:
        return None
    return ChatPanel(session.send_chat, lambda: session.chat, seat=session.seat,
                     phrases=phrases_for(getattr(session, "spec", None)))    # (the game's, once known)


def _chat_room(surface: pygame.Surface, rect: pygame.Rect, s: float) -> None:
    """The chat's place while it is closed: its name, and a word on how to open it."""
    panel(surface, rect, edge=theme.EDGE, width=1)
    pad = int(18 * s)
    title = render_text("Chat", max(16, int(24 * s)), theme.GOLD, bold=True)
    surface.blit(title, (rect.left + pad, rect.top + pad))
    said = "T, or a click below, to say something"
    hint = render_text(said, size_to_fit(said, max(12, int(15 * s)), rect.width - 2 * pad), theme.INK_DIM)
    surface.blit(hint, (rect.left + pad, rect.top + pad + max(title.get_height(), int(34 * s))))
