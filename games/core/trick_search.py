"""An exact double-dummy search of our own, for every trick shape Parlour deals.

Bo Haglund's DDS (games/core/dds_library.py) solves four hands in two partnerships with
standard trumps, fast. This search covers everything else and checks it: Euchre's bowers,
Nap's Joker and three to seven hands, three-handed Nash Whist, a declarer alone against the
rest, misère (every side then wants fewest tricks), seats sitting out. It reads the game's
own ``TrumpRules`` (which suit a card follows, how strongly it bids for a trick), so the
search and the table can never disagree about a trick.

How it stays small enough for Python:
- cards become bits: each effective suit (the left bower counts as a trump, the Joker in
  no-trumps has a suit of its own) gets 16 bits, ordered by the card's power in it, so a
  hand is one integer and a holding is a mask;
- equivalent cards are searched once: two cards of a hand with nothing between them still
  in play (in any hand or on the table) do exactly the same work;
- alpha-beta on the tricks of side 0, with a transposition table of bounds at every trick's
  start (keyed by the hands and the leader) and the best lead found kept for move ordering;
- moves are ordered as a player would: winners first on the lead, the cheapest card that
  takes the trick when an opponent holds it, low when the side already has it;
- bounds for free at each trick's start: a seat holding the top trumps in a row takes at
  least that many tricks, and a leader (not in misère) with no trump out against it cashes
  every suit's top cards it holds in a row (they often settle a "make 3?" or "take 5?" test
  at once; about a third fewer nodes in no-trumps);
- :func:`value` searches a lead once rather than once a card, and :func:`discard_values`
  solves a seat's every discard (Euchre's dealer) in one search that shares its table.

Exact, but exponential: right for hands of up to about seven cards (Euchre, Nap, the end of
a Whist hand); whole 13-card Whist deals belong to DDS.

>>> from games.core.cards import Suit, cards
>>> from games.core.tricks import TrumpRules
>>> p = Position.of([cards("AS QS"), cards("KS 2H"), cards("3S 4S"), cards("5S 6S")],
...                 TrumpRules(), leader=0)
>>> {str(c): t for c, t in solve(p).items()}  # the ace drops East's bare king
{'AS': 2, 'QS': 0}
"""

from __future__ import annotations

from typing import Callable, Sequence

from games.core.cards import Card, Suit
from games.core.protocol import Seat
from games.core.trick_position import Position
from games.core.tricks import TrumpRules

SUIT_BITS = 16
SUIT_MASKS = tuple(((1 << SUIT_BITS) - 1) << (SUIT_BITS * s) for s in range(5))
_SUIT_INDEX: dict[Suit | None, int] = {suit: i for i, suit in enumerate(Suit)}
_SUIT_INDEX[None] = 4  # the Joker in no-trumps: a suit of its own that nothing follows
_LED_SUIT: tuple[Suit | None, ...] = (*Suit, None)
Key = tuple[int, ...]  # a trick's start: every hand's mask, then the leader


class _Cards:
    """The cards of one position as bits, with each card's strength for every suit led
    (read from the game's ``TrumpRules`` once, so the inner loop only compares integers)."""

    def __init__(self, every: Sequence[Card], rules: TrumpRules) -> None:
        by_suit: dict[int, list[Card]] = {}
        for card in every:
            by_suit.setdefault(_SUIT_INDEX[rules.suit_of(card)], []).append(card)
        self.bit: dict[Card, int] = {}
        for suit, members in by_suit.items():
            if len(members) > SUIT_BITS:
                raise ValueError("more than 16 cards in one suit")
            for order, card in enumerate(sorted(members, key=rules.power)):
                self.bit[card] = suit * SUIT_BITS + order
        self.card: dict[int, Card] = {b: c for c, b in self.bit.items()}
        size = 5 * SUIT_BITS
        self.strength = [[0] * 5 for _ in range(size)]
        for card, b in self.bit.items():
            for led in range(5):
                tier, power = rules.strength(card, _LED_SUIT[led])
                self.strength[b][led] = tier * 100 + power

    def plain(self, trumps: int) -> bool:
        """Whether a led card loses only to a higher card of its own suit or to a trump, as in
        Whist (the quick-tricks bound needs it; a card that beats any lead would break it)."""
        bits = sorted(self.card)
        for led in range(5):
            suit = SUIT_MASKS[led]
            members = [b for b in bits if 1 << b & suit]
            for low, high in zip(members, members[1:]):
                if self.strength[low][led] >= self.strength[high][led]:
                    return False
            if members:
                weakest = self.strength[members[0]][led]
                if any(self.strength[b][led] >= weakest for b in bits if not 1 << b & (suit | trumps)):
                    return False
        return True

    def mask(self, cards: Sequence[Card]) -> int:
        out = 0
        for card in cards:
            out |= 1 << self.bit[card]
        return out


