"""The ``parlour`` command: the menu, a table, the simulator, the benchmark, the self-test.

Every mistake on the command line gets one line on stderr and exit status 2."""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import time
from typing import TYPE_CHECKING, Any, NoReturn, Sequence

from app.net.server.limits import VENUE_HOST_AWAY_S, Limits, proxy_problem
from app.net.wire.addresses import DEFAULT_PORT

if TYPE_CHECKING:   # (the commands import what they need when run: a quick start)
    from app.core.replay_file import Replay
    from app.core.session import Setup
    from games.registry import GameSpec

STARTED = time.perf_counter()
# The computer players' levels (games.registry.DIFFICULTIES, written here so the parser
# imports no game); a game that lacks one says so when it is asked for.
LEVELS = ("easy", "normal", "hard", "expert")
# The windows ``bench`` draws: from the smallest the tables are laid out for to 8K.
BENCH_SMALLEST, BENCH_LARGEST = (320, 240), (7680, 4320)
# pygame greets on stdout when imported; our stdout is JSON for sim, bench and solve.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, exit 2: people read the last line anyway
        self.exit(2, f"parlour: error: {message} (try 'parlour --help')\n")


class _Version(argparse.Action):
    """``--version``: looked up only when asked (reading package metadata costs some 40 ms,
    which every start would pay if the parser's help text held it)."""

    def __call__(self, parser: argparse.ArgumentParser, *args: Any, **kwargs: Any) -> None:
        from app.core.version import look_up

        print(f"parlour {look_up()}")
        parser.exit(0)


def _game_name(text: str) -> str:
    """A game's id as typed by a person: any case, hyphens or spaces for underscores
    (``Whist``, ``ninety-nine``); an unknown one is refused with the list."""
    from games.registry import GAMES

    game_id = text.strip().lower().replace("-", "_").replace(" ", "_")
    if game_id not in GAMES:
        raise argparse.ArgumentTypeError(f"unknown game {text!r}; choose from {', '.join(GAMES)}")
    return game_id


def _games_help() -> str:
    from games.registry import GAMES

    return "the game: " + ", ".join(GAMES)


def _seed(text: str) -> int:
    """A seed or deal number: a whole number a replay can keep (0 to 2**63 - 1)."""
    from app.core.last_setup import MAX_SEED

    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"takes a whole number, not {text!r}") from None
    if not 0 <= value < MAX_SEED:
        raise argparse.ArgumentTypeError(f"takes a whole number from 0 to {MAX_SEED - 1}, not {text}")
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="parlour", description="Parlour: a collection of card games.")
    parser.add_argument("--version", action=_Version, nargs=0, help="print the version and exit")
    parser.add_argument("--selftest", action="store_true", help="run every game headless and exit")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)
    play = sub.add_parser("play", help="go straight to a game's table")
    play.add_argument("game", type=_game_name, help=_games_help())
    play.add_argument("--seats", type=int)
    play.add_argument("--humans", type=int, help="how many seats humans take (default 1, or one for each of --names)")
    play.add_argument("--names", help="the humans' names in seat order, comma-separated, e.g. --names Ann,Bob")
    play.add_argument("--difficulty", choices=LEVELS, default="normal")
    play.add_argument("--deal", "--seed", dest="seed", type=_seed, metavar="N",
                      help="the deal number: the same number deals the same cards (default: random)")
    sim = sub.add_parser("sim", help="bots play many games; prints a JSON summary")
    sim.add_argument("game", type=_game_name, help=_games_help())
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=_seed, default=1)
    sim.add_argument("--seats", type=int)
    sim.add_argument("--difficulty", choices=LEVELS, default="normal")
    sim.add_argument("--bots", help="comma-separated difficulty per seat, e.g. hard,easy,easy,easy")
    sim.add_argument("--paired", action="store_true",
                     help="play each deal once in every seating of the line-up, so the cards' luck evens out")
    _option_flags(sim)
    bench = sub.add_parser("bench", help="frame times of every scene, as JSON")
    bench.add_argument("--scene")
    bench.add_argument("--frames", type=int, default=600)
    bench.add_argument("--size", default="1280x800")
    solve = sub.add_parser("solve", help="solve a deal: a solitaire (seahaven) or Whist's opening leads")
    solve.add_argument("game", type=_game_name, help="seahaven or whist")
    solve.add_argument("--deal", type=_seed, required=True)
    solve.add_argument("--to", type=int, help="solve every deal from --deal to this one; print a summary")
    solve.add_argument("--nodes", type=int, default=None, help="the search budget in positions")
    solve.add_argument("--json", action="store_true", help="print JSON")
    replay = sub.add_parser("replay", help="watch a saved replay on its table")
    replay.add_argument("file", help="a replay file (see the Replays screen; saved under the user data folder)")
    review = sub.add_parser("review", help="the coach's analysis of a saved replay")
    review.add_argument("file", help="a replay file")
    review.add_argument("--seat", type=int, help="the seat to review, from 1 (default: the human's)")
    review.add_argument("--json", action="store_true", help="print JSON with every decision's values")
    verify = sub.add_parser("verify", help="check a networked game's replay: the deal promised, the moves to the end")
    verify.add_argument("file", help="a replay file")
    _network_parsers(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0].lower().startswith("parlour://"):
        argv = ["join", *argv]      # an invitation clicked (build/parlour.desktop passes it first)
    args = parser.parse_args(argv)
    try:
        if args.selftest:
            from app.cli import selftest

            return selftest.run(STARTED)
        if args.command == "sim":
            return _sim(parser, args)
        if args.command == "bench":
            return _bench(parser, args)
        if args.command == "play":
            return _play(parser, args)
        if args.command == "solve":
            return _solve(parser, args)
        if args.command == "replay":
            return _replay(parser, args)
        if args.command == "review":
            return _review(parser, args)
        if args.command == "verify":
            return _verify(args.file)
        if args.command in ("serve", "host", "join", "netbench", "netfair"):
            return _network(parser, args)
        return _open(None)
    except KeyboardInterrupt:
        return 130
    except Exception as error:
        if type(error).__name__ != "NoDisplay":   # (app.window.shell's; imported only with a window)
            raise
        print(f"parlour: {error} (is DISPLAY set? headless: --bot, or join --watch --text)", file=sys.stderr)
        return 1


