"""``parlour solve whist --deal SEED --json``: the deal ``parlour play whist --seed SEED``
deals, and every opening lead with the tricks the leader's side takes double dummy."""

from __future__ import annotations

import json

import pytest

from app.cli.main import main
from games.core.cards import Card
from games.core.double_dummy import dds_available, solve_leads
from games.whist.rules import WhistOptions, new_game

pytestmark = pytest.mark.skipif(not dds_available(), reason="DDS (endplay) is not installed here")


def solved(seed: int, capsys: pytest.CaptureFixture[str]) -> dict:
    assert main(["solve", "whist", "--deal", str(seed), "--json"]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("seed", [7, 2026])
def test_the_record_is_the_deal_that_play_deals(seed: int, capsys: pytest.CaptureFixture[str]) -> None:
    record = solved(seed, capsys)
    state = new_game(WhistOptions(), seed)  # what `parlour play whist --seed SEED` starts from
    assert set(record) == {"hands", "trumps", "leader", "leads"}
    assert {int(s): sorted(h) for s, h in record["hands"].items()} == {
        s: sorted(str(c) for c in hand) for s, hand in enumerate(state.hands)}
    assert record["trumps"] == state.trump.value
    assert record["leader"] == state.to_act()[0]
    legal = {str(a.card) for a in state.legal_actions(state.to_act()[0])}
    assert set(record["leads"]) == legal
    assert all(0 <= t <= 13 for t in record["leads"].values())


def test_each_lead_is_worth_what_the_best_defence_leaves(capsys: pytest.CaptureFixture[str]) -> None:
    """After each lead the next seat (a defender) keeps the rest for its side with its best
    reply: a lead's tricks are 13 less the defence's best."""
    record = solved(11, capsys)
    hands = [[Card.parse(c) for c in record["hands"][str(s)]] for s in range(4)]
    leader, trumps = record["leader"], record["trumps"]
    from games.core.cards import Suit
    for text, tricks in list(record["leads"].items())[:4]:
        lead = Card.parse(text)
        after = [list(h) for h in hands]
        after[leader].remove(lead)
        replies = solve_leads(after, Suit.parse(trumps), leader, [lead])
        assert tricks == 13 - max(replies.values())


def test_without_json_it_reads_as_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "whist", "--deal", "7"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Whist, deal number 7: ") and " are trumps, seat " in out.splitlines()[0]
    assert "  seat 1 (you): " in out and "P1" not in out      # seats and cards as a player reads them
    assert "best" in out
