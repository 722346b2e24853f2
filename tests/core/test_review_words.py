"""The coach's words (app/core/words/review_words.py): each option with its value apart, a
Seahaven move that kept or lost the win said in words, and a summary that calls the play
best only when every choice was."""

from __future__ import annotations


def test_the_review_lists_each_option_with_its_value_apart():
    """'take 3 36' read as one number: the value follows a colon, and points ahead or
    behind carry their sign."""
    from app.core.words.review_words import decision_lines
    from games.abstrac.rules import Take
    from games.core.analysis import Analysis, Decision

    takes = {Take(0, 1): -13.0, Take(0, 2): 20.0, Take(0, 3): 36.0}
    lines = decision_lines(Decision(5, 0, "take", 1, Take(0, 1), Analysis(takes)), "points")
    assert lines == ["take 3: +36  ← best", "take 2: +20", "take 1: −13  ← chosen", "Cost: −49"]


def test_the_seahaven_move_that_lost_the_deal_says_so_in_words():
    """A Seahaven move keeps the win or loses it: its closing line says which, not "Cost: −1"."""
    from app.core.words.review_words import decision_lines
    from games.core.analysis import Analysis, Decision
    from tests.games.test_analysis import _seahaven_loss
    from games.seahaven.analysis import review
    from games.seahaven.rules import SeahavenOptions

    actions, lost_at = _seahaven_loss()
    losing = next(d for d in review(SeahavenOptions(), 1, actions).decisions if d.mistake)
    lines = decision_lines(losing, "winnable")
    assert lines[-1] == "This move lost the win." and any("loses it  ← chosen" in line for line in lines)
    kept = Decision(losing.index, 0, losing.kind, losing.number, losing.chosen,
                    Analysis({losing.chosen: 1.0}, extra=losing.analysis.extra))
    assert decision_lines(kept, "winnable")[-1] == "This move kept the win."


def test_a_summary_without_mistakes_says_best_play_only_when_every_choice_was_best():
    """A Nash guess 5% less likely than the best is no mistake (under ten points), but the
    panel shows it as less likely: the summary must not call it the best play."""
    from app.core.words.review_words import summary
    from games.core.analysis import Analysis, Decision, Review
    from games.nash.rules import Guess

    four, eight = Guess(0, 4), Guess(0, 8)
    odds = Analysis({four: 0.16, eight: 0.11}, mistake_at=0.10)
    review = Review("nash", 0, "chance", [Decision(3, 0, "guess", 1, four, odds)])
    assert summary(review) == "You made the best play at every decision."
    review.decisions.append(Decision(7, 0, "guess", 2, eight, odds))
    assert not review.mistakes
    assert summary(review) == "You made no mistakes: every choice was the best or close to it."


def test_the_summary_starts_with_what_was_given_away_and_where_most():
    """The first line is a player's: about how much, and the worst place; the figures and
    the judge's name (single-dummy) come after, explained."""
    from app.core.words.review_words import summary
    from games.core.analysis import Analysis, Decision, Review
    from games.core.cards import Card

    def card(index: int, trick: int, chosen: str, cost: float) -> Decision:
        best, mine = Card.parse("AS"), Card.parse(chosen)
        return Decision(index, 0, "card", trick, mine, Analysis({best: 5.0, mine: 5.0 - cost}), part=1)

    review = Review("whist", 0, "tricks", [card(0, 1, "2C", 0.6), card(4, 2, "QH", 1.2), card(8, 3, "3D", 0.1)])
    text = summary(review)
    assert text.startswith("You gave away about 2 tricks, most at trick 2 (Q♥). The mistakes: trick 1 (2♣, −0.6)"
                           " and trick 2 (Q♥, −1.2). Everything else was best play.")
    assert text.index("single-dummy") > text.index("best play"), "the term explained after the figures"
    one = Review("whist", 0, "tricks", [card(4, 2, "QH", 0.4)])
    assert summary(one, "Ann").startswith("Ann gave away less than a trick, at trick 2 (Q♥). Everything else")
    assert summary(one, so_far=True).startswith("So far: You gave away")


def test_the_summary_of_a_known_whist_hand_names_its_worst_trick():
    """Whist seed 2, the first hand, reviewed for the human's seat as the Review screen does."""
    from app.core.review import review_part
    from app.core.words.review_words import summary
    from tests.core.test_replays import played

    replay, _ = played("whist", 2)
    review = review_part("whist", 4, {}, 2, replay.actions[:52], 0)
    assert [(d.number, round(d.cost, 1)) for d in review.mistakes] == [(3, 0.4)]
    assert summary(review).startswith("You gave away less than a trick, at trick 3 (6♦). Everything else")
