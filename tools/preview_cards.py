"""Render every card face and back onto one PNG sheet, to look at the deck by eye.

Usage: python tools/preview_cards.py [OUT.png] [--four-colour] [--large-index] [--widths 100,56]
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402  (the SDL settings above must come first)

from app.window.render.cards import BACK_STYLES, CardRenderer  # noqa: E402
from games.core.cards import standard_deck  # noqa: E402

FELT = (28, 92, 58)
GAP = 8
PER_ROW = 14


def sheet(renderer: CardRenderer, widths: list[int]) -> pygame.Surface:
    """All 53 faces then the backs, one block of rows per width."""
    cards = standard_deck(jokers=1)
    blocks = [_block(renderer, cards, w) for w in widths]
    out = pygame.Surface((max(b.get_width() for b in blocks), sum(b.get_height() for b in blocks)))
    out.fill(FELT)
    y = 0
    for block in blocks:
        out.blit(block, (0, y))
        y += block.get_height()
    return out


def _block(renderer: CardRenderer, cards: list, width: int) -> pygame.Surface:
    images = [renderer.face(card, width) for card in cards]
    images += [renderer.back(width, style) for style in BACK_STYLES]
    cw, ch = renderer.size(width)
    rows = -(-len(images) // PER_ROW)
    block = pygame.Surface((GAP + PER_ROW * (cw + GAP), GAP + rows * (ch + GAP)))
    block.fill(FELT)
    margin = renderer.shadow_margin(width)
    for i, image in enumerate(images):
        x, y = GAP + (i % PER_ROW) * (cw + GAP), GAP + (i // PER_ROW) * (ch + GAP)
        block.blit(renderer.shadow(width), (x - margin + 1, y - margin + 2))
        block.blit(image, (x, y))
    return block


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("out", nargs="?", default="/tmp/parlour-cards.png")
    parser.add_argument("--four-colour", action="store_true")
    parser.add_argument("--large-index", action="store_true")
    parser.add_argument("--widths", default="100,56")
    args = parser.parse_args()
    pygame.init()
    renderer = CardRenderer(four_colour=args.four_colour, large_index=args.large_index)
    widths = [int(w) for w in args.widths.split(",")]
    pygame.image.save(sheet(renderer, widths), args.out)
    print(Path(args.out).resolve())


if __name__ == "__main__":
    main()
