"""Nash Whist's contracts as values: what each is called, what it pays, how they rank.

A ``Bid`` is one line of the contract table (shared/rules/nash_whist.md), with the level and
the suit where the line needs them. Bids compare by the table's ranking, lowest first; among
Out bids of one level the named suit breaks the tie (spades > hearts > diamonds > clubs).

>>> Bid.parse("Seven-Out diamonds") > Bid.parse("Seven-Out clubs")
True
>>> Bid.parse("Six-Out spades") < Bid.parse("Six-In")
True
>>> str(Bid.parse("six no trumps")), Bid.parse("Open Misere").pay
('Six-No-Trumps', 18)
>>> Bid.parse("Thirteen hearts").trump(Suit.CLUBS), Bid.parse("Five-In").trump(Suit.CLUBS)
(<Suit.HEARTS: 'H'>, <Suit.CLUBS: 'C'>)
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from games.core.cards import Suit
from games.core.words import T, Words

# The kinds of contract. ``cop`` is the answer to a Prop: it is recorded in the auction like
# any call, and ranks just above the Prop it accepts.
PROP, COP, IN, OUT, NO_TRUMPS = "prop", "cop", "in", "out", "no_trumps"
TRISTE, MISERE, OPEN_MISERE, THIRTEEN = "triste", "misere", "open_misere", "thirteen"
KINDS = (PROP, COP, IN, OUT, NO_TRUMPS, TRISTE, MISERE, OPEN_MISERE, THIRTEEN)

LEVELS = {5: "Five", 6: "Six", 7: "Seven", 8: "Eight", 9: "Nine", 10: "Ten", 11: "Eleven",
          12: "Twelve", 13: "Thirteen"}
_LEVEL_OF = {word.lower(): level for level, word in LEVELS.items()}
# The same words as messages, for a player's words (translated with the rest).
_LEVEL_WORDS = {5: T("Five"), 6: T("Six"), 7: T("Seven"), 8: T("Eight"), 9: T("Nine"), 10: T("Ten"),
                11: T("Eleven"), 12: T("Twelve"), 13: T("Thirteen")}
_FIXED_WORDS = {PROP: T("Prop"), COP: T("Cop"), TRISTE: T("Triste"), MISERE: T("Misere"),
                OPEN_MISERE: T("Open Misere")}

# Chips paid per opponent, by (kind, level); the table in the rules.
_OUT_PAY = {6: 3, 7: 5, 8: 7, 9: 10, 10: 12, 11: 14, 12: 16}
_HIGH_PAY = {6: 4, 7: 6, 8: 8, 9: 11, 10: 13, 11: 15, 12: 17}
_FIXED_PAY = {PROP: 1, COP: 1, TRISTE: 7, MISERE: 9, OPEN_MISERE: 18, THIRTEEN: 19}

# Bidding rank of each suit for Out bids (and to order the Thirteens among themselves).
SUIT_RANK = {Suit.CLUBS: 1, Suit.DIAMONDS: 2, Suit.HEARTS: 3, Suit.SPADES: 4}


def _rows() -> list[tuple[str, int]]:
    """The contract table's rows, lowest first: (kind, level)."""
    rows = [(PROP, 0), (COP, 0), (IN, 5)]
    for level in range(6, 13):
        if level == 8:
            rows.append((TRISTE, 0))          # between Seven-In and Eight-Out
        if level == 9:
            rows.append((MISERE, 0))          # between Eight-In and Nine-Out
        rows += [(OUT, level), (NO_TRUMPS, level), (IN, level)]
    return rows + [(OPEN_MISERE, 0), (THIRTEEN, 13)]


_ROW = {row: index for index, row in enumerate(_rows())}


