"""The system clipboard, through SDL (``pygame.scrap``'s text calls need no init): copy the
lobby's invitation, paste one on the Join screen. Where a system has none, copying says so
(False) and pasting gives nothing; neither ever fails the frame."""

from __future__ import annotations

import pygame

__all__ = ["copy", "paste"]


def copy(text: str) -> bool:
    """Put ``text`` on the clipboard; False where there is no clipboard."""
    try:
        pygame.scrap.put_text(text)
    except (pygame.error, AttributeError):
        return False
    return True


def paste() -> str:
    """The clipboard's text on one line ("" where there is none)."""
    try:
        return " ".join(pygame.scrap.get_text().split())
    except (pygame.error, AttributeError):
        return ""
