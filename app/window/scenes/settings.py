"""The settings screen: sound, animation speed, how cards look, the window. Every change
takes effect at once and is saved."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

import pygame

from app.core import storage
from app.window import synth
from app.window.render.table import felt
from app.window.render.text import px, render_text, text_scale
from app.window.scenes.base import Scene
from app.window.ui import theme
from app.window.ui.fit import pack_items
from app.window.ui.form import Row, draw_row, spoken_row
from app.window.ui.name_prompt import CANCEL, NamePrompt
from app.core.venue_address import LIMIT as VENUE_LIMIT, venue_name, venue_problem, venue_url
from app.core.words import venue_words
from app.core.words.language import CHOICES, _, language_name
from app.core.words.names import NAME_LIMIT, clean_name, name_problem
from app.window.ui.widgets import Button, blit_centered

if TYPE_CHECKING:
    from app.core.storage import Settings
    from app.window.scenes.base import AppServices

SPEEDS = ("slow", "normal", "fast", "instant")


def speed_word(speed: str) -> str:
    """An animation speed in the player's words."""
    words = {"slow": _("slow"), "normal": _("normal"), "fast": _("fast"), "instant": _("instant")}
    return words.get(speed, speed)


def back_word(back: str) -> str:
    """A card back's colour in the player's words."""
    words = {"blue": _("blue"), "red": _("red"), "green": _("green")}
    return words.get(back, back)


def text_size_word(size: str) -> str:
    """A text size in the player's words."""
    words = {"normal": _("normal"), "large": _("large"), "larger": _("larger")}
    return words.get(size, size)


BACKS = ("blue", "red", "green")
VOLUMES = tuple(round(v / 10, 1) for v in range(11))
VENUE_SHOWN = 26      # characters of the venue's address the row shows (the prompt shows it all)


