"""Replays and the autosave on disk: every game round-trips through a file to the same final
state, and every kind of bad file is moved aside with a sentence instead of crashing."""

from __future__ import annotations

import json
from pathlib import Path
from random import Random
from typing import Any

import pytest

from app.core import replay_file, resume, storage
from app.core.action_codec import CodecError, decode_action, encode_action
from app.core.replay_file import Replay
from app.core.session import SeatPlan, Session, Setup
from games.core.driver import play_out
from games.core.realtime import play_realtime
from games.registry import GAMES

SEEDS = (1, 2, 3)


@pytest.fixture(autouse=True)
def clean_notices():
    storage.notices.clear()
    yield
    storage.notices.clear()


def random_play(spec: Any, options: Any, seed: int, limit: int = 60) -> tuple[Any, list[Any]]:
    """A game with no bots (Seahaven): random legal moves, then give up if it is not over."""
    state = spec.new_game(options, seed)
    rng = Random(seed)
    actions = []
    for _ in range(limit):
        legal = state.legal_actions(0)
        if state.is_over() or not legal:
            break
        action = rng.choice(legal)
        state.apply(action)
        actions.append(action)
    if not state.is_over():
        resign = next(a for a in state.legal_actions(0) if type(a).__name__ == "Resign")
        state.apply(resign)
        actions.append(resign)
    return state, actions


def played(game_id: str, seed: int) -> tuple[Replay, Any]:
    """A finished game played by computer players, as a replay, and its final state."""
    spec = GAMES[game_id]
    options = spec.make_options()
    seats = [SeatPlan(i == 0, "easy") for i in range(options.seats)]
    if not spec.bots:
        state, actions = random_play(spec, options, seed)
        return Replay(game_id, seats, {}, seed, actions), state
    bots = [spec.bots["easy"]] * options.seats
    if spec.realtime:
        record = play_realtime(spec, options, seed, bots)
        return Replay(game_id, seats, {}, seed, record.actions, record.end_ms), record.state
    record = play_out(spec, options, seed, bots)
    return Replay(game_id, seats, {}, seed, record.actions), record.state


# --- the round trip ------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_game_replays_from_a_file_to_the_same_state(game_id: str) -> None:
    for seed in SEEDS:
        replay, final = played(game_id, seed)
        assert final.is_over()
        path = replay_file.replays_dir() / f"{game_id}-{seed}.json"
        replay_file.write(replay, path)
        back = replay_file.load(path)
        assert back is not None, storage.notices
        assert back.actions == replay.actions
        state, _ = replay_file.rebuild(back)
        assert state == final, f"{game_id} seed {seed}"
    assert storage.notices == []


def test_actions_are_written_as_readable_text() -> None:
    replay, _ = played("euchre", 4)
    data = replay.to_data()["actions"]
    assert all(set(a) >= {"type", "seat"} for a in data)
    cards = [a["card"] for a in data if "card" in a]
    assert cards and all(isinstance(c, str) and 2 <= len(c) <= 3 for c in cards)
    named = [a["suit"] for a in data if a["type"] == "NameTrump"]
    assert all(suit in ("SPADES", "HEARTS", "DIAMONDS", "CLUBS") for suit in named)


def test_a_class_of_another_game_is_not_read() -> None:
    slap = {"type": "Slap", "seat": 0, "at_ms": 5}
    assert decode_action(slap, "ratscrew").at_ms == 5
    with pytest.raises(CodecError, match="not an action of whist"):
        decode_action(slap, "whist")


@pytest.mark.parametrize("data, words", [
    ({"type": "PlayCard", "seat": 0, "card": "ZZ"}, "card"),
    ({"type": "PlayCard", "seat": "0", "card": "QH"}, "whole number"),
    ({"type": "PlayCard", "seat": True, "card": "QH"}, "whole number"),
    ({"type": "PlayCard", "seat": 0, "card": "QH", "extra": 1}, "no field"),
    ({"type": "PlayCard", "seat": 0}, "cannot be made"),
    ({"seat": 0}, "type"),
    (["PlayCard", 0, "QH"], "type"),
])
def test_wrong_fields_are_refused_with_a_reason(data: Any, words: str) -> None:
    with pytest.raises(CodecError, match=words):
        decode_action(data, "whist")


