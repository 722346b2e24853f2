"""Short sound effects made in code (no sound files), mixed quietly.

If no audio device opens, every call is silently ignored: a game must never fail for want of
a sound card. ``play(name)`` is all a table needs."""

from __future__ import annotations

import array
import math
import random
import threading

import pygame

RATE = 44100
_sounds: dict[str, pygame.mixer.Sound] = {}
_state = {"volume": 0.7, "muted": False, "ready": False}


def pre_init() -> None:
    """Ask for the effects' format before ``pygame.init`` opens the mixer: reopening a
    mixer opened in stereo took 30-35 ms (closing waits for the audio thread), a stall on
    the frame after the first."""
    pygame.mixer.pre_init(RATE, -16, 1, 512)


def init(volume: float, muted: bool, wait: bool = False) -> bool:
    """Open the mixer (mono, 16-bit) and make the effects in the background (they take a
    moment to compute and the first frame should not wait); False when there is no audio."""
    _state["volume"], _state["muted"], _state["ready"] = volume, muted, False
    try:
        if pygame.mixer.get_init() != (RATE, -16, 1):
            # pygame.init() may already have opened the mixer in stereo; the effects are
            # mono 16-bit samples, so reopen it in that format.
            pygame.mixer.quit()
            pygame.mixer.init(RATE, -16, 1, 512)
    except (pygame.error, OSError):
        return False
    maker = threading.Thread(target=_make_sounds_safely, name="sounds", daemon=True)
    maker.start()
    if wait:
        maker.join()
    return True


def _make_sounds_safely() -> None:
    try:
        _make_sounds()
        _state["ready"] = True
    except (pygame.error, OSError):
        _state["ready"] = False


def configure(volume: float, muted: bool) -> None:
    _state["volume"], _state["muted"] = volume, muted


def play(name: str) -> None:
    """Play an effect by name; unknown names and a missing device are ignored."""
    if not _state["ready"] or _state["muted"]:
        return
    sound = _sounds.get(name)
    if sound is None:
        return
    try:
        sound.set_volume(0.5 * float(_state["volume"]))
        sound.play()
    except pygame.error:  # the device went away (or pygame was shut down): stay silent
        _state["ready"] = False


_buffers: dict[str, bytes] = {}


def _make_sounds() -> None:
    """Turn the sample buffers into Sounds; the buffers are computed once per process."""
    if not _buffers:
        _buffers.update(_compute())
    for name, data in _buffers.items():
        _sounds[name] = pygame.mixer.Sound(buffer=data)


def _compute() -> dict[str, bytes]:
    noise = random.Random(99)  # a fixed generator: the same sounds every run
    return {
        "deal": _pcm(_flick(noise, 0.055)),
        "play": _pcm(_thud(noise, 0.09)),
        "draw": _pcm(_flick(noise, 0.045, 0.5)),
        "trick": _pcm(_tones([(660, 0.07), (880, 0.11)])),
        "slap": _pcm(_thud(noise, 0.12, 1.0)),
        "false_slap": _pcm(_buzz(0.25)),
        "spoon": _pcm(_ping(1750, 0.35)),
        # the first spoon gone: three quick high notes, loud enough to cut through the passing
        "alarm": _pcm(_tones([(1320, 0.07), (1760, 0.07), (1320, 0.07), (1760, 0.14)])),
        "lose": _pcm(_tones([(392, 0.12), (330, 0.18)])),
        "win": _pcm(_tones([(523, 0.1), (659, 0.1), (784, 0.1), (1047, 0.25)])),
    }


def _pcm(samples: list[float]) -> bytes:
    """Mono signed 16-bit samples, the format the mixer is opened in."""
    return array.array("h", (int(max(-1.0, min(1.0, s)) * 32000) for s in samples)).tobytes()


def _envelope(i: int, n: int, attack: float = 0.005) -> float:
    t = i / RATE
    rise = min(1.0, t / attack) if attack else 1.0
    return rise * (1 - i / n) ** 2


def _flick(noise: random.Random, seconds: float, level: float = 0.6) -> list[float]:
    """A card leaving the deck: a short, bright burst of filtered noise."""
    n = int(RATE * seconds)
    out, last = [], 0.0
    for i in range(n):
        raw = noise.uniform(-1, 1)
        last = raw - 0.6 * last  # a crude high-pass: keeps the crisp part of the noise
        out.append(level * last * _envelope(i, n, 0.001))
    return out


def _thud(noise: random.Random, seconds: float, level: float = 0.7) -> list[float]:
    """A card landing on cloth: a low sine with a little noise."""
    n = int(RATE * seconds)
    return [level * (0.7 * math.sin(2 * math.pi * 140 * i / RATE) + 0.3 * noise.uniform(-1, 1))
            * _envelope(i, n, 0.002) for i in range(n)]


def _tones(notes: list[tuple[float, float]]) -> list[float]:
    out: list[float] = []
    for freq, seconds in notes:
        n = int(RATE * seconds)
        out += [0.35 * (math.sin(2 * math.pi * freq * i / RATE) + 0.3 * math.sin(4 * math.pi * freq * i / RATE))
                * _envelope(i, n) for i in range(n)]
    return out


def _buzz(seconds: float) -> list[float]:
    n = int(RATE * seconds)
    return [0.3 * (1 if math.sin(2 * math.pi * 110 * i / RATE) > 0 else -1) * _envelope(i, n) for i in range(n)]


def _ping(freq: float, seconds: float) -> list[float]:
    n = int(RATE * seconds)
    return [0.3 * math.sin(2 * math.pi * freq * i / RATE) * math.exp(-6 * i / n) for i in range(n)]
