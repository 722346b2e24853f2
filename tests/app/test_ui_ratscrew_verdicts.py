"""Ratscrew's verdicts ("Bob by 12 ms", "False slap! Ann pays 1 card") sit on bare felt:
never over a pile card (a dead card lying lower on it included), a stack, a count, a
plate or key caps, at 1280x800 and at 800x560."""

from __future__ import annotations

import pygame
import pytest

from app.window.render.table import felt
from app.window.render.text import render_text
from app.window.scenes.realtime import COUNTDOWN
from app.core.session import SeatPlan, Session, Setup
from app.window.shell import App
from app.window.tables.ratscrew import RatscrewTable
from games.core.cards import cards
from games.core.words import T, Who
from games.ratscrew import rules as rs
from games.ratscrew import spec as ratscrew_spec

from tests.app.ui_driver import FRAME_MS, fake_clock_app, frame, say_ready


def open_table(size: tuple[int, int], seats: int) -> tuple[App, RatscrewTable]:
    app = fake_clock_app(10_000, size)
    plans = [SeatPlan(True, "normal") for _ in range(seats)]   # every seat shows its key caps
    scene = RatscrewTable(app, Session(ratscrew_spec(), Setup("ratscrew", plans, {}, 5)))
    app.start(scene)
    say_ready(app)
    frame(app, int(COUNTDOWN * 1000 / FRAME_MS) + 2)
    return app, scene


def lay(scene: RatscrewTable, text: str, live: bool) -> None:
    """Cards from the stacks onto the pile (no card made up)."""
    state = scene.session.state_as(rs.RatscrewState)
    for card in cards(text):
        next(stack for stack in state.stacks if card in stack).remove(card)
        state.pile.append(rs.PileCard(card, live, None))
    scene.sync(scene.current_view())
    scene.view = scene.current_view()


def pixels(surface: pygame.Surface, rect: pygame.Rect) -> bytes:
    return pygame.image.tobytes(surface.subsurface(rect), "RGB")


@pytest.mark.parametrize("size", [(1280, 800), (800, 560)])
def test_a_false_slap_and_a_race_are_shown_on_bare_felt(size):
    app, scene = open_table(size, seats=4)
    try:
        lay(scene, "7S 8H", live=True)
        lay(scene, "KC", live=False)   # a dead card on top lies lower than the others
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_w, mod=0, unicode="", scancode=0))
        frame(app)
        scene.verdict(1, 0, 12)        # as a networked table hears the server's verdict
        frame(app, 40)                 # the red flash is over; both are still up
        assert scene.banner[0].startswith("False slap!") and scene.banner[1] > 0 and scene.race[1] > 0
        shown = pygame.Surface(size)
        scene.draw_table(shown)
        boxes = scene.verdict_boxes
        # The same table without them: every pixel they changed was bare felt.
        scene.race, scene.banner = ("", 0.0), ("", 0.0)
        bare = pygame.Surface(size)
        scene.draw_table(bare)
        whole = pygame.Rect((0, 0), size)
        covered = sum(1 for now, then, cloth in zip(pixels(shown, whole), pixels(bare, whole),
                                                     pixels(felt(size), whole)) if now != then != cloth)
        assert covered == 0, f"the verdicts cover {covered} values of something drawn at {size}"
        assert len(boxes) == 2 and not boxes[0].colliderect(boxes[1])
        assert all(whole.contains(box) and pixels(shown, box) != pixels(bare, box) for box in boxes)
    finally:
        pygame.quit()


@pytest.mark.parametrize("size", [(1280, 800), (800, 560)])
def test_a_refusal_is_said_beside_the_winners_banner_not_over_it(size):
    """Issue 28, 7: "You have no cards to flip" stood over "Rosa holds every card"."""
    app, scene = open_table(size, seats=2)
    try:
        scene._on_GameWon(rs.GameWon(1))
        scene.say(scene.to_player(T("{seat} has no cards to flip", seat=Who(0))), 1.4)
        frame(app)
        scene.draw(app.screen)
        image = render_text(scene.message, max(14, int(20 * scene.s)), (0, 0, 0), bold=True)
        message = scene.message_rect(image)
        assert scene.verdict_boxes and scene.message_time > 0
        assert not any(message.colliderect(box) for box in scene.verdict_boxes), (message, scene.verdict_boxes)
        assert message.collidelist(scene.taken) < 0 and pygame.Rect((0, 0), size).contains(message)
    finally:
        pygame.quit()
