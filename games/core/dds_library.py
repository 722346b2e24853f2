"""Bo Haglund's double-dummy solver (DDS), as the ``endplay`` package ships it.

``endplay`` (a dependency where it has wheels: CPython 3.11-3.13) carries DDS compiled for
each platform. We call the library's ``SolveAllBoardsBin`` through ``ctypes`` ourselves
rather than import ``endplay``: its package imports matplotlib and numpy on the way in
(0.6 s at start-up, and tens of megabytes in the executable) for features we never use.
The library is found where ``endplay`` installs it (``endplay/_dds/``), or, in the
PyInstaller executable, at the same place under the bundle's folder (build/parlour.spec
collects it there).

One caller at a time. DDS keeps its transposition tables and thread memory in globals of
the library: two threads inside ``SolveAllBoardsBin`` at once (two server tables of Expert
computers, say) corrupt them and crash the whole process (SIGSEGV). Every call into the
library, loading it included, holds ``_CALLING``, a lock of this process; DDS still shares
each batch out over its own threads inside one call. (A lock is not impure: it changes no
answer, only when a caller gets it.)

DDS conventions: suits spades, hearts, diamonds, clubs are 0-3 and no-trumps is 4; hands
0-3 go clockwise (our seats, seat + 1 on the left, are the same); a rank is a bit,
``1 << rank`` with 2-14; the score of a card is the tricks the side to play takes from
here on, the trick on the table included.

>>> available() in (True, False)
True
"""

from __future__ import annotations

import ctypes
import importlib.util
import sys
import threading
from functools import lru_cache
from typing import Sequence

from games.core.cards import Card, Suit, standard_deck
from games.core.trick_position import Position
from games.core.tricks import TrumpRules

MAX_BOARDS = 200  # DDS's MAXNOOFBOARDS: boards per SolveAllBoardsBin call
_SUIT = {suit: i for i, suit in enumerate(Suit)}
_NAMES = ("libdds.so", "libdds.dylib", "dds.dll")
_CARD = {(_SUIT[c.suit], int(c.rank)): c for c in standard_deck()}  # type: ignore[index]
_CALLING = threading.Lock()  # held around every call into the library (see the module's notes)


class _Deal(ctypes.Structure):
    _fields_ = [
        ("trump", ctypes.c_int),
        ("first", ctypes.c_int),
        ("currentTrickSuit", ctypes.c_int * 3),
        ("currentTrickRank", ctypes.c_int * 3),
        ("remainCards", (ctypes.c_uint * 4) * 4),
    ]


class _Boards(ctypes.Structure):
    _fields_ = [
        ("noOfBoards", ctypes.c_int),
        ("deals", _Deal * MAX_BOARDS),
        ("target", ctypes.c_int * MAX_BOARDS),
        ("solutions", ctypes.c_int * MAX_BOARDS),
        ("mode", ctypes.c_int * MAX_BOARDS),
    ]


class _FutureTricks(ctypes.Structure):
    _fields_ = [
        ("nodes", ctypes.c_int),
        ("cards", ctypes.c_int),
        ("suit", ctypes.c_int * 13),
        ("rank", ctypes.c_int * 13),
        ("equals", ctypes.c_int * 13),
        ("score", ctypes.c_int * 13),
    ]


class _Solved(ctypes.Structure):
    _fields_ = [("noOfBoards", ctypes.c_int), ("solvedBoard", _FutureTricks * MAX_BOARDS)]


class DDSError(RuntimeError):
    """DDS refused a position (its message says why)."""


def _folders() -> list[str]:
    """Where the library may be: in the executable's bundle, then endplay's package folder
    (found without importing endplay)."""
    sep = "\\" if sys.platform == "win32" else "/"
    out = []
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        out.append(sep.join((bundle, "endplay", "_dds")))
    try:
        spec = importlib.util.find_spec("endplay")
    except (ImportError, ValueError):
        spec = None
    if spec is not None and spec.submodule_search_locations:
        out += [sep.join((folder, "_dds")) for folder in spec.submodule_search_locations]
    return [folder + sep + name for folder in out for name in _NAMES]