def _spec(parser: argparse.ArgumentParser, game_id: str) -> GameSpec:
    from games.registry import GAMES

    if game_id not in GAMES:
        parser.error(f"unknown game {game_id!r}; choose from {', '.join(GAMES)}")
    return GAMES[game_id]


def _players(spec: GameSpec) -> str:
    """'4 players', '3 to 7 players' or '1 player': how many a game seats."""
    from app.core.words.grammar import counted

    if spec.min_seats == spec.max_seats:
        return counted(spec.min_seats, "player")
    return f"{spec.min_seats} to {spec.max_seats} players"


def _sim(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    from app.cli.sim import simulate

    spec = _spec(parser, args.game)
    if args.games < 1:
        parser.error("--games must be at least 1")
    given = args.bots is not None
    lineup = [level.strip() for level in args.bots.split(",")] if given else [args.difficulty]
    if given and not all(lineup):
        parser.error("--bots takes a level for each seat, comma-separated, e.g. hard,easy,easy,easy")
    if not spec.bots and given:
        parser.error(f"{spec.title} has no computer players to choose; its automatic player plays")
    if not spec.bots:
        lineup = ["automatic"]
    if spec.bots and any(d not in spec.bots for d in lineup):
        parser.error(f"--bots takes difficulties from {', '.join(spec.bots)}")
    seats = args.seats if args.seats is not None else (len(lineup) if given else spec.default_seats)
    if not spec.min_seats <= seats <= spec.max_seats:
        parser.error(f"{spec.title} is for {_players(spec)}, not {seats}")
    options = _options(parser, spec, args)
    print(json.dumps(simulate(spec, args.games, args.seed, lineup, seats, options, paired=args.paired), indent=2))
    return 0


def _option_flags(command: argparse.ArgumentParser) -> None:
    """A game's options on a command's line (``sim``, ``host``), read by ``_options``."""
    command.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                         help="a game option, e.g. --option variant=pig (repeatable)")
    command.add_argument("--variant", help="shorthand for --option variant=VALUE")


def _options(parser: argparse.ArgumentParser, spec: GameSpec, args: argparse.Namespace) -> dict[str, Any]:
    """``--option KEY=VALUE`` pairs (and ``--variant``) as the game's option values (matched
    against the allowed choices)."""
    pairs = args.option + ([f"variant={args.variant}"] if args.variant else [])
    options: dict[str, Any] = {}
    known = {o.key: o for o in spec.options}
    for pair in pairs:
        key, _, text = pair.partition("=")
        if key not in known:
            parser.error(f"{spec.title} has no option {key!r}; choose from {', '.join(known) or 'none'}")
        values = {str(v).lower(): v for v in known[key].choices}
        if text.lower() not in values:
            parser.error(f"option {key} takes {', '.join(map(str, known[key].choices))}, not {text!r}")
        options[key] = values[text.lower()]
    return options