def test_enums_and_nested_places_round_trip() -> None:
    from games.nap.rules import Bid, Contract
    from games.seahaven.rules import Move, Place
    from games.core.cards import Card

    for action, game in ((Bid(2, Contract.NAP), "nap"), (Move(0, Card.parse("TS"), Place("tower", 2), True), "seahaven")):
        assert decode_action(json.loads(json.dumps(encode_action(action, game))), game) == action


# --- automatic and named saves -------------------------------------------------------------


def test_only_the_newest_automatic_saves_are_kept_and_named_ones_stay(monkeypatch) -> None:
    monkeypatch.setattr(replay_file, "KEEP_AUTO", 3)
    replay, _ = played("nash", 1)
    replay_file.save_named(replay, "Keep me")
    for _ in range(5):
        assert replay_file.save_auto(replay) is not None
    names = sorted(p.name for p in replay_file.replays_dir().iterdir())
    assert len([n for n in names if n.startswith("auto-")]) == 3
    assert "Keep me.json" in names
    listed = replay_file.entries()
    assert len(listed) == 4 and any(e.name == "Keep me" for e in listed)


@pytest.mark.parametrize("name, words", [
    ("", "Type a name"), ("   ", "Type a name"), ("../evil", "letters"), ("a/b", "letters"),
    ("x" * 41, "under 40"), ("auto-mine", "automatic"), ("CON.", "letters"), (".hidden", "letters"),
])
def test_unsafe_names_are_refused(name: str, words: str) -> None:
    assert words in (replay_file.check_name(name) or "")


def test_a_taken_name_is_refused() -> None:
    replay, _ = played("nash", 1)
    replay_file.save_named(replay, "Best game")
    assert "exists" in (replay_file.check_name("Best game") or "")
    with pytest.raises(ValueError):
        replay_file.save_named(replay, "Best game")


# --- bad replay files ----------------------------------------------------------------------


def good_data() -> dict[str, Any]:
    replay, _ = played("ninety_nine", 2)
    return replay.to_data()


def wrapped(data: Any, version: Any = replay_file.REPLAY_VERSION) -> str:
    return json.dumps({"version": version, "data": data})