@lru_cache(maxsize=1)
def _library() -> ctypes.CDLL | None:
    # Loaded holding the lock: SetMaxThreads sizes DDS's globals, which a solve uses. (Two
    # first calls at once may both load it, one after the other: harmless, and cached.)
    with _CALLING:
        return _load()


def _load() -> ctypes.CDLL | None:
    for path in _folders():
        try:
            lib = ctypes.CDLL(path)
        except OSError:
            continue
        lib.SetMaxThreads(0)  # DDS must size its threads' memory once before solving
        lib.SolveAllBoardsBin.argtypes = (ctypes.POINTER(_Boards), ctypes.POINTER(_Solved))
        lib.ErrorMessage.argtypes = (ctypes.c_int, ctypes.c_char_p)
        return lib
    return None


def available() -> bool:
    """Whether DDS could be loaded here."""
    return _library() is not None


def fits(position: Position) -> bool:
    """Whether DDS can solve ``position``: four seats in partnerships opposite, plain
    trumps (no bowers, no Joker, not misère), a standard deck."""
    rules = position.rules
    return (position.seats == 4 and not position.sitting_out and not position.misere
            and type(rules) is TrumpRules and not rules.bowers
            and (not position.sides or len({position.sides[s] ^ s % 2 for s in range(4)}) == 1)
            and all(not c.is_joker for h in position.hands for c in h)
            and len(position.hands[position.leader]) + (1 if position.trick else 0) <= 13)


def _fill(deal: _Deal, position: Position) -> None:
    trump = position.rules.trump
    deal.trump = 4 if trump is None else _SUIT[trump]
    deal.first = position.leader
    for i in range(3):
        card = position.trick[i] if i < len(position.trick) else None
        deal.currentTrickSuit[i] = _SUIT[card.suit] if card and card.suit else 0
        deal.currentTrickRank[i] = int(card.rank) if card else 0
    for seat in range(4):
        for suit in range(4):
            deal.remainCards[seat][suit] = 0
        for card in position.hands[seat]:
            deal.remainCards[seat][_SUIT[card.suit]] |= 1 << int(card.rank)  # type: ignore[index]


def _read(result: _FutureTricks) -> dict[Card, int]:
    out: dict[Card, int] = {}
    for i in range(result.cards):
        suit = result.suit[i]
        ranks = (1 << result.rank[i]) | result.equals[i]  # equals: the cards that are the same
        for rank in range(2, 15):
            if ranks >> rank & 1:
                out[_CARD[suit, rank]] = result.score[i]
    return out


def _error_text(lib: ctypes.CDLL, code: int) -> str:
    """DDS's words for its error ``code`` (called holding ``_CALLING``)."""
    message = ctypes.create_string_buffer(80)
    lib.ErrorMessage(code, message)
    return message.value.decode(errors="replace")


def solve_many(positions: Sequence[Position]) -> list[dict[Card, int]]:
    """For each position, every legal card of the seat to play with the tricks its side
    takes from here on. DDS shares the boards out over its threads."""
    lib = _library()
    if lib is None:
        raise DDSError("DDS is not installed here (pip install endplay)")
    out: list[dict[Card, int]] = []
    for start in range(0, len(positions), MAX_BOARDS):
        chunk = positions[start:start + MAX_BOARDS]
        boards, solved = _Boards(), _Solved()
        boards.noOfBoards = len(chunk)
        for i, position in enumerate(chunk):
            _fill(boards.deals[i], position)
            boards.target[i], boards.solutions[i], boards.mode[i] = -1, 3, 1
        with _CALLING:
            code = lib.SolveAllBoardsBin(ctypes.byref(boards), ctypes.byref(solved))
            problem = None if code == 1 else _error_text(lib, code)
        if problem is not None:
            raise DDSError(f"DDS: {problem}")
        out += [_read(solved.solvedBoard[i]) for i in range(len(chunk))]
    return out
