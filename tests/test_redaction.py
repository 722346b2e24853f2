"""Events redacted per seat: what a seat, or a spectator (viewer ``None``, who is no seat),
may see of every event, checked over seeded bot games of every game in the registry.

After every action and every timed step, for every seat and for the spectator (whose view is
``view(None)``, what a watcher's table draws): no view and no event as
``event.seen_by(viewer)`` gives it holds a card that ``state.hidden_from(viewer)`` says the
viewer may not know at that moment. The opening events and the event lists a state
keeps (Nash's memories, in its views) are checked the same way.

"At that moment": one action may run through several moments (the last card of a hand is
played, then the next hand is dealt), and only the states before and after it can be seen.
So an event is checked against the cards hidden from the viewer both before and after the
action, and an event from a new deal on (``DEALS``) against those hidden after it. Two
things follow, each handled openly below:

- Cards the rules turn face up for everyone may be hidden again by the end of the same
  action (the last trick of a hand, shuffled into the next deal). Those events are listed in
  ``PUBLIC``: they are not checked for hidden cards, but must read the same for everyone.
- A re-deal inside an action also hides again what its own player drew a moment before (a
  Ninety-Nine draw, when the next player cannot play): for the acting seat, events before
  a new deal in the same action are not checked. Every other seat's are.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from typing import Any, Hashable, Iterable

import pytest

from games.core.driver import play_out
from games.core.cards import Card
from games.core.protocol import Event, cards_in, redacted
from games.core.realtime import play_realtime
from games.registry import GAMES, GameSpec

SEEDS = 24              # bot games per game, each with its own seat count and options
MAX_ACTIONS = 150       # a turn game is checked this far (three hands of Whist or more)
MAX_TIMED = 300         # and a real-time game (a Spoons round is some 100-200 actions)
BOT_LEVELS = ("easy", "normal")

Viewer = int | None

# Events that start a new deal: what follows them is checked against the state after.
DEALS = {"NewDeal", "NewHand", "Dealt"}

# Events whose cards the rules show to everyone, and which may be hidden again by the end of
# the same action (see the module's docstring).
TRICKS = {"CardPlayed", "TrickTaken"}
PUBLIC: dict[str, set[str]] = {
    "whist": TRICKS, "euchre": TRICKS, "nap": TRICKS, "nash_whist": TRICKS,
    # A card played to the count; a hand shown to prove it cannot play (the table shows it).
    "ninety_nine": {"Played", "HandLost"},
    # A flipped card and false-slap penalty cards lie face up until the pile is won.
    "ratscrew": {"Flipped", "FalseSlap"},
}


# --- what a viewer may not know --------------------------------------------------------------

def viewers(state: Any) -> list[Viewer]:
    return [*range(state.seats), None]


class Deck:
    """The game's cards, and a quick key for each: hashing a ``Card`` (a dataclass of two
    enums) costs microseconds, and the checks hash every hidden card at every step, so a
    card is keyed by the identities of its rank and suit (enum members are singletons).
    Other pieces (Nails' rings, tuples of colours) are their own keys."""

    def __init__(self, state: Any) -> None:
        pieces = list(state.all_cards())
        self.cards = all(isinstance(p, Card) for p in pieces)
        self.key = _card_key if self.cards else (lambda piece: piece)
        self.names = {self.key(p): str(p) if self.cards else "".join(p) for p in pieces}
        self.copies = len(pieces) > len(self.names)     # two packs: a card may be twice

    def secrets(self, state: Any) -> dict[Viewer, set[Hashable]]:
        """Per viewer, the cards every copy of which is hidden from it (with one deck, simply
        ``hidden_from``; with two packs, a card shown in one copy may be hidden in the other)."""
        key = self.key
        if not self.copies:
            return {v: {key(c) for c in state.hidden_from(v)} for v in viewers(state)}
        total = Counter(map(key, state.all_cards()))
        out: dict[Viewer, set[Hashable]] = {}
        for viewer in viewers(state):
            counts = Counter(map(key, state.hidden_from(viewer)))
            out[viewer] = {card for card, n in counts.items() if n >= total[card]}
        return out

    def shown(self, thing: Any) -> set[Hashable]:
        """The game's cards inside ``thing``: ``cards_in`` for playing cards, and for other
        pieces every nested value that is one of them."""
        if self.cards:
            return {_card_key(c) for c in cards_in([thing])}
        return set(_values_in(thing, self.names.keys()))

    def say(self, keys: Iterable[Hashable]) -> list[str]:
        return sorted(self.names[k] for k in keys)


def _card_key(card: Card) -> Hashable:
    return (id(card.rank), id(card.suit))


def _values_in(value: Any, pieces: Any) -> Iterable[Hashable]:
    try:
        if value in pieces:
            yield value
            return
    except TypeError:
        pass
    if isinstance(value, (str, bytes, int, float, bool)) or value is None:
        return
    if isinstance(value, dict):
        items: Iterable[Any] = [*value.keys(), *value.values()]
    elif isinstance(value, (list, tuple, set, frozenset)):
        items = value
    elif hasattr(value, "__dataclass_fields__"):
        items = [getattr(value, name) for name in value.__dataclass_fields__]
    else:
        return
    for item in items:
        yield from _values_in(item, pieces)


# --- the checks ---------------------------------------------------------------------------------

class Leak(AssertionError):
    pass


def check_views(state: Any, deck: Deck, now: dict[Viewer, set[Hashable]], where: str) -> None:
    """Every seat's view, and the spectator's (``view(None)``: what a watcher's table draws)."""
    for viewer in viewers(state):
        view = state.view(viewer)
        assert view.seat == viewer, f"{where}: the view for {who(viewer)} says seat {view.seat}"
        leaked = deck.shown(view) & now[viewer]
        if leaked:
            raise Leak(f"{where}: the view of {who(viewer)} shows {deck.say(leaked)}")


def check_events(game: str, events: list[Event], actor: Viewer, before: dict | None,
                 after: dict[Viewer, set[Hashable]], deck: Deck, where: str) -> None:
    """Every event as each viewer sees it (see the module's docstring for "at that moment")."""
    public = PUBLIC.get(game, set())
    deal = next((i for i, e in enumerate(events) if type(e).__name__ in DEALS), len(events))
    for viewer in after:
        for index, (event, seen) in enumerate(zip(events, redacted(events, viewer))):
            name = type(event).__name__
            assert type(seen) is type(event), f"{name}.seen_by changed the event's type"
            text = str(seen)
            assert text.strip() and "None" not in text, f"{where}: {name} reads {text!r} to {who(viewer)}"
            if name in public:
                assert seen == event, f"{where}: {name} is face up for all, yet {who(viewer)} sees {seen}"
                continue
            if index >= deal or before is None:
                hidden = after[viewer]
            elif viewer == actor and deal < len(events):
                continue
            else:
                hidden = before[viewer] & after[viewer]
            leaked = deck.shown(seen) & hidden
            if leaked:
                raise Leak(f"{where}: {name} shows {who(viewer)} {deck.say(leaked)}: {seen}")


def who(viewer: Viewer) -> str:
    return "the spectator" if viewer is None else f"P{viewer + 1}"


# --- the games ------------------------------------------------------------------------------------

class Checked:
    """A game state that checks itself after every action and every timed step: the
    drivers (``play_out``, ``play_realtime``) play it as they play any state. After
    ``limit`` actions it says it is over, which bounds a long game."""

    def __init__(self, spec: GameSpec, state: Any, limit: int) -> None:
        self._game, self._state, self._limit, self._done = spec.id, state, limit, 0
        self._deck = Deck(state)
        self._now = self._deck.secrets(state)
        opening = list(state.opening)
        check_events(self._game, opening, None, None, self._now, self._deck, "the opening")
        check_views(state, self._deck, self._now, "the opening")

    def __getattr__(self, name: str) -> Any:
        return getattr(self._state, name)

    def is_over(self) -> bool:
        return self._done >= self._limit or self._state.is_over()

    def apply(self, action: Any) -> list[Event]:
        events = self._state.apply(action)
        self._done += 1
        self._check(events, action.seat, f"action {self._done} ({action})")
        return events

    def advance(self, now_ms: int) -> list[Event]:
        events = self._state.advance(now_ms)
        if events:
            self._check(events, None, f"the timed step at {now_ms} ms")
        return events

    def _check(self, events: list[Event], actor: Viewer, where: str) -> None:
        before, self._now = self._now, self._deck.secrets(self._state)
        check_events(self._game, events, actor, before, self._now, self._deck, where)
        check_views(self._state, self._deck, self._now, where)


def setup_for(spec: GameSpec, seed: int) -> tuple[Any, list[Any]]:
    """A seat count, options and a bot per seat drawn from the seed, so the seeds between
    them cover every seat count, every option and the quicker difficulties."""
    rng = random.Random(seed * 7919 + len(spec.id))
    seats = rng.randint(spec.min_seats, spec.max_seats)
    values = {o.key: rng.choice(o.choices) for o in spec.options}
    try:
        options = spec.make_options(seats=seats, **values)
    except ValueError:
        options = spec.make_options(seats=seats)
    if not spec.bots:
        return options, [spec.autoplay] * seats
    # "hard" trick bots think by playing hands out: many times slower, no other events.
    return options, [spec.bots[BOT_LEVELS[(seed + s) % 2]] for s in range(seats)]


def check_game(spec: GameSpec, seed: int) -> None:
    options, bots = setup_for(spec, seed)
    limit = MAX_TIMED if spec.realtime else MAX_ACTIONS
    checked = spec.with_parts(new_game=lambda opts, s: Checked(spec, spec.new_game(opts, s), limit))
    try:
        if spec.realtime:
            play_realtime(checked, options, seed, bots)
        else:
            play_out(checked, options, seed, bots)
    except Leak as leak:
        raise Leak(f"{spec.id}, {options}, seed {seed}: {leak}") from None


@pytest.mark.slow
@pytest.mark.parametrize("spec", [pytest.param(s, id=s.id) for s in GAMES.values()])
def test_no_seat_and_no_spectator_sees_a_hidden_card(spec: GameSpec) -> None:
    for seed in range(SEEDS):
        check_game(spec, seed)


# --- the check itself can fail -----------------------------------------------------------------

def test_an_unredacted_deal_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    from games.core import trick_events

    monkeypatch.setattr(trick_events.HandDealt, "seen_by", Event.seen_by)
    with pytest.raises(Leak, match="HandDealt shows P"):
        check_game(GAMES["whist"], 0)


def test_a_discard_shown_to_the_spectator_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    from games.euchre import rules

    honest = rules.Discarded.seen_by
    monkeypatch.setattr(rules.Discarded, "seen_by",
                        lambda self, viewer: self if viewer is None else honest(self, viewer))
    with pytest.raises(Leak, match="Discarded shows the spectator"):
        for seed in range(SEEDS):
            check_game(GAMES["euchre"], seed)


def test_a_hand_in_the_spectators_view_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    from games.whist import rules

    honest = rules.WhistState.view

    def peeking(self: Any, seat: int | None) -> Any:
        view = honest(self, seat)
        return view if seat is not None else dataclasses.replace(view, hand=tuple(self.hands[0]))

    monkeypatch.setattr(rules.WhistState, "view", peeking)
    with pytest.raises(Leak, match="the view of the spectator shows"):
        check_game(GAMES["whist"], 0)


def test_a_passed_card_shown_to_its_receiver_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    from games.spoons import events

    monkeypatch.setattr(events.Passed, "seen_by", Event.seen_by)
    with pytest.raises(Leak, match="Passed shows P"):
        check_game(GAMES["spoons"], 0)
