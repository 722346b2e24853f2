"""Headless UI tests for the Nash Whist table, driven by posted pygame events: the auction
panel offers exactly the legal calls (with their payments) and takes them by mouse and by
keyboard, Prop and Cop make partners, a card is played by a click, the call history
scrolls, seats sitting out are shown without cards, an Open Misere hand is laid face up
after the first trick, and every panel stays inside a small window."""

from __future__ import annotations

import re

import pygame
import pytest

from games.core.trick_events import PlayCard
from games.nash_whist import bids as nwb
from games.nash_whist import rules as nw

from app.window.render.text import font, render_text
from tests.app.ui_driver import click, fast_app, make_app, post_key, step_until, table

SMALL = (820, 580)


@pytest.fixture
def app():
    yield from fast_app()


def start(app, seats: int = 4, seed: int = 3, humans: int = 1, long: bool = False):
    """A Nash Whist table; ``long``: a session of 24 deals rather than once round the table."""
    options = {"end": nw.END_DEALS, "deals": 24} if long else None
    return table(app, "nash_whist", humans=humans, seats=seats, seed=seed, options=options)


def wait_for_call(app, scene) -> None:
    step_until(app, lambda: scene.choosing_call(), frames=8000)


def reveal(app, scene) -> None:
    """Hot seat play: wait for the next human's turn, passing the screen when asked."""
    step_until(app, lambda: scene.curtain_for is not None or scene.human_turn, frames=8000)
    if scene.curtain_for is not None:
        post_key(app, pygame.K_SPACE)
    step_until(app, lambda: scene.human_turn, frames=8000)


def every_bid(app, scene) -> None:
    """Open "More bids" (M), the panel with every legal call by level."""
    if not scene.all_bids:
        post_key(app, pygame.K_m, "m")
    assert scene.all_bids


def click_choice(app, scene, wanted) -> None:
    if all(c.action != wanted for c in scene.panel().choices):
        every_bid(app, scene)  # not among the first bids: behind "More bids"
    panel = scene.panel()
    index = next(i for i, c in enumerate(panel.choices) if c.action == wanted)
    if not panel.visible(index):
        panel.index = index
        panel._show_focus()
    click(app, panel.rect_of(index).center)


def test_the_panel_holds_exactly_the_legal_calls_by_level_and_a_click_bids(app):
    scene = start(app, seats=4, seed=3)
    state = scene.session.state
    wait_for_call(app, scene)
    every_bid(app, scene)
    panel = scene.panel()
    legal = state.legal_actions(0)
    assert [c.action for c in panel.choices[:-1]] == [a for a in legal if not isinstance(a, nw.MakeBid)] + \
        sorted((a for a in legal if isinstance(a, nw.MakeBid)), key=lambda a: a.bid)
    assert panel.choices[-1].label == "Fewer bids"
    for choice in panel.choices:
        if isinstance(choice.action, nw.MakeBid):
            assert choice.pay == choice.action.bid.pay
            assert str(choice.action.bid) in choice.tip
    for row in panel.rows:  # a row with a level's name holds only bids of that level
        if row.heading:
            level = next(n for n, word in nwb.LEVELS.items() if word == row.heading)
            assert {c.action.bid.level for c in row.choices} == {level}
    wanted = next(a for a in legal if isinstance(a, nw.MakeBid) and a.bid.kind == nwb.IN and a.bid.level == 7)
    click_choice(app, scene, wanted)
    assert scene.session.actions[-1] == wanted
    assert scene.history.entries[-1].text.startswith("Seven-In") or scene.queue


def test_the_keyboard_moves_along_and_between_rows_and_calls(app):
    scene = start(app, seats=4, seed=3)
    wait_for_call(app, scene)
    every_bid(app, scene)
    panel = scene.panel()
    assert panel.choices[panel.index].label == "Pass"
    post_key(app, pygame.K_DOWN)   # from Pass down to the Six row's first button
    post_key(app, pygame.K_RIGHT)
    focused = panel.choices[panel.index]
    assert isinstance(focused.action, nw.MakeBid) and focused.action.bid.level == 6
    post_key(app, pygame.K_RETURN)
    assert scene.session.actions[-1] == focused.action


def test_p_passes_and_the_call_shows_at_the_seat(app):
    scene = start(app, seats=4, seed=3)
    wait_for_call(app, scene)
    post_key(app, pygame.K_p, "p")
    assert scene.session.actions[-1] == nw.Pass(0)
    step_until(app, lambda: 0 in scene.calls or scene.session.state.phase != "bid", frames=600)
    assert scene.calls.get(0, "Pass") == "Pass"


