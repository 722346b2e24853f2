"""The still-card layer must give exactly the picture a full redraw gives, whatever the
cards do between frames: land, take off, move, turn over, rotate, leave or arrive."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest
from hypothesis import given, settings, strategies as st

from app.window.render.cards import CardRenderer
from app.window.render.still_layer import StillLayer
from app.window.render.table import CardSprite, SpriteDrawer
from games.core.cards import standard_deck

SIZE = (260, 180)
DECK = standard_deck()


@pytest.fixture(scope="module")
def screen():
    pygame.display.init()
    yield pygame.display.set_mode(SIZE)
    pygame.display.quit()


def _floor() -> pygame.Surface:
    floor = pygame.Surface(SIZE).convert()
    floor.fill((20, 90, 50))
    pygame.draw.circle(floor, (200, 180, 40), (130, 90), 60, 6)  # something to restore
    return floor


def _reference(drawer, floor, piles, moving) -> pygame.Surface:
    out = floor.copy()
    order = [(s, sh) for pile in piles for s, sh in pile]
    for sprite, shadow in [p for p in order if not moving(p[0])] + [p for p in order if moving(p[0])]:
        drawer.draw(out, sprite, shadow=shadow)
    return out


# one change to the table: (what, which card, a number)
changes = st.tuples(st.sampled_from(["move", "fly", "land", "flip", "turn", "leave", "arrive", "restyle"]),
                    st.integers(0, 11), st.integers(-40, 40))


@settings(max_examples=60, deadline=None)
@given(st.lists(changes, min_size=1, max_size=14))
def test_layer_equals_full_redraw(screen, steps):
    floor = _floor()
    drawer = SpriteDrawer(CardRenderer(), "blue")
    sprites = [CardSprite(DECK[k], 40 + (k % 4) * 60, 40 + (k // 4) * 24, face_up=k % 3 != 0, width=36)
               for k in range(12)]
    piles = [[sprites[k] for k in range(p, 12, 4)] for p in range(4)]  # four overlapping columns
    flying: set[int] = set()
    layer = StillLayer()

    def moving(sprite):
        return id(sprite) in flying

    for what, k, amount in [("land", 0, 0)] + steps:
        sprite = sprites[k]
        if what == "move":
            sprite.x += amount
            sprite.y += amount / 2
        elif what == "fly":
            flying.add(id(sprite))
        elif what == "land":
            flying.discard(id(sprite))
        elif what == "flip":
            sprite.face_up = not sprite.face_up
        elif what == "turn":
            sprite.angle = amount / 2
        elif what == "leave":
            for pile in piles:
                if sprite in pile:
                    pile.remove(sprite)
        elif what == "arrive" and not any(sprite in pile for pile in piles):
            piles[amount % 4].append(sprite)
        elif what == "restyle":
            drawer.restyle(CardRenderer(four_colour=amount > 0), "red" if amount > 0 else "blue")
        pairs = [[(s, i == 0) for i, s in enumerate(pile)] for pile in piles]
        out = pygame.Surface(SIZE).convert()
        in_flight = layer.draw(out, drawer, floor, "floor", pairs, moving)
        for s, shadow in in_flight:
            drawer.draw(out, s, shadow=shadow)
        want = _reference(drawer, floor, pairs, moving)
        assert pygame.image.tobytes(out, "RGB") == pygame.image.tobytes(want, "RGB"), what


def test_resting_cards_are_not_painted_again(screen):
    """The point of the layer: a frame where nothing moved paints no card, and a card
    taking off repaints only around it."""
    floor = _floor()
    drawer = SpriteDrawer(CardRenderer(), "blue")
    sprites = [CardSprite(DECK[k], 30 + k * 20, 60, face_up=True, width=36) for k in range(10)]
    piles = [[(s, False)] for s in sprites]
    layer = StillLayer()
    out = pygame.Surface(SIZE).convert()
    painted = []
    real_draw = drawer.draw
    drawer.draw = lambda surface, sprite, shadow=True: (painted.append(sprite), real_draw(surface, sprite, shadow))
    layer.draw(out, drawer, floor, "floor", piles, lambda s: False)
    assert len(painted) == 10 and layer.repaints == 1
    painted.clear()
    layer.draw(out, drawer, floor, "floor", piles, lambda s: False)
    assert painted == []
    layer.draw(out, drawer, floor, "floor", piles, lambda s: s is sprites[9])
    assert 0 < len(painted) < 5 and sprites[9] not in painted and layer.repaints == 1
    layer.draw(out, drawer, floor, "new floor", piles, lambda s: False)
    assert layer.repaints == 2
