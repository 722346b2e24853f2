"""Egyptian Ratscrew's rules as a player reads them in the app (F1)."""

BLURB = "Flip, answer face cards, and slap pairs faster than anyone else."

RULES = """\
Egyptian Ratscrew

The whole deck is dealt out face down, one card at a time, so everyone holds a stack. \
Nobody looks at their own stack. The aim is to end up holding every card.

Flipping. Going round the table, each player flips the top card of their stack onto the \
centre pile. A card flipped when it is not your turn still lands on the pile, but it is a \
dead card: it starts no challenge and makes no slap pattern, and you still have to flip \
when your turn comes.

Challenges. Flip a Jack, Queen, King or Ace and the next player must answer it with one of \
their own: they get 1 card to find one for a Jack, 2 for a Queen, 3 for a King, 4 for an \
Ace. If they find one, the challenge passes on to the player after them. If they do not, \
whoever flipped the last face card or Ace takes the pile (after a short moment in which \
the pile can still be slapped) and starts the next one. If the challenged player runs out \
of cards in the middle, the next player may carry on the challenge by flipping, or \
decline by waiting (three seconds), which gives the pile to the challenger.

Slapping. Anyone may slap the pile at any time, even in the middle of a challenge. A slap \
wins the whole pile when the live cards on top show:
- a pair: the top two cards have the same rank (always on);
- a sandwich: the top card and the third card have the same rank (an option, on unless \
you turn it off);
- a Joker on top (when Jokers are in the deck);
- three in sequence, like 5-6-7 or 7-6-5 (an option; the Ace is high or low).
Dead cards are skipped when looking for a pattern. When several players slap, the first \
slap wins: the table times every key press to the millisecond and shows by how much. A \
slap up to 40 ms after the winning one is simply too late and costs nothing.

False slaps. Slapping with no pattern costs you one card (or the penalty set for the game, \
up to three), which goes face up under the pile as a dead card. If you have no cards, \
nothing is paid.

Running out. With no cards you sit out the flipping, but you may slap back in: win a pile \
with a good slap and you are playing again, as long as at least two players still hold \
cards. A false slap while you are out puts you out of the game for good. When only two \
players are left and one runs out, the other takes the pile and wins at once, even if the \
last card was a face card.

Keys. Each player at the keyboard has a flip key and a slap key, shown at their seat \
(first player: Q flip, W slap; second: P and [; third: Z and X; fourth: M and comma). The \
first player may also use the mouse (click your stack to flip, the pile to slap) or a \
gamepad (first button flips, second slaps). Play starts after a 3-2-1 countdown. Esc \
pauses; the game also pauses when the window loses focus.

Computer players. They react after a time drawn for their level, from about 900 ms \
(easy) through 550 ms (normal) to 320 ms (hard), with some spread. They sometimes miss a \
slap (easy one in four, normal one in ten, hard one in thirty) and now and then slap \
falsely.
"""
