"""The shared clock's arithmetic (app/net/clock.py), with made-up exchanges: uneven delays,
jitter, outliers; and the server's bounds on what a connection's stamps may claim."""

from __future__ import annotations

from random import Random

import pytest

from app.net.clock import (JITTER_ALLOWANCE_CAP_MS, LIE_TOLERANCE_MS, WINDOW_CAP_MS, ClockEstimate,
                           LinkStats)

TRUE_OFFSET = 123_456.0     # the server's clock less the client's


def exchange(clock: ClockEstimate, t0: float, out_ms: float, back_ms: float) -> None:
    clock.add(t0, t0 + out_ms + TRUE_OFFSET, t0 + out_ms + back_ms)


def test_even_delays_give_the_offset_exactly() -> None:
    clock = ClockEstimate()
    for i in range(5):
        exchange(clock, i * 1000.0, 75, 75)
    assert clock.offset_ms == pytest.approx(TRUE_OFFSET)
    assert clock.server_now(10_000.0) == pytest.approx(10_000.0 + TRUE_OFFSET)
    assert clock.rtt_ms == 150 and clock.error_ms == 75


def test_jitter_is_filtered_by_keeping_the_lowest_round_trips() -> None:
    """Each way 150 ms plus 0-40 ms of queueing: the offset of any one exchange can be 20 ms
    off, the estimate from the quickest exchanges is within a few ms."""
    rng = Random(7)
    clock = ClockEstimate()
    errors = []
    for i in range(24):
        out, back = 150 + rng.uniform(0, 40), 150 + rng.uniform(0, 40)
        errors.append(abs((out - back) / 2))
        exchange(clock, i * 500.0, out, back)
    assert max(errors) > 10                                 # single exchanges are poor
    assert clock.offset_ms == pytest.approx(TRUE_OFFSET, abs=5)


def test_outliers_and_asymmetric_stalls_do_not_move_the_estimate() -> None:
    clock = ClockEstimate()
    for i in range(6):
        exchange(clock, i * 100.0, 20, 20)
    exchange(clock, 700.0, 900, 20)        # a stall on the way out: offset wrong by 440 ms
    exchange(clock, 800.0, 20, 1500)       # and one on the way back
    assert clock.offset_ms == pytest.approx(TRUE_OFFSET)
    assert clock.rtt_ms == 40


def test_one_bad_sample_among_the_best_is_outvoted() -> None:
    """Five low round trips, one of them split unevenly: the median ignores it."""
    clock = ClockEstimate(best=5)
    for i, (out, back) in enumerate([(30, 30), (31, 29), (5, 55), (30, 31), (29, 30)]):
        exchange(clock, i * 100.0, out, back)
    assert clock.offset_ms == pytest.approx(TRUE_OFFSET, abs=1)


def test_not_synced_until_three_exchanges_and_time_travel_is_ignored() -> None:
    clock = ClockEstimate()
    assert clock.offset_ms is None and clock.server_now(5.0) == 5.0
    clock.add(100.0, 50.0, 90.0)           # received before it was sent: ignored
    exchange(clock, 0.0, 10, 10)
    exchange(clock, 50.0, 10, 10)
    assert not clock.synced
    exchange(clock, 90.0, 10, 10)
    assert clock.synced


def test_old_samples_are_forgotten() -> None:
    """The estimate follows a clock that moved: only the last ``keep`` exchanges count."""
    clock = ClockEstimate(keep=8)
    for i in range(8):
        exchange(clock, i * 10.0, 5, 5)
    for i in range(8):
        clock.add(1000.0 + i, 1000.0 + i + 5 + TRUE_OFFSET + 40, 1000.0 + i + 10)
    assert clock.offset_ms == pytest.approx(TRUE_OFFSET + 40)


# --- the server's side -------------------------------------------------------------------


def test_a_lie_gains_at_most_the_tolerance_on_a_steady_link() -> None:
    link = LinkStats()
    for _ in range(10):
        link.add_rtt(60.0)                 # 30 ms each way
    pressed, arrival = 1000.0, 1030.0
    assert link.believe(pressed, arrival) == pressed                     # the truth stands
    believed = link.believe(pressed - 100, arrival)                      # a lie of 100 ms
    assert pressed - believed == pytest.approx(LIE_TOLERANCE_MS)
    assert link.believe(arrival + 50, arrival) == arrival                 # no press from the future


def test_honest_jittery_presses_are_believed() -> None:
    """One-way 150 ms plus up to 40 ms of queueing: the slowest honest press is believed."""
    rng = Random(3)
    link = LinkStats()
    for _ in range(32):
        link.add_rtt(300 + rng.uniform(0, 40) + rng.uniform(0, 40))
    assert 0 < link.jitter_ms <= JITTER_ALLOWANCE_CAP_MS
    assert link.believe(1000.0, 1000.0 + 190) == 1000.0


def test_an_unmeasured_link_is_believed_least() -> None:
    link = LinkStats()
    assert link.earliest_believable(500.0) == 500.0 - LIE_TOLERANCE_MS
    assert link.window_need_ms == WINDOW_CAP_MS


def test_the_window_follows_the_largest_one_way_delay_capped() -> None:
    link = LinkStats()
    for delay in (40, 55, 48):
        link.add_upstream(delay)
    assert link.window_need_ms == pytest.approx(60)
    link.add_upstream(400)
    assert link.window_need_ms == WINDOW_CAP_MS
