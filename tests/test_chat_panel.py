"""The chat panel (app/window/ui/chat.py) and a networked table's use of it, driven by real pygame
events posted to the queue and read back, as the app reads them (headless)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from app.net.wire.chat_line import ChatLine
from app.net.wire.protocol import CHAT_LIMIT
from app.window.scenes import table_chat
from app.core.session import SeatPlan, Session, Setup
from app.window.tables import table_for
from app.window.ui.chat import HIGHLIGHT, PHRASES, ChatPanel
from games.registry import GAMES
from tests.app.ui_driver import make_app

FRAME = 1 / 60


def keydown(key: int, unicode: str = "", mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0)


def textinput(text: str) -> pygame.event.Event:
    return pygame.event.Event(pygame.TEXTINPUT, text=text)


def keystroke(char: str) -> list[pygame.event.Event]:
    """What SDL sends for one printable key: its KEYDOWN, then its TEXTINPUT."""
    key = pygame.K_SPACE if char == " " else ord(char.lower()) if char.isascii() else 0
    return [keydown(key, char), textinput(char)]


def typed(text: str) -> list[pygame.event.Event]:
    return [event for char in text for event in keystroke(char)]


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def screen():
    pygame.display.init()
    surface = pygame.display.set_mode((1280, 800))
    pygame.event.clear()
    yield surface
    pygame.quit()


class Chat:
    """A panel with a chat of its own: what is sent comes back as this player's line."""

    def __init__(self, seat: int | None = 0) -> None:
        self.lines: list[ChatLine] = []
        self.sent: list[str] = []
        self.clock = Clock()
        self.panel = ChatPanel(self.send, lambda: self.lines, seat=seat, clock=self.clock)

    def send(self, text: str) -> None:
        self.sent.append(text)

    def feed(self, *events: pygame.event.Event) -> list[bool]:
        """Post the events, read them back from pygame's queue, give them to the panel."""
        for event in events:
            pygame.event.post(event)
        return [self.panel.handle_event(event) for event in pygame.event.get()]


def test_t_opens_typing_and_enter_sends_what_was_typed(screen):
    chat = Chat()
    assert not chat.panel.typing
    chat.feed(*keystroke("t"))          # the T that opens the box is not typed into it
    assert chat.panel.typing and chat.panel.text == ""
    chat.feed(*typed("Hi there"))
    assert chat.panel.text == "Hi there"
    chat.feed(keydown(pygame.K_BACKSPACE), keydown(pygame.K_RETURN))
    assert chat.sent == ["Hi ther"]
    assert not chat.panel.typing and chat.panel.text == ""


def test_esc_closes_without_sending_and_an_empty_enter_sends_nothing(screen):
    chat = Chat()
    chat.feed(*keystroke("t"), *typed("never mind"), keydown(pygame.K_ESCAPE))
    assert not chat.panel.typing and chat.sent == []
    chat.feed(*keystroke("t"), *typed("   "), keydown(pygame.K_RETURN))
    assert chat.sent == [] and not chat.panel.typing


def test_keys_1_to_5_say_a_quick_phrase_on_an_empty_line_only(screen):
    chat = Chat()
    chat.feed(*keystroke("t"), *keystroke("2"))
    assert chat.sent == ["Good game"] and not chat.panel.typing
    chat.feed(*keystroke("t"), *typed("I have 5"), keydown(pygame.K_RETURN))
    assert chat.sent == ["Good game", "I have 5"]   # a digit in a line is just typed
    chat.feed(*keystroke("t"), keydown(pygame.K_KP5, "5"), textinput("5"))
    assert chat.sent[-1] == PHRASES[4]


def test_a_click_opens_the_box_and_on_a_phrase_says_it(screen):
    chat = Chat()
    chat.panel.draw(screen, pygame.Rect(900, 400, 360, 240))
    cap = chat.panel._opener.center
    chat.feed(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=cap, button=1),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=cap, button=1))
    assert chat.panel.typing
    chat.panel.draw(screen, pygame.Rect(900, 400, 360, 240))
    rect, phrase = chat.panel._phrases[2]
    used = chat.feed(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=rect.center, button=1))
    assert used == [True] and chat.sent == [phrase] == [PHRASES[2]]