def _bits_high_first(mask: int) -> list[int]:
    out = []
    while mask:
        b = mask.bit_length() - 1
        out.append(b)
        mask ^= 1 << b
    return out


class _Search:
    """Alpha-beta over single cards; the value is the number of tricks side 0 takes from
    here on. A seat maximises it when it is on side 0, except in misère."""

    def __init__(self, position: Position, cards: _Cards) -> None:
        self.cards = cards
        self.strength = cards.strength
        seats = position.seats
        self.hands = [cards.mask(position.hands[s]) for s in range(seats)]
        self.next = [position.next_active(s) for s in range(seats)]
        self.size = len(position.active)
        self.side0 = [position.side(s) == 0 for s in range(seats)]
        self.maximiser = [position.side(s) == 0 for s in range(seats)]
        if position.misere:
            self.maximiser = [not m for m in self.maximiser]
        self.table: dict[Key, tuple[int, int]] = {}  # bounds on side 0's tricks from here
        self.best_lead: dict[Key, int] = {}
        self.norms: dict[Key, Key] = {}  # each trick's start as played -> as ``relative`` keys it
        self.nodes = 0
        self.active = position.active
        trump = getattr(position.rules, "trump", None)
        self.trumps = SUIT_MASKS[_SUIT_INDEX[trump]] if trump is not None else 0
        self.on_table = cards.mask(position.trick)
        self.every = self.in_hands()
        # Cashing is the leader's choice: a bound only when its side wants tricks (in misère
        # it could throw those top cards away under another suit's tricks instead).
        self.plain = cards.plain(self.trumps) and not position.misere

    def in_hands(self) -> int:
        """Every card in a hand or on the table before the search's first card."""
        every = self.on_table
        for hand in self.hands:
            every |= hand
        return every

    def set_hand(self, seat: Seat, mask: int) -> None:
        """Change a hand before a search (a discard tried)."""
        self.hands[seat] = mask
        self.every = self.in_hands()

    # --- moves ----------------------------------------------------------------------------

    def in_play(self, trick: Sequence[tuple[Seat, int]]) -> int:
        """Every card in a hand or on the table (kept up to date as tricks are turned)."""
        return self.every

    def moves(self, seat: Seat, trick: Sequence[tuple[Seat, int]]) -> list[tuple[int, int]]:
        """(representative, mask of the equivalent cards it stands for), in search order."""
        hand = self.hands[seat]
        if trick:
            led = trick[0][1] >> 4
            follow = hand & SUIT_MASKS[led]
            legal = follow or hand
        else:
            legal = hand
        every = self.every  # (not self.in_play(): a call a node costs more than it seems)
        groups: list[tuple[int, int]] = []
        rest = legal
        while rest:
            top = rest.bit_length() - 1
            group = 1 << top
            rest ^= group
            low, suit = top, SUIT_MASKS[top >> 4]
            while True:  # walk down while the next card still in play is ours too
                below = every & suit & ((1 << low) - 1)
                if not below:
                    break
                nxt = below.bit_length() - 1
                if not rest >> nxt & 1:
                    break
                rest ^= 1 << nxt
                group |= 1 << nxt
                low = nxt
            # Lowest of the run as representative (same result; it reads as a player would).
            groups.append(((group & -group).bit_length() - 1, group))
        return self.order(seat, trick, groups, every)

    def order(self, seat: Seat, trick: Sequence[tuple[Seat, int]], groups: list[tuple[int, int]],
              every: int) -> list[tuple[int, int]]:
        if len(groups) < 2:
            return groups
        strength = self.strength
        if not trick:
            def lead_key(g: tuple[int, int]) -> tuple[int, int]:
                top = g[1].bit_length() - 1
                winner = (every & SUIT_MASKS[top >> 4]).bit_length() - 1 == top
                return (0 if winner else 1, -top if winner else g[0] & 15)
            return sorted(groups, key=lead_key)
        led = trick[0][1] >> 4
        win_seat, win_bit = trick[0]
        for s, b in trick[1:]:
            if strength[b][led] > strength[win_bit][led]:
                win_seat, win_bit = s, b
        best = strength[win_bit][led]
        ours = self.maximiser[win_seat] == self.maximiser[seat]

        def follow_key(g: tuple[int, int]) -> tuple[int, int]:
            s = strength[g[0]][led]
            if ours:
                return (0, s)  # low while the side holds the trick
            return (0, s) if s > best else (1, s)  # cheapest winner, then low
        return sorted(groups, key=follow_key)

    # --- search ---------------------------------------------------------------------------

    def lead_value(self, leader: Seat, alpha: int, beta: int) -> int:
        hands = self.hands
        left = hands[leader].bit_count()
        if left == 0:
            return 0
        if left == 1:
            return self.last_trick(leader)
        key = (*hands, leader)
        norm = self.norms.get(key)
        known = None if norm is None else self.table.get(norm)
        if norm is not None and known is not None:  # (it holds the bounds below: met before storing)
            low, high = known
        else:
            low, high = self.bounds(leader, left)  # for free: they often settle a test
            if low >= beta:
                return low
            if high <= alpha:
                return high
            if norm is None:  # (the null-window tests meet the same positions again and again)
                norm = self.norms[key] = self.relative(leader)
            known = self.table.get(norm)
            if known is not None:
                low, high = max(low, known[0]), min(high, known[1])
        if low >= beta:
            return low
        if high <= alpha:
            return high
        if low == high:
            return low
        alpha, beta = max(alpha, low), min(beta, high)
        value = self.node(leader, [], alpha, beta, key)
        if value <= alpha:
            high = value
        elif value >= beta:
            low = value
        else:
            low = high = value
        self.table[norm] = (low, high)
        return value

    def bounds(self, leader: Seat, left: int) -> tuple[int, int]:
        """Bounds on side 0's tricks at a trick's start, from the top trumps in a row and the
        leader's quick tricks, without a search."""
        low, high = 0, left
        if self.trumps:
            run, side0 = self.top_trumps()
            if side0:
                low = run
            else:
                high = left - run
        if self.plain:
            quick = self.quick_tricks(leader)
            if self.side0[leader]:
                low = max(low, quick)
            else:
                high = min(high, left - quick)
        return low, high

    def top_trumps(self) -> tuple[int, bool]:
        """At a trick's start: the seat holding the highest trump still in play, how many of
        the top trumps in a row it holds, and whether it is on side 0. It takes at least
        that many tricks: each of those trumps wins the trick it is played to, one a trick."""
        trumps = self.trumps
        every = 0
        for seat in self.active:
            every |= self.hands[seat] & trumps
        if not every:
            return 0, True
        top = 1 << (every.bit_length() - 1)
        owner = next(s for s in self.active if self.hands[s] & top)
        mine, run = self.hands[owner], 0
        while every:
            b = 1 << (every.bit_length() - 1)
            if not mine & b:
                break
            run += 1
            every ^= b
        return run, self.side0[owner]

    def quick_tricks(self, leader: Seat) -> int:
        """At a trick's start: the tricks the leader cashes one after another from the top,
        every suit's highest cards still in play that it holds in a row. Each of them wins
        the trick it is led to and keeps the lead, so its side takes at least that many if it
        likes (not in misère); only when no other seat holds a trump that could ruff them."""
        hand, every = self.hands[leader], self.every
        if every & self.trumps & ~hand:
            return 0
        quick = 0
        for mask in SUIT_MASKS:
            rest = every & mask
            while rest:
                top = 1 << (rest.bit_length() - 1)
                if not hand & top:
                    break
                quick += 1
                rest ^= top
        return quick

    def relative(self, leader: Seat) -> Key:
        """The position with the cards played so far squeezed out of each suit: which hand
        holds the suit's highest card still in play, its second, and so on. Positions that
        differ only in low cards already gone are the same position, and share a bound."""
        hands = self.hands
        out = [0] * len(hands)
        every = 0
        for hand in hands:
            every |= hand
        for suit in range(5):
            rest = every & SUIT_MASKS[suit]
            place = suit * SUIT_BITS
            while rest:
                low = rest & -rest
                rest ^= low
                for seat, hand in enumerate(hands):
                    if hand & low:
                        out[seat] |= 1 << place
                        break
                place += 1
        return (*out, leader)

    def last_trick(self, leader: Seat) -> int:
        seat, b = leader, self.hands[leader].bit_length() - 1
        led, win_seat, win = b >> 4, seat, self.strength[b][b >> 4]
        for _ in range(self.size - 1):
            seat = self.next[seat]
            c = self.hands[seat].bit_length() - 1
            if self.strength[c][led] > win:
                win_seat, win = seat, self.strength[c][led]
        return 1 if self.side0[win_seat] else 0

    def node(self, seat: Seat, trick: list[tuple[Seat, int]], alpha: int, beta: int,
             key: Key | None = None) -> int:
        self.nodes += 1
        moves = self.moves(seat, trick)
        if key is not None and key in self.best_lead:
            first = self.best_lead[key]
            moves.sort(key=lambda g: 0 if g[0] == first else 1)
        maximise = self.maximiser[seat]
        best = -1 if maximise else 1 << 20
        best_move = moves[0][0]
        for b, _ in moves:
            value = self.after(seat, trick, b, alpha, beta)
            if maximise:
                if value > best:
                    best, best_move = value, b
                    alpha = max(alpha, value)
            elif value < best:
                best, best_move = value, b
                beta = min(beta, value)
            if alpha >= beta:
                break
        if key is not None:
            self.best_lead[key] = best_move
        return best

    def after(self, seat: Seat, trick: list[tuple[Seat, int]], b: int, alpha: int, beta: int) -> int:
        """The value once ``seat`` plays card ``b``."""
        self.hands[seat] ^= 1 << b
        trick.append((seat, b))
        try:
            if len(trick) < self.size:
                return self.node(self.next[seat], trick, alpha, beta)
            winner = self.winner(trick)
            gained = 1 if self.side0[winner] else 0
            turned = 0
            for _, c in trick:
                turned |= 1 << c
            self.every ^= turned
            try:
                return gained + self.lead_value(winner, alpha - gained, beta - gained)
            finally:
                self.every ^= turned
        finally:
            trick.pop()
            self.hands[seat] ^= 1 << b

    def winner(self, trick: Sequence[tuple[Seat, int]]) -> Seat:
        led = trick[0][1] >> 4
        win_seat, win = trick[0][0], self.strength[trick[0][1]][led]
        for s, b in trick[1:]:
            if self.strength[b][led] > win:
                win_seat, win = s, self.strength[b][led]
        return win_seat


