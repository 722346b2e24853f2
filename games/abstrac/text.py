"""Abstrac's rules as a player reads them in the app (F1)."""

BLURB = "Take 1, 2 or 3 cards from a face-up row; score sets and runs. A game with no secrets."

RULES = """\
Abstrac (a game by David Parlett)

Two players, 24 cards: Ace, King, Queen, Jack, 10 and 9 of each suit. Every card is dealt \
face up into one overlapping row. The card lying fully exposed at the end of the row is the \
top end, and cards are only ever taken from there.

Before play, the player who did not deal looks the row over and decides who starts: \
themselves or the dealer. Then the players take turns removing 1, 2 or 3 cards from the \
top end until the row is gone. Everything you take stays face up in front of you, sorted by \
suit and rank, so both players always see everything.

Combinations in what you took:
- Three cards of one rank: 2 points. All four: 8 points.
- A run of consecutive ranks in one suit (Ace high, A K Q J 10 9; the Ace does not go round \
to the 9): three cards 3, four cards 4, five cards 6, all six 12. A run is counted once at \
its full length; two separate runs in the same suit both count.
- One card may belong to a set and to a run at the same time.

Your score for the deal is your combination points multiplied by the number of cards your \
opponent took. So taking few cards yourself makes the other side's points small.

Misère: if one player finishes with no combination at all, the scores are turned round: \
that player scores what the other would have scored, and the other scores nothing. If \
neither has a combination, nobody scores.

A match is a number of deals (two unless you change it), the deal passing to the other \
player each time. The higher total wins.

The table helps: hover over a card in the row to see what you would take, and press H to \
see the exact value of each possible take (your final lead for the deal with perfect play \
from here on). The hard computer player plays perfectly.
"""
