"""Sound effects: made in code, played by name, and silent (not failing) without a device."""

from __future__ import annotations

import pygame

from app.window import synth


def test_effects_are_made_and_play_without_error():
    pygame.init()
    try:
        assert synth.init(0.5, False, wait=True)
        for name in ("deal", "play", "draw", "trick", "slap", "false_slap", "spoon", "alarm", "lose", "win"):
            assert synth._sounds[name].get_length() >= 0.03
            synth.play(name)
        synth.play("no-such-sound")  # ignored
    finally:
        pygame.quit()


def test_no_audio_device_means_silence(monkeypatch):
    def refuse(*args, **kwargs):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "quit", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", refuse)
    assert synth.init(0.5, False) is False
    synth.play("win")  # must not raise