def test_control_characters_are_never_sent(screen):
    chat = Chat()
    chat.feed(*keystroke("t"), textinput("ding\x07 \x1b[31mred\x00"), textinput("\ttab\r\nnew\u200bline"),
              keydown(pygame.K_RETURN))
    assert len(chat.sent) == 1
    assert all(c.isprintable() for c in chat.sent[0])
    assert "ding" in chat.sent[0] and "red" in chat.sent[0] and "new" in chat.sent[0]


def test_an_over_long_line_is_capped_at_the_protocol_limit(screen):
    chat = Chat()
    chat.feed(*keystroke("t"), textinput("x" * (CHAT_LIMIT + 300)), *typed("yz"))
    assert len(chat.panel.text) == CHAT_LIMIT
    chat.feed(keydown(pygame.K_RETURN))
    assert chat.sent == ["x" * CHAT_LIMIT]


def test_new_lines_from_others_are_lit_for_a_moment_and_own_lines_never(screen):
    chat = Chat(seat=0)
    chat.lines.append(ChatLine("Ann", 0, "hello"))
    chat.lines.append(ChatLine("Bob", 1, "hi Ann"))
    chat.panel.draw(screen, pygame.Rect(900, 400, 360, 240))
    assert chat.panel._glow(0) == 0 and chat.panel._glow(1) > 0
    chat.clock.now += HIGHLIGHT + 0.1
    assert chat.panel._glow(1) == 0


def test_news_is_seen_when_the_session_keeps_only_its_latest_lines(screen):
    chat = Chat(seat=0)
    chat.lines.extend(ChatLine("Bob", 1, "same") for _ in range(3))   # equal lines, 3 kept at most
    chat.panel.draw(screen, pygame.Rect(900, 400, 360, 240))
    chat.clock.now += HIGHLIGHT + 0.1
    chat.lines.append(ChatLine("Bob", 1, "same"))
    del chat.lines[:-3]
    chat.panel.draw(screen, pygame.Rect(900, 400, 360, 240))
    assert [chat.panel._glow(i) > 0 for i in range(3)] == [False, False, True]
    chat.lines.append(ChatLine("Ann", 0, "mine"))
    del chat.lines[:-3]
    chat.panel.draw(screen, pygame.Rect(900, 400, 360, 240))
    assert [chat.panel._glow(i) > 0 for i in range(3)] == [False, True, False]


def test_lines_said_before_the_panel_was_made_are_not_news(screen):
    lines = [ChatLine("Bob", 1, "welcome")]
    panel = ChatPanel(lambda text: None, lambda: lines, seat=0)
    assert panel._glow(0) == 0


def test_the_wheel_scrolls_the_open_panel_only_under_the_pointer(screen):
    chat = Chat()
    chat.lines.extend(ChatLine(f"P{i}", i % 4, f"line number {i}") for i in range(40))
    rect = pygame.Rect(900, 400, 360, 240)
    chat.feed(*keystroke("t"))
    chat.panel.draw(screen, rect)
    chat.feed(pygame.event.Event(pygame.MOUSEMOTION, pos=(100, 100), rel=(0, 0), buttons=(0, 0, 0)),
              pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=3, flipped=False))
    assert chat.panel.scroll == 0
    chat.feed(pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0)),
              pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=3, flipped=False))
    assert chat.panel.scroll == 3
    chat.panel.draw(screen, rect)
    chat.feed(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-5, flipped=False))
    assert chat.panel.scroll == 0


# --- at a networked table ------------------------------------------------------------------


class FakeRemote(Session):
    """A game played here that says it is networked: a chat, and what a table asks of a
    RemoteSession (no connection behind it)."""

    kind = "remote"
    status = "playing"
    failure = None
    link = "connected"
    resyncs = 0
    promised = None
    silent = False
    host_name = ""
    hosting = False

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.chat: list[ChatLine] = [ChatLine("Rosa", 2, "Good luck!"), ChatLine("Ivy", 3, "You too")]
        self.sent: list[str] = []

    @property
    def network(self) -> FakeRemote:
        return self

    def send_chat(self, text: str) -> None:
        self.sent.append(text)
        self.chat.append(ChatLine("Maud", 0, text))

    def seat_note(self, seat: int) -> str | None:
        return None

    def next_move(self) -> None:    # (the moves are made here: none come from a server)
        return None

    def take_move(self) -> list[Any]:
        return []

    def leave(self) -> None:
        pass

    def finished(self) -> Session | None:
        return None