def _bench(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    from app.cli.bench import bench, scenes

    try:
        width, height = (int(v) for v in args.size.lower().split("x"))
        size = (width, height)
    except ValueError:
        parser.error(f"--size takes WIDTHxHEIGHT, like 1280x800, not {args.size!r}")
    if not (BENCH_SMALLEST[0] <= width <= BENCH_LARGEST[0] and BENCH_SMALLEST[1] <= height <= BENCH_LARGEST[1]):
        parser.error(f"--size takes a window from {BENCH_SMALLEST[0]}x{BENCH_SMALLEST[1]} "
                     f"to {BENCH_LARGEST[0]}x{BENCH_LARGEST[1]}, not {args.size}")
    if args.frames < 1:
        parser.error("--frames must be at least 1")
    if args.scene is not None and args.scene not in scenes():
        parser.error(f"unknown scene {args.scene!r}; choose from {', '.join(scenes())}")
    print(json.dumps(bench(args.scene, max(10, args.frames), size), indent=2))
    return 0


def _solve(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    from app.cli import solve
    from games.seahaven.solver import DEFAULT_NODES

    if args.game not in ("seahaven", "whist"):
        parser.error(f"solve takes seahaven or whist, not {args.game}")
    if args.game == "whist":
        return _solve_whist(parser, args)
    if args.nodes is not None and args.nodes < 1:
        parser.error("--nodes must be at least 1")
    nodes = args.nodes or DEFAULT_NODES
    if args.to is not None:
        if args.to < args.deal:
            parser.error("--to must not be below --deal")
        print(json.dumps(solve.summary(args.deal, args.to, nodes), indent=2))
        return 0
    record = solve.solve_deal(args.deal, nodes)
    print(json.dumps(record) if args.json else solve.describe(record))
    return 0


def _solve_whist(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    from app.cli import solve
    from games.core.double_dummy import dds_available

    if args.to is not None or args.nodes is not None:
        parser.error("--to and --nodes are for seahaven; whist solves one deal")
    if not dds_available():
        parser.error("solving a whole Whist deal needs DDS, which comes with endplay "
                     "(pip install endplay; no wheel yet for this Python)")
    record = solve.whist_deal(args.deal)
    print(json.dumps(record) if args.json else solve.describe_whist(args.deal, record))
    return 0


def _play(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    from app.core.session import SeatPlan, Setup

    spec = _spec(parser, args.game)
    seats = args.seats if args.seats is not None else spec.default_seats
    if not spec.min_seats <= seats <= spec.max_seats:
        parser.error(f"{spec.title} is for {_players(spec)}, not {seats}")
    names = _play_names(parser, args.names)
    humans = args.humans if args.humans is not None else len(names) or 1
    if not 0 <= humans <= seats:
        parser.error(f"--humans must be between 0 and {seats}" if args.humans is not None
                     else f"--names gives {len(names)} names for {seats} seats"
                     + (" (--seats gives more)" if spec.max_seats > seats else ""))
    if not spec.bots and humans < 1:
        parser.error(f"{spec.title} has no computer players: --humans must be at least 1")
    if spec.realtime and humans > _keyboard_players():
        parser.error(f"at most {_keyboard_players()} people share one keyboard at {spec.title}, "
                     f"not {humans}; the other seats are computer players")
    if names and len(names) != humans:
        parser.error(f"--names gives {len(names)} name{'s' * (len(names) != 1)} for {humans} "
                     f"human{'s' * (humans != 1)}: give one for each, in seat order")
    if spec.bots and args.difficulty not in spec.bots:
        parser.error(f"{spec.title}'s computer players are {', '.join(spec.bots)}, not {args.difficulty}")
    plans = [SeatPlan(i < humans, args.difficulty) for i in range(seats)]
    given = names + [""] * (seats - len(names)) if names else None
    return _open(Setup(spec.id, plans, {o.key: o.default for o in spec.options}, args.seed, given))


def _keyboard_players() -> int:
    from app.window.input.bindings import MAX_KEYBOARD_PLAYERS

    return MAX_KEYBOARD_PLAYERS


def _play_names(parser: argparse.ArgumentParser, text: str | None) -> list[str]:
    """The names of ``--names Ann,Bob``, each fit for a plate and none twice; a name that
    cannot be one is refused in one line."""
    from app.core.words.names import NAME_LIMIT, clean_name

    if text is None:
        return []
    names = [part.strip() for part in text.split(",")]
    for name in names:
        if not name:
            parser.error("--names: a name is missing between the commas (like --names Ann,Bob)")
        if not clean_name(name):
            parser.error(f"--names: {name!r} cannot be a player's name (a seat number or \"you\")")
        if len(name) > NAME_LIMIT:
            parser.error(f"--names: {name!r} is longer than {NAME_LIMIT} letters")
    twice = next((name for i, name in enumerate(names) if name.lower() in map(str.lower, names[:i])), None)
    if twice is not None:
        parser.error(f"--names: {twice} is given twice; each player needs a name of their own")
    return [clean_name(name) for name in names]


def _review(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    from app.cli.review import as_json, as_text
    from app.core import review

    replay = _load_replay(parser, args.file, "reviewed")
    if not review.reviewable(replay.game_id):
        parser.error(f"the coach does not review {replay.spec.title} yet; it reviews "
                     + ", ".join(review.analysed()))
    seat = review.default_seat(replay) if args.seat is None else args.seat - 1
    if not 0 <= seat < len(replay.seats):
        parser.error(f"--seat must be between 1 and {len(replay.seats)}")
    result = review.review_replay(replay, seat)
    print(as_json(replay, result) if args.json else as_text(replay, result))
    return 0


def _verify(name: str) -> int:
    from pathlib import Path

    from app.cli.verify import verify

    holds, line = verify(Path(name))
    print(line)
    return 0 if holds else 1


def _load_replay(parser: argparse.ArgumentParser, name: str, purpose: str) -> Replay:
    """The replay file ``name``, or one line saying why it cannot be ``purpose`` (exit 2)."""
    from pathlib import Path

    from app.core import replay_file
    from app.core.storage import BadData

    path = Path(name)
    try:
        return replay_file.load_named_file(path)
    except FileNotFoundError:
        parser.error(f"no replay file {name!r}")
    except IsADirectoryError:
        parser.error(f"{name!r} is a folder, not a replay file")
    except OSError as error:
        parser.error(f"cannot read {name!r}: {error.strerror or error}")
    except BadData as problem:
        parser.error(f"{path.name} cannot be {purpose}: {problem}")


def _replay(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    return _open(None, _load_replay(parser, args.file, "replayed"))


def _open(setup: Setup | None, replay: Replay | None = None) -> int:
    from app.window.scenes.menu import MenuScene
    from app.window.shell import App

    app = App()
    app.start(MenuScene(app))
    if setup is not None:
        from app.core.session import LocalSession
        from app.window.tables import table_for
        from games.registry import GAMES

        spec = GAMES[setup.game_id]
        table = table_for(spec.id)(app, LocalSession(spec, setup))
        app.scenes.push(table)
        table.resize(app.screen.get_size())
    if replay is not None:
        from app.window.routes import open_replay

        open_replay(app, replay)
    return app.run()



# --- play across machines: serve, host, join (app/net; no pygame) ------------------------------


def _network_parsers(sub: Any) -> None:
    serve = sub.add_parser("serve", help="run a Parlour server for networked tables (headless)")
    serve.add_argument("--host", help="the address to listen on (default 127.0.0.1; 0.0.0.0: every network)")
    serve.add_argument("--public", action="store_true",
                       help="a venue: listen on every network, unlisted by mDNS; needs TLS or --behind-proxy")
    serve.add_argument("--behind-proxy", metavar="ADDRESS",
                       help="a reverse proxy at ADDRESS (or a network) speaks TLS for this server: its "
                            "X-Forwarded-For names each player's address for the per-address limits")
    serve.add_argument("--port", type=int, default=DEFAULT_PORT, help="the port (0 picks a free one)")
    serve.add_argument("--data", help="the folder keeping the tables (default: the user data folder)")
    serve.add_argument("--grace", type=float, default=30.0, help=argparse.SUPPRESS)
    serve.add_argument("--reflex-speed", type=float, default=1.0,   # tests: whole reflex games in seconds
                       help=argparse.SUPPRESS)
    serve.add_argument("--chosen-seeds", action="store_true",      # benchmarks: the same deals each run
                       help=argparse.SUPPRESS)
    serve.add_argument("--tls-cert", metavar="FILE", help="serve wss:// with this certificate (PEM; with --tls-key)")
    serve.add_argument("--tls-key", metavar="FILE", help="the certificate's private key (PEM)")
    serve.add_argument("--own-cert", action="store_true",
                       help="serve wss:// with a certificate of its own even on loopback "
                            "(beyond loopback it does so unless given --tls-cert)")
    serve.add_argument("--stalls", metavar="FILE",                 # netbench: where the loop paused
                       help=argparse.SUPPRESS)
    serve.add_argument("--no-announce", action="store_true",
                       help="do not list this server's open tables on the local network (mDNS)")
    serve.add_argument("--allow-origin", action="append", default=[], metavar="ORIGIN",
                       help="a web page (https://HOST[:PORT]) allowed to connect; again for more "
                            "(default: none, Parlour's own clients send no Origin)")
    serve.add_argument("--connections-per-address", type=int, default=Limits.connections_per_address,
                       metavar="N", help="connections open at once from one address (0: no limit)")
    serve.add_argument("--waiting-tables-per-address", type=int, default=Limits.waiting_tables_per_address,
                       metavar="N", help="tables made from one address still waiting to start (0: no limit)")
    serve.add_argument("--unstarted-for", type=float, default=Limits.unstarted_s, metavar="S",
                       help="close a table still waiting to start S seconds after it was made")
    serve.add_argument("--idle-for", type=float, default=Limits.idle_s, metavar="S",
                       help="forget a finished or waiting table S seconds after its last player left")
    host = sub.add_parser("host", help="make a networked table and print its join code")
    host.add_argument("game", type=_game_name, help=_games_help())
    host.add_argument("--server", help="a server's address, ws://HOST:PORT (default: start one here)")
    host.add_argument("--listen", default=f"0.0.0.0:{DEFAULT_PORT}",
                      help=f"where the server started here listens (default 0.0.0.0:{DEFAULT_PORT})")
    host.add_argument("--seats", type=int)
    host.add_argument("--remote", type=int, default=1, help="seats for players on other machines")
    host.add_argument("--difficulty", default="normal", help="the computer players' level")
    host.add_argument("--seed", type=_seed)
    host.add_argument("--name", default="Host")
    host.add_argument("--bot", metavar="LEVEL", help="no window: a computer player of this level plays your seat")
    host.add_argument("--internet", action="store_true",
                      help="for friends beyond this network: ask the router to forward the port (UPnP), "
                           "and give its public address")
    _option_flags(host)
    join = sub.add_parser("join", help="sit at a networked table")
    join.add_argument("address", nargs="?",
                      help="an invitation (parlour://…), or the server: wss://HOST:PORT, ws://HOST:PORT or HOST:PORT")
    join.add_argument("code", nargs="?", help="the table's join code (none with an invitation)")
    join.add_argument("--list", action="store_true", help="list the tables waiting on the local network (mDNS)")
    join.add_argument("--seconds", type=float, default=3.0, help="how long --list listens (default 3)")
    join.add_argument("--name", default="Guest")
    join.add_argument("--names", help="the people at this keyboard, you first, comma-separated (at a reflex "
                                      "table each sits at a free seat with keys of their own), e.g. --names Ann,Bob")
    join.add_argument("--bot", metavar="LEVEL", help="no window: a computer player of this level plays your seat")
    join.add_argument("--watch", action="store_true", help="watch the table as a spectator")
    join.add_argument("--text", action="store_true",
                      help="with --watch: no window; print what a spectator sees, one line an event")
    join.add_argument("--seed", type=int, default=1, help=argparse.SUPPRESS)
    bench = sub.add_parser("netbench", help="a server and many bot clients over loopback; JSON figures")
    bench.add_argument("--game", default="whist")
    bench.add_argument("--tables", type=int, default=100)
    bench.add_argument("--seconds", type=float, default=30.0)
    bench.add_argument("--level", default="easy", help="the bot clients' level")
    bench.add_argument("--think-ms", type=float, default=0.0,
                       help="each bot waits this long before each move, as a person would (default 0: at once)")
    fair = sub.add_parser("netfair", help="how fairly a reflex table judges two delayed clients over loopback; JSON")
    fair.add_argument("--game", default="ratscrew", help="the reflex game (ratscrew)")
    fair.add_argument("--latency", default="10,150", help="each client's one-way delay in ms, A,B (default 10,150)")
    fair.add_argument("--jitter", type=float, default=20.0, help="up to this many ms more or less, each way")
    fair.add_argument("--gap", type=float, default=10.0, help="ms between the two presses (default 10)")
    fair.add_argument("--trials", type=int, default=1000)
    fair.add_argument("--seed", type=int, default=1, help=argparse.SUPPRESS)


def _certificate(parser: argparse.ArgumentParser, args: argparse.Namespace) -> Any:
    """What ``serve``'s TLS flags ask for; files that are missing end with one line."""
    from pathlib import Path

    from app.cli.serve import Certificate

    if (args.tls_cert is None) != (args.tls_key is None):
        parser.error("--tls-cert and --tls-key go together")
    if args.tls_cert is None:
        return Certificate(own=args.own_cert, proxied=args.behind_proxy is not None)
    if args.own_cert:
        parser.error("--own-cert is instead of --tls-cert and --tls-key")
    for flag, name in (("--tls-cert", args.tls_cert), ("--tls-key", args.tls_key)):
        if not Path(name).is_file():
            parser.error(f"{flag}: no file {name}")
    return Certificate(Path(args.tls_cert), Path(args.tls_key))


def _serve_limits(parser: argparse.ArgumentParser, args: argparse.Namespace) -> Limits:
    """The limits ``serve``'s flags ask for; a flag out of range ends with one line."""
    for flag in ("connections_per_address", "waiting_tables_per_address"):
        if getattr(args, flag) < 0:
            parser.error(f"--{flag.replace('_', '-')} takes 0 (no limit) or more")
    for flag in ("unstarted_for", "idle_for"):
        if not getattr(args, flag) > 0:
            parser.error(f"--{flag.replace('_', '-')} takes a number of seconds above 0")
    for origin in args.allow_origin:
        if not re.fullmatch(r"https?://[^/\s]+", origin):
            parser.error(f"--allow-origin takes a web page's origin, like https://example.org, not {origin!r}")
    if args.behind_proxy is not None and (problem := proxy_problem(args.behind_proxy)):
        parser.error(problem)
    return Limits(connections_per_address=args.connections_per_address,
                  waiting_tables_per_address=args.waiting_tables_per_address, unstarted_s=args.unstarted_for,
                  idle_s=args.idle_for, origins=tuple(args.allow_origin), proxy=args.behind_proxy or "",
                  host_away_s=VENUE_HOST_AWAY_S if args.public else 0.0)


def _network(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    if args.command == "serve":
        from pathlib import Path

        from app.cli import serve

        if not 0 <= args.port <= 65535:
            parser.error("--port takes 0 to 65535")
        if not args.reflex_speed > 0:
            parser.error("--reflex-speed takes a number above 0")
        problem = serve.public_problem(args.public, args.tls_cert, args.tls_key, args.behind_proxy)
        if problem is not None:
            parser.error(problem)
        listen = args.host or (serve.PUBLIC_HOST if args.public else "127.0.0.1")
        return serve.run(listen, args.port, Path(args.data) if args.data else None, args.grace,
                         announce=not (args.no_announce or args.public), reflex_speed=args.reflex_speed,
                         limits=_serve_limits(parser, args), chosen_seeds=args.chosen_seeds,
                         certificate=_certificate(parser, args),
                         stalls_to=Path(args.stalls) if args.stalls else None)
    if args.command == "host":
        from app.cli import host
        from games.registry import networked

        spec = _spec(parser, args.game)
        if not spec.networked:
            parser.error(f"{spec.title} cannot be played across machines yet; choose from "
                         + ", ".join(s.id for s in networked()))
        seats = args.seats if args.seats is not None else spec.default_seats
        if not spec.min_seats <= seats <= spec.max_seats:
            parser.error(f"{spec.title} is for {_players(spec)}, not {seats}")
        if not 0 <= args.remote < seats:
            parser.error(f"--remote must be between 0 and {seats - 1} (your own seat is not among them)")
        if args.seed is not None and args.remote > 0:
            parser.error("--seed is for a table of you and computers (--remote 0): a table with remote players "
                         "is dealt from a secret seed that nobody chooses, the host included")
        for flag, level in (("--difficulty", args.difficulty), ("--bot", args.bot)):
            if level is not None and level not in spec.bots:
                parser.error(f"{flag} takes {', '.join(spec.bots)}")
        if args.internet and args.server is not None:
            parser.error("--internet opens this computer's port: a table on --server is reached at that server")
        options = _options(parser, spec, args)
        return host.run(spec.id, args.server, seats, args.remote, args.difficulty, args.seed, args.name,
                        args.bot, args.listen, None, options, internet=args.internet)
    if args.command == "netbench":
        return _netbench(parser, args)
    if args.command == "netfair":
        return _netfair(parser, args)
    from app.cli import join
    from games.registry import DIFFICULTIES

    if args.list:
        if args.address is not None or args.bot is not None or args.watch:
            parser.error("--list only lists; then join with one of the ADDRESS CODE it prints")
        if not 0 < args.seconds <= 60:
            parser.error("--seconds takes more than 0 and up to 60")
        return join.list_tables(args.seconds)
    if args.address is not None and args.code is None and "://" in args.address \
            and not args.address.lower().startswith(("ws://", "wss://")):
        args.address, args.code = _invitation(parser, args.address)
    if args.address is None or args.code is None:
        parser.error("join needs an INVITATION (parlour://…) or ADDRESS CODE "
                     "(or --list to find tables on the local network)")
    if args.watch and args.bot is not None:
        parser.error("--watch takes no seat, so no --bot")
    if args.text and not args.watch:
        parser.error("--text is for --watch (a seat is played in the window, or by --bot)")
    if args.bot is not None and args.bot not in DIFFICULTIES:
        parser.error(f"--bot takes {', '.join(DIFFICULTIES)}")
    names = _join_names(parser, args)
    name, others = (names[0], names[1:]) if names else (args.name, [])
    return join.run(args.address, args.code, name, args.bot, args.watch, args.seed, args.text, others)


def _invitation(parser: argparse.ArgumentParser, text: str) -> tuple[str, str]:
    """The address to dial and the code of the invitation in ``text``; a broken one ends
    with its one line."""
    from app.net.wire.invitation import BadInvitation, find

    try:
        invitation = find(text)
    except BadInvitation as problem:
        parser.exit(2, f"parlour join: {problem}\n")
    return invitation.url, invitation.code


def _join_names(parser: argparse.ArgumentParser, args: argparse.Namespace) -> list[str]:
    """``join --names Ann,Bob``: this player's name, then the others' at this keyboard."""
    from app.window.scenes.join import MOST_HERE

    if args.names is None:
        return []
    if args.bot is not None or args.watch:
        parser.error("--names seats people at this keyboard: it is for the window, not --bot or --watch")
    if args.name != "Guest":
        parser.error("--names gives your name first: no --name with it")
    names = _play_names(parser, args.names)
    if len(names) > MOST_HERE:
        parser.error(f"--names: at most {MOST_HERE} people play at one keyboard across machines")
    return names



def _netbench(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    from app.cli import netbench
    from games.registry import GAMES

    spec = _spec(parser, args.game)
    if not spec.networked or spec.realtime:
        parser.error("netbench plays " + ", ".join(g.id for g in GAMES.values() if g.networked and not g.realtime))
    if args.tables < 1 or args.seconds <= 0:
        parser.error("--tables and --seconds must be above 0")
    if not 0 <= args.think_ms <= 60_000:
        parser.error("--think-ms takes 0 to 60000")
    if args.level not in spec.bots:
        parser.error(f"--level takes {', '.join(spec.bots)}")
    print(json.dumps(netbench.run(spec.id, args.tables, args.seconds, args.level, args.think_ms), indent=2))
    return 0


def _netfair(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    from app.cli import netfair

    spec = _spec(parser, args.game)
    if spec.id != "ratscrew":
        parser.error(f"netfair measures Egyptian Ratscrew's slaps; {spec.title} is not measured yet")
    try:
        latency = tuple(float(part) for part in args.latency.split(","))
    except ValueError:
        latency = ()
    if len(latency) != 2 or not all(0 <= d <= 2000 for d in latency):
        parser.error("--latency takes two one-way delays in ms, 0 to 2000, such as 10,150")
    if not 0 <= args.jitter <= 500 or not 0 <= args.gap <= 1000 or args.trials < 1:
        parser.error("--jitter takes 0 to 500, --gap 0 to 1000 and --trials 1 or more")
    print(json.dumps(netfair.run((latency[0], latency[1]), args.jitter, args.gap, args.trials, args.seed), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
