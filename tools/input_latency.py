"""Measure how late a key press is stamped at a reflex table, in a real window.

Run under an X server (for example ``xvfb-run -a python tools/input_latency.py``; needs
libXtst, which xdotool also uses). A helper thread presses keys with the XTest extension on
its own X connection and notes ``pygame.time.get_ticks()`` as each press is sent; the table
records the stamp the shell gave the key event. The gap between the two is everything
between the press and its stamp: the X server, SDL's queue and our own polling.

    --coarse   stamp only once per frame (what a plain frame loop would do), for comparison
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import threading
import time


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--presses", type=int, default=60)
    parser.add_argument("--coarse", action="store_true")
    args = parser.parse_args()

    import pygame

    from app.core.session import SeatPlan, Session, Setup
    from app.window.shell import App
    from app.window.tables.nails import NailsTable
    from games.registry import GAMES

    app = App(size=(1280, 800))
    spec = GAMES["nails"]
    scene = NailsTable(app, Session(spec, Setup("nails", [SeatPlan(True), SeatPlan(True)], {}, 1)))
    app.start(scene)
    scene.ready = set(scene.at_keys())   # both players ready: the countdown starts at once
    stamps: list[int] = []
    honest = scene._stamp
    scene._stamp = lambda event: stamps.append(honest(event)) or stamps[-1]  # type: ignore[method-assign]
    if args.coarse:
        scene.fine_input = False
        app.poll_input = lambda: None  # type: ignore[method-assign]
        honest_read = pygame.event.get

        def read_input() -> list:
            now = app.ticks()
            events = honest_read()
            for event in events:
                event.ticks = now
            return events
        app.read_input = read_input  # type: ignore[method-assign]
    sent: list[int] = []
    presser = threading.Thread(target=_press, args=(scene, sent, args.presses), daemon=True)
    presser.start()
    while presser.is_alive() or len(stamps) < len(sent):
        dt = app._wait_polling() if getattr(app.scenes.top, "fine_input", False) else app.clock.tick(60) / 1000
        app.step(min(dt, 0.1))
        if not presser.is_alive() and len(stamps) >= len(sent):
            break
    gaps = [s - t for s, t in zip(stamps, sent)]
    print(json.dumps({"mode": "coarse (once a frame)" if args.coarse else "fine (polled between frames)",
                      "presses": len(gaps), "median_ms": statistics.median(gaps),
                      "p90_ms": sorted(gaps)[int(len(gaps) * 0.9)], "max_ms": max(gaps),
                      "min_ms": min(gaps)}, indent=2))
    pygame.quit()


def _press(scene: object, sent: list[int], presses: int) -> None:
    """Press Q ``presses`` times through XTest on our own X connection: the press time is
    taken right before the request is flushed to the X server."""
    import ctypes

    import pygame

    x11 = ctypes.CDLL("libX11.so.6")
    xtst = ctypes.CDLL("libXtst.so.6")
    x11.XOpenDisplay.restype = ctypes.c_void_p
    x11.XStringToKeysym.restype = ctypes.c_ulong
    display = ctypes.c_void_p(x11.XOpenDisplay(None))
    code = x11.XKeysymToKeycode(display, ctypes.c_ulong(x11.XStringToKeysym(b"q")))
    while not getattr(scene, "playing", False):
        time.sleep(0.05)
    rng = random.Random(1)
    for _ in range(presses):
        time.sleep(rng.uniform(0.06, 0.17))   # presses land anywhere inside a frame
        xtst.XTestFakeKeyEvent(display, code, True, 0)
        sent.append(pygame.time.get_ticks())
        x11.XFlush(display)
        time.sleep(0.02)
        xtst.XTestFakeKeyEvent(display, code, False, 0)
        x11.XFlush(display)
    time.sleep(0.3)
    x11.XCloseDisplay(display)


if __name__ == "__main__":
    main()