@functools.total_ordering
@dataclass(frozen=True)
class Bid:
    """One contract: ``kind`` (one of ``KINDS``), ``level`` (tricks for In/Out/No-Trumps, 13
    for Thirteen, else 0) and ``suit`` (the named trumps of an Out bid or a Thirteen; None
    otherwise, and None for Thirteen in no trumps)."""

    kind: str
    level: int = 0
    suit: Suit | None = None

    def __post_init__(self) -> None:
        if (self.kind, self.level) not in _ROW:
            raise ValueError(f"no such contract: kind {self.kind!r} at level {self.level}")
        named = self.kind in (OUT, THIRTEEN)
        if self.suit is not None and not named:
            raise ValueError(f"a {self.kind} contract names no suit")
        if self.kind == OUT and self.suit is None:
            raise ValueError("an Out bid names its trump suit")

    # ranking --------------------------------------------------------------------------------

    @property
    def rank(self) -> tuple[int, int]:
        """The sort key: the table row, then the named suit (no trumps lowest)."""
        return (_ROW[(self.kind, self.level)], SUIT_RANK.get(self.suit, 0) if self.suit else 0)

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Bid):
            return NotImplemented
        return self.rank < other.rank

    def beats(self, standing: Bid | None) -> bool:
        """Whether this bid may be made over ``standing`` in the auction. Higher in the table
        wins; a Thirteen is the top of the table, so no Thirteen beats another (whatever it
        names), and Cop is not a bid that can be made over anything but a Prop."""
        if standing is None:
            return self.kind != COP
        if self.kind == THIRTEEN and standing.kind == THIRTEEN:
            return False
        return self > standing

    # what the contract means -----------------------------------------------------------------

    @property
    def pay(self) -> int:
        """Chips paid to (or by) each opponent."""
        if self.kind in _FIXED_PAY:
            return _FIXED_PAY[self.kind]
        if self.kind == OUT:
            return _OUT_PAY[self.level]
        return 2 if self.level == 5 else _HIGH_PAY[self.level]

    @property
    def tricks(self) -> int:
        """Tricks the declaring side needs (Misere 0, Triste exactly 1, Prop-and-Cop 8)."""
        if self.kind in (PROP, COP):
            return 8
        if self.kind == TRISTE:
            return 1
        if self.is_misere:
            return 0
        return self.level

    def trump(self, initial: Suit | None) -> Suit | None:
        """The trump suit this contract plays with, given the initial trumps."""
        if self.kind in (PROP, COP, IN):
            return initial
        if self.kind in (OUT, THIRTEEN):
            return self.suit
        return None

    @property
    def is_misere(self) -> bool:
        return self.kind in (MISERE, OPEN_MISERE)

    @property
    def is_open(self) -> bool:
        return self.kind == OPEN_MISERE

    @property
    def is_partnership(self) -> bool:
        return self.kind in (PROP, COP)

    @property
    def title(self) -> str:
        """The contract's name as played: a copped Prop is played as Prop-and-Cop."""
        return "Prop-and-Cop" if self.is_partnership else str(self)

    def title_words(self) -> Words:
        """``title`` as a message."""
        return T("Prop-and-Cop") if self.is_partnership else self.words()

    def words(self) -> Words:
        """The contract's name as a message ("Six-Out {suit}"), for a player's words
        (``games.core.auction.Worded``); ``str()`` is the same in the engine's notation.

        >>> str(Bid.parse("Seven-Out d").words()), str(Bid.parse("Thirteen NT").words())
        ('Seven-Out diamonds', 'Thirteen no trumps')
        """
        if self.kind in _FIXED_WORDS:
            return _FIXED_WORDS[self.kind]
        level = _LEVEL_WORDS[self.level]
        if self.kind == THIRTEEN:
            if self.suit is None:
                return T("{level} no trumps", level=level)
            return T("{level} {suit}", level=level, suit=self.suit)
        if self.kind == OUT:
            return T("{level}-Out {suit}", level=level, suit=self.suit)  # type: ignore[arg-type]
        if self.kind == IN:
            return T("{level}-In", level=level)
        return T("{level}-No-Trumps", level=level)

    # notation ---------------------------------------------------------------------------------

    def __str__(self) -> str:
        fixed = {PROP: "Prop", COP: "Cop", TRISTE: "Triste", MISERE: "Misere",
                 OPEN_MISERE: "Open Misere"}
        if self.kind in fixed:
            return fixed[self.kind]
        word = LEVELS[self.level]
        if self.kind == THIRTEEN:
            return f"{word} {self.suit.title if self.suit else 'no trumps'}"
        if self.kind == OUT:
            return f"{word}-Out {self.suit.title}"  # type: ignore[union-attr]
        return f"{word}-{'In' if self.kind == IN else 'No-Trumps'}"

    @classmethod
    def parse(cls, text: str) -> Bid:
        """Read a contract as ``str`` writes it; case, hyphens and spaces are forgiven, suits
        may be letters (``Six-Out D``), ``NT`` means no trumps.

        >>> Bid.parse("prop-and-cop"), Bid.parse("EIGHT OUT s"), Bid.parse("Thirteen NT")
        (Bid.parse('Prop'), Bid.parse('Eight-Out spades'), Bid.parse('Thirteen no trumps'))
        """
        words = text.lower().replace("-", " ").replace("è", "e").split()
        bid = _parse_words(words)
        if bid is None:
            raise ValueError(
                f"not a Nash Whist contract: {text!r} (try Prop, Cop, Five-In, Six-Out hearts, "
                "Six-No-Trumps, Six-In, Triste, Misere, Open Misere, Thirteen spades, Thirteen no trumps)")
        return bid

    def __repr__(self) -> str:
        return f"Bid.parse({str(self)!r})"