def test_prop_and_cop_by_mouse_and_keyboard_make_partners(app):
    scene = start(app, seats=4, seed=3, humans=4)
    state = scene.session.state
    reveal(app, scene)
    proposer = scene.viewer
    click_choice(app, scene, nw.MakeBid(proposer, nwb.Bid(nwb.PROP)))
    assert state.standing == nwb.Bid(nwb.PROP)
    reveal(app, scene)
    copper = scene.viewer
    assert copper != proposer
    assert [c.label for c in scene.panel().choices[:2]] == ["Pass", "Cop"]
    assert scene.panel().title.startswith(f"Cop {scene._name(proposer)}'s Prop")  # the title offers it too
    post_key(app, pygame.K_c, "c")
    assert scene.session.actions[-1] == nw.Cop(copper)
    step_until(app, lambda: scene.idle, frames=2000)
    assert (scene.maker, scene.partner) == (proposer, copper)
    lines = scene.contract_lines()
    assert "Prop-and-Cop" in lines[0] and any("partner" in line for line in lines)
    assert "needs 8 more tricks" in " ".join(lines) or "need 8 more tricks" in " ".join(lines)


def test_after_passing_the_human_plays_a_card_by_a_click(app):
    scene = start(app, seats=4, seed=5, long=True)
    state = scene.session.state
    for _ in range(40):
        step_until(app, lambda: scene.human_turn or state.is_over(), frames=8000)
        if state.phase == "play":
            break
        post_key(app, pygame.K_p, "p")
    assert state.phase == "play" and scene.contract is not None
    assert scene.contract_lines()[0].endswith(f"for {state.contract.pay}")
    sprite = next(s for s in scene.hands[0] if s.card in scene.playable_cards())
    click(app, sprite.rect().center)
    assert scene.session.actions[-1] == PlayCard(0, sprite.card)


def test_the_history_keeps_every_call_and_scrolls(app):
    scene = start(app, seats=4, seed=3, long=True)
    history = scene.history
    for _ in range(30):
        wait_for_call(app, scene)
        if len(history.entries) > history.rows_shown() + 3:
            break
        post_key(app, pygame.K_p, "p")
    deal = max(i for i, e in enumerate(history.entries) if e.kind == "deal")
    shown = [e.text for e in history.entries[deal:] if e.kind in ("bid", "pass")]
    assert shown == ["Pass" if b is None else f"{b} ({b.pay})" for _, b in scene.session.state.auction]
    assert history.back == 0
    centre = history.box.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=centre, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    app.step(1 / 60)
    assert history.back == 2
    post_key(app, pygame.K_PAGEDOWN)
    assert history.back == 0
    short = history.box.height
    post_key(app, pygame.K_h, "h")
    assert history.tall and history.box.height > short
    assert history.box.bottom <= app.screen.get_height()


@pytest.mark.parametrize("seats", [5, 6])
def test_seats_sitting_out_are_shown_without_cards(app, seats):
    scene = start(app, seats=seats, seed=4)
    state = scene.session.state
    step_until(app, lambda: scene.idle and scene.session.state.deal_number >= 1, frames=4000)
    out = set(state.sitting_out)
    assert len(out) == seats - 4 and scene.sitting_out == out
    for seat in range(seats):
        if seat in out:
            assert scene.hands[seat] == [] and scene.plate_bits(seat) == ["sitting out"]
            assert scene.chip_label(seat).endswith("out")
        else:
            assert len(scene.hands[seat]) == 13


def test_an_open_misere_hand_lies_face_up_after_the_first_trick(app):
    scene = start(app, seats=4, seed=3, humans=4)
    state = scene.session.state
    reveal(app, scene)
    declarer = scene.viewer
    click_choice(app, scene, nw.MakeBid(declarer, nwb.Bid(nwb.OPEN_MISERE)))
    while state.phase == "bid":
        reveal(app, scene)
        click_choice(app, scene, nw.Pass(scene.viewer))
    while not state.tricks.done:
        reveal(app, scene)
        playable = [s for s in scene.hands[scene.viewer] if s.card in scene.playable_cards()]
        rank = (lambda s: s.card.rank.value) if scene.viewer == declarer else (lambda s: -s.card.rank.value)
        click(app, min(playable, key=rank).rect().center)  # declarer ducks, the others go high
    assert state.open_hands() and state.contract.is_open, "the declarer should have ducked the first trick"
    step_until(app, lambda: scene.idle, frames=4000)
    for _ in range(2):  # shown by the event to the last player, then rebuilt for the next
        assert scene.viewer != declarer
        laid = scene.hands[declarer]
        assert all(s.face_up for s in laid) and {s.card for s in laid} == set(state.hands[declarer])
        reveal(app, scene)


