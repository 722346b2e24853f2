"""Spoons' and Pig's rules as a player reads them in the app (F1)."""

BLURB = "Pass cards round all at once; four of a kind, grab a spoon. Or play Pig: touch your nose."

RULES = """\
Spoons

The table. Three to six players use one deck; seven to twelve use two. There is one spoon \
fewer than there are players, in the middle of the table.

Passing. Everyone holds four cards and nobody waits for a turn. The dealer takes a card from \
the stock; everyone else takes the cards passed to them, which wait face down in a small \
stack at their left. Having taken a card you hold five: pass one face down to your right, \
then you may take again. The last player of the chain (the dealer's left) passes onto the \
discard pile. When the stock runs out, the discard pile is shuffled into a new stock. A slow \
player simply has a taller stack waiting.

Grabbing. Hold four of a kind and you may grab a spoon (your fifth card, if you have one, \
is passed on for you). The moment the first spoon goes, everyone may grab one: passing stops \
and it is a scramble. The player left without a spoon gets a letter of S-P-O-O-N. Grabbing \
the first spoon without four of a kind is a false grab: the round ends and the grabber gets \
the letter instead.

Out and the winner. A player who has spelled SPOON is out, and a spoon leaves with them. The \
dealer moves one seat on each round. The last player left wins.

Pig (a variant). No spoons: whoever completes four of a kind lays their hand down and \
touches their nose (the seat shows a small nose). Players with a finger on their nose keep \
sending on, unseen, the cards passed to them. Everyone who notices touches their nose too, \
and passing goes on meanwhile; the last to touch gets a letter of P-I-G. Three letters and \
you are out. A first nose without four of a kind is a false nose and earns the letter.

Keys. Each player at the keyboard has a Take / pass key and a Grab key (Nose in Pig), \
shown at their seat. One press of Take / pass takes the next card and passes one on, so \
you keep up with the cards coming round. Mark the card to pass, before or after the take: \
the first player with the number keys 1-5, Left and Right, or by clicking it; every player \
at the keyboard with their Choose key (E, ], C or .), which steps through their hand; the \
marked card rises. Without a mark, you pass a card of the rank you hold fewest of, the new \
card counted. When someone grabs the first spoon, an alarm sounds, the window's edge \
flashes red and the spoons left shake: grab! Esc pauses; the game also pauses when the \
window loses focus.

Computer players. They take and pass at a steady pace (about 0.9 s a card for easy, 0.7 \
for normal, 0.55 for hard), keep the ranks they hold most of (easy players often pass the \
wrong card), and grab after a reaction time once a spoon goes; a nose in Pig takes them \
longer to notice.
"""
