"""Play online: host a table (choose its game here, then its seats) or join one. The
player's name is asked here once if it was never given: the others see it at the table."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame

from app.window.render.table import felt
from app.window.render.text import font, px, render_text, wrap
from app.window.scenes.base import Scene
from app.window.ui import theme
from app.window.ui.name_prompt import CANCEL, NamePrompt
from app.core.words.names import NAME_LIMIT, clean_name
from app.window.ui.widgets import Button, ButtonRow, blit_centered, panel
from app.window.ui.fit import fitted
from games.registry import GAMES, networked

if TYPE_CHECKING:
    from app.window.scenes.base import AppServices

HOST_WORDS = "Choose the game. Friends join from their own computers with the invitation you send them."
JOIN_WORDS = ("A friend is hosting? Find their table on your network, "
              "or paste the invitation they sent you.")


def name_problem(text: str) -> str | None:
    """A name is needed to play online: the others see it on the seat (never "P2")."""
    if not clean_name(text):
        return "Type a name: the other players see it at the table"
    return None


class OnlineScene(Scene):
    name = "online"

    def __init__(self, app: AppServices) -> None:
        super().__init__(app)
        self.games = networked()   # the turn games, then the reflex games
        self.game_buttons = [Button(spec.title, self._host(spec.id)) for spec in self.games]
        self.join_button = Button("Join a table", lambda: self._named(self._open_join), kind="primary")
        self.name_button = Button("Change name", self._ask_name, kind="quiet")
        self.back_button = Button("Back", self.back, kind="quiet")
        self.row = ButtonRow([*self.game_buttons, self.join_button, self.name_button, self.back_button])
        self.prompt: NamePrompt | None = None
        self.then: Callable[[], None] | None = None     # what waits for the name
        self.resize(app.screen.get_size())

    @property
    def player(self) -> str:
        return clean_name(self.app.settings.player_name)

    # --- what the buttons do -----------------------------------------------------------------

    def _host(self, game_id: str) -> Callable[[], None]:
        def host() -> None:
            self._named(lambda: self.app.nav.host(GAMES[game_id]))
        return host

    def _open_join(self) -> None:
        self.app.nav.join()

    def _named(self, then: Callable[[], None]) -> None:
        """Go on, once the player has a name (asked for here the first time)."""
        if self.player:
            then()
        else:
            self.then = then
            self._ask_name()

    def _ask_name(self) -> None:
        self.prompt = NamePrompt("What is your name?", name_problem, NAME_LIMIT, self.player)

    def _answer(self, event: pygame.event.Event) -> None:
        assert self.prompt is not None
        answer = self.prompt.handle_event(event)
        if answer is None:
            return
        self.prompt, then, self.then = None, self.then, None
        if answer == CANCEL:
            return
        self.app.settings.player_name = clean_name(answer)
        self.app.settings.asked_name = True
        self.app.save_settings()
        if then is not None:
            then()

    def back(self) -> None:
        self.app.scenes.pop()

    # --- input ---------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.prompt is not None:
            self._answer(event)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
            self.row.move(-1 if event.key == pygame.K_UP else 1)
        else:
            self.row.handle_event(event)

    # --- layout and drawing --------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.s = s = theme.scale_for(size)
        content = min(int(1080 * s), size[0] - 40)
        gap, pad = int(24 * s), int(20 * s)
        half = (content - gap) // 2
        left = (size[0] - content) // 2
        self.text_size = max(13, int(18 * s))
        button_h, button_gap = max(30, int(48 * s)), max(8, int(12 * s))
        words_h = max(self._words_height(HOST_WORDS, half - 2 * pad), self._words_height(JOIN_WORDS, half - 2 * pad))
        rows = -(-len(self.game_buttons) // 2)
        height = pad + int(40 * s) + words_h + pad + rows * (button_h + button_gap) - button_gap + pad
        # The panels, the name line under them and Back, as one block in the middle.
        top = max(int(100 * s), (size[1] - height - 2 * button_h - int(40 * s)) // 2)
        self.host_panel = pygame.Rect(left, top, half, height)
        self.join_panel = pygame.Rect(left + half + gap, top, half, height)
        column_w = (half - 2 * pad - button_gap) // 2
        first = top + pad + int(40 * s) + words_h + pad
        for i, button in enumerate(self.game_buttons):
            row, col = divmod(i, 2)
            button.rect = pygame.Rect(left + pad + col * (column_w + button_gap),
                                      first + row * (button_h + button_gap), column_w, button_h)
        self.join_button.rect = pygame.Rect(0, 0, min(int(280 * s), half - 2 * pad), button_h + 4)
        self.join_button.rect.midtop = (self.join_panel.centerx, first)
        label_w = font(max(14, int(20 * s)), bold=True).size(self.name_button.label)[0]
        self.name_button.rect = pygame.Rect(0, 0, max(int(190 * s), label_w + int(36 * s)), button_h)
        self.name_button.rect.topright = (self.join_panel.right, self.join_panel.bottom + int(16 * s))
        self.back_button.rect = pygame.Rect(0, 0, int(160 * s), button_h)
        self.back_button.rect.topleft = (left, self.join_panel.bottom + int(16 * s))
        for button in (*self.game_buttons, self.name_button, self.back_button):
            button.text_size = max(14, int(20 * s))
        for button in self.game_buttons:   # a long title ("Egyptian Ratscrew") a little smaller, inside its button
            while button.text_size > 11 and font(button.text_size, bold=True).size(button.label)[0] > button.rect.width - 16:
                button.text_size -= 1
        self.join_button.text_size = max(15, int(22 * s))

    def _words_height(self, words: str, width: int) -> int:
        return len(wrap(words, font(self.text_size), width)) * (px(self.text_size) + 4)


    def spoken_focus(self) -> str | None:
        return self.prompt.spoken() if self.prompt is not None else self.row.spoken()
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt(self.size), (0, 0))
        s = self.s
        blit_centered(surface, render_text("Play online", int(48 * s), theme.GOLD, bold=True),
                      (self.size[0] // 2, int(56 * s)))
        self._panel(surface, self.host_panel, "Host a table", HOST_WORDS)
        self._panel(surface, self.join_panel, "Join a table", JOIN_WORDS)
        self._draw_name(surface)
        self.row.draw(surface)
        hint = "Arrows choose · Enter opens · Esc back"
        blit_centered(surface, fitted(hint, max(12, int(15 * s)), theme.INK_DIM, self.size[0] - 24),
                      (self.size[0] // 2, self.size[1] - int(18 * s)))
        if self.prompt is not None:
            self.prompt.draw(surface)

    def _panel(self, surface: pygame.Surface, rect: pygame.Rect, title: str, words: str) -> None:
        panel(surface, rect, edge=theme.EDGE, width=1)
        pad = int(20 * self.s)
        surface.blit(render_text(title, max(18, int(28 * self.s)), theme.GOLD, bold=True),
                     (rect.left + pad, rect.top + pad))
        y = rect.top + pad + int(40 * self.s)
        for line in wrap(words, font(self.text_size), rect.width - 2 * pad):
            surface.blit(render_text(line, self.text_size, theme.INK), (rect.left + pad, y))
            y += px(self.text_size) + 4

    def _draw_name(self, surface: pygame.Surface) -> None:
        """Who the others will see: the name beside its button."""
        said = f"You play as {self.player}" if self.player else "You have not given your name yet"
        image = render_text(said, self.text_size, theme.INK_DIM)
        surface.blit(image, image.get_rect(midright=(self.name_button.rect.left - int(14 * self.s),
                                                      self.name_button.rect.centery)))
