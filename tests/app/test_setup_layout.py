"""The setup screen uses the window: the game's picture and summary beside the form, every
part inside the window and clear of the others, at the smallest window and the default."""

from __future__ import annotations

import pygame
import pytest

from app.window.render.text import font
from app.window.scenes.setup import SetupScene
from games.registry import GAMES

from tests.app.ui_driver import FRAME, make_app


@pytest.fixture(params=[(800, 560), (1280, 800)], ids=lambda size: f"{size[0]}x{size[1]}")
def app(request):
    application = make_app(request.param)
    yield application
    pygame.quit()


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_picture_summary_and_form_side_by_side(app, game_id):
    scene = SetupScene(app, GAMES[game_id])
    app.start(scene)
    app.step(FRAME)
    window = pygame.Rect((0, 0), app.screen.get_size())
    side, art = scene.side, scene.art_rect()
    form = scene.rows[0].rect.unionall([row.rect for row in scene.rows])
    buttons = scene.start_button.rect.union(scene.back_button.rect)
    assert window.contains(side) and window.contains(form) and window.contains(buttons)
    assert side.contains(art) and art.height >= 100 * min(1.0, window.height / 800)
    assert not side.colliderect(form) and not side.colliderect(buttons) and not form.colliderect(buttons)
    assert side.width + form.width > window.width * 0.75   # no longer a strip down the middle
    text = max(14, int(scene.row_h * 0.45))
    for row in scene.rows:   # the label and its value side by side, apart
        label = font(text).size(row.label)[0]
        value = font(text, bold=True).size(f"‹  {row.value()}  ›")[0]
        assert 18 + label + 16 + value + 18 <= row.rect.width, row.label
    said = scene.summary_lines()
    kinds = [kind for kind, *_ in said]
    assert kinds[:2] == ["kind", "blurb"]
    assert " ".join(said[1][3]) == GAMES[game_id].blurb        # the blurb whole
    y = art.bottom + scene.side_pad()
    for kind, size, _, lines in said:
        for line in lines:
            assert font(size, bold=kind == "kind").size(line)[0] <= art.width, line
        y += len(lines) * (size + 5) + 10
    assert y <= side.bottom
