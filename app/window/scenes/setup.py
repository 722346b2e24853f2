"""Before a game: how many seats, who plays each (human or computer, and how well), the
game's options and the seed. Works by mouse (click a value to change it) and keyboard
(Up/Down choose a row, Left/Right change it, Enter starts, Esc goes back)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame

from app.window.render.table import felt
from app.window.render.text import px, render_text
from app.window.scenes.base import Scene
from app.core.session import LocalSession, SeatPlan, Setup
from app.window.ui import theme
from app.window.ui.confirm import Confirm
from app.window.ui.blurb import LEADING, fit_blurb
from app.window.ui.fit import pack_items
from app.window.ui.form import Row, draw_row, spoken_row
from app.core.words.language import _
from app.core.words.deal_words import DEAL_NUMBER, readable
from app.core.words.names import NAME_LIMIT, clean_name, human_default, others_kept
from app.window.ui.widgets import Button, blit_centered, panel
from games.registry import DIFFICULTIES, GameSpec, OptionSpec

if TYPE_CHECKING:
    from app.window.scenes.base import AppServices

SEED_DIGITS = 9


def level_word(level: str) -> str:
    """A computer player's level in the player's words."""
    words = {"easy": _("easy"), "normal": _("normal"), "hard": _("hard"), "expert": _("expert")}
    return words.get(level, level)


def plan_words(plan: SeatPlan) -> str:
    """Who plays a seat, as the seat's row says it: "Human", "Computer (hard)"."""
    return _("Human") if plan.human else _("Computer ({level})", level=level_word(plan.difficulty))