@pytest.mark.parametrize("seats", [4, 6])
def test_a_small_window_keeps_every_panel_inside(app, seats):
    scene = start(app, seats=seats, seed=3)
    wait_for_call(app, scene)
    every_bid(app, scene)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=SMALL, w=SMALL[0], h=SMALL[1]))
    app.step(1 / 60)
    window = pygame.Rect((0, 0), SMALL)
    assert scene.size == SMALL
    panel = scene.panel()
    assert window.contains(panel.box) and panel.box.contains(panel.view)
    for index in range(len(panel.choices)):
        assert panel.visible(index) or panel.scrollable
    assert window.contains(scene.history.box)
    others = [scene.seat_box(s) for s in range(seats) if s != scene.viewer]
    for drawn in (scene.score_rect, scene.contract_box):
        assert window.contains(drawn) and drawn.collidelist(others) == -1
    hand_top = min(s.rect().top for s in scene.hands[scene.viewer]) if scene.hands[scene.viewer] else SMALL[1]
    assert panel.box.bottom <= hand_top + 4
    post_key(app, pygame.K_END)  # the last bid is reachable by keyboard and scrolled into view
    assert panel.index == len(panel.choices) - 1 and panel.visible(panel.index)


def test_a_cramped_panel_scrolls_to_every_bid():
    from app.window.tables.auction import AuctionPanel
    from app.window.tables.nash_whist_calls import bid_rows

    state = nw.new_game(nw.NashWhistOptions(seats=4), seed=3)
    bids = [a for a in state.legal_actions(state.to_act()[0]) if isinstance(a, nw.MakeBid)]
    chosen = []
    panel = AuctionPanel("Your bid", bid_rows(bids, state.initial_trump), chosen.append)
    panel.layout(pygame.Rect(0, 0, 400, 200), 0.55)
    assert panel.scrollable and panel.box.height <= 200 and panel.box.width <= 400
    seen = set()
    for _ in range(len(panel.choices)):
        assert panel.visible(panel.index)
        seen.add(panel.index)
        panel.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode=""))
    assert seen == set(range(len(panel.choices)))
    panel.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode=""))
    assert chosen == [panel.choices[panel.index].action]


@pytest.mark.slow
def test_the_settlement_says_who_paid_whom(app):
    scene = start(app, seats=4, seed=5, long=True)
    state = scene.session.state
    for _ in range(400):
        step_until(app, lambda: scene.human_turn or state.result is not None, frames=8000)
        if state.result is not None:
            break
        if scene.choosing_call():
            post_key(app, pygame.K_p, "p")
        else:
            click(app, next(s for s in scene.hands[0] if s.card in scene.playable_cards()).rect().center)
    result = state.result
    step_until(app, lambda: scene.summary[1] > 0, frames=4000)
    text = " · ".join(scene.summary[0])
    assert result.bid.title in scene.summary[0][0]
    for p in result.payments:
        payer, payee = scene._name(p.payer), scene._name(p.payee)
        assert f"{payer} {'pay' if payer == 'You' else 'pays'} {payee} {p.chips}" in text
    assert ("takes the pot" in text or "take the pot" in text) == bool(result.pot_won)
    assert (f"The pot keeps its {result.pot} chips" in text) == (not result.pot_won and result.pot > 0)
    assert scene.scores == list(result.chips)


def play_on(app, scene, until) -> None:
    """The human passes every call and plays the ringed card with Enter until ``until()``."""
    state = scene.session.state
    for _ in range(400):
        step_until(app, lambda: until() or scene.human_turn or state.is_over(), frames=8000)
        if until() or state.is_over():
            return
        post_key(app, pygame.K_p, "p") if scene.choosing_call() else post_key(app, pygame.K_RETURN)
    raise AssertionError("never got there")


def test_the_claim_banner_and_the_trumps_speak_of_you(app):
    scene = start(app, seats=4, seed=3)
    state = scene.session.state
    wait_for_call(app, scene)
    top = nw.MakeBid(0, nwb.Bid.parse("Thirteen no trumps"))  # nobody may overbid a Thirteen: the human declares
    click_choice(app, scene, top)
    step_until(app, lambda: scene.contract is not None, frames=4000)
    assert scene.maker == 0 and scene.trump is None and scene.no_trumps()  # no trumps from the start
    banners = []
    play_on(app, scene, lambda: state.result is not None)  # the rules are ahead of the table's animation
    step_until(app, lambda: banners.append(scene.banner[0]) or scene.summary[1] > 0, frames=4000)
    claim = next(text for text in banners if text.endswith("fails"))
    assert claim.startswith("You cannot reach 13 tricks") and "P1" not in claim


