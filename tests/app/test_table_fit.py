"""Small-window layout checks of tables: nothing a player needs to read is drawn under
something else."""

from __future__ import annotations

import pygame
import pytest

from app.window.render.table import nameplate

from tests.app.ui_driver import FRAME, make_app, post_key, step_until, table


@pytest.mark.parametrize("size", [(820, 580), (1280, 800)])
@pytest.mark.parametrize("seats", [2, 4, 6])
def test_ninety_nine_plates_and_tokens_sit_clear_above_each_hand(size, seats):
    app = make_app(size)
    try:
        scene = table(app, "ninety_nine", seats=seats)
        for _ in range(90):
            app.step(FRAME)
        scene.anim.finish_all()
        plate_h = nameplate("P1", "Computer", max(13, int(18 * scene.s)), False, False).get_height()
        tokens_bottom = 3 + 2 * max(6, int(8 * scene.s))
        for seat, hand in enumerate(scene.hands):
            if seat == scene.viewer or not hand:
                continue
            plate_y = scene.opponent_ys[seat][0]
            assert plate_y - plate_h / 2 >= 0                      # the plate is on screen
            under_plate = plate_y + plate_h / 2 + tokens_bottom     # the bottom of its tokens
            assert min(sprite.rect().top for sprite in hand) >= under_plate, (seat, size)
    finally:
        pygame.quit()


# --- the bidding tables: the auction panel passes between the seats --------------------------

def _first_call(app, scene, frames: int = 20000) -> None:
    """Play on, the human passing, until the human opens an auction (every bid is legal,
    the panel at its biggest)."""
    from tests.app.ui_driver import post_key, settle

    for _ in range(frames):
        if scene.choosing_call():
            state = scene.session.state
            if state.standing is None and not state.cop_chance:
                return
            post_key(app, pygame.K_p, "p")
        app.step(FRAME)
        settle(app)
    raise AssertionError("the human never opened an auction")


def _chip_rects(scene) -> dict[int, pygame.Rect]:
    from app.window.render.text import render_text

    size = max(11, int(14 * scene.s))
    return {s: scene.chip_rect(s, render_text(scene.chip_label(s), size, (0, 0, 0), bold=True))
            for s in range(scene.session.state.seats)}


