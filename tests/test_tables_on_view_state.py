"""Every turn table plays a whole game when its session's ``state`` is not the rules state but
only what the network sends a client: the human seat's view, who may act, whether it is
over and the outcome (a ``ViewState``). The rules state stays here, out of the table's
sight: actions are applied to it and bots think on their own seats' views of it."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from app.window.scenes.results import ResultsScene
from app.core.session import SeatPlan, Session, Setup
from app.window.shell import App
from app.window.tables import table_for
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
    the view of ``seen_by`` (a seat, or None: a spectator). The rules state is ``rules``;
    it applies the actions."""

    seen_by: int | None = HUMAN

    @property
    def rules(self) -> GameState[Any, Any]:
        return Session.state.fget(self)  # type: ignore[attr-defined]

    @property  # type: ignore[override]
    def state(self) -> ViewState[Any]:
        return ViewState.of(self.rules, self.seen_by)

    @property
    def opening(self) -> list[Event]:
        if self._opening is None:   # the first deal as this seat is told it
            self._opening = redacted(self.rules.opening, self.seen_by)
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
    """The first picture in one frame, no wash of the deck before the first deal, and the
    summary between hands going by itself (as the UI tests have them: tests/app/conftest.py;
    these tables play whole games with nobody to press Space)."""
    import app.window.scenes.table as table_scene
    from app.window.anim import wash
    from app.window.tables import tricks

    monkeypatch.setattr(table_scene, "PAINT_AHEAD", 60.0)
    monkeypatch.setattr(wash, "SHOWN", False)
    monkeypatch.setattr(tricks, "SUMMARY_WAITS", False)


@pytest.fixture
def app():
    application = App(size=(1280, 800), headless=True)
    application.settings.animation_speed = "fast"
    yield application
    pygame.quit()


def picture(scene: Any) -> tuple[str, ...]:
    """The cards the table shows: every hand (the others' face down), the trick, Ninety-Nine's
    pile, Nash's mystery cards, Abstrac's row."""
    shown = [str(sprite.card) for hand in getattr(scene, "hands", []) for sprite in hand] + ["|"]
    for name in ("trick", "pile", "mystery", "row"):
        for item in getattr(scene, name, []):
            shown.append(str(item[1].card if isinstance(item, tuple) else item.card))
    return tuple(shown)


def own_hand(scene: Any) -> tuple[str, ...]:
    """The human's hand as drawn (Abstrac, which has none: the cards the human has taken)."""
    hands = getattr(scene, "hands", None)
    return tuple(str(sprite.card) for sprite in (hands[HUMAN] if hands else scene.taken[HUMAN]))


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


def play_to_the_end(app: App, game_id: str, human: bool) -> tuple[SeenFromOneSeat, int, int]:
    """Seat ``HUMAN`` is a human (or, without one, the table is watched), the others easy
    bots; returns the session, how many different pictures the table showed, and how many
    different hands (as drawn) seat ``HUMAN`` had."""
    spec = GAMES[game_id]
    options, seed = GAMES_PLAYED[game_id]
    plans = [SeatPlan(human and seat == HUMAN, "easy") for seat in range(spec.default_seats)]
    setup = Setup(game_id, plans, {o.key: o.default for o in spec.options} | options, seed)
    session = SeenFromOneSeat(spec, setup)
    session.seen_by = HUMAN if human else None
    scene = table_for(game_id)(app, session)
    app.start(scene)
    assert isinstance(session.state, ViewState) and scene.spectator is not human
    pictures, hands = {picture(scene)}, {own_hand(scene)}
    for _ in range(40000):
        if isinstance(app.scenes.top, ResultsScene):
            break
        if app.scenes.top is scene and scene.human_turn:
            human_moves(app, scene, session)
        app.step(STEP)
        pictures.add(picture(scene))
        hands.add(own_hand(scene))
    else:
        raise AssertionError(f"{game_id} never reached its end")
    assert session.rules.is_over()
    return session, len(pictures), len(hands)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", list(GAMES_PLAYED))
def test_a_table_plays_a_whole_game_from_one_seats_view(app: App, game_id: str) -> None:
    session, pictures, hands = play_to_the_end(app, game_id, human=True)
    assert any(a.seat == HUMAN for a in session.actions) and any(a.seat != HUMAN for a in session.actions)
    assert pictures > 5 and hands > 3   # the table, and the human's own cards, were redrawn as the game went on


@pytest.mark.slow
@pytest.mark.parametrize("game_id", list(GAMES_PLAYED))
def test_a_watched_table_shows_a_whole_game_from_the_spectators_view(app: App, game_id: str) -> None:
    """Watching (``view(None)``): no hand to show, nothing to do, the game still runs."""
    session, pictures, _ = play_to_the_end(app, game_id, human=False)
    assert session.state.legal_actions(HUMAN) == []
    assert pictures > 2   # the cards on the table moved as the game went on (deals at least)
