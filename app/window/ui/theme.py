"""Colours and sizes shared by every screen, so the collection looks like one product."""

FELT = (22, 94, 58)
FELT_DARK = (12, 62, 38)
FELT_LIGHT = (34, 118, 74)
INK = (242, 238, 226)
INK_DIM = (170, 190, 175)
GOLD = (232, 190, 80)
GOLD_DARK = (160, 120, 40)
PANEL = (10, 40, 26, 210)
PANEL_EDGE = (232, 190, 80)
BUTTON = (244, 236, 214)
BUTTON_HOVER = (255, 248, 228)
BUTTON_TEXT = (30, 36, 30)
BUTTON_DISABLED = (120, 130, 120)
DANGER = (210, 70, 60)
SHADE = (0, 0, 0, 150)


def scale_for(size: tuple[int, int]) -> float:
    """A size factor relative to the default 1280x800 window (text and card sizes use it)."""
    width, height = size
    return max(0.55, min(width / 1280, height / 800, 1.6))