def solve(position: Position) -> dict[Card, int]:
    """Every legal card of the seat to play, with the tricks that seat's side takes from
    here on (the trick on the table included) when everyone plays perfectly after it. In
    misère every side tries to take as few tricks as it can."""
    cards = _Cards([c for h in position.hands for c in h] + list(position.trick), position.rules)
    search = _Search(position, cards)
    seat, left = position.to_play(), position.tricks_left()
    trick = list(zip(position.trick_seats(), (cards.bit[c] for c in position.trick)))
    out: dict[Card, int] = {}
    guess = (left + 1) // 2
    for b, group in search.moves(seat, trick):
        side0 = guess = _exact(search, seat, trick, b, left, guess)
        mine = side0 if search.side0[seat] else left - side0
        for member in _bits_high_first(group):
            out[cards.card[member]] = mine
    return out


def _exact(search: _Search, seat: Seat, trick: list[tuple[Seat, int]], b: int, left: int, guess: int) -> int:
    """Side 0's exact count after card ``b``."""
    return _close_in(lambda alpha, beta: search.after(seat, trick, b, alpha, beta), left, guess)


def _close_in(probe: Callable[[int, int], int], left: int, guess: int) -> int:
    """Side 0's exact count (0..``left``), by null-window tests ``probe(g - 1, g)`` ("at
    least g?") that close in from a guess (the last card's count): each test is far cheaper
    than a search with the whole range open, and the table keeps what earlier tests learnt."""
    low, high = 0, left
    test = guess
    while low < high:
        test = min(max(test, low + 1), high)
        result = probe(test - 1, test)
        if result >= test:
            low = result
            test = low + 1
        else:
            high = result
            test = high
    return low


