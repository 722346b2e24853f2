"""The menu's words fit: every tile's title inside its tile at the smallest window and the
default one, and the key hint on one line at the default size, broken only between items
when it must be."""

from __future__ import annotations

import pygame
import pytest

from app.window.render.text import font
from app.window.scenes.menu import MenuScene
from app.window.ui.fit import fit_title, pack_items

from tests.app.ui_driver import FRAME, make_app, post_key

SIZES = [(820, 580), (800, 560), (1000, 640), (1280, 800)]


@pytest.fixture(params=SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def menu(request):
    app = make_app(request.param)
    scene = MenuScene(app)
    app.start(scene)
    app.step(FRAME)
    yield scene
    pygame.quit()


def test_every_title_fits_its_tile_and_stays_readable(menu):
    for spec, rect in zip(menu.specs, menu.tiles):
        lines, size = menu.tile_title(spec, rect)
        left, room = menu.text_area(rect)
        assert " ".join(lines) == spec.title
        assert size >= 12, spec.title
        for line in lines:
            assert font(size, bold=True).size(line)[0] <= room, (spec.title, menu.size)
        assert rect.left < left and left + room < rect.right


def test_tiles_stay_inside_the_window_and_above_the_buttons(menu):
    window = pygame.Rect((0, 0), menu.size)
    for rect in menu.tiles:
        assert window.contains(rect)
        assert rect.bottom < menu.quit_button.rect.top


def test_the_key_hint_is_one_line_at_the_default_size():
    app = make_app((1280, 800))
    try:
        scene = MenuScene(app)
        app.start(scene)
        size, lines = scene.hint_lines()
        assert len(lines) == 1 and "Esc quits" in lines[0]
        assert 20 + font(size).size(lines[0])[0] < scene.replays_button.rect.left
    finally:
        pygame.quit()


def test_a_narrow_hint_breaks_between_items_only(menu):
    size, lines = menu.hint_lines()
    assert 1 <= len(lines) <= 2
    for line in lines:
        assert not line.startswith("·") and not line.endswith("·")
        assert font(size).size(line)[0] <= menu.replays_button.rect.left - 40
    assert "S statistics" in " · ".join(lines) and "Esc quits" in " · ".join(lines)


def test_a_long_title_goes_on_two_lines_rather_than_shrink_far():
    pygame.init()
    wide = font(26, bold=True).size("Egyptian Ratscrew")[0]
    lines, size = fit_title("Egyptian Ratscrew", 26, int(wide * 0.6))
    assert lines == ["Egyptian", "Ratscrew"] and size > 26 * 0.8
    assert fit_title("Whist", 26, 400) == (["Whist"], 26)


def test_items_pack_greedily_and_whole():
    pygame.init()
    items = ["Arrows choose", "Enter opens", "Esc quits"]
    one = font(14).size(" · ".join(items))[0]
    assert pack_items(items, 14, one) == [" · ".join(items)]
    assert pack_items(items, 14, one - 5) == ["Arrows choose · Enter opens", "Esc quits"]


def test_no_blurb_is_cut_mid_phrase(menu):
    """Every tile shows its blurb whole, or at the smallest windows its whole first
    sentences: never a phrase cut off with "…"."""
    for spec, rect in zip(menu.specs, menu.tiles):
        size, lines, top = menu.tile_blurb(spec, rect)
        shown = " ".join(lines)
        assert lines and not shown.endswith("…"), (spec.id, menu.size, lines)
        assert spec.blurb.startswith(shown), (spec.id, lines)
        assert top + len(lines) * (size + 5) <= rect.bottom, spec.id
        if menu.size[0] >= 1000:
            assert shown == spec.blurb, (spec.id, menu.size, lines)


def test_every_game_has_a_picture_of_its_own(menu):
    from app.window.render.tiles import tile_art

    pictures = set()
    for spec, rect in zip(menu.specs, menu.tiles):
        art = menu.art_box(rect)
        assert rect.contains(art) and art.right < menu.text_area(rect)[0]
        image = tile_art(spec.art, art.size, menu.drawer.renderer, menu.drawer.back)
        assert image.get_bounding_rect().width > art.width // 2, spec.id   # something is drawn
        pictures.add(pygame.image.tobytes(image, "RGBA"))
    assert len(pictures) == len(menu.specs)


def test_hovering_a_tile_lights_it_up(menu):
    app = menu.app
    rect = menu.tiles[2]
    menu.index = 2            # focused from the keyboard first: the hover must add a light
    app.step(FRAME)

    def tile() -> bytes:
        return pygame.image.tobytes(app.screen.subsurface(rect).copy(), "RGB")

    before = tile()
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    app.step(FRAME)
    assert menu.hover == 2 and menu.index == 2
    assert tile() != before
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(2, 2), rel=(0, 0), buttons=(0, 0, 0)))
    app.step(FRAME)
    assert menu.hover is None and tile() == before


def test_a_notice_covers_neither_the_title_nor_a_game_nor_a_button(menu):
    """Issue 28, 7: a notice ("settings could not be read ...") stood over the title and
    Play online; it goes in the grid's empty cell now."""
    app = menu.app
    app.notify("settings.json could not be read: it was moved aside as settings.bad.json "
               "and the defaults are used", 6.0)
    app.notify("A second notice, to see two stack", 6.0)
    app.step(FRAME)
    drawn = app.notice_rects
    assert drawn, "no notice was drawn"
    buttons = [menu.quit_button, menu.stats_button, menu.settings_button, menu.replays_button,
               menu.online_button]
    for rect in drawn:
        assert rect.top >= menu.header_height(), "over the title"
        assert rect.collidelist(menu.tiles) < 0, "over a game's tile"
        assert rect.collidelist([b.rect for b in buttons]) < 0, "over a button"
        assert pygame.Rect((0, 0), menu.size).contains(rect)


def test_one_tile_is_lit_at_a_time_and_the_mouse_does_not_move_the_focus(menu):
    """The mouse lights the tile under it without moving the keyboard's focus; the first
    arrow key after it only shows the focus again (nothing opens, no second tile stays lit)."""
    app = menu.app
    menu.index = 1
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=menu.tiles[4].center, rel=(0, 0), buttons=(0, 0, 0)))
    app.step(FRAME)
    assert menu.lit() == 4 and menu.index == 1             # lit by the mouse, the focus stays
    post_key(app, pygame.K_RIGHT)                          # shows the focus, moves nothing
    assert menu.lit() == 1 and menu.index == 1 and menu.hover is None and app.scenes.top is menu
    post_key(app, pygame.K_RIGHT)
    assert menu.lit() == 2 == menu.index
    post_key(app, pygame.K_RETURN)                         # Enter opens the focused game
    assert app.scenes.top is not menu
