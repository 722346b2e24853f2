"""Abstrac's scoring: sets, sequences (once at full length, Ace high, no wrap), cards that
count twice, and misère in both directions."""

from __future__ import annotations

import pytest

from games.abstrac.rules import combination_points, deal_scores
from games.core.cards import cards


@pytest.mark.parametrize(("hand", "points"), [
    ("9S 9H", 0),
    ("9S 9H 9D", 2),
    ("9S 9H 9D 9C", 8),
    ("AS KS QS", 3),
    ("AS KS QS JS", 4),
    ("AS KS QS JS TS", 6),
    ("AS KS QS JS TS 9S", 12),
    ("AS KS 9S", 0),                 # Ace and Nine are not adjacent: no wrap
    ("KS AS QS", 3),                 # order taken does not matter
    ("AS KS QS TS 9S", 3),           # a gap: A K Q scores, T 9 is only two
    ("AS KS QS JH TH 9H", 6),        # two runs in two suits
    ("AS KH QS", 0),                 # a run must be in one suit
])
def test_sets_and_sequences(hand: str, points: int) -> None:
    assert combination_points(cards(hand)) == points


def test_a_card_counts_in_a_set_and_a_run() -> None:
    # QS is in the run A K Q of spades and in the three Queens.
    assert combination_points(cards("AS KS QS QH QD")) == 3 + 2
    assert combination_points(cards("AS KS QS JS QH QD QC")) == 4 + 8


def test_score_is_points_times_the_other_players_cards() -> None:
    a, b = cards("AS KS QS"), cards("9H 9D 9C TD")
    assert deal_scores(a, b) == (3 * 4, 2 * 3)


def test_misere_reverses_in_both_directions() -> None:
    blank, made = cards("9H TD JC"), cards("AS KS QS 9S")
    # ``made`` would score 3 x 3 = 9; the blank hand takes it and ``made`` gets nothing.
    assert deal_scores(blank, made) == (9, 0)
    assert deal_scores(made, blank) == (0, 9)


def test_neither_scoring_means_both_score_nothing() -> None:
    assert deal_scores(cards("9H TD"), cards("AS KH QD")) == (0, 0)


def test_empty_hands() -> None:
    assert combination_points([]) == 0
    assert deal_scores([], cards("AS KS QS")) == (0, 0)