def reaches(position: Position, target: int) -> dict[Card, bool]:
    """Every legal card of the seat to play, with whether its side then takes at least
    ``target`` tricks from here on (in misère: at most ``target``). One null-window search a
    card instead of an exact count: what a contract asks, far cheaper."""
    cards = _Cards([c for h in position.hands for c in h] + list(position.trick), position.rules)
    search = _Search(position, cards)
    seat, left = position.to_play(), position.tricks_left()
    trick = list(zip(position.trick_seats(), (cards.bit[c] for c in position.trick)))
    mine = search.side0[seat]
    # Side 0's count v decides it: at least / at most, for side 0 or (mirrored) the other.
    if position.misere:
        at_least, want = (target + 1, False) if mine else (left - target, True)
    else:
        at_least, want = (target, True) if mine else (left - target + 1, False)
    out: dict[Card, bool] = {}
    for b, group in search.moves(seat, trick):
        made = search.after(seat, trick, b, at_least - 1, at_least) >= at_least
        for member in _bits_high_first(group):
            out[cards.card[member]] = made == want
    return out


def value(position: Position) -> int:
    """The tricks the side to play takes from here on with perfect play by everyone. On a
    lead, one search of the whole position (its best lead found by the search itself), not
    one a card: a third to a half quicker for a five-card deal."""
    if position.trick:
        results = solve(position)
        return min(results.values()) if position.misere else max(results.values())
    cards = _Cards([c for h in position.hands for c in h], position.rules)
    search = _Search(position, cards)
    left = position.tricks_left()
    side0 = _exact_lead(search, position.leader, left, (left + 1) // 2)
    return side0 if search.side0[position.leader] else left - side0


def discard_values(position: Position, seat: Seat, spare: Card) -> dict[Card, int]:
    """A seat that picks up ``spare`` and throws one card before the lead (Euchre's dealer):
    each card it could throw (``spare`` included) with the tricks its side then takes with
    perfect play by everyone. One search shares what it learns between the discards: two
    cards with nothing between them still in play leave the same position, solved once."""
    if position.trick:
        raise ValueError("a discard comes before the first lead")
    cards = _Cards([c for h in position.hands for c in h] + [spare], position.rules)
    search = _Search(position, cards)
    full = search.hands[seat] | 1 << cards.bit[spare]
    left = position.tricks_left()
    out: dict[Card, int] = {}
    guess = (left + 1) // 2
    for card in (*position.hands[seat], spare):
        search.set_hand(seat, full & ~(1 << cards.bit[card]))
        side0 = guess = _exact_lead(search, position.leader, left, guess)
        out[card] = side0 if search.side0[seat] else left - side0
    return out


def best_discard_value(position: Position, seat: Seat, spare: Card) -> int:
    """The most tricks ``seat``'s side takes over every card it could throw (as in
    :func:`discard_values`): one exact count for the likeliest throw (its lowest side card),
    then a single "one more?" test for each other card, which mostly fails at once."""
    if position.trick:
        raise ValueError("a discard comes before the first lead")
    rules = position.rules
    cards = _Cards([c for h in position.hands for c in h] + [spare], rules)
    search = _Search(position, cards)
    full = search.hands[seat] | 1 << cards.bit[spare]
    left, leader, mine = position.tricks_left(), position.leader, search.side0[seat]
    throws = sorted((*position.hands[seat], spare), key=lambda c: (rules.is_trump(c), rules.power(c)))
    best = -1
    for card in throws:
        search.set_hand(seat, full & ~(1 << cards.bit[card]))
        if best < 0:
            side0 = _exact_lead(search, leader, left, (left + 1) // 2)
            best = side0 if mine else left - side0
            continue
        if best == left:
            break
        # One more for the seat's side: side 0 at least left - best - 1 fewer (or more).
        test = best + 1 if mine else left - best
        result = search.lead_value(leader, test - 1, test)
        if (result >= test) == mine:
            side0 = _exact_lead(search, leader, left, test)
            best = side0 if mine else left - side0
    return best


def _exact_lead(search: _Search, leader: Seat, left: int, guess: int) -> int:
    """Side 0's exact count with ``leader`` to lead."""
    return _close_in(lambda alpha, beta: search.lead_value(leader, alpha, beta), left, guess)