class SetupScene(Scene):
    name = "setup"

    def __init__(self, app: AppServices, spec: GameSpec, setup: Setup | None = None) -> None:
        super().__init__(app)
        self.spec = spec
        self.setup = setup or self._remembered() or Setup.default(spec)
        # The names typed for human seats ("" where none was typed: the default is shown).
        given = self.setup.names or []
        self.names = [given[i] if i < len(given) and plan.human else "" for i, plan in enumerate(self.setup.seats)]
        self.seat_rows: dict[int, int] = {}   # row index -> seat
        self.focus = 0
        self.start_button = Button(_("Start"), self.start, kind="primary")
        self.back_button = Button(_("Back"), self.back, kind="quiet")
        self.rows: list[Row] = []
        # "Start a new game? Your unfinished Whist will be lost" while it is asked.
        self.replacing: tuple[Confirm, LocalSession] | None = None
        self.build_rows()
        self.resize(app.screen.get_size())

    # the form ----------------------------------------------------------------------------

    def _remembered(self) -> Setup | None:
        """The choices made last time for this game; a field that is no longer allowed
        (or was damaged) falls back to its default, with one notice naming it."""
        from app.core import last_setup

        setup, problems = last_setup.recall(self.spec, self.app.settings.last_setup.get(self.spec.id))
        if problems:
            self.app.notify(last_setup.notice(self.spec, problems), 6.0)
        return setup

    @property
    def heading(self) -> str:
        """The screen's title: the game's name (hosting it says so)."""
        return self.spec.title

    @property
    def seed_label(self) -> str:
        """The row's one name for the number the cards are dealt from, in every game."""
        return DEAL_NUMBER

    def build_rows(self) -> None:
        rows: list[Row] = []
        if self.spec.min_seats != self.spec.max_seats:  # a fixed seat count is not a choice
            rows.append(Row(_("Players"), lambda: str(len(self.setup.seats)), self.change_seats))
        self.seat_rows = {}
        if self.spec.bots or len(self.setup.seats) > 1:  # a lone human seat is not a choice
            for seat in range(len(self.setup.seats)):
                self.seat_rows[len(rows)] = seat
                rows.append(Row(self.seat_title(seat), self._seat_text(seat), self._seat_changer(seat)))
            if len(self.levels()) > 1 and len(self.setup.seats) > 2:
                rows.append(Row(_("All computers"), self._all_computers_text, self._all_computers_change))
        for option in self.spec.options:
            if self._shown(option):
                rows.append(Row(option.label, self._option_text(option), self._option_changer(option)))
        rows.append(Row(self.seed_label, self._seed_text, self._seed_change))
        self.rows = rows
        self.focus = min(self.focus, len(rows) - 1)

    def seat_title(self, seat: int) -> str:
        """A seat row's label: a human's name (typed here; else the player's own from the
        settings for the first, the other people who played here last time for the next,
        then "Player 3"...), or "Seat 3" for a computer player, whose name comes with the
        deal."""
        if not self.setup.seats[seat].human:
            return _("Seat {number}", number=seat + 1)
        if seat < len(self.names) and clean_name(self.names[seat]):
            return clean_name(self.names[seat])
        typed = [name if i != seat and plan.human else "" for i, (name, plan) in enumerate(zip(self.names, self.setup.seats))]
        settings = self.app.settings
        return human_default(self.setup.seats, seat, settings.player_name, settings.other_players, typed)

    def _type_name(self, seat: int, event: pygame.event.Event) -> bool:
        """Letters typed on a human seat's row name that player (the first letter replaces
        the default name); Backspace deletes, back to the default when nothing is left."""
        if not self.setup.seats[seat].human:
            return False
        while len(self.names) <= seat:
            self.names.append("")
        typed = self.names[seat]
        if event.key == pygame.K_BACKSPACE:
            self.names[seat] = (typed or self.seat_title(seat))[:-1]
        elif event.unicode and event.unicode.isprintable() and (typed or not event.unicode.isspace()):
            self.names[seat] = (typed + event.unicode)[:NAME_LIMIT]
        else:
            return False
        return True

    def chosen_names(self) -> list[str]:
        """The names for the game's setup: each human's, "" for the computer players."""
        return [self.seat_title(seat) if plan.human else "" for seat, plan in enumerate(self.setup.seats)]

    def _seat_text(self, seat: int) -> Callable[[], str]:
        return lambda: self._seat_label(seat)

    def _seat_label(self, seat: int) -> str:
        """A seat's plan; for a human at a reflex game, also the two keys they will use."""
        plan = self.setup.seats[seat]
        names = self.spec.keys
        if not (plan.human and self.spec.realtime and names):
            return plan_words(plan)
        from app.window.input.bindings import MAX_KEYBOARD_PLAYERS, key_label, slot_keys

        slot = [i for i, p in enumerate(self.setup.seats) if p.human].index(seat)
        if slot >= MAX_KEYBOARD_PLAYERS:
            return _("Human (no keys: four humans at most)")
        keys = slot_keys(self.app.settings.key_bindings, slot)
        return _("Human · {key} {action} · {other_key} {other_action}", key=key_label(keys[0]), action=names[0],
                 other_key=key_label(keys[1]), other_action=names[1])

    def _seat_changer(self, seat: int) -> Callable[[int], None]:
        """Cycle Human -> Computer (easy) -> (normal) -> (hard) -> Human."""
        cycle = [SeatPlan(True)] + [SeatPlan(False, d) for d in DIFFICULTIES if d in self.spec.bots]

        def change(step: int) -> None:
            current = self.setup.seats[seat]
            index = next((i for i, p in enumerate(cycle) if p == current or (p.human and current.human)), 0)
            self.setup.seats[seat] = cycle[(index + step) % len(cycle)]
        return change

    def levels(self) -> list[str]:
        """The game's computer players' levels, easiest first."""
        return [d for d in DIFFICULTIES if d in self.spec.bots]

    def _computers(self) -> list[int]:
        return [seat for seat, plan in enumerate(self.setup.seats) if not plan.human]

    def _all_computers_level(self) -> str:
        """The level every computer plays at, "mixed" when they differ ("" with none)."""
        seen = {self.setup.seats[seat].difficulty for seat in self._computers()}
        return "" if not seen else seen.pop() if len(seen) == 1 else "mixed"

    def _all_computers_text(self) -> str:
        level = self._all_computers_level()
        return _("no computers") if not level else _("mixed") if level == "mixed" else level_word(level)

    def _all_computers_change(self, step: int) -> None:
        """Every computer seat to the next level (from the first computer's), at once
        rather than seat by seat."""
        seats, levels = self._computers(), self.levels()
        if not seats:
            return
        current = self.setup.seats[seats[0]].difficulty
        index = levels.index(current) if current in levels else 0
        # From "mixed", the first step puts them all at the first computer's level.
        level = current if self._all_computers_level() == "mixed" else levels[(index + step) % len(levels)]
        for seat in seats:
            self.setup.seats[seat] = SeatPlan(False, level)

    def partner_note(self, seat: int) -> str:
        """" · your partner" on the row of the seat opposite the first human at a
        partnership game (seats 1 and 3 play 2 and 4), else ""."""
        humans = [s for s, plan in enumerate(self.setup.seats) if plan.human]
        if not (self.spec.partnerships and humans and len(self.setup.seats) == 4):
            return ""
        return _(" · your partner") if seat == (humans[0] + 2) % 4 else ""

    def _option_text(self, option: OptionSpec) -> Callable[[], str]:
        return lambda: option.label_for(self.setup.options.get(option.key, option.default))

    def _shown(self, option: OptionSpec) -> bool:
        """An option that matters only with another's value (Nash Whist's number of deals,
        when the session ends after a number of deals) is hidden otherwise."""
        if option.only_if is None:
            return True
        key, value = option.only_if
        other = next((o for o in self.spec.options if o.key == key), None)
        return self.setup.options.get(key, other.default if other else None) == value

    def _option_changer(self, option: OptionSpec) -> Callable[[int], None]:
        def change(step: int) -> None:
            current = self.setup.options.get(option.key, option.default)
            index = option.choices.index(current) if current in option.choices else 0
            self.setup.options[option.key] = option.choices[(index + step) % len(option.choices)]
            if any(o.only_if and o.only_if[0] == option.key for o in self.spec.options):
                self.build_rows()  # a row that depends on this one comes or goes
                self.resize(self.size)
        return change

    def change_seats(self, step: int) -> None:
        count = len(self.setup.seats) + step
        if not self.spec.min_seats <= count <= self.spec.max_seats:
            return
        if step > 0:
            self.setup.seats.append(SeatPlan(False, "normal"))
        else:
            self.setup.seats.pop()
        self.build_rows()
        self.resize(self.size)

    def _seed_text(self) -> str:
        """The deal number as a player reads it (grouped digits), or "random"."""
        return _("random") if self.setup.seed is None else readable(self.setup.seed)

    def _seed_change(self, step: int) -> None:
        if self.setup.seed is None:
            self.setup.seed = 1
        else:
            self.setup.seed = max(0, self.setup.seed + step) if self.setup.seed + step >= 0 else None

    def _type_seed(self, event: pygame.event.Event) -> bool:
        """Digits typed on the deal number's row build a number; Backspace deletes; R means
        random."""
        if event.key == pygame.K_BACKSPACE:
            text = str(self.setup.seed)[:-1] if self.setup.seed is not None else ""
            self.setup.seed = int(text) if text else None
            return True
        if event.key == pygame.K_r:
            self.setup.seed = None
            return True
        if event.unicode and event.unicode.isdigit():
            text = ("" if self.setup.seed is None else str(self.setup.seed)) + event.unicode
            self.setup.seed = int(text[-SEED_DIGITS:])
            return True
        return False

    # actions -----------------------------------------------------------------------------

    def start(self) -> None:
        session = LocalSession(self.spec, Setup(self.spec.id, list(self.setup.seats),
                                           dict(self.setup.options), self.setup.seed, self.chosen_names()))
        unfinished = self._would_replace(session)
        if unfinished is None:
            self._sit_down(session)
            return
        self.replacing = (Confirm(_("Start a new game of {game}?", game=self.spec.title), _("Start"), _("Back"),
                                  _("Your unfinished {game} will be lost", game=unfinished)), session)

    def _would_replace(self, session: LocalSession) -> str | None:
        """The title of the unfinished game the menu offers to continue, when this new
        game would be kept in its place (app.core.resume keeps one game); else ``None``."""
        from app.core import resume

        if not resume.kept(session):
            return None
        saved = resume.peek()
        return None if saved is None else saved.spec.title

    def _sit_down(self, session: LocalSession) -> None:
        self._remember()
        self.app.nav.table(session, replace=True)

    def _replace_input(self, event: pygame.event.Event) -> None:
        assert self.replacing is not None
        confirm, session = self.replacing
        answer = confirm.handle_event(event)
        if answer is not None:
            self.replacing = None
        if answer:
            self._sit_down(session)

    def _remember(self) -> None:
        from app.core import last_setup

        settings = self.app.settings
        settings.last_setup[self.spec.id] = last_setup.remember(self.setup, self.names)
        settings.other_players = others_kept(self.setup.seats, self.chosen_names(), settings.other_players)
        self.app.save_settings()

    def back(self) -> None:
        self.app.scenes.pop()

    def spoken_focus(self) -> str | None:
        if self.replacing is not None:
            return self.replacing[0].spoken()
        return spoken_row(self.rows[self.focus])

    # input -------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.replacing is not None:
            self._replace_input(event)
            return
        if self.start_button.handle_event(event) or self.back_button.handle_event(event):
            return
        if event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type == pygame.MOUSEBUTTONUP and event.button in (1, 3):
            for i, row in enumerate(self.rows):
                if row.rect.collidepoint(event.pos):
                    self.focus = i
                    row.change(-1 if event.button == 3 else 1)  # right-click steps back
        elif event.type == pygame.MOUSEMOTION:
            for i, row in enumerate(self.rows):
                if row.rect.collidepoint(event.pos):
                    self.focus = i

    def _key(self, event: pygame.event.Event) -> None:
        key = event.key
        if key == pygame.K_ESCAPE:
            self.back()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.start()
        elif key == pygame.K_UP:
            self.focus = (self.focus - 1) % len(self.rows)
        elif key in (pygame.K_DOWN, pygame.K_TAB):
            self.focus = (self.focus + 1) % len(self.rows)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.rows[self.focus].change(1 if key == pygame.K_RIGHT else -1)
        elif self.focus in self.seat_rows and self._type_name(self.seat_rows[self.focus], event):
            return
        elif key == pygame.K_SPACE:
            self.rows[self.focus].change(1)
        elif self.rows[self.focus].label == self.seed_label:
            self._type_seed(event)

    # drawing -----------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self._summary: tuple[tuple[int, int], list[tuple[str, int, tuple[int, int, int], list[str]]]] | None = None
        self.s = s = theme.scale_for(size)
        # The game's picture and summary on the left, the form on the right.
        content = min(int(1120 * s), size[0] - 60)
        gap = int(28 * s)
        left = (size[0] - content) // 2
        top = int(104 * s)
        self.side = pygame.Rect(left, top, int(content * 0.36), size[1] - top - int(64 * s))
        width = content - self.side.width - gap
        x = self.side.right + gap
        self.row_h = int(min(46 * s, (size[1] - top - 140 * s) / max(1, len(self.rows))))
        for i, row in enumerate(self.rows):
            row.rect = pygame.Rect(x, top + i * self.row_h, width, self.row_h - 4)
        bottom = top + len(self.rows) * self.row_h + int(20 * s)
        middle = x + width // 2
        self.start_button.rect = pygame.Rect(0, 0, int(200 * s), int(52 * s))
        self.start_button.rect.midtop = (middle + int(110 * s), bottom)
        self.back_button.rect = pygame.Rect(0, 0, int(160 * s), int(52 * s))
        self.back_button.rect.midtop = (middle - int(110 * s), bottom)
        for b in (self.start_button, self.back_button):
            b.text_size = max(16, int(22 * s))

    def summary_lines(self) -> list[tuple[str, int, tuple[int, int, int], list[str]]]:
        """What the side panel says under the picture, fitted to it: (kind, size, colour,
        lines) for the family and players, the blurb, and the rules' opening paragraph."""
        s, side = self.s, self.side
        room = side.width - 2 * self.side_pad()
        height = side.bottom - self.art_rect().bottom - self.side_pad() * 2
        kind = f"{self.spec.family} · {self.spec.seat_range}"
        small = max(12, int(16 * s))
        blurb_size, blurb = fit_blurb(self.spec.blurb, max(13, int(19 * s)), room, height - small - 8)
        out = [("kind", small, theme.GOLD, [kind]), ("blurb", blurb_size, theme.INK, blurb)]
        left = height - small - 8 - len(blurb) * (px(blurb_size) + LEADING) - 10
        opening = self._rules_opening()
        if opening and left > small * 2:
            size, lines = fit_blurb(opening, small, room, left, smallest=12)
            if lines and not lines[-1].endswith("…"):
                out.append(("rules", size, theme.INK_DIM, lines))
        return out

    def _rules_opening(self) -> str:
        """The rules' first two paragraphs after the title ("Four players, two
        partnerships...": ``fit_blurb`` keeps the whole sentences that fit)."""
        paragraphs = [p.strip() for p in self.spec.rules_text.split("\n\n") if p.strip()]
        body = paragraphs[1:3] if len(paragraphs) > 1 else paragraphs
        return " ".join(" ".join(body).split())

    def side_pad(self) -> int:
        return max(8, int(16 * self.s))

    def art_rect(self) -> pygame.Rect:
        pad = self.side_pad()
        height = int(min(self.side.width * 0.72, self.side.height * 0.42))
        return pygame.Rect(self.side.left + pad, self.side.top + pad, self.side.width - 2 * pad, height)

    def _draw_side(self, surface: pygame.Surface) -> None:
        """The game's picture (its menu tile's, larger) and what it is about."""
        from app.window.render.tiles import tile_art

        panel(surface, self.side, edge=theme.EDGE, width=1)
        art = self.art_rect()
        surface.blit(tile_art(self.spec.art, art.size, self.app.cards, self.app.settings.card_back), art)
        y = art.bottom + self.side_pad()
        # Fitting the words measures every line: done once per size, not every frame.
        if self._summary is None or self._summary[0] != self.size:
            self._summary = (self.size, self.summary_lines())
        for kind, size, colour, lines in self._summary[1]:
            for line in lines:
                surface.blit(render_text(line, size, colour, bold=kind == "kind"), (art.left, y))
                y += px(size) + LEADING
            y += 8 if kind == "kind" else 10

    def hint(self) -> str:
        """The keys, at the bottom."""
        return " · ".join(self.hint_items())

    def hint_items(self) -> list[str]:
        """The keys, one item each (the hint breaks between them when a line is too short)."""
        naming = self.focus in self.seat_rows and self.setup.seats[self.seat_rows[self.focus]].human
        first = [_("Type a name for this player")] if naming else [_("Up/Down choose")]
        seed = [] if naming else [_("type a deal number (R = random)")]
        return [*first, _("Left/Right change"), *seed, _("Enter start"), _("Esc back")]

    def hint_lines(self) -> tuple[int, list[str]]:
        """The key hint at its size, on as many lines as the window's width needs."""
        size = max(12, int(15 * self.s))
        return size, pack_items(self.hint_items(), size, self.size[0] - 40)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt(self.size), (0, 0))
        s = self.s
        blit_centered(surface, render_text(self.heading, int(48 * s), theme.GOLD, bold=True),
                      (self.size[0] // 2, int(52 * s)))
        self._draw_side(surface)
        text_size = max(14, int(self.row_h * 0.45))
        for i, row in enumerate(self.rows):
            if i in self.seat_rows:   # (a name being typed shows its cursor)
                seat = self.seat_rows[i]
                typing = i == self.focus and self.setup.seats[seat].human
                row.label = self.seat_title(seat) + ("_" if typing else self.partner_note(seat))
            draw_row(surface, row, i == self.focus, text_size)
        self.start_button.draw(surface)
        self.back_button.draw(surface)
        size, lines = self.hint_lines()
        for k, line in enumerate(lines):
            blit_centered(surface, render_text(line, size, theme.INK_DIM),
                          (self.size[0] // 2, self.size[1] - int(26 * s) - (len(lines) - 1 - k) * (px(size) + 4)))
        if self.replacing is not None:
            self.replacing[0].draw(surface)
