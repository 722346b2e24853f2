"""Join a table: the tables waiting for players on the local network, listed by themselves
(each with Join and Watch), or the invitation a friend sent, pasted (Ctrl+V: the words around
it are dropped, app/net/wire/invitation.py), or an address and code, typed. Whatever goes
wrong (no server there, a wrong code, too many tries, a full table) is one line here, and
the player fixes it and tries again; once seated, the lobby opens.

"Players at this keyboard" (1, 2 or 3) brings the others at this keyboard to a reflex
table: each takes a free seat of their own with the keys the hot-seat tables give the
second and third player, by the names kept for them in the settings (``other_players``). A
turn game seats one player per app; a table with too few free seats seats those who fit,
and the lobby says who could not sit (app/net/client/remote_realtime.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from app.window.input.bindings import MAX_KEYBOARD_PLAYERS, key_label, slot_keys
from app.net.wire.protocol import CODE_ALPHABET, CODE_LENGTH
from app.window.render.table import felt
from app.window.render.text import font, px, render_text, wrap
from app.window.scenes.base import Scene
from app.core.session import SeatPlan
from app.net.client.dial import shown
from app.net.client.table_finder import FoundTable, TableFinder
from app.net.wire.invitation import BadInvitation, Invitation, find
from app.window.ui import theme
from app.core.words.names import clean_name, human_default
from app.core.words.net_words import invitation_line, player_line
from app.window.ui.text_field import TextField
from app.window.ui.widgets import Button, blit_centered, panel
from app.window.ui.fit import size_to_fit
from games.registry import record_title

if TYPE_CHECKING:
    from app.window.scenes.base import AppServices

ROWS_SHOWN = 5
INVITATION_LIMIT = 400        # characters a pasted invitation (with words around it) may take
TYPE_WORDS = "Paste the invitation your friend sent (Ctrl+V), or type the host's address and code."
MOST_HERE = min(3, MAX_KEYBOARD_PLAYERS)   # people one joining app brings to a reflex table
HERE_LABEL = "Players at this keyboard"
HERE_WORDS = "at Ratscrew, Nails, Spoons"   # (a turn game seats one player per app)


def look_for_tables() -> TableFinder:
    """Start looking for tables on the local network (tests swap this)."""
    return TableFinder().start()


def _code_char(c: str) -> str:
    c = c.upper()
    return c if c in CODE_ALPHABET else ""


class JoinScene(Scene):
    name = "join"

    def __init__(self, app: AppServices, address: str = "", code: str = "") -> None:
        super().__init__(app)
        self.address = TextField("Invitation, or address", address, INVITATION_LIMIT,
                                 placeholder="parlour://… or 192.168.1.5:8765")
        self.invitation: Invitation | None = None      # the one pasted into ``address``, read
        self.code = TextField("Code", code, CODE_LENGTH, keep=_code_char, placeholder="6 letters")
        self.join_button = Button("Join", lambda: self.join(False), kind="primary")
        self.watch_button = Button("Watch", lambda: self.join(True))
        self.back_button = Button("Back", self.back, kind="quiet")
        self.focus = 0 if not address else 1          # 0 address, 1 code, 2 players here
        self.here = 1
        self.here_buttons = [Button(str(n), self._here_setter(n)) for n in range(1, MOST_HERE + 1)]
        self._set_here(1)
        self.problem: str | None = None
        self.joining: Any = None
        self.joining_at = ""                 # the address being joined, as a player reads it
        self.finder: TableFinder | None = None
        self.rows: list[tuple[FoundTable, Button, Button]] = []
        self.resize(app.screen.get_size())

    def on_enter(self) -> None:
        self.finder = look_for_tables()

    def on_exit(self) -> None:
        if self.finder is not None:
            self.finder.stop()
            self.finder = None

    # --- joining -------------------------------------------------------------------------------

    def join(self, watch: bool, found: FoundTable | None = None) -> None:
        from app.net.wire.addresses import normalise
        from app.window.scenes.lobby import join_session

        if self.joining is not None:
            return
        if found is not None:         # (dialled as announced: pinned to its certificate)
            url, code = found.address, found.table.code
        else:
            self.problem = self._missing()
            if self.problem is not None:
                return
            url, code = ((self.invitation.url, self.invitation.code) if self.invitation is not None
                         else (normalise(self.address.text), self.code.text))
        name = clean_name(self.app.settings.player_name) or "Player"
        others = [] if watch else self.others()
        # (what the player typed, or the address as they would type it)
        self.joining_at = shown(url).partition("://")[2] if found or self.invitation else self.address.text.strip()
        self.joining = join_session(url, code, name, watch, others)

    def _read_invitation(self) -> None:
        """The box holds an invitation (pasted, perhaps with words around it): keep only the
        invitation's line, and its code in the code box. (A broken one, or one still being
        typed, says what is wrong when the player joins.)"""
        self.invitation = None
        if "://" not in self.address.text or self.address.text.lower().startswith(("ws://", "wss://")):
            return
        try:
            self.invitation = find(self.address.text)
        except BadInvitation:
            return
        self.address.text, self.code.text = self.invitation.text(), self.invitation.code

    # --- the others at this keyboard ------------------------------------------------------------

    def _here_setter(self, count: int) -> Any:
        return lambda: self._set_here(count)

    def _set_here(self, count: int) -> None:
        self.here = max(1, min(MOST_HERE, count))
        for number, button in enumerate(self.here_buttons, 1):
            button.kind = "primary" if number == self.here else "normal"

    def others(self) -> list[str]:
        """The names of the others at this keyboard: those kept from the hot-seat games
        (the second player's, the third's), else "Player 2", "Player 3"."""
        settings = self.app.settings
        plans = [SeatPlan(True)] * self.here
        return [human_default(plans, seat, settings.player_name, settings.other_players)
                for seat in range(1, self.here)]

    def _others_line(self) -> str:
        """Who else sits, with their keys ("With Mia (keys P, [) and Bo (keys Z, X)")."""
        bindings = self.app.settings.key_bindings
        said = [f"{name} (keys {', '.join(key_label(code) for code in slot_keys(bindings, slot))})"
                for slot, name in enumerate(self.others(), 1)]
        return "With " + (said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1]) if said else ""

    def _missing(self) -> str | None:
        if self.invitation is not None:
            return None
        if "://" in self.address.text and not self.address.text.lower().startswith(("ws://", "wss://")):
            self.focus = 0
            try:
                find(self.address.text)
            except BadInvitation as problem:
                return str(problem)[:1].upper() + str(problem)[1:]
        if not self.address.text.strip():
            self.focus = 0
            return "Type the address your friend sent (like 192.168.1.5:8765)"
        if len(self.code.text) != CODE_LENGTH:
            self.focus = 1
            return f"The code has {CODE_LENGTH} letters and digits: type all of them"
        return None

    def update(self, dt: float) -> None:
        self._list_tables()
        session = self.joining
        if session is None:
            return
        session.poll()
        if session.status == "failed":
            self.problem, self.joining = player_line(session.failure, self.joining_at), None
        elif session.status != "connecting":
            self.joining = None
            self.app.nav.lobby(session, self.joining_at)

    def back(self) -> None:
        self.app.scenes.pop()

    # --- the tables found -----------------------------------------------------------------------

    def _list_tables(self) -> None:
        """A row (with its own Join and Watch) for each table the finder has heard of."""
        found = self.finder.tables[:ROWS_SHOWN] if self.finder is not None else []
        if [r[0] for r in self.rows] == found:
            return
        self.rows = [(t, Button("Join", self._joiner(t, False), kind="primary"), Button("Watch", self._joiner(t, True)))
                     for t in found]
        self._place_rows()

    def _joiner(self, found: FoundTable, watch: bool) -> Any:
        return lambda: self.join(watch, found)

    def _finder_line(self) -> str:
        finder = self.finder
        if finder is not None and finder.problem:
            return f"No list here ({finder.problem}): type the address and code."
        if finder is None or finder.looks == 0:
            return "Looking for tables on your network…"
        if not finder.tables:
            return "No table is waiting on your network yet; still looking…"
        return ""

    # --- input ------------------------------------------------------------------------------------

    @property
    def fields(self) -> list[TextField]:
        return [self.address, self.code]

    def handle_event(self, event: pygame.event.Event) -> None:
        for button in (self.join_button, self.watch_button, self.back_button, *self.here_buttons,
                       *(b for row in self.rows for b in row[1:])):
            if button.handle_event(event):
                return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for i, field in enumerate(self.fields):
                if field.rect.collidepoint(event.pos):
                    self.focus = i
        elif event.type == pygame.KEYDOWN:
            self._key(event)

    def _key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_ESCAPE:
            self.back()
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.join(bool(event.mod & pygame.KMOD_SHIFT))
        elif event.key in (pygame.K_TAB, pygame.K_UP, pygame.K_DOWN):
            back = event.key == pygame.K_UP or bool(event.mod & pygame.KMOD_SHIFT)
            self.focus = (self.focus + (-1 if back else 1)) % 3
        elif self.focus == 2:
            self._here_key(event)
        elif self.fields[self.focus].type_key(event):
            self.problem = None
            if self.focus == 0:
                self._read_invitation()

    def _here_key(self, event: pygame.event.Event) -> None:
        """Left/Right (or 1, 2, 3) change how many sit here."""
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self._set_here(self.here + (1 if event.key == pygame.K_RIGHT else -1))
        elif event.unicode in ("1", "2", "3"):
            self._set_here(int(event.unicode))

    # --- layout and drawing -------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.s = s = theme.scale_for(size)
        content = min(int(1080 * s), size[0] - 40)
        gap = int(24 * s)
        top = int(104 * s)
        height = min(size[1] - top - int(100 * s), int(480 * s))
        left = (size[0] - content) // 2
        half = (content - gap) // 2
        self.list_panel = pygame.Rect(left, top, half, height)
        self.type_panel = pygame.Rect(left + half + gap, top, half, height)
        self.text_size = max(13, int(18 * s))
        pad = int(20 * s)
        field_h = max(34, int(50 * s))
        x, width = self.type_panel.left + pad, self.type_panel.width - 2 * pad
        intro = len(wrap(TYPE_WORDS, font(self.text_size), width)[:2]) * (px(self.text_size) + 4)
        y = self.type_panel.top + pad + int(44 * s) + intro + max(28, int(38 * s))
        self.address.rect = pygame.Rect(x, y, width, field_h)
        self.code.rect = pygame.Rect(x, y + field_h + int(40 * s), int(width * 0.6), field_h)
        button_h = max(32, int(48 * s))
        # The players here: a label, then 1 2 3 (and the others' names under them).
        small = max(12, self.text_size - 2)
        self.here_label_y = self.code.rect.bottom + int(14 * s)
        here_y, here_h = self.here_label_y + small + 6, max(28, int(38 * s))
        for i, button in enumerate(self.here_buttons):
            button.rect = pygame.Rect(x + i * (here_h + int(10 * s)), here_y, here_h + int(6 * s), here_h)
            button.text_size = max(14, int(19 * s))
        self.others_y = here_y + here_h + int(8 * s)
        buttons_y = self.others_y + small + int(16 * s)
        self.join_button.rect = pygame.Rect(x, buttons_y, int(150 * s), button_h)
        self.watch_button.rect = pygame.Rect(self.join_button.rect.right + int(14 * s), buttons_y, int(130 * s), button_h)
        self.back_button.rect = pygame.Rect(0, 0, int(160 * s), button_h)
        # Room under the buttons for a line of three rows saying what went wrong.
        needed = self.join_button.rect.bottom + int(20 * s) + 3 * (px(self.text_size) + 4) + pad - top
        for side in (self.list_panel, self.type_panel):
            side.height = min(max(side.height, needed), size[1] - top - button_h - int(40 * s))
        self.back_button.rect.topleft = (left, self.list_panel.bottom + int(16 * s))
        for button in (self.join_button, self.watch_button, self.back_button):
            button.text_size = max(14, int(20 * s))
        self._place_rows()

    def _place_rows(self) -> None:
        s, pad = self.s, int(20 * self.s)
        row_h = max(44, int(64 * s))
        y = self.list_panel.top + pad + int(44 * s)
        for _, join, watch in self.rows:
            row = pygame.Rect(self.list_panel.left + pad, y, self.list_panel.width - 2 * pad, row_h)
            small_h = max(26, int(36 * s))
            watch.rect = pygame.Rect(0, 0, int(84 * s), small_h)
            watch.rect.midright = (row.right - int(10 * s), row.centery)
            join.rect = pygame.Rect(0, 0, int(72 * s), small_h)
            join.rect.midright = (watch.rect.left - int(8 * s), row.centery)
            for button in (join, watch):
                button.text_size = max(12, int(16 * s))
            y += row_h + int(8 * s)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt(self.size), (0, 0))
        s = self.s
        blit_centered(surface, render_text("Join a table", int(48 * s), theme.GOLD, bold=True),
                      (self.size[0] // 2, int(56 * s)))
        self._draw_list(surface)
        self._draw_typing(surface)
        self.back_button.draw(surface)
        hint = "Tab changes box · Enter joins · Shift+Enter watches · Esc back"
        blit_centered(surface, render_text(hint, size_to_fit(hint, max(12, int(15 * s)), self.size[0] - 24), theme.INK_DIM),
                      (self.size[0] // 2, self.size[1] - int(18 * s)))

    def _title(self, surface: pygame.Surface, rect: pygame.Rect, title: str) -> int:
        panel(surface, rect, edge=theme.EDGE, width=1)
        pad = int(20 * self.s)
        surface.blit(render_text(title, max(18, int(26 * self.s)), theme.GOLD, bold=True),
                     (rect.left + pad, rect.top + pad))
        return rect.top + pad + int(44 * self.s)

    def _draw_list(self, surface: pygame.Surface) -> None:
        y = self._title(surface, self.list_panel, "On your network")
        pad, size = int(20 * self.s), self.text_size
        for found, join, watch in self.rows:
            row = pygame.Rect(self.list_panel.left + pad, join.rect.centery - max(44, int(64 * self.s)) // 2,
                              self.list_panel.width - 2 * pad, max(44, int(64 * self.s)))
            panel(surface, row, fill=theme.PANEL, edge=None, radius=8)
            title = record_title(found.table.game) or found.table.game   # "spoons:pig" is Pig
            room = join.rect.left - row.left - 24
            surface.blit(_fit(title, size, theme.INK, room, True), (row.left + 12, row.top + int(row.height * 0.14)))
            small = max(12, size - 3)
            seats = seat_words(found.table.host, found.table.free, found.table.seats, small, room)
            surface.blit(render_text(seats, small, theme.INK_DIM), (row.left + 12, row.centery + 2))
            join.draw(surface)
            watch.draw(surface)
            y = row.bottom + int(8 * self.s)
        for line in wrap(self._finder_line(), font(size), self.list_panel.width - 2 * pad):
            surface.blit(render_text(line, size, theme.INK_DIM), (self.list_panel.left + pad, y))
            y += px(size) + 4

    def _draw_typing(self, surface: pygame.Surface) -> None:
        y = self._title(surface, self.type_panel, "Type what you were sent")
        pad, size = int(20 * self.s), self.text_size
        for line in wrap(TYPE_WORDS, font(size), self.type_panel.width - 2 * pad)[:2]:
            surface.blit(render_text(line, size, theme.INK_DIM), (self.type_panel.left + pad, y))
            y += px(size) + 4
        for i, field in enumerate(self.fields):
            field.draw(surface, i == self.focus, max(15, int(22 * self.s)))
        self._draw_here(surface)
        self.join_button.draw(surface)
        self.watch_button.draw(surface)
        line, colour = (self.problem, theme.DANGER) if self.problem else (
            ("Joining…", theme.INK) if self.joining is not None else (self._invited_to(), theme.INK))
        y = self.join_button.rect.bottom + int(20 * self.s)
        for text in wrap(line, font(size, bold=True), self.type_panel.width - 2 * pad):
            surface.blit(render_text(text, size, colour, bold=True), (self.type_panel.left + pad, y))
            y += px(size) + 4


    def _invited_to(self) -> str:
        """Whose table, and which game, the pasted invitation is to ("" without one)."""
        invitation = self.invitation
        if invitation is None:
            return ""
        where = shown(invitation.url).partition("://")[2]
        return invitation_line(invitation.host_name, record_title(invitation.game or "") or None, where)

    def spoken_focus(self) -> str | None:
        """The box under the focus with what it held as the focus came (or how many play at
        this keyboard), after the refusal when there is one."""
        for index, box in enumerate(self.fields):
            if index != self.focus:
                box.heard = None
        line = (self.fields[self.focus].spoken() if self.focus < len(self.fields)
                else f"{HERE_LABEL} {HERE_WORDS}, {self.here}, adjustable")
        return f"{self.problem}. {line}" if self.problem else line

    def _draw_here(self, surface: pygame.Surface) -> None:
        small = max(12, self.text_size - 2)
        x = self.here_buttons[0].rect.left
        colour = theme.GOLD if self.focus == 2 else theme.INK_DIM
        surface.blit(render_text(HERE_LABEL, small, colour, bold=True), (x + 4, self.here_label_y))
        for number, button in enumerate(self.here_buttons, 1):
            button.focused = self.focus == 2 and number == self.here
            button.draw(surface)
        last = self.here_buttons[-1].rect
        words = render_text(HERE_WORDS, small, theme.INK_DIM)
        surface.blit(words, words.get_rect(midleft=(last.right + int(14 * self.s), last.centery)))
        line = self._others_line()
        if line:
            room = self.type_panel.right - int(20 * self.s) - x
            surface.blit(_fit(line, small, theme.INK, room, False), (x + 4, self.others_y))


def seat_words(host: str, free: int, seats: int, size: int, room: int) -> str:
    """A found table's second line in ``room`` pixels: the host and the free seats, in the
    fewest words it takes ("Ann · 2 of 4 seats free", "· 2 of 4 free", "· 2/4 free"); a
    name too long even then is cut with "…", never the count.

    >>> seat_words("Ann", 2, 4, 12, 400), seat_words("Bartholomew", 1, 5, 12, 160)
    ('Ann · 2 of 4 seats free', 'Bartholomew · 1 of 5 free')
    """
    measure = font(size)
    counts = (f"{free} of {seats} seats free", f"{free} of {seats} free", f"{free}/{seats} free")
    for count in counts:
        if measure.size(f"{host} · {count}")[0] <= room:
            return f"{host} · {count}"
    count = counts[-1]
    name = host
    while name and measure.size(f"{name}… · {count}")[0] > room:
        name = name[:-1].rstrip()
    return f"{name}… · {count}" if name else count


def _fit(text: str, size: int, colour: tuple[int, int, int], room: int, bold: bool) -> pygame.Surface:
    """``text`` cut with "…" to fit ``room`` pixels."""
    measure = font(size, bold=bold)
    while len(text) > 1 and measure.size(text)[0] > room:
        text = text[:-2] + "…"
    return render_text(text, size, colour, bold=bold)