class SettingsScene(Scene):
    name = "settings"

    def __init__(self, app: AppServices) -> None:
        super().__init__(app)
        self.focus = 0
        self.prompt: NamePrompt | None = None
        self.asking = ""                # what the prompt asks for: "name" or "venue"
        self.hover: int | None = None   # the row under the mouse
        self.keyboard = True            # the keys lead (the focus is lit), not the mouse
        self.rows = self._rows()
        self.done_button = Button(_("Done"), self.back, kind="primary")
        self.resize(app.screen.get_size())

    def _rows(self) -> list[Row]:
        """The rows, their labels in the player's language (made again when it changes)."""
        return [
            Row(_("Language"), lambda: language_name(self.settings.language), self._change_language),
            Row(_("Sound volume"), lambda: f"{round(self.settings.volume * 100)}%",
                self._sampled(self._cycle("volume", VOLUMES))),
            Row(_("Sound"), lambda: _("muted") if self.settings.muted else _("on"), self._sampled(self._toggle("muted"))),
            Row(_("Animation speed"), lambda: speed_word(self.settings.animation_speed),
                self._cycle("animation_speed", SPEEDS)),
            Row(_("Wash the cards before dealing"), self._onoff("wash_cards"), self._toggle("wash_cards")),
            Row(_("Seahaven: still-winnable light"), self._onoff("winnable_light"), self._toggle("winnable_light")),
            Row(_("Four-colour deck"), self._onoff("four_colour"), self._toggle("four_colour")),
            Row(_("Large card corners"), self._onoff("large_index"), self._toggle("large_index")),
            Row(_("Colour-blind Nails cards"), self._onoff("colourblind_nails"), self._toggle("colourblind_nails")),
            Row(_("High contrast"), self._onoff("high_contrast"), self._toggle("high_contrast")),
            Row(_("Text size"), lambda: text_size_word(self.settings.text_size),
                self._cycle("text_size", storage.TEXT_SIZES)),
            Row(_("Speak aloud (screen reader)"), self._onoff("speech"), self._toggle("speech")),
            Row(_("Reflex games at a listening pace"), self._onoff("listening_pace"), self._toggle("listening_pace")),
            Row(_("Card back"), lambda: back_word(self.settings.card_back), self._cycle("card_back", BACKS)),
            Row(_("Your name"), self._name_text, self._ask_name, opens=True),
            Row(_(venue_words.SETTINGS_ROW), self._venue_text, self._ask_venue, opens=True),
            Row(_("Window size"), self._size_text, self._change_size),
            Row(_("Keys for reflex games"), lambda: _("Change…"), self._open_keys, opens=True),
        ]

    def _change_language(self, step: int) -> None:
        """The next language, shown at once: this screen's words are made again, and every
        other screen makes its own when it is drawn or entered next."""
        self._cycle("language", CHOICES)(step)
        self.rows = self._rows()
        self.done_button.label = _("Done")
        self.resize(self.size)

    @property
    def settings(self) -> Settings:
        return self.app.settings

    # changing values ---------------------------------------------------------------------

    def _onoff(self, key: str) -> Callable[[], str]:
        return lambda: _("on") if getattr(self.settings, key) else _("off")

    def _toggle(self, key: str) -> Callable[[int], None]:
        def change(step: int) -> None:
            setattr(self.settings, key, not getattr(self.settings, key))
            self.app.save_settings()
        return change

    def _cycle(self, key: str, values: tuple[object, ...]) -> Callable[[int], None]:
        def change(step: int) -> None:
            current = getattr(self.settings, key)
            index = values.index(current) if current in values else 0
            setattr(self.settings, key, values[(index + step) % len(values)])
            self.app.save_settings()
        return change

    def _sampled(self, change: Callable[[int], None]) -> Callable[[int], None]:
        """A sound change followed by a sample at the new level (nothing when muted)."""
        def change_and_play(step: int) -> None:
            change(step)
            synth.play("play")
        return change_and_play

    def _name_text(self) -> str:
        return clean_name(self.settings.player_name) or _("not set")

    def _size_text(self) -> str:
        w, h = self.settings.window_size
        return f"{w} × {h}"

    def _change_size(self, step: int) -> None:
        current = self.settings.window_size
        size = storage.next_window_size(current, step, storage.window_choices(self.app.room))
        if size == current:
            return   # the smallest or the largest that fits already: the sizes do not wrap
        self.settings.window_size = size
        self.app.save_settings()  # saved now, not only when the app closes normally
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))

    def _open_keys(self, step: int) -> None:
        self.app.nav.keys()

    def _ask_name(self, step: int) -> None:
        self.asking = "name"
        self.prompt = NamePrompt(_("Your name at the table"), name_problem, NAME_LIMIT,
                                 clean_name(self.settings.player_name))

    def _venue_text(self) -> str:
        return venue_name(self.settings.venue, VENUE_SHOWN) if self.settings.venue else _(venue_words.NO_VENUE)

    def _ask_venue(self, step: int) -> None:
        """The venue's address, checked as it is saved (an empty one: no venue)."""
        self.asking = "venue"
        shown = venue_name(self.settings.venue) if self.settings.venue else ""
        self.prompt = NamePrompt(_(venue_words.PROMPT_TITLE), venue_problem, VENUE_LIMIT, shown)

    def _prompt_input(self, event: pygame.event.Event) -> None:
        assert self.prompt is not None
        answer = self.prompt.handle_event(event)
        if answer is None:
            return
        self.prompt = None
        if answer == CANCEL:
            return
        if self.asking == "venue":
            self.settings.venue = venue_url(answer) if answer else ""
        else:
            self.settings.player_name = clean_name(answer)
            self.settings.asked_name = True
        self.app.save_settings()

    def back(self) -> None:
        self.app.save_settings()
        self.app.scenes.pop()

    # input -------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.prompt is not None:
            self._prompt_input(event)
            return
        if self.done_button.handle_event(event):
            return
        if event.type == pygame.KEYDOWN:
            self._key(event.key)
        elif event.type == pygame.MOUSEBUTTONUP and event.button in (1, 3):
            for i, row in enumerate(self.rows):
                if row.rect.collidepoint(event.pos):
                    self.focus = self.hover = i
                    row.change(-1 if event.button == 3 else 1)
        elif event.type == pygame.MOUSEMOTION:
            # The mouse lights the row under it but never moves the keyboard's focus: rows
            # slide under a still mouse when the window is resized, and a stray key must not
            # then change a row the player never chose.
            self.hover = next((i for i, row in enumerate(self.rows) if row.rect.collidepoint(event.pos)), None)
            self.keyboard = False

    def _key(self, key: int) -> None:
        row = self.rows[self.focus]
        if key == pygame.K_ESCAPE:
            self.back()
        elif not self.keyboard:
            # The mouse had the light: this key only shows where the focus is, and acts on nothing.
            self.keyboard, self.done_button.hover = True, False
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER) and row.opens:
            row.change(1)   # Enter opens "Your name" or "Keys", as a click does
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.back()     # elsewhere Enter is "Done"
        elif key == pygame.K_UP:
            self.focus = (self.focus - 1) % len(self.rows)
        elif key in (pygame.K_DOWN, pygame.K_TAB):
            self.focus = (self.focus + 1) % len(self.rows)
        elif key == pygame.K_SPACE or (key in (pygame.K_LEFT, pygame.K_RIGHT) and not row.opens):
            row.change(-1 if key == pygame.K_LEFT else 1)

    def spoken_focus(self) -> str | None:
        if self.prompt is not None:
            return self.prompt.spoken()
        return spoken_row(self.rows[self.focus])

    def lit(self) -> int | None:
        """The one row drawn lit: the focus while keys are in use, else the row under the
        mouse (none when the mouse is on the Done button or the felt)."""
        return self.focus if self.keyboard else self.hover

    # drawing -----------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.s = s = theme.scale_for(size)
        hint_size, hint = self.hint_lines()
        below = (len(hint) - 1) * (px(hint_size) + 4)    # a hint on two lines takes room from the rows
        # Rows grow with the text size as far as the window's height lets them.
        self.row_h = int(min(48 * s * text_scale(), (size[1] - 240 * s - below) / len(self.rows)))
        width = int(min(640 * s * text_scale(), size[0] - 60))
        top = int(130 * s)
        for i, row in enumerate(self.rows):
            row.rect = pygame.Rect((size[0] - width) // 2, top + i * self.row_h, width, self.row_h - 4)
        self.done_button.rect = pygame.Rect(0, 0, int(200 * s), int(52 * s))
        self.done_button.rect.midtop = (size[0] // 2, top + len(self.rows) * self.row_h + int(20 * s))
        self.done_button.text_size = max(16, int(22 * s))

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt(self.size), (0, 0))
        s = self.s
        blit_centered(surface, render_text(_("Settings"), int(48 * s), theme.GOLD, bold=True),
                      (self.size[0] // 2, int(60 * s)))
        text_size = max(14, int(self.row_h * 0.42))
        lit = self.lit()
        for i, row in enumerate(self.rows):
            draw_row(surface, row, i == lit, text_size)
        self.done_button.draw(surface)
        size, lines = self.hint_lines()
        for k, line in enumerate(lines):
            blit_centered(surface, render_text(line, size, theme.INK_DIM),
                          (self.size[0] // 2, self.size[1] - int(26 * s) - (len(lines) - 1 - k) * (px(size) + 4)))
        if self.prompt is not None:
            self.prompt.draw(surface)

    def hint_lines(self) -> tuple[int, list[str]]:
        """The keys at the foot: one line, or two broken between items when a language's
        words are longer than the window is wide."""
        size = max(12, int(15 * self.s))
        items = [_("Up/Down choose"), _("Left/Right change"), _("Enter opens a button"),
                 _("changes apply at once"), _("Esc back")]
        return size, pack_items(items, size, self.size[0] - 40)
