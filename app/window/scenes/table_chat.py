"""The chat panel at a networked table: which events it sees first and where it sits.

A table has its own things in every corner, so the panel's place is chosen per layout
(the game's spec names it: ``ChatPlace``), never over the player's own hand, the key line
or the score card: at the trick and bidding tables on the right above the hand (and above
the calls box), under the right-hand seat's name plate (its chips label then goes beside
the plate); at Ninety-Nine beside its short hand; at the Nash game in the bottom right
corner, under the chances panel (open, over it); at Abstrac under the player's own taken
cards (open, over them). Open, it may cover some felt for as long as the player types. A
game's own panel on the player's turn (the auction panel, Ninety-Nine's hint line) is
placed clear of it, as it is now (``room``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Protocol, Sequence

import pygame

from app.core.words.chat_words import phrases_for
from app.window.ui import theme
from app.window.ui.chat import ChatPanel
from games.registry import ChatPlace

if TYPE_CHECKING:
    from app.core.table_session import TableSession
    from app.window.render.table import CardSprite


class ChatTable(Protocol):
    """What the chat needs of its table. The table (app/window/scenes/table.py) imports this
    module, so it is named here by its shape rather than imported back."""

    @property
    def session(self) -> TableSession: ...

    @property
    def watching(self) -> bool: ...

    @property
    def spectator(self) -> bool: ...

    @property
    def viewer(self) -> int: ...

    @property
    def human_turn(self) -> bool: ...

    @property
    def chat(self) -> ChatPanel | None: ...

    @property
    def size(self) -> tuple[int, int]: ...

OPEN_HEIGHT = 250    # the open panel's height at scale 1, where the table leaves that much
EDGE = 10            # its distance from the window's edges


def panel_for(scene: ChatTable) -> ChatPanel | None:
    """A chat panel for a networked session (its ``chat`` and ``send_chat``), else None."""
    session = scene.session.network
    if session is None or scene.watching:
        return None
    seat = None if scene.spectator else scene.viewer
    return ChatPanel(session.send_chat, lambda: session.chat, seat=seat,
                     phrases=phrases_for(scene.session.spec))   # the game's own (no "Nice trick" at Ninety-Nine)


def takes(scene: ChatTable, panel: ChatPanel, event: pygame.event.Event) -> bool:
    """Give the panel the event first; True when it used it (the table must not).

    The Nash game reads T as a ten when the player names a value: there, on the player's
    turn, T stays the table's (a click on the cap still opens the chat)."""
    if (not panel.typing and event.type == pygame.KEYDOWN and event.key == pygame.K_t
            and scene.session.spec.id == "nash" and scene.human_turn):
        return False
    return panel.handle_event(event)


def room(scene: ChatTable) -> pygame.Rect | None:
    """Where the table's chat panel is now (open or closed), or None at a table with no
    chat: a game's own panels and lines (an auction panel, a hint) keep clear of it, so
    the two never cover each other."""
    chat = scene.chat
    return rect_for(scene, chat.typing) if chat is not None else None


def rect_for(scene: ChatTable, typing: bool) -> pygame.Rect:
    """Where the panel goes for this table's layout (``typing``: open, so larger)."""
    rect = PLACES[scene.session.spec.chat_place](scene, typing)
    return rect if rect is not None else _above_hand(scene, typing)


def _above_hand(scene: Any, typing: bool) -> pygame.Rect:
    """On the right, between the right-hand seat and the player's own hand (with a card
    raised, and the hint line over it), clear of a calls box below; closed, also clear of the turned-up card beside
    the hand (open, it is wider, for as long as the player types)."""
    w, h = scene.size
    s = theme.scale_for(scene.size)
    width = int(min(480 * s, w * 0.42, 420)) if typing else int(min(340 * s, w * 0.27))
    bottom = h - EDGE
    own = float(getattr(scene, "own_width", 0) or 0)
    if own:   # the hand's top with a card raised, less the hint line drawn over it
        hint = max(12, int(16 * s)) * 1.2
        bottom = int(h - own * 1.7 - 6 - hint * 1.4 - 4)
    home = getattr(getattr(scene, "history", None), "home", None)
    if isinstance(home, pygame.Rect) and home.width and home.right > w - EDGE - width:
        bottom = min(bottom, home.top - 8)
    left = w - EDGE - width
    top = _under_plates(scene, left, w - EDGE, max(bottom - int(OPEN_HEIGHT * s), int(h * 0.5)))
    return pygame.Rect(left, top, width, max(0, bottom - top))


