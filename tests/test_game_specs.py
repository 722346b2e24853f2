"""Every game's spec is complete and tells the truth: what it says a game supports is what
the game's own files do. The menu, the server, the coach and Continue trust these fields
instead of lists of ids, so a spec that lied would break a game silently (a reflex game the
server judged as a turn game, a review screen asking a coach that is not there).
"""

from __future__ import annotations

import importlib
import inspect
from pathlib import Path

import pytest

from games.core.cards import Card
from games.core.protocol import Event, GameState
from games.core.realtime import RealtimeState, TimedAction
from games.nails.rings import COLOURS, SIZE
from games.registry import GAME_IDS, GAMES, ChatPlace, Dynamics, GameSpec, Picture, networked

ROOT = Path(__file__).resolve().parent.parent
SPECS = [pytest.param(spec, id=spec.id) for spec in GAMES.values()]


def test_the_registry_lists_every_game_once_in_menu_order() -> None:
    assert list(GAMES) == list(GAME_IDS)
    assert all(GAMES[game_id].id == game_id for game_id in GAME_IDS)
    folders = {path.parent.name for path in (ROOT / "games").glob("*/__init__.py")} - {"core"}
    assert folders == set(GAME_IDS)     # a game's folder with no registry entry is no game


@pytest.mark.parametrize("spec", SPECS)
def test_a_game_has_its_rules_and_its_table(spec: GameSpec) -> None:
    assert (ROOT / "games" / spec.id / "rules.py").is_file()
    assert (ROOT / "app" / "window" / "tables" / f"{spec.id}.py").is_file()


@pytest.mark.parametrize("spec", SPECS)
def test_dynamics_is_what_the_state_does(spec: GameSpec) -> None:
    state = spec.new_game(spec.make_options(), 1)
    assert isinstance(state, GameState)
    assert isinstance(state, RealtimeState) == (spec.dynamics is Dynamics.REFLEX) == spec.realtime


@pytest.mark.parametrize("spec", SPECS)
def test_the_opening_is_events_of_a_fresh_deal(spec: GameSpec) -> None:
    state = spec.new_game(spec.make_options(), 1)
    assert all(isinstance(event, Event) for event in state.opening)
    assert bool(state.opening) == (spec.id != "nails")   # Nails deals two face-down piles: nothing to show


@pytest.mark.parametrize("spec", SPECS)
def test_analysis_is_what_the_coach_has(spec: GameSpec) -> None:
    path = ROOT / "games" / spec.id / "analysis.py"
    assert path.is_file() == (spec.analysis is not None)
    if spec.analysis is not None:
        review = importlib.import_module(f"games.{spec.id}.analysis").review
        assert ("only" in inspect.signature(review).parameters) == spec.analysis.splits


@pytest.mark.parametrize("spec", SPECS)
def test_races_and_keys_belong_to_reflex_games(spec: GameSpec) -> None:
    if not spec.realtime:
        assert spec.races is None and spec.keys == ()
        return
    assert len(spec.keys) >= 2          # the setup screen names a human's two keys
    if spec.networked:                  # the server judges who pressed first
        assert spec.races is not None
    if spec.races is not None:
        rules = importlib.import_module(f"games.{spec.id}.rules")
        assert issubclass(getattr(rules, spec.races), TimedAction)


@pytest.mark.parametrize("spec", SPECS)
def test_a_game_without_bots_has_an_automatic_player(spec: GameSpec) -> None:
    assert bool(spec.bots) == (spec.autoplay is None)


@pytest.mark.parametrize("spec", SPECS)
def test_flags_fit_the_seats_and_the_options(spec: GameSpec) -> None:
    if spec.partnerships:
        assert spec.min_seats == spec.max_seats == 4
    if spec.networked:                  # someone to play with across machines
        assert spec.max_seats >= 2
    if spec.own_autosave:               # a saved reflex game could not be picked up fairly anyway
        assert not spec.realtime
    if spec.chat_place is not ChatPlace.ABOVE_HAND:
        assert spec.networked           # only a networked table has a chat
    assert (spec.score_unit is None or spec.score_unit)
    choices = {option.key: option.choices for option in spec.options}
    for variant in spec.variants:
        assert variant.value in choices[variant.option] and variant.title != spec.title


@pytest.mark.parametrize("spec", SPECS)
def test_the_menu_art_names_real_cards(spec: GameSpec) -> None:
    cards = spec.art.cards
    if spec.art.picture is Picture.MYSTERY:
        assert cards == ()
    elif spec.art.picture is Picture.RINGS:
        assert cards and all(len(ring) == SIZE and set(ring) <= set(COLOURS) for ring in cards)
    else:
        assert cards and all(str(Card.parse(code)) == code for code in cards)


def test_the_networked_games_are_the_turn_games_then_the_reflex_games() -> None:
    order = [spec.realtime for spec in networked()]
    assert order == sorted(order) and len(order) == sum(spec.networked for spec in GAMES.values())


def test_every_picture_and_chat_place_has_its_drawing() -> None:
    from app.window.render.tiles import PAINTINGS
    from app.window.scenes.table_chat import PLACES

    assert set(PAINTINGS) == set(Picture)
    assert set(PLACES) == set(ChatPlace)