def _parse_words(words: list[str]) -> Bid | None:
    simple = {("prop",): PROP, ("prop", "and", "cop"): PROP, ("cop",): COP,
              ("triste",): TRISTE, ("misere",): MISERE, ("open", "misere"): OPEN_MISERE}
    if tuple(words) in simple:
        return Bid(simple[tuple(words)])
    if not words or words[0] not in _LEVEL_OF:
        return None
    level, rest = _LEVEL_OF[words[0]], words[1:]
    try:
        if level == 13:
            return Bid(THIRTEEN, 13, _suit_or_none(rest))
        if rest == ["in"]:
            return Bid(IN, level)
        if rest in (["no", "trumps"], ["no", "trump"], ["nt"]):
            return Bid(NO_TRUMPS, level)
        if len(rest) == 2 and rest[0] == "out":
            return Bid(OUT, level, Suit.parse(rest[1]))
    except ValueError:
        return None
    return None


def _suit_or_none(words: list[str]) -> Suit | None:
    if words in (["no", "trumps"], ["no", "trump"], ["nt"]):
        return None
    if len(words) == 2 and words[0] in ("in", "out"):
        words = words[1:]
    if len(words) != 1:
        raise ValueError("a Thirteen names one suit or no trumps")
    return Suit.parse(words[0])


def every_bid() -> list[Bid]:
    """Every contract value there is (Out bids and Thirteens in every suit), lowest first."""
    return list(_EVERY)


def _every() -> tuple[Bid, ...]:
    out: list[Bid] = []
    for kind, level in _rows():
        if kind == OUT:
            out += [Bid(OUT, level, suit) for suit in sorted(SUIT_RANK, key=SUIT_RANK.__getitem__)]
        elif kind == THIRTEEN:
            out += [Bid(THIRTEEN, 13, None)] + [Bid(THIRTEEN, 13, s) for s in sorted(SUIT_RANK, key=SUIT_RANK.__getitem__)]
        else:
            out.append(Bid(kind, level))
    return tuple(out)


_EVERY = _every()


def available_bids(initial: Suit, players: int, suits: tuple[Suit, ...]) -> list[Bid]:
    """The contracts that exist in a deal, lowest first: Prop and Cop only with four playing,
    Triste only with three; Out bids name a suit in the deck other than the initial trumps;
    a Thirteen names a suit in the deck or no trumps.

    >>> no_clubs = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS)
    >>> len(available_bids(Suit.HEARTS, 4, tuple(Suit))), len(available_bids(Suit.HEARTS, 3, no_clubs))
    (45, 36)
    """
    return list(_available(initial, players, suits))


@functools.lru_cache(maxsize=64)
def _available(initial: Suit, players: int, suits: tuple[Suit, ...]) -> tuple[Bid, ...]:
    def exists(bid: Bid) -> bool:
        if bid.is_partnership:
            return players == 4
        if bid.kind == TRISTE:
            return players == 3
        if bid.kind == OUT:
            return bid.suit in suits and bid.suit is not initial
        if bid.kind == THIRTEEN:
            return bid.suit is None or bid.suit in suits
        return True
    return tuple(bid for bid in _EVERY if exists(bid))
