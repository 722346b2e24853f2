"""Double-dummy tricks given away a decision by the Whist card players, on the same
positions (a figure for reports, not a test).

Hands are played by Expert and Hard partnerships (which side is which alternates by
seed). At each chosen decision, each player under test picks a card from the same view,
and its loss is the tricks the real deal (every hand open) takes with the best card less
those it takes with the card picked. Paired: every player is judged on every position.

    python tools/card_loss.py --seeds 100-139 --where lead     # leads from the 2nd trick
    python tools/card_loss.py --seeds 1-40 --where first       # the first trick's followers
    python tools/card_loss.py --seeds 1-40 --where opening     # the opening lead
"""

from __future__ import annotations

import argparse
import time
from random import Random
from typing import Any, Callable


def _wanted(view: Any, where: str) -> bool:
    if len(view.legal) < 2:
        return False
    first_trick = len(view.hand) == 13
    return {"opening": first_trick and not view.trick,
            "first": first_trick and bool(view.trick),
            "lead": not first_trick and not view.trick,
            "follow": not first_trick and bool(view.trick)}[where]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", default="100-139", help="a range FIRST-LAST of deal seeds")
    parser.add_argument("--where", choices=("opening", "first", "lead", "follow"), default="lead")
    args = parser.parse_args()
    first, last = (int(part) for part in args.seeds.split("-"))

    from games.core.double_dummy import Position, solve
    from games.core.expert_play import expert_card
    from games.registry import GAMES
    from games.whist import bots

    spec = GAMES["whist"]
    options = spec.make_options(seats=4)
    players: dict[str, Callable[[Any, int], Any]] = {
        "expert (solver)": lambda view, seed: expert_card(view, Random(seed), bots.knowledge(view),
                                                          score=bots.game_worth(view), reading=True),
        "expert (play-outs)": lambda view, seed: bots.expert_playouts(view, Random(seed)).card,
        "hard": lambda view, seed: bots.hard(view, Random(seed)).card,
    }
    lost = {name: 0.0 for name in players}
    seconds = {name: 0.0 for name in players}
    count = 0
    for seed in range(first, last + 1):
        state = spec.new_game(options, seed)
        lineup = ("expert", "hard") * 2 if seed % 2 else ("hard", "expert") * 2
        rng = Random(seed)
        for _ in range(52):
            seat = state.to_act()[0]
            view = state.view(seat)
            action = spec.bots[lineup[seat]](view, rng)
            if _wanted(view, args.where):
                values = solve(Position.of(state.hands, view.rules, view.leader, [c for _, c in view.trick]))
                count += 1
                for name, pick in players.items():
                    started = time.process_time()
                    card = pick(view, seed)
                    seconds[name] += time.process_time() - started
                    lost[name] += max(values.values()) - values[card]
            state.apply(action)
    print(f"{count} decisions ({args.where}), tricks given away a decision and CPU seconds a decision:")
    for name in players:
        print(f"  {name:20} {lost[name] / max(1, count):.3f}  {seconds[name] / max(1, count):.3f} s")


if __name__ == "__main__":
    main()