@pytest.mark.slow
def test_a_claim_by_a_computer_names_it_and_the_verb_agrees(app):
    scene = start(app, seats=4, seed=5, long=True)
    state = scene.session.state
    banners = []
    play_on(app, scene, lambda: state.result is not None)  # the rules are ahead of the table's animation
    step_until(app, lambda: banners.append(scene.banner[0]) or scene.summary[1] > 0, frames=4000)
    result = state.result
    claim = next(text for text in banners if text.endswith("is made" if result.made else "fails"))
    assert result.declarer != 0 and not re.search(r"\bP\d\b", claim)
    side = scene._name(result.declarer)
    assert claim.startswith(side + (" & " if result.partner is not None else " "))
    if result.made and result.bid.tricks > 1:  # "P3 has taken 7", "P2 and P4 have taken 8"
        assert (" have taken " if result.partner is not None else " has taken ") in claim


def test_a_contract_with_the_turned_trumps_never_flashes_no_trumps(app):
    scene = start(app, seats=4, seed=5, long=True)
    state = scene.session.state
    play_on(app, scene, lambda: scene.contract is not None)
    contract, initial = scene.contract, scene.initial_trump
    assert scene.trump == contract.trump(initial)  # set with the contract, before TrumpSet plays
    assert scene.no_trumps() == (contract.trump(initial) is None)
    assert scene.trump is not None or state.contract.trump(initial) is None


@pytest.mark.slow
@pytest.mark.parametrize("seats,size", [(3, (1280, 800)), (4, (1280, 800)), (4, SMALL), (6, SMALL)])
def test_the_turned_card_stays_clear_of_the_auction_panel(seats, size):
    application = make_app(size)
    application.settings.animation_speed = "fast"
    try:
        scene = start(application, seats=seats, seed=3, long=True)
        window = pygame.Rect((0, 0), size)
        for _ in range(4):  # several of the human's calls, with the Hot Seat in different places
            wait_for_call(application, scene)
            for _ in range(30):
                application.step(1 / 60)
            card = scene._indicator_rect((scene.turned.x, scene.turned.y))
            assert scene.turned.card.suit is scene.initial_trump
            assert not card.colliderect(scene.panel().box) and window.contains(card)
            post_key(application, pygame.K_p, "p")
            play_on(application, scene, lambda: scene.choosing_call())
    finally:
        pygame.quit()


def test_the_panel_names_the_turned_suit_and_says_what_in_out_and_nt_mean(app):
    scene = start(app, seats=4, seed=3)
    wait_for_call(app, scene)
    every_bid(app, scene)
    suit = scene.session.state.initial_trump.title
    panel = scene.panel()
    assert panel.note_lines and " · ".join(panel.note_lines) == scene.panel_note()  # shown in full
    note = scene.panel_note()
    assert note.startswith(f"In: {suit}, the turned suit, stay trumps") and "Out:" in note and "NT: no trumps" in note
    tips = {c.action.bid.kind: c.tip for c in panel.choices if isinstance(c.action, nw.MakeBid)}
    assert f"the turned {suit} trumps" in tips[nwb.IN] and f"instead of the turned {suit}" in tips[nwb.OUT]
    assert "no trumps" in tips[nwb.NO_TRUMPS]
    for line in panel.note_lines:  # the note wraps inside the panel, above the first row of calls
        assert render_text(line, max(11, panel.text_size - 2), (0, 0, 0)).get_width() <= panel.box.width
    assert panel.view.top > panel.box.top and panel.box.contains(panel.view)


@pytest.mark.parametrize("size", [(1280, 800), SMALL])
def test_the_setup_shows_the_number_of_deals_only_for_a_session_by_deals(size):
    from app.window.scenes.setup import SetupScene
    from games.registry import GAMES

    application = make_app(size)
    try:
        application.start(SetupScene(application, GAMES["nash_whist"]))
        application.step(1 / 60)
        scene = application.scenes.top

        def labels() -> list[str]:
            return [row.label for row in scene.rows]

        ends = next(row for row in scene.rows if row.label == "Session ends")
        assert ends.value() == "once round the table" and "Deals in the session" not in labels()
        click(application, ends.rect.center)
        assert scene.setup.options["end"] == nw.END_DEALS and ends.value() == "after a number of deals"
        deals = next(row for row in scene.rows if row.label == "Deals in the session")
        assert labels().index("Deals in the session") == labels().index("Session ends") + 1
        click(application, deals.rect.center)
        assert scene.setup.options["deals"] == 12
        assert all(pygame.Rect((0, 0), size).contains(row.rect) for row in scene.rows)
        assert scene.rows[-1].rect.bottom < scene.start_button.rect.top
        post_key(application, pygame.K_RETURN)
        table_scene = application.scenes.top
        assert table_scene.session.options.end == nw.END_DEALS and table_scene.session.options.deals == 12
    finally:
        pygame.quit()


