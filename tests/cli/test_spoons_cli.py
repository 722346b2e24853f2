"""``parlour sim`` passes game options through (``--option key=value``, ``--variant``)."""

from __future__ import annotations

import json

import pytest

from app.cli.main import main


def test_sim_plays_the_pig_variant(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[str] = []
    import games.spoons.rules as rules

    real = rules.new_game

    def spy(options, seed):
        seen.append(options.variant)
        return real(options, seed)

    from games.registry import GAMES
    monkeypatch.setitem(GAMES, "spoons", GAMES["spoons"].with_parts(new_game=spy))
    assert main(["sim", "spoons", "--games", "1", "--seats", "3", "--variant", "pig"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["errors"] == 0 and seen == ["pig"]


@pytest.mark.parametrize("argv", [["--option", "variant=cow"], ["--option", "colour=red"]])
def test_sim_refuses_unknown_options(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["sim", "spoons", "--games", "1", *argv])
    assert exit_info.value.code == 2
    assert "option" in capsys.readouterr().err
