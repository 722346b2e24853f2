"""The command line: JSON from sim and bench, and one-line errors with exit status 2."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from app.cli.main import main


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "app", *args], capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize("args", [
    ("play", "nosuchgame"),
    ("sim", "nosuchgame"),
    ("sim", "ninety_nine", "--games", "0"),
    ("sim", "ninety_nine", "--bots", "hard,genius"),
    ("sim", "ninety_nine", "--seats", "9"),
    ("bench", "--size", "big"),
    ("bench", "--scene", "nowhere"),
    ("--no-such-option",),
    ("play", "ninety_nine", "--seats", "1"),
    # every command's own mistakes: no such command, a missing or malformed value, a number
    # out of range, an option the game does not have
    ("nosuchcommand",),
    ("sim",),
    ("play",),
    ("sim", "whist", "--games", "lots"),
    ("sim", "whist", "--seed", "x"),
    ("sim", "whist", "--seats", "0"),
    ("sim", "whist", "--difficulty", "genius"),
    ("sim", "whist", "--option", "target=9"),
    ("sim", "whist", "--option", "colour=red"),
    ("sim", "whist", "--variant", "pig"),
    ("sim", "seahaven", "--bots", "hard"),
    ("sim", "whist", "--games", "1", "extra"),
    ("play", "whist", "--seats", "0"),
    ("play", "whist", "--humans", "5"),
    ("play", "whist", "--humans", "2", "--names", "Ann"),     # a name for each human, no more, no less
    ("play", "whist", "--names", "A,B,C,D,E"),
    ("play", "whist", "--names", "Ann,,Bob"),
    ("play", "whist", "--names", "Ann,ann"),
    ("play", "whist", "--names", "Ann,P2"),
    ("play", "whist", "--names", "Ann,Bartholomew the Great"),
    ("play", "whist", "--seed", "x"),
    ("play", "euchre", "--difficulty", "expert"),   # a level this game's computers lack
    ("bench", "--frames", "0"),
    ("bench", "--size", "0x0"),
    ("solve",),
    ("solve", "seahaven"),
    ("solve", "whist", "--deal", "1", "--to", "3"),
    ("solve", "euchre", "--deal", "1"),
    ("solve", "seahaven", "--deal", "x"),
    ("solve", "seahaven", "--deal", "-1"),
    ("solve", "seahaven", "--deal", "5", "--to", "2"),
    ("solve", "seahaven", "--deal", "1", "--nodes", "0"),
    ("replay",),
    ("replay", "no/such/replay.json"),
    # seeds and deal numbers a replay could not keep; sizes no window has
    ("play", "whist", "--seed", "-1"),
    ("play", "whist", "--seed", str(10**30)),
    ("sim", "whist", "--seed", str(2**63)),
    ("host", "whist", "--seed", "-5", "--bot", "easy"),
    ("solve", "seahaven", "--deal", str(10**30)),
    ("bench", "--size", "99999x99999"),
    ("bench", "--size", "100x100"),
    # a game nobody could play as asked
    ("play", "seahaven", "--humans", "0"),
    ("play", "ratscrew", "--humans", "6", "--seats", "6"),   # four sets of keys on one keyboard
    ("sim", "whist", "--bots", ""),
    ("sim", "whist", "--bots", "hard,,easy,easy"),
    ("solve", "nap", "--deal", "3"),
])
def test_mistakes_get_one_line_and_status_2(args, capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(list(args))
    assert exit_info.value.code == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and err.startswith("parlour: error:"), err


@pytest.mark.parametrize("typed", ["Whist", "WHIST", " whist "])
def test_a_game_is_named_in_any_case(typed, monkeypatch):
    import app.cli.main as cli

    opened = []
    monkeypatch.setattr(cli, "_open", lambda setup, replay=None: opened.append(setup) or 0)
    assert main(["play", typed, "--seed", "3"]) == 0
    assert opened[-1].game_id == "whist"


def test_hyphens_and_spaces_stand_for_underscores(monkeypatch, capsys):
    import app.cli.main as cli

    opened = []
    monkeypatch.setattr(cli, "_open", lambda setup, replay=None: opened.append(setup) or 0)
    assert main(["play", "Ninety-Nine"]) == 0 and main(["play", "nash whist"]) == 0
    assert [setup.game_id for setup in opened] == ["ninety_nine", "nash_whist"]
    assert main(["sim", "ninety-nine", "--games", "2"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 2


def test_play_help_lists_the_games(capsys):
    from games.registry import GAMES

    with pytest.raises(SystemExit):
        main(["play", "--help"])
    listed = " ".join(capsys.readouterr().out.split())
    assert ", ".join(GAMES) in listed


def test_the_largest_seed_a_replay_keeps_is_taken(monkeypatch):
    import app.cli.main as cli
    from app.core.last_setup import MAX_SEED

    opened = []
    monkeypatch.setattr(cli, "_open", lambda setup, replay=None: opened.append(setup) or 0)
    assert main(["play", "whist", "--seed", str(MAX_SEED - 1)]) == 0 and opened[-1].seed == MAX_SEED - 1


@pytest.mark.slow
def test_sim_prints_a_json_summary(capsys):
    assert main(["sim", "ninety_nine", "--games", "12", "--seed", "4", "--bots", "hard,easy,easy"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 12 and summary["errors"] == 0
    assert [p["difficulty"] for p in summary["players"]] == ["hard", "easy", "easy"]
    assert sum(p["wins"] for p in summary["players"]) == pytest.approx(12)
    assert sum(summary["wins_by_seat"]) == pytest.approx(12)
    assert summary["games_per_second"] > 0


@pytest.mark.slow
def test_sim_plays_the_solitaire_with_its_automatic_player(capsys):
    assert main(["sim", "seahaven", "--games", "5"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["errors"] == 0 and summary["players"][0]["difficulty"] == "automatic"
    assert summary["actions_per_game"] > 0


@pytest.mark.slow
def test_sim_is_reproducible(capsys):
    main(["sim", "ninety_nine", "--games", "8", "--seed", "9"])
    first = json.loads(capsys.readouterr().out)
    main(["sim", "ninety_nine", "--games", "8", "--seed", "9"])
    second = json.loads(capsys.readouterr().out)
    assert first["players"] == second["players"]
    assert first["actions_per_game"] == second["actions_per_game"]


def test_bench_reports_each_scene(capsys):
    assert main(["bench", "--scene", "ninety_nine", "--frames", "20", "--size", "900x600"]) == 0
    report = json.loads(capsys.readouterr().out)
    scene = report["scenes"]["ninety_nine"]
    assert report["size"] == [900, 600]
    assert 0 < scene["median_ms"] <= scene["p99_ms"] <= scene["max_ms"]


@pytest.mark.slow
def test_selftest_runs_every_game_and_exits_0():
    result = run("--selftest")
    assert result.returncode == 0, result.stderr
    assert "first frame drawn" in result.stdout
    assert "ninety_nine: ok" in result.stdout
    assert "network: a Nap game over loopback in " in result.stdout


def test_the_command_line_offers_every_level_the_games_have():
    from app.cli.main import LEVELS
    from games.registry import DIFFICULTIES

    assert LEVELS == DIFFICULTIES


def test_play_names_the_humans_in_seat_order(monkeypatch):
    """``parlour play GAME --names Ann,Bob`` seats two humans (no --humans needed) with those
    names on their plates, and computers in the other seats."""
    import app.cli.main as cli
    from app.core.session import Session
    from app.core.words.names import seat_names
    from games.registry import GAMES

    opened = []
    monkeypatch.setattr(cli, "_open", lambda setup, replay=None: opened.append(setup) or 0)
    assert main(["play", "ninety_nine", "--names", " Ann , Bob", "--seed", "3"]) == 0
    setup = opened[-1]
    assert [plan.human for plan in setup.seats] == [True, True, False, False]
    assert setup.names[:2] == ["Ann", "Bob"]
    names = seat_names(setup.seats, 3, "Sam", Session(GAMES["ninety_nine"], setup).setup.names)
    assert names[:2] == ["Ann", "Bob"] and "Sam" not in names
    assert main(["play", "ninety_nine", "--humans", "2", "--names", "Ann,Bob"]) == 0
    assert main(["play", "ninety_nine", "--humans", "2"]) == 0 and opened[-1].names is None


def test_a_wrong_count_of_names_says_how_many_are_wanted(capsys):
    with pytest.raises(SystemExit):
        main(["play", "whist", "--humans", "3", "--names", "Ann,Bob"])
    assert "--names gives 2 names for 3 humans: give one for each, in seat order" in capsys.readouterr().err
