"""Every game makes its sounds: whole games watched on a headless table, with the sounds the
tables ask for written down instead of played."""

from __future__ import annotations

import importlib
from random import Random

import pygame
import pytest

from app.window import event_sounds, synth
from app.window.scenes.realtime import MAX_SLICE_MS
from games.core.protocol import Event
from games.registry import GAMES
from tests.app.ui_driver import FRAME, make_app, settle, table

# Short games: the fewest hands, rounds and tokens each game allows.
SHORT = {
    "whist": {"target": 5}, "euchre": {"target": 5}, "nap": {"rounds": 1},
    "ninety_nine": {"tokens": 1}, "abstrac": {"deals": 1},
}
SEATS = {"spoons": 3, "ratscrew": 2, "ninety_nine": 3}

# What a player must hear in each game (the list, where the game has the moment).
EXPECTED = {
    "seahaven": {"deal", "play"},
    "whist": {"deal", "play", "trick"},
    "euchre": {"deal", "play", "trick"},
    "nap": {"deal", "play", "trick"},
    "ninety_nine": {"deal", "play", "draw"},
    "ratscrew": {"deal", "play", "slap", "false_slap"},
    "nails": {"play", "slap", "false_slap"},
    "spoons": {"deal", "spoon", "alarm"},
    "nash": {"deal", "play"},
    "abstrac": {"deal", "play"},
}


@pytest.fixture
def heard(monkeypatch):
    names: list[str] = []
    monkeypatch.setattr(synth, "play", names.append)
    monkeypatch.setattr(event_sounds, "REPEAT_GAP", 0.0)
    return names


def _watch(game_id: str, seed: int) -> None:
    """Watch one game to its end; Seahaven, a solitaire with no computer player, is played
    by its automatic player through the table, as a person's moves would be."""
    app = make_app()
    app.settings.animation_speed = "instant"
    solitaire = not GAMES[game_id].bots
    scene = table(app, game_id, humans=1 if solitaire else 0, seats=SEATS.get(game_id), seed=seed,
                  options=SHORT.get(game_id))
    scene.on_enter()
    rng = Random(seed)
    # Reflex games run on the game clock: long frames (the longest slice a frame may cover)
    # let a minute of play pass in a few hundred frames.
    dt = MAX_SLICE_MS / 1000 if GAMES[game_id].realtime else FRAME
    for _ in range(40_000):
        if app.scenes.top is not scene:
            return
        if solitaire and scene.idle and not scene.session.state.is_over():
            scene.act(GAMES[game_id].autoplay(scene.current_view(), rng))
        app.step(dt)
        settle(app)
    raise AssertionError(f"{game_id} seed {seed} never ended")


# A game not listed above is held to what its family always has.
BY_FAMILY = {"Tricks": {"deal", "play", "trick"}}


def expected(game_id: str) -> set[str]:
    return EXPECTED.get(game_id) or BY_FAMILY.get(GAMES[game_id].family, {"play"})


@pytest.mark.slow
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_each_game_is_heard(game_id, heard):
    for seed in range(1, 6):  # a false slap may not happen in every game: watch a few
        _watch(game_id, seed)
        assert heard[-1] in ("win", "lose"), "the end of a game is heard"
        if expected(game_id) <= set(heard):
            break
    assert expected(game_id) <= set(heard)


def test_the_end_sound_says_whether_a_human_won():
    assert event_sounds.end_sound([0], [0]) == "win"
    assert event_sounds.end_sound([0], [1, 2]) == "lose"
    assert event_sounds.end_sound([1, 3], [3]) == "win"
    assert event_sounds.end_sound([], [2]) == "win"  # bots only: the table celebrates the winner


def test_every_mapped_sound_exists():
    made = set(synth._compute())
    for name, sound in event_sounds.SOUNDS.items():
        module, _, class_name = name.rpartition(".")
        event_type = getattr(importlib.import_module(module), class_name)  # a misspelt name fails here
        assert issubclass(event_type, Event)
        assert f"{event_type.__module__}.{event_type.__qualname__}" == name  # where events are looked up
        if isinstance(sound, str):
            assert sound in made, f"{event_type.__name__} asks for a sound nobody made: {sound}"


def test_a_table_without_a_sound_device_runs_silently(monkeypatch):
    """A real missing device (SDL given an audio driver that does not exist), not a stub."""
    monkeypatch.setenv("SDL_AUDIODRIVER", "no-such-audio-driver")
    pygame.quit()
    app = make_app()
    try:
        scene = table(app, "ratscrew", humans=0, seats=2)
        for _ in range(240):
            app.step(MAX_SLICE_MS / 1000)
        assert app.scenes.top is not scene or scene.session.state.now_ms > 0
        assert synth.init(0.7, False, wait=True) is False   # no mixer: every sound is skipped
        synth.play("win")
    finally:
        pygame.quit()
