"""What every game table shares: events from the rules core queued and shown one by one as
animations, bots that think off the frame loop and act at a human pace, pass-the-screen
for several humans, pause (Esc), rules (F1), the history log, and the results at the end.

A game's table subclasses ``TableScene`` and implements ``sync`` (build the picture from a
view), an ``_on_<EventType>`` method for each event it animates (returning how long to hold
before the next; ``show`` dispatches to them), ``draw_table`` and ``on_input`` (turn a
player's input into an action).
"""

from __future__ import annotations

import re
import time
from collections import deque
from typing import TYPE_CHECKING, Any

import pygame

from app.window import event_sounds
from app.core import resume
from app.window.anim.tween import Animator
from app.window.pace import GamePace
from app.window.render.cards import PaintLater
from app.window.render.table import felt
from app.window.render.text import font, px, render_text, wrap
from app.window.scenes import table_chat
from app.window.scenes.base import Scene
from app.window.scenes.key_line import KeyLine
from app.core.table_session import NetworkedSession, TableSession
from app.window.ui import theme
from app.core.words.language import _
from app.core.words import net_words, promise_words
from app.core.words.names import SeatNames, level_word, name_session
from app.core.words.card_words import card_name
from app.core.words.render import render, spoken
from app.core.words.spoken_words import hand_by_suit, scores_line, trick_so_far, turn_line
from app.window.ui.widgets import Button, blit_centered, panel, shade_layer
from games.core.protocol import Action, Event, IllegalAction
from games.core.cards import Card
from games.core.words import N, T, Who, Words

if TYPE_CHECKING:
    from app.window.scenes.base import AppServices

BOT_PACE = 0.6      # seconds a bot takes at least, so people can follow the play
END_PAUSE = 1.6     # seconds the final position stays before the results
PAINT_AHEAD = 0.003  # seconds a frame may spend painting cards before the first picture
RUSH_BUDGET = 0.012  # seconds a frame may spend playing the computers' moves at once
HISTORY_ROWS_AT_LEAST = 6   # the history panel's rows, even where a hand lies higher in its column


def _words(line: str) -> set[str]:
    """A line's words, whatever their case and the punctuation between them."""
    return set(re.findall(r"\w+", line.lower()))


def watched(session: TableSession) -> bool:
    """True when the session is a replay: the game is watched, not played, so a table shows
    none of the prompts, key caps and controls meant for a player, and takes no input."""
    return session.kind == "replay"


