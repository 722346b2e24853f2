"""Drawing pieces of the trick table that hold no game logic: the score card with the trump
suit, speech bubbles, the crosswise trick piles and the hand-summary panel. Each is cached
where it can be, since the table redraws them every frame."""

from __future__ import annotations

from functools import lru_cache

import pygame

from app.window.render.suits import suit_surface
from app.window.render.text import render_text
from app.window.ui import theme
from app.window.ui.widgets import blit_centered, faded, panel
from games.core.cards import Suit

RED_PIP = (214, 60, 52)
BLACK_PIP = (26, 26, 30)


def pip_colour(suit: Suit) -> tuple[int, int, int]:
    return RED_PIP if suit.is_red else BLACK_PIP


@theme.drawn_in_looks
@lru_cache(maxsize=64)
def trump_badge(suit: Suit | None, size: int, blank: str = "?") -> pygame.Surface:
    """A round ivory badge with the trump suit's pip; with no suit, ``blank`` ("?" while
    trumps are not known yet, "NT" for a hand played without them)."""
    badge = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size // 2
    pygame.draw.circle(badge, theme.GOLD, (c, c), c)
    pygame.draw.circle(badge, (248, 244, 232), (c, c), c - max(2, size // 14))
    if suit is None:
        known = blank != "?"
        dash = render_text(blank, int(size * (0.4 if known else 0.55)), (40, 40, 40) if known else (120, 120, 120),
                           bold=True)
        blit_centered(badge, dash, (c, c))
    else:
        pip = suit_surface(suit, int(size * 0.56), pip_colour(suit))
        badge.blit(pip, pip.get_rect(center=(c, c + 1)))
    return badge


@theme.drawn_in_looks
@lru_cache(maxsize=64)
def score_card(lines: tuple[tuple[str, str, bool], ...], title: str, text_size: int,
               trump: Suit | None, blank: str = "?") -> pygame.Surface:
    """The score card: a title with the trump badge, then one row per side (name, figures,
    whether it is the viewer's side, drawn in gold); with no rows, just the badge and title."""
    pad = max(8, text_size // 2)
    head = render_text(title, text_size, theme.INK_DIM)
    rows = [(render_text(name, text_size, theme.GOLD if mine else theme.INK, bold=True),
             render_text(figures, text_size, theme.GOLD if mine else theme.INK, bold=True))
            for name, figures, mine in lines]
    badge = trump_badge(trump, int(text_size * 2.4), blank)
    name_w = max((r[0].get_width() for r in rows), default=0)
    fig_w = max((r[1].get_width() for r in rows), default=0)
    width = max(head.get_width() + badge.get_width() + pad, name_w + fig_w + pad * 2) + pad * 2
    row_h = rows[0][0].get_height() + 4 if rows else 0
    height = pad * (3 if rows else 2) + badge.get_height() + row_h * len(rows)
    card = pygame.Surface((width, height), pygame.SRCALPHA)
    panel(card, card.get_rect(), edge=theme.RIM, radius=12)
    card.blit(badge, (pad, pad))
    card.blit(head, (pad * 2 + badge.get_width(), pad + (badge.get_height() - head.get_height()) // 2))
    y = pad * 2 + badge.get_height()
    for name, figures in rows:
        card.blit(name, (pad, y))
        card.blit(figures, (width - pad - figures.get_width(), y))
        y += row_h
    return card


@theme.drawn_in_looks
@lru_cache(maxsize=64)
def bubble(text: str, size: int) -> pygame.Surface:
    """A speech bubble with a small tail pointing down."""
    label = render_text(text, size, theme.PAPER_INK, bold=True)
    pad = max(6, size // 2)
    tail = max(6, size // 2)
    w, h = label.get_width() + pad * 2, label.get_height() + pad
    surface = pygame.Surface((w, h + tail), pygame.SRCALPHA)
    pygame.draw.rect(surface, theme.PAPER, (0, 0, w, h), border_radius=h // 2)
    pygame.draw.rect(surface, theme.GOLD_DARK, (0, 0, w, h), width=2, border_radius=h // 2)
    points = [(w // 2 - tail, h - 2), (w // 2 + tail, h - 2), (w // 2, h + tail - 1)]
    pygame.draw.polygon(surface, theme.PAPER, points)
    pygame.draw.lines(surface, theme.GOLD_DARK, False, [points[0], points[2], points[1]], 2)
    surface.blit(label, (pad, pad // 2))
    return surface


def draw_bubble(surface: pygame.Surface, text: str, size: int, tip: tuple[float, float],
                opacity: float) -> None:
    image = bubble(text, size)
    rect = image.get_rect(midbottom=(round(tip[0]), round(tip[1])))
    rect.clamp_ip(surface.get_rect())
    surface.blit(faded(image, opacity), rect)


def summary_panel(surface: pygame.Surface, lines: list[str], centre: tuple[int, int],
                  size: int, opacity: float) -> None:
    """The between-hands summary: a headline and the figures, over the cloth."""
    images = [render_text(lines[0], int(size * 1.25), theme.GOLD, bold=True)]
    images += [render_text(line, size, theme.INK) for line in lines[1:]]
    images.append(render_text("Space or click to go on", int(size * 0.8), theme.INK_DIM))
    gap = max(6, size // 3)
    width = max(i.get_width() for i in images) + size * 3
    height = sum(i.get_height() for i in images) + gap * (len(images) + 3)
    layer = pygame.Surface((width, height), pygame.SRCALPHA)
    panel(layer, layer.get_rect(), radius=16)
    y = gap * 2
    for image in images:
        layer.blit(image, image.get_rect(midtop=(width // 2, y)))
        y += image.get_height() + gap
    surface.blit(faded(layer, opacity), layer.get_rect(center=centre))