def whist(size: tuple[int, int] = (1280, 800), remote: bool = True) -> Any:
    app = make_app(size)
    spec = GAMES["whist"]
    setup = Setup("whist", [SeatPlan(i == 0, "easy") for i in range(4)], {o.key: o.default for o in spec.options}, 3)
    session = (FakeRemote if remote else Session)(spec, setup)
    scene = table_for("whist")(app, session)
    app.start(scene)
    for _ in range(120):
        app.step(FRAME)
    return app, scene


def post(app: Any, *events: pygame.event.Event) -> None:
    for event in events:
        pygame.event.post(event)
    app.step(FRAME)


def test_a_networked_table_sends_what_is_typed_and_the_table_takes_none_of_it():
    app, scene = whist()
    try:
        post(app, *keystroke("t"))
        assert scene.chat.typing
        post(app, *typed("lol"))              # L would show the history, Esc would pause
        assert not scene.show_log
        post(app, keydown(pygame.K_RETURN))
        assert scene.session.sent == ["lol"] and not scene.chat.typing
        post(app, *keystroke("t"), *typed("hm"), keydown(pygame.K_ESCAPE))
        assert app.scenes.top is scene and not scene.chat.typing   # Esc closed the chat, no pause
        assert scene.session.sent == ["lol"]
        post(app, *keystroke("l"))            # the chat closed, the keys are the table's again
        assert scene.show_log
    finally:
        pygame.quit()


def test_a_game_played_here_has_no_chat():
    app, scene = whist(remote=False)
    try:
        assert scene.chat is None
        post(app, *keystroke("t"))
        assert app.scenes.top is scene
    finally:
        pygame.quit()


@pytest.mark.parametrize("size", [(1280, 800), (800, 560)])
def test_the_panel_covers_neither_the_hand_nor_the_key_line(size):
    app, scene = whist(size)
    try:
        hand = [sprite.rect() for sprite in scene.hands[scene.viewer]]
        assert len(hand) == 13
        for typing in (False, True):
            post(app, *(keystroke("t") if typing else []))
            assert scene.chat.typing == typing
            rect = table_chat.rect_for(scene, typing)
            assert scene.chat.rect == rect and rect.width > 150 and rect.height > 100
            assert pygame.Rect((0, 0), size).contains(rect)
            assert rect.collidelist(hand) == -1
            assert scene.key_line.rect is not None and not rect.colliderect(scene.key_line.rect)
    finally:
        pygame.quit()


def test_at_the_nash_game_t_names_a_ten_on_your_turn_and_a_click_opens_the_chat():
    from tests.app.ui_driver import step_until

    app = make_app()
    spec = GAMES["nash"]
    setup = Setup("nash", [SeatPlan(i == 0, "easy") for i in range(spec.default_seats)],
                  {o.key: o.default for o in spec.options}, 3)
    scene = table_for("nash")(app, FakeRemote(spec, setup))
    app.start(scene)
    try:
        step_until(app, lambda: scene.human_turn and scene.pictured)
        post(app, *keystroke("t"))
        assert not scene.chat.typing
        post(app)
        cap = scene.chat._opener.center
        post(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=cap, button=1),
             pygame.event.Event(pygame.MOUSEBUTTONUP, pos=cap, button=1))
        assert scene.chat.typing
        post(app, *typed("tea"), keydown(pygame.K_RETURN))
        assert scene.session.sent == ["tea"]
    finally:
        pygame.quit()


def test_a_long_line_wraps_to_the_width_and_loses_nothing(screen):
    from app.window.render.text import font
    from app.window.ui.chat import _rows_of

    text = "x" * 120 + " then words to wrap " + "y" * 60
    rows = _rows_of("Bartholomew", text, 14, 220)
    assert len(rows) > 3 and rows[0][0] == "Bartholomew: " and all(not head for head, _ in rows[1:])
    assert all(font(14, bold=bool(head)).size(head)[0] + font(14).size(part)[0] <= 220 for head, part in rows)
    assert "".join(part for _, part in rows).replace(" ", "") == text.replace(" ", "")
    assert "x" * 120 in "".join(part for _, part in rows)   # no space put into the long word


