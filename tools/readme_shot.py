"""Make docs/tables.png for the README: four tables captured by the app itself, tiled.

    python tools/readme_shot.py [--out docs/tables.png]
"""

from __future__ import annotations

import argparse
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

SHOTS = (("seahaven", 200), ("whist", 700), ("ninety_nine", 500), ("nails", 400))
TILE = (640, 400)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", default="docs/tables.png")
    args = parser.parse_args()

    import pygame

    from app.core.session import SeatPlan, Session, Setup
    from app.window.shell import App
    from app.window.tables import table_for
    from games.registry import GAMES

    app = App(size=(1280, 800), headless=True)
    sheet = pygame.Surface((TILE[0] * 2, TILE[1] * 2))
    for index, (game_id, frames) in enumerate(SHOTS):
        spec = GAMES[game_id]
        plans = [SeatPlan(i == 0, "normal") for i in range(spec.default_seats)]
        options = {o.key: o.default for o in spec.options}
        app.start(table_for(game_id)(app, Session(spec, Setup(game_id, plans, options, 7))))
        for _ in range(frames):
            app.step(1 / 60)
            session = getattr(app.scenes.top, "session", None)
            if hasattr(session, "settle"):
                session.settle()
        tile = pygame.transform.smoothscale(app.screen, TILE)
        sheet.blit(tile, ((index % 2) * TILE[0], (index // 2) * TILE[1]))
    os.makedirs(os.path.dirname(args.out) or ".", exist_ok=True)
    pygame.image.save(sheet, args.out)
    print(args.out, os.path.getsize(args.out), "bytes")


if __name__ == "__main__":
    main()
