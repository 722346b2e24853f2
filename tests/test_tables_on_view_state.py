"""Every turn table plays a whole game when its session's ``state`` is not the rules state but
only what the network sends a client: the human seat's view, who may act, whether it is
over and the outcome (a ``ViewState``). The rules state stays here, out of the table's
sight: actions are applied to it and bots think on their own seats' views of it."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from app.scenes.results import ResultsScene
from app.session import SeatPlan, Session, Setup
from app.shell import App
from app.tables import table_for
from games.core.protocol import Action, Event, GameState, redacted
from games.core.view_state import ViewState
from games.registry import GAMES

HUMAN = 0
STEP = 1 / 20    # seconds a frame stands for: tweens and holds run on, with fewer frames to draw

# Options that keep each game short, and a seed for each.
GAMES_PLAYED = {
    "whist": ({"target": 5}, 4),
    "euchre": ({"target": 5}, 4),
    "nap": ({"rounds": 1}, 4),
    "nash_whist": ({"end": "deals", "deals": 4}, 4),
    "ninety_nine": ({"tokens": 1}, 4),
    "nash": ({}, 4),
    "abstrac": ({"deals": 1}, 4),
}


class SeenFromOneSeat(Session):
    """A session whose ``state`` answers as a network client's does: a ``ViewState`` of
    ``HUMAN``'s view. The rules state is ``rules``; it applies the actions."""

    @property
    def rules(self) -> GameState[Any, Any]:
        return Session.state.fget(self)  # type: ignore[attr-defined]

    @property  # type: ignore[override]
    def state(self) -> ViewState[Any]:
        return ViewState.of(self.rules, HUMAN)

    @property
    def opening(self) -> list[Event]:
        if self._opening is None:   # the first deal as this seat is told it
            self._opening = redacted(getattr(self.rules, "opening", []), HUMAN)
        return self._opening

    @opening.setter
    def opening(self, events: list[Event]) -> None:
        self._opening = events

    def apply(self, action: Action) -> list[Event]:
        events = self.rules.apply(action)
        self.actions.append(action)
        return events

    def think(self, seat: int) -> Action | None:
        bot = self.bot_for(seat)
        action: Action = bot(self.rules.view(seat), self.bot_rng)
        return action


@pytest.fixture(autouse=True)
def quick_tables(monkeypatch):
    """The first picture in one frame, and no wash of the deck before the first deal (as
    the UI tests have them: tests/app/conftest.py)."""
    import app.scenes.table as table_scene
    from app.anim import wash

    monkeypatch.setattr(table_scene, "PAINT_AHEAD", 60.0)
    monkeypatch.setattr(wash, "SHOWN", False)


@pytest.fixture
def app():
    application = App(size=(1280, 800), headless=True)
    application.settings.animation_speed = "fast"
    yield application
    pygame.quit()


def picture(scene: Any) -> tuple[str, ...]:
    """What the table shows of the game: the human's hand, or Abstrac's row."""
    hands = getattr(scene, "hands", None)
    sprites = hands[HUMAN] if hands else scene.row
    return tuple(str(sprite.card) for sprite in sprites)


def press(app: App, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    app.step(STEP)


def human_moves(app: App, scene: Any, session: SeenFromOneSeat) -> None:
    """The human's turn, played with the keys the table offers: Enter plays the ringed card
    (1 then picks how Ninety-Nine's Ace or Ten counts), 1 takes a card at Abstrac, and at a
    call Right then Enter makes the call after the first on the panel (a bid, not a pass).
    At Nash (asks and guesses) and at Abstrac's choice of who starts, the table acts with
    the view's first legal action."""
    before = len(session.actions)
    view = session.state.view(HUMAN)
    if scene.name == "nash" or (scene.name == "abstrac" and view.choosing):
        assert scene.act(session.state.legal_actions(HUMAN)[0])
    elif scene.name == "abstrac":
        press(app, pygame.K_1)
    elif getattr(scene, "choosing_call", lambda: False)():
        press(app, pygame.K_RIGHT)
        press(app, pygame.K_RETURN)
    else:
        press(app, pygame.K_RETURN)
        if getattr(scene, "prompt", None) is not None:
            press(app, pygame.K_1)
    assert len(session.actions) > before, f"the keys made no move at {type(view).__name__} {view.legal[:3]}"


@pytest.mark.parametrize("game_id", list(GAMES_PLAYED))
def test_a_table_plays_a_whole_game_from_one_seats_view(app: App, game_id: str) -> None:
    spec = GAMES[game_id]
    options, seed = GAMES_PLAYED[game_id]
    plans = [SeatPlan(seat == HUMAN, "easy") for seat in range(spec.default_seats)]
    setup = Setup(game_id, plans, {o.key: o.default for o in spec.options} | options, seed)
    session = SeenFromOneSeat(spec, setup)
    scene = table_for(game_id)(app, session)
    app.start(scene)
    assert isinstance(session.state, ViewState)
    pictures = {picture(scene)}
    for _ in range(40000):
        if isinstance(app.scenes.top, ResultsScene):
            break
        if app.scenes.top is scene and scene.human_turn:
            human_moves(app, scene, session)
        app.step(STEP)
        pictures.add(picture(scene))
    else:
        raise AssertionError(f"{game_id} never reached its end")
    assert session.rules.is_over()
    assert any(a.seat == HUMAN for a in session.actions) and any(a.seat != HUMAN for a in session.actions)
    assert len(pictures) > 5   # the hand (or the row) was redrawn as the game went on