def _assert_panel_clear_and_whole(scene, size, every: bool = True) -> None:
    """``every``: the panel holds every legal call, each with its payment (Nash Whist's
    after "More bids"); else a list of the first few, each with its meaning."""
    from app.window.render.text import render_text
    from app.window.tables.auction import MIN_TEXT, _foot

    panel = scene.panel()
    chips = _chip_rects(scene)
    for seat in range(scene.session.state.seats):
        if seat == scene.viewer:
            continue
        assert not panel.box.colliderect(scene.plate_rects[seat]), (seat, size, "plate")
        assert not panel.box.colliderect(chips[seat]), (seat, size, "chips and call")
    assert pygame.Rect((0, 0), size).contains(panel.box)
    legal = scene.session.state.legal_actions(scene.viewer)
    calls = [c for c in panel.choices if c.label not in ("More bids", "Fewer bids")]
    if every:
        assert sorted(map(repr, (c.action for c in calls))) == sorted(map(repr, legal))  # every call
        assert all(c.pay is not None for c in calls if c.label not in ("Pass",))        # with its payment
    else:
        assert all(c.action in legal and c.meaning for c in calls) and not panel.overflows   # each with its meaning
    assert " · ".join(panel.note_lines) == scene.panel_note()                            # the note, whole
    for index, choice in enumerate(panel.choices):
        assert panel.visible(index) or panel.scrollable
        room = panel.box.width - max(6, panel.text_size // 2) * 2  # its description, read in full
        fit, lines = _foot(choice.tip or choice.label, max(MIN_TEXT, panel.text_size - 2), room)
        assert len(lines) <= panel.foot_lines and fit >= MIN_TEXT  # the panel kept room for them
        words = [w for w in " ".join(lines).split() if w != "·"]
        assert words == [w for w in (choice.tip or choice.label).split() if w != "·"]  # every word of it
        assert all(render_text(line, fit, (0, 0, 0)).get_width() <= room for line in lines)
    assert panel.text_size >= MIN_TEXT


@pytest.mark.slow
@pytest.mark.parametrize("seats,size", [(5, (1280, 800)), (6, (1280, 800)), (5, (820, 580)), (6, (820, 580)),
                                        (4, (820, 580)), (6, (800, 560))])
def test_nash_whist_first_call_panel_leaves_every_plate_and_call_in_sight(seats, size):
    app = make_app(size)
    app.settings.animation_speed = "fast"
    try:
        from games.nash_whist import rules as nw

        scene = table(app, "nash_whist", seats=seats, seed=3, options={"end": nw.END_DEALS, "deals": 24})
        _first_call(app, scene)
        for every in (False, True):          # the first bids, then every bid ("More bids", M)
            for _ in range(3):
                app.step(FRAME)  # the plates drawn as they are while the panel shows
            _assert_panel_clear_and_whole(scene, size, every)
            post_key(app, pygame.K_m, "m")
    finally:
        pygame.quit()


@pytest.mark.parametrize("size", [(820, 580), (1280, 800)])
def test_nap_at_seven_seats_keeps_the_panel_off_the_plates(size):
    app = make_app(size)
    app.settings.animation_speed = "fast"
    try:
        scene = table(app, "nap", seats=7, seed=3)
        step_until(app, scene.choosing_call)
        for _ in range(3):
            app.step(FRAME)
        _assert_panel_clear_and_whole(scene, size)
    finally:
        pygame.quit()


@pytest.mark.parametrize("seats,seed", [(6, 3), (6, 5), (5, 3), (4, 3)])
def test_nash_whist_turned_trumps_card_and_words_clear_the_plates(seats, seed):
    size = (820, 580)
    app = make_app(size)
    try:
        scene = table(app, "nash_whist", seats=seats, seed=seed, humans=0)
        for _ in range(240):
            app.step(FRAME)
        scene.anim.finish_all()
        app.step(FRAME)
        words = scene.turned_label_rect()
        card = scene._indicator_rect((scene.turned.x, scene.turned.y))
        assert card.contains(words)  # what the turned card keeps clear includes its words
        for seat, plate in scene.plate_rects.items():
            assert not words.colliderect(plate), (seat, words, plate)
    finally:
        pygame.quit()


def test_a_banner_on_a_crowded_table_leaves_the_top_plates_in_sight():
    app = make_app((820, 580))
    try:
        scene = table(app, "nap", seats=7, seed=3, humans=0)
        for _ in range(30):
            app.step(FRAME)
        scene._banner("P4 plays Two for 2", 2.0)
        app.step(FRAME)
        assert scene.banner_box.width and scene.banner_box.collidelist(
            [r for s, r in scene.plate_rects.items() if s != scene.viewer]) == -1
    finally:
        pygame.quit()


# --- Abstrac and Seahaven ----------------------------------------------------------------------

@pytest.mark.parametrize("size", [(800, 560), (820, 580), (1280, 800)])
def test_abstrac_suit_names_are_legible_and_inside_their_box(size):
    app = make_app(size)
    try:
        scene = table(app, "abstrac")
        for _ in range(30):
            app.step(FRAME)
        for seat in (0, 1):
            area = scene._area_rect(seat)
            beds = scene._beds(seat)
            for (label, at), bed in zip(scene._suit_labels(seat), beds):
                assert label.get_height() >= 14 and scene._label_size() >= 12   # 12 px text or more
                assert area.contains(at) and at.bottom <= bed.top                # over its bed, in the box
    finally:
        pygame.quit()


@pytest.mark.parametrize("size", [(800, 560), (820, 580), (1024, 640), (1280, 800), (1920, 1080)])
def test_seahaven_top_row_leaves_room_under_menu_and_rules(size):
    from app.window.shell import MIN_SIZE
    from app.window.tables.seahaven_parts import TOP_ROW

    assert size[0] >= MIN_SIZE[0] and size[1] >= MIN_SIZE[1]
    app = make_app(size)
    try:
        scene = table(app, "seahaven")
        for _ in range(5):
            app.step(FRAME)
        buttons = [scene.menu_button.rect, scene.rules_button.rect]
        assert all(b.width for b in buttons)
        for place, _ in TOP_ROW:  # the foundations and towers
            slot = scene.geo.slot_rect(scene.geo.top(place))
            for button in buttons:
                shadowed = button.union(button.move(0, 3))  # the button and its shadow
                if slot.left < shadowed.right and shadowed.left < slot.right:
                    assert slot.top >= shadowed.bottom + 6, (place, slot, button)
    finally:
        pygame.quit()


@pytest.mark.parametrize("size", [(800, 560), (1280, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_abstrac_hints_stay_clear_of_the_match_box_and_points_of_the_window(size):
    """The "Deal 1 of 2" box no longer covers the hint bar, and "× 0 taken by ..." stays
    inside the window at the smallest size."""
    from app.window.render.text import font
    from tests.app.ui_driver import make_app, table

    app = make_app(size)
    try:
        scene = table(app, "abstrac")
        app.step(1 / 60)
        scene.relayout_now()   # the row dealt to its places
        hint = font(max(12, int(17 * scene.s))).size("take 1: +12")[0] * 3 + 2 * int(18 * scene.s) + 24
        caption = font(max(10, int(13 * scene.s))).size("your lead at the end if both play perfectly")[0]
        box = scene.hint_box(hint, 30, caption)
        above = pygame.Rect(box.right - caption, box.top - 32, caption, 30)
        match = scene._match_rect()
        assert not box.colliderect(match) and not above.colliderect(match)
        assert pygame.Rect((0, 0), size).contains(box)
        for seat in (0, 1):
            area = scene._area_rect(seat)
            lines = [("0 points in sets and runs", (232, 190, 80)), ("× 13 cards Bartholomew took", (242, 238, 226)),
                     ("= 0 for this deal", (242, 238, 226))]
            for image in scene._points_images(lines, 16, size[0] - area.right - 16):
                assert area.right + 10 + image.get_width() <= size[0] - 6
    finally:
        pygame.quit()


@pytest.mark.parametrize("size", [(800, 560), (1280, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game_id", ["euchre", "nap"])
def test_a_short_hand_uses_the_room_beside_it(game_id, size):
    """Five cards are shown large and nearly whole, not squeezed into a fan, and stay in
    the window clear of the player's plate."""
    app = make_app(size)
    try:
        scene = table(app, game_id)
        step_until(app, lambda: scene.idle and len(scene.hands[scene.viewer]) == 5)
        scene.relayout_now()
        cards = sorted((s.rect() for s in scene.hands[scene.viewer]), key=lambda r: r.left)
        assert cards[0].width >= 1.2 * min(0.07 * size[0], 0.12 * size[1])   # larger than a long hand
        for left, right in zip(cards, cards[1:]):
            assert right.left - left.left >= 0.85 * left.width   # each card nearly whole
        window = pygame.Rect((0, 0), size)
        for rect in cards:
            assert window.contains(rect.inflate(0, -4))
            assert not rect.colliderect(scene.plate_rects[scene.viewer])
    finally:
        pygame.quit()
