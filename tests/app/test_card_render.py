"""Card faces, backs, suit pips and text: sizes, caching, colours and failures."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import subprocess  # noqa: E402
import sys  # noqa: E402
from typing import Iterator  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from app.window.render import text  # noqa: E402
from app.window.render.cards import BACK_STYLES, STOCK, CardRenderer  # noqa: E402
from app.window.render.suits import draw_suit, suit_surface  # noqa: E402
from games.core.cards import Card, Rank, Suit, standard_deck  # noqa: E402

WIDTHS = (48, 90, 160)
Pixel = tuple[int, int, int, int]


@pytest.fixture(scope="module", autouse=True)
def display() -> Iterator[None]:
    pygame.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((1, 1))
    yield


def corner(surface: pygame.Surface) -> pygame.Rect:
    """The top-left index area, clear of pips and court panels."""
    w, h = surface.get_size()
    return pygame.Rect(2, 2, int(w * 0.17), int(h * 0.3))


def inked(surface: pygame.Surface, area: pygame.Rect | None = None) -> list[Pixel]:
    """Opaque pixels clearly darker or more coloured than the card stock."""
    area = area or surface.get_rect()
    found = []
    for x in range(area.left, area.right):
        for y in range(area.top, area.bottom):
            c = surface.get_at((x, y))
            if c.a > 200 and sum(abs(a - b) for a, b in zip(c[:3], STOCK)) > 180:
                found.append((c.r, c.g, c.b, c.a))
    return found


def is_reddish(p: Pixel) -> bool:
    return p[0] > 140 and p[1] < 90 and p[2] < 90


def mean(pixels: list[Pixel]) -> tuple[float, float, float]:
    n = len(pixels)
    return (sum(p[0] for p in pixels) / n, sum(p[1] for p in pixels) / n, sum(p[2] for p in pixels) / n)


def differing_pixels(a: pygame.Surface, b: pygame.Surface, step: int = 2) -> int:
    w, h = a.get_size()
    return sum(
        1 for x in range(0, w, step) for y in range(0, h, step) if a.get_at((x, y)) != b.get_at((x, y))
    )


# --- faces -----------------------------------------------------------------------------

@pytest.mark.parametrize("width", WIDTHS)
def test_every_face_renders_at_the_right_size(width: int) -> None:
    renderer = CardRenderer()
    for card in standard_deck(jokers=1):
        face = renderer.face(card, width)
        assert face.get_size() == (width, round(width * 1.4)), card
        assert face.get_flags() & pygame.SRCALPHA, card


@pytest.mark.parametrize("width", WIDTHS)
def test_faces_have_rounded_transparent_corners_and_opaque_middles(width: int) -> None:
    face = CardRenderer().face(Card.parse("7D"), width)
    w, h = face.get_size()
    assert face.get_at((0, 0)).a == 0
    assert face.get_at((w - 1, h - 1)).a == 0
    assert face.get_at((w // 2, 3)).a == 255


def test_every_face_differs_from_every_other() -> None:
    renderer = CardRenderer()
    deck = standard_deck(jokers=1)
    images = {card: pygame.image.tobytes(renderer.face(card, 90), "RGBA") for card in deck}
    assert len(set(images.values())) == len(deck)


def test_cache_returns_the_same_surface() -> None:
    renderer = CardRenderer()
    card = Card.parse("QS")
    assert renderer.face(card, 90) is renderer.face(card, 90)
    assert renderer.back(90, "red") is renderer.back(90, "red")
    assert renderer.shadow(90) is renderer.shadow(90)
    assert renderer.outline(90, (255, 200, 0)) is renderer.outline(90, (255, 200, 0))
    assert renderer.face(card, 90) is not renderer.face(card, 91)


def test_cache_forgets_old_widths_but_keeps_recent_ones() -> None:
    renderer = CardRenderer()
    card = Card.parse("2C")
    first = renderer.face(card, 60)
    kept = renderer.face(card, 100)
    for width in range(61, 75):
        renderer.shadow(width)  # other kinds of surface never evict faces
    assert renderer.face(card, 60) is first
    for width in range(61, 75):
        renderer.face(card, width)
    latest = renderer.face(card, 74)
    assert renderer.face(card, 74) is latest
    assert renderer.face(card, 60) is not first
    assert renderer.face(card, 100) is not kept


@pytest.mark.parametrize("width", (90, 160))
def test_red_suits_print_red_and_black_suits_do_not(width: int) -> None:
    renderer = CardRenderer()
    for card in standard_deck():
        face = renderer.face(card, width)
        index_red = [p for p in inked(face, corner(face)) if is_reddish(p)]
        if card.is_red:
            assert len(index_red) > width // 4, card
        else:
            assert index_red == [], card
        if not card.is_red and not card.rank.is_court:
            assert not any(is_reddish(p) for p in inked(face)), card


def test_four_colour_clubs_are_green_and_diamonds_blue() -> None:
    club, diamond = Card.parse("5C"), Card.parse("5D")
    two, four = CardRenderer(), CardRenderer(four_colour=True)
    r2, g2, b2 = mean(inked(two.face(club, 90), corner(two.face(club, 90))))
    r4, g4, b4 = mean(inked(four.face(club, 90), corner(four.face(club, 90))))
    assert max(r2, g2, b2) < 90  # black ink
    assert g4 > r4 + 40 and g4 > b4 + 20  # green ink
    r, g, b = mean(inked(four.face(diamond, 90), corner(four.face(diamond, 90))))
    assert b > r + 60
    hearts = mean(inked(four.face(Card.parse("5H"), 90), corner(four.face(Card.parse("5H"), 90))))
    assert hearts[0] > hearts[2] + 60  # hearts stay red


def test_large_index_is_about_half_as_large_again() -> None:
    card = Card.parse("KH")
    normal = CardRenderer().face(card, 120)
    large = CardRenderer(large_index=True).face(card, 120)
    area = pygame.Rect(0, 0, 36, 90)
    normal_ink = pygame.mask.from_threshold(normal.subsurface(area), (200, 30, 40, 255), (60, 60, 60, 255))
    large_ink = pygame.mask.from_threshold(large.subsurface(area), (200, 30, 40, 255), (60, 60, 60, 255))
    assert large_ink.count() > 1.6 * normal_ink.count() > 0


def test_courts_are_distinct_designs() -> None:
    renderer = CardRenderer()
    jack, queen, king = (renderer.face(Card(rank, Suit.SPADES), 120) for rank in (Rank.JACK, Rank.QUEEN, Rank.KING))
    total = (120 // 2) * (168 // 2)
    for a, b in ((jack, queen), (queen, king), (jack, king)):
        assert differing_pixels(a, b) > total * 0.15


def test_court_lower_half_is_the_upper_half_turned() -> None:
    face = CardRenderer().face(Card.parse("QD"), 120)
    w, h = face.get_size()
    turned = pygame.transform.flip(face, True, True)
    # Skip the outer edge: the rounded border is symmetric, but allow antialiasing noise.
    same = sum(
        1 for x in range(10, w - 10, 3) for y in range(10, h - 10, 3)
        if face.get_at((x, y)) == turned.get_at((x, y))
    )
    checked = len(range(10, w - 10, 3)) * len(range(10, h - 10, 3))
    assert same > checked * 0.97


def test_small_faces_show_one_big_pip() -> None:
    face = CardRenderer().face(Card.parse("9S"), 48)
    middle = pygame.Rect(20, 30, 20, 25)
    assert len(inked(face, middle)) > 150  # one large pip fills the middle


@pytest.mark.parametrize("width", (32, 40, 48))
def test_small_courts_keep_a_picture_and_never_look_like_the_ace(width: int) -> None:
    renderer = CardRenderer()
    ace = renderer.face(Card.parse("AH"), width)
    lower = pygame.Rect(width // 3, int(width * 0.5), width - width // 3 - 2, int(width * 0.85))

    def dressed(face: pygame.Surface) -> int:   # a hearts court wears blue: the ace has none
        return sum(1 for x in range(lower.left, lower.right) for y in range(lower.top, lower.bottom)
                   if _near(face.get_at((x, y)), (44, 78, 156), 40))

    assert dressed(ace) == 0
    for rank in "JQK":
        court = renderer.face(Card.parse(rank + "H"), width)
        assert dressed(court) >= width // 6, rank
    jack, queen = (renderer.face(Card.parse(c), width) for c in ("JH", "QH"))
    assert pygame.image.tobytes(jack, "RGBA") != pygame.image.tobytes(queen, "RGBA")


def _near(pixel: pygame.Color, rgb: tuple[int, int, int], tolerance: int) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(pixel[:3], rgb))


def test_bad_widths_are_refused() -> None:
    renderer = CardRenderer()
    with pytest.raises(ValueError):
        renderer.face(Card.parse("AS"), 4)
    with pytest.raises(ValueError):
        renderer.back(90.5, "blue")  # type: ignore[arg-type]


# --- backs, shadows, rings -------------------------------------------------------------

def test_back_styles_differ_and_keep_a_white_margin() -> None:
    renderer = CardRenderer()
    averages = {style: pygame.transform.average_color(renderer.back(90, style)) for style in BACK_STYLES}
    assert len(BACK_STYLES) >= 3
    assert len(set(averages.values())) == len(BACK_STYLES)
    for style in BACK_STYLES:
        back = renderer.back(90, style)
        assert back.get_size() == (90, 126)
        assert tuple(back.get_at((45, 3)))[:3] == STOCK  # the margin
        assert tuple(back.get_at((45, 63)))[:3] != STOCK  # the field


def test_unknown_back_style_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="tartan"):
        CardRenderer().back(90, "tartan")


def test_shadow_is_soft_and_translucent() -> None:
    renderer = CardRenderer()
    shadow = renderer.shadow(90)
    m = renderer.shadow_margin(90)
    assert shadow.get_size() == (90 + 2 * m, 126 + 2 * m)
    centre = shadow.get_at((shadow.get_width() // 2, shadow.get_height() // 2)).a
    edge = shadow.get_at((1, shadow.get_height() // 2)).a
    assert 0 < centre < 255
    assert edge < centre


def test_outline_is_a_ring_in_the_given_colour() -> None:
    renderer = CardRenderer()
    ring = renderer.outline(90, (255, 200, 0))
    t = renderer.outline_margin(90)
    assert ring.get_size() == (90 + 2 * t, 126 + 2 * t)
    assert tuple(ring.get_at((ring.get_width() // 2, t // 2))) == (255, 200, 0, 255)
    assert ring.get_at((ring.get_width() // 2, ring.get_height() // 2)).a == 0


def test_renders_without_a_display_mode() -> None:
    code = (
        "import os; os.environ['SDL_VIDEODRIVER'] = 'dummy'\n"
        "from app.window.render.cards import CardRenderer\n"
        "from games.core.cards import standard_deck\n"
        "r = CardRenderer(four_colour=True, large_index=True)\n"
        "assert all(r.face(c, 70).get_size() == (70, 98) for c in standard_deck(jokers=1))\n"
        "assert r.back(70, 'green').get_size() == (70, 98)\n"
        "print('ok')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().endswith("ok")


# --- suit pips -------------------------------------------------------------------------

def test_suit_pips_are_cached_and_distinct() -> None:
    masks = {}
    for suit in Suit:
        pip = suit_surface(suit, 40, (0, 0, 0))
        assert pip is suit_surface(suit, 40, (0, 0, 0))
        assert pip.get_size() == (40, 40)
        masks[suit] = pygame.mask.from_surface(pip, 128)
        assert 300 < masks[suit].count() < 1400
    for a in Suit:
        for b in Suit:
            if a is not b:
                both = masks[a].overlap_area(masks[b], (0, 0))
                either = masks[a].count() + masks[b].count() - both
                assert either - both > 0.1 * either, (a, b)


def test_pip_edges_are_antialiased() -> None:
    pip = suit_surface(Suit.HEARTS, 40, (200, 30, 40))
    alphas = {pip.get_at((x, y)).a for x in range(40) for y in range(40)}
    assert len(alphas) > 10  # soft edges, not just on/off


def test_draw_suit_centres_in_rect() -> None:
    canvas = pygame.Surface((100, 60), pygame.SRCALPHA)
    drawn = draw_suit(canvas, Suit.SPADES, pygame.Rect(20, 10, 60, 40), (0, 0, 0))
    assert drawn.size == (40, 40)
    assert drawn.center == (50, 30)


# --- text ------------------------------------------------------------------------------

def test_font_and_rendered_text_are_cached() -> None:
    assert text.font(20) is text.font(20)
    assert text.font(20, bold=True) is not text.font(20)
    assert text.render_text("Hello", 20, (0, 0, 0)) is text.render_text("Hello", 20, (0, 0, 0))
    assert text.assets_dir().joinpath("FONT-LICENSE.txt").is_file()


def test_draw_text_anchors() -> None:
    canvas = pygame.Surface((200, 100))
    area = pygame.Rect(10, 10, 180, 80)
    assert text.draw_text(canvas, "Hi", 16, (255, 255, 255), area).center == area.center
    assert text.draw_text(canvas, "Hi", 16, (255, 255, 255), area, "topleft").topleft == area.topleft
    with pytest.raises(ValueError):
        text.draw_text(canvas, "Hi", 16, (255, 255, 255), area, "middle")


def test_wrap_fits_width_and_keeps_newlines_and_bullets() -> None:
    f = text.font(16)
    source = "Play a card of the led suit if you can.\n\n- Otherwise play any card, even a trump of any rank."
    lines = text.wrap(source, f, 150)
    assert all(f.size(line)[0] <= 150 for line in lines)
    assert "" in lines
    bullet = lines.index(next(line for line in lines if line.startswith("- ")))
    assert lines[bullet + 1].startswith("  ") and not lines[bullet + 1].startswith("   ")
    assert " ".join(" ".join(lines).split()) == " ".join(source.split())


def test_wrap_splits_a_word_too_long_for_the_line() -> None:
    f = text.font(16)
    lines = text.wrap("Supercalifragilisticexpialidocious", f, 60)
    assert len(lines) > 1 and all(f.size(line)[0] <= 60 for line in lines)
    assert "".join(lines) == "Supercalifragilisticexpialidocious"
