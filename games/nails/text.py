"""Nails' rules as a player reads them in the app (F1)."""

BLURB = "Two ring cards turn up. Do they share exactly three dots? Call hit or miss, fast."

RULES = """\
Nails

The cards. Each of the 48 round cards shows a ring of five dots, each red, blue or yellow. \
Every way of colouring the ring is in the deck exactly once, counting a card turned round \
as the same card, except the three rings of a single colour.

Hit or miss. Two cards hit when you can turn one of them (round in the table's plane, never \
flipped over) so that exactly three of the five positions show the same colour on both \
cards. The three need not sit next to each other. If some turn makes four positions agree, \
it is a miss; if no turn gets past two, it is a miss as well.

A round. The deck is shuffled and split into two face-down piles of 24. Both top cards \
turn up at the same moment, and everyone races to call hit or miss. Only the first call \
counts.
A call before both cards are face up is refused and costs nothing: call again once they \
are up, and that call counts. Once someone has called a pair, the two stay up a moment so \
you can see why; calls then are refused too, until the next two turn up.
- Two players: a right call wins both cards for the caller. A wrong call gives both cards \
to the other player, and the caller also hands over two cards from their own win pile.
- Three or more players: a right call wins both cards; a wrong call sends both cards to \
the dump, and the caller also puts four of their won cards into the dump.
If you have too few cards to pay, you owe the rest and pay it from the next cards you get, \
however they come: cards you win, or (two players) the cards the other player hands you. \
So a right call can make someone else's pile grow: under the cards the table says who \
takes them and who pays whom, and each pile's change shows by its owner's name.

After every call the table rings the dots that match on both cards in gold, so you can see \
why it was a hit or a miss. A call up to 0.3 seconds after the first is shown (who was \
faster, by how many milliseconds) but counts for nothing.

The end. After 24 rounds the piles are empty; whoever has won the most cards wins.

Keys. Each player at the keyboard has a Hit key and a Miss key, shown at their seat (first \
player: Q hit, W miss; second: P and [; third: Z and X; fourth: M and comma). The first \
player may also use the mouse (left click on a card for hit, right click for miss) or a \
gamepad (first button hit, second miss). Esc pauses; the game also pauses when the window loses focus. Settings has a colour-blind \
option that puts a letter in every dot.

Computer players. They call after a reaction time plus a thinking time for their level: \
about 2.7 seconds in all for easy, 1.65 for normal and 1 for hard, with some spread. They \
are right three times in four (easy), seven times in eight (normal) or 24 times in 25 (hard).
"""
