"""A promise about a deal, made before its first card and kept, or not, at its end.

At a networked table the server deals from a secret seed (app/net/server/deal_seeds.py).
A player cannot see that seed before the game ends (it would show every hand), yet wants
to know afterwards that the game was dealt from a seed fixed before anyone bid, not one
the server (or the host who runs it) picked once the bids were known. So before the first
card every player is given a *commitment*: the SHA-256 of the seed with a salt, both
secret. At the end the server reveals the seed and the salt with the replay; anyone can
hash them again and compare with what they were shown at the start.

The salt is 128 random bits of its own: a seed chosen for a table of the host and
computers may be small, and without a salt its hash would name it (try every seed up to a
billion). With the salt the hash tells nothing about the seed.

This module is the one place the hash is made, so the server that promises, the window
that checks at the end and ``parlour verify`` all agree on it. It has no clock, no socket
and no window: a pure function of its inputs.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
import secrets
from dataclasses import dataclass
from typing import Any

__all__ = ["DealProof", "SALT_BYTES", "commit", "new_salt", "short", "is_commitment", "is_salt", "moves_digest", "revealed"]

SALT_BYTES = 16
_LABEL = "parlour-deal-v1"     # so this hash is never mistaken for one made for something else
_HEX64 = re.compile(r"[0-9a-f]{64}")
_SALT = re.compile(r"[0-9a-f]{%d}" % (2 * SALT_BYTES))


def new_salt() -> str:
    """A fresh deal's salt: ``SALT_BYTES`` random bytes from ``secrets``, as hexadecimal."""
    return secrets.token_hex(SALT_BYTES)


def commit(seed: int, salt: str) -> str:
    """The commitment to the deal of ``seed`` with ``salt``: 64 hexadecimal digits.

    >>> commit(5, "00" * 16) == commit(5, "00" * 16), commit(5, "00" * 16) == commit(6, "00" * 16)
    (True, False)
    >>> len(commit(2**127, new_salt()))
    64
    """
    return hashlib.sha256(f"{_LABEL}:{salt}:{seed:x}".encode()).hexdigest()


def short(commitment: str) -> str:
    """The commitment as a player compares it by eye: its first 12 digits in groups of four.

    >>> short("0123456789abcdef" * 4)
    '0123 4567 89ab'
    """
    head = commitment[:12]
    return " ".join(head[i:i + 4] for i in range(0, len(head), 4))


def is_commitment(value: object) -> bool:
    """Whether ``value`` can be a commitment (64 lowercase hexadecimal digits)."""
    return isinstance(value, str) and _HEX64.fullmatch(value) is not None


def is_salt(value: object) -> bool:
    """Whether ``value`` can be a salt (``SALT_BYTES`` as lowercase hexadecimal)."""
    return isinstance(value, str) and _SALT.fullmatch(value) is not None


def moves_digest(actions: list[Any]) -> str:
    """The SHA-256 of a game's moves as the action codec writes them (JSON objects), in
    order: the server's record of what was played, which a replay's moves must match.

    It catches a move changed in a replay file by someone who did not also change this
    digest: the file is the player's own, so nothing in it can stop a forger who rewrites
    both; what it proves is that the record is whole as the server wrote it.

    >>> moves_digest([{"type": "Ask", "seat": 0}]) == moves_digest([{"seat": 0, "type": "Ask"}])
    True
    """
    text = json.dumps(actions, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()


@dataclass(frozen=True)
class DealProof:
    """What a player keeps of a networked game's deal: the ``commitment`` shown before its
    first card, the ``salt`` revealed at its end ("" when the server revealed none), and the
    end the server announced (``winners``, ``scores``; empty when it said none), which the
    replay's actions must reach, with the digest of its moves (``moves_digest``; "" when
    the server sent none). The seed is the replay's own."""

    commitment: str
    salt: str
    winners: tuple[int, ...] = ()
    scores: tuple[float, ...] = ()
    moves: str = ""

    def kept(self, seed: int) -> bool:
        """Whether the deal of ``seed`` is the one promised."""
        return is_salt(self.salt) and secrets.compare_digest(commit(seed, self.salt), self.commitment)

    def to_data(self) -> dict[str, Any]:
        return {"commitment": self.commitment, "salt": self.salt,
                "winners": list(self.winners), "scores": list(self.scores), "moves": self.moves}

    @staticmethod
    def from_data(data: Any) -> DealProof:
        """A proof as ``to_data`` wrote it; raises ``ValueError`` saying what is wrong."""
        if not isinstance(data, dict) or not is_commitment(data.get("commitment")):
            raise ValueError("its deal's promise is not 64 hexadecimal digits")
        salt, winners, scores = data.get("salt", ""), data.get("winners", []), data.get("scores", [])
        moves = data.get("moves", "")
        if moves != "" and not is_commitment(moves):
            raise ValueError("its moves' digest is not 64 hexadecimal digits")
        if not isinstance(salt, str) or len(salt) > 2 * SALT_BYTES:
            raise ValueError("its deal's salt is not a short hexadecimal text")
        if not isinstance(winners, list) or not all(type(w) is int and 0 <= w < 16 for w in winners):
            raise ValueError("its deal's winners are not seat numbers")
        if not isinstance(scores, list) or len(scores) > 16 or not all(
                type(x) in (int, float) and math.isfinite(x) for x in scores):
            raise ValueError("its deal's scores are not numbers")
        return DealProof(data["commitment"], salt, tuple(winners), tuple(float(x) for x in scores), moves)


def revealed(promised: str | None, replay: dict[str, Any] | None) -> DealProof | None:
    """What a player keeps once the server's ``replay`` of a game has come: the promise
    they were shown before its first card (``promised``: None when none was, and then
    nothing is kept) with the salt and the end the server revealed."""
    if promised is None or replay is None:
        return None
    salt = replay.get("salt")
    end = replay.get("end")
    winners: tuple[int, ...] = ()
    scores: tuple[float, ...] = ()
    moves = ""
    if isinstance(end, dict):
        try:
            winners = tuple(int(w) for w in end.get("winners", []))
            scores = tuple(float(x) for x in end.get("scores", []))
        except (TypeError, ValueError):
            winners, scores = (), ()
        moves = end["moves"] if is_commitment(end.get("moves")) else ""
    return DealProof(promised, salt if isinstance(salt, str) and is_salt(salt) else "", winners, scores, moves)