class TableScene(Scene):
    name = "table"
    banner: tuple[str, float] = ("", 0.0)   # a headline and the seconds it stays up
    _wash_offered = False   # the deck is washed (app.window.anim.wash) once, before the first deal

    def __init__(self, app: AppServices, session: TableSession) -> None:
        super().__init__(app)
        self.session = session
        self.watching = watched(session)
        self.anim = Animator(app.animation_speed)
        self.game_pace = GamePace.from_animation_speed(app.animation_speed)  # the game's own clock
        self.queue: deque[Event] = deque()
        self.hold = 0.0
        self.bot_clock = 0.0
        self.end_clock = 0.0
        self.log: deque[Words] = deque(maxlen=200)   # what the events said, rendered when drawn
        self.told: deque[Event] = deque(maxlen=200)   # the events behind the log, unredacted
        self.told_count = 0   # how many events were told in all (the deque keeps the last 200)
        self._out_said = False   # "You are out of this game" was said
        self.show_log = False
        self.curtain_for: int | None = None
        self._turn_said = -1   # "Your turn" was said for the turn after this many events
        self.message = ""
        self.message_time = 0.0
        self._bot_action: Any = None
        self._end_sounded = False
        self._resyncs = _resyncs(session)   # a networked game's returns after a drop
        self._move_clock = 0.0   # a networked game: idle time since the last move was taken
        self._to_results = False
        self.key_line = KeyLine()   # Esc/F1/L/F11 at the top right, where the table leaves room
        # The first picture needs every card image the table shows (faces, backs, shadows at
        # each width): painting them all in one frame took 10-40 ms. Until the table has been
        # drawn whole once, each frame paints a few milliseconds' worth and shows the bare
        # felt; meanwhile nothing moves, so the deal starts from its first frame.
        self.pictured = False
        self.painting_ahead = False
        humans = session.humans
        self.viewer: int = humans[0] if humans else 0
        self.spectator = not humans
        # Every seat's person, fixed in the session's setup so replays show the same names.
        self.people: list[str] = name_session(session, app.settings.player_name, app.settings.other_players)
        self.size = app.screen.get_size()
        self.menu_button = Button(_("Menu"), self.pause, kind="quiet", text_size=18)
        self.rules_button = Button(_("Rules"), self.open_rules, kind="quiet", text_size=18)
        # Once every human is knocked out, or sits the deal out: "Play the rest" (or Enter)
        # plays the computers' moves at once, without animation, to the results (or to the
        # next deal a human plays in).
        self.rest_button = Button(_("Play the rest (Enter)"), self.play_rest, kind="primary")
        self.gone_button = Button(net_words.BACK_TO_MENU, self.leave_gone_table, kind="primary")
        self.rushing = False
        self.chat = table_chat.panel_for(self)   # a networked table's chat (None at home)
        self._say_promise(session)
        self.layout(self.size)
        self.sync(self.current_view())
        self.queue.extend(session.opening)

    def _say_promise(self, session: TableSession) -> None:
        """At a networked table, the promise of this deal (app/core/deal_proof.py), short:
        said at the top as the table opens, and kept first in the history."""
        network = session.network
        promised = network.promised if network is not None else None
        if promised is not None:
            line = promise_words.promise_line(promised)
            self.log.append(Words.plain(line))
            self.app.notify(line, 6.0)

    # for subclasses -------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        """Compute positions for this window size."""

    def sync(self, view: Any) -> None:
        """Rebuild the whole picture from a view (start, viewer change, resize)."""

    def show(self, event: Event) -> float:
        """Animate one event; return the seconds to wait before the next one.

        An event goes to the table's ``_on_<EventType>`` method (``_on_Dealt`` for a
        ``Dealt``), which returns the seconds to hold, or None for no hold. An event type the
        table has no method for changes nothing on screen and holds nothing."""
        handler = getattr(self, "_on_" + type(event).__name__, None)
        if handler is None:
            return 0.0
        held = handler(event)
        return 0.0 if held is None else float(held)

    def draw_table(self, surface: pygame.Surface) -> None:
        """Draw the game."""

    def on_input(self, event: pygame.event.Event) -> None:
        """A player's input while it is a human's turn and nothing is being shown."""

    # shared behaviour ----------------------------------------------------------------------

    def current_view(self) -> Any:
        """The view this table draws: the viewer's, or with no human at the table the
        spectator's (``view(None)``: every hand face down, as its events already are). The
        viewer's seat still sits at the bottom of the layout."""
        return self.session.state.view(None if self.spectator else self.viewer)

    @property
    def idle(self) -> bool:
        """Nothing is queued or held: the picture matches the rules state."""
        return not self.queue and self.hold <= 0

    @property
    def human_turn(self) -> bool:
        """True when the viewer is a human who may act now."""
        state = self.session.state
        return (self.idle and self.curtain_for is None and not state.is_over()
                and self.viewer in state.to_act() and self.session.is_human(self.viewer))

    def act(self, action: Action) -> bool:
        """Apply a player's action; an illegal one is explained and changes nothing."""
        try:
            events = self.session.apply(action)
        except IllegalAction as problem:
            self.say(self.to_player(problem.message))
            return False
        self.queue.extend(events)
        resume.after_action(self.session)  # kept for "Continue" (written off the frame loop)
        return True

    def prepare_hidden(self, budget: float) -> None:
        """Work the table would do on its first frames, done while the wash hides it, for
        about ``budget`` seconds a frame (a table that paints its cards ahead does it here,
        not on the frames the deal is animated in). Nothing, for most tables."""

    @property
    def settled(self) -> bool:
        """Whether the picture can change only by updating (not while cards are still
        being painted ahead for the first picture)."""
        return self.pictured

    def to_player(self, text: Words | str) -> str:
        """A message of the rules core (an event's, a refusal's) as the player reads it:
        people's names for seats, "You" for the one human with verbs that agree ("You have
        no cards to flip"), cards as 10♠ (``render``). A ``str`` is a line already made
        (the server's own words), shown as written."""
        return render(text, SeatNames(self.people, self.you_seat()))

    def history_line(self, line: Words | str) -> str:
        """A line of the history (L) as drawn."""
        return self.to_player(line)

    def seat_label(self, seat: int) -> str:
        """A plate's small second line for who plays the seat: a computer player's level
        ("Hard"); "Human" for one of several humans; under "You", the player's own name
        (so the plate says whose it is), or nothing while they have not given one. At a
        networked table, "reconnecting" for a player whose connection is down."""
        net = self.session.network
        note = net.seat_note(seat) if net is not None else None
        if note is not None:
            return note
        plan = self.session.setup.seats[seat]
        if not plan.human:
            return level_word(plan.difficulty)
        if self._name(seat) != "You":
            return "Human"
        own = self.people[seat]
        return "" if re.fullmatch(r"Player \d+", own) else own

    def say(self, text: str, seconds: float = 2.5) -> None:
        self.message, self.message_time = text, seconds
        self.app.speech.say(spoken(text), interrupt=True)   # (a refusal: the player needs it now)

    def _banner(self, text: str, seconds: float, said: str | None = None) -> None:
        """Put up a headline for a while; each table draws it where its cloth has room. It
        is said too, or ``said`` instead where the event before it already said part of it
        ("" says nothing)."""
        self.banner = (text, seconds)
        line = spoken(text if said is None else said)
        last = self.app.speech.said[-1:]
        if said is None and last and _words(line) <= _words(last[0]):
            return   # the headline repeats the event just said ("Hand 1 · Mabel deals"): once is enough
        self.app.speech.say(line)

    # speech: what a player who cannot see the table hears ------------------------------------

    def spoken_line(self, text: Words | str) -> str:
        """A line as the speech says it: the log's words, with cards named in full."""
        return spoken(text, SeatNames(self.people, self.you_seat()))

    def spoken_focus(self) -> str | None:
        """The screen handed over in hot-seat play, or the card under the keyboard cursor."""
        if self.curtain_for is not None:
            return spoken(T("{seat}'s turn: the others look away, then Space.", seat=Who(self.curtain_for)),
                          SeatNames(self.people, None))
        card = self.cursor_card() if self.human_turn else None
        return card_name(card) if card is not None else None

    def cursor_card(self) -> Card | None:
        """The card under the keyboard cursor (tables that have one say it as it moves)."""
        return None

    def spoken_scores(self) -> list[tuple[str, int]]:
        """Who has what score, as the table names them (one per seat, where the view keeps
        one score per seat; tables with sides say the sides)."""
        scores = getattr(self.current_view(), "scores", None)
        if scores is None or len(scores) != len(self.people):
            return []
        return [(self._name(seat), score) for seat, score in enumerate(scores)]

    def spoken_turn(self) -> str:
        """What the player hears when their turn comes ("Your turn: you can play ...")."""
        return turn_line()

    def _speak_turn(self) -> None:
        """Say "your turn" once as it comes, not every frame: once for each turn, a turn
        being known by what had happened before it (at the fastest pace a player's move
        and the next turn can both pass within one frame)."""
        if self.human_turn and self._turn_said != self.told_count:
            self._turn_said = self.told_count
            self.app.speech.say(self.spoken_turn())

    def _speak_knocked_out(self) -> None:
        """Once every human is out, say so and how to skip the computers' play (once)."""
        if not self._out_said and self.idle and self.humans_knocked_out():
            self._out_said = True
            self.app.speech.say(self.spoken_line(T("You are out of this game: Enter plays the rest at once.")))

    def speak_on_demand(self, key: int) -> bool:
        """F2 your hand, F3 the table, F4 the score, F5 whose turn, F6 say that again."""
        speech = self.app.speech
        if not speech.speaking or key not in (pygame.K_F2, pygame.K_F3, pygame.K_F4, pygame.K_F5, pygame.K_F6):
            return False
        if key == pygame.K_F6:
            speech.repeat()
            return True
        view = self.current_view()
        names = SeatNames(self.people, self.you_seat())
        line: str | None = None
        if key == pygame.K_F2 and hasattr(view, "hand"):
            line = hand_by_suit(list(view.hand))
        elif key == pygame.K_F3 and hasattr(view, "trick"):
            line = trick_so_far(list(view.trick), names)
        elif key == pygame.K_F4:
            scores = self.spoken_scores()
            line = scores_line(scores, self.session.spec.score_unit or "") if scores else None
        elif key == pygame.K_F5:
            to_act = self.session.state.to_act()
            line = turn_line(to_act[0], names) if to_act else self.spoken_line(T("Nobody is to act now."))
        speech.say(line or self.spoken_line(T("Nothing to say here for that key.")), interrupt=True)
        return True

    def spoken_history(self, count: int = 6) -> str:
        """The history panel as it opens: its last lines, oldest first, as they were said."""
        lines = [self.spoken_line(line) for line in list(self.log)[-count:]]
        if not lines:
            return self.spoken_line(T("History: nothing has happened yet."))
        return self.spoken_line(N("History, the last line:", "History, the last {count} lines:",
                                                count=len(lines))) + " " + ". ".join(lines) + "."

    def you_seat(self) -> int | None:
        """The seat the table calls "You": the viewer, when one human plays and nobody
        merely watches; None when no seat is spoken to."""
        if not self.spectator and len(self.session.humans) == 1:
            return self.viewer
        return None

    def _name(self, seat: int) -> str:
        """A seat as the table names it: "You" or the person's name."""
        return "You" if seat == self.you_seat() else self.people[seat]

    def _s(self, seat: int) -> str:
        """The verb ending that agrees with the seat's name: "P3 deals", "You deal"."""
        return "" if self._name(seat) == "You" else "s"

    def seen(self, event: Event) -> Event:
        """The event as the seat this table draws for may see it: the viewer (in hot-seat
        play the human whose turn it is; in a replay the watched seat), or, with no human,
        a spectator, who is no seat. The history and the animations use only this."""
        return event.seen_by(None if self.spectator else self.viewer)

    def on_enter(self) -> None:
        # Back from the settings (or anywhere): use the speeds, card looks and language now set.
        self.menu_button.label, self.rules_button.label = _("Menu"), _("Rules")
        self.rest_button.label = _("Play the rest (Enter)")
        self.anim.speed = self.app.animation_speed
        self.game_pace = GamePace.from_animation_speed(self.app.animation_speed)
        drawer = getattr(self, "drawer", None)
        if drawer is not None:
            drawer.restyle(self.app.cards, self.app.settings.card_back)
        if not self._wash_offered:   # first shown: wash the deck over the table, then deal
            self._wash_offered = True
            self.app.nav.wash(self)

    def wash_back(self, width: int) -> pygame.Surface:
        """The back the wash shows, ``width`` pixels wide (Nails washes its round cards)."""
        return self.app.cards.back(width, self.app.settings.card_back)

    def on_exit(self) -> None:
        if self not in self.app.scenes.stack:  # left for good, not just covered by an overlay
            net = self.session.network
            if net is not None and not self._to_results:
                net.leave()
            line = resume.left_table(self.session)
            if line:
                self.app.notify(line, 5.0)

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.key_line.reset()
        self.layout(size)
        self.anim.finish_all()
        self.relayout_now()

    def relayout_now(self) -> None:
        """Move sprites to their places at once (after a resize)."""

    def pause(self) -> None:
        self.app.nav.pause(self)

    def open_history(self) -> None:
        self.app.nav.history(self)

    def open_rules(self) -> None:
        self.app.nav.rules(self.session.spec)

    def again(self) -> None:
        """A new deal at a table of this kind, in this one's place (the pause's New game; a
        networked game offers none: its server deals)."""
        again = self.session.rematch()
        if again is not None:
            self.app.scenes.replace(type(self)(self.app, again))

    def intercept(self, event: pygame.event.Event) -> bool:
        """A networked table's chat sees events first: what is typed into it (or a click
        on it) is not the table's, whatever a game's table does with keys. Before it, the
        way back to the menu from a table that is gone or silent (Enter, or its button)."""
        if self.table_gone() and (self.gone_button.handle_event(event) or (
                event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER))):
            if event.type == pygame.KEYDOWN:
                self.leave_gone_table()
            return True
        return self.chat is not None and table_chat.takes(self, self.chat, event)

    def table_gone(self) -> bool:
        """A networked table that is gone (closed by its host, or the link gave up) or whose
        server has stopped answering: the player is offered the way back to the menu."""
        session = self.session.network
        return session is not None and (session.status == "failed" or session.silent)

    def leave_gone_table(self) -> None:
        session = self.session.network
        if session is not None:
            session.leave()
        self.app.nav.menu()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.pause()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            self.open_rules()
        elif event.type == pygame.KEYDOWN and self.speak_on_demand(event.key):
            return
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_l and not self.human_choosing():
            if self.session.spec.realtime and not self.watching:
                self.open_history()   # a reflex game stops while its history is read
            else:
                self.show_log = not self.show_log
                if self.show_log:
                    self.app.speech.say(self.spoken_history(), interrupt=True)
        elif self.menu_button.handle_event(event) or self.rules_button.handle_event(event):
            return
        elif self._rest_input(event):
            return
        elif self.curtain_for is not None:
            self._curtain_input(event)
        elif self.human_turn:
            self.on_input(event)
        else:
            self.on_input_any_time(event)

    def human_choosing(self) -> bool:
        """True while a prompt of the table wants letter keys for itself."""
        return False

    def on_input_any_time(self, event: pygame.event.Event) -> None:
        """Input that does not need the player's turn (hover effects)."""

    def _curtain_input(self, event: pygame.event.Event) -> None:
        pressed = (event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN)) or (
            event.type == pygame.MOUSEBUTTONUP and event.button == 1)
        if pressed:
            self.viewer = self.curtain_for or 0
            self.curtain_for = None
            # The history, told again for the new viewer: not the last player's own cards.
            self.log = deque((self.seen(e).message() for e in self.told), maxlen=self.log.maxlen)
            self.sync(self.current_view())

    # the frame -----------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self._take_news(dt)
        if self.painting_ahead:
            return
        if self.rushing:
            self._rush()
            return
        self.anim.update(dt)
        self.message_time = max(0.0, self.message_time - dt)
        self.hold = max(0.0, self.hold - self.game_pace.elapsed(dt))
        while self.queue and self.hold <= 0:
            told = self.queue.popleft()
            self.told.append(told)
            self.told_count += 1
            event = self.seen(told)
            self.log.append(event.message())
            self.app.speech.say(self.spoken_line(event.message()))
            pause = self.show(event)
            event_sounds.play_for(event)
            self.hold = self.game_pace.hold(pause)
        if self.idle and self.session.state.is_over():
            self.sound_end()
        if self.idle and self.curtain_for is None:
            self.drive(dt)
        if self.app.speech.speaking:
            self._speak_turn()
            self._speak_knocked_out()

    def _take_news(self, dt: float) -> None:
        """What happened elsewhere: a networked game's moves and the server's refusals (a
        game played here has none)."""
        session = self.session
        session.poll()
        resyncs = _resyncs(session)
        if resyncs != self._resyncs:   # back after a drop: what was missed is only in the view
            self._resyncs = resyncs
            self.queue.clear()
            self.hold = 0.0
            self.anim.finish_all()
            self.sync(self.current_view())
        net = session.network
        if net is not None:
            self._take_moves(net, dt)
        else:
            self.queue.extend(session.take_events())
        for line in session.take_errors():
            self.say(self.to_player(line), 3.5)

    def _take_moves(self, remote: NetworkedSession, dt: float) -> None:
        """A networked game's moves, one at a time once the last is shown; the others' at
        least ``BOT_PACE`` apart, as computers play at home (the server's answer at once)."""
        if not self.idle:
            return
        self._move_clock += self.game_pace.elapsed(dt)
        while self.idle:
            move = remote.next_move()
            if move is None or (move.events and not move.mine and self._move_clock < BOT_PACE):
                return
            events = remote.take_move()
            if events:   # (a message with none only says who is here)
                self.queue.extend(events)
                self._move_clock = 0.0

    def drive(self, dt: float) -> None:
        """Nothing is being shown: let a bot act, hand the screen over, or finish."""
        state = self.session.state
        if state.is_over():
            self.end_clock += dt
            if self.game_pace.waited(self.end_clock, END_PAUSE):
                self.finish()
            return
        bot = self.session.bot_seat()
        if bot is not None:
            self._drive_bot(bot, dt)
            return
        to_act = state.to_act()
        if not to_act:
            return   # a networked game: the server has not answered the last move yet
        seat = to_act[0]
        if seat != self.viewer and self.session.is_human(seat):
            self.curtain_for = seat  # pass the screen: hide the last hand first

    def _drive_bot(self, seat: int, dt: float) -> None:
        self.bot_clock += self.game_pace.elapsed(dt)
        if self._bot_action is None:
            self._bot_action = self.session.think(seat)
        if self._bot_action is not None and self.bot_clock >= BOT_PACE:
            action, self._bot_action, self.bot_clock = self._bot_action, None, 0.0
            self.act(action)

    # playing the rest at once ------------------------------------------------------------

    def humans_knocked_out(self) -> bool:
        """Every human at this (local, live) table is knocked out, or sits this deal out,
        while computers play on: nothing is left for a person to decide (for the game, or
        until the next deal), only minutes of watching."""
        session = self.session
        parts = session.spec.parts
        tests = [test for test in (parts.knocked_out, parts.sits_out) if test is not None]
        if not tests or self.watching or self.spectator or session.network is not None:
            return False
        state = session.state
        # (from each seat's view: the session may hold the rules' state or a ViewState)
        views = [(state.view(seat), seat) for seat in session.humans]
        return not state.is_over() and all(any(test(*seen) for test in tests) for seen in views)

    def _rest_input(self, event: pygame.event.Event) -> bool:
        if self.rushing or not self.humans_knocked_out():
            return False
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.play_rest()
            return True
        self._place_rest()
        return self.rest_button.handle_event(event)

    def play_rest(self) -> None:
        self.rushing = True
        self.anim.finish_all()

    def _rush(self) -> None:
        """The computers' moves, applied as fast as they are decided (a frame's budget at a
        time, so the window stays alive) and told only in the history log; at the end,
        straight to the results."""
        session, deadline = self.session, time.perf_counter() + RUSH_BUDGET
        while True:
            self._tell_quietly()
            if session.state.is_over():
                self.sound_end()
                self.finish()
                return
            seat = session.bot_seat()
            if seat is None or not self.humans_knocked_out():   # (a person plays again: show the table)
                self.rushing = False
                self.sync(self.current_view())
                return
            action = session.think(seat)
            left = deadline - time.perf_counter()
            if action is not None:
                self.act(action)
            elif left > 0:
                session.settle(timeout=left)
            if left <= 0:
                return

    def _tell_quietly(self) -> None:
        """What the queued events said, into the log, without animating them."""
        while self.queue:
            told = self.queue.popleft()
            self.told.append(told)
            self.told_count += 1
            self.log.append(self.seen(told).message())
        self.hold = 0.0

    def _draw_rest(self, surface: pygame.Surface) -> None:
        """The "Play the rest" button, low in the middle where the player's hand was; while
        the rest is played, a line saying so."""
        s = theme.scale_for(self.size)
        if self.rushing:
            image = render_text("Playing the rest…", max(14, int(22 * s)), theme.INK, bold=True)
            rect = image.get_rect(center=(self.size[0] // 2, self.size[1] // 2)).inflate(36, 18)
            panel(surface, rect, radius=10)
            blit_centered(surface, image, rect.center)
            return
        self._place_rest()
        self.rest_button.draw(surface)

    def _place_rest(self) -> None:
        s, button = theme.scale_for(self.size), self.rest_button
        button.text_size = max(14, int(20 * s))
        width = font(button.text_size, bold=True).size(button.label)[0] + int(40 * s)
        button.rect = pygame.Rect(0, 0, width, int(46 * s))
        button.rect.midbottom = (self.size[0] // 2, min(self.size[1] - int(70 * s), self.rest_floor() - int(12 * s)))

    def rest_floor(self) -> int:
        """How low the "Play the rest" button may go: above whatever the table still shows
        of the player's own cards (a hand sat out lies face down)."""
        return self.size[1]

    def sound_end(self) -> None:
        """The win (or lose) sound, once, when the last event of a finished game is shown."""
        if not self._end_sounded:
            self._end_sounded = True
            event_sounds.play_end(self.session)

    def finish(self) -> None:
        remote = self.session.network
        if remote is not None:   # the results of the game replayed here from the server's replay
            self._to_results = True
            try:
                ended = remote.finished()
            except ValueError as problem:
                self.app.notify(str(problem), 6.0)
                ended = None
            self.app.nav.results(ended or remote, remote)
            return
        self.app.nav.results(self.session)

    # drawing -------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        if self.pictured:
            self.draw_table(surface)
        elif not self._draw_first_picture(surface):
            # The bare felt, without the chrome: the key line decides where it fits from
            # the first whole picture, not from an empty table.
            surface.blit(felt(self.size), (0, 0))
            return
        self._draw_chrome(surface)
        if self.rushing or self.humans_knocked_out():
            self._draw_rest(surface)
        if self.show_log:
            self.draw_log(surface)
        if self.chat is not None:
            self.chat.draw(surface, table_chat.rect_for(self, self.chat.typing))
        if self.message_time > 0:
            self._draw_message(surface)
        if self.session.network is not None:
            self._draw_link(surface)
        if self.curtain_for is not None:
            self._draw_curtain(surface)

    def _draw_first_picture(self, surface: pygame.Surface) -> bool:
        """Draw the table with a paint budget; False if it ran out (the next frame carries
        on: what was painted stays cached), True once the whole picture is drawn."""
        clip = surface.get_clip()
        try:
            with self.app.cards.budget(PAINT_AHEAD):
                self.draw_table(surface)
        except PaintLater:
            surface.set_clip(clip)  # (it may have stopped inside a clipped panel)
            self.painting_ahead = True
            return False
        self.pictured, self.painting_ahead = True, False
        return True

    def _draw_chrome(self, surface: pygame.Surface) -> None:
        s = theme.scale_for(self.size)
        # The labels shrink with the window, and the buttons never shrink below their labels.
        size = max(13, round(18 * s))
        self.menu_button.text_size = self.rules_button.text_size = size
        widest = max(render_text(b.label, size, theme.INK, bold=True).get_width()
                     for b in (self.menu_button, self.rules_button))
        w = max(int(96 * s), widest + 16)
        h = max(int(34 * s), px(size) + 10)
        self.menu_button.rect = pygame.Rect(10, 10, w, h)
        self.rules_button.rect = pygame.Rect(20 + w, 10, w, h)
        self.menu_button.draw(surface)
        self.rules_button.draw(surface)
        self.key_line.draw(surface, self.size, s, self.rules_button.rect.right)

    def history_layout(self) -> tuple[pygame.Rect, int, list[str]]:
        """The history panel, its text size and its rows: the latest lines, each broken
        to the panel's width (a long line used to run past its edge), as many as fit."""
        s = theme.scale_for(self.size)
        size = max(12, int(15 * s))
        width = int(330 * s)
        top = int(56 * s)
        bottom = self.history_bottom(pygame.Rect(10, top, width, self.size[1] - top))

        def rows_to(foot: int) -> int:   # the rows that fit between the panel's top and foot
            return (foot - top - 10) // (px(size) + 4) - 1

        # Above the first hand in its column, but six rows at least: a hand placed high (a
        # six-seat table) is covered for the moment the history is open rather than it say nothing.
        most = min(14, rows_to(self.size[1] - 10), max(HISTORY_ROWS_AT_LEAST, rows_to(bottom)))
        rows: list[str] = []
        for line in reversed(self.log):
            measure, indent = font(size), "   "   # a broken line's rest is indented under it
            parts = wrap(self.history_line(line), measure, width - 20)
            rest = wrap(" ".join(parts[1:]), measure, width - 20 - measure.size(indent)[0]) if parts[1:] else []
            rows[:0] = [parts[0], *(indent + part for part in rest)]
            if len(rows) >= most:
                break
        rows = rows[-most:] if most > 0 else []
        return pygame.Rect(10, top, width, (len(rows) + 1) * (px(size) + 4) + 10), size, rows

    def history_bottom(self, column: pygame.Rect) -> int:
        """How far down the history panel may reach in ``column`` (its place at the top
        left): the window's foot, less a margin; a table with a hand there stops it above
        (the trick tables)."""
        return self.size[1] - 10

    def draw_log(self, surface: pygame.Surface) -> None:
        rect, size, rows = self.history_layout()
        panel(surface, rect)
        y = rect.top + 8
        surface.blit(render_text("History (L to hide)", size, theme.GOLD, bold=True), (rect.left + 10, y))
        for row in rows:
            y += px(size) + 4
            surface.blit(render_text(row, size, theme.INK), (rect.left + 10, y))

    def _draw_message(self, surface: pygame.Surface) -> None:
        s = theme.scale_for(self.size)
        image = render_text(self.message, max(14, int(20 * s)), theme.INK, bold=True)
        rect = self.message_rect(image)
        panel(surface, rect, edge=theme.DANGER, radius=10)
        blit_centered(surface, image, rect.center)

    def message_rect(self, image: pygame.Surface) -> pygame.Rect:
        """Where a message (``say``) goes: below the middle of the table. A table whose
        banners may stand there moves it off them (Nails, Ratscrew)."""
        return image.get_rect(center=(self.size[0] // 2, int(self.size[1] * 0.64))).inflate(28, 16)

    def link_line(self) -> str:
        """A networked table's word on its connection, while it is down, silent or gone."""
        session = self.session.network
        if session is None:
            return ""
        return net_words.link_line(session.status, session.failure, session.link, session.silent,
                                   session.host_name, session.hosting)

    def _draw_link(self, surface: pygame.Surface) -> None:
        line = self.link_line()
        if not line:
            return
        s = theme.scale_for(self.size)
        image = render_text(line, max(14, int(20 * s)), theme.INK, bold=True)
        if image.get_width() > self.size[0] - 40:
            image = render_text(line, max(12, int(15 * s)), theme.INK, bold=True)
        # Just above where the table's own messages go (``_draw_message``): both may show.
        rect = image.get_rect(center=(self.size[0] // 2, 0)).inflate(28, 14)
        rect.bottom = int(self.size[1] * 0.64) - int(26 * s)
        if self.table_gone():      # the way back, under the line
            button = self.gone_button
            button.text_size = max(14, int(20 * s))
            button.rect = pygame.Rect(0, 0, font(button.text_size, bold=True).size(button.label)[0] + int(48 * s),
                                      max(32, int(46 * s)))
            button.rect.midtop = (rect.centerx, rect.bottom + int(10 * s))
        panel(surface, rect, edge=theme.DANGER, radius=10)
        blit_centered(surface, image, rect.center)
        if self.table_gone():
            self.gone_button.draw(surface)

    def _draw_curtain(self, surface: pygame.Surface) -> None:
        surface.blit(shade_layer(self.size, (8, 30, 20, 235)), (0, 0))
        s = theme.scale_for(self.size)
        centre = (self.size[0] // 2, self.size[1] // 2)
        title = render_text(f"Pass to {self.people[self.curtain_for or 0]}", int(48 * s), theme.GOLD, bold=True)
        blit_centered(surface, title, (centre[0], centre[1] - 30 * s))
        sub = render_text("Press Space or click when ready: your hand will be shown", int(22 * s), theme.INK)
        blit_centered(surface, sub, (centre[0], centre[1] + 30 * s))


def _resyncs(session: TableSession) -> int:
    """How many times a networked game has come back after a drop (0 for any other kind)."""
    net = session.network
    return net.resyncs if net is not None else 0
