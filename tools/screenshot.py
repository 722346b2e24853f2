"""Save what a scene looks like, headless: the menu, a game's setup screen, or its table
after some frames of play. For looking at screens while developing (not used by tests).

    python tools/screenshot.py ninety_nine --size 1280x800 --frames 240 --out /tmp/table.png
    python tools/screenshot.py menu --out /tmp/menu.png   (settings too; PARLOUR_LANG=de for German)
    python tools/screenshot.py replay:nash --at 12 --out /tmp/replay.png   (or replay:FILE, --end)
    python tools/screenshot.py online (or host:GAME, join, lobby:GAME: a lobby with people in it)
"""

from __future__ import annotations

import argparse
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("scene", help="menu, setup:GAME, replay:GAME|FILE, online, host:GAME, join, "
                                      "lobby:GAME, or a game id for its table")
    parser.add_argument("--size", default="1280x800")
    parser.add_argument("--frames", type=int, default=240)
    parser.add_argument("--humans", type=int, default=1)
    parser.add_argument("--seats", type=int)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--out", default="/tmp/shot.png")
    parser.add_argument("--at", type=int, default=8, help="replay: actions played before the shot")
    parser.add_argument("--end", action="store_true", help="replay: play to the end")
    args = parser.parse_args()

    from app.window.scenes.menu import MenuScene
    from app.window.scenes.setup import SetupScene
    from app.core.session import SeatPlan, Session, Setup
    from app.window.shell import App
    from app.window.tables import table_for
    from games.registry import GAMES

    size = tuple(int(v) for v in args.size.split("x"))
    app = App(size=size, headless=True)
    if args.scene == "menu":
        app.start(MenuScene(app))
    elif args.scene == "settings":
        app.start(MenuScene(app))
        app.nav.settings()
    elif args.scene.startswith("replay:"):
        from app.window.scenes.menu import MenuScene as Menu
        from app.window.routes import open_replay
        from replay_shot import demo_replay, run_to  # (tools/ is the script's folder)

        app.start(Menu(app))
        scene = open_replay(app, demo_replay(args.scene.split(":", 1)[1], args.seed, args.humans))
        run_to(app, scene, None if args.end else args.at, args.frames)
        app.capture(args.out)
        print(args.out)
        return
    elif args.scene in ("online", "join") or args.scene.startswith(("host:", "lobby:")):
        from online_shot import online_scene  # (tools/ is the script's folder)

        app.start(online_scene(app, args.scene))
    elif args.scene.startswith("setup:"):
        app.start(SetupScene(app, GAMES[args.scene.split(":", 1)[1]]))
    else:
        spec = GAMES[args.scene]
        seats = args.seats or spec.default_seats
        plans = [SeatPlan(i < args.humans, "normal") for i in range(seats)]
        options = {o.key: o.default for o in spec.options}
        app.start(table_for(spec.id)(app, Session(spec, Setup(spec.id, plans, options, args.seed))))
    for _ in range(max(1, args.frames)):
        app.step(1 / 60)
    app.capture(args.out)
    print(args.out)


if __name__ == "__main__":
    main()