def broken_files() -> dict[str, tuple[str | bytes, str]]:
    data = good_data()
    text = wrapped(data)
    swapped = dict(data, actions=data["actions"][:3] + data["actions"][4:5] + data["actions"][3:4] + data["actions"][5:])
    return {
        "truncated": (text[: len(text) // 2], "not valid JSON"),
        "older version": (wrapped(data, 0), "version 0"),
        "unknown version": (wrapped(data, 99), "version 99"),
        "not an object": (wrapped([1, 2, 3]), "not a replay"),
        "unknown game": (wrapped(dict(data, game="poker")), "does not have"),
        "seed is text": (wrapped(dict(data, seed="12")), "seed"),
        "too many seats": (wrapped(dict(data, seats=data["seats"] * 4)), "seats"),
        "unknown option": (wrapped(dict(data, options={"jokers": 9})), "option"),
        "unknown action": (wrapped(dict(data, actions=[{"type": "Teleport", "seat": 0}])), "Teleport"),
        "action of wrong type": (wrapped(dict(data, actions=[{"type": "Play", "seat": 0, "card": 7}])), "card"),
        "illegal order": (wrapped(swapped), "not allowed"),
        "binary junk": (b"\xff\xfe\x00garbage", "not valid JSON"),
        "huge": (text + " " * (storage.MAX_BYTES + 10), "larger than 5 MB"),
    }


@pytest.mark.parametrize("case", list(broken_files()))
def test_a_bad_replay_is_moved_aside_with_a_reason(case: str) -> None:
    content, words = broken_files()[case]
    folder = replay_file.replays_dir()
    folder.mkdir(parents=True)
    path = folder / "mine.json"
    path.write_bytes(content if isinstance(content, bytes) else content.encode())
    assert replay_file.load(path) is None
    assert not path.exists() and len(list(folder.glob("mine.bad-*.json"))) == 1
    assert len(storage.notices) == 1 and words in storage.notices[0], storage.notices


@pytest.mark.parametrize("case", list(broken_files()))
def test_a_named_file_is_refused_but_left_where_it_is(case: str, tmp_path: Path) -> None:
    content, words = broken_files()[case]
    path = tmp_path / "given.json"
    path.write_bytes(content if isinstance(content, bytes) else content.encode())
    with pytest.raises(storage.BadData, match=words.split()[0]):
        replay_file.load_named_file(path)
    assert path.exists()


def test_the_list_skips_and_sets_aside_a_bad_header_but_keeps_good_ones() -> None:
    replay, _ = played("nash", 1)
    replay_file.save_named(replay, "Good")
    (replay_file.replays_dir() / "bad.json").write_text(wrapped({"game": 5}))
    listed = replay_file.entries()
    assert [e.name for e in listed] == ["Good"]
    assert any("bad.json" in line for line in storage.notices)


# --- the autosave ---------------------------------------------------------------------------


def half_played(game_id: str = "ninety_nine", seed: int = 5, moves: int = 12) -> Session:
    spec = GAMES[game_id]
    session = Session(spec, Setup(game_id, [SeatPlan(i == 0, "easy") for i in range(3)], {}, seed))
    rng = Random(seed)
    for _ in range(moves):
        seat = session.state.to_act()[0]
        session.apply(spec.bots["easy"](session.state.view(seat), rng))
    return session


def test_a_kept_game_resumes_to_the_same_state() -> None:
    session = half_played()
    resume.save(session).result()
    assert resume.peek().game_id == "ninety_nine"
    again = resume.resume()
    assert again is not None and again.state == session.state
    assert again.actions == session.actions and again.opening == []


def test_finishing_clears_the_kept_game() -> None:
    session = half_played()
    resume.save(session).result()
    resume.clear()
    assert resume.peek() is None


def test_reflex_games_and_games_without_humans_are_not_kept() -> None:
    spec = GAMES["ratscrew"]
    reflex = Session(spec, Setup("ratscrew", [SeatPlan(True), SeatPlan(False), SeatPlan(False)], {}, 1))
    assert not resume.kept(reflex)
    assert "cannot be continued" in (resume.left_table(reflex) or "")
    watched = Session(GAMES["whist"], Setup("whist", [SeatPlan(False)] * 4, {}, 1))
    assert not resume.kept(watched)


@pytest.mark.parametrize("content, words", [
    ('{"version": 1, "data": {"game": "whist", "seats": [', "not valid JSON"),
    (wrapped({"game": "whist"}, 7), "version 7"),
    (wrapped({"game": "ninety_nine", "seats": "three"}), "seats"),
])
def test_a_bad_autosave_is_moved_aside(content: str, words: str) -> None:
    path = resume.autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(content)
    assert resume.peek() is None
    assert not path.exists() and words in storage.notices[0]


# --- the command line -----------------------------------------------------------------------


def cli_error(args: list[str], capsys: Any) -> str:
    from app.cli.main import main

    with pytest.raises(SystemExit) as exit_info:
        main(args)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and err.startswith("parlour: error:"), err
    return err


def test_cli_replay_of_a_missing_file_or_a_folder(tmp_path: Path, capsys: Any) -> None:
    assert "no replay file" in cli_error(["replay", str(tmp_path / "nope.json")], capsys)
    assert "folder" in cli_error(["replay", str(tmp_path)], capsys)
    assert "the following arguments are required" in cli_error(["replay"], capsys)


@pytest.mark.parametrize("case", ["truncated", "older version", "unknown game", "illegal order", "huge"])
def test_cli_replay_of_a_broken_file_is_one_line(case: str, tmp_path: Path, capsys: Any) -> None:
    content, words = broken_files()[case]
    path = tmp_path / "given.json"
    path.write_text(content if isinstance(content, str) else content.decode())
    error = cli_error(["replay", str(path)], capsys)
    assert "given.json cannot be replayed" in error and words in error
    assert path.exists()  # the player's own file is left alone


def test_cli_replay_opens_a_good_file_on_its_table(tmp_path: Path, monkeypatch: Any) -> None:
    import app.cli.main as cli

    replay, _ = played("abstrac", 2)
    path = tmp_path / "good.json"
    replay_file.write(replay, path)
    opened = []
    monkeypatch.setattr(cli, "_open", lambda setup, replay=None: opened.append(replay) or 0)
    assert cli.main(["replay", str(path)]) == 0
    assert opened[0].actions == replay.actions and opened[0].game_id == "abstrac"


def test_an_unnamed_replay_is_listed_without_a_doubled_game():
    from app.core.replay_file import Entry

    def label(title: str, name: str = "") -> str:
        return Entry(Path("auto-1.json"), title, name, "2026-01-01 10:00", "You won", 3).label

    assert label("The Nash Game") == "The Nash Game"
    assert label("Whist") == "Whist game"
    assert label("Whist", "my best") == "my best"
