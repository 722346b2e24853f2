"""Ninety-Nine's rules as a player reads them in the app (F1)."""

BLURB = "Keep the running count at 99 or under. Run out of tokens and you are out."

RULES = """\
Ninety-Nine

Everyone starts with the same number of tokens (three unless you change it). Each hand, \
four cards go to every player and the rest form the stock.

On your turn, play one card onto the pile and the running count moves by that card's \
value. Then you draw a replacement from the stock, while it lasts. The count can never go \
above 99, though it may sit at 99 for as long as players can keep it there.

What each card does:
- Ace: 1 or 11, you choose.
- 2, 5, 6, 7, 8: their face value.
- 3: adds 3, and the next player misses a turn.
- 4: adds nothing and reverses the direction of play (with only two players left it just \
adds nothing).
- 9: the count jumps straight to 99.
- 10: plus or minus 10, you choose. The count never drops below zero, so under 10 a ten \
always adds.
- Jack, Queen: add 10.
- King: adds nothing.

When a card has two possible values and both are allowed, the table asks which you want.

If it is your turn and every card in your hand would push the count past 99, you lose a \
token. The cards are gathered, shuffled and dealt again by the next dealer to the left. \
A player without tokens leaves the game. The last player still holding a token wins.

Tips: Fours, nines, tens and kings can always be played, so they are your lifelines. \
Spend your big cards while the count is low, and keep a lifeline for when it gets tight.
"""
