"""The Seahaven Towers table: ten columns, four towers, four foundations; drag and drop
with legal targets lit, double- or right-click to send a card home, keyboard play, undo and
redo without limit, hints from the solver, new deals by number, a timer and a win cascade.

The picture is a place map (which card lies where) kept in step with the rules through the
events; undo, redo and restart rebuild it from the view and let every card glide."""

from __future__ import annotations

import math
import random
import time
from concurrent.futures import Future
from typing import TYPE_CHECKING, Any, Callable, Literal

import pygame

from app.window.scenes.replay_watch import ReplayControls
from app.window.scenes.review import ReviewControls
from app.core import worker
from app.window.anim.tween import ease_out_back
from app.window.render.still_layer import StillLayer
from app.window.render.reuse import copy_into
from app.window.render.table import CardSprite, SpriteDrawer, felt
from app.window.render.text import render_text
from app.window.scenes.table import TableScene, watched
from app.core.session import LocalSession, Setup
from app.core.table_session import TableSession
from app.window.tables.seahaven_parts import DealPrompt, Layout, draw_arrow, draw_slot
from app.window.ui import theme
from app.window.ui.fit import fitted
from app.window.ui.confirm import Confirm
from app.window.ui.widgets import Button, blit_centered, panel
from app.core.words.deal_words import deal_number, readable
from app.core.words.grammar import counted
from app.core.words.spoken_words import pile_line
from games.core.cards import Card, Rank
from games.core.protocol import Action, Event, IllegalAction
from games.core.words import N, T
from games.registry import OptionValue
from games.seahaven import rules as sh
from games.seahaven.solver import Result, first_group, hint, safe_moves

if TYPE_CHECKING:
    from app.window.scenes.base import AppServices

DRAG_THRESHOLD = 5
DOUBLE_CLICK = 0.4

# A position as the hints know it: the columns and the towers.
Position = tuple[tuple[tuple[Card, ...], ...], tuple[Card | None, ...]]
# What the solver found from a position: the winning line from there, False (lost) or
# None (no line found within its budget).
Line = tuple[sh.Move, ...] | Literal[False] | None

CURSOR = (120, 220, 255)   # the keyboard's place and the chosen cards: sky blue, apart from gold hints


def lines_from(state: sh.SeahavenState) -> dict[Position, Line]:
    """Solve ``state`` and note the answer for every position along the winning line, so
    a player who follows (or undoes along) the line gets later hints at once."""
    result = hint(state)
    key = _position_of(state)
    if not result.solvable:
        return {key: result.solvable}
    known: dict[Position, Line] = {key: result.moves}
    walker = state.clone()
    for k, move in enumerate(result.moves):
        walker.apply(move)
        if k + 1 < len(result.moves) and not result.moves[k + 1].chained:
            known[_position_of(walker)] = result.moves[k + 1:]
    return known


def _position_of(state: sh.SeahavenState) -> Position:
    return (tuple(tuple(c) for c in state.columns), tuple(state.towers))


