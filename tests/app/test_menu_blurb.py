"""The menu shows a game's blurb whole or in whole sentences, never "…" in mid-phrase when a
shorter cut reads well."""

from __future__ import annotations

import re

import pytest

from app.window.render.text import font, wrap
from app.window.ui.blurb import fit_blurb, rows, sentences
from games.registry import GAMES

BLURBS = [spec.blurb for spec in GAMES.values()]


@pytest.mark.parametrize("room,height", [(120, 40), (170, 70), (180, 90), (260, 60), (400, 200)])
@pytest.mark.parametrize("blurb", BLURBS, ids=[spec.id for spec in GAMES.values()])
def test_a_blurb_fits_its_box_and_is_cut_only_between_clauses(blurb, room, height):
    size, lines = fit_blurb(blurb, 15, room, height)
    assert 13 <= size <= 15
    assert len(lines) <= rows(size, height)
    for line in lines:
        assert font(size).size(line)[0] <= room, line
    shown = " ".join(line.strip() for line in lines)
    if not shown.endswith("…"):
        # whole: every sentence shown is a sentence of the blurb, from the first on
        assert blurb.startswith(shown) and shown in [" ".join(sentences(blurb)[:k]) for k in range(1, 9)]
    else:
        cut = shown[:-1]
        assert blurb.startswith(cut), shown
        if blurb[len(cut)] not in ",;:":
            # the last resort, only when not even the first clause fits at the smallest size
            first = re.split(r"(?<=[,;:.])\s+", blurb)[0].rstrip(",;:") + "…"
            assert len(wrap(first, font(13), room)) > rows(13, height), shown


def test_a_blurb_that_fits_is_shown_whole_at_the_size_asked():
    blurb = GAMES["whist"].blurb
    size, lines = fit_blurb(blurb, 15, 2000, 100)
    assert (size, lines) == (15, [blurb])
