"""What Parlour says aloud, for a player who cannot see the screen.

Every spoken line goes through one ``Speech``: the focus as it moves (a menu's tile, a
setting, a button: "Whist, 4 players, button"), the table's events in the log's own words
("Ivy plays Queen of hearts"), refusals and prompts, and what a player asks for (their hand,
the trick). Where it goes is a ``Voice``:

- ``PARLOUR_SPEECH_LOG=FILE``: every line appended to FILE. Tests read it, and so can a
  person checking what a screen reader would have said (``parlour --selftest``).
- otherwise, with speech on, the player's screen reader or the system's speech through
  ``prismatoid`` (NVDA, JAWS or SAPI on Windows, VoiceOver on macOS, Orca or Speech
  Dispatcher on Linux). Speech is on when the Settings say so, and by itself when a screen
  reader (not only a speech engine) is running: that is the one case where it can be known
  that the player listens.
- none: nothing is said (speech off, or no way to speak here).

Focus lines interrupt what is being said (the player moved on); events queue behind each
other, so a trick is heard card by card.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any, Protocol

__all__ = ["Speech", "Voice", "LogVoice", "open_speech", "SPEECH_LOG_ENV"]

SPEECH_LOG_ENV = "PARLOUR_SPEECH_LOG"
_PART_YOU = re.compile(r" · (You|Your)\b")

# prismatoid's backends that are screen readers (a person is listening), as opposed to
# speech engines that are always there (SAPI, Speech Dispatcher, AVSpeech, OneCore).
_READERS = {"NVDA", "JAWS", "VOICE_OVER", "ORCA", "ZDSR", "ZOOM_TEXT", "SYSTEM_ACCESS", "WINDOW_EYES",
            "BOY_PC_READER", "PC_TALKER", "SENSE_READER", "SPIEL"}


class Voice(Protocol):
    """Where spoken lines go."""

    def speak(self, text: str, interrupt: bool) -> None: ...


class LogVoice:
    """Each line appended to a file as said, one per line: a test reads what a listener
    heard, in order."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def speak(self, text: str, interrupt: bool) -> None:
        try:
            with self.path.open("a", encoding="utf-8") as log:
                log.write(text.replace("\n", " ") + "\n")
        except OSError:
            pass   # a log that cannot be written must not stop the game


class _ReaderVoice:
    """The player's screen reader or the system's speech, through prismatoid."""

    def __init__(self, backend: Any) -> None:
        self.backend = backend

    def speak(self, text: str, interrupt: bool) -> None:
        try:
            self.backend.output(text, interrupt)   # speech, and braille where the reader has it
        except Exception:   # (a reader that quit mid-game: silence, not a crash)
            pass


class Speech:
    """The one place lines are spoken; ``on`` follows the setting."""

    def __init__(self, voice: Voice | None, on: bool = True, always: bool = False) -> None:
        self.voice = voice
        self.always = always   # a screen reader is running, or the speech log is asked for
        self.on = on or always
        self._focus: str | None = None
        self.said: list[str] = []   # the last lines, for "say that again"

    def follow(self, setting: bool) -> None:
        """The Settings' "Speak aloud" changed: on with it, or always where it must be."""
        self.on = setting or self.always
        if self.on:
            self._focus = None   # say the focus afresh: the player has just turned speech on

    @property
    def speaking(self) -> bool:
        return self.on and self.voice is not None

    def say(self, text: str, interrupt: bool = False) -> None:
        """Speak ``text`` (after what is being said, or cutting it short)."""
        # (a middle dot separates parts on screen; a reader says "middle dot": a comma is a
        # pause, and "You" after it is mid-sentence: "Deal 1 of 2, you deal")
        text = " ".join(_PART_YOU.sub(lambda m: ", " + m[1].lower(), text).replace(" · ", ", ").split())
        if not text or not self.speaking:
            return
        assert self.voice is not None
        self.voice.speak(text, interrupt)
        self.said = (self.said + [text])[-20:]

    def focus(self, text: str | None) -> None:
        """The focus is now on ``text``: said when it changed (not every frame)."""
        if text == self._focus:
            return
        self._focus = text
        if text:
            self.say(text, interrupt=True)

    def repeat(self) -> None:
        """Say the last line again."""
        if self.said:
            self.say(self.said[-1], interrupt=True)


def open_speech(setting_on: bool) -> Speech:
    """The app's speech: the log file when ``PARLOUR_SPEECH_LOG`` is set (always on), else
    the screen reader or the system's voice, on when the setting says so or a screen reader
    is running."""
    log = os.environ.get(SPEECH_LOG_ENV)
    if log:
        return Speech(LogVoice(Path(log)), always=True)
    backend, reader = _find_reader()
    return Speech(_ReaderVoice(backend) if backend is not None else None, on=setting_on, always=reader)


def _find_reader() -> tuple[Any, bool]:
    """prismatoid's best backend here, and whether it is a screen reader; (None, False)
    where there is no way to speak (no library, no engine)."""
    try:
        import prism

        context = prism.Context()
        backend = context.acquire_best()
    except Exception:   # no native library for this system, no engine: speech stays off
        return None, False
    kind = getattr(prism.BackendId, "__members__", {})
    readers = {int(kind[name]) for name in _READERS if name in kind}
    ident = _backend_id(context, backend)
    _keep.append(context)   # the backend lives as long as its context
    return backend, ident in readers


def _backend_id(context: Any, backend: Any) -> int:
    try:
        return int(context.id_of(backend.name))
    except Exception:
        return 0


_keep: list[Any] = []