@pytest.mark.parametrize("size", [(1280, 800), (800, 560)])
@pytest.mark.parametrize("game", ["nap", "nash_whist", "ninety_nine"])
def test_the_chat_open_or_closed_covers_neither_the_call_panel_nor_the_turn_hint(game, size):
    """The game's own panel on the player's turn (the auction panel while calling, Ninety-
    Nine's hint line) and the chat are placed by one rule: the game's keeps clear of the
    chat, as it is now."""
    app, scene = _at_my_turn(game, size, GAMES[game].default_seats)
    try:
        for typing in (False, True):
            post(app, *(keystroke("t") if typing else []))
            assert scene.chat.typing == typing
            if game == "ninety_nine":
                mine = scene.hint_rect(scene.hint_image().get_size())
            else:
                assert scene.choosing_call()
                mine = scene.call_panel.box
            assert pygame.Rect((0, 0), size).contains(mine)
            assert not mine.colliderect(scene.chat.rect), (typing, mine, scene.chat.rect)
    finally:
        pygame.quit()


def _at_my_turn(game: str, size: tuple[int, int], seats: int) -> tuple[Any, Any]:
    """A networked table of ``game`` (a stand-in session) run until the player's turn."""
    from tests.app.ui_driver import step_until

    app = make_app(size)
    spec = GAMES[game]
    setup = Setup(game, [SeatPlan(i == 0, "easy") for i in range(seats)], {o.key: o.default for o in spec.options}, 3)
    scene = table_for(game)(app, FakeRemote(spec, setup))
    app.start(scene)
    step_until(app, lambda: scene.human_turn and scene.pictured)
    return app, scene


@pytest.mark.parametrize("size", [(1280, 800), (800, 560)])
@pytest.mark.parametrize("game", ["nap", "nash_whist"])
def test_the_chat_open_or_closed_covers_no_seat_s_name_plate_nor_its_chips_label(game, size):
    """At four seats the chat sits under the right-hand seat: it keeps clear of that seat's
    plate, and the chips label ("40 chips · Pass") goes beside the plate, whole and clear
    of the seat's own cards."""
    from app.window.render.text import render_text
    from app.window.ui import theme

    app, scene = _at_my_turn(game, size, 4)
    try:
        for typing in (False, True):
            post(app, *(keystroke("t") if typing else []))
            assert scene.chat.typing == typing and scene.chat.rect.height > 100
            for seat in range(1, 4):
                plate = scene.plate_rect(seat)
                label = scene.chip_rect(seat, render_text(scene.chip_label(seat), max(11, int(14 * scene.s)),
                                                          theme.INK, bold=True))
                cards = [sprite.rect() for sprite in scene.hands[seat]]
                assert not scene.chat.rect.colliderect(plate), (typing, seat, plate, scene.chat.rect)
                assert not scene.chat.rect.colliderect(label), (typing, seat, label, scene.chat.rect)
                assert pygame.Rect((0, 0), size).contains(label)
                assert not label.colliderect(plate) and label.collidelist(cards) == -1, (seat, label)
    finally:
        pygame.quit()


def test_the_quick_phrases_fit_the_game() -> None:
    """No "Nice trick" where there are no tricks (Ninety-Nine, the reflex games, the Nash
    game); each networked game has five phrases of its own family's."""
    from app.core.words.chat_words import phrases_for

    for game, spec in GAMES.items():
        if not spec.networked:
            continue
        phrases = phrases_for(spec)
        assert len(phrases) == 5 and len(set(phrases)) == 5, game
        assert ("Nice trick" in phrases) == (spec.family == "Tricks"), game
    assert "Nice one, partner" in phrases_for(GAMES["whist"])
    assert "Quick hands!" in phrases_for(GAMES["ratscrew"])


@pytest.mark.parametrize("game", ["ninety_nine", "nap"])
def test_a_networked_table_s_panel_says_its_own_game_s_phrases(game: str) -> None:
    from app.core.words.chat_words import phrases_for

    app, scene = _at_my_turn(game, (1280, 800), GAMES[game].default_seats)
    try:
        assert scene.chat.phrases == phrases_for(GAMES[game])
        post(app, *keystroke("t"), *keystroke("3"))
        assert scene.session.sent == [phrases_for(GAMES[game])[2]]
        assert (scene.session.sent[0] == "Nice trick") == (game == "nap")
    finally:
        pygame.quit()
