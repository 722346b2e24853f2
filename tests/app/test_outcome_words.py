"""Why a game ended is a message, not a sentence: every game's ``Outcome.reason`` is a
template the results screen puts in the player's words (names, "you"), for a seat and for a
spectator alike; it crosses the wire as a message, and a reason an older server sent as
text still reads. And the regular-expression rewriting of the rules' lines is gone: nothing
in ``app/`` looks for card or seat codes in a sentence any more.
"""

from __future__ import annotations

import ast
import dataclasses
import importlib
import re
from pathlib import Path

import pytest

from app.core.words.names import SeatNames
from app.core.words.render import render
from app.net.wire.protocol import outcome_data, read_outcome
from games.core.driver import play_out
from games.core.protocol import Outcome
from games.core.realtime import play_realtime
from games.core.words import Words
from games.registry import GAMES

CARD_CODE = re.compile(r"\b(10|[2-9TJQKA])[SHDC]\b")
SEAT_CODE = re.compile(r"\bP\d\b")
PEOPLE = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
APP = Path(__file__).resolve().parents[2] / "app"


def finished(game: str, seed: int) -> Outcome:
    """A whole game at the weakest level (or the solitaire's own player), and how it ended."""
    spec = GAMES[game]
    bot = spec.bots[next(iter(spec.bots))] if spec.bots else spec.autoplay
    options = spec.make_options()
    seats = getattr(options, "seats", 1)
    runner = play_realtime if spec.realtime else play_out
    outcome = runner(spec, options, seed, [bot] * seats).state.outcome()
    assert outcome is not None
    return outcome


@pytest.mark.parametrize("game", list(GAMES))
def test_every_games_outcome_reads_without_codes_for_a_seat_and_a_spectator(game: str) -> None:
    outcome = finished(game, 3)
    assert isinstance(outcome.reason, Words) and str(outcome.reason), outcome
    seats = len(outcome.scores)
    for you in [None, *range(seats)]:
        words = render(outcome.reason, SeatNames(PEOPLE[:seats], you))
        assert words and not CARD_CODE.search(words) and not SEAT_CODE.search(words), words
        assert "{" not in words and "None" not in words, words
    assert read_outcome(outcome_data(outcome)) == outcome     # the same message over the wire


def test_a_partnership_that_won_is_named_on_the_results_screen() -> None:
    """Whist's "P1 & P3 reached 7" was rewritten by a regular expression; now the template
    names the partners, "you" among them."""
    outcome = finished("whist", 1)
    side = outcome.winners
    words = render(outcome.reason, SeatNames(PEOPLE[:4], you=side[0]))
    assert words == f"You & {PEOPLE[side[1]]} reached {GAMES['whist'].make_options().target}", words


def test_an_outcome_from_an_older_server_with_a_text_reason_still_reads() -> None:
    old = {"winners": [1], "scores": [0.0, 1.0], "reason": "holds every card"}
    outcome = read_outcome(old)
    assert outcome is not None and outcome.winners == (1,) and outcome.scores == (0.0, 1.0)
    assert render(outcome.reason, SeatNames(PEOPLE[:2], you=0)) == "Holds every card"
    damaged = read_outcome({**old, "reason": {"$t": "games.core.words:Words", "template": "{who}"}})
    assert damaged == Outcome((1,), (0.0, 1.0))       # a reason that cannot be filled is left out
    assert read_outcome({"winners": [0], "scores": [1.0]}) == Outcome((0,), (1.0,))


def test_the_regular_expression_rewriting_is_gone() -> None:
    assert not hasattr(SeatNames, "words")
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("app.core.words.log_words")
    assert "literal" not in {field.name for field in dataclasses.fields(Words)}


# The one pattern in app/ that knows a seat code: a player's typed name may not be one (it
# reads a name; it rewrites no sentence).
ALLOWED = {("core/words/names.py", r"P\d+|you")}


def test_no_module_in_app_looks_for_card_or_seat_codes() -> None:
    """Every regular expression written in app/ (a ``re.`` call with a literal pattern) is
    tried on codes: one that finds "QH" and "TC", or "P2", but not ordinary words, reads the
    engine's notation in a sentence, which only the rules' templates may carry."""
    found = []
    for path in sorted(APP.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and isinstance(node.func.value, ast.Name) and node.func.value.id == "re"
                    and node.args and isinstance(node.args[0], ast.Constant)
                    and isinstance(node.args[0].value, str)):
                continue
            pattern = re.compile(node.args[0].value)
            codes = (pattern.search("QH") and pattern.search("TC")) or pattern.search("P2")
            if codes and not pattern.search("hello there"):
                found.append((path.relative_to(APP).as_posix(), pattern.pattern))
    assert found and set(found) <= ALLOWED, found