def _under_plates(scene: Any, left: int, right: int, top: int) -> int:
    """The panel's top, moved down under a seat's name plate that reaches into it from
    above (the right-hand seat's at four seats: the panel hid its lower edge and some of
    its words); that seat's chips label goes beside the plate (app/window/tables/bidding.py).
    A plate lower down, wholly in the panel's corner (five seats and more), is left: no
    room would be left under it."""
    plate_rect = getattr(scene, "plate_rect", None)
    if plate_rect is None:   # (a reflex table: no name plates there)
        return top
    for seat in range(len(scene.hands)):
        plate = plate_rect(seat)
        if seat != scene.viewer and plate.left < right and plate.right > left and plate.top < top < plate.bottom + 2:
            top = plate.bottom + 2   # (2: at 1280x800 the open panel keeps two lines of chat)
    return top


def _beside_hand(scene: Any, typing: bool) -> pygame.Rect:
    """Ninety-Nine's hand is three cards: the bottom right corner beside it is free, below
    the right-hand seat's cards."""
    w, h = scene.size
    s = theme.scale_for(scene.size)
    width = int(min(420 * s, w * 0.34))
    hand = _own_hand(scene)
    left = max(w - EDGE - width, (hand.right if hand is not None else int(w * 0.64)) + 16)
    bottom = h - EDGE
    top = max(bottom - int(OPEN_HEIGHT * s), int(h * 0.58))
    return pygame.Rect(left, top, w - EDGE - left, bottom - top)


def _own_hand(scene: ChatTable) -> pygame.Rect | None:
    hands: Sequence[Sequence[CardSprite]] | None = getattr(scene, "hands", None)  # (a reflex table has none)
    if not hands or scene.viewer >= len(hands) or not hands[scene.viewer]:
        return None
    rects = [sprite.rect() for sprite in hands[scene.viewer]]
    return rects[0].unionall(rects[1:])


def _under_chances(scene: Any, typing: bool) -> pygame.Rect | None:
    """Bottom right, right of the hand and under the chances panel (open, over it); above
    the "O: show the odds" line while that is shown."""
    w, h = scene.size
    s = theme.scale_for(scene.size)
    width = int(min(320 * s, w * 0.32))
    hand = _own_hand(scene)
    left = max(w - EDGE - width, hand.right + 12 if hand is not None else 0)
    bottom = h - EDGE
    if not scene.show_odds:
        bottom -= max(11, int(14 * scene.s)) + 8
    chances_top = int(scene.opp_y + scene.other_width * 0.7 + 14 * scene.s)
    chances_bottom = int(scene.own_at[1] - scene.own_width * 0.75)
    # (narrow beside the hand, so taller when open)
    top = max(chances_top, bottom - int(OPEN_HEIGHT * 1.3 * s)) if typing else chances_bottom + 8
    return pygame.Rect(left, top, w - EDGE - left, max(0, bottom - top))


def _under_taken(scene: Any, typing: bool) -> pygame.Rect | None:
    """Under the player's own taken cards, right-aligned with them (open, over them, and
    no higher than the window's bottom 250 pixels at scale 1: the row stays in view)."""
    w, h = scene.size
    s = theme.scale_for(scene.size)
    area = scene._area_rect(scene._me)
    width = int(min(area.width, 460 * s))
    bottom = h - 6
    top = bottom - int(OPEN_HEIGHT * s) if typing else area.bottom + 6
    return pygame.Rect(area.right - width, top, width, max(0, bottom - top))


# Each place a spec may name (games/registry.py's ChatPlace), and how it is found on a
# table's layout (None: that table has no room there now, so above the hand).
PLACES: dict[ChatPlace, Callable[[Any, bool], pygame.Rect | None]] = {
    ChatPlace.ABOVE_HAND: _above_hand, ChatPlace.BESIDE_HAND: _beside_hand,
    ChatPlace.UNDER_CHANCES: _under_chances, ChatPlace.UNDER_TAKEN: _under_taken}
