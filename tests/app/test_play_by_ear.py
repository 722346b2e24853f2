"""Playable without looking (issue 29, point 3): whole games played by pressing keys and
deciding only from what the speech log says, never from the game's state. The player
listens for "Your turn: you can play ...", picks a card from that list, moves the cursor
with the arrow keys until the card it hears is the one it wants, and presses Enter."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest

from tests.app.ui_driver import make_app, post_key, settle, table

TURN = re.compile(r"Your turn: you can play (.+)\.$")
QUESTION = re.compile(r"^Count .+ as: ")          # Ninety-Nine's Ace or Ten: which value
OUT = re.compile(r"Enter plays the rest at once")


class Ear:
    """Reads the speech log as a listener would: only what was said since last time."""

    def __init__(self, log: Path) -> None:
        self.log = log
        self.read = 0
        self.last = ""

    def new(self) -> list[str]:
        lines = self.log.read_text(encoding="utf-8").splitlines() if self.log.exists() else []
        fresh, self.read = lines[self.read:], len(lines)
        if fresh:
            self.last = fresh[-1]
        return fresh


def choices(line: str) -> list[str]:
    """The cards in "you can play 7 of hearts, 9 of hearts or King of hearts"."""
    listed = TURN.search(line)
    assert listed, line
    *rest, last = listed[1].split(", ")
    if " or " in last:
        rest, last = rest + last.split(" or ")[:1], last.split(" or ")[1]
    return rest + [last]


def play_by_ear(app, ear: Ear, pick, ending: re.Pattern[str], frames: int = 200_000) -> str:
    """Listen and play until a line matching ``ending`` is heard; returns that line."""
    heard_turn: list[str] = []
    for _ in range(frames):
        app.step(1 / 60)
        for line in ear.new():
            if ending.search(line):
                return line
            if TURN.search(line):
                heard_turn = choices(line)
            elif QUESTION.search(line) or OUT.search(line):
                post_key(app, pygame.K_RETURN)   # the first value offered; play the rest
        if heard_turn:
            want, heard_turn = pick(heard_turn), []
            _move_to(app, ear, want)
            post_key(app, pygame.K_RETURN)
    raise AssertionError("the game never ended")


def _move_to(app, ear: Ear, want: str) -> None:
    """Arrow right until the card under the cursor, as said, is ``want``."""
    app.step(1 / 60)
    ear.new()
    for _ in range(60):
        if ear.last == want or ear.last.startswith(want + ": "):   # (Ninety-Nine adds the count it makes)
            return
        post_key(app, pygame.K_RIGHT)
        app.step(1 / 60)
        ear.new()
    raise AssertionError(f"never heard {want!r} under the cursor")


@pytest.fixture
def ear(log: Path) -> Ear:
    return Ear(log)


@pytest.fixture
def app(ear):
    """The app at the fastest pace, its speech going to the log ``ear`` reads."""
    application = make_app()
    application.settings.animation_speed = "instant"
    yield application
    pygame.quit()


@pytest.mark.slow
def test_a_whole_game_of_whist_by_ear(app, ear):
    table(app, "whist", seed=11)
    # A listener's plan: the highest card it may play (the list is in hand order, and
    # a hand is sorted high to low within a suit).
    end = play_by_ear(app, ear, pick=lambda cards: cards[0], ending=re.compile(r"win the game|You win"))
    assert end


@pytest.mark.slow
def test_a_whole_game_of_ninety_nine_by_ear(app, ear):
    table(app, "ninety_nine", seed=4)
    # A listener's plan: the last card offered (the list is in hand order).
    end = play_by_ear(app, ear, pick=lambda cards: cards[-1], ending=re.compile(r"^(You win!|.+ wins?)$"))
    assert end


HINT = re.compile(r"^Hint: (.+?)\.( Then \d+ cards? go(es)? home\.)?$")
STEP = re.compile(r"^(.+?) to (.+)$")
PLACE = re.compile(r"^(.+?)(, \d+ cards?)?: (.+?)(, then .*)?\.( Holding .*)?$")


def _walk_to(app, ear: Ear, arrived) -> None:
    """Arrow right through the places until what is said there satisfies ``arrived``."""
    for _ in range(40):
        post_key(app, pygame.K_RIGHT)
        app.step(1 / 60)
        ear.new()
        if arrived(ear.last):
            return
    raise AssertionError(f"never arrived; last heard {ear.last!r}")


@pytest.mark.slow
def test_a_seahaven_deal_to_its_end_by_ear(app, ear):
    end = re.compile(r"^(You win!|Deal given up)$")
    table(app, "seahaven", seed=9)
    for _ in range(120):
        app.step(1 / 60)
    for _ in range(400):
        post_key(app, pygame.K_h)
        line = ""
        for _ in range(600):
            app.step(1 / 60)
            settle(app)   # (the solver may still be thinking: as if the frames took real time)
            fresh = ear.new()
            line = next((f for f in fresh if HINT.match(f) or end.match(f) or "no longer be won" in f
                         or "No winning line" in f), "")
            if line:
                break
        if end.match(line) or any(end.match(f) for f in fresh):
            return
        if not HINT.match(line):   # no way on: give up the deal, which ends it too
            post_key(app, pygame.K_g)
            post_key(app, pygame.K_RETURN)
            for _ in range(300):
                app.step(1 / 60)
                if any(end.match(f) for f in ear.new()):
                    return
            raise AssertionError("giving up did not end the deal")
        hinted = HINT.match(line)
        assert hinted is not None
        # The hint's moves belong together: follow them all, skipping any the table
        # made by itself meanwhile (a card sent home after the one before).
        made: list[str] = []
        for step in hinted[1].split(", then "):
            card, place = STEP.match(step).groups()
            if any(f"{card} moves from " in said for said in made):
                continue   # (gone home by itself, or moved with the cards before it)
            _walk_to(app, ear, lambda said: bool(PLACE.match(said)) and PLACE.match(said)[3] == card)
            post_key(app, pygame.K_RETURN)   # pick it up
            _walk_to(app, ear, lambda said: bool(PLACE.match(said)) and PLACE.match(said)[1].lower() == place.lower())
            post_key(app, pygame.K_RETURN)   # put it down
            quiet = 0
            for _ in range(3000):   # until the table is still (cards going home by themselves)
                app.step(1 / 60)
                fresh = ear.new()
                made += fresh
                if any(end.match(f) for f in fresh):
                    return
                quiet = 0 if fresh else quiet + 1
                if quiet > 30:
                    break
    raise AssertionError("the deal never ended")


CODE = re.compile(r"\b(10|[2-9TJQKA])[SHDC]\b|[♠♥♦♣·&]|\b(P|[Ss]eat |Player )\d\b|\bNone\b|_")
PLAY = re.compile(r"^(You|[A-Z][a-z]+) plays? (Ace|King|Queen|Jack|10|[2-9]) of (spades|hearts|diamonds|clubs)$")


@pytest.mark.slow
def test_a_whist_hand_is_heard_as_a_person_would_say_it(app, ear):
    """One hand of Whist, played by ear: every line is words a person says, no card code,
    no suit sign, no seat number; each of the 52 cards is heard as it is played, each of the
    13 tricks as it is won, the hand said once as it starts, and the hand's result."""
    table(app, "whist", seed=11)
    end = play_by_ear(app, ear, pick=lambda cards: cards[-1], ending=re.compile(r"took \d+ tricks?: \d+ points?$"))
    said = ear.log.read_text(encoding="utf-8").splitlines()
    said = said[:said.index(end) + 1]   # the hand, to its result
    assert not [line for line in said if CODE.search(line)]
    assert all(line[:1].isupper() or line[:1].isdigit() for line in said)
    plays = [line for line in said if " play" in line and " can play " not in line]
    assert len(plays) == 52 and all(PLAY.match(line) for line in plays), plays
    assert len({PLAY.match(line).group(2, 3) for line in plays}) == 52   # every card, once
    assert sum(bool(re.match(r"^\w+ takes? the trick \(", line)) for line in said) == 13
    assert [line for line in said if line.startswith("Hand 1")] == ["Hand 1: Ruben deals"]
    assert "Nell is your partner" in said
    assert re.fullmatch(r"(You and Nell|Otto and Ruben) took \d+ tricks?: \d+ points?", said[-1]), said[-1]
