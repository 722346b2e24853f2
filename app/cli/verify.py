"""``parlour verify REPLAY``: whether a networked game's replay is the game that was
promised, in one line (exit 0: it is; 1: it is not, or cannot be told).

Two things are checked. The deal: the replay's seed and salt must hash to the promise the
player was shown before the first card (app/core/deal_proof.py), so the cards were fixed
before anyone bid. The moves: played through the rules from that deal they must all be
allowed and reach the end the server announced (its winners and scores), and be the moves
it recorded (their digest), so the record was not edited after. The replay's own
``result`` line is not trusted; only the rules are. (The file is the player's: a forger
who rewrites the moves, the end and the digest together is beyond what a file can show.)
"""

from __future__ import annotations

from pathlib import Path

from app.core import replay_file, storage
from app.core.action_codec import CodecError, decode_action
from app.core.deal_proof import moves_digest, short
from app.core.words import promise_words as words

__all__ = ["verify"]


def verify(path: Path) -> tuple[bool, str]:
    """Whether the replay at ``path`` holds, and the one line that says so."""
    try:
        replay = storage.load_json(path, replay_file.REPLAY_VERSION, replay_file.parse_header)
    except (OSError, storage.BadData) as problem:
        reason = getattr(problem, "strerror", None) or str(problem)
        return False, words.UNREADABLE.format(name=path.name, problem=reason)
    proof = replay.deal
    if proof is None:
        return False, words.NO_PROMISE
    promise = short(proof.commitment)
    if not proof.kept(replay.seed):
        return False, words.SEED_CHANGED.format(promise=promise)
    if proof.moves and moves_digest(replay.actions) != proof.moves:
        return False, words.MOVES_CHANGED
    try:
        replay.actions = [decode_action(a, replay.game_id) for a in replay.actions]
        state, _ = replay_file.rebuild(replay)
    except (CodecError, storage.BadData) as problem:
        return False, words.MOVES_REFUSED.format(problem=problem)
    outcome = state.outcome() if state.is_over() else None
    if outcome is None:
        return False, words.UNFINISHED
    if (tuple(outcome.winners), tuple(float(x) for x in outcome.scores)) != (proof.winners, proof.scores):
        return False, words.OTHER_END.format(got=_seats(outcome.winners), recorded=_seats(proof.winners))
    return True, words.VERIFIED.format(promise=promise, moves=len(replay.actions))


def _seats(winners: tuple[int, ...]) -> str:
    """Winning seats as a player counts them, from 1 ("1 and 3"; "none")."""
    return " and ".join(str(w + 1) for w in winners) or "none"