def test_the_setup_hides_the_deals_again_when_the_session_ends_otherwise(app):
    from app.window.scenes.setup import SetupScene
    from games.registry import GAMES

    app.start(SetupScene(app, GAMES["nash_whist"]))
    app.step(1 / 60)
    scene = app.scenes.top
    ends = next(i for i, row in enumerate(scene.rows) if row.label == "Session ends")
    for _ in range(ends):
        post_key(app, pygame.K_DOWN)
    post_key(app, pygame.K_RIGHT)
    assert any(row.label == "Deals in the session" for row in scene.rows)
    post_key(app, pygame.K_RIGHT)
    assert scene.rows[scene.focus].value() == "when a declarer wins the pot"
    assert not any(row.label == "Deals in the session" for row in scene.rows)


@pytest.mark.parametrize("size", [(1280, 800), SMALL])
def test_f1_shows_the_rules_fitting_the_window_and_scrolling_to_the_end(size):
    application = make_app(size)
    try:
        scene = start(application, seats=4, seed=3)
        application.step(1 / 60)
        post_key(application, pygame.K_F1)
        rules = application.scenes.top
        assert rules is not scene and rules.name == "rules"
        width = rules.box.width - 60
        assert all(font(rules.text_size).size(line)[0] <= width for line in rules.lines)
        assert rules.max_scroll > 0 and rules.lines[0].startswith("Four play each hand")
        for _ in range(40):
            post_key(application, pygame.K_PAGEDOWN)
        shown = rules.lines[rules.scroll:rules.scroll + rules.visible]
        assert shown[-1] == rules.lines[-1]   # (the rules, then the listening keys: main's speech)
        assert any(line.endswith("last trick again.") for line in rules.lines)
        assert "In with the turned suit's pip" in " ".join(rules.lines)
        post_key(application, pygame.K_ESCAPE)
        assert application.scenes.top is scene
    finally:
        pygame.quit()


@pytest.mark.slow
def test_enter_plays_the_ringed_card_even_when_the_first_cannot_follow(app):
    scene = start(app, seats=4, seed=5, long=True)
    state = scene.session.state
    for _ in range(60):
        play_on(app, scene, lambda: scene.human_turn and state.phase == "play")
        hand = scene.hands[0]
        if hand[0].card not in scene.playable_cards():
            break
        post_key(app, pygame.K_RETURN)
    assert hand[0].card not in scene.playable_cards(), "the first card could always be played"
    app.step(1 / 60)
    ringed = hand[scene.selected]
    assert ringed.card in scene.playable_cards() and ringed.marked
    post_key(app, pygame.K_RETURN)
    assert scene.session.actions[-1] == PlayCard(0, ringed.card)


def test_the_session_standings_give_equal_chips_an_equal_place(app):
    scene = start(app, seats=4, seed=3)
    app.step(1 / 60)
    scene._on_SessionOver(nw.SessionOver(winners=(1, 2), chips=(40, 62, 62, 12), reason="Once round the table"))
    lines, _ = scene.summary
    p2, p3, p4 = scene.people[1:]
    assert lines[-1] == f"1. {p2} 62 · 1. {p3} 62 · 3. You 40 · 4. {p4} 12"
    scene._on_SessionOver(nw.SessionOver(winners=(0,), chips=(70, 30, 30, 30), reason="Once round the table"))
    assert scene.summary[0][-1] == f"1. You 70 · 2. {p2} 30 · 2. {p3} 30 · 2. {p4} 30"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_no_call_bubble_stands_on_the_turned_trumps_at_800x560(seed):
    """Issue 28, 7: Maud's "Pass" bubble stood on the "turned trumps" label at 800x560.
    Computers bid a whole auction; at every frame with a bubble up, no bubble meets the
    indicator (its card and its label)."""
    for app in fast_app((800, 560)):
        scene = table(app, "nash_whist", humans=0, seed=seed)
        seen = 0
        for _ in range(900):
            app.step(1 / 60)
            if scene.contract is not None:
                break
            indicator = scene._indicator_rect(scene.stub_spot())
            for seat, (text, _) in scene.bubbles.items():
                seen += 1
                assert not scene.bubble_zone(seat, text).colliderect(indicator), (seat, text, indicator)
        assert seen, "no call was said in a bubble"