class SeahavenTable(TableScene):
    name = "seahaven"

    def __init__(self, app: AppServices, session: TableSession) -> None:
        self.sprites: dict[Card, CardSprite] = {}
        self.cols: list[list[Card]] = [[] for _ in range(sh.COLUMNS)]
        self.towers: list[Card | None] = [None] * sh.TOWERS
        self.homes: list[list[Card]] = [[] for _ in range(4)]
        self.drag: list[CardSprite] = []
        self.drag_source: sh.Place | None = None
        self.drag_offsets: list[tuple[float, float]] = []
        self.press_at: tuple[int, int] | None = None
        self.lit: set[sh.Place] = set()
        self.selected: sh.Place | None = None
        self.cursor = 0
        self.keyboard = False  # the cursor shows once the keyboard is used to play
        self.last_click: tuple[float, Card | None] = (-1.0, None)
        self.clock = 0.0
        self.elapsed = 0.0
        self.hint_job: Future[dict[Position, Line]] | None = None
        self.known: dict[Position, Line] = {}
        self.want_hint = False
        self.player_moved = bool(session.actions)
        self._stuck_for: Position | None = None
        self._stuck = False
        self.hint_shown: tuple[list[sh.Move], float] | None = None
        self.demo: list[sh.Move] = []
        self.demo_job: Future[Result] | None = None
        self.demo_clock = 0.0
        self.auto_paused = False
        self.celebrating = 0.0
        self.prompt: DealPrompt | None = None
        # "Winnable deals only": the deal is searched for in the worker, not on a frame.
        # Until it comes the table says so; the stand-in is never shown.
        self.finding = not watched(session) and session.deal_in_worker()
        # Until the deal is in and the faces it shows are painted, a few each frame (all 52
        # in one frame took 20-40 ms), the table shows its floor only and input waits.
        self.preparing = not watched(session)
        self.painted_ahead: set[Card] = set()
        self.asking: Confirm | None = None   # "Give up this deal?" or "Start a new deal?" while asked
        self._if_yes: Callable[[], object] = lambda: None   # what a yes to it does
        super().__init__(app, session)
        if self.finding:
            self.queue.clear()  # the stand-in's deal is not animated
        self.drawer = SpriteDrawer(app.cards, app.settings.card_back)
        self.still = StillLayer()
        self.buttons = [
            Button("Undo", self.undo, kind="quiet"), Button("Redo", self.redo, kind="quiet"),
            Button("Hint", self.ask_hint, kind="quiet"), Button("Restart", self.restart, kind="quiet"),
            Button("New deal", self.ask_new_deal, kind="quiet"), Button("Deal #", self.open_prompt, kind="quiet"),
        ]
        self.layout(self.size)
        self.offer = self._saved_game_to_offer(session)
        self._say_if_skipped()

    def on_enter(self) -> None:
        if self.offer is not None:
            self._wash_offered = True   # asked first: a declined offer washes then deals
        super().on_enter()

    def _say_if_skipped(self) -> None:
        if self.state.deal != self.session.seed and not self.watching:
            self.say(f"{deal_number(self.session.seed)} has no known win: here is {readable(self.state.deal)}", 3.5)

    def _prepare(self, budget: float = 0.0025) -> None:
        """Paint faces ahead; once all are painted and the deal is in, start the game (a
        searched-for deal is dealt out as a fresh table would)."""
        if not self._paint_ahead(budget) or not self.session.finish_dealing():
            return
        self.preparing = False
        if self.finding:
            self.finding = False
            self.anim.finish_all()
            self.sprites.clear()
            self.sync(self.current_view())
            self.queue.clear()
            self.queue.extend(self.session.opening)
            self._say_if_skipped()

    def prepare_hidden(self, budget: float) -> None:
        # Under the wash: the faces were painted on the first frames after it, 3-7 ms each.
        if self.preparing:
            self._prepare(budget)

    @property
    def idle(self) -> bool:
        return not self.preparing and super().idle

    def _saved_game_to_offer(self, session: TableSession) -> dict[str, Any] | None:
        """A game left unfinished last time, offered for resume when a fresh table opens."""
        from app.core import storage
        from app.window.tables.seahaven_parts import load_progress

        if self.spectator or session.actions or session.resumed:
            return None
        saved = load_progress()
        for line in storage.take_notices():   # a damaged save set aside, or its clock reset
            self.app.notify(line, 6.0)
        return saved if saved and saved["history"] else None

    @property
    def state(self) -> sh.SeahavenState:
        return self.session.state_as(sh.SeahavenState)

    # layout ----------------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        self.s = theme.scale_for(size)
        self.geo = Layout(size, self.s)

    def relayout_now(self) -> None:
        self.targets(glide=False)

    def spot(self, card: Card) -> tuple[float, float]:
        """Where ``card`` rests in the picture now."""
        return self.spots().get(card, self.geo.foundation(0))

    def spots(self) -> dict[Card, tuple[float, float]]:
        """Where every card rests, in one pass (asking card by card searched every pile
        for each of 52 cards: a millisecond or two on an undo's frame)."""
        g = self.geo
        where = {card: g.foundation(i) for i, pile in enumerate(self.homes) for card in pile}
        where.update((held, g.tower(i)) for i, held in enumerate(self.towers) if held is not None)
        for i, col in enumerate(self.cols):
            where.update((card, g.in_column(i, k, len(col))) for k, card in enumerate(col))
        return where

    def targets(self, glide: bool = True) -> None:
        where = self.spots()
        dragged = set(map(id, self.drag))
        for card, sprite in self.sprites.items():
            if id(sprite) in dragged:
                continue
            sprite.width = self.geo.card_w
            end = where.get(card, self.geo.foundation(0))
            if glide:
                if sprite.pos != end or self.anim.moving(sprite, "pos"):
                    self.anim.tween(sprite, "pos", end, 0.22)
            else:
                self.anim.cancel(sprite)
                sprite.pos = end

    # picture from the view -----------------------------------------------------------------

    def sync(self, view: sh.SeahavenView) -> None:
        self._picture_from(view)
        for card in [c for col in self.cols for c in col] + [t for t in self.towers if t] + \
                [c for pile in self.homes for c in pile]:
            if card not in self.sprites:
                self.sprites[card] = CardSprite(card, *self.geo.deck_spot(), face_up=True)
        self.targets(glide=True)

    def _picture_from(self, view: sh.SeahavenView) -> None:
        self.cols = [list(c) for c in view.columns]
        self.towers = list(view.towers)
        self.homes = [[sh.card_of(suit, r) for r in range(1, n + 1)]
                      for suit, n in zip(sh.FOUNDATION_SUITS, view.foundations)]

    def resync(self) -> None:
        """After undo/redo/restart: the whole picture glides to the rules' position."""
        self.queue.clear()
        self.hold = 0.0
        self.hint_shown = None
        self._picture_from(self.current_view())
        self.targets(glide=True)
        self.autosave()

    # events -> animation -------------------------------------------------------------------

    def show(self, event: Event) -> float:
        if isinstance(event, sh.Moved):
            self._take(event.card, event.source)
            self._put(event.card, event.target)
            sprite = self.sprites[event.card]
            self.anim.tween(sprite, "pos", self.spot(event.card), 0.2)
            self.targets()
            return 0.07
        if isinstance(event, sh.Won):
            self._celebrate()
            return 0.5
        if isinstance(event, sh.Dealt):
            where = self.spots()
            for k, card in enumerate([c for col in event.columns for c in col] + [t for t in event.towers if t]):
                sprite = self.sprites[card]
                sprite.pos = self.geo.deck_spot()
                self.anim.tween(sprite, "pos", where[card], 0.3, delay=k * 0.012)
            return 0.5
        return 0.0

    def _take(self, card: Card, place: sh.Place) -> None:
        if place.kind == "column" and card in self.cols[place.index]:
            self.cols[place.index].remove(card)
        elif place.kind == "tower":
            self.towers[place.index] = None
        elif place.kind == "foundation" and card in self.homes[place.index]:
            self.homes[place.index].remove(card)

    def _put(self, card: Card, place: sh.Place) -> None:
        if place.kind == "column":
            self.cols[place.index].append(card)
        elif place.kind == "tower":
            self.towers[place.index] = card
        else:
            self.homes[place.index].append(card)

    def _celebrate(self) -> None:
        """Every card leaps off the foundations and settles in a wide fan across the felt."""
        self.celebrating = 4.0
        rng = random.Random(self.state.deal)
        w, h = self.size
        for k, (card, sprite) in enumerate(sorted(self.sprites.items(), key=lambda kv: kv[0].sort_key())):
            angle = k / 52 * math.tau
            spot = (w / 2 + math.cos(angle) * w * 0.36 + rng.uniform(-12, 12),
                    h / 2 + math.sin(angle) * h * 0.30 + rng.uniform(-12, 12))
            sprite.angle = rng.uniform(-25, 25)
            self.anim.tween(sprite, "pos", spot, 0.9, ease=ease_out_back, delay=k * 0.03)

    # the frame -------------------------------------------------------------------------------

    def _paint_ahead(self, budget: float = 0.0025) -> bool:
        """Paint the faces the table will show (the whole deck, which the stand-in of a
        deal being searched for holds too) for about ``budget`` seconds; True once all are."""
        started = time.perf_counter()
        for card, sprite in self.sprites.items():
            if card not in self.painted_ahead:
                if time.perf_counter() - started > budget:
                    return False
                self.drawer.image(sprite)
                self.painted_ahead.add(card)
        self.drawer.renderer.shadow(max(20, round(self.geo.card_w)))  # cast by the dealt cards
        return True

    def update(self, dt: float) -> None:
        if self.preparing:
            self._prepare()
            return
        if self.offer is not None:
            return  # nothing is dealt until the player says whether to resume the saved game
        super().update(dt)
        self.clock += dt
        if not self.state.is_over() and self.player_moved and not self.spectator and self.offer is None:
            self.elapsed += dt  # the clock starts with the player's first move
        self.celebrating = max(0.0, self.celebrating - dt)
        if self.offer is not None:
            return  # nothing moves until the player says whether to resume
        self._poll_hint()
        if self.hint_shown:
            moves, left = self.hint_shown
            self.hint_shown = (moves, left - dt) if left - dt > 0 else None
        if self.idle and not self.drag and not self.state.is_over():
            self._auto_home()

    def drive(self, dt: float) -> None:
        """No bots here: a finished game goes to the results; a table with no human (the
        self-test, the benchmark) plays the solver's line as a demonstration."""
        if self.state.is_over():
            self.end_clock += dt
            if self.game_pace.waited(self.end_clock, 3.2 if self.state.won else 1.0):
                self.finish()
            return
        if self.spectator:
            self._drive_demo(dt)

    def _drive_demo(self, dt: float) -> None:
        if not self.demo and self.demo_job is None:
            self.demo_job = worker.submit(hint, self.state.clone())
        if self.demo_job is not None and self.demo_job.done():
            result: Result = self.demo_job.result()
            self.demo_job = None
            self.demo = list(result.moves) if result.solvable else []
            if not self.demo:
                self.act(sh.Resign(0))
        self.demo_clock += dt * max(self.game_pace.factor, 0.01)  # (at instant, still a demonstration)
        if self.demo and self.demo_clock >= 0.25:
            self.demo_clock = 0.0
            self.act(self.demo.pop(0))

    def _auto_home(self) -> None:
        """Send safe cards home by themselves (an option); never straight after an undo."""
        if not self.session.options.auto_safe or self.auto_paused or self.spectator:
            return
        home = safe_moves(self.state)
        if home:
            chained = self.state.moves > 0
            self.act(sh.Move(0, home[0].card, home[0].to, chained=chained))

    def finish(self) -> None:
        from app.window.tables.seahaven_parts import clear_autosave

        clear_autosave()
        from app.window.tables.seahaven_results import SeahavenResults

        self.app.scenes.replace(SeahavenResults(self.app, self.session, self.elapsed))

    # acting ------------------------------------------------------------------------------

    def act(self, action: Action) -> bool:
        done = super().act(action)
        if done and isinstance(action, sh.Move) and not action.chained:
            self.auto_paused = False
        if done:
            self.hint_shown = None
            self.autosave()
        return done

    def play(self, moves: list[sh.Move]) -> bool:
        """Apply a player's move group (one card or a run); the first refusal stops it."""
        self.player_moved = True
        for move in moves:
            if not self.act(move):
                return False
        self.selected = None
        return True

    def undo(self) -> None:
        self._history_step(self.session.undo, "Nothing to undo")

    def redo(self) -> None:
        self._history_step(self.session.redo, "Nothing to redo")

    def restart(self) -> None:
        self._history_step(self._undo_all, "This is already the start of the deal")

    def _undo_all(self) -> list[Event]:
        """Every move taken back (they stay redoable, as in most solitaire programs)."""
        events: list[Event] = []
        while self.session.can_undo:
            events += self.session.undo()
        return events

    def _history_step(self, step: Callable[[], list[Event]], empty: str) -> None:
        if self.state.is_over():
            return
        try:
            events = step()
        except IllegalAction:
            self.say(empty)
            return
        if not events:
            self.say(empty)
            return
        self.auto_paused = True
        self.selected = None
        self.keyboard = False   # no cyan frame left where a card was: the next arrow key shows it again
        self.resync()

    def new_deal(self, deal: int | None = None) -> None:
        """Leave this deal for another (an unfinished deal with moves made counts as lost)."""
        from app.core import storage
        from app.window.tables.seahaven_parts import clear_autosave

        if self.state.moves and not self.state.is_over() and not self.spectator:
            storage.record_result(self.session.spec.id, False)
        clear_autosave()
        setup = Setup(self.session.setup.game_id, list(self.session.setup.seats),
                      dict(self.session.setup.options), deal)
        self.app.scenes.replace(type(self)(self.app, LocalSession(self.session.spec, setup)))

    def open_prompt(self) -> None:
        self.prompt = DealPrompt(self.s)

    def ask_hint(self) -> None:
        """Show the solver's next move; from the prefetched answer when there is one."""
        if self.state.is_over():
            return
        self.want_hint = True
        if self._position() in self.known:
            self._show_hint()
        else:
            self.say("Thinking...", 0.8)

    def _position(self) -> Position:
        return _position_of(self.state)

    def _poll_hint(self) -> None:
        """Keep the solver one step ahead: while the player thinks, it solves the position on
        the table in the background, so a hint is usually ready the moment H is pressed."""
        if self.watching:
            return  # a replay asks for no hints
        if self.hint_job is not None and self.hint_job.done():
            self.known.update(self.hint_job.result())
            self.hint_job = None
        if self.hint_job is None and not self.state.is_over() and self._position() not in self.known:
            self.hint_job = worker.submit(lines_from, self.state.clone())
        if self.want_hint and self._position() in self.known:
            self._show_hint()

    def _show_hint(self) -> None:
        self.want_hint = False
        line = self.known[self._position()]
        if line:
            self.hint_shown = (first_group(line), 3.0)
            self.message_time = 0.0
            self.app.speech.say(self._spoken_hint(first_group(line)), interrupt=True)
        elif line is False:
            self.say("This position can no longer be won: undo, restart or start a new deal", 4.0)
        else:
            self.say("No winning line found quickly from here", 3.0)

    def _spoken_hint(self, moves: list[sh.Move]) -> str:
        """A hint as heard: the moves to make, and the cards that then go home by
        themselves counted, not listed (a winning line's tail can be twenty of them)."""
        shown = list(moves)
        while len(shown) > 1 and shown[-1].to.kind == "foundation":
            shown.pop()
        said = [self.spoken_line(T("{card} to {place}", card=m.card, place=m.to.words())) for m in shown]
        hint = self.spoken_line(T("Hint: {moves}.", moves=", then ".join(said)))
        home = len(moves) - len(shown)
        return hint + (" " + self.spoken_line(N("Then {count} card goes home.", "Then {count} cards go home.",
                                                  count=home)) if home else "")

    # input ---------------------------------------------------------------------------------

    def human_choosing(self) -> bool:
        return self.prompt is not None

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.offer is not None:
            self._offer_input(event)
            return
        if self.asking is not None:
            self._question_input(event)
            return
        if self.preparing and not (event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_F1)):
            return  # no cards to play yet: only leaving or the rules
        if self.prompt is not None:
            self._prompt_input(event)
            return
        for button in self.buttons:
            if button.handle_event(event):
                return
        if event.type == pygame.KEYDOWN and not self.spectator and self._command_key(event):
            return  # undo, hints and deals work even while cards are still moving
        super().handle_event(event)

    def _offer_input(self, event: pygame.event.Event) -> None:
        from app.window.tables.seahaven_parts import clear_autosave

        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_y):
            self.resume()
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_n):
            self.offer = None
            clear_autosave()
            self.app.nav.wash(self)   # the new deal starts now, washed as any fresh deal is

    def resume(self) -> None:
        """Rebuild the saved deal move by move and carry on where it was left."""
        saved, self.offer = self.offer, None
        assert saved is not None
        options: dict[str, OptionValue] = {"auto_safe": bool(saved["options"].get("auto_safe", True)),
                                           "winnable_only": False}
        setup = Setup(self.session.setup.game_id, list(self.session.setup.seats), options, saved["deal"])
        session = LocalSession(self.session.spec, setup)
        session.resumed = True
        for move in saved["history"]:
            session.apply(move)
        table = type(self)(self.app, session)
        table.elapsed = saved["elapsed"]
        table.auto_paused = True
        self.app.scenes.replace(table)

    def ask_give_up(self) -> None:
        """G sits beside H (hint): a slip of one key must not end the deal, so ask first."""
        self._ask(Confirm("Give up this deal?", "Give up", "Keep playing", "It counts as a deal lost"),
                  lambda: self.act(sh.Resign(0)))

    def ask_new_deal(self) -> None:
        """N (or the New deal button) leaves a deal under way only after asking: it counts
        as lost. A deal not yet touched, or over, just gives way."""
        if not self.state.moves or self.state.is_over() or self.spectator:
            self.new_deal()
            return
        self._ask(Confirm("Start a new deal?", "New deal", "Keep playing", "This one counts as a deal lost"),
                  self.new_deal)

    def _ask(self, question: Confirm, if_yes: Callable[[], object]) -> None:
        self.asking, self._if_yes = question, if_yes

    def _question_input(self, event: pygame.event.Event) -> None:
        assert self.asking is not None
        answer = self.asking.handle_event(event)
        if answer is None:
            return
        self.asking = None
        if answer and not self.state.is_over():
            self._if_yes()

    def _prompt_input(self, event: pygame.event.Event) -> None:
        assert self.prompt is not None
        answer = self.prompt.handle_event(event)
        if answer == "cancel":
            self.prompt = None
        elif isinstance(answer, int):
            self.prompt = None
            self.new_deal(answer)

    def on_input(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._press(event.pos)
        elif event.type == pygame.MOUSEMOTION:
            self._motion(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._release(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 3:
            self._send_home_at(event.pos)

    def _command_key(self, event: pygame.event.Event) -> bool:
        """The table's own keys; returns False for anything else."""
        key, ctrl = event.key, bool(event.mod & pygame.KMOD_CTRL)
        if ctrl and key == pygame.K_z:
            self.redo() if event.mod & pygame.KMOD_SHIFT else self.undo()
        elif ctrl and key == pygame.K_y:
            self.redo()
        elif key == pygame.K_h:
            self.ask_hint()
        elif key == pygame.K_n:
            self.ask_new_deal()
        elif key == pygame.K_r:
            self.restart()
        elif key == pygame.K_d:
            self.open_prompt()
        elif key == pygame.K_g and not self.state.is_over():
            self.ask_give_up()
        else:
            return False
        return True

    def _key(self, event: pygame.event.Event) -> None:
        self._cursor_key(event.key)

    # keyboard play: a cursor walks the places; Enter picks a card up and puts it down.

    def spoken_focus(self) -> str | None:
        """The place under the keyboard cursor and what lies there (and what is held)."""
        if not self.keyboard or self.watching:
            return super().spoken_focus()
        place = self.geo.places()[self.cursor]
        line = pile_line(place.words(), self._place_cards(place))
        if self.selected is not None:
            line += " " + self.spoken_line(T("Holding the cards from {place}.", place=self.selected.words()))
        return line

    def _place_cards(self, place: sh.Place) -> list[Card]:
        state = self.state
        if place.kind == "column":
            return list(state.columns[place.index])
        if place.kind == "tower":
            card = state.towers[place.index]
            return [card] if card is not None else []
        built = state.foundations[place.index]   # (only its top card matters: the next goes on it)
        top = next((rank for rank in Rank if rank.pip_value == built), None)   # (Ace is 1: foundations build up from it)
        return [Card(top, sh.FOUNDATION_SUITS[place.index])] if top is not None and built else []

    def _cursor_key(self, key: int) -> None:
        places = self.geo.places()
        self.keyboard = True
        if key in (pygame.K_RIGHT, pygame.K_TAB):
            self.cursor = (self.cursor + 1) % len(places)
        elif key == pygame.K_LEFT:
            self.cursor = (self.cursor - 1) % len(places)
        elif key in (pygame.K_UP, pygame.K_DOWN):
            self.cursor = self.geo.vertical(self.cursor, up=key == pygame.K_UP)
        elif key == pygame.K_f and self.selected is not None:
            self._send_home(self.selected)
        elif key == pygame.K_BACKSPACE:
            self.selected = None
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self._choose(places[self.cursor])

    def _choose(self, place: sh.Place) -> None:
        """Pick up what is at ``place``, or put the picked-up card(s) down there."""
        if self.selected is None:
            if self._count_at(place) > 0:
                self.selected = place
            return
        if place == self.selected:
            self.selected = None
            return
        self._move_from(self.selected, place)

    def _count_at(self, place: sh.Place) -> int:
        """How many cards would move from ``place``: a tower card, or a column's top run."""
        if place.kind == "tower":
            return 1 if self.state.towers[place.index] is not None else 0
        if place.kind == "column":
            return sh.run_length(self.state.columns[place.index])
        return 0

    def _move_from(self, source: sh.Place, target: sh.Place, count: int | None = None) -> bool:
        moves = self._plan(source, target, count)
        if isinstance(moves, str):
            self.say(moves)
            return False
        return self.play(moves)

    def _plan(self, source: sh.Place, target: sh.Place, count: int | None = None) -> list[sh.Move] | str:
        """The moves that carry the card(s) at ``source`` to ``target``, or why they can't.
        A whole run is offered first; when it cannot go, its top card alone is tried."""
        state = self.state
        if source.kind == "tower":
            card = state.towers[source.index]
            if card is None:
                return "That tower is empty"
            return [sh.Move(0, card, target)] if target in state.targets(card, source) else \
                self._why(card, source, target)
        col = state.columns[source.index]
        if not col:
            return "That column is empty"
        counts = [count] if count is not None else list(range(sh.run_length(col), 0, -1))
        reason = ""
        for n in counts:
            if n == 1:
                if target in state.targets(col[-1], source):
                    return [sh.Move(0, col[-1], target)]
                reason = reason or self._why(col[-1], source, target)
                continue
            try:
                return sh.run_moves(state, source.index, n, target)
            except IllegalAction as problem:
                reason = reason or self.to_player(problem.message)
        return reason

    def _why(self, card: Card, source: sh.Place, target: sh.Place) -> str:
        try:
            self.state.clone().apply(sh.Move(0, card, target))
        except IllegalAction as problem:
            return self.to_player(problem.message)
        return "That move is not allowed"

    # the mouse ----------------------------------------------------------------------------

    def _press(self, pos: tuple[int, int]) -> None:
        grabbed = self._grab_at(pos)
        if grabbed is None:
            place = self.geo.place_at(pos, self.cols)
            if self.selected is not None and place is not None:
                self._move_from(self.selected, place)
            return
        source, count = grabbed
        now, card = self.clock, self._cards_at(source, count)[0]
        if self.last_click[1] == card and now - self.last_click[0] < DOUBLE_CLICK:
            self.last_click = (-1.0, None)
            self._send_home(source)
            return
        self.last_click = (now, card)
        self.drag_source, self.press_at = source, pos
        self.drag = [self.sprites[c] for c in self._cards_at(source, count)]
        self.drag_offsets = [(s.x - pos[0], s.y - pos[1]) for s in self.drag]
        for sprite in self.drag:
            self.anim.cancel(sprite)
        self.lit = self._legal_targets(source, count)

    def _motion(self, pos: tuple[int, int]) -> None:
        if self.drag and self.press_at:
            for sprite, (dx, dy) in zip(self.drag, self.drag_offsets):
                sprite.pos = (pos[0] + dx, pos[1] + dy)

    def _release(self, pos: tuple[int, int]) -> None:
        source, start, count = self.drag_source, self.press_at, len(self.drag)
        self.drag, self.press_at, self.drag_source, self.lit = [], None, None, set()
        if source is None or start is None:
            return
        if math.hypot(pos[0] - start[0], pos[1] - start[1]) <= DRAG_THRESHOLD:
            self._click(source)
        else:
            target = self.geo.place_at(pos, self.cols)
            if target is not None and target != source:
                self._move_from(source, target, count)
        self.targets()  # whatever did not move glides back

    def _click(self, source: sh.Place) -> None:
        """A click picks a card up (the next click on a place puts it there)."""
        if self.selected is not None and self.selected != source:
            self._move_from(self.selected, source)
        else:
            self.selected = None if self.selected == source else source

    def _send_home_at(self, pos: tuple[int, int]) -> None:
        grabbed = self._grab_at(pos)
        if grabbed is not None:
            self._send_home(grabbed[0])

    def _send_home(self, source: sh.Place) -> None:
        cards = self._cards_at(source, 1)
        if not cards:
            return
        card = cards[0]
        target = sh.Place.foundation(sh.SUIT_HOME[card.suit])  # type: ignore[index]
        self._move_from(source, target, 1)

    def _grab_at(self, pos: tuple[int, int]) -> tuple[sh.Place, int] | None:
        """The place and how many cards a press at ``pos`` takes: a tower card, or a column
        card with everything above it when that is a same-suit run."""
        for i, card in enumerate(self.towers):
            if card is not None and self.sprites[card].rect().collidepoint(pos):
                return sh.Place.tower(i), 1
        for i, col in enumerate(self.cols):
            for depth in range(len(col) - 1, -1, -1):
                if self.sprites[col[depth]].rect().collidepoint(pos):
                    count = len(col) - depth
                    if count > sh.run_length(col):
                        self.say("Only the last card of a column, or a same-suit run, can move")
                        return None
                    return sh.Place.column(i), count
        return None

    def _cards_at(self, source: sh.Place, count: int) -> list[Card]:
        if source.kind == "tower":
            card = self.towers[source.index]
            return [card] if card else []
        return self.cols[source.index][-count:] if count else []

    def _legal_targets(self, source: sh.Place, count: int) -> set[sh.Place]:
        return {place for place in self.geo.places()
                if place != source and not isinstance(self._plan(source, place, count), str)}

    # drawing ---------------------------------------------------------------------------------

    def _piles(self) -> list[list[tuple[CardSprite, bool]]]:
        """Every card in drawing order, pile by pile, with whether it casts a shadow: the
        foundations (flat, no shadow), the towers, the columns (the bottom card's shadow
        shows; the rest fall on cards)."""
        sprites = self.sprites
        piles = [[(sprites[card], False) for card in pile] for pile in self.homes]
        piles += [[(sprites[card], True)] for card in self.towers if card is not None]
        piles += [[(sprites[card], k == 0) for k, card in enumerate(col)] for col in self.cols]
        return piles

    def draw_table(self, surface: pygame.Surface) -> None:
        if self.preparing or self.offer is not None:
            # (While "Resume your game?" is asked, the new deal is not on the table yet.)
            # The floor alone. The first frame composes it; the next ones show it through
            # the still layer, which so makes its own copy (4 MB: 3 ms or more) while the
            # faces are painted, not on the frame the deal starts.
            if getattr(self, "_floor_cache", None) is None:
                surface.blit(self._floor(), (0, 0))
            else:
                self.still.draw(surface, self.drawer, *self._floor_and_key(), [], lambda sprite: False)
            if not self.finding:  # (a stand-in's status would name the wrong deal)
                self._draw_status(surface)
            self._draw_preparing(surface)
            return
        dragged = set(map(id, self.drag))
        flying = self.still.draw(surface, self.drawer, *self._floor_and_key(), self._piles(),
                                 lambda sprite: id(sprite) in dragged or self.anim.moving(sprite, "pos"))
        for sprite, shadow in flying:
            if id(sprite) not in dragged:
                self.drawer.draw(surface, sprite, shadow=shadow)
        self._draw_marks(surface)
        for sprite in self.drag:
            self.drawer.draw(surface, sprite)
        if self.hint_shown:
            self._draw_hint(surface)
        self._draw_status(surface)
        if not self.watching:  # a replay is watched: its own controls do the work
            self._draw_buttons(surface)
        if self.prompt:
            self.prompt.draw(surface, self.size)
        if self.state.won and self.idle:
            self._draw_win(surface)
        if self.offer is not None:
            self._draw_offer(surface)
        if self.asking is not None:
            self.asking.draw(surface)

    def _draw_preparing(self, surface: pygame.Surface) -> None:
        if self.finding:
            image = render_text("Finding a winnable deal…", max(14, int(22 * self.s)), theme.INK, bold=True)
            rect = image.get_rect(center=(self.size[0] // 2, int(self.size[1] * 0.62))).inflate(36, 18)
            panel(surface, rect, radius=10)
            blit_centered(surface, image, rect.center)
        if self.offer is not None:
            self._draw_offer(surface)

    def _draw_offer(self, surface: pygame.Surface) -> None:
        assert self.offer is not None
        s = self.s
        box = pygame.Rect(0, 0, int(560 * s), int(170 * s))
        box.center = (self.size[0] // 2, self.size[1] // 2)
        panel(surface, box, fill=theme.OPAQUE_PANEL, edge=theme.GOLD)
        lines = [("Resume your game?", int(28 * s), theme.GOLD, True),
                 (f"{deal_number(self.offer['deal'])}, {counted(len(self.offer['history']), 'move')} made", int(20 * s), theme.INK, False),
                 ("Enter resumes it · Esc starts this new deal", max(12, int(16 * s)), theme.INK_DIM, False)]
        y = box.top + 36 * s
        for text, size, colour, bold in lines:
            blit_centered(surface, render_text(text, size, colour, bold=bold), (box.centerx, y))
            y += 48 * s

    def _floor(self) -> pygame.Surface:
        return self._floor_and_key()[0]

    def _floor_and_key(self) -> tuple[pygame.Surface, tuple[object, ...]]:
        """The felt with the eighteen empty places drawn on it: they change only while a
        drag lights targets or a column empties, so they are composed once for that."""
        key = (self.size, frozenset(self.lit), tuple(not col for col in self.cols), theme.generation)
        cached = getattr(self, "_floor_cache", None)
        if cached is None or cached[0] != key:
            floor = copy_into(cached[1] if cached is not None else None, felt(self.size))
            self._draw_slots(floor)
            cached = self._floor_cache = (key, floor)
        return cached[1], cached[0]

    def _draw_slots(self, surface: pygame.Surface) -> None:
        g = self.geo
        for i, suit in enumerate(sh.FOUNDATION_SUITS):
            draw_slot(surface, g, g.foundation(i), sh.Place.foundation(i) in self.lit, suit=suit)
        for i in range(sh.TOWERS):
            draw_slot(surface, g, g.tower(i), sh.Place.tower(i) in self.lit, label="")
        for i in range(sh.COLUMNS):
            draw_slot(surface, g, g.in_column(i, 0, 1), sh.Place.column(i) in self.lit and not self.cols[i],
                      label="K")

    def _draw_marks(self, surface: pygame.Surface) -> None:
        """Gold rings: legal drop targets while dragging, the picked-up card, the cursor."""
        for place in self.lit:
            if place.kind == "column" and self.cols[place.index]:
                top = self.sprites[self.cols[place.index][-1]]
                ring = self.app.cards.outline(round(top.width), theme.GOLD)
                blit_centered(surface, ring, top.rect().center)
        if self.selected is not None:
            rects = [self.sprites[c].rect() for c in self._cards_at(self.selected, self._count_at(self.selected) or 1)]
            if rects:
                frame = rects[0].unionall(rects[1:]).inflate(6, 6)
                pygame.draw.rect(surface, CURSOR, frame, width=theme.focus_width(), border_radius=max(6, frame.width // 10))
        if self.human_turn and self.keyboard:
            rect = self.geo.place_rect(self.geo.places()[self.cursor], self.cols)
            # The keyboard's place: a ring as thick as the theme's focus, just outside the cards.
            thick = theme.focus_width() - 1
            pygame.draw.rect(surface, CURSOR, rect.inflate(4 + 2 * thick, 4 + 2 * thick), width=thick, border_radius=10)

    def _draw_hint(self, surface: pygame.Surface) -> None:
        assert self.hint_shown is not None
        moves, left = self.hint_shown
        first = moves[0]
        start = self.sprites[first.card].rect().center
        end = self.geo.place_rect(first.to, self.cols).center
        pulse = 0.8 + 0.2 * math.sin(self.clock * 6)
        ring = self.app.cards.outline(round(self.geo.card_w), theme.GOLD)
        blit_centered(surface, ring, start)
        draw_arrow(surface, start, end, max(4, int(7 * self.s)), theme.GOLD, pulse)
        what = self.to_player(T("Hint: {card} to {place}", card=first.card, place=first.to.words()))   # 10♦, not "TD"
        if len(moves) > 1 and any(m.to != first.to for m in moves[1:]):
            what += f" ({len(moves)} moves)"
        image = render_text(what, max(13, int(18 * self.s)), theme.GOLD, bold=True)
        rect = image.get_rect(center=(self.size[0] // 2, self.geo.buttons_y - image.get_height())).inflate(24, 10)
        panel(surface, rect, radius=10, edge=theme.GOLD)
        blit_centered(surface, image, rect.center)

    def _draw_status(self, surface: pygame.Surface) -> None:
        minutes, seconds = divmod(int(self.elapsed), 60)
        moves = counted(self.state.moves, "move")
        text = f"{deal_number(self.state.deal)}   ·   {moves}"
        if not self.watching:  # (a replay's clock is not the player's)
            text += f"   ·   {minutes}:{seconds:02d}"
        if self._is_stuck():
            text += "   ·   no moves left" + ("" if self.watching else ": undo or restart")
        image = render_text(text, max(13, int(19 * self.s)), theme.INK, bold=True)
        rect = image.get_rect(center=(self.size[0] // 2, self.geo.status_y)).inflate(24, 10)
        panel(surface, rect, radius=10, edge=None)
        blit_centered(surface, image, rect.center)
        if self.app.settings.winnable_light and not self.watching:
            self._draw_lamp(surface, rect)

    # The "still winnable" lamp (Settings): what the worker's solver found for the position on
    # the table (``known``, filled by _poll_hint after every move): a mark as well as a colour.
    LAMPS = {"yes": ((70, 190, 90), "✓"), "no": ((210, 70, 60), "✗"), "unknown": ((150, 150, 140), "?"),
             "checking": ((60, 80, 68), "…")}

    def winnable_now(self) -> str:
        """"yes", "no", "unknown" (the solver's budget ran out) or "checking"."""
        if self.state.won:
            return "yes"
        if self._position() not in self.known:
            return "checking"
        line = self.known[self._position()]
        return "yes" if line else "no" if line is False else "unknown"

    def _draw_lamp(self, surface: pygame.Surface, status: pygame.Rect) -> None:
        colour, mark = self.LAMPS[self.winnable_now()]
        radius = max(7, status.height // 2 - 2)
        centre = (status.right + radius + int(8 * self.s), status.centery)
        pygame.draw.circle(surface, colour, centre, radius)
        pygame.draw.circle(surface, theme.INK, centre, radius, 1)
        blit_centered(surface, render_text(mark, max(10, int(radius * 1.3)), theme.INK, bold=True), centre)

    def _is_stuck(self) -> bool:
        """The rules' ``stuck()``, worked out once per position rather than every frame."""
        key = self._position()
        if self._stuck_for != key:
            self._stuck_for, self._stuck = key, self.state.stuck()
        return self._stuck

    def _draw_buttons(self, surface: pygame.Surface) -> None:
        g = self.geo
        gap = int(10 * self.s)
        width = int(min(120 * self.s, (self.size[0] - 40 - gap * 5) / 6))
        height = int(34 * self.s)
        left = (self.size[0] - (width * 6 + gap * 5)) // 2
        enabled = (self.session.can_undo, self.session.can_redo, not self.state.is_over(),
                   self.session.can_undo, True, True)
        for k, (button, on) in enumerate(zip(self.buttons, enabled)):
            button.rect = pygame.Rect(left + k * (width + gap), g.buttons_y, width, height)
            button.text_size = max(12, int(17 * self.s))
            button.enabled = on
            button.draw(surface)
        keys = "Drag or click cards · double/right-click sends home · Ctrl+Z/Y · H hint · arrows+Enter"
        image = fitted(keys, max(11, int(13 * self.s)), theme.INK_DIM, self.size[0] - 24)
        spot = image.get_rect(center=(self.size[0] // 2, g.buttons_y + height + image.get_height()))
        surface.blit(image, spot.clamp(surface.get_rect()))

    def _draw_win(self, surface: pygame.Surface) -> None:
        minutes, seconds = divmod(int(self.elapsed), 60)
        title = render_text("You win!", int(64 * self.s), theme.GOLD, bold=True)
        sub = render_text(f"{counted(self.state.moves, 'move')} in {minutes}:{seconds:02d}", int(26 * self.s), theme.INK)
        blit_centered(surface, title, (self.size[0] // 2, self.size[1] // 2 - 20 * self.s))
        blit_centered(surface, sub, (self.size[0] // 2, self.size[1] // 2 + 36 * self.s))

    # saving ----------------------------------------------------------------------------------

    def autosave(self) -> None:
        from app.window.tables.seahaven_parts import save_progress

        if not self.spectator and self.player_moved:  # cards sent home alone are not a game yet
            save_progress(self.session, self.elapsed)


Table = SeahavenTable


class Replay(ReplayControls, SeahavenTable):
    """Seahaven Towers watched from a recording."""


class Review(ReviewControls, SeahavenTable):
    """Seahaven Towers reviewed with the coach."""
